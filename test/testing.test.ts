// The in-process test client, used as a user would to test a server without a network: what it
// sends, what it sees of a request's notifications and input requests, in both eras, and an answer
// that cannot keep its HTTP status, here and over real HTTP.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Activity } from '../examples/demo/activity.js';
import { OperationsServer } from '../examples/demo/operations-server.js';
import { ProjectServer } from '../examples/demo/project-server.js';
import { loadRepository } from '../examples/demo/repository.js';
import { nodeListener } from '../examples/node-http.js';
import { createHttpHandler } from '../src/http.js';
import {
  definePrompt,
  defineTool,
  InsufficientScopeError,
  MCPServerBase,
  ProtocolError,
  promptsByName,
  type RequestScope,
  toolsByName,
} from '../src/index.js';
import { type ResponseError, TestClient, type TestNotification } from '../src/testing.js';
import { Media, TestServer, Weather } from './fixtures.js';

const client = suite('TestClient');

client('initialize, listTools and callTool return parsed results', async () => {
  const mcp = new TestClient(new TestServer());
  assert.is((await mcp.initialize()).protocolVersion, '2025-11-25');
  assert.is((await mcp.initialize('2025-03-26')).protocolVersion, '2025-03-26');
  assert.equal(
    (await mcp.listTools()).map((tool) => tool.name),
    ['search_logs', 'fail', 'weather', 'media'],
  );
  assert.equal(await mcp.callTool('search_logs', { query: 'ready' }), {
    content: [{ type: 'text', text: 'info ready' }],
  });
  assert.equal(await mcp.callTool('fail', { how: 'tool' }), {
    content: [{ type: 'text', text: 'the disk is full; try a smaller limit' }],
    isError: true,
  });
  assert.equal(await mcp.callTool('search_logs'), {
    content: [{ type: 'text', text: 'invalid arguments for search_logs: query: is required' }],
    isError: true,
  });
});

client('a JSON-RPC error is thrown as a ProtocolError with its code', async () => {
  const mcp = new TestClient(() => new TestServer());
  try {
    await mcp.callTool('nope');
    assert.unreachable();
  } catch (error) {
    assert.instance(error, ProtocolError);
    assert.is((error as ProtocolError).code, -32602);
    assert.is((error as ProtocolError).message, 'Unknown tool: nope');
  }
});

client('messages go through JSON both ways, as on the wire', async () => {
  const Dated = defineTool({
    name: 'dated',
    title: 'Dated',
    description: 'Returns a Date, which JSON turns into a string.',
    argumentsSchema: { type: 'object', properties: { big: { type: 'boolean' } } },
    run: ({ big }) =>
      big
        ? { structuredContent: { n: 1n } }
        : { content: [{ type: 'text', text: 'now' }], _meta: { when: new Date(0) } },
  });
  class Server extends MCPServerBase {
    readonly name = 'dated';
    override readonly tools = toolsByName(new Dated());
    readonly logged: unknown[] = [];
    serverInfo() {
      return { name: 'dated', version: '1' };
    }
    override instructions() {
      return '';
    }
    override logError(error: unknown) {
      this.logged.push(error);
    }
  }
  const server = new Server();
  const mcp = new TestClient(server);
  assert.equal(await mcp.callTool('dated'), {
    content: [{ type: 'text', text: 'now' }],
    _meta: { when: '1970-01-01T00:00:00.000Z' },
  });
  try {
    await mcp.callTool('dated', { big: true });
    assert.unreachable();
  } catch (error) {
    assert.is((error as ProtocolError).code, -32603);
  }
  assert.match(String(server.logged[0]), /BigInt/);
});

client('notify sends a notification, which is never answered', async () => {
  const mcp = new TestClient(new TestServer());
  await mcp.notify('notifications/initialized');
  await mcp.notify('notifications/cancelled', { requestId: 1, reason: 'done' });
  const answering = new TestClient({
    handle: async () => ({ jsonrpc: '2.0', id: 1, result: {} }),
  } as never);
  try {
    await answering.notify('notifications/initialized');
    assert.unreachable();
  } catch (error) {
    assert.match(String(error), /a notification was answered/);
  }
});

client('an answer that is not the response to the request is reported', async () => {
  const silent = new TestClient({ handle: async () => undefined } as never);
  try {
    await silent.request('ping');
    assert.unreachable();
  } catch (error) {
    assert.match(String(error), /expected a response to request 1, got undefined/);
  }
});

