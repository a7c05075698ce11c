// The benchmark's fixtures, the same for every contender: ten tools with realistic schemas (required,
// optional, enums, defaults, nested objects, arrays of objects) whose work is trivial, so that what
// is measured is the protocol handling; the request bodies of the workloads; and the checks that
// every contender's answers pass before it is timed. No dependency: the contenders build their
// tools from these (bench/contenders/*.ts); the resources, the prompt, the completer and the tool
// that reports its progress are in bench/features.ts.
import {
  completeRepository,
  DOCUMENTS,
  ISSUE_TEMPLATE,
  PROGRESS_TOKEN,
  PROGRESS_TOOL,
  REVIEW_PROMPT,
} from './features.js';

/** A JSON Schema, as the fixtures write it. */
export type Schema = { readonly [key: string]: unknown };

/** One tool: its definition, and its trivial work (arguments validated, defaults filled in). */
export interface ToolFixture {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: Schema;
  readonly readOnly: boolean;
  run(args: any): string;
}

const ISSUES = ['#101 Memory leak in the parser', '#87 Search is slow on large repositories'];

export const TOOLS: readonly ToolFixture[] = [
  {
    name: 'search_issues',
    title: 'Search the issues',
    description: 'The issues whose title or body contains a text, sorted as asked.',
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', minLength: 2, description: 'The text to find.' },
        state: { type: 'string', enum: ['open', 'closed', 'all'], default: 'open' },
        labels: { type: 'array', items: { type: 'string' }, maxItems: 10 },
        limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
        sort: {
          type: 'object',
          properties: {
            field: { type: 'string', enum: ['created', 'updated', 'comments'] },
            direction: { type: 'string', enum: ['asc', 'desc'], default: 'desc' },
          },
          required: ['field'],
        },
      },
      required: ['query'],
    },
    readOnly: true,
    run: ({ query, state, labels, limit, sort }) =>
      `Found ${ISSUES.length} ${state} issues for "${query}"` +
      ` (labels: ${labels?.join(', ') ?? 'any'}; sorted by ${sort ? `${sort.field} ${sort.direction}` : 'relevance'}; first ${limit}):\n` +
      ISSUES.join('\n'),
  },
  {
    name: 'get_issue',
    title: 'Get an issue',
    description: 'One issue by its number, with its comments when asked.',
    inputSchema: {
      type: 'object',
      properties: {
        number: { type: 'integer', minimum: 1, description: 'The issue number, e.g. 101.' },
        include_comments: { type: 'boolean', default: false },
      },
      required: ['number'],
    },
    readOnly: true,
    run: ({ number, include_comments }) =>
      `# Issue ${number}\n\nMemory leak in the parser.${include_comments ? '\n\n2 comments.' : ''}`,
  },
  {
    name: 'create_issue',
    title: 'Create an issue',
    description: 'Open a new issue.',
    inputSchema: {
      type: 'object',
      properties: {
        title: { type: 'string', minLength: 1, maxLength: 200 },
        body: { type: 'string', description: 'Markdown.' },
        labels: { type: 'array', items: { type: 'string' } },
        assignees: { type: 'array', items: { type: 'string' }, maxItems: 5 },
        priority: { type: 'string', enum: ['low', 'medium', 'high'], default: 'medium' },
      },
      required: ['title'],
    },
    readOnly: false,
    run: ({ title, priority, labels }) =>
      `Created issue #102 "${title}" (${priority}${labels ? `; ${labels.join(', ')}` : ''}).`,
  },
  {
    name: 'list_documents',
    title: 'List the documents',
    description: 'The paths of the documents of a repository, optionally under a prefix.',
    inputSchema: {
      type: 'object',
      properties: {
        repository: { type: 'string', description: 'The repository, e.g. mcp-protocol-core.' },
        prefix: { type: 'string', description: 'Only paths that start with it, e.g. src/.' },
      },
    },
    readOnly: true,
    run: ({ repository, prefix }) =>
      `# ${repository ?? 'all'}\n\n- ${prefix ?? ''}README.md (24377 characters)`,
  },
  {
    name: 'read_document',
    title: 'Read a document',
    description: 'The text of one document, from a line, at most max_lines lines.',
    inputSchema: {
      type: 'object',
      properties: {
        path: { type: 'string', description: 'The path, e.g. README.md.' },
        start_line: { type: 'integer', minimum: 1, default: 1 },
        max_lines: { type: 'integer', minimum: 1, maximum: 2000, default: 400 },
      },
      required: ['path'],
    },
    readOnly: true,
    run: ({ path, start_line, max_lines }) =>
      `# ${path}\n\n(lines ${start_line}-${start_line + max_lines - 1})`,
  },
  {
    name: 'get_weather',
    title: 'Get the weather',
    description: 'The forecast for a city, for up to a week.',
    inputSchema: {
      type: 'object',
      properties: {
        city: { type: 'string', minLength: 1 },
        units: { type: 'string', enum: ['metric', 'imperial'], default: 'metric' },
        days: { type: 'integer', minimum: 1, maximum: 7, default: 1 },
      },
      required: ['city'],
    },
    readOnly: true,
    run: ({ city, units, days }) =>
      `${city}: sunny, ${units === 'metric' ? '22 °C' : '72 °F'}, for ${days} day(s).`,
  },
  {
    name: 'convert_currency',
    title: 'Convert a currency',
    description: 'An amount in another currency, at the day’s rate.',
    inputSchema: {
      type: 'object',
      properties: {
        amount: { type: 'number', exclusiveMinimum: 0 },
        from: { type: 'string', pattern: '^[A-Z]{3}$' },
        to: { type: 'string', pattern: '^[A-Z]{3}$' },
      },
      required: ['amount', 'from', 'to'],
    },
    readOnly: true,
    run: ({ amount, from, to }) => `${amount} ${from} = ${(amount * 1.5).toFixed(2)} ${to}`,
  },
  {
    name: 'schedule_meeting',
    title: 'Schedule a meeting',
    description: 'Book a meeting with attendees.',
    inputSchema: {
      type: 'object',
      properties: {
        title: { type: 'string', minLength: 1 },
        start: { type: 'string', description: 'ISO 8601, e.g. 2026-01-05T10:00:00Z.' },
        duration_minutes: { type: 'integer', minimum: 15, maximum: 480, default: 30 },
        attendees: {
          type: 'array',
          minItems: 1,
          items: {
            type: 'object',
            properties: {
              email: { type: 'string', minLength: 3 },
              optional: { type: 'boolean', default: false },
            },
            required: ['email'],
          },
        },
      },
      required: ['title', 'start', 'attendees'],
    },
    readOnly: false,
    run: ({ title, start, duration_minutes, attendees }) =>
      `Booked "${title}" at ${start} for ${duration_minutes} minutes with ` +
      attendees
        .map((a: { email: string; optional: boolean }) => a.email + (a.optional ? '?' : ''))
        .join(', '),
  },
  {
    name: 'query_logs',
    title: 'Query the logs',
    description: 'Log lines of a service, newest first.',
    inputSchema: {
      type: 'object',
      properties: {
        service: { type: 'string', minLength: 1 },
        level: { type: 'string', enum: ['debug', 'info', 'warn', 'error'] },
        filter: {
          type: 'object',
          properties: { contains: { type: 'string' }, since: { type: 'string' } },
        },
        limit: { type: 'integer', minimum: 1, maximum: 1000, default: 50 },
      },
      required: ['service'],
    },
    readOnly: true,
    run: ({ service, level, limit }) =>
      `${service} ${level ?? 'any'} (${limit} lines): 12:00:01 ready`,
  },
  {
    name: 'get_user',
    title: 'Get a user',
    description: 'A user by id, with the fields asked for.',
    inputSchema: {
      type: 'object',
      properties: {
        id: { type: 'integer', minimum: 1 },
        fields: {
          type: 'array',
          items: { type: 'string', enum: ['name', 'email', 'role', 'created'] },
        },
      },
      required: ['id'],
    },
    readOnly: true,
    run: ({ id, fields }) => `user ${id}: ${(fields ?? ['name']).join(', ')}`,
  },
];

