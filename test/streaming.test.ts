// Notifications on a request's own answer (progress, log messages), logging/setLevel, and
// cancellation, through handle() and its sink: what each era sends, and when it stops.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  defineTool,
  type JSONRPCNotification,
  MCPServerBase,
  mcpserverToolCalled,
  type ToolCalled,
  toolsByName,
} from '../src/index.js';
import { request } from './fixtures.js';

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

const Count = defineTool({
  name: 'count',
  title: 'Count',
  description: 'Counts to three, reporting progress and logging each step.',
  argumentsSchema: { type: 'object' },
  run: async (_args, scope) => {
    for (let step = 1; step <= 3; step++) {
      scope.progress(step, 3, `step ${step}`);
      scope.log(step === 3 ? 'warning' : step === 2 ? 'info' : 'debug', { step }, 'counter');
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    // After the answer: never sent.
    setTimeout(() => scope.log('emergency', 'late'), 5);
    return 'counted';
  },
});

const Backwards = defineTool({
  name: 'backwards',
  title: 'Backwards',
  description: 'Reports progress that goes back.',
  argumentsSchema: { type: 'object' },
  run: (_args, scope) => {
    scope.progress(2);
    scope.progress(1);
    return 'never';
  },
});

// Waits until its request is cancelled, then says so.
let aborted: unknown;
const Wait = defineTool({
  name: 'wait',
  title: 'Wait',
  description: 'Waits for its signal.',
  argumentsSchema: { type: 'object' },
  run: (_args, scope) =>
    new Promise<string>((resolve) => {
      scope.signal.addEventListener('abort', () => {
        aborted = scope.signal.reason;
        resolve('stopped');
      });
      setTimeout(() => resolve('done'), 200);
    }),
});

class StreamingServer extends MCPServerBase {
  readonly name = 'streaming';
  override readonly tools = toolsByName(new Count(), new Backwards(), new Wait());
  readonly logged: unknown[] = [];
  serverInfo() {
    return { name: 'streaming', version: '1.0.0' };
  }
  override instructions() {
    return '';
  }
  override logError(error: unknown) {
    this.logged.push(error);
  }
}

class VerboseServer extends StreamingServer {
  override readonly logLevel = 'debug' as const;
}

const callCount = (meta: object = {}) =>
  request(1, 'tools/call', { name: 'count', arguments: {}, _meta: meta });

async function run(server: MCPServerBase, message: unknown, headers?: Record<string, string>) {
  const sent: JSONRPCNotification[] = [];
  const answer = await server.handle(message, { headers, notify: (n) => sent.push(n) });
  await new Promise((resolve) => setTimeout(resolve, 20));
  return { answer: answer as { result?: Record<string, unknown>; error?: object }, sent };
}

const streaming = suite('streaming');

streaming('progress with the token as sent, increasing, before the answer', async () => {
  for (const progressToken of ['p-1', 7]) {
    const { answer, sent } = await run(new StreamingServer(), callCount({ progressToken }));
    assert.equal(answer.result, { content: [{ type: 'text', text: 'counted' }] });
    const progress = sent.filter((n) => n.method === 'notifications/progress');
    assert.equal(
      progress.map((n) => n.params),
      [1, 2, 3].map((step) => ({
        progressToken,
        progress: step,
        total: 3,
        message: `step ${step}`,
      })),
    );
  }
});

streaming('no progress without a token, and nothing at all without a sink', async () => {
  const { sent } = await run(new StreamingServer(), callCount());
  assert.is(sent.filter((n) => n.method === 'notifications/progress').length, 0);
  const answer = await new StreamingServer().handle(callCount({ progressToken: 'p' }));
  assert.equal((answer as { result: object }).result, {
    content: [{ type: 'text', text: 'counted' }],
  });
});

streaming('progress that does not increase is a server fault, logged', async () => {
  const server = new StreamingServer();
  const { answer } = await run(
    server,
    request(1, 'tools/call', { name: 'backwards', _meta: { progressToken: 'p' } }),
  );
  assert.equal(answer.error, { code: -32603, message: 'Internal error' });
  assert.match(String(server.logged[0]), /progress must be a finite number greater than the last/);
});

streaming('handshake era: log messages at the server logLevel (info by default)', async () => {
  const levels = async (server: MCPServerBase) =>
    (await run(server, callCount())).sent
      .filter((n) => n.method === 'notifications/message')
      .map((n) => n.params);
  assert.equal(await levels(new StreamingServer()), [
    { level: 'info', data: { step: 2 }, logger: 'counter' },
    { level: 'warning', data: { step: 3 }, logger: 'counter' },
  ]);
  assert.equal((await levels(new VerboseServer())).length, 3);
});

streaming('2026-07-28: log messages only at the level the request names', async () => {
  const levels = async (meta: object) =>
    (await run(new VerboseServer(), callCount({ ...META, ...meta }))).sent
      .filter((n) => n.method === 'notifications/message')
      .map((n) => (n.params as { level: string }).level);
  assert.equal(await levels({}), []);
  assert.equal(await levels({ 'io.modelcontextprotocol/logLevel': 'warning' }), ['warning']);
  assert.equal(await levels({ 'io.modelcontextprotocol/logLevel': 'debug' }), [
    'debug',
    'info',
    'warning',
  ]);
});

streaming('logging/setLevel: answered in the handshake era, refused in 2026-07-28', async () => {
  const server = new StreamingServer();
  assert.equal(await server.handle(request(1, 'logging/setLevel', { level: 'debug' })), {
    jsonrpc: '2.0',
    id: 1,
    result: {},
  });
  assert.equal(await server.handle(request(2, 'logging/setLevel', { level: 'loud' })), {
    jsonrpc: '2.0',
    id: 2,
    error: {
      code: -32602,
      message:
        'level must be one of debug, info, notice, warning, error, critical, alert, emergency.',
    },
  });
  const modern = (await server.handle(
    request(3, 'logging/setLevel', { level: 'debug', _meta: META }),
  )) as unknown as { error: { code: number } };
  assert.is(modern.error.code, -32601);
  const init = (await server.handle(
    request(4, 'initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'c', version: '1' },
    }),
  )) as unknown as { result: { capabilities: object } };
  assert.equal(init.result.capabilities, { logging: {}, tools: {} });
});

