// A corpus of bad inputs, each a named case with its whole answer, in-process through handle()
// and over HTTP through createHttpHandler: JSON-RPC 2.0's own examples (its section 7) adapted to
// MCP, ids of every JSON type, Object.prototype's names, `__proto__` keys, JSON nested 100,000
// deep, 4 MiB strings, 1e400, lone surrogates, a BOM, duplicate keys, and wrong or repeated headers.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createHttpHandler, DEFAULT_MAX_BODY_BYTES, type HttpRequest } from '../src/http.js';
import { defineTool, encodeHeaderValue, toolsByName } from '../src/index.js';
import { jsonText, TestServer } from './fixtures.js';

// ---------------------------------------------------------------------------------------------
// The server: the fixture's, with a tool that takes any argument and says which it got, and one
// with an unbounded integer.

const Keys = defineTool({
  name: 'keys',
  title: 'Keys',
  description: 'The names of the arguments it got, and whether they are a plain object.',
  argumentsSchema: {
    type: 'object',
    properties: { n: { type: 'integer', default: 1 } },
    additionalProperties: true,
  },
  run: (args) =>
    JSON.stringify({
      keys: Object.keys(args),
      plain: Object.getPrototypeOf(args) === Object.prototype,
    }),
});

const Count = defineTool({
  name: 'count',
  title: 'Count',
  description: 'Counts to n.',
  argumentsSchema: {
    type: 'object',
    properties: { n: { type: 'integer' }, x: { type: 'number' } },
  },
  run: ({ n, x }) => `n=${n} x=${x}`,
});

class CorpusServer extends TestServer {
  override readonly tools = toolsByName(
    ...new TestServer().tools.values(),
    new Keys(),
    new Count(),
  );
}

const JSON_TYPE = { 'content-type': 'application/json' };
const PING = '{"jsonrpc": "2.0", "id": 1, "method": "ping"}';
const utf8 = (value: string) => new TextEncoder().encode(value);
const V = '2026-07-28';
const META = {
  'io.modelcontextprotocol/protocolVersion': V,
  'io.modelcontextprotocol/clientCapabilities': {},
};
const SERVER_INFO = {
  'io.modelcontextprotocol/serverInfo': {
    name: 'test-server',
    title: 'Test server',
    version: '1.2.3',
    websiteUrl: 'https://example.com',
  },
};
const SUPPORTED = ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'];

const error = (id: string | number | null, code: number, message: string, data?: unknown) => ({
  jsonrpc: '2.0',
  id,
  error: data === undefined ? { code, message } : { code, message, data },
});
const result = (id: string | number, value: unknown) => ({ jsonrpc: '2.0', id, result: value });
const text = (value: string, isError?: true) =>
  isError
    ? { content: [{ type: 'text', text: value }], isError }
    : { content: [{ type: 'text', text: value }] };
const modernResult = (id: string | number, value: Record<string, unknown>) =>
  result(id, { resultType: 'complete', ...value, _meta: SERVER_INFO });

const http = createHttpHandler(() => new CorpusServer());

type Headers_ = Record<string, string | string[]>;

function post(body: string | Uint8Array | undefined, headers: Headers_ = {}): HttpRequest {
  return {
    method: 'POST',
    url: '/mcp',
    headers: { host: 'localhost:3000', 'content-type': 'application/json', ...headers },
    body,
  };
}

interface Exchange {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Over HTTP: the status, the headers, and the body parsed; the raw body is checked too. */
async function overHttp(
  body: string | Uint8Array | undefined,
  headers: Headers_ = {},
  handler = http,
): Promise<Exchange> {
  const response = await handler(post(body, headers));
  if (response.body !== undefined) {
    // What goes on the wire is well-formed UTF-16 (lone surrogates escaped) and JSON.
    assert.not.match(jsonText(response.body), LONE_SURROGATE, 'the body is well-formed text');
  }
  return {
    status: response.status,
    headers: response.headers,
    body: response.body === undefined ? undefined : JSON.parse(jsonText(response.body)),
  };
}

const answered = (status: number, body: unknown): Exchange => ({
  status,
  headers: status === 202 ? {} : JSON_TYPE,
  body,
});

/** In-process: the body parsed as JSON.parse does, then handle(). */
const inProcess = (body: string, server = new CorpusServer()) => server.handle(JSON.parse(body));

/**
 * One case: its JSON text, the answer handle() gives it, and the status it is sent with. Over HTTP
 * the body is the same answer (none for 202).
 */
async function both(
  body: string,
  answer: unknown,
  status: number,
  headers: Headers_ = {},
): Promise<void> {
  assert.equal(await inProcess(body), answer, 'in-process');
  assert.equal(await overHttp(body, headers), answered(status, answer), 'over HTTP');
}

/** A 2026-07-28 request: its body and the headers a careful client sends with it. */
function modern(
  id: unknown,
  method: string,
  params: Record<string, unknown> = {},
): { body: string; headers: Headers_ } {
  const headers: Headers_ = { 'mcp-protocol-version': V, 'mcp-method': method };
  if (typeof params.name === 'string') headers['mcp-name'] = encodeHeaderValue(params.name);
  return {
    body: JSON.stringify({ jsonrpc: '2.0', id, method, params: { ...params, _meta: META } }),
    headers,
  };
}

const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];
const PROTOTYPE_KEYS = Object.getOwnPropertyNames(Object.prototype).sort();