const byName = new Map(TOOLS.map((tool) => [tool.name, tool]));

/** A tool call with valid arguments, and the text every contender must answer it with. */
export interface ValidCall {
  readonly name: string;
  readonly arguments: Record<string, unknown>;
  readonly expected: string;
}

function valid(name: string, args: Record<string, unknown>, withDefaults: object): ValidCall {
  return {
    name,
    arguments: args,
    expected: byName.get(name)!.run({ ...args, ...withDefaults }),
  };
}

/** The tools/call of the workloads: defaults to fill in, at the root and in a nested object. */
export const VALID_CALL = valid(
  'search_issues',
  { query: 'memory leak', labels: ['bug', 'perf'], sort: { field: 'updated' } },
  { state: 'open', limit: 20, sort: { field: 'updated', direction: 'desc' } },
);

/** Three problems: too short, not in the enum, over the maximum. */
export const INVALID_ARGUMENTS = { query: 'x', state: 'archived', limit: 500 };

/** The 20 calls of the batch: every tool, twice. */
export const BATCH_CALLS: readonly ValidCall[] = [
  VALID_CALL,
  valid('get_issue', { number: 101 }, { include_comments: false }),
  valid('create_issue', { title: 'Crash on start', labels: ['bug'] }, { priority: 'medium' }),
  valid('list_documents', { repository: 'mcp-protocol-core', prefix: 'src/' }, {}),
  valid('read_document', { path: 'README.md', max_lines: 40 }, { start_line: 1 }),
  valid('get_weather', { city: 'Oslo', days: 3 }, { units: 'metric' }),
  valid('convert_currency', { amount: 12.5, from: 'EUR', to: 'NOK' }, {}),
  valid(
    'schedule_meeting',
    {
      title: 'Sync',
      start: '2026-01-05T10:00:00Z',
      attendees: [{ email: 'ada@example.com' }, { email: 'bob@example.com', optional: true }],
    },
    {
      duration_minutes: 30,
      attendees: [
        { email: 'ada@example.com', optional: false },
        { email: 'bob@example.com', optional: true },
      ],
    },
  ),
  valid(
    'query_logs',
    { service: 'api', level: 'error', filter: { contains: 'timeout' } },
    {
      limit: 50,
    },
  ),
  valid('get_user', { id: 2, fields: ['name', 'email'] }, {}),
];
const BATCH = [...BATCH_CALLS, ...BATCH_CALLS];

