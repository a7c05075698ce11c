// The staff-only operations server: the demo's own request log, its health, and its users.
// Reached only with the staff token: the HTTP layer refuses everyone else before it is made.
import { readFileSync } from 'node:fs';
import {
  type AnyTool,
  defineTool,
  type JSONSchema,
  MCPServerBase,
  MCPToolBase,
  SERVER_VERSION,
  type ToolArguments,
  ToolError,
  toolsByName,
} from 'mcp-protocol-core';
import type { Activity } from './activity.js';

interface User {
  id: number;
  email: string;
  name: string;
  role: 'admin' | 'staff' | 'member';
  active: boolean;
  joined: string;
}

const USERS: readonly User[] = JSON.parse(
  readFileSync(new URL('users.json', import.meta.url), 'utf8'),
);

const searchLogsSchema = {
  type: 'object',
  properties: {
    query: {
      type: 'string',
      description: 'Text to find in a line, e.g. search_documents or tool-error.',
    },
    limit: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
  },
} as const satisfies JSONSchema;

class SearchLogs extends MCPToolBase<typeof searchLogsSchema> {
  readonly name = 'search_logs';
  readonly title = 'Search the request log';
  readonly description = 'The lines of the request log that contain a text, newest first.';
  readonly argumentsSchema = searchLogsSchema;

  constructor(private readonly activity: Activity) {
    super();
  }

  run({ query = '', limit }: ToolArguments<typeof searchLogsSchema>) {
    const lines: string[] = [];
    for (let i = this.activity.entries.length - 1; i >= 0 && lines.length < limit; i--) {
      const { time, server, method, tool, outcome, durationMs } = this.activity.entries[i]!;
      const line = [time, server, method, tool, outcome, durationMs?.toFixed(2)]
        .filter(Boolean)
        .join(' ');
      if (line.includes(query)) lines.push(line);
    }
    return lines.length > 0 ? lines.join('\n') : 'no line matches';
  }
}

class GetHealth extends MCPToolBase<{ type: 'object' }> {
  readonly name = 'get_health';
  readonly title = 'Get the health';
  readonly description = 'Uptime, memory, requests served, and tool-call times (p50, p99).';
  readonly argumentsSchema = { type: 'object' } as const;

  constructor(private readonly activity: Activity) {
    super();
  }

  run() {
    const { rss, heapUsed } = process.memoryUsage();
    const ms = (value: number | undefined) =>
      value === undefined ? 'n/a' : `${value.toFixed(2)} ms`;
    const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
    const health = {
      uptimeSeconds: Math.round((Date.now() - this.activity.started) / 1000),
      rss: mib(rss),
      heapUsed: mib(heapUsed),
      requestsServed: this.activity.requests,
      toolCallP50: ms(this.activity.percentile(50)),
      toolCallP99: ms(this.activity.percentile(99)),
    };
    return { structuredContent: health };
  }
}

const ListUsers = defineTool({
  name: 'list_users',
  title: 'List the users',
  description: 'The users, optionally of one role, and only the active ones unless asked.',
  argumentsSchema: {
    type: 'object',
    properties: {
      role: { type: 'string', enum: ['admin', 'staff', 'member'] },
      include_inactive: { type: 'boolean', default: false },
    },
  },
  run: ({ role, include_inactive }) =>
    USERS.filter(
      (user) => (role === undefined || user.role === role) && (include_inactive || user.active),
    )
      .map(
        (user) =>
          `- ${user.id}: ${user.name} <${user.email}> (${user.role}${user.active ? '' : ', inactive'})`,
      )
      .join('\n') || 'no user matches',
});

const GetUser = defineTool({
  name: 'get_user',
  title: 'Get a user',
  description: 'One user, by id or by email.',
  argumentsSchema: {
    type: 'object',
    properties: { id: { type: 'integer', minimum: 1 }, email: { type: 'string' } },
    additionalProperties: false,
    oneOf: [{ required: ['id'] }, { required: ['email'] }],
  },
  run: ({ id, email }) => {
    const user = USERS.find((one) => one.id === id || one.email === email);
    if (user === undefined)
      throw new ToolError(
        `no user has ${id === undefined ? `email ${email}` : `id ${id}`}; call list_users`,
      );
    return { structuredContent: { ...user } };
  },
});

/** The staff-only operations server. */
export class OperationsServer extends MCPServerBase {
  readonly name = 'operations';
  override readonly tools: ReadonlyMap<string, AnyTool>;

  constructor(activity: Activity) {
    super();
    this.tools = toolsByName(
      new SearchLogs(activity),
      new GetHealth(activity),
      new ListUsers(),
      new GetUser(),
    );
  }

  serverInfo() {
    return {
      name: this.name,
      title: 'Operations',
      version: SERVER_VERSION,
      description: 'The demo’s logs, health and users.',
    };
  }

  instructions() {
    return 'Staff only. search_logs reads the request log, get_health the process health, list_users and get_user the users.';
  }
}