client('a client of 2024-11-05 is answered in 2024-11-05', async () => {
  const seen: (string | undefined)[] = [];
  const Version = defineTool({
    name: 'version',
    title: 'Version',
    description: 'Says which version the server answers in.',
    argumentsSchema: { type: 'object' },
    run: (_, scope) => {
      seen.push(scope.protocolVersion);
      return 'ok';
    },
  });
  class Server extends TestServer {
    override readonly tools = toolsByName(new Weather(), new Media(), new Version());
  }
  const old = new TestClient(() => new Server(), { protocolVersion: '2024-11-05' });
  const initialized = await old.initialize();
  assert.is(initialized.protocolVersion, '2024-11-05');
  assert.is(initialized.capabilities.completions, undefined);
  await old.callTool('version');
  assert.equal(seen, ['2024-11-05']);
  // 2024-11-05 has no tool titles, annotations or outputSchema, and no audio or link blocks.
  for (const tool of await old.listTools()) {
    assert.equal(Object.keys(tool).sort(), ['description', 'inputSchema', 'name'], tool.name);
  }
  const { content } = await old.callTool('media');
  assert.equal(
    content.map((block) => block.type),
    ['text', 'image', 'text', 'text', 'resource'],
  );
  assert.is((await new TestClient(new Server()).initialize()).protocolVersion, '2025-11-25');
});

client('a version the library does not speak is refused when the client is made', () => {
  assert.throws(
    () => new TestClient(new TestServer(), { protocolVersion: '2024-10-07' }),
    /protocolVersion must be one of 2026-07-28, .*2024-11-05, not 2024-10-07/,
  );
});

client.run();

// --- What a real client sees: notifications and input requests, on the demo's tools. ---

const seeing = suite('TestClient: notifications and input');
const repositories = [loadRepository(fileURLToPath(new URL('../', import.meta.url)))];
const documents = [...repositories[0]!.documents.values()];
const mentioning = documents.filter(({ text }) => text.toLowerCase().includes('handle(')).length;

for (const protocolVersion of ['2025-11-25', '2026-07-28']) {
  seeing(`${protocolVersion}: onNotification sees count_mentions' progress and logs`, async () => {
    const seen: TestNotification[] = [];
    const client = new TestClient(() => new ProjectServer(repositories), {
      protocolVersion,
      onNotification: (notification) => seen.push(notification),
    });
    const result = await client.callTool('count_mentions', { phrase: 'handle(' });
    assert.is(result.isError, undefined);
    const progress = seen.filter((n) => n.method === 'notifications/progress');
    assert.is(progress.length, documents.length);
    assert.equal(
      progress.map(({ params }) => params.progress),
      documents.map((_, index) => index + 1),
    );
    assert.ok(progress.every(({ params }) => params.total === documents.length));
    const tokens = new Set(progress.map(({ params }) => params.progressToken));
    assert.is(tokens.size, 1, 'one token, the request’s');
    const logs = seen.filter((n) => n.method === 'notifications/message');
    const levels = logs.map(({ params }) => params.level);
    // A 2026-07-28 request names its level (debug by default); in the handshake era the server's
    // own (info) applies.
    assert.is(levels.filter((level) => level === 'info').length, mentioning);
    assert.is(levels.includes('debug'), protocolVersion === '2026-07-28');
  });
}

seeing('2026-07-28: logLevel is the level a request asks for', async () => {
  const seen: TestNotification[] = [];
  const client = new TestClient(() => new ProjectServer(repositories), {
    protocolVersion: '2026-07-28',
    logLevel: 'warning',
    onNotification: (notification) => seen.push(notification),
  });
  await client.callTool('count_mentions', { phrase: 'handle(' });
  assert.is(seen.filter((n) => n.method === 'notifications/message').length, 0);
  assert.is(seen.length, documents.length);
});

// The operations server's clear_log asks the person to confirm in a form, over rounds whose state
// is signed; the log it clears is the demo's own, fed by the servers' signals.
async function withLog(test: (activity: Activity) => Promise<void>) {
  const activity = new Activity();
  const off = activity.connect();
  try {
    await test(activity);
  } finally {
    off();
  }
}
const KEY = 'a key of thirty-two bytes or more, for the tests';