/** The protocol version of the handshake-era requests (every contender speaks it). */
export const HANDSHAKE_VERSION = '2025-06-18';
export const MODERN_VERSION = '2026-07-28';

const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': MODERN_VERSION,
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1.0.0' },
};

/** What an answer was: right (with how it said it), or wrong (and why). */
export type Verdict = { ok: true; form?: string } | { ok: false; problem: string };

/** One workload: a request body, the HTTP headers a client sends with it, and its check. */
export interface Workload {
  readonly id: string;
  readonly label: string;
  /** The request body, as sent. */
  readonly body: string;
  /** The headers a client sends with it over HTTP (the web-transport contenders get them too). */
  readonly headers: Readonly<Record<string, string>>;
  /**
   * Set for a tools/call that reports its progress: the answer must be an SSE stream of `steps`
   * progress notifications, then the result. Only contenders that stream run it.
   */
  readonly stream?: { readonly steps: number };
  /** Check the answer, parsed from the text the contender answered with (the messages of an SSE stream). */
  check(answer: unknown): Verdict;
}

const ok = (form?: string): Verdict => (form === undefined ? { ok: true } : { ok: true, form });
const wrong = (problem: string): Verdict => ({ ok: false, problem });

const isObject = (value: unknown): value is Record<string, any> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function short(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 160 ? `${text.slice(0, 160)}…` : text;
}

function resultOf(answer: unknown, id: number | string): Record<string, any> | string {
  if (!isObject(answer)) return `not a JSON-RPC response: ${short(answer)}`;
  if (answer.jsonrpc !== '2.0' || answer.id !== id) return `wrong envelope: ${short(answer)}`;
  if (!isObject(answer.result)) return `no result: ${short(answer)}`;
  return answer.result;
}

function checkToolText(result: Record<string, any>, expected: string): string | undefined {
  const text = result.content?.[0]?.text;
  if (result.isError) return `isError: ${short(result.content)}`;
  if (text !== expected) return `the tool's text differs: ${short(text)}`;
  return undefined;
}

const HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': HANDSHAKE_VERSION,
};

function request(id: number, method: string, params?: object): Record<string, unknown> {
  return params === undefined
    ? { jsonrpc: '2.0', id, method }
    : { jsonrpc: '2.0', id, method, params };
}

const toolCall = (id: number, call: { name: string; arguments: object }) =>
  request(id, 'tools/call', { name: call.name, arguments: call.arguments });

/** What tools/list lists: the ten tools, then the one that reports its progress. */
const LISTED_TOOLS: readonly Pick<ToolFixture, 'name' | 'description' | 'inputSchema'>[] = [
  ...TOOLS,
  PROGRESS_TOOL,
];

