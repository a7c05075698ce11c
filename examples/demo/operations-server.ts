// The staff-only operations server: the demo's own request log (which it can clear or purge, once
// the person confirms it), its health, and its users, as tools, and the log and the health as
// resources too. Reached only with the staff token or an access token: the HTTP layer refuses
// everyone else before it is made.
import { readFileSync } from 'node:fs';
import {
  type AnyTool,
  type Changes,
  defineTool,
  type JSONSchema,
  MCPResourceBase,
  MCPResourceTemplateBase,
  MCPServerBase,
  MCPToolBase,
  type Questions,
  type RequestScope,
  resourcesByUri,
  SERVER_VERSION,
  type Tasks,
  type TemplateVariables,
  type ToolArguments,
  ToolError,
  templatesByUriTemplate,
  toolsByName,
} from 'mcp-protocol-core';
import { type Activity, lineOf } from './activity.js';

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
  override readonly readOnly = true;
  override readonly openWorld = false;

  constructor(private readonly activity: Activity) {
    super();
  }

  run({ query = '', limit }: ToolArguments<typeof searchLogsSchema>) {
    const lines: string[] = [];
    for (let i = this.activity.entries.length - 1; i >= 0 && lines.length < limit; i--) {
      const line = lineOf(this.activity.entries[i]!);
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
  override readonly readOnly = true;
  override readonly openWorld = false;

  constructor(private readonly activity: Activity) {
    super();
  }

  run() {
    return { structuredContent: this.activity.health() };
  }
}

const confirmForm = {
  type: 'object',
  properties: {
    clear: { type: 'boolean', title: 'Clear the request log', description: 'It cannot be undone.' },
  },
  required: ['clear'],
} as const;

class ClearLog extends MCPToolBase<{ type: 'object' }> {
  readonly name = 'clear_log';
  readonly title = 'Clear the request log';
  readonly description =
    'Empties the request log, once the person using the client confirms it in a form (a client that can be asked: in 2026-07-28, or in the handshake era on an SSE answer; no other can clear it). The health keeps its counts.';
  readonly argumentsSchema = { type: 'object' } as const;
  override readonly readOnly = false;
  override readonly destructive = true;
  override readonly openWorld = false;

  constructor(private readonly activity: Activity) {
    super();
  }

  async run(_args: object, scope: RequestScope) {
    // What the question names: the log up to its latest entry then. It travels to the next round
    // in the signed requestState, so that requests logged while the person reads are kept.
    const upTo = typeof scope.state === 'number' ? scope.state : this.activity.last;
    scope.state = upTo;
    const answer = await scope.elicit('confirm', {
      message: `Clear the request log, up to request #${upTo}? It cannot be undone.`,
      requestedSchema: confirmForm,
    });
    if (answer.action !== 'accept' || !answer.content.clear) return 'Nothing was cleared.';
    const cleared = this.activity.clear(upTo);
    return `Cleared ${cleared} requests from the log, up to #${upTo}.`;
  }
}

const purgeSchema = {
  type: 'object',
  properties: {
    up_to: {
      type: 'integer',
      minimum: 1,
      description:
        'The number of the last request to purge, from search_logs or operations://log: it and every earlier one go.',
    },
  },
  required: ['up_to'],
  additionalProperties: false,
} as const satisfies JSONSchema;

const purgeForm = {
  type: 'object',
  properties: {
    purge: { type: 'boolean', title: 'Purge these requests', description: 'It cannot be undone.' },
  },
  required: ['purge'],
} as const;

const requests = (count: number) => `${count} request${count === 1 ? '' : 's'}`;

class PurgeLog extends MCPToolBase<typeof purgeSchema> {
  readonly name = 'purge_log';
  readonly title = 'Purge the request log';
  readonly description =
    'Removes the requests of the log up to a number, once the person using the client confirms it in a form. Always a task (the Tasks extension, 2026-07-28): the question waits in the task, for as long as the person takes, and is answered with tasks/update on any replica.';
  readonly argumentsSchema = purgeSchema;
  override readonly readOnly = false;
  override readonly destructive = true;
  override readonly idempotent = true;
  override readonly openWorld = false;
  override readonly taskSupport = 'required';

  constructor(private readonly activity: Activity) {
    super();
  }

  // Run again from the start once answered: the question must come out the same, or its answer
  // does not count for it. It names requests that are past, whose number never changes; one
  // purged meanwhile changes it, and the person is asked again.
  async run({ up_to }: ToolArguments<typeof purgeSchema>, scope: RequestScope) {
    if (up_to > this.activity.last)
      throw new ToolError(`no request #${up_to} yet: the latest is #${this.activity.last}`);
    const count = this.activity.count(up_to);
    if (count === 0) return `The log holds no request up to #${up_to}: nothing was purged.`;
    const answer = await scope.elicit('confirm', {
      message: `Purge the ${requests(count)} of the log up to #${up_to}? It cannot be undone.`,
      requestedSchema: purgeForm,
    });
    if (answer.action !== 'accept' || !answer.content.purge) return 'Nothing was purged.';
    const purged = this.activity.clear(up_to);
    return `Purged ${requests(purged)} from the log, up to #${up_to}.`;
  }
}

const ListUsers = defineTool({
  name: 'list_users',
  title: 'List the users',
  description: 'The users, optionally of one role, and only the active ones unless asked.',
  readOnly: true,
  openWorld: false,
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
  readOnly: true,
  openWorld: false,
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

const LOG_LINES = 100;

class RequestLog extends MCPResourceBase {
  readonly uri = 'operations://log';
  readonly name = 'request-log';
  override readonly title = 'The request log';
  override readonly description =
    `The latest ${LOG_LINES} requests, newest first, by number: operations://log/{number} has one in full.`;
  override readonly mimeType = 'text/plain';
  // A line more at every request, this read's own included: stale at once.
  override readonly cache = { ttlMs: 0, cacheScope: 'private' } as const;

  constructor(private readonly activity: Activity) {
    super();
  }

  read() {
    const latest = this.activity.entries.slice(-LOG_LINES).reverse();
    return latest.map((entry) => `#${entry.number} ${lineOf(entry)}`).join('\n');
  }
}

class Health extends MCPResourceBase {
  readonly uri = 'operations://health';
  readonly name = 'health';
  override readonly title = 'The health';
  override readonly description = 'What get_health says, as JSON: for a dashboard to poll.';
  override readonly mimeType = 'application/json';
  override readonly cache = { ttlMs: 5_000, cacheScope: 'private' } as const;

  constructor(private readonly activity: Activity) {
    super();
  }

  read() {
    return JSON.stringify(this.activity.health());
  }
}

const REQUEST = 'operations://log/{number}';

class LoggedRequest extends MCPResourceTemplateBase<typeof REQUEST> {
  readonly uriTemplate = REQUEST;
  readonly name = 'request';
  override readonly title = 'A request of the log';
  override readonly description = 'One request of the log, by its number, as JSON.';
  override readonly mimeType = 'application/json';
  // What a request's entry says never changes.
  override readonly cache = { ttlMs: 3_600_000, cacheScope: 'private' } as const;

  constructor(private readonly activity: Activity) {
    super();
  }

  read({ number }: TemplateVariables<typeof REQUEST>) {
    const entry = /^[1-9]\d{0,15}$/.test(number) ? this.activity.entry(Number(number)) : undefined;
    return entry && JSON.stringify(entry);
  }

  // The numbers the log still holds that start with what is typed, newest first.
  override complete(_variable: string, value: string) {
    const numbers: string[] = [];
    for (let i = this.activity.entries.length - 1; i >= 0; i--) {
      const number = String(this.activity.entries[i]!.number);
      if (number.startsWith(value)) numbers.push(number);
    }
    return numbers;
  }
}

// Staff only: no answer of this server may be kept for another authorization context.
const PRIVATE = { ttlMs: 300_000, cacheScope: 'private' } as const;

/** What signs an input request's state between its rounds, and whom it is bound to. */
export interface InputOptions {
  /** The key of `requestState`: 32 bytes or more, the same in every replica. */
  requestStateKey?: string | undefined;
  /** The caller, e.g. the access token's subject: the tasks it makes are its own. */
  principalId?: string | undefined;
  /** The server's tasks, made once per process: with them, purge_log is served. */
  tasks?: Tasks | undefined;
  /** Its questions to handshake-era clients, made once per process: clear_log asks them too. */
  questions?: Questions | undefined;
  /** Its changes, made once per process: listeners hear of every request the log takes. */
  changes?: Changes | undefined;
}

/** The staff-only operations server. */
export class OperationsServer extends MCPServerBase {
  readonly name = 'operations';
  override readonly tools: ReadonlyMap<string, AnyTool>;
  override readonly requestStateKey: string | undefined;
  override readonly principalId: string | undefined;
  override readonly tasks: Tasks | undefined;
  override readonly questions: Questions | undefined;
  override readonly changes: Changes | undefined;
  override readonly resources;
  override readonly resourceTemplates;
  override readonly toolsCache = PRIVATE;
  override readonly resourcesCache = PRIVATE;
  override readonly discoverCache = PRIVATE;

  constructor(
    activity: Activity,
    { requestStateKey, principalId, tasks, questions, changes }: InputOptions = {},
  ) {
    super();
    this.changes = changes;
    this.requestStateKey = requestStateKey;
    this.principalId = principalId;
    this.tasks = tasks;
    this.questions = questions;
    this.tools = toolsByName(
      new SearchLogs(activity),
      new GetHealth(activity),
      new ListUsers(),
      new GetUser(),
      new ClearLog(activity),
      // A task's tool: served where the server has tasks to run it in.
      ...(tasks === undefined ? [] : [new PurgeLog(activity)]),
    );
    this.resources = resourcesByUri(new RequestLog(activity), new Health(activity));
    this.resourceTemplates = templatesByUriTemplate(new LoggedRequest(activity));
  }

  serverInfo() {
    return {
      name: this.name,
      title: 'Operations',
      version: SERVER_VERSION,
      description: 'The demo’s logs, health and users.',
    };
  }

  override instructions() {
    return `Staff only. search_logs reads the request log, get_health the process health, list_users and get_user the users; clear_log empties the log, once the person confirms it${this.tasks === undefined ? '' : ', and purge_log removes its requests up to a number, as a task'}.`;
  }
}
