// subscriptions/listen over real HTTP (node:http and the Node adapter): the SSE answer and its
// keep-alive, a client that accepts no event stream, a client that goes away, a listener that
// never reads (the memory it holds is bounded), and 10,000 listeners in one process.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createHttpHandler, type HttpOptions, nodeListener } from '../src/http.js';
import { type Changes, changesOn, memoryBus } from '../src/index.js';
import { ListenServer, listenRequest, open, turns } from './listen-helpers.js';

const SUB = 'io.modelcontextprotocol/subscriptionId';

async function serve(changes: Changes, options: HttpOptions<unknown> = {}) {
  const server: Server = createServer(
    nodeListener(createHttpHandler(() => new ListenServer(changes), options)),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${port}/mcp`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2026-07-28',
  'mcp-method': 'subscriptions/listen',
};

// What an SSE body has sent so far, read as it comes: its events' data, and its comments.
function reader(body: ReadableStream<Uint8Array>) {
  const decoder = new TextDecoder();
  const events: any[] = [];
  const comments: string[] = [];
  let text = '';
  let done = false;
  const chunks = body.getReader();
  (async () => {
    for (let chunk = await chunks.read(); !chunk.done; chunk = await chunks.read()) {
      text += decoder.decode(chunk.value, { stream: true });
      for (let end = text.indexOf('\n\n'); end >= 0; end = text.indexOf('\n\n')) {
        const block = text.slice(0, end);
        text = text.slice(end + 2);
        if (block.startsWith(':')) comments.push(block);
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (data !== undefined) events.push(JSON.parse(data));
      }
    }
  })()
    .catch(() => {})
    .finally(() => {
      done = true;
    });
  return {
    events,
    comments,
    get done() {
      return done;
    },
  };
}

async function until(check: () => boolean, ms = 2000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const test = suite('subscriptions/listen over HTTP');

test('an SSE answer: acknowledged, then changes, keep-alive comments, and complete on close', async () => {
  const changes = changesOn(memoryBus());
  const running = await serve(changes, { keepAliveMs: 40 });
  try {
    const response = await fetch(running.url, {
      method: 'POST',
      headers: HEADERS,
      body: JSON.stringify(listenRequest('h1', { toolsListChanged: true })),
    });
    assert.is(response.status, 200);
    assert.is(response.headers.get('content-type'), 'text/event-stream');
    assert.is(response.headers.get('x-accel-buffering'), 'no');
    const read = reader(response.body!);
    await until(() => read.events.length === 1);
    assert.is(read.events[0].method, 'notifications/subscriptions/acknowledged');
    await changes.toolsChanged();
    await until(() => read.events.length === 2);
    assert.equal(read.events[1].params._meta[SUB], 'h1');
    await until(() => read.comments.length > 0, 1000);
    await changes.close();
    await until(() => read.done);
    assert.equal(read.events[2].result.resultType, 'complete');
    assert.equal(read.events[2].result._meta[SUB], 'h1');
  } finally {
    await running.close();
  }
});

test('a client that accepts no event stream is told so (406)', async () => {
  const changes = changesOn(memoryBus());
  const running = await serve(changes);
  try {
    const response = await fetch(running.url, {
      method: 'POST',
      headers: { ...HEADERS, accept: 'application/json' },
      body: JSON.stringify(listenRequest(1, { toolsListChanged: true })),
    });
    assert.is(response.status, 406);
    const body = (await response.json()) as any;
    assert.match(body.error.message, /text\/event-stream/);
    assert.is(changes.listening, 0);
  } finally {
    await running.close();
  }
});

test('a client that disconnects frees its listener', async () => {
  const changes = changesOn(memoryBus());
  const running = await serve(changes);
  try {
    const gone = new AbortController();
    const response = await fetch(running.url, {
      method: 'POST',
      headers: HEADERS,
      body: JSON.stringify(listenRequest(1, { toolsListChanged: true })),
      signal: gone.signal,
    });
    const read = reader(response.body!);
    await until(() => read.events.length === 1);
    assert.is(changes.listening, 1);
    gone.abort();
    await until(() => changes.listening === 0);
  } finally {
    await changes.close();
    await running.close();
  }
});

test('a listener that never reads: the server holds a bounded amount, then ends it', async () => {
  const changes = changesOn(memoryBus());
  const maxBufferedBytes = 64 * 1024;
  const running = await serve(changes, { maxBufferedBytes });
  const uri = `note:///drafts/${'x'.repeat(4000)}`;
  const body = JSON.stringify(listenRequest(1, { resourceSubscriptions: [uri] }));
  const socket = connect(running.port, '127.0.0.1');
  try {
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /mcp HTTP/1.1\r\nhost: 127.0.0.1\r\n${Object.entries(HEADERS)
        .map(([name, value]) => `${name}: ${value}`)
        .join('\r\n')}\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    socket.pause(); // never reads
    await until(() => changes.listening === 1);
    globalThis.gc?.();
    const before = process.memoryUsage().heapUsed;
    // 80 MB of updates, 4 KB each: far more than the socket's buffers and the stream's bound.
    let announced = 0;
    while (changes.listening === 1 && announced < 20_000) {
      await changes.resourceUpdated(uri);
      announced++;
      if (announced % 100 === 0) await turns(2);
    }
    await turns();
    globalThis.gc?.();
    const grown = process.memoryUsage().heapUsed - before;
    console.log(
      `  a listener that never reads was ended after ${announced} updates of 4 KB; heap grew ${(grown / 1024 / 1024).toFixed(1)} MB`,
    );
    assert.is(changes.listening, 0);
    assert.ok(announced < 20_000);
    assert.ok(grown < 40 * 1024 * 1024, `heap grew ${grown} bytes`);
  } finally {
    socket.destroy();
    await changes.close();
    await running.close();
  }
});

test('10,000 listeners in one process: each hears a change; memory per listener', async () => {
  const changes = changesOn(memoryBus(), { maxListenersPerPrincipal: 10_000 });
  const server = new ListenServer(changes);
  globalThis.gc?.();
  const before = process.memoryUsage().heapUsed;
  const listens = Array.from({ length: 10_000 }, (_, id) =>
    open(server, id, { toolsListChanged: true, resourceSubscriptions: ['note:///readme'] }),
  );
  await until(() => changes.listening === 10_000, 10_000);
  await turns();
  globalThis.gc?.();
  const held = process.memoryUsage().heapUsed - before;
  // What a test's own sink keeps (its frames) is counted in: a bound, not an exact cost.
  console.log(
    `  10,000 listeners: ${(held / 1024 / 1024).toFixed(1)} MB of heap, ${Math.round(held / 10_000)} bytes each (with the test's sink)`,
  );
  const started = performance.now();
  await changes.resourceUpdated('note:///readme');
  await turns();
  console.log(
    `  one update reached 10,000 listeners in ${(performance.now() - started).toFixed(0)} ms`,
  );
  assert.ok(listens.every((listen) => listen.frames.length === 2));
  await changes.close();
  const answers = await Promise.all(listens.map((listen) => listen.answer));
  assert.ok(answers.every((answer) => answer?.result.resultType === 'complete'));
  assert.is(changes.listening, 0);
});

test.run();