const READ_URI = 'issues://mcp-protocol-core/101';
const PROMPT_ARGUMENTS = { repository: 'mcp-protocol-core', number: '101' };
const COMPLETION_PREFIX = 'mcp';

// A tools/call of the tool that reports its progress, `steps` times, with a progress token: its
// answer is an SSE stream of the notifications, in order, then the result.
function streamingCall(id: number, steps: number): Workload {
  const args = { repository: 'mcp-protocol-core', steps };
  return {
    id: steps === 10 ? 'sse' : `sse-${steps}`,
    label: `tools/call streaming ${steps} progress notification${steps === 1 ? '' : 's'} (SSE)`,
    body: JSON.stringify(
      request(id, 'tools/call', {
        name: PROGRESS_TOOL.name,
        arguments: args,
        _meta: { progressToken: PROGRESS_TOKEN },
      }),
    ),
    headers: HEADERS,
    stream: { steps },
    check(answer) {
      if (!Array.isArray(answer)) return wrong(`not a stream of messages: ${short(answer)}`);
      const notifications = answer.slice(0, -1);
      if (notifications.length !== steps)
        return wrong(`${notifications.length} notifications before the result, not ${steps}`);
      for (const [index, notification] of notifications.entries()) {
        const params = notification?.params;
        if (
          notification?.method !== 'notifications/progress' ||
          params?.progressToken !== PROGRESS_TOKEN ||
          params.progress !== index + 1 ||
          params.total !== steps ||
          params.message !== PROGRESS_TOOL.message(index + 1, steps)
        ) {
          return wrong(`notification ${index + 1}: ${short(notification)}`);
        }
      }
      const result = resultOf(answer.at(-1), id);
      if (typeof result === 'string') return wrong(result);
      const problem = checkToolText(result, PROGRESS_TOOL.run(args));
      return problem === undefined ? ok() : wrong(problem);
    },
  };
}

