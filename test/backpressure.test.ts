// A client that stops reading an SSE answer: over a raw TCP socket to the node:http example, and
// through the web wrapper's stream, the server holds a bounded amount, its tool waits when it
// awaits its notifications, and the answer goes on to its end once the client reads again.
import type { Socket } from 'node:net';
import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { serveStdio } from '../examples/adapters/stdio.js';
import { start } from '../examples/node-http.js';
import { createFetchHandler, createHttpHandler, DEFAULT_MAX_BUFFERED_BYTES } from '../src/http.js';
import { defineTool, MCPServerBase, toolsByName } from '../src/index.js';

const COUNT = 40_000;
const FILLER = 'x'.repeat(900); // about 1 KB an event: 40 MB in all
let sent = 0; // notifications the tool has handed over so far

const Flood = defineTool({
  name: 'flood',
  title: 'Flood',
  description: 'Sends many notifications, awaiting each or not.',
  argumentsSchema: {
    type: 'object',
    properties: { kind: { enum: ['log', 'progress'] }, awaited: { type: 'boolean' } },
    required: ['kind', 'awaited'],
  },
  run: async ({ kind, awaited }, scope) => {
    for (let i = 1; i <= COUNT; i++) {
      const delivered =
        kind === 'log' ? scope.log('info', `${i} ${FILLER}`) : scope.progress(i, COUNT, FILLER);
      sent = i;
      if (awaited) await delivered;
    }
    return `sent ${COUNT}`;
  },
});

class FloodServer extends MCPServerBase {
  readonly name = 'flood';
  override readonly tools = toolsByName(new Flood());
  static logged: string[] = [];
  serverInfo() {
    return { name: 'flood', version: '1.0.0' };
  }
  override instructions() {
    return '';
  }
  override logError(error: unknown) {
    FloodServer.logged.push(String(error));
  }
}

const body = (kind: string, awaited: boolean) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: 'flood', arguments: { kind, awaited }, _meta: { progressToken: 'p' } },
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The messages of the SSE text of a chunked answer: each chunk holds whole events.
const messages = (text: string) =>
  [...text.matchAll(/^data: (.*)$/gm)].map((match) => JSON.parse(match[1]!));

interface Paused {
  /** The most the server's socket held unsent while the client did not read. */
  held: number;
  /** The notifications the tool had sent by the time the client read again. */
  sentWhilePaused: number;
  messages: { method?: string; params?: { progress?: number; data?: string }; result?: unknown }[];
}