streaming(
  '2026-07-28: a client that goes away cancels the call, recorded as cancelled',
  async () => {
    const calls: ToolCalled[] = [];
    const disconnect = mcpserverToolCalled.connect((event) => calls.push(event));
    try {
      const controller = new AbortController();
      const sent: JSONRPCNotification[] = [];
      const pending = new StreamingServer().handle(
        request(1, 'tools/call', { name: 'wait', _meta: META }),
        { signal: controller.signal, notify: (n) => sent.push(n) },
      );
      setTimeout(() => controller.abort(), 10);
      const started = performance.now();
      assert.is(await pending, undefined);
      assert.ok(performance.now() - started < 150, 'answered at the cancellation, not at the end');
      assert.is(aborted, 'cancelled');
      await new Promise((resolve) => setTimeout(resolve, 20));
      assert.equal(
        calls.map((call) => call.outcome),
        ['cancelled'],
      );
    } finally {
      disconnect();
    }
  },
);

streaming(
  '2026-07-28: a cancelled call is answered at once, even by a tool that runs on',
  async () => {
    const Deaf = defineTool({
      name: 'deaf',
      title: 'Deaf',
      description: 'Runs on, whatever its signal says.',
      argumentsSchema: { type: 'object' },
      run: () => new Promise<string>((resolve) => setTimeout(() => resolve('done'), 200)),
    });
    class DeafServer extends StreamingServer {
      override readonly tools = toolsByName(new Deaf());
    }
    const controller = new AbortController();
    const pending = new DeafServer().handle(
      request(1, 'tools/call', { name: 'deaf', _meta: META }),
      { signal: controller.signal },
    );
    setTimeout(() => controller.abort(), 10);
    const started = performance.now();
    assert.is(await pending, undefined);
    assert.ok(performance.now() - started < 150, 'answered at the cancellation, not at the end');
  },
);

streaming('handshake era: a client that goes away does not cancel', async () => {
  const controller = new AbortController();
  const pending = new StreamingServer().handle(request(1, 'tools/call', { name: 'wait' }), {
    signal: controller.signal,
  });
  controller.abort();
  assert.equal((await pending) as unknown, {
    jsonrpc: '2.0',
    id: 1,
    result: { content: [{ type: 'text', text: 'done' }] },
  });
});

streaming('handshake era: notifications/cancelled from the same caller cancels', async () => {
  const cancel = (requestId: number) => ({
    jsonrpc: '2.0',
    method: 'notifications/cancelled',
    params: { requestId, reason: 'user' },
  });
  const server = new StreamingServer();
  const mine = server.handle(request(7, 'tools/call', { name: 'wait' }), { caller: 'alice' });
  const theirs = server.handle(request(7, 'tools/call', { name: 'wait' }), { caller: 'bob' });
  await new Promise((resolve) => setTimeout(resolve, 5));
  assert.is(await server.handle(cancel(7), { caller: 'alice' }), undefined);
  assert.is(await mine, undefined);
  assert.equal((await theirs) as unknown, {
    jsonrpc: '2.0',
    id: 7,
    result: { content: [{ type: 'text', text: 'done' }] },
  });
  // Without a caller, a cancellation cannot be matched, and is ignored.
  const anonymous = server.handle(request(8, 'tools/call', { name: 'wait' }));
  await server.handle(cancel(8));
  assert.is(((await anonymous) as unknown as { id: number }).id, 8);
});

streaming.run();