export const WORKLOADS: readonly Workload[] = [
  {
    id: 'initialize',
    label: 'initialize',
    body: JSON.stringify(
      request(1, 'initialize', {
        protocolVersion: HANDSHAKE_VERSION,
        capabilities: {},
        clientInfo: { name: 'bench', version: '1.0.0' },
      }),
    ),
    headers: { 'content-type': HEADERS['content-type'], accept: HEADERS.accept },
    check(answer) {
      const result = resultOf(answer, 1);
      if (typeof result === 'string') return wrong(result);
      if (result.protocolVersion !== HANDSHAKE_VERSION)
        return wrong(`protocolVersion ${short(result.protocolVersion)}`);
      if (!isObject(result.capabilities?.tools)) return wrong('no tools capability');
      if (typeof result.serverInfo?.name !== 'string') return wrong('no serverInfo');
      return ok();
    },
  },
  {
    id: 'ping',
    label: 'ping',
    body: JSON.stringify(request(2, 'ping')),
    headers: HEADERS,
    check(answer) {
      const result = resultOf(answer, 2);
      if (typeof result === 'string') return wrong(result);
      return Object.keys(result).length === 0 ? ok() : wrong(`not {}: ${short(result)}`);
    },
  },
  {
    id: 'tools/list',
    label: `tools/list (${LISTED_TOOLS.length} tools)`,
    body: JSON.stringify(request(3, 'tools/list')),
    headers: HEADERS,
    check(answer) {
      const result = resultOf(answer, 3);
      if (typeof result === 'string') return wrong(result);
      const tools = result.tools;
      if (!Array.isArray(tools) || tools.length !== LISTED_TOOLS.length)
        return wrong(`not ${LISTED_TOOLS.length} tools: ${short(tools)}`);
      for (const [index, fixture] of LISTED_TOOLS.entries()) {
        const tool = tools[index];
        if (tool?.name !== fixture.name) return wrong(`tool ${index} is ${short(tool?.name)}`);
        if (tool.description !== fixture.description) return wrong(`${fixture.name}: description`);
        const schema = tool.inputSchema;
        if (schema?.type !== 'object') return wrong(`${fixture.name}: inputSchema not an object`);
        const want = Object.keys(fixture.inputSchema.properties as object).sort();
        const got = Object.keys(schema.properties ?? {}).sort();
        if (want.join() !== got.join()) return wrong(`${fixture.name}: properties ${got.join()}`);
      }
      return ok();
    },
  },
  {
    id: 'tools/call',
    label: 'tools/call, valid arguments',
    body: JSON.stringify(toolCall(4, VALID_CALL)),
    headers: HEADERS,
    check(answer) {
      const result = resultOf(answer, 4);
      if (typeof result === 'string') return wrong(result);
      const problem = checkToolText(result, VALID_CALL.expected);
      return problem === undefined ? ok() : wrong(problem);
    },
  },
  {
    id: 'tools/call-invalid',
    label: 'tools/call, invalid arguments',
    body: JSON.stringify(
      toolCall(5, { name: VALID_CALL.name, arguments: INVALID_ARGUMENTS as object }),
    ),
    headers: HEADERS,
    check(answer) {
      // Either is allowed for protocol 2025-06-18: a result with isError (SEP-1303, preferred
      // since 2025-11-25), or a JSON-RPC error -32602.
      if (isObject(answer) && isObject(answer.error)) {
        if (answer.id !== 5) return wrong(`wrong id: ${short(answer)}`);
        return answer.error.code === -32602
          ? ok('JSON-RPC error -32602')
          : wrong(`error ${short(answer.error)}`);
      }
      const result = resultOf(answer, 5);
      if (typeof result === 'string') return wrong(result);
      if (result.isError !== true) return wrong(`not an error: ${short(result)}`);
      const text = String(result.content?.[0]?.text ?? '');
      // Each of the three problems must be named.
      for (const word of ['query', 'state', 'limit']) {
        if (!text.includes(word)) return wrong(`does not name ${word}: ${short(text)}`);
      }
      return ok('isError result');
    },
  },
  {
    id: 'batch',
    label: 'batch of 20 tools/call (2025-03-26)',
    body: JSON.stringify(BATCH.map((call, index) => toolCall(100 + index, call))),
    headers: { 'content-type': HEADERS['content-type'], accept: HEADERS.accept },
    check(answer) {
      if (!Array.isArray(answer)) return wrong(`not an array: ${short(answer)}`);
      if (answer.length !== BATCH.length) return wrong(`${answer.length} responses`);
      const byId = new Map(answer.map((one) => [isObject(one) ? one.id : undefined, one]));
      for (const [index, call] of BATCH.entries()) {
        const result = resultOf(byId.get(100 + index), 100 + index);
        if (typeof result === 'string') return wrong(result);
        const problem = checkToolText(result, call.expected);
        if (problem !== undefined) return wrong(`${call.name}: ${problem}`);
      }
      return ok();
    },
  },
  {
    id: 'modern',
    label: 'tools/call, 2026-07-28',
    body: JSON.stringify(
      request(6, 'tools/call', {
        name: VALID_CALL.name,
        arguments: VALID_CALL.arguments,
        _meta: MODERN_META,
      }),
    ),
    headers: {
      'content-type': HEADERS['content-type'],
      accept: HEADERS.accept,
      'mcp-protocol-version': MODERN_VERSION,
      'mcp-method': 'tools/call',
      'mcp-name': VALID_CALL.name,
    },
    check(answer) {
      const result = resultOf(answer, 6);
      if (typeof result === 'string') return wrong(result);
      const problem = checkToolText(result, VALID_CALL.expected);
      if (problem !== undefined) return wrong(problem);
      if (result.resultType !== 'complete') return wrong('no resultType "complete"');
      if (!isObject(result._meta?.['io.modelcontextprotocol/serverInfo']))
        return wrong('no serverInfo in _meta');
      return ok();
    },
  },
  {
    id: 'resources/list',
    label: `resources/list (${DOCUMENTS.length} resources)`,
    body: JSON.stringify(request(10, 'resources/list')),
    headers: HEADERS,
    check(answer) {
      const result = resultOf(answer, 10);
      if (typeof result === 'string') return wrong(result);
      const resources = result.resources;
      if (!Array.isArray(resources) || resources.length !== DOCUMENTS.length)
        return wrong(`not ${DOCUMENTS.length} resources: ${short(resources)}`);
      for (const [index, document] of DOCUMENTS.entries()) {
        const resource = resources[index];
        if (resource?.uri !== document.uri) return wrong(`resource ${index}: ${short(resource)}`);
        if (resource.name !== document.name || resource.mimeType !== document.mimeType)
          return wrong(`${document.uri}: name or mimeType ${short(resource)}`);
        if (resource.description !== document.description)
          return wrong(`${document.uri}: description`);
      }
      return ok();
    },
  },
  {
    id: 'resources/read',
    label: 'resources/read (a template)',
    body: JSON.stringify(request(11, 'resources/read', { uri: READ_URI })),
    headers: HEADERS,
    check(answer) {
      const result = resultOf(answer, 11);
      if (typeof result === 'string') return wrong(result);
      const contents = result.contents;
      if (!Array.isArray(contents) || contents.length !== 1)
        return wrong(`not one content: ${short(contents)}`);
      const [content] = contents;
      if (content?.uri !== READ_URI) return wrong(`uri ${short(content?.uri)}`);
      if (content.text !== ISSUE_TEMPLATE.read('mcp-protocol-core', '101'))
        return wrong(`the text differs: ${short(content.text)}`);
      return ok();
    },
  },
  {
    id: 'prompts/get',
    label: 'prompts/get',
    body: JSON.stringify(
      request(12, 'prompts/get', { name: REVIEW_PROMPT.name, arguments: PROMPT_ARGUMENTS }),
    ),
    headers: HEADERS,
    check(answer) {
      const result = resultOf(answer, 12);
      if (typeof result === 'string') return wrong(result);
      const messages = result.messages;
      if (!Array.isArray(messages) || messages.length !== 1)
        return wrong(`not one message: ${short(messages)}`);
      const [message] = messages;
      if (message?.role !== 'user' || message.content?.type !== 'text')
        return wrong(`not a user's text: ${short(message)}`);
      if (message.content.text !== REVIEW_PROMPT.text(PROMPT_ARGUMENTS))
        return wrong(`the text differs: ${short(message.content.text)}`);
      return ok();
    },
  },
  {
    id: 'completion/complete',
    label: 'completion/complete',
    body: JSON.stringify(
      request(13, 'completion/complete', {
        ref: { type: 'ref/prompt', name: REVIEW_PROMPT.name },
        argument: { name: 'repository', value: COMPLETION_PREFIX },
      }),
    ),
    headers: HEADERS,
    check(answer) {
      const result = resultOf(answer, 13);
      if (typeof result === 'string') return wrong(result);
      const values = result.completion?.values;
      const expected = completeRepository(COMPLETION_PREFIX);
      if (!Array.isArray(values) || values.join() !== expected.join())
        return wrong(`values ${short(values)}`);
      return ok();
    },
  },
  streamingCall(20, 10),
  streamingCall(21, 1),
];