function assertPrototypeIntact(): void {
  assert.equal(Object.getOwnPropertyNames(Object.prototype).sort(), PROTOTYPE_KEYS);
  for (const name of ['polluted', 'name', 'x', 'isAdmin']) {
    assert.is(({} as Record<string, unknown>)[name], undefined, `Object.prototype.${name}`);
  }
}

// ---------------------------------------------------------------------------------------------

const spec = suite('JSON-RPC 2.0 section 7, adapted to MCP');

spec('rpc call with positional parameters: MCP takes named ones only, -32602', async () => {
  await both(
    '{"jsonrpc": "2.0", "method": "tools/call", "params": ["search_logs", {"query": "boot"}], "id": 1}',
    error(1, -32602, 'params must be an object.'),
    200,
  );
});

spec('rpc call with named parameters, in any order', async () => {
  await both(
    '{"jsonrpc": "2.0", "method": "tools/call", "params": {"name": "search_logs", "arguments": {"query": "boot"}}, "id": 3}',
    result(3, text('info boot')),
    200,
  );
  await both(
    '{"jsonrpc": "2.0", "method": "tools/call", "params": {"arguments": {"query": "boot"}, "name": "search_logs"}, "id": 4}',
    result(4, text('info boot')),
    200,
  );
});

spec('a notification: no answer, 202', async () => {
  await both(
    '{"jsonrpc": "2.0", "method": "notifications/progress", "params": {"progressToken": 1, "progress": 5}}',
    undefined,
    202,
  );
  await both('{"jsonrpc": "2.0", "method": "notifications/initialized"}', undefined, 202);
});

// JSON-RPC 2.0 section 4.1: "The Server MUST NOT reply to a Notification"; section 7's
// `{"method": "update", "params": [1,2,3,4,5]}` is answered with nothing. Positional params are
// wrong for MCP, but a notification has no one to tell.
spec('a notification with positional params: still no answer, 202 (section 4.1)', async () => {
  await both(
    '{"jsonrpc": "2.0", "method": "notifications/progress", "params": [1, 2, 3, 4, 5]}',
    undefined,
    202,
  );
  await both(
    '[{"jsonrpc": "2.0", "method": "notifications/progress", "params": [1, 2, 4]}, {"jsonrpc": "2.0", "method": "notifications/initialized", "params": [7]}]',
    undefined,
    202,
  );
});

spec('rpc call of a non-existent method: -32601', async () => {
  await both(
    '{"jsonrpc": "2.0", "method": "foobar", "id": "1"}',
    error('1', -32601, 'Method not found'),
    200,
  );
});

spec('rpc call with invalid JSON: 400 -32700, id null', async () => {
  assert.equal(
    await overHttp('{"jsonrpc": "2.0", "method": "foobar, "params": "bar", "baz]'),
    answered(400, error(null, -32700, 'The body is not valid JSON.')),
  );
});

spec('rpc call with an invalid Request object: -32600, id null', async () => {
  await both(
    '{"jsonrpc": "2.0", "method": 1, "params": "bar"}',
    error(null, -32600, 'method must be a string.'),
    400,
  );
});

spec('rpc call Batch, invalid JSON: 400 -32700, id null', async () => {
  assert.equal(
    await overHttp(
      '[{"jsonrpc": "2.0", "method": "tools/call", "params": {"name": "search_logs", "arguments": {"query": "boot"}}, "id": "1"}, {"jsonrpc": "2.0", "method"]',
    ),
    answered(400, error(null, -32700, 'The body is not valid JSON.')),
  );
});

spec('rpc call with an empty Array: one -32600, id null, 400', async () => {
  await both('[]', error(null, -32600, 'A batch must hold at least one message.'), 400);
});

