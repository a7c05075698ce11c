// Black-box tests of MCPServerBase: JSON-RPC in through handle(), whole responses compared.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { HANDSHAKE_PROTOCOL_VERSIONS, MAX_BATCH_SIZE, MCPServerBase } from '../src/index.js';
import { call, request, TestServer } from './fixtures.js';

const error = (id: string | number | null, code: number, message: string) => ({
  jsonrpc: '2.0',
  id,
  error: { code, message },
});
const result = (id: string | number, value: unknown) => ({ jsonrpc: '2.0', id, result: value });
const text = (value: string, isError?: true) =>
  isError
    ? { content: [{ type: 'text', text: value }], isError }
    : { content: [{ type: 'text', text: value }] };

async function handle(payload: unknown, server = new TestServer()): Promise<unknown> {
  return server.handle(payload);
}

const messages = suite('handleMessage');

messages('answers a request with its result and its id', async () => {
  assert.equal(await handle(request('a-1', 'ping')), result('a-1', {}));
  assert.equal(await handle(request(0, 'ping')), result(0, {}));
  assert.equal(await handle(request(-7, 'ping')), result(-7, {}));
});

messages('a message that is not an object is an invalid request with id null', async () => {
  for (const payload of [null, 1, 'ping', true]) {
    assert.equal(await handle(payload), error(null, -32600, 'A message must be a JSON object.'));
  }
});

messages('jsonrpc must be "2.0", answered with the id when it can be read', async () => {
  assert.equal(await handle({ id: 1, method: 'ping' }), error(1, -32600, 'jsonrpc must be "2.0".'));
  assert.equal(
    await handle({ jsonrpc: '1.0', id: 'x', method: 'ping' }),
    error('x', -32600, 'jsonrpc must be "2.0".'),
  );
  assert.equal(
    await handle({ jsonrpc: 2, id: { a: 1 }, method: 'ping' }),
    error(null, -32600, 'jsonrpc must be "2.0".'),
  );
});

messages('method must be a string (JSON-RPC 2.0 section 7)', async () => {
  assert.equal(
    await handle({ jsonrpc: '2.0', method: 1, params: 'bar' }),
    error(null, -32600, 'method must be a string.'),
  );
  assert.equal(
    await handle({ jsonrpc: '2.0', id: 3, method: ['ping'] }),
    error(3, -32600, 'method must be a string.'),
  );
  assert.equal(
    await handle({ jsonrpc: '2.0', id: 3 }),
    error(3, -32600, 'method must be a string.'),
  );
});

messages('an id of a wrong type, or null, is an invalid request with id null', async () => {
  for (const id of [null, 1.5, true, {}, [1]]) {
    assert.equal(
      await handle({ jsonrpc: '2.0', id, method: 'ping' }),
      error(null, -32600, 'id must be a string or an integer.'),
    );
  }
});

messages('params must be an object', async () => {
  assert.equal(
    await handle({ jsonrpc: '2.0', id: 1, method: 'ping', params: 'bar' }),
    error(1, -32600, 'params must be an object.'),
  );
  assert.equal(
    await handle({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: [1, 2] }),
    error(1, -32602, 'params must be an object.'),
  );
});

messages('a notification is accepted and answered with nothing', async () => {
  assert.is(await handle({ jsonrpc: '2.0', method: 'notifications/initialized' }), undefined);
  assert.is(
    await handle({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } }),
    undefined,
  );
  assert.is(
    await handle({
      jsonrpc: '2.0',
      method: 'tools/call',
      params: { name: 'fail', arguments: { how: 'crash' } },
    }),
    undefined,
  );
});

messages("a client's response is accepted and answered with nothing", async () => {
  assert.is(await handle({ jsonrpc: '2.0', id: 5, result: {} }), undefined);
  assert.is(
    await handle({ jsonrpc: '2.0', id: 'x', error: { code: -1, message: 'no' } }),
    undefined,
  );
});

messages('an unknown method is -32601', async () => {
  for (const method of [
    'resources/list',
    'prompts/get',
    'tools/List',
    '__proto__',
    'constructor',
    'toString',
  ]) {
    assert.equal(await handle(request(9, method)), error(9, -32601, 'Method not found'));
  }
});

messages('requests are served without a prior initialize', async () => {
  const answer = (await handle(request(1, 'tools/list'))) as { result: { tools: unknown[] } };
  assert.is(answer.result.tools.length, 4);
});