/** The workloads of the in-process table that every contender runs (the streaming ones apart). */
export const CALL_WORKLOADS = WORKLOADS.filter((workload) => workload.stream === undefined);

/** A workload by its id. */
export function workload(id: string): Workload {
  const found = WORKLOADS.find((one) => one.id === id);
  if (found === undefined) throw new Error(`no workload ${id}`);
  return found;
}

// A server may answer a POST with an SSE stream (Streamable HTTP allows it when the client accepts
// text/event-stream): one event per message, read here as a client would (comments and empty
// priming events skipped). The messages, or `undefined` when the text is not a stream.
function sseMessages(text: string): string[] | undefined {
  if (!/^(event|data|id|retry):/m.test(text) || text.trimStart().startsWith('{')) return undefined;
  return text
    .split(/\r?\n/)
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice(5).trim())
    .filter((data) => data !== '');
}

/** Check a contender's answer text to a workload. */
export function checkAnswer(workload: Workload, text: string | undefined): Verdict {
  if (text === undefined) return wrong('no answer');
  const sse = sseMessages(text);
  if (workload.stream !== undefined && sse === undefined)
    return wrong(`not an SSE stream: ${text.slice(0, 120)}`);
  let answer: unknown;
  try {
    answer =
      sse === undefined
        ? JSON.parse(text)
        : workload.stream !== undefined || sse.length !== 1
          ? sse.map((data) => JSON.parse(data))
          : JSON.parse(sse[0]!);
  } catch {
    return wrong(`not JSON: ${text.slice(0, 120)}`);
  }
  const verdict = workload.check(answer);
  if (!verdict.ok || sse === undefined || workload.stream !== undefined) return verdict;
  return ok(verdict.form === undefined ? 'as an SSE stream' : `${verdict.form}, as an SSE stream`);
}

/** The server's identity, for every contender. */
export const SERVER_INFO = { name: 'bench', version: '1.0.0' };
export const INSTRUCTIONS = 'Tools for issues, documents, weather, currencies, meetings and logs.';