spec('rpc call with an invalid Batch (but not empty): [1]', async () => {
  await both('[1]', [error(null, -32600, 'A message must be a JSON object.')], 200);
});

spec('rpc call with an invalid Batch: [1, 2, 3]', async () => {
  await both(
    '[1, 2, 3]',
    [1, 2, 3].map(() => error(null, -32600, 'A message must be a JSON object.')),
    200,
  );
});

spec('rpc call Batch: answers in order, nothing for the notification', async () => {
  await both(
    `[
      {"jsonrpc": "2.0", "method": "tools/call", "params": {"name": "search_logs", "arguments": {"query": "boot"}}, "id": "1"},
      {"jsonrpc": "2.0", "method": "notifications/progress", "params": {"progressToken": 7, "progress": 1}},
      {"jsonrpc": "2.0", "method": "tools/call", "params": {"name": "search_logs", "arguments": {"query": "ready"}}, "id": "2"},
      {"foo": "boo"},
      {"jsonrpc": "2.0", "method": "foo.get", "params": {"name": "myself"}, "id": "5"},
      {"jsonrpc": "2.0", "method": "ping", "id": "9"}
    ]`,
    [
      result('1', text('info boot')),
      result('2', text('info ready')),
      error(null, -32600, 'jsonrpc must be "2.0".'),
      error('5', -32601, 'Method not found'),
      result('9', {}),
    ],
    200,
  );
});

spec('rpc call Batch (all notifications): nothing, 202', async () => {
  await both(
    '[{"jsonrpc": "2.0", "method": "notifications/progress", "params": {"progressToken": 1, "progress": 2}}, {"jsonrpc": "2.0", "method": "notifications/initialized"}]',
    undefined,
    202,
  );
});

spec.run();

// ---------------------------------------------------------------------------------------------

const ids = suite('ids of every JSON type');

ids('a string or an integer is answered with itself, as JSON.parse read it', async () => {
  for (const [raw, id] of [
    ['"abc"', 'abc'],
    ['""', ''],
    ['"\\u0000"', '\u0000'],
    ['0', 0],
    ['-0', 0],
    ['-1', -1],
    ['9007199254740991', 9007199254740991],
    // Beyond 2^53 JSON.parse rounds: the id is answered as it was read.
    ['9007199254740993', 9007199254740992],
    ['1.0', 1],
    ['1e2', 100],
    ['1e300', 1e300],
  ] as const) {
    await both(`{"jsonrpc": "2.0", "id": ${raw}, "method": "ping"}`, result(id, {}), 200);
  }
});

ids('any other id is -32600 with id null: MCP forbids null, fractions, and the rest', async () => {
  for (const raw of [
    'null',
    '1.5',
    '-0.5',
    '1e400',
    '-1e400',
    'true',
    'false',
    '{}',
    '[]',
    '[1]',
    '{"id": 1}',
  ]) {
    await both(
      `{"jsonrpc": "2.0", "id": ${raw}, "method": "ping"}`,
      error(null, -32600, 'id must be a string or an integer.'),
      400,
    );
  }
});

ids('no id at all is a notification: nothing, 202', async () => {
  await both('{"jsonrpc": "2.0", "method": "ping"}', undefined, 202);
});

ids('a response from the client, whatever its id, owes nothing: 202', async () => {
  for (const raw of ['1', '"x"', 'null', '1.5']) {
    await both(`{"jsonrpc": "2.0", "id": ${raw}, "result": {}}`, undefined, 202);
  }
});

ids.run();

// ---------------------------------------------------------------------------------------------

const proto = suite("Object.prototype's names as methods, tools and arguments");

proto.after(assertPrototypeIntact);

proto('as methods (handshake era): -32601', async () => {
  for (const name of PROTOTYPE_NAMES) {
    await both(
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: name }),
      error(1, -32601, 'Method not found'),
      200,
    );
  }
});

proto('as methods (2026-07-28, in-process): -32601', async () => {
  for (const name of PROTOTYPE_NAMES) {
    assert.equal(await inProcess(modern(1, name).body), error(1, -32601, 'Method not found'), name);
  }
});

// The methods whose Mcp-Name is checked are looked up by name in an object literal: its
// prototype's names must not count as such methods.
proto('as methods (2026-07-28, over HTTP): 404 -32601, no Mcp-Name asked for', async () => {
  for (const name of PROTOTYPE_NAMES) {
    const { body, headers } = modern(1, name);
    assert.equal(
      await overHttp(body, headers),
      answered(404, error(1, -32601, 'Method not found')),
      name,
    );
  }
});