messages('a server can be shared by concurrent requests', async () => {
  const server = new TestServer();
  const answers = await Promise.all(
    ['info', 'error', 'disk', 'ready'].map((query, id) =>
      server.handle(call(id, 'search_logs', { query })),
    ),
  );
  assert.equal(answers, [
    result(0, text('info boot\ninfo ready')),
    result(1, text('error disk full\nerror disk full again')),
    result(2, text('error disk full\nerror disk full again')),
    result(3, text('info ready')),
  ]);
});

messages.run();

const batches = suite('handle: batches');

batches('a batch is answered with the responses it owes, in its order', async () => {
  const answer = await handle([
    request(1, 'ping'),
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    call('two', 'search_logs', { query: 'boot' }),
    { jsonrpc: '2.0', id: 7, result: {} },
    request(3, 'nope'),
  ]);
  assert.equal(answer, [
    result(1, {}),
    result('two', text('info boot')),
    error(3, -32601, 'Method not found'),
  ]);
});

batches('a batch mixes answers at once with answers later, in its order', async () => {
  // ping answers later; tools/call at once.
  class Slow extends TestServer {
    override dispatch(...args: Parameters<TestServer['dispatch']>) {
      const result = super.dispatch(...args);
      return args[0] === 'ping'
        ? new Promise<Awaited<typeof result>>((resolve) => {
            setTimeout(() => resolve(result), 5);
          })
        : result;
    }
  }
  const answer = await handle(
    [request(1, 'ping'), call(2, 'search_logs', { query: 'boot' }), request(3, 'ping')],
    new Slow(),
  );
  assert.equal(answer, [result(1, {}), result(2, text('info boot')), result(3, {})]);
});

batches('a subclass that overrides handleMessage() answers each message of a batch', async () => {
  class Tagged extends TestServer {
    override async handleMessage(message: unknown) {
      const answer = await super.handleMessage(message);
      return answer && { ...answer, id: `tagged-${String(answer.id)}` };
    }
  }
  assert.equal(await handle([request(1, 'ping'), request(2, 'ping')], new Tagged()), [
    result('tagged-1', {}),
    result('tagged-2', {}),
  ]);
});

batches('a batch of notifications and responses owes nothing', async () => {
  const answer = await handle([
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    { jsonrpc: '2.0', id: 1, result: {} },
  ]);
  assert.is(answer, undefined);
});

batches('an empty batch is one invalid request with id null', async () => {
  assert.equal(await handle([]), error(null, -32600, 'A batch must hold at least one message.'));
});

batches(`a batch holds at most ${MAX_BATCH_SIZE} messages`, async () => {
  const full = Array.from({ length: MAX_BATCH_SIZE }, (_, id) => request(id, 'ping'));
  assert.is(((await handle(full)) as unknown[]).length, MAX_BATCH_SIZE);
  assert.equal(
    await handle([...full, request(99, 'ping')]),
    error(null, -32600, 'A batch may hold at most 20 messages.'),
  );
});

batches('a bad message in a batch gets its own error; initialize may not be batched', async () => {
  const answer = await handle([
    42,
    [request(1, 'ping')],
    request(2, 'initialize', {
      protocolVersion: '2025-03-26',
      capabilities: {},
      clientInfo: { name: 'c', version: '1' },
    }),
    { jsonrpc: '2.0', id: null, method: 'initialize' },
    request(3, 'ping'),
  ]);
  assert.equal(answer, [
    error(null, -32600, 'A message must be a JSON object.'),
    error(null, -32600, 'A message must be a JSON object.'),
    error(2, -32600, 'initialize must not be part of a batch.'),
    error(null, -32600, 'initialize must not be part of a batch.'),
    result(3, {}),
  ]);
});

batches.run();

const initialize = suite('initialize');

const offer = (protocolVersion: unknown) => ({
  protocolVersion,
  capabilities: {},
  clientInfo: { name: 'client', version: '1.0.0' },
});
// The server's identity as each version defines it: title from 2025-06-18, websiteUrl 2025-11-25.
const SERVER_INFO: Record<string, object> = {
  '2024-11-05': { name: 'test-server', version: '1.2.3' },
  '2025-03-26': { name: 'test-server', version: '1.2.3' },
  '2025-06-18': { name: 'test-server', title: 'Test server', version: '1.2.3' },
  '2025-11-25': {
    name: 'test-server',
    title: 'Test server',
    version: '1.2.3',
    websiteUrl: 'https://example.com',
  },
};
const initializeResult = (protocolVersion: string) => ({
  protocolVersion,
  capabilities: { logging: {}, tools: {} },
  serverInfo: SERVER_INFO[protocolVersion],
  instructions: 'Search the logs with search_logs.',
});