seeing('2026-07-28: answerInput confirms clear_log, through the rounds', () =>
  withLog(async (activity) => {
    const server = () => new OperationsServer(activity, { requestStateKey: KEY });
    const asked: string[] = [];
    const confirming = new TestClient(server, {
      protocolVersion: '2026-07-28',
      clientCapabilities: { elicitation: {} },
      answerInput: (request, key) => {
        if (request.method !== 'elicitation/create') return undefined;
        asked.push(`${key}: ${request.params.message}`);
        return { action: 'accept', content: { clear: true } };
      },
    });
    await confirming.callTool('get_health');
    await confirming.callTool('get_health');
    const upTo = activity.last;
    const { content } = await confirming.callTool('clear_log');
    assert.equal(asked, [
      `confirm: Clear the request log, up to request #${upTo}? It cannot be undone.`,
    ]);
    assert.match((content[0] as { text: string }).text, `up to #${upTo}.`);
    assert.ok(activity.entries.every(({ number }) => number > upTo));

    const declining = new TestClient(server, {
      protocolVersion: '2026-07-28',
      clientCapabilities: { elicitation: {} },
      answerInput: () => ({ action: 'decline' }),
    });
    await declining.callTool('get_health');
    const before = activity.entries.length;
    assert.equal((await declining.callTool('clear_log')).content, [
      { type: 'text', text: 'Nothing was cleared.' },
    ]);
    assert.ok(activity.entries.length >= before);
  }),
);

seeing('2026-07-28: a question left unanswered is returned as asked', () =>
  withLog(async (activity) => {
    let rounds = 0;
    const client = new TestClient(() => new OperationsServer(activity, { requestStateKey: KEY }), {
      protocolVersion: '2026-07-28',
      clientCapabilities: { elicitation: {} },
      answerInput: () => {
        rounds++;
        return undefined;
      },
    });
    const result = await client.callTool('clear_log');
    assert.is(result.resultType, 'input_required');
    assert.is(rounds, 1);
  }),
);

seeing('handshake era: a test that expects to be asked is told the server cannot ask', () =>
  withLog(async (activity) => {
    const server = () => new OperationsServer(activity, { requestStateKey: KEY });
    const client = new TestClient(server, {
      protocolVersion: '2025-11-25',
      answerInput: () => ({ action: 'accept', content: { clear: true } }),
    });
    try {
      await client.callTool('clear_log');
      assert.unreachable();
    } catch (error) {
      assert.match(
        String(error),
        "The server asked for elicitation/create, which it asks a client in protocol 2026-07-28 only: answerInput was not called. Test input with protocolVersion: '2026-07-28'.",
      );
    }
    // What does not ask is answered as ever; without answerInput, the tool's error is the result.
    assert.is((await client.callTool('get_health')).isError, undefined);
    const plain = await new TestClient(server).callTool('clear_log');
    assert.is(plain.isError, true);
  }),
);

seeing('handshake era: a prompt that asks is -32021, told as the server cannot ask', async () => {
  const Topic = definePrompt({
    name: 'topic',
    description: 'Asks for a topic first.',
    async get(_args, scope) {
      await scope.elicit('topic', form);
      return 'Tell me.';
    },
  });
  class Prompting extends StatusServer {
    override readonly prompts = promptsByName(new Topic());
  }
  const answering = new TestClient(() => new Prompting(), { answerInput: () => undefined });
  const told = await failure(answering.getPrompt('topic'));
  assert.match(told.message, 'The server asked for elicitation/create, which it asks');
  // Any other error is thrown as it came.
  const unknown = (await failure(answering.getPrompt('nope'))) as ResponseError;
  assert.is(unknown.code, -32602);
  const plain = (await failure(
    new TestClient(() => new Prompting()).getPrompt('topic'),
  )) as ResponseError;
  assert.is(plain.code, -32021);
});

seeing('a notification JSON cannot carry is dropped and logged, as over HTTP', async () => {
  const Odd = defineTool({
    name: 'odd',
    title: 'Odd',
    description: 'Logs what JSON cannot carry, then something it can.',
    argumentsSchema: { type: 'object' },
    run: (_args, scope) => {
      scope.log('info', { big: 1n });
      scope.log('info', 'plain');
      return 'done';
    },
  });
  class Logging extends StatusServer {
    override readonly tools = toolsByName(new Odd());
  }
  const server = new Logging();
  const seen: TestNotification[] = [];
  const client = new TestClient(server, { onNotification: (n) => seen.push(n) });
  assert.equal((await client.callTool('odd')).content, [{ type: 'text', text: 'done' }]);
  assert.equal(
    seen.map(({ params }) => (params as { data: unknown }).data),
    ['plain'],
  );
  assert.match(server.logged.join('\n'), /^a notification is not JSON: .*BigInt/);
});

seeing.run();

// --- An answer that has an HTTP status, after a notification ---

const status = suite('TestClient: statuses');