proto('as tool names: -32602 Unknown tool, in both eras', async () => {
  for (const name of PROTOTYPE_NAMES) {
    await both(
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name } }),
      error(1, -32602, `Unknown tool: ${name}`),
      200,
    );
    const { body, headers } = modern(2, 'tools/call', { name, arguments: {} });
    assert.equal(await inProcess(body), error(2, -32602, `Unknown tool: ${name}`), name);
    assert.equal(
      await overHttp(body, headers),
      answered(200, error(2, -32602, `Unknown tool: ${name}`)),
      name,
    );
  }
});

proto('as argument keys: refused by a closed schema, data to an open one', async () => {
  const args =
    '{"query": "boot", "constructor": 1, "toString": 2, "hasOwnProperty": 3, "valueOf": 4}';
  await both(
    `{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "search_logs", "arguments": ${args}}}`,
    result(
      1,
      text(
        `invalid arguments for search_logs: ${['constructor', 'toString', 'hasOwnProperty', 'valueOf'].map((key) => `${key}: is not an argument of this tool`).join('; ')}`,
        true,
      ),
    ),
    200,
  );
  await both(
    `{"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "keys", "arguments": ${args}}}`,
    result(
      2,
      text(
        JSON.stringify({
          keys: ['query', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'n'],
          plain: true,
        }),
      ),
    ),
    200,
  );
});

proto('as the keys of params, _meta and the message: plain data', async () => {
  await both(
    '{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"toString": "search_logs", "constructor": {"query": "boot"}}}',
    error(1, -32602, 'name must be a string.'),
    200,
  );
  await both(
    '{"jsonrpc": "2.0", "id": 1, "method": "ping", "params": {"_meta": {"constructor": 1, "valueOf": 2}}, "toString": 3}',
    result(1, {}),
    200,
  );
});

proto.run();

// ---------------------------------------------------------------------------------------------

const pollution = suite('__proto__ keys, and Object.prototype unchanged');

pollution.after(assertPrototypeIntact);

pollution('__proto__ in arguments: refused by a closed schema', async () => {
  await both(
    '{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "search_logs", "arguments": {"query": "boot", "__proto__": {"polluted": true, "query": "x"}}}}',
    result(
      1,
      text('invalid arguments for search_logs: __proto__: is not an argument of this tool', true),
    ),
    200,
  );
  assertPrototypeIntact();
});

pollution('__proto__ in arguments: an own key to an open schema, copied as one', async () => {
  // `keys` has a default, so the arguments are copied (structuredClone) before defaults go in.
  await both(
    '{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "keys", "arguments": {"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}}}',
    result(1, text(JSON.stringify({ keys: ['__proto__', 'constructor', 'n'], plain: true }))),
    200,
  );
  assertPrototypeIntact();
});

pollution('__proto__ in params, in _meta, in the message: a key like any other', async () => {
  await both(
    '{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"__proto__": {"name": "search_logs", "arguments": {"query": "boot"}}}}',
    error(1, -32602, 'name must be a string.'),
    200,
  );
  // A version hidden under __proto__ is no version: the handshake era answers.
  await both(
    '{"jsonrpc": "2.0", "id": 1, "method": "ping", "params": {"_meta": {"__proto__": {"io.modelcontextprotocol/protocolVersion": "2026-07-28"}}}}',
    result(1, {}),
    200,
  );
  await both(
    '{"__proto__": {"jsonrpc": "2.0", "id": 1, "method": "ping"}}',
    error(null, -32600, 'jsonrpc must be "2.0".'),
    400,
  );
  await both(
    '{"jsonrpc": "2.0", "id": 1, "method": "__proto__", "params": {"__proto__": null}}',
    error(1, -32601, 'Method not found'),
    200,
  );
  assertPrototypeIntact();
});

pollution.run();

// ---------------------------------------------------------------------------------------------

const deep = suite('JSON nested 100,000 deep');

const DEPTH = 100_000;
const deepArray = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;
const deepObject = `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`;

/** The same value, built without recursion. */
function nested(depth: number): Record<string, unknown> {
  let value: Record<string, unknown> = { a: 1 };
  for (let level = 1; level < depth; level++) value = { a: value };
  return value;
}

deep('JSON.parse reads it without blowing the stack', () => {
  let value = JSON.parse(deepObject) as Record<string, unknown>;
  let levels = 1;
  while (typeof value.a === 'object') {
    value = value.a as Record<string, unknown>;
    levels++;
  }
  assert.is(levels, DEPTH);
  assert.ok(Array.isArray(JSON.parse(deepArray)));
});