initialize('echoes every handshake version it speaks', async () => {
  assert.equal(
    [...HANDSHAKE_PROTOCOL_VERSIONS],
    ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'],
  );
  for (const version of HANDSHAKE_PROTOCOL_VERSIONS) {
    assert.equal(
      await handle(request(1, 'initialize', offer(version))),
      result(1, initializeResult(version)),
    );
  }
});

initialize('answers 2025-11-25 to a version it does not speak', async () => {
  for (const version of ['2026-07-28', '1999-01-01', 'latest', '']) {
    assert.equal(
      await handle(request(1, 'initialize', offer(version))),
      result(1, initializeResult('2025-11-25')),
    );
  }
});

initialize('protocolVersion must be a string; capabilities and clientInfo objects', async () => {
  assert.equal(
    await handle(
      request(1, 'initialize', { capabilities: {}, clientInfo: { name: 'c', version: '1' } }),
    ),
    error(1, -32602, 'protocolVersion must be a string.'),
  );
  assert.equal(
    await handle(request(1, 'initialize')),
    error(1, -32602, 'protocolVersion must be a string.'),
  );
  assert.equal(
    await handle(request(2, 'initialize', offer(20250618))),
    error(2, -32602, 'protocolVersion must be a string.'),
  );
  assert.equal(
    await handle(request(3, 'initialize', { ...offer('2025-06-18'), capabilities: 'all' })),
    error(3, -32602, 'capabilities must be an object.'),
  );
  assert.equal(
    await handle(request(4, 'initialize', { ...offer('2025-06-18'), clientInfo: [] })),
    error(4, -32602, 'clientInfo must be an object.'),
  );
});

initialize(
  'no instructions when the server has none; icons and description when set; no tools, no tools capability',
  async () => {
    class Bare extends MCPServerBase {
      readonly name = 'bare';
      override readonly tools = new Map();
      serverInfo() {
        return {
          name: 'bare',
          version: '0.0.1',
          description: 'A server with no tools.',
          icons: [{ src: 'https://example.com/icon.png', mimeType: 'image/png', sizes: ['48x48'] }],
        };
      }
    }
    assert.equal(await new Bare().handle(request(1, 'initialize', offer('2025-11-25'))), {
      jsonrpc: '2.0',
      id: 1,
      result: {
        protocolVersion: '2025-11-25',
        capabilities: { logging: {} },
        serverInfo: {
          name: 'bare',
          version: '0.0.1',
          description: 'A server with no tools.',
          icons: [{ src: 'https://example.com/icon.png', mimeType: 'image/png', sizes: ['48x48'] }],
        },
      },
    });
    assert.equal(
      await new Bare().handle(request(2, 'tools/list')),
      error(2, -32601, 'Method not found'),
    );
  },
);

initialize('ping is an empty result', async () => {
  assert.equal(await handle(request(1, 'ping')), result(1, {}));
  assert.equal(await handle(request(1, 'ping', { _meta: { progressToken: 1 } })), result(1, {}));
});

initialize.run();

const list = suite('tools/list');

list('lists every tool in registration order, with its definition', async () => {
  const answer = await handle(request(1, 'tools/list'));
  assert.equal(
    answer,
    result(1, {
      tools: [
        {
          name: 'search_logs',
          title: 'Search the logs',
          description: 'Log lines that contain a text.',
          inputSchema: {
            type: 'object',
            properties: {
              query: { type: 'string', minLength: 1, description: 'Text to find.' },
              limit: { type: 'integer', minimum: 1, maximum: 200, default: 20 },
              level: { type: 'string', enum: ['info', 'error'] },
            },
            required: ['query'],
            additionalProperties: false,
          },
          annotations: {
            title: 'Search the logs',
            readOnlyHint: true,
            idempotentHint: true,
            destructiveHint: false,
            openWorldHint: false,
          },
        },
        {
          name: 'fail',
          title: 'Fail',
          description: 'Fails as asked.',
          inputSchema: {
            type: 'object',
            properties: {
              how: { type: 'string', enum: ['tool', 'crash', 'string', 'bad-output'] },
            },
            required: ['how'],
            additionalProperties: false,
          },
          annotations: {
            title: 'Fail',
            readOnlyHint: false,
            idempotentHint: false,
            destructiveHint: true,
            openWorldHint: true,
          },
        },
        {
          name: 'weather',
          title: 'Weather',
          description: 'The weather in a city, structured.',
          inputSchema: {
            type: 'object',
            properties: { city: { type: 'string' } },
            required: ['city'],
            additionalProperties: false,
          },
          // Declares nothing: the specification's defaults, not a claim of read-only.
          annotations: {
            title: 'Weather',
            readOnlyHint: false,
            idempotentHint: false,
            destructiveHint: true,
            openWorldHint: true,
          },
          outputSchema: {
            type: 'object',
            properties: { city: { type: 'string' }, tempC: { type: 'number' } },
            required: ['city', 'tempC'],
          },
        },
        {
          name: 'media',
          title: 'Media',
          description: 'Every kind of content block.',
          inputSchema: { type: 'object', additionalProperties: false },
          // Declares nothing: the specification's defaults, not a claim of read-only.
          annotations: {
            title: 'Media',
            readOnlyHint: false,
            idempotentHint: false,
            destructiveHint: true,
            openWorldHint: true,
          },
        },
      ],
    }),
  );
});

