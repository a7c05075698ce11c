// SSE answers: when the HTTP layer streams a request's notifications before its response, in
// each response mode, through the plain handler, the web wrapper and node:http; and what a client
// that goes away cancels, in each era.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  createFetchHandler,
  createHttpHandler,
  type HttpOptions,
  type HttpResponse,
  nodeListener,
} from '../src/http.js';
import { defineTool, MCPServerBase, type RequestScope, toolsByName } from '../src/index.js';

// A gate a test opens: the tool waits at it, so that what the client has read before is known
// to have been sent before the tool went on.
let open: () => void = () => {};
let gate = Promise.resolve();
function closeGate() {
  gate = new Promise<void>((resolve) => {
    open = resolve;
  });
}
// What the last `wait` call saw when it ended.
let ended: { aborted: boolean } | undefined;
let endedNow: () => void = () => {};
let whenEnded = Promise.resolve();

const Steps = defineTool({
  name: 'steps',
  title: 'Steps',
  description: 'Reports progress, waits at the gate, reports again, and answers.',
  argumentsSchema: { type: 'object' },
  run: async (_args, scope) => {
    scope.progress(1, 2, 'one');
    scope.log('info', { step: 1 });
    await gate;
    scope.progress(2, 2, 'two');
    return 'done';
  },
});

const Quiet = defineTool({
  name: 'quiet',
  title: 'Quiet',
  description: 'Answers without a notification.',
  argumentsSchema: { type: 'object' },
  run: () => 'quiet',
});

const Odd = defineTool({
  name: 'odd',
  title: 'Odd',
  description: 'Logs what JSON cannot carry, then something it can.',
  argumentsSchema: { type: 'object' },
  run: (_args, scope) => {
    scope.log('info', { big: 1n });
    scope.log('info', 'plain');
    return 'odd';
  },
});

const Wait = defineTool({
  name: 'wait',
  title: 'Wait',
  description: 'Reports progress, then waits at the gate or for its signal.',
  argumentsSchema: { type: 'object' },
  run: async (_args, scope: RequestScope) => {
    scope.progress(1);
    const aborted = new Promise<boolean>((resolve) =>
      scope.signal.addEventListener('abort', () => resolve(true), { once: true }),
    );
    const result = await Promise.race([aborted, gate.then(() => false)]);
    ended = { aborted: result };
    endedNow();
    return 'waited';
  },
});

class StreamServer extends MCPServerBase {
  readonly name = 'stream';
  override readonly tools = toolsByName(new Steps(), new Quiet(), new Odd(), new Wait());
  readonly logged: unknown[] = [];
  serverInfo() {
    return { name: 'stream', version: '1.0.0' };
  }
  override instructions() {
    return '';
  }
  override logError(error: unknown) {
    this.logged.push(error);
  }
}

const BOTH = 'application/json, text/event-stream';
const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/logLevel': 'debug',
};

function callBody(id: number, name: string, modern = false) {
  const _meta = modern ? { ...MODERN_META, progressToken: 'p' } : { progressToken: 'p' };
  return JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name, arguments: {}, _meta },
  });
}

function headers(accept: string, modern = false) {
  const base: Record<string, string> = {
    host: 'localhost',
    'content-type': 'application/json',
    accept,
  };
  if (modern) {
    base['mcp-protocol-version'] = '2026-07-28';
    base['mcp-method'] = 'tools/call';
    base['mcp-name'] = 'wait';
  }
  return base;
}

// The messages of an SSE text, in order; comments and blank lines skipped.
function messages(text: string): { method?: string; id?: number; result?: unknown }[] {
  return text
    .split('\n\n')
    .filter((event) => event.includes('data: '))
    .map((event) => {
      assert.match(event, /^event: message\ndata: /);
      return JSON.parse(event.slice(event.indexOf('data: ') + 6));
    });
}

async function drain(body: HttpResponse['body']): Promise<string> {
  assert.type(body, 'object', 'an event stream');
  let text = '';
  for await (const event of body as AsyncIterable<string>) text += event;
  return text;
}

const plain = suite('SSE answers from the plain handler');

plain.before.each(() => closeGate());