deep('as the whole body: an array is a batch of one message that is not an object', async () => {
  await both(deepArray, [error(null, -32600, 'A message must be a JSON object.')], 200);
});

deep('as the whole body: an object is not a request', async () => {
  await both(deepObject, error(null, -32600, 'jsonrpc must be "2.0".'), 400);
});

deep('as the id: -32600, id null', async () => {
  await both(
    `{"jsonrpc": "2.0", "id": ${deepObject}, "method": "ping"}`,
    error(null, -32600, 'id must be a string or an integer.'),
    400,
  );
});

deep('in the params of ping, and in _meta: ignored', async () => {
  await both(
    `{"jsonrpc": "2.0", "id": 1, "method": "ping", "params": {"a": ${deepObject}, "_meta": {"x": ${deepArray}}}}`,
    result(1, {}),
    200,
  );
});

deep('as a tool argument: invalid arguments, before any validation', async () => {
  const refused = (id: number, name: string) =>
    result(id, text(`invalid arguments for ${name}: arguments: nest deeper than 32 levels`, true));
  await both(
    `{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "search_logs", "arguments": {"query": "boot", "deep": ${deepObject}}}}`,
    refused(1, 'search_logs'),
    200,
  );
  await both(
    `{"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "keys", "arguments": {"deep": ${deepArray}}}}`,
    refused(2, 'keys'),
    200,
  );
  // Built in memory rather than parsed: the same answer.
  const server = new CorpusServer();
  assert.equal(
    await server.handle({
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'keys', arguments: nested(DEPTH) },
    }),
    refused(3, 'keys'),
  );
  assert.equal(server.logged, []);
});

deep('as a 2026-07-28 tool argument, over HTTP', async () => {
  const { body, headers } = modern(1, 'tools/call', { name: 'keys', arguments: { deep: 0 } });
  assert.equal(
    await overHttp(body.replace('"deep":0', `"deep":${deepObject}`), headers),
    answered(
      200,
      modernResult(
        1,
        text('invalid arguments for keys: arguments: nest deeper than 32 levels', true),
      ),
    ),
  );
});

deep.run();

// ---------------------------------------------------------------------------------------------

const big = suite('a 4 MiB string');

const FOUR_MIB = 'x'.repeat(4 * 1024 * 1024);
const bigCall = `{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "search_logs", "arguments": {"query": "${FOUR_MIB}"}}}`;

big('over HTTP, as an argument: 413 at the default limit, never parsed', async () => {
  assert.is(DEFAULT_MAX_BODY_BYTES, 4 * 1024 * 1024);
  assert.equal(
    await overHttp(bigCall),
    answered(413, error(null, -32600, `The body is larger than ${DEFAULT_MAX_BODY_BYTES} bytes.`)),
  );
});

big(
  'in-process, or under a larger body limit: answered, refused by the arguments limit',
  async () => {
    const size = JSON.stringify({ query: FOUR_MIB }).length;
    const answer = result(
      1,
      text(
        `invalid arguments for search_logs: arguments: are ${size} bytes of JSON, more than 1048576`,
        true,
      ),
    );
    assert.equal(await inProcess(bigCall), answer);
    const roomy = createHttpHandler(() => new CorpusServer(), { maxBodyBytes: 8 * 1024 * 1024 });
    assert.equal(await overHttp(bigCall, {}, roomy), answered(200, answer));
  },
);

big('as a method, a tool name, an id: answered', async () => {
  assert.equal(
    await inProcess(`{"jsonrpc": "2.0", "id": 1, "method": "${FOUR_MIB}"}`),
    error(1, -32601, 'Method not found'),
  );
  assert.equal(
    await inProcess(
      `{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "${FOUR_MIB}"}}`,
    ),
    error(1, -32602, `Unknown tool: ${FOUR_MIB}`),
  );
  assert.equal(
    await inProcess(`{"jsonrpc": "2.0", "id": "${FOUR_MIB}", "method": "ping"}`),
    result(FOUR_MIB, {}),
  );
});

big.run();

// ---------------------------------------------------------------------------------------------

const huge = suite('1e400, which JSON.parse reads as Infinity');

huge('as an id: -32600, id null', async () => {
  await both(
    '{"jsonrpc": "2.0", "id": 1e400, "method": "ping"}',
    error(null, -32600, 'id must be a string or an integer.'),
    400,
  );
});