list('the order is the same on every call and for every server instance', async () => {
  const names = async () =>
    (
      (await handle(request(1, 'tools/list'))) as { result: { tools: { name: string }[] } }
    ).result.tools.map((tool) => tool.name);
  const first = await names();
  for (let i = 0; i < 5; i++) assert.equal(await names(), first);
});

list('definitions are built once per tool class, shared and frozen', () => {
  const one = new TestServer().tools.get('search_logs')!.definition();
  const two = new TestServer().tools.get('search_logs')!.definition();
  assert.ok(one === two);
  assert.ok(
    Object.isFrozen(one) && Object.isFrozen(one.inputSchema) && Object.isFrozen(one.annotations),
  );
});

list('a cursor is refused when every tool is on the first page', async () => {
  assert.equal(
    await handle(request(1, 'tools/list', { cursor: 'p2' })),
    error(1, -32602, 'Invalid cursor.'),
  );
});

list.run();

const calls = suite('tools/call');

calls("answers the tool's Markdown as text; defaults are filled in", async () => {
  assert.equal(
    await handle(call(1, 'search_logs', { query: 'disk' })),
    result(1, text('error disk full\nerror disk full again')),
  );
  assert.equal(
    await handle(call(2, 'search_logs', { query: 'disk', limit: 1, level: 'error' })),
    result(2, text('error disk full')),
  );
  assert.equal(
    await handle(call(3, 'search_logs', { query: 'i', level: null })),
    result(3, text('info boot\nerror disk full\ninfo ready\nerror disk full again')),
  );
});

calls('the arguments the client sent are not changed by defaults', async () => {
  const args = { query: 'boot' };
  const payload = call(1, 'search_logs', args);
  await handle(payload);
  assert.equal(args, { query: 'boot' });
});

calls('callTool() answers with a promise, even for a call refused at once', async () => {
  const server = new TestServer();
  const answer = server.callTool({ name: 'nope' });
  assert.instance(answer, Promise);
  await answer.then(
    () => assert.unreachable('an unknown tool was called'),
    (error: Error) => assert.is(error.message, 'Unknown tool: nope'),
  );
  const found = server.callTool({ name: 'search_logs', arguments: { query: 'boot' } });
  assert.instance(found, Promise);
  assert.equal(await found, text('info boot'));
});

calls('a subclass that overrides callTool() answers every tools/call', async () => {
  class Wrapped extends TestServer {
    override async callTool(params: Record<string, unknown>) {
      const result = await super.callTool(params);
      return { ...result, _meta: { wrapped: true } };
    }
  }
  assert.equal(await handle(call(1, 'search_logs', { query: 'boot' }), new Wrapped()), {
    jsonrpc: '2.0',
    id: 1,
    result: { ...text('info boot'), _meta: { wrapped: true } },
  });
});

calls('invalid arguments are a tool error naming every problem (SEP-1303)', async () => {
  assert.equal(
    await handle(call(1, 'search_logs', { query: '', limit: 500, extra: 1 })),
    result(
      1,
      text(
        'invalid arguments for search_logs: extra: is not an argument of this tool; query: must NOT have fewer than 1 characters; limit: must be <= 200',
        true,
      ),
    ),
  );
  assert.equal(
    await handle(call(2, 'search_logs')),
    result(2, text('invalid arguments for search_logs: query: is required', true)),
  );
  assert.equal(
    await handle(call(4, 'search_logs', { query: 'x', level: 'warn' })),
    result(
      4,
      text(
        'invalid arguments for search_logs: level: must be one of "info", "error"; level: must be null',
        true,
      ),
    ),
  );
  assert.equal(
    await handle(call(3, 'weather', { city: 7 })),
    result(3, text('invalid arguments for weather: city: must be string', true)),
  );
});

calls('a __proto__ argument is refused, and pollutes nothing', async () => {
  const args = JSON.parse('{"query":"boot","__proto__":{"polluted":true}}');
  assert.equal(
    await handle(call(1, 'search_logs', args)),
    result(
      1,
      text('invalid arguments for search_logs: __proto__: is not an argument of this tool', true),
    ),
  );
  assert.is(({} as Record<string, unknown>).polluted, undefined);
});

