// Property tests (fast-check): whatever a client sends, in-process or over HTTP, the answer is
// nothing or well-formed JSON-RPC, comes in time, and tells nothing of the server's insides.
// Seeded, so that `npm test` is deterministic; NUM_RUNS=n overrides the runs of every property,
// and `npm run fuzz` (scripts/fuzz.ts) runs the same properties a million times.
import { formatWithOptions } from 'node:util';
import fc from 'fast-check';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  createHttpHandler,
  forbidden,
  type HttpHandler,
  type HttpOptions,
  type HttpRequest,
  type HttpResponse,
  unauthorized,
} from '../src/http.js';
import {
  defineTool,
  encodeHeaderValue,
  mcpserverCalled,
  mcpserverToolCalled,
  toolsByName,
} from '../src/index.js';
import { Forecast, jsonText, LOGS, Summarize, TestServer } from './fixtures.js';

/** The seed of every property in `npm test`. */
export const SEED = 20261130;

const envRuns = Number(process.env.NUM_RUNS);
/** Runs per property: NUM_RUNS from the environment, else the property's own default. */
export const runs = (fallback: number): number =>
  Number.isInteger(envRuns) && envRuns > 0 ? envRuns : fallback;

/** The longest an answer may take before the property says the server hangs. */
export const HANG_MS = 2000;

// ---------------------------------------------------------------------------------------------
// The invariants.

/** The error codes a server may answer with: JSON-RPC's own and 2026-07-28's. */
export const KNOWN_CODES: ReadonlySet<number> = new Set([
  -32700, -32600, -32601, -32602, -32603, -32020, -32021, -32022,
]);