huge('as an argument of a string: invalid', async () => {
  await both(
    '{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "weather", "arguments": {"city": 1e400}}}',
    result(1, text('invalid arguments for weather: city: must be string', true)),
    200,
  );
});

// Infinity is no JSON number: a tool must never be handed one as an integer or a number (it would
// count forever, or answer null where it echoes it), bounded or not.
huge('as an argument of an integer or a number: not one, never run', async () => {
  await both(
    '{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "count", "arguments": {"n": 1e400}}}',
    result(1, text('invalid arguments for count: n: must be integer', true)),
    200,
  );
  await both(
    '{"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "count", "arguments": {"x": -1e400}}}',
    result(2, text('invalid arguments for count: x: must be number', true)),
    200,
  );
  await both(
    '{"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "search_logs", "arguments": {"query": "boot", "limit": -1e400}}}',
    result(3, text('invalid arguments for search_logs: limit: must be integer', true)),
    200,
  );
});

huge('as a _meta protocol version: not a string', async () => {
  assert.equal(
    await inProcess(
      '{"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {"_meta": {"io.modelcontextprotocol/protocolVersion": 1e400, "io.modelcontextprotocol/clientCapabilities": {}}}}',
    ),
    error(1, -32602, 'io.modelcontextprotocol/protocolVersion must be a string.'),
  );
});

huge.run();

// ---------------------------------------------------------------------------------------------

const surrogates = suite('lone surrogates');

surrogates('in a method: -32601', async () => {
  for (const method of ['\\ud800', '\\udfff', 'ping\\ud800', '\\udc00\\ud800']) {
    await both(
      `{"jsonrpc": "2.0", "id": 1, "method": "${method}"}`,
      error(1, -32601, 'Method not found'),
      200,
    );
  }
});

surrogates('in a tool name: -32602, the name escaped on the wire', async () => {
  await both(
    '{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "\\udc00x"}}',
    error(1, -32602, 'Unknown tool: \udc00x'),
    200,
  );
  const response = await http(
    post('{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "\\ud800"}}'),
  );
  assert.is(
    response.body,
    '{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Unknown tool: \\ud800"}}',
  );
});

surrogates('in a tool name, 2026-07-28: no header can carry it, -32020', async () => {
  // A client encodes the name as UTF-8, where a lone surrogate becomes U+FFFD: never equal.
  const { body, headers } = modern(1, 'tools/call', { name: '\ud800', arguments: {} });
  assert.is(headers['mcp-name'], '=?base64?77+9?=');
  assert.equal(
    await overHttp(body, headers),
    answered(400, error(1, -32020, 'Mcp-Name must equal the name in the body.')),
  );
});

surrogates('in arguments: data like any other', async () => {
  await both(
    '{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "search_logs", "arguments": {"query": "\\ud800"}}}',
    result(1, text('')),
    200,
  );
  await both(
    '{"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "weather", "arguments": {"city": "\\udfffOslo"}}}',
    result(2, {
      // The mirror is JSON text, in which JSON.stringify escapes the lone surrogate.
      content: [{ type: 'text', text: '{"city":"\\udfffOslo","tempC":4}' }],
      structuredContent: { city: '\udfffOslo', tempC: 4 },
    }),
    200,
    // A version with structured content: without the header, HTTP means 2025-03-26, which has none.
    { 'mcp-protocol-version': '2025-11-25' },
  );
  await both(
    '{"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "search_logs", "arguments": {"query": "x", "\\ud800": 1}}}',
    result(
      3,
      text('invalid arguments for search_logs: \ud800: is not an argument of this tool', true),
    ),
    200,
  );
});

surrogates('unescaped in a text body: read as they are', async () => {
  assert.equal(
    await overHttp(
      '{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "\ud800"}}',
    ),
    answered(200, error(1, -32602, 'Unknown tool: \ud800')),
  );
});

surrogates('encoded in the bytes (ED A0 80, CESU-8): not UTF-8, 400 -32700', async () => {
  const body = new Uint8Array([
    ...utf8('{"jsonrpc": "2.0", "id": 1, "method": "ping'),
    0xed,
    0xa0,
    0x80,
    ...utf8('"}'),
  ]);
  assert.equal(
    await overHttp(body),
    answered(400, error(null, -32700, 'The body is not valid JSON.')),
  );
});

surrogates.run();

// ---------------------------------------------------------------------------------------------

const bom = suite('a byte order mark');

bom('one, at the start of the text or of the bytes: skipped', async () => {
  assert.equal(await overHttp(`\ufeff${PING}`), answered(200, result(1, {})));
  assert.equal(
    await overHttp(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(PING)])),
    answered(200, result(1, {})),
  );
});