plain('auto: notifications first, then the response last, as SSE', async () => {
  const handler = createHttpHandler(() => new StreamServer());
  const answering = handler({
    method: 'POST',
    headers: headers(BOTH),
    body: callBody(1, 'steps'),
  });
  const response = await answering;
  assert.is(response.status, 200);
  assert.equal(response.headers, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
  });
  // The answer was committed while the tool still waits at the gate.
  open();
  const sent = messages(await drain(response.body));
  assert.equal(
    sent.map((message) => message.method ?? `response ${message.id}`),
    ['notifications/progress', 'notifications/message', 'notifications/progress', 'response 1'],
  );
  assert.equal((sent[3] as { result: { content: unknown } }).result.content, [
    { type: 'text', text: 'done' },
  ]);
});

plain('auto: a request that sends nothing is answered with JSON', async () => {
  const handler = createHttpHandler(() => new StreamServer());
  const response = await handler({
    method: 'POST',
    headers: headers(BOTH),
    body: callBody(2, 'quiet'),
  });
  assert.is(response.headers['content-type'], 'application/json');
  assert.is(JSON.parse(response.body as string).result.content[0].text, 'quiet');
});

plain('a client that accepts only JSON gets JSON, the notifications dropped', async () => {
  open();
  const handler = createHttpHandler(() => new StreamServer());
  const response = await handler({
    method: 'POST',
    headers: headers('application/json'),
    body: callBody(3, 'steps'),
  });
  assert.is(response.headers['content-type'], 'application/json');
  assert.is(JSON.parse(response.body as string).result.content[0].text, 'done');
});

plain("responseMode 'json' never streams", async () => {
  open();
  const handler = createHttpHandler(() => new StreamServer(), { responseMode: 'json' });
  const response = await handler({
    method: 'POST',
    headers: headers(BOTH),
    body: callBody(4, 'steps'),
  });
  assert.is(response.headers['content-type'], 'application/json');
});

plain("responseMode 'sse' streams a lone response, but not an error status", async () => {
  const options: HttpOptions<unknown> = { responseMode: 'sse' };
  const handler = createHttpHandler(() => new StreamServer(), options);
  const quiet = await handler({
    method: 'POST',
    headers: headers(BOTH),
    body: callBody(5, 'quiet'),
  });
  assert.is(quiet.headers['content-type'], 'text/event-stream');
  assert.equal(
    messages(await drain(quiet.body)).map((message) => message.id),
    [5],
  );
  // 2026-07-28: an unknown method is a 404, which a stream could not carry.
  const unknown = await handler({
    method: 'POST',
    headers: { ...headers(BOTH, true), 'mcp-method': 'nope/nope' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 6,
      method: 'nope/nope',
      params: { _meta: MODERN_META },
    }),
  });
  assert.is(unknown.status, 404);
  assert.is(unknown.headers['content-type'], 'application/json');
  // A notification is owed nothing, in any mode.
  const notification = await handler({
    method: 'POST',
    headers: headers(BOTH),
    body: '{"jsonrpc":"2.0","method":"notifications/initialized"}',
  });
  assert.equal(notification, { status: 202, headers: {} });
});

plain('a notification JSON cannot carry is dropped and logged; the rest go on', async () => {
  const server = new StreamServer();
  const handler = createHttpHandler(() => server);
  const response = await handler({
    method: 'POST',
    headers: headers(BOTH),
    body: callBody(7, 'odd'),
  });
  const sent = messages(await drain(response.body));
  assert.equal(
    sent.map((message) => message.method ?? message.id),
    ['notifications/message', 7],
  );
  assert.is(server.logged.length, 1);
});

plain(
  'a 2025-03-26 batch streams every notification, then the responses as one array',
  async () => {
    open();
    const handler = createHttpHandler(() => new StreamServer());
    const response = await handler({
      method: 'POST',
      headers: { ...headers(BOTH), 'mcp-protocol-version': '2025-03-26' },
      body: `[${callBody(8, 'steps')},${callBody(9, 'quiet')}]`,
    });
    const sent = messages(await drain(response.body));
    const last = sent.at(-1) as unknown as { id: number }[];
    assert.ok(Array.isArray(last));
    assert.equal(
      last.map((answer) => answer.id),
      [8, 9],
    );
    assert.is(sent.length, 4);
  },
);