// A stack frame, a path, a source file: what an internal error would leak.
const LEAK = /\bat \S+ \(|\/[a-z]+\/|\.ts\b|\.js:\d+/;
// Messages of internal errors: the fixture's secret, and what the runtime and the tool base say
// when something breaks inside, none of which a client may read.
const INTERNAL = [
  'secret detail',
  'a thrown string',
  'run() ',
  'outputSchema but',
  'Maximum call stack',
  'is not a function',
  'Cannot read properties',
  'Cannot convert',
  'serialize a BigInt',
  'circular structure',
  'is not defined',
  'Unexpected token',
];
// What the fixture tools legitimately answer: never taken for a leak.
const KNOWN_TEXT: readonly string[] = [
  ...LOGS,
  'a picture, a sound, a link and a file',
  'file:///README.md',
  'file:///a.txt',
  'https://example.com',
];

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isRequestId = (value: unknown): value is string | number =>
  typeof value === 'string' || Number.isInteger(value);

function assertOne(answer: unknown, where: string): void {
  if (!isObject(answer)) assert.unreachable(`${where}: an answer must be an object`);
  const response = answer as Record<string, unknown>;
  assert.is(response.jsonrpc, '2.0', `${where}: jsonrpc must be "2.0"`);
  assert.ok('id' in response, `${where}: an answer has an id`);
  const { id } = response;
  assert.ok(
    typeof id === 'string' || Number.isInteger(id) || id === null,
    `${where}: the id must be a string, an integer or null, not ${String(id)}`,
  );
  const hasResult = 'result' in response;
  const hasError = 'error' in response;
  assert.ok(hasResult !== hasError, `${where}: exactly one of result and error`);
  for (const key of Object.keys(response)) {
    assert.ok(['jsonrpc', 'id', 'result', 'error'].includes(key), `${where}: unexpected ${key}`);
  }
  if (hasResult) {
    assert.ok(isObject(response.result), `${where}: a result is an object`);
  } else {
    const error = response.error;
    if (!isObject(error)) assert.unreachable(`${where}: an error is an object`);
    const { code, message } = error as Record<string, unknown>;
    assert.ok(KNOWN_CODES.has(code as number), `${where}: unknown error code ${String(code)}`);
    assert.type(message, 'string', `${where}: an error has a message`);
  }
}

/**
 * The shape the issue asks of every answer: nothing, one response, or a non-empty array of them;
 * each `{ jsonrpc: "2.0", id, result | error }` with an id that is a string, an integer or null and
 * an error code the server may send.
 *
 * @param answer - What `handle()` resolved to, or a parsed HTTP body.
 * @param allowNothing - Whether `undefined` is an answer (not for an HTTP body).
 */
export function assertWellFormed(answer: unknown, allowNothing = true): void {
  if (answer === undefined) {
    assert.ok(allowNothing, 'an HTTP body is never undefined');
    return;
  }
  if (Array.isArray(answer)) {
    assert.ok(answer.length > 0, 'a batch answer holds at least one response');
    for (const [index, one] of answer.entries()) assertOne(one, `response ${index}`);
    return;
  }
  assertOne(answer, 'response');
}

/**
 * Every string a client put in a request: its body's keys and values, its headers' values as sent,
 * trimmed and joined. An answer may echo them (an unknown tool's name, an unsupported version);
 * they are cut out before looking for leaks.
 */
export function clientStrings(payload: unknown, headers?: unknown): string[] {
  const found = new Set<string>();
  const walk = (value: unknown, depth: number): void => {
    if (depth > 64) return;
    if (typeof value === 'string') {
      found.add(value);
      found.add(value.trim());
    } else if (Array.isArray(value)) {
      for (const item of value) walk(item, depth + 1);
      if (value.every((item) => typeof item === 'string')) walk(value.join(', '), depth + 1);
    } else if (isObject(value)) {
      for (const key of Object.keys(value)) {
        found.add(key);
        walk(value[key], depth + 1);
      }
    }
  };
  walk(payload, 0);
  if (headers instanceof Headers) {
    headers.forEach((value) => {
      walk(value, 0);
    });
  } else if (isObject(headers)) {
    for (const key of Object.keys(headers)) walk(headers[key], 0);
  }
  return [...found].filter((text) => text.length >= 2).sort((a, b) => b.length - a.length);
}

/**
 * No answer holds a stack trace, a file path, or the message of an internal error: every string in
 * it (keys too), once what the client sent and what the fixture tools say are cut out.
 *
 * @param answer - The answer, parsed.
 * @param echoed - What the client sent (see {@link clientStrings}).
 */
export function assertNoLeak(answer: unknown, echoed: readonly string[]): void {
  const check = (text: string): void => {
    let rest = text;
    for (const known of KNOWN_TEXT) rest = rest.split(known).join('\u0000');
    for (const sent of echoed) if (rest.includes(sent)) rest = rest.split(sent).join('\u0000');
    if (LEAK.test(rest)) assert.unreachable(`a stack or a path leaks: ${JSON.stringify(text)}`);
    for (const secret of INTERNAL) {
      if (rest.includes(secret))
        assert.unreachable(`an internal error leaks: ${JSON.stringify(text)}`);
    }
  };
  const walk = (value: unknown, depth: number): void => {
    if (depth > 64) return;
    if (typeof value === 'string') check(value);
    else if (Array.isArray(value)) for (const item of value) walk(item, depth + 1);
    else if (isObject(value)) {
      for (const key of Object.keys(value)) {
        check(key);
        walk(value[key], depth + 1);
      }
    }
  };
  walk(answer, 0);
}

/** The answers' ids are the request's, or null when it could not be read. */
function assertIdsMatch(payload: unknown, answer: unknown): void {
  if (answer === undefined) return;
  if (Array.isArray(answer)) {
    const sent = Array.isArray(payload)
      ? payload.map((one) => (isObject(one) && isRequestId(one.id) ? one.id : null))
      : [];
    assert.ok(answer.length <= Math.max(sent.length, 1), 'no more answers than messages');
    for (const one of answer as { id: unknown }[]) {
      assert.ok(
        one.id === null || sent.includes(one.id as string | number),
        'an answer to a sent id',
      );
    }
    return;
  }
  if (isObject(payload) && !Array.isArray(payload)) {
    const id = (answer as { id: unknown }).id;
    const expected = isRequestId(payload.id) ? payload.id : null;
    assert.ok(
      id === null || Object.is(id, expected) || id === expected,
      'a single answer carries the request id, or null',
    );
  }
}

/** Resolve within {@link HANG_MS}, or fail: the server hangs. */
export async function within<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} hangs: no answer in ${HANG_MS} ms`)),
      HANG_MS,
    );
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const PROTOTYPE_KEYS = Object.getOwnPropertyNames(Object.prototype).sort().join(',');
function assertPrototypeIntact(): void {
  assert.is(
    Object.getOwnPropertyNames(Object.prototype).sort().join(','),
    PROTOTYPE_KEYS,
    'Object.prototype is unchanged',
  );
}

// ---------------------------------------------------------------------------------------------
// The server: the fixture's tools, and two 2026-07-28 ones (headers, client capabilities), and a
// logger that checks that what would be logged can be logged.

const Keys = defineTool({
  name: 'keys',
  title: 'Keys',
  description: 'The names of the arguments it got, whatever they are.',
  argumentsSchema: { type: 'object', additionalProperties: true },
  run: (args) => Object.keys(args).length.toString(),
});

/** What a logger failed to log, across every server: must stay empty. */
export const loggerFailures: unknown[] = [];

/** The fixture server, with more tools, whose logger formats each error as console.error would. */
export class FuzzServer extends TestServer {
  override readonly tools = toolsByName(
    ...new TestServer().tools.values(),
    new Forecast(),
    new Summarize(),
    new Keys(),
  );

  override logError(error: unknown, context: string): void {
    try {
      assert.type(context, 'string');
      formatWithOptions({ colors: false }, '%s: %s:', this.formattedClassName, context, error);
    } catch (failure) {
      loggerFailures.push(failure);
    }
    super.logError(error, context);
  }
}

/** Connect receivers to both signals that read every field, as a logger would. */
export function connectReceivers(): () => void {
  const offCalled = mcpserverCalled.connect((event) => {
    void `${event.server} ${event.method} ${String(event.id)} ${event.era}`;
  });
  const offTool = mcpserverToolCalled.connect((event) => {
    void `${event.server} ${event.tool} ${event.outcome} ${event.durationMs.toFixed(1)}`;
  });
  return () => {
    offCalled();
    offTool();
  };
}

// ---------------------------------------------------------------------------------------------
// Arbitraries: mostly valid messages, broken one way or another.

const V = '2026-07-28';
const META = {
  version: 'io.modelcontextprotocol/protocolVersion',
  capabilities: 'io.modelcontextprotocol/clientCapabilities',
  info: 'io.modelcontextprotocol/clientInfo',
  logLevel: 'io.modelcontextprotocol/logLevel',
} as const;

const ABSENT = Symbol('absent');
type Slot = [key: string, value: unknown];

/** An object as JSON.parse makes it: own data properties, `__proto__` included, last key wins. */
function objectOf(entries: readonly Slot[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    if (value === ABSENT) continue;
    Object.defineProperty(out, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];

// Every UTF-16 code unit, lone surrogates included.
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));

const oddString = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 8 }) },
  { weight: 1, arbitrary: fc.string({ unit: codeUnit, maxLength: 8 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '\ud800',
      '\udc00x',
      '\ufeff',
      '\u0000',
      ...PROTOTYPE_NAMES,
      '../../etc/passwd',
      '=?base64?AA==?=',
      '=?base64?!!?=',
      'x'.repeat(300),
    ),
  },
);

const junk = fc.jsonValue({ maxDepth: 2 });
const JSON_EDGE_NUMBERS = [
  0,
  -0,
  -1,
  2 ** 53,
  2 ** 53 + 2,
  1e300,
  -1e300,
  1.5,
  Infinity,
  -Infinity,
];

const ids = fc.oneof(
  { weight: 10, arbitrary: fc.integer() },
  { weight: 5, arbitrary: fc.string({ maxLength: 10 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<unknown>(...JSON_EDGE_NUMBERS, null, true, false, '', '\ud800'),
  },
  { weight: 1, arbitrary: fc.double({ noNaN: true }) },
  { weight: 1, arbitrary: junk },
);

const VERSIONS = ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'];
const versions = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...VERSIONS) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('1999-01-01', '', ' 2026-07-28 ', 'latest', `${V}, ${V}`),
  },
  { weight: 1, arbitrary: oddString },
);

const REAL_METHODS = [
  'initialize',
  'ping',
  'tools/list',
  'tools/call',
  'server/discover',
  'notifications/initialized',
  'notifications/cancelled',
  'notifications/progress',
];
const ODD_METHODS = [
  'resources/list',
  'resources/read',
  'prompts/get',
  'logging/setLevel',
  'TOOLS/LIST',
  'tools/call ',
  ' ping',
  '',
  'rpc.discover',
  ...PROTOTYPE_NAMES,
];
const methods = fc.oneof(
  { weight: 12, arbitrary: fc.constant<unknown>('tools/call') },
  { weight: 10, arbitrary: fc.constantFrom<unknown>(...REAL_METHODS) },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(...ODD_METHODS) },
  { weight: 1, arbitrary: oddString },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(1, null, ['ping'], {}, true) },
);

const TOOL_NAMES = ['search_logs', 'fail', 'weather', 'media', 'forecast', 'summarize', 'keys'];
const toolNames = fc.oneof(
  { weight: 10, arbitrary: fc.constantFrom(...TOOL_NAMES) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '',
      'nope',
      'SEARCH_LOGS',
      'search_logs ',
      '\ud800',
      ...PROTOTYPE_NAMES,
    ),
  },
  { weight: 1, arbitrary: oddString },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(ABSENT, 5, null, ['fail'], {}) },
);

// A value for an argument: mostly right for its tool, sometimes anything JSON.parse can make.
const argument = <T>(right: fc.Arbitrary<T>) =>
  fc.oneof(
    { weight: 20, arbitrary: right as fc.Arbitrary<unknown> },
    { weight: 1, arbitrary: fc.constant<unknown>(ABSENT) },
    { weight: 1, arbitrary: junk },
    { weight: 1, arbitrary: fc.constantFrom<unknown>(...JSON_EDGE_NUMBERS) },
  );

const rightArguments: Record<string, fc.Arbitrary<Slot[]>> = {
  search_logs: fc
    .tuple(
      argument(fc.oneof(fc.constantFrom('boot', 'disk', 'info', 'error', 'i', ''), oddString)),
      argument(fc.integer({ min: -5, max: 300 })),
      argument(fc.constantFrom('info', 'error', null, 'warn')),
    )
    .map(([query, limit, level]) => [
      ['query', query],
      ['limit', limit],
      ['level', level],
    ]),
  fail: argument(fc.constantFrom('tool', 'crash', 'string', 'bad-output', 'nope')).map((how) => [
    ['how', how],
  ]),
  weather: argument(fc.oneof(fc.constantFrom('Oslo', 'Nowhere', 'Void'), oddString)).map((city) => [
    ['city', city],
  ]),
  forecast: fc
    .tuple(
      argument(fc.oneof(fc.constantFrom('north', 'Zürich', ' padded ', ''), oddString)),
      argument(fc.integer({ min: -3, max: 10 })),
      argument(fc.boolean()),
      argument(fc.constantFrom(null, 'note')),
    )
    .map(([region, days, metric, note]) => [
      ['region', region],
      ['days', days],
      ['metric', metric],
      ['note', note],
    ]),
};

const extraArguments = fc.array(
  fc.tuple(fc.oneof(fc.constantFrom(...PROTOTYPE_NAMES), oddString), junk) as fc.Arbitrary<Slot>,
  { maxLength: 3 },
);

const argumentsFor = (name: unknown) =>
  fc.oneof(
    {
      weight: 10,
      arbitrary: fc
        .tuple(
          typeof name === 'string' && Object.hasOwn(rightArguments, name)
            ? rightArguments[name]!
            : fc.constant<Slot[]>([]),
          fc.oneof(
            { weight: 3, arbitrary: fc.constant<Slot[]>([]) },
            { weight: 1, arbitrary: extraArguments },
          ),
        )
        .map(([right, extra]) => objectOf([...right, ...extra]) as unknown),
    },
    { weight: 1, arbitrary: fc.constant<unknown>(ABSENT) },
    { weight: 1, arbitrary: junk },
  );

const meta = fc
  .tuple(
    fc.oneof(
      { weight: 6, arbitrary: fc.constant<unknown>(V) },
      { weight: 2, arbitrary: versions as fc.Arbitrary<unknown> },
      { weight: 2, arbitrary: fc.constant<unknown>(ABSENT) },
      { weight: 1, arbitrary: junk },
    ),
    fc.oneof(
      { weight: 6, arbitrary: fc.constant<unknown>({}) },
      { weight: 2, arbitrary: fc.constantFrom<unknown>({ sampling: {} }, { sampling: 1 }, ABSENT) },
      { weight: 1, arbitrary: junk },
    ),
    fc.oneof(
      { weight: 3, arbitrary: fc.constant<unknown>(ABSENT) },
      { weight: 1, arbitrary: fc.constant<unknown>({ name: 'fuzz', version: '1.0.0' }) },
      { weight: 1, arbitrary: junk },
    ),
    fc.oneof(
      { weight: 5, arbitrary: fc.constant<unknown>(ABSENT) },
      { weight: 1, arbitrary: fc.constantFrom<unknown>('debug', 'emergency', 'loud', 3, null) },
    ),
    fc.oneof(
      { weight: 4, arbitrary: fc.constant<Slot[]>([]) },
      { weight: 1, arbitrary: extraArguments },
    ),
  )
  .map(([version, capabilities, info, level, extra]) =>
    objectOf([
      [META.version, version],
      [META.capabilities, capabilities],
      [META.info, info],
      [META.logLevel, level],
      ...extra,
    ]),
  );

const paramsFor = (method: unknown): fc.Arbitrary<Slot[]> => {
  switch (method) {
    case 'tools/call':
      return toolNames.chain((name) =>
        argumentsFor(name).map((args): Slot[] => [
          ['name', name],
          ['arguments', args],
        ]),
      );
    case 'initialize':
      return fc
        .tuple(
          argument(versions),
          argument(fc.constant({})),
          argument(fc.constant({ name: 'fuzz', version: '1.0.0' })),
        )
        .map(([protocolVersion, capabilities, clientInfo]): Slot[] => [
          ['protocolVersion', protocolVersion],
          ['capabilities', capabilities],
          ['clientInfo', clientInfo],
        ]);
    case 'tools/list':
      return fc.oneof(
        { weight: 5, arbitrary: fc.constant<Slot[]>([]) },
        { weight: 1, arbitrary: junk.map((cursor): Slot[] => [['cursor', cursor]]) },
      );
    default:
      return fc.oneof(
        { weight: 3, arbitrary: fc.constant<Slot[]>([]) },
        { weight: 1, arbitrary: extraArguments },
      );
  }
};

/** A JSON-RPC message, mostly valid: a request, a notification, a response, or broken. */
export const message: fc.Arbitrary<unknown> = methods.chain((method) =>
  fc
    .record({
      jsonrpc: fc.oneof(
        { weight: 40, arbitrary: fc.constant<unknown>('2.0') },
        {
          weight: 1,
          arbitrary: fc.constantFrom<unknown>(ABSENT, '1.0', 2, null, '2.0 ', '', ['2.0']),
        },
      ),
      id: fc.oneof(
        { weight: 8, arbitrary: ids },
        { weight: 2, arbitrary: fc.constant<unknown>(ABSENT) },
      ),
      method: fc.oneof(
        { weight: 40, arbitrary: fc.constant<unknown>(method) },
        { weight: 1, arbitrary: fc.constant<unknown>(ABSENT) },
      ),
      params: paramsFor(method),
      meta: fc.oneof(
        { weight: 4, arbitrary: meta as fc.Arbitrary<unknown> },
        { weight: 3, arbitrary: fc.constant<unknown>(ABSENT) },
        { weight: 1, arbitrary: junk },
      ),
      paramsShape: fc.oneof(
        { weight: 30, arbitrary: fc.constant<unknown>('object') },
        { weight: 1, arbitrary: fc.constant<unknown>(ABSENT) },
        { weight: 1, arbitrary: fc.constantFrom<unknown>([1, 2], 'bar', null, 3, []) },
      ),
      response: fc.oneof(
        { weight: 30, arbitrary: fc.constant<Slot[]>([]) },
        {
          weight: 1,
          arbitrary: fc.constantFrom<Slot[]>(
            [['result', {}]],
            [['error', { code: -1, message: 'no' }]],
            [
              ['result', {}],
              ['error', {}],
            ],
          ),
        },
      ),
      extra: fc.oneof(
        { weight: 8, arbitrary: fc.constant<Slot[]>([]) },
        { weight: 1, arbitrary: extraArguments },
      ),
    })
    .map(({ jsonrpc, id, method: m, params, meta: m2, paramsShape, response, extra }) => {
      const body =
        paramsShape === 'object' ? objectOf([...params, ['_meta', m2]]) : (paramsShape as unknown);
      return objectOf([
        ['jsonrpc', jsonrpc],
        ['id', id],
        ['method', m],
        ['params', body],
        ...response,
        ...extra,
      ]);
    }),
);

/** A batch: mostly messages, sometimes anything, sometimes too many, sometimes none. */
export const batch: fc.Arbitrary<unknown[]> = fc.oneof(
  { weight: 10, arbitrary: fc.array(message, { minLength: 1, maxLength: 6 }) },
  { weight: 2, arbitrary: fc.array(fc.oneof(message, junk), { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.array(message, { minLength: 19, maxLength: 23 }) },
);

const ROUTING = ['mcp-protocol-version', 'mcp-method', 'mcp-name'];
const PARAMS = ['mcp-param-region', 'mcp-param-days', 'mcp-param-metric'];

/** The headers a careful 2026-07-28 client would send with a message. */
export function routingHeaders(payload: unknown): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  if (!isObject(payload)) return headers;
  const params = isObject(payload.params) ? payload.params : undefined;
  const version = isObject(params?._meta) ? params._meta[META.version] : undefined;
  if (typeof version === 'string') headers['mcp-protocol-version'] = version;
  if (typeof payload.method === 'string') headers['mcp-method'] = encodeHeaderValue(payload.method);
  if (typeof params?.name === 'string') headers['mcp-name'] = encodeHeaderValue(params.name);
  const args = params?.arguments;
  if (isObject(args)) {
    for (const [key, name] of [
      ['region', 'mcp-param-region'],
      ['days', 'mcp-param-days'],
      ['metric', 'mcp-param-metric'],
    ] as const) {
      const value = args[key];
      if (typeof value === 'string') headers[name] = encodeHeaderValue(value);
      else if (typeof value === 'number' || typeof value === 'boolean') {
        headers[name] = String(value);
      }
    }
  }
  return headers;
}

const headerValue = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...VERSIONS, 'tools/call', 'tools/list', 'search_logs') },
  { weight: 2, arbitrary: oddString },
  { weight: 1, arbitrary: fc.array(fc.constantFrom(V, 'a', ''), { minLength: 2, maxLength: 3 }) },
);

type Mutation = [name: string, how: string, value: string | string[]];
const mutation: fc.Arbitrary<Mutation> = fc.tuple(
  fc.constantFrom(...ROUTING, ...PARAMS, 'mcp-param-other'),
  fc.constantFrom('delete', 'junk', 'repeat', 'pad', 'base64', 'upper'),
  headerValue,
);

function mutate(
  headers: Record<string, string | string[]>,
  [name, how, value]: Mutation,
): Record<string, string | string[]> {
  const out = { ...headers };
  const current = out[name];
  const text = Array.isArray(current) ? current.join(', ') : current;
  switch (how) {
    case 'delete':
      delete out[name];
      break;
    case 'junk':
      out[name] = value;
      break;
    case 'repeat':
      out[name] = [text ?? 'x', text ?? 'y'];
      break;
    case 'pad':
      out[name] = ` ${text ?? ''}\t`;
      break;
    case 'base64':
      out[name] = `=?base64?${Buffer.from(text ?? '').toString('base64')}?=`;
      break;
    case 'upper':
      if (text !== undefined) out[name] = text.toUpperCase();
      break;
  }
  return out;
}

/** The 2026-07-28 headers of a message: right, then broken by up to three mutations. */
const routingFor = (payload: unknown) =>
  fc
    .array(mutation, { maxLength: 3 })
    .map((mutations) => mutations.reduce(mutate, routingHeaders(payload)));

/** Host, Origin, Content-Type, Accept...: right `care` times as often as the plain ones. */
const transportHeaders = (care: number) =>
  fc.record({
    host: fc.oneof(
      {
        weight: 12 * care,
        arbitrary: fc.constantFrom<unknown>('localhost:3000', '127.0.0.1', '[::1]:8080'),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom<unknown>(
          ABSENT,
          'evil.example.com',
          'localhost:99999',
          'localhost:',
          '',
          ['localhost', 'evil.example.com'],
          'user@localhost',
        ),
      },
      { weight: 1, arbitrary: oddString },
    ),
    origin: fc.oneof(
      { weight: 10 * care, arbitrary: fc.constant<unknown>(ABSENT) },
      {
        weight: 2,
        arbitrary: fc.constantFrom<unknown>('http://localhost:5173', 'https://127.0.0.1'),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom<unknown>('null', 'https://evil.example.com', 'file://'),
      },
      { weight: 1, arbitrary: oddString },
    ),
    'content-type': fc.oneof(
      { weight: 12 * care, arbitrary: fc.constant<unknown>('application/json') },
      {
        weight: 2,
        arbitrary: fc.constantFrom<unknown>(
          'application/json; charset=utf-8',
          'Application/JSON',
          ABSENT,
          'text/plain',
          '',
          ['application/json', 'application/json'],
          'application/jsonx',
        ),
      },
      { weight: 1, arbitrary: oddString },
    ),
    accept: fc.oneof(
      { weight: 6 * care, arbitrary: fc.constant<unknown>(ABSENT) },
      {
        weight: 4,
        arbitrary: fc.constantFrom<unknown>(
          'application/json, text/event-stream',
          'application/json',
          '*/*',
          'application/*;q=0.5',
        ),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom<unknown>(
          'text/event-stream',
          'application/json;q=0',
          'application/json;q=abc',
          ['text/html', 'application/json'],
          '',
        ),
      },
      { weight: 1, arbitrary: oddString },
    ),
    authorization: fc.oneof(
      { weight: 8, arbitrary: fc.constant<unknown>(ABSENT) },
      { weight: 1, arbitrary: fc.constantFrom<unknown>('Bearer yes', 'Bearer no', 'Basic abc') },
    ),
    'mcp-session-id': fc.oneof(
      { weight: 8, arbitrary: fc.constant<unknown>(ABSENT) },
      { weight: 1, arbitrary: oddString },
    ),
  });

type Headers_ = Record<string, string | string[]>;

function plainHeaders(record: Record<string, unknown>): Headers_ {
  const out: Headers_ = {};
  for (const [key, value] of Object.entries(record)) {
    if (value !== ABSENT) out[key] = value as string | string[];
  }
  return out;
}

// Web Headers take only byte strings; a plain object (Node's) takes what the parser made.
function asHeaders(plain: Headers_, web: boolean): Headers_ | Headers {
  if (!web) return plain;
  try {
    const headers = new Headers();
    for (const [key, value] of Object.entries(plain)) {
      for (const one of Array.isArray(value) ? value : [value]) headers.append(key, one);
    }
    return headers;
  } catch {
    return plain;
  }
}

/** What `handle()` may be given with a payload: nothing, or headers right or broken. */
const contextFor = (payload: unknown) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constant<{ headers: Headers_ | Headers } | undefined>(undefined) },
    {
      weight: 4,
      arbitrary: fc
        .tuple(routingFor(payload), fc.boolean())
        .map(([headers, web]) => ({ headers: asHeaders(headers, web) })),
    },
    {
      weight: 1,
      arbitrary: fc
        .dictionary(fc.constantFrom(...ROUTING, ...PARAMS), headerValue, { noNullPrototype: true })
        .map((headers) => ({ headers: headers as Headers_ })),
    },
  );

/** The body of a message as text, with 1e400 and -0 as JSON.parse would read them back. */
export function toJsonText(value: unknown): string {
  const marks = new Map<string, string>();
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (typeof item !== 'number') return item;
    let raw: string | undefined;
    if (item === Infinity) raw = '1e400';
    else if (item === -Infinity) raw = '-1e400';
    else if (Object.is(item, -0)) raw = '-0';
    if (raw === undefined) return item;
    const mark = `\u0000${marks.size}\u0000`;
    marks.set(JSON.stringify(mark), raw);
    return mark;
  });
  let out = text ?? 'null';
  for (const [mark, raw] of marks) out = out.split(mark).join(raw);
  return out;
}

const encoder = new TextEncoder();

type Body = string | Uint8Array | undefined;

// A body from a payload: its JSON, as text or bytes, sometimes with a BOM, spaces, a duplicate key,
// cut short, or a byte that UTF-8 forbids.
const bodyOf = (payload: unknown): fc.Arbitrary<Body> =>
  fc
    .tuple(
      fc.oneof(
        { weight: 12, arbitrary: fc.constantFrom('text', 'bytes', 'bom', 'spaces', 'duplicate') },
        { weight: 1, arbitrary: fc.constantFrom('cut', 'badbyte') },
      ),
      fc.nat(),
      ids,
    )
    .map(([how, at, id]): Body => {
      const text = toJsonText(payload);
      switch (how) {
        case 'bytes':
          return encoder.encode(text);
        case 'bom':
          return `\ufeff${text}`;
        case 'spaces':
          return ` \n\t${text}\r\n `;
        case 'duplicate':
          // A key that comes first is overwritten by the message's own (JSON.parse: last wins).
          return text.startsWith('{') && text !== '{}'
            ? `{"id":${toJsonText(id)},"method":"tools/call",${text.slice(1)}`
            : text;
        case 'cut':
          return text.slice(0, at % (text.length + 1));
        case 'badbyte': {
          const bytes = encoder.encode(text);
          const out = new Uint8Array(bytes.length + 1);
          const index = at % (bytes.length + 1);
          out.set(bytes.subarray(0, index), 0);
          out[index] = 0xff;
          out.set(bytes.subarray(index), index + 1);
          return out;
        }
        default:
          return text;
      }
    });

/** An HTTP request for a payload: its body, 2026-07-28 headers maybe, transport headers. */
const requestFor = (payload: unknown) =>
  fc
    .tuple(
      bodyOf(payload),
      fc.oneof(
        { weight: 1, arbitrary: fc.constant<Headers_>({}) },
        { weight: 4, arbitrary: routingFor(payload) },
      ),
      transportHeaders(10),
      fc.oneof(
        { weight: 100, arbitrary: fc.constant('POST') },
        { weight: 1, arbitrary: fc.constantFrom('post', 'GET', 'PUT', 'DELETE', 'OPTIONS', '') },
      ),
      fc.boolean(),
    )
    .map(
      ([body, routing, transport, method, web]): HttpRequest => ({
        method,
        url: '/mcp',
        headers: asHeaders({ ...routing, ...plainHeaders(transport) }, web),
        body,
      }),
    );

/** An HTTP request of a message or a batch. */
export const httpRequest: fc.Arbitrary<HttpRequest> = fc
  .oneof(
    { weight: 4, arbitrary: message },
    { weight: 1, arbitrary: batch as fc.Arbitrary<unknown> },
  )
  .chain((payload) => requestFor(payload));

/** Any body at all: bytes, text of any code units, or JSON text of anything. */
const anyBody: fc.Arbitrary<Body> = fc.oneof(
  fc.uint8Array({ maxLength: 256 }),
  fc.string({ unit: codeUnit, maxLength: 64 }),
  fc.string({ unit: 'binary', maxLength: 64 }),
  fc.json({ maxDepth: 3 }),
  fc.jsonValue({ maxDepth: 3 }).map((value) => toJsonText(value)),
  fc.constantFrom<Body>(
    undefined,
    '',
    '\ufeff',
    '\ufeff\ufeff{}',
    'null',
    '[]',
    '[[]]',
    '{}',
    '1e400',
  ),
);

/** Any headers: the transport ones, the 2026-07-28 ones, and made-up ones. */
const anyHeaders = fc
  .tuple(
    transportHeaders(1),
    fc.dictionary(
      fc.oneof(fc.constantFrom(...ROUTING, ...PARAMS), fc.string({ maxLength: 10 })),
      headerValue,
      { maxKeys: 4, noNullPrototype: true },
    ),
    fc.boolean(),
  )
  .map(([transport, other, web]) =>
    asHeaders({ ...(other as Headers_), ...plainHeaders(transport) }, web),
  );

// ---------------------------------------------------------------------------------------------
// The handlers, and the checks of one exchange.

const authorize = (request: HttpRequest) => {
  const value =
    request.headers instanceof Headers
      ? request.headers.get('authorization')
      : request.headers.authorization;
  if (value === 'Bearer no') return forbidden();
  if (value === 'Basic abc') return unauthorized();
  return { caller: 'fuzz' };
};

const OPTIONS: HttpOptions<unknown>[] = [
  {},
  {},
  { maxBodyBytes: 120 },
  { allowedHosts: ['*'] },
  { authorize },
];

/** The servers made for one HTTP request, to read their logs. */
let made: FuzzServer[] = [];
const HANDLERS: HttpHandler[] = OPTIONS.map((options) =>
  createHttpHandler(() => {
    const server = new FuzzServer();
    made.push(server);
    return server;
  }, options),
);

const internalErrors = (answer: unknown): number =>
  (Array.isArray(answer) ? answer : [answer]).filter(
    (one) => isObject(one) && isObject(one.error) && one.error.code === -32603,
  ).length;

/** One in-process exchange: answered in time, well-formed, ids right, nothing leaked, logged. */
export async function checkHandle(
  payload: unknown,
  context: { headers: Headers_ | Headers } | undefined,
): Promise<void> {
  const server = new FuzzServer();
  const answer = await within(server.handle(payload, context), 'handle()');
  assertWellFormed(answer);
  assertIdsMatch(payload, answer);
  assertNoLeak(answer, clientStrings(payload, context?.headers));
  assert.ok(server.logged.length >= internalErrors(answer), 'every internal error is logged');
  assert.equal(loggerFailures, [], 'the logger never throws');
  assertPrototypeIntact();
}

function parsedBody(body: Body): unknown {
  try {
    const text =
      typeof body === 'string' ? body : new TextDecoder().decode(body ?? new Uint8Array());
    return JSON.parse(text.replace(/^\ufeff/, ''));
  } catch {
    return undefined;
  }
}

/** One HTTP exchange: 2xx or 4xx, an empty body (202) or JSON-RPC, nothing leaked. */
export async function checkHttp(handler: HttpHandler, request: HttpRequest): Promise<void> {
  made = [];
  const response: HttpResponse = await within(handler(request), 'the HTTP handler');
  const { status, body } = response;
  assert.ok(
    (status >= 200 && status < 300) || (status >= 400 && status < 500),
    `status ${status} is 2xx or 4xx`,
  );
  if (status === 202) {
    assert.is(body, undefined, '202 has no body');
    assert.equal(response.headers, {}, '202 has no Content-Type');
  } else {
    assert.type(body, 'string', `${status} has a body`);
    assert.is(response.headers['content-type'], 'application/json');
    let answer: unknown;
    try {
      answer = JSON.parse(jsonText(body));
    } catch {
      assert.unreachable(`the body is not JSON: ${body}`);
    }
    assertWellFormed(answer, false);
    if (status >= 400) assert.ok(!Array.isArray(answer), 'a refusal is one error');
    if (status >= 400) assert.ok(isObject(answer) && 'error' in answer, 'a 4xx is an error');
    assertNoLeak(answer, clientStrings(parsedBody(request.body), request.headers));
    const logged = made.reduce((sum, server) => sum + server.logged.length, 0);
    assert.ok(logged >= internalErrors(answer), 'every internal error is logged');
  }
  assert.equal(loggerFailures, [], 'the logger never throws');
  assertPrototypeIntact();
}

// ---------------------------------------------------------------------------------------------
// The properties, for this file and for scripts/fuzz.ts.

/** A property, its runs in `npm test`, and its share of the fuzzer's million. */
export interface NamedProperty {
  readonly name: string;
  readonly runs: number;
  readonly property: () => fc.IAsyncPropertyWithHooks<any>;
}

export const PROPERTIES: readonly NamedProperty[] = [
  {
    name: 'any JSON value, with or without headers: handle() answers nothing or JSON-RPC',
    runs: 2500,
    property: () =>
      fc.asyncProperty(
        fc
          .oneof(
            fc.jsonValue({ maxDepth: 4 }),
            fc.jsonValue({ maxDepth: 3, stringUnit: 'binary' }),
            fc.constantFrom<unknown>(Infinity, -0, '\ud800', [], {}, [[]], [{}]),
          )
          .chain((payload) => fc.tuple(fc.constant(payload), contextFor(payload))),
        ([payload, context]) => checkHandle(payload, context),
      ),
  },
  {
    name: 'a mostly valid message, headers right or broken: handle() answers nothing or JSON-RPC',
    runs: 3000,
    property: () =>
      fc.asyncProperty(
        message.chain((payload) => fc.tuple(fc.constant(payload), contextFor(payload))),
        ([payload, context]) => checkHandle(payload, context),
      ),
  },
  {
    name: 'a batch: handle() answers nothing, one refusal, or an array of JSON-RPC',
    runs: 1200,
    property: () =>
      fc.asyncProperty(
        batch.chain((payload) =>
          fc.tuple(
            fc.constant<unknown>(payload),
            fc.constantFrom<{ headers: Headers_ } | undefined>(
              undefined,
              { headers: {} },
              { headers: { 'mcp-protocol-version': '2025-03-26' } },
              { headers: { 'mcp-protocol-version': V } },
            ),
          ),
        ),
        ([payload, context]) => checkHandle(payload, context),
      ),
  },
  {
    name: 'any bytes and any headers: the HTTP layer answers 2xx or 4xx, empty or JSON-RPC',
    runs: 2500,
    property: () =>
      fc.asyncProperty(
        anyBody,
        anyHeaders,
        fc.nat({ max: HANDLERS.length - 1 }),
        fc.constantFrom('POST', 'POST', 'POST', 'GET', 'post'),
        (body, headers, which, method) =>
          checkHttp(HANDLERS[which]!, { method, url: '/mcp', headers, body }),
      ),
  },
  {
    name: 'a mostly valid message or batch over HTTP: 2xx or 4xx, empty or JSON-RPC',
    runs: 3000,
    property: () =>
      fc.asyncProperty(
        fc
          .oneof(
            { weight: 4, arbitrary: message },
            { weight: 1, arbitrary: batch as fc.Arbitrary<unknown> },
          )
          .chain((payload) => requestFor(payload)),
        fc.nat({ max: HANDLERS.length - 1 }),
        (request, which) => checkHttp(HANDLERS[which]!, request),
      ),
  },
];

// ---------------------------------------------------------------------------------------------

const properties = suite('properties');

let disconnect: () => void = () => {};
properties.before(() => {
  disconnect = connectReceivers();
});
properties.after(() => disconnect());

for (const { name, runs: fallback, property } of PROPERTIES) {
  properties(name, async () => {
    await fc.assert(property(), { seed: SEED, numRuns: runs(fallback) });
  });
}

// uvu's assert.throws lets an assertion through: this one catches it.
function fails(check: () => void): void {
  try {
    check();
  } catch {
    return;
  }
  assert.unreachable('the check should have failed');
}

properties('the checks themselves catch what they must', () => {
  fails(() => assertWellFormed({ jsonrpc: '2.0', id: 1, result: {}, error: {} }));
  fails(() => assertWellFormed({ jsonrpc: '2.0', id: 1.5, result: {} }));
  fails(() => assertWellFormed({ jsonrpc: '2.0', id: 1, error: { code: -1, message: '' } }));
  fails(() => assertWellFormed({ jsonrpc: '2.0', result: {} }));
  fails(() => assertWellFormed([]));
  fails(() => assertWellFormed(undefined, false));
  fails(() => assertNoLeak({ message: '    at Foo.bar (/srv/app/x.js:1:2)' }, []));
  fails(() => assertNoLeak({ message: 'secret detail' }, []));
  fails(() => assertNoLeak({ text: 'see src/tool-base.ts' }, []));
  assertNoLeak({ message: 'Unknown tool: /etc/passwd/' }, ['/etc/passwd/']);
  assertNoLeak({ content: [{ type: 'text', text: 'file:///README.md' }] }, []);
  assertWellFormed({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'x' } });
  assertWellFormed(undefined);
  assert.is(toJsonText({ a: Infinity, b: -0, c: [-Infinity] }), '{"a":1e400,"b":-0,"c":[-1e400]}');
});

properties.run();