bom('two, or one after a space, or UTF-16: not JSON, 400 -32700', async () => {
  for (const body of [
    `\ufeff\ufeff${PING}`,
    ` \ufeff${PING}`,
    `${PING}\ufeff`,
    new Uint8Array([0xff, 0xfe, ...utf8(PING)]),
  ]) {
    assert.equal(
      await overHttp(body),
      answered(400, error(null, -32700, 'The body is not valid JSON.')),
    );
  }
});

// RFC 8259 section 8.1 lets a parser ignore one byte order mark; a second U+FEFF is a character,
// not JSON whitespace. In text it is refused; in bytes, the UTF-8 decoder drops the first mark and
// parse() the second, so it must be refused there too.
bom('two, as bytes: not JSON either, 400 -32700', async () => {
  assert.equal(
    await overHttp(new Uint8Array([0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf, ...utf8(PING)])),
    answered(400, error(null, -32700, 'The body is not valid JSON.')),
  );
});

bom('in a method, or as the whole message in-process: no special meaning', async () => {
  await both(
    '{"jsonrpc": "2.0", "id": 1, "method": "\\ufeffping"}',
    error(1, -32601, 'Method not found'),
    200,
  );
  assert.equal(
    await new CorpusServer().handle('\ufeff'),
    error(null, -32600, 'A message must be a JSON object.'),
  );
});

bom.run();

// ---------------------------------------------------------------------------------------------

const duplicates = suite('duplicate keys: the last wins, as JSON.parse has it');

duplicates('id, method, jsonrpc', async () => {
  await both('{"jsonrpc": "2.0", "id": 1, "id": 2, "method": "ping"}', result(2, {}), 200);
  await both(
    '{"jsonrpc": "2.0", "id": 1, "method": "tools/list", "method": "ping"}',
    result(1, {}),
    200,
  );
  await both('{"jsonrpc": "1.0", "jsonrpc": "2.0", "id": 1, "method": "ping"}', result(1, {}), 200);
  await both(
    '{"jsonrpc": "2.0", "jsonrpc": "1.0", "id": 1, "method": "ping"}',
    error(1, -32600, 'jsonrpc must be "2.0".'),
    400,
  );
  await both(
    '{"jsonrpc": "2.0", "id": 1, "id": null, "method": "ping"}',
    error(null, -32600, 'id must be a string or an integer.'),
    400,
  );
});

duplicates('params, the tool name, an argument', async () => {
  await both(
    '{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "fail", "name": "search_logs", "arguments": {"query": "disk", "query": "boot"}}}',
    result(1, text('info boot')),
    200,
  );
  await both(
    '{"jsonrpc": "2.0", "id": 1, "method": "ping", "params": {}, "params": [1]}',
    error(1, -32602, 'params must be an object.'),
    200,
  );
});

duplicates('a _meta protocol version: the last one decides the era', async () => {
  assert.equal(
    await inProcess(
      '{"jsonrpc": "2.0", "id": 1, "method": "ping", "params": {"_meta": {"io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {}, "io.modelcontextprotocol/protocolVersion": "2025-06-18"}}}',
    ),
    error(1, -32022, 'Unsupported protocol version.', {
      supported: SUPPORTED,
      requested: '2025-06-18',
    }),
  );
});

duplicates.run();

// ---------------------------------------------------------------------------------------------

const headers = suite('wrong and repeated headers');

const refused = (status: number, message: string) => answered(status, error(null, -32600, message));

headers('two Content-Types, joined with ", ": not application/json, 415', async () => {
  const type = 'Content-Type must be application/json.';
  assert.equal(
    await overHttp(PING, { 'content-type': ['application/json', 'application/json'] }),
    refused(415, type),
  );
  const web = new Headers({ host: 'localhost' });
  web.append('content-type', 'application/json');
  web.append('content-type', 'text/plain');
  const response = await http({ method: 'POST', url: '/mcp', headers: web, body: PING });
  assert.is(response.status, 415);
});

headers('a Content-Type key not in lower case, in a plain object, is not read: 415', async () => {
  // Plain headers are Node's: lower-case keys (see HttpHeaders).
  const response = await http({
    method: 'POST',
    url: '/mcp',
    headers: { host: 'localhost', 'Content-Type': 'application/json' },
    body: PING,
  });
  assert.equal(
    { ...response, body: JSON.parse(jsonText(response.body)) },
    refused(415, 'Content-Type must be application/json.'),
  );
});