plain('keep-alive comments while a stream waits, and a bad keepAliveMs is refused', async () => {
  const handler = createHttpHandler(() => new StreamServer(), { keepAliveMs: 5 });
  const response = await handler({
    method: 'POST',
    headers: headers(BOTH),
    body: callBody(10, 'steps'),
  });
  const events = (response.body as AsyncIterable<string>)[Symbol.asyncIterator]();
  let comment = false;
  for (let event = await events.next(); !event.done; event = await events.next()) {
    if (event.value.startsWith(':')) {
      assert.is(event.value, ': keepalive\n\n');
      comment = true;
      open();
    }
  }
  assert.ok(comment);
  assert.throws(
    () => createHttpHandler(() => new StreamServer(), { keepAliveMs: -1 }),
    /keepAliveMs/,
  );
});

plain.run();

const wire = suite('SSE answers over real HTTP');

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
}

async function close(server: Server) {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

// Reads a fetch answer's body up to and including the first event holding `text`.
async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, text: string) {
  const decoder = new TextDecoder();
  let read = '';
  while (!read.includes(text)) {
    const { done, value } = await reader.read();
    if (done) break;
    read += decoder.decode(value, { stream: true });
  }
  return read;
}

wire.before.each(() => {
  closeGate();
  ended = undefined;
  whenEnded = new Promise<void>((resolve) => {
    endedNow = resolve;
  });
});

for (const [name, serve] of [
  ['node:http', () => createServer(nodeListener(createHttpHandler(() => new StreamServer())))],
] as const) {
  wire(`${name}: the first notification arrives while the tool still runs`, async () => {
    const server = serve();
    const url = await listen(server);
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: headers(BOTH),
        body: callBody(1, 'steps'),
      });
      assert.is(response.headers.get('content-type'), 'text/event-stream');
      assert.is(response.headers.get('x-accel-buffering'), 'no');
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      const first = await readUntil(reader, 'notifications/progress');
      assert.not.match(first, /"result"/);
      open();
      const rest = await readUntil(reader, '"result"');
      assert.equal(
        messages(first + rest).map((message) => message.method ?? message.id),
        ['notifications/progress', 'notifications/message', 'notifications/progress', 1],
      );
    } finally {
      await close(server);
    }
  });

  wire(`${name}: a 2026-07-28 client that goes away cancels its request`, async () => {
    const server = serve();
    const url = await listen(server);
    try {
      const abort = new AbortController();
      const response = await fetch(url, {
        method: 'POST',
        headers: headers(BOTH, true),
        body: callBody(2, 'wait', true),
        signal: abort.signal,
      });
      await readUntil((response.body as ReadableStream<Uint8Array>).getReader(), 'progress');
      abort.abort();
      await whenEnded;
      assert.equal(ended, { aborted: true });
    } finally {
      await close(server);
    }
  });

  wire(`${name}: a handshake-era client that goes away does not cancel`, async () => {
    const server = serve();
    // The server sees the client go away when the response closes before it is finished.
    const disconnected = new Promise<void>((resolve) =>
      server.on('request', (_request, response: ServerResponse) =>
        response.once('close', () => {
          if (!response.writableFinished) resolve();
        }),
      ),
    );
    const url = await listen(server);
    try {
      const abort = new AbortController();
      const response = await fetch(url, {
        method: 'POST',
        headers: headers(BOTH),
        body: callBody(3, 'wait'),
        signal: abort.signal,
      });
      await readUntil((response.body as ReadableStream<Uint8Array>).getReader(), 'progress');
      abort.abort();
      // Once the server has seen the disconnect, the tool finishes on its own.
      await disconnected;
      open();
      await whenEnded;
      assert.equal(ended, { aborted: false });
    } finally {
      await close(server);
    }
  });
}

wire('the web wrapper streams, and a cancelled body cancels a 2026-07-28 request', async () => {
  const handler = createFetchHandler(() => new StreamServer());
  const response = await handler(
    new Request('http://localhost/mcp', {
      method: 'POST',
      headers: headers(BOTH, true),
      body: callBody(4, 'wait', true),
    }),
  );
  assert.is(response.headers.get('content-type'), 'text/event-stream');
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const first = await readUntil(reader, 'progress');
  assert.equal(
    messages(first).map((message) => message.method),
    ['notifications/progress'],
  );
  await reader.cancel();
  await whenEnded;
  assert.equal(ended, { aborted: true });
});

wire.run();
