// A small server for the black-box tests: tools that cover every kind of result and failure.
import {
  defineTool,
  type Implementation,
  type JSONSchema,
  MCPServerBase,
  MCPToolBase,
  type ToolArguments,
  ToolError,
  toolsByName,
} from '../src/index.js';

const searchSchema = {
  title: 'SearchArguments',
  description: 'Internal: the arguments of search_logs.',
  type: 'object',
  properties: {
    query: { type: 'string', minLength: 1, description: 'Text to find.', title: 'Query' },
    limit: { type: 'integer', minimum: 1, maximum: 200, default: 20, title: 'Limit' },
    level: {
      anyOf: [{ type: 'string', enum: ['info', 'error'] }, { type: 'null' }],
      default: null,
    },
  },
  required: ['query'],
} as const satisfies JSONSchema;

export const LOGS = ['info boot', 'error disk full', 'info ready', 'error disk full again'];

export class SearchLogs extends MCPToolBase<typeof searchSchema> {
  readonly name = 'search_logs';
  readonly title = 'Search the logs';
  readonly description = 'Log lines that contain a text.';
  readonly argumentsSchema = searchSchema;
  override readonly readOnly = true;
  override readonly openWorld = false;

  run({ query, limit, level }: ToolArguments<typeof searchSchema>) {
    const lines = LOGS.filter(
      (line) => line.includes(query) && (level === null || line.startsWith(level)),
    );
    return lines.slice(0, limit).join('\n');
  }
}

export const Fail = defineTool({
  name: 'fail',
  title: 'Fail',
  description: 'Fails as asked.',
  readOnly: false,
  openWorld: true,
  argumentsSchema: {
    type: 'object',
    properties: { how: { type: 'string', enum: ['tool', 'crash', 'string', 'bad-output'] } },
    required: ['how'],
  },
  run: async ({ how }) => {
    await Promise.resolve();
    if (how === 'tool') throw new ToolError('the disk is full; try a smaller limit');
    if (how === 'crash') throw new Error('secret detail: /srv/app/db.ts line 12');
    if (how === 'string') throw 'a thrown string';
    return 42 as unknown as string;
  },
});

export const Weather = defineTool({
  name: 'weather',
  title: 'Weather',
  description: 'The weather in a city, structured.',
  argumentsSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  outputSchema: {
    type: 'object',
    properties: { city: { type: 'string' }, tempC: { type: 'number' } },
    required: ['city', 'tempC'],
  },
  // Wrong on purpose, past the types: the server's checks of results are tested with it.
  run: (({ city }: { city: string }) => {
    if (city === 'Nowhere') return { structuredContent: { city } };
    if (city === 'Void') return 'plain text, no structure';
    return { structuredContent: { city, tempC: 4 } };
  }) as never,
});

export const Media = defineTool({
  name: 'media',
  title: 'Media',
  description: 'Every kind of content block.',
  argumentsSchema: { type: 'object' },
  run: () => ({
    content: [
      { type: 'text', text: 'a picture, a sound, a link and a file' },
      { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
      { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' },
      {
        type: 'resource_link',
        uri: 'file:///README.md',
        name: 'README.md',
        mimeType: 'text/markdown',
      },
      { type: 'resource', resource: { uri: 'file:///a.txt', mimeType: 'text/plain', text: 'A' } },
    ],
    _meta: { 'example.com/source': 'fixtures' },
  }),
});

/** A 2026-07-28 tool: its arguments are mirrored in `Mcp-Param-*` headers. */
export const Forecast = defineTool({
  name: 'forecast',
  title: 'Forecast',
  description: 'The forecast for a region, routed by region.',
  argumentsSchema: {
    type: 'object',
    properties: {
      region: { type: 'string', 'x-mcp-header': 'Region' },
      days: { type: 'integer', 'x-mcp-header': 'Days', default: 1 },
      metric: { type: 'boolean', 'x-mcp-header': 'Metric' },
      note: { type: ['string', 'null'] },
    },
    required: ['region'],
  },
  run: ({ region, days }) => `${region}: sunny for ${days} day(s)`,
});

/** A 2026-07-28 tool that needs the client to declare `sampling`. */
export const Summarize = defineTool({
  name: 'summarize',
  title: 'Summarize',
  description: 'Needs the client to sample an LLM.',
  argumentsSchema: { type: 'object' },
  requiredClientCapabilities: { sampling: {} },
  run: () => 'summary',
});

export class TestServer extends MCPServerBase {
  readonly name: string = 'test-server';
  override readonly tools = toolsByName(new SearchLogs(), new Fail(), new Weather(), new Media());
  readonly logged: { error: unknown; context: string }[] = [];

  serverInfo(): Implementation {
    return {
      name: this.name,
      title: 'Test server',
      version: '1.2.3',
      websiteUrl: 'https://example.com',
    };
  }

  override instructions() {
    return 'Search the logs with search_logs.';
  }

  override logError(error: unknown, context: string): void {
    this.logged.push({ error, context });
  }
}

/** A request message. */
export function request(id: string | number, method: string, params?: Record<string, unknown>) {
  return params === undefined
    ? { jsonrpc: '2.0', id, method }
    : { jsonrpc: '2.0', id, method, params };
}

/** A tools/call request. */
export function call(id: string | number, name: string, args?: Record<string, unknown>) {
  return request(id, 'tools/call', args === undefined ? { name } : { name, arguments: args });
}

/** An HTTP answer's JSON body, as text: fails the test when the answer is an event stream. */
export function jsonText(body: string | AsyncIterable<string> | undefined): string {
  if (typeof body !== 'string') throw new TypeError(`expected a JSON body, got ${typeof body}`);
  return body;
}