// Sends the call over a raw socket, reads nothing for a while, then everything.
async function pausedClient(kind: string, awaited: boolean): Promise<Paused> {
  sent = 0;
  FloodServer.logged = [];
  const served = await start(
    createHttpHandler(() => new FloodServer()),
    0,
  );
  let server: Socket | undefined;
  served.http.once('connection', (socket) => {
    server = socket;
  });
  try {
    const { port } = new URL(served.url);
    const client = connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => client.once('connect', resolve));
    client.pause();
    const payload = body(kind, awaited);
    client.write(
      `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
        'Accept: application/json, text/event-stream\r\nConnection: close\r\n' +
        `Content-Length: ${Buffer.byteLength(payload)}\r\n\r\n${payload}`,
    );
    // The tool runs while the client reads nothing: what the server holds is sampled.
    let held = 0;
    const until = Date.now() + 1500;
    while (Date.now() < until && !(awaited === false && sent === COUNT && held > 0)) {
      held = Math.max(held, server?.writableLength ?? 0);
      await sleep(20);
    }
    for (let i = 0; i < 10; i++) {
      held = Math.max(held, server?.writableLength ?? 0);
      await sleep(20);
    }
    const sentWhilePaused = sent;
    const chunks: Buffer[] = [];
    client.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise((resolve) => client.once('end', resolve));
    client.resume();
    await ended;
    const text = Buffer.concat(chunks).toString('utf8');
    assert.match(text, /^HTTP\/1\.1 200 OK\r\n/);
    assert.match(text, /content-type: text\/event-stream/i);
    return { held, sentWhilePaused, messages: messages(text) };
  } finally {
    await served.close();
  }
}

// What the server may hold for one answer: its bound, an event past it, and what Node's socket
// takes before write() says it is full.
const BOUND = DEFAULT_MAX_BUFFERED_BYTES + 64 * 1024;

const node = suite('backpressure over node:http, a raw client that stops reading');

node('a tool that awaits its notifications waits for the client, and loses none', async () => {
  const { held, sentWhilePaused, messages } = await pausedClient('log', true);
  assert.ok(held <= BOUND, `the server held ${held} bytes`);
  assert.ok(sentWhilePaused < COUNT / 4, `the tool sent ${sentWhilePaused} before it waited`);
  const logs = messages.filter((message) => message.method === 'notifications/message');
  assert.is(logs.length, COUNT);
  assert.ok(
    logs.every((log, index) => log.params!.data!.startsWith(`${index + 1} `)),
    'in order',
  );
  assert.equal(messages.at(-1)!.result, { content: [{ type: 'text', text: `sent ${COUNT}` }] });
  assert.equal(FloodServer.logged, []);
});

node(
  'a tool that does not await: progress superseded, the latest kept, memory bounded',
  async () => {
    const { held, sentWhilePaused, messages } = await pausedClient('progress', false);
    assert.is(sentWhilePaused, COUNT, 'the tool was not held back');
    assert.ok(held <= BOUND, `the server held ${held} bytes`);
    const progress = messages
      .filter((message) => message.method === 'notifications/progress')
      .map((message) => message.params!.progress!);
    assert.ok(progress.length < COUNT, `${progress.length} of ${COUNT} sent: superseded ones not`);
    assert.ok(
      progress.every((value, index) => index === 0 || value > progress[index - 1]!),
      'increasing',
    );
    assert.is(progress.at(-1), COUNT, 'the latest is never dropped');
    assert.equal(messages.at(-1)!.result, { content: [{ type: 'text', text: `sent ${COUNT}` }] });
    assert.equal(FloodServer.logged, [], 'nothing dropped but what was superseded');
  },
);

node(
  'a tool that does not await its log messages: past the bound they are dropped, and logged',
  async () => {
    const { held, messages } = await pausedClient('log', false);
    assert.ok(held <= BOUND, `the server held ${held} bytes`);
    const logs = messages.filter((message) => message.method === 'notifications/message');
    assert.ok(logs.length < COUNT, `${logs.length} of ${COUNT}`);
    assert.equal(messages.at(-1)!.result, { content: [{ type: 'text', text: `sent ${COUNT}` }] });
    assert.equal(FloodServer.logged, [
      `Error: ${COUNT - logs.length} notifications were dropped: the client read them too slowly`,
    ]);
  },
);

node.run();

const web = suite('backpressure through the web wrapper, a reader that stops reading');

web(
  'the stream is pulled: an awaiting tool waits for the reader, then every event arrives',
  async () => {
    sent = 0;
    const handler = createFetchHandler(() => new FloodServer(), { maxBufferedBytes: 16 * 1024 });
    const response = await handler(
      new Request('http://localhost/mcp', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: body('log', true),
      }),
    );
    assert.is(response.headers.get('content-type'), 'text/event-stream');
    await sleep(300);
    assert.ok(sent < 200, `the tool sent ${sent} while nothing was read`);
    const text = await response.text();
    const logs = messages(text).filter((message) => message.method === 'notifications/message');
    assert.is(logs.length, COUNT);
    assert.is(sent, COUNT);
  },
);

web('maxBufferedBytes must be a number of bytes', () => {
  assert.throws(
    () => createHttpHandler(() => new FloodServer(), { maxBufferedBytes: -1 }),
    /maxBufferedBytes must be a number of bytes, 0 or more\./,
  );
});

web.run();

const stdio = suite('backpressure over stdio, a client that stops reading stdout');

stdio(
  'the tool that awaits its log messages waits for the client; every line then arrives',
  async () => {
    sent = 0;
    let reading = false;
    let held: (() => void)[] = [];
    const lines: string[] = [];
    // A pipe the client does not read: writes are taken, but not done, until it reads.
    const output = new Writable({
      highWaterMark: 16 * 1024,
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        if (reading) done();
        else held.push(done);
      },
    });
    async function* input() {
      yield `${body('log', true)}\n`;
    }
    const served = serveStdio(() => new FloodServer(), { input: input(), output });
    await sleep(300);
    assert.ok(sent < 100, `the tool sent ${sent} while nothing was read`);
    reading = true;
    for (const done of held) done();
    held = [];
    await served;
    const messages = lines
      .join('')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    assert.is(
      messages.filter((message) => message.method === 'notifications/message').length,
      COUNT,
    );
    assert.equal(messages.at(-1).result, { content: [{ type: 'text', text: `sent ${COUNT}` }] });
  },
);

stdio.run();