calls('a ToolError is a result with isError and its message; async tools are awaited', async () => {
  assert.equal(
    await handle(call(1, 'fail', { how: 'tool' })),
    result(1, text('the disk is full; try a smaller limit', true)),
  );
});

calls('anything else a tool throws is -32603, its detail logged, never sent', async () => {
  for (const how of ['crash', 'string', 'bad-output']) {
    const server = new TestServer();
    const answer = await handle(call(1, 'fail', { how }), server);
    assert.equal(answer, error(1, -32603, 'Internal error'));
    assert.not.match(JSON.stringify(answer), /secret|\/srv|line 12|thrown string/);
    assert.is(server.logged.length, 1);
    assert.is(server.logged[0]!.context, 'tools/call failed');
  }
  const server = new TestServer();
  await handle(call(1, 'fail', { how: 'crash' }), server);
  const logged = server.logged[0]!.error as Error;
  assert.is(logged.message, 'secret detail: /srv/app/db.ts line 12');
  assert.match(String(logged.stack), /fixtures\.ts/);
});

calls('structuredContent is checked against the outputSchema and mirrored as text', async () => {
  assert.equal(
    await handle(call(1, 'weather', { city: 'Oslo' })),
    result(1, {
      content: [{ type: 'text', text: '{"city":"Oslo","tempC":4}' }],
      structuredContent: { city: 'Oslo', tempC: 4 },
    }),
  );
  for (const [city, problem] of [
    [
      'Nowhere',
      'weather: run() returned structuredContent that does not match its outputSchema: tempC: is required',
    ],
    ['Void', 'weather: declares an outputSchema but returned no structuredContent'],
  ] as const) {
    const server = new TestServer();
    assert.equal(
      await handle(call(2, 'weather', { city }), server),
      error(2, -32603, 'Internal error'),
    );
    assert.is((server.logged[0]!.error as Error).message, problem);
  }
});

calls('a tool may return every kind of content block, and _meta', async () => {
  assert.equal(
    await handle(call(1, 'media', {})),
    result(1, {
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
  );
});

calls('an unknown tool is -32602 "Unknown tool: NAME", whatever the name', async () => {
  for (const name of ['nope', '__proto__', 'constructor', 'toString', 'hasOwnProperty', '']) {
    assert.equal(await handle(call(1, name, {})), error(1, -32602, `Unknown tool: ${name}`));
  }
});

calls('a name that is not a string, or arguments that are not an object, are -32602', async () => {
  assert.equal(await handle(request(1, 'tools/call')), error(1, -32602, 'name must be a string.'));
  assert.equal(
    await handle(request(2, 'tools/call', { name: 5 })),
    error(2, -32602, 'name must be a string.'),
  );
  for (const args of [[], 'query', 3, null]) {
    assert.equal(
      await handle(request(3, 'tools/call', { name: 'search_logs', arguments: args })),
      error(3, -32602, 'arguments must be an object.'),
    );
  }
});

calls.run();

const statics = suite('statics');

statics('error() builds an error response; dump() cleans one', () => {
  assert.equal(
    MCPServerBase.error(null, -32700, 'The body is not JSON.'),
    error(null, -32700, 'The body is not JSON.'),
  );
  assert.equal(
    MCPServerBase.dump({ jsonrpc: '2.0', id: 1, result: { a: null, b: 1 } }),
    result(1, { b: 1 }),
  );
});

statics('formattedClassName names the class and the server', () => {
  assert.is(new TestServer().formattedClassName, 'TestServer(test-server)');
});

statics('the default logger writes the error, with its stack, to console.error', async () => {
  class Plain extends MCPServerBase {
    readonly name = 'plain';
    override readonly tools = new TestServer().tools;
    serverInfo() {
      return { name: 'plain', version: '1' };
    }
    override instructions() {
      return '';
    }
  }
  const original = console.error;
  const lines: unknown[][] = [];
  console.error = (...args: unknown[]) => lines.push(args);
  try {
    await new Plain().handle(call(1, 'fail', { how: 'crash' }));
  } finally {
    console.error = original;
  }
  assert.is(lines.length, 1);
  assert.is(lines[0]![0], 'Plain(plain): tools/call failed:');
  assert.match(String((lines[0]![1] as Error).stack), /secret detail/);
});

statics('handle is safe to pass around detached', async () => {
  const { handle: detached } = new TestServer();
  assert.equal(await detached(request(1, 'ping')), result(1, {}));
});

statics.run();