headers('Content-Type parameters are ignored: charset=utf-16 is still read as UTF-8', async () => {
  assert.equal(
    await overHttp(PING, { 'content-type': 'application/json; charset=utf-16' }),
    answered(200, result(1, {})),
  );
});

headers(
  'two MCP-Protocol-Versions, joined: no version this server speaks, 400 -32022',
  async () => {
    assert.equal(
      await overHttp(PING, { 'mcp-protocol-version': ['2025-06-18', '2025-06-18'] }),
      answered(
        400,
        error(1, -32022, 'Unsupported protocol version.', {
          supported: SUPPORTED,
          requested: '2025-06-18, 2025-06-18',
        }),
      ),
    );
    const { body, headers: right } = modern(2, 'tools/list');
    assert.equal(
      await overHttp(body, { ...right, 'mcp-protocol-version': [V, V] }),
      answered(
        400,
        error(2, -32020, "MCP-Protocol-Version does not match _meta's protocol version."),
      ),
    );
  },
);

// Batches are 2025-03-26's alone: handle(), given the request's headers as the README has an adapter
// do, must refuse them as the HTTP handler does, not serve each message.
headers('a batch under a version without batches: refused by handle() too', async () => {
  const batch = `[${PING}]`;
  for (const version of ['2025-06-18', V]) {
    const refusal = error(null, -32600, `Protocol ${version} does not allow batches.`);
    assert.equal(
      await overHttp(batch, { 'mcp-protocol-version': version }),
      answered(400, refusal),
    );
    assert.equal(
      await new CorpusServer().handle(JSON.parse(batch), {
        headers: { 'mcp-protocol-version': version, 'mcp-method': 'ping' },
      }),
      refusal,
      version,
    );
  }
});

headers('an empty MCP-Protocol-Version is a version, and not one spoken: 400 -32022', async () => {
  assert.equal(
    await overHttp(PING, { 'mcp-protocol-version': '' }),
    answered(
      400,
      error(1, -32022, 'Unsupported protocol version.', { supported: SUPPORTED, requested: '' }),
    ),
  );
});

headers('two Mcp-Methods, joined: not the method, 400 -32020', async () => {
  const { body, headers: right } = modern(1, 'tools/list');
  assert.equal(
    await overHttp(body, { ...right, 'mcp-method': ['tools/list', 'tools/list'] }),
    answered(400, error(1, -32020, 'Mcp-Method must equal the method in the body.')),
  );
});

headers('an Mcp-Name of bad base64: 400 -32020', async () => {
  const { body, headers: right } = modern(1, 'tools/call', { name: 'media', arguments: {} });
  assert.equal(
    await overHttp(body, { ...right, 'mcp-name': '=?base64?!!!!?=' }),
    answered(400, error(1, -32020, 'Mcp-Name is not valid base64.')),
  );
});

headers('a Host with a port out of range is no host: 403', async () => {
  assert.equal(await overHttp(PING, { host: 'localhost:65535' }), answered(200, result(1, {})));
  for (const host of [
    'localhost:65536',
    'localhost:99999',
    'localhost:123456',
    'localhost:',
    'localhost:-1',
    'localhost:80:80',
  ]) {
    assert.equal(await overHttp(PING, { host }), refused(403, 'This host is not allowed.'), host);
  }
});

headers('two Hosts or two Origins, joined: not a host, 403', async () => {
  assert.equal(
    await overHttp(PING, { host: ['localhost', 'localhost'] }),
    refused(403, 'This host is not allowed.'),
  );
  assert.equal(
    await overHttp(PING, { origin: ['http://localhost', 'http://localhost'] }),
    refused(403, 'This origin is not allowed.'),
  );
});

headers('two Accepts, joined: JSON in either is enough', async () => {
  assert.equal(
    await overHttp(PING, { accept: ['text/event-stream', 'application/json'] }),
    answered(200, result(1, {})),
  );
  assert.equal(
    await overHttp(PING, { accept: ['text/event-stream', 'text/html'] }),
    refused(406, 'Accept must admit application/json.'),
  );
});

headers('a method in lower case is POST; any other is 405', async () => {
  const response = await http({ ...post(PING), method: 'post' });
  assert.is(response.status, 200);
  for (const method of ['GET', 'PATCH', 'POST ', '']) {
    const refusal = await http({ ...post(PING), method });
    assert.equal(
      { status: refusal.status, allow: refusal.headers.allow },
      { status: 405, allow: 'POST' },
      method,
    );
  }
});

headers.run();