const form = {
  message: 'Go on?',
  requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } },
} as const;
async function progressThenAsk(_args: object, scope: RequestScope) {
  scope.progress(1, 2, 'started');
  await scope.elicit('go_on', form);
  return 'done';
}
// Reports progress, then asks: a client without elicitation is refused (400) too late.
const Hasty = defineTool({
  name: 'hasty',
  title: 'Hasty',
  description: 'Reports progress, then asks to go on.',
  argumentsSchema: { type: 'object' },
  run: progressThenAsk,
});
// Declares what it needs: a request without it is refused before the tool runs.
const Careful = defineTool({
  name: 'careful',
  title: 'Careful',
  description: 'Declares the capability and the scope it needs, then reports progress and asks.',
  argumentsSchema: { type: 'object' },
  requiredClientCapabilities: { elicitation: {} },
  requiredScopes: ['work'],
  run: progressThenAsk,
});
// Decides on a scope while it runs, after a log message.
const Late = defineTool({
  name: 'late',
  title: 'Late',
  description: 'Logs, then refuses for a scope.',
  argumentsSchema: { type: 'object' },
  run: (_args, scope) => {
    scope.log('info', 'looking');
    throw new InsufficientScopeError('late', ['admin']);
  },
});
class StatusServer extends MCPServerBase {
  readonly name = 'status';
  override readonly tools = toolsByName(new Hasty(), new Careful(), new Late());
  readonly logged: string[] = [];
  serverInfo() {
    return { name: 'status', version: '1' };
  }
  override instructions() {
    return '';
  }
  override logError(error: unknown, context: string) {
    this.logged.push(`${context}: ${(error as Error).message}`);
  }
}

const modernClient = (grantedScopes: string[] = []) =>
  new TestClient(() => new StatusServer(), {
    protocolVersion: '2026-07-28',
    grantedScopes,
  });

async function failure(call: Promise<unknown>): Promise<Error> {
  try {
    await call;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the call to fail');
}

status('a status lost after a notification fails the test, with why', async () => {
  const asking = await failure(modernClient().callTool('hasty'));
  assert.not.instance(asking, ProtocolError);
  assert.is(
    asking.message,
    'tools/call answered -32021 after its first notification: over HTTP that answer goes in a 200 event stream, and the client never sees its status 400. Have it refused before the method runs (requiredScopes, requiredClientCapabilities), or refuse before the first progress or log message.',
  );
  const scoped = await failure(modernClient().callTool('late'));
  assert.match(
    scoped.message,
    /^tools\/call answered -32600 after its first notification: .* status 403\./,
  );
  // In the handshake era the input request has no status (an error result), the scope one has.
  const old = new TestClient(() => new StatusServer());
  assert.is((await old.callTool('hasty')).isError, true);
  assert.match(
    (await failure(old.callTool('late'))).message,
    /after its first notification: .* status 403\./,
  );
});

status('what a tool declares is refused before it runs, with its status', async () => {
  const unscoped = (await failure(modernClient().callTool('careful'))) as ResponseError;
  assert.is(unscoped.status, 403);
  const incapable = (await failure(modernClient(['work']).callTool('careful'))) as ResponseError;
  assert.equal([incapable.code, incapable.status], [-32021, 400]);
});

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
}

status('over HTTP: declared needs keep their status; a lost one is logged', async () => {
  const servers: StatusServer[] = [];
  const http = createServer(
    nodeListener(
      createHttpHandler(
        () => {
          const server = new StatusServer();
          servers.push(server);
          return server;
        },
        {
          authorize: (request) => ({
            scopes:
              (request.headers as Record<string, unknown>)['x-scopes'] === 'work' ? ['work'] : [],
          }),
        },
      ),
    ),
  );
  const url = await listen(http);
  const post = (name: string, scopes = '') =>
    fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/call',
        'mcp-name': name,
        'x-scopes': scopes,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: {
          name,
          _meta: {
            progressToken: 1,
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientCapabilities': {},
            'io.modelcontextprotocol/logLevel': 'info',
          },
        },
      }),
    });
  try {
    const unscoped = await post('careful');
    assert.is(unscoped.status, 403);
    assert.match(unscoped.headers.get('www-authenticate') ?? '', 'insufficient_scope');
    const incapable = await post('careful', 'work');
    assert.is(incapable.status, 400);
    assert.is((await incapable.json()).error.code, -32021);
    assert.equal(
      servers.flatMap((server) => server.logged),
      [],
    );

    const late = await post('hasty');
    assert.is(late.status, 200);
    assert.is(late.headers.get('content-type'), 'text/event-stream');
    assert.match(await late.text(), '"code":-32021');
    assert.equal(
      servers.flatMap((server) => server.logged),
      [
        'tools/call lost its status: an answer of status 400 followed a notification, so it went in a 200 event stream: refuse before the first notification (requiredScopes, requiredClientCapabilities)',
      ],
    );
  } finally {
    http.close();
  }
});

status.run();
