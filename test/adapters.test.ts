// The adapters of examples/adapters/, each started and asked over real HTTP: Express, Hono and
// Fastify in this process; Deno and Bun as children of their own binaries.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import express from 'express';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  createFetchHandler,
  createHttpHandler,
  DEFAULT_MAX_BODY_BYTES,
  type HttpOptions,
  nodeListener,
} from '../src/http.js';
import { TestServer } from './fixtures.js';
import { GatedServer } from './gated-server.js';
import {
  handshakeDisconnectRunsOn,
  modernDisconnectCancels,
  streamsBeforeResult,
} from './streaming-checks.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const READY_TIMEOUT_MS = 30_000;

interface Running {
  url: string;
  close: () => Promise<void>;
}

/** Start an adapter as a child process with PORT=0; resolves when it prints the URL it listens on. */
function child(command: string, args: string[]): Promise<Running> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', NO_COLOR: '1' };
  delete env.FORCE_COLOR; // set by uvu: the stderr shown on a failure reads better without colours
  const process_: ChildProcess = spawn(join(root, command), args, {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = once(process_, 'exit');
  // Should this process end first, on a crash say, it takes the child with it.
  const kill = () => process_.kill();
  process.once('exit', kill);
  const close = async () => {
    if (process_.exitCode === null && process_.signalCode === null) process_.kill('SIGTERM');
    await exited;
    process.off('exit', kill);
  };
  let stdout = '';
  let stderr = '';
  process_.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk;
  });
  return new Promise<Running>((resolve, reject) => {
    const fail = (why: string) => {
      clearTimeout(timer);
      void close().then(() =>
        reject(
          new Error(`${command} ${args.join(' ')}: ${why}\nstdout: ${stdout}\nstderr: ${stderr}`),
        ),
      );
    };
    const timer = setTimeout(() => fail(`not ready in ${READY_TIMEOUT_MS} ms`), READY_TIMEOUT_MS);
    process_.once('error', (error) => fail(error.message));
    const early = (code: number | null, signal: string | null) =>
      fail(`exited (${code ?? signal}) before it listened`);
    process_.once('exit', early);
    process_.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk;
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stdout)?.[1];
      if (url === undefined) return;
      clearTimeout(timer);
      process_.off('exit', early);
      resolve({ url, close });
    });
  });
}

const HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
};

const post = (
  url: string,
  body: BodyInit,
  headers: Record<string, string> = {},
  signal?: AbortSignal,
) =>
  fetch(url, { method: 'POST', headers: { ...HEADERS, ...headers }, body, signal: signal ?? null });

const call = (url: string, method: string, params?: object) =>
  post(url, JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }));

/** POST with a Host header of our choosing, which fetch does not allow. */
function postWithHost(url: string, host: string, body: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const outgoing = request(url, { method: 'POST', headers: { ...HEADERS, host } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode!, body: text }));
    });
    outgoing.on('error', reject).end(body);
  });
}

async function errorOf(response: Response, status: number) {
  assert.is(response.status, status);
  assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
  const body = await response.json();
  assert.is(body.id, null);
  return body.error as { code: number; message: string };
}

function adapter(name: string, start: () => Promise<Running>) {
  const test = suite(name);
  let running: Promise<Running>;
  test.before(() => {
    running = start();
    // A start that fails fails every test below, with its reason; none goes unhandled.
    running.catch(() => {});
  });
  test.after(async () => {
    await (await running.catch(() => undefined))?.close();
  });

  test('tools/list: 200, JSON, the six tools', async () => {
    const response = await call((await running).url, 'tools/list');
    assert.is(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
    const { result } = await response.json();
    assert.equal(
      result.tools.map((tool: { name: string }) => tool.name),
      [
        'list_documents',
        'read_document',
        'search_documents',
        'read_blog',
        'count_mentions',
        'summarise_document',
      ],
    );
  });

  test('tools/call read_document README.md: its text', async () => {
    const response = await call((await running).url, 'tools/call', {
      name: 'read_document',
      arguments: { path: 'README.md' },
    });
    assert.is(response.status, 200);
    const { result } = await response.json();
    assert.is(result.isError, undefined);
    assert.ok(result.content[0].text.startsWith('# README.md\n\n'), result.content[0].text);
  });

  test('GET: 405, Allow: POST', async () => {
    const response = await fetch((await running).url, { headers: HEADERS });
    assert.is(response.headers.get('allow'), 'POST');
    assert.is((await errorOf(response, 405)).code, -32600);
  });

  test('a notification: 202, no body', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' });
    const response = await post((await running).url, body);
    assert.is(response.status, 202);
    assert.is(await response.text(), '');
  });

  test('a body that is not JSON: 400, -32700', async () => {
    const response = await post((await running).url, '{"jsonrpc":');
    assert.is((await errorOf(response, 400)).code, -32700);
  });

  test('a Content-Type other than JSON: 415 from the handler', async () => {
    const response = await post((await running).url, '{}', { 'content-type': 'text/plain' });
    assert.is((await errorOf(response, 415)).code, -32600);
  });

  test('a body over the limit, by 28 MiB or by 1 byte: 413 from the handler', async () => {
    for (const size of [8 * DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_BODY_BYTES + 1]) {
      const response = await post((await running).url, new Uint8Array(size));
      const error = await errorOf(response, 413);
      assert.is(error.message, `The body is larger than ${DEFAULT_MAX_BODY_BYTES} bytes.`);
    }
  });

  test('Host: evil.example.com: 403', async () => {
    const ping = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
    const response = await postWithHost((await running).url, 'evil.example.com', ping);
    assert.is(response.status, 403);
    assert.is(JSON.parse(response.body).error.message, 'This host is not allowed.');
  });

  test('only /mcp is served', async () => {
    const response = await call((await running).url.replace(/\/mcp$/, '/other'), 'ping');
    assert.is(response.status, 404);
    await response.arrayBuffer();
  });

  test.run();
}

const inProcess = (load: () => Promise<{ start: (port: number) => Promise<Running> }>) => () =>
  load().then(({ start }) => start(0));

adapter(
  'Express',
  inProcess(() => import('../examples/adapters/express.js')),
);
adapter(
  'Hono',
  inProcess(() => import('../examples/adapters/hono.js')),
);
adapter(
  'Fastify',
  inProcess(() => import('../examples/adapters/fastify.js')),
);
adapter('Deno', () =>
  child('node_modules/.bin/deno', [
    'run',
    '--sloppy-imports',
    '--node-modules-dir=manual',
    '--allow-net=127.0.0.1',
    '--allow-read',
    '--allow-env',
    'examples/adapters/deno.ts',
  ]),
);
adapter('Bun', () => child('node_modules/.bin/bun', ['examples/adapters/bun.ts']));

// ---------------------------------------------------------------------------------------------
// The same adapters, each serving a handler of the test's own making.

type Serve = (options: HttpOptions<unknown>, make?: () => TestServer) => Promise<Running>;

const listen = async (server: Server): Promise<Running> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
};

const SERVED: Record<string, Serve> = {
  'node:http': (options, make = () => new TestServer()) =>
    listen(createServer(nodeListener(createHttpHandler(make, options)))),
  Express: async (options, make = () => new TestServer()) => {
    const { mcpApp, start } = await import('../examples/adapters/express.js');
    return start(0, mcpApp(createHttpHandler(make, options)));
  },
  'Hono (the fetch wrapper)': async (options, make = () => new TestServer()) => {
    const { mcpApp, start } = await import('../examples/adapters/hono.js');
    return start(0, mcpApp(createFetchHandler(make, options)));
  },
  Fastify: async (options, make = () => new TestServer()) => {
    const { start } = await import('../examples/adapters/fastify.js');
    return start(0, createHttpHandler(make, options));
  },
};

const PING = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
/** A ping of exactly `size` bytes, padded inside, so that a body cut short is not JSON. */
function pingOf(size: number) {
  const head = '{"jsonrpc":"2.0","id":1,"method":"ping","params":{"_meta":{"pad":"';
  return `${head}${'x'.repeat(size - head.length - 4)}"}}}`;
}

async function withServer(running: Promise<Running>, run: (url: string) => Promise<void>) {
  const { url, close } = await running;
  try {
    await run(url);
  } finally {
    await close();
  }
}

const limit = suite('maxBodyBytes, set once in the handler, is the limit of every adapter');

for (const [name, serve] of Object.entries(SERVED)) {
  limit(`${name}: a small limit, a body one byte past it: 413`, async () => {
    await withServer(serve({ maxBodyBytes: 1000 }), async (url) => {
      assert.is((await post(url, pingOf(1000))).status, 200);
      const error = await errorOf(await post(url, pingOf(1001)), 413);
      assert.is(error.message, 'The body is larger than 1000 bytes.');
    });
  });

  limit(
    `${name}: a limit past the default: served to it, never cut short into -32700`,
    async () => {
      const maxBodyBytes = DEFAULT_MAX_BODY_BYTES + 1024;
      await withServer(serve({ maxBodyBytes }), async (url) => {
        const served = await post(url, pingOf(DEFAULT_MAX_BODY_BYTES + 512));
        assert.is(served.status, 200);
        assert.equal(await served.json(), { jsonrpc: '2.0', id: 1, result: {} });
        const error = await errorOf(await post(url, pingOf(maxBodyBytes + 1)), 413);
        assert.is(error.message, `The body is larger than ${maxBodyBytes} bytes.`);
      });
    },
  );
}

limit.run();

const failures = suite('what the factory or authorize throws: 500 -32603, never a page');

for (const [name, serve] of Object.entries(SERVED)) {
  failures(`${name}: the factory throws, authorize rejects`, async () => {
    const seen: unknown[] = [];
    const onError = (error: unknown) => seen.push(error);
    const factory = serve({ onError }, () => {
      throw new Error('boom');
    });
    const rejecting = serve({ onError, authorize: () => Promise.reject(new Error('down')) });
    for (const running of [factory, rejecting]) {
      await withServer(running, async (url) => {
        const response = await post(url, PING);
        assert.is(response.status, 500);
        assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
        assert.equal(await response.json(), {
          jsonrpc: '2.0',
          id: null,
          error: { code: -32603, message: 'Internal error' },
        });
      });
    }
    assert.equal(
      seen.map((error) => (error as Error).message),
      ['boom', 'down'],
    );
  });
}

failures.run();

const parsed = suite('Express with express.json() mounted before the MCP route');

parsed('the body it parsed is served: a request, a notification, a batch', async () => {
  const { mcpApp, start } = await import('../examples/adapters/express.js');
  const app = mcpApp(
    createHttpHandler(() => new TestServer()),
    (app) => app.use(express.json()),
  );
  await withServer(start(0, app), async (url) => {
    const answer = await post(url, PING, {}, AbortSignal.timeout(5000));
    assert.is(answer.status, 200);
    assert.equal(await answer.json(), { jsonrpc: '2.0', id: 1, result: {} });
    const notification = '{"jsonrpc":"2.0","method":"notifications/initialized"}';
    assert.is((await post(url, notification, {}, AbortSignal.timeout(5000))).status, 202);
    const batch = await post(url, `[${PING},${PING}]`, {}, AbortSignal.timeout(5000));
    assert.is(batch.status, 200);
    assert.is((await batch.json()).length, 2);
    // What express.json() leaves alone, the adapter reads: the handler's own 415.
    const text = await post(url, PING, { 'content-type': 'text/plain' }, AbortSignal.timeout(5000));
    assert.is((await errorOf(text, 415)).code, -32600);
    // Not JSON-RPC: the handler's 400, from the body express.json() parsed.
    const invalid = await post(url, '{"method":"ping"}', {}, AbortSignal.timeout(5000));
    assert.is((await errorOf(invalid, 400)).code, -32600);
  });
});

parsed(
  'a middleware that spends the body and keeps nothing: 500 at once, never a hang',
  async () => {
    const { mcpApp, start } = await import('../examples/adapters/express.js');
    const printed: unknown[] = [];
    const original = console.error;
    const app = mcpApp(
      createHttpHandler(() => new TestServer()),
      (app) =>
        app.use((request, _response, next) => {
          request.resume();
          request.once('end', () => next());
        }),
    );
    await withServer(start(0, app), async (url) => {
      console.error = (...args: unknown[]) => printed.push(args[0]);
      try {
        const response = await post(url, PING, {}, AbortSignal.timeout(5000));
        assert.is((await errorOf(response, 500)).code, -32603);
      } finally {
        console.error = original;
      }
    });
    assert.match(String(printed[0]), /read before the MCP route/);
  },
);

parsed.run();

// ---------------------------------------------------------------------------------------------
// SSE answers through each adapter: the gated server's notifications arrive while its tool waits,
// and a client that goes away cancels a 2026-07-28 request, not a handshake-era one.

const gated = ({ request }: { request: { signal?: AbortSignal | undefined } }) =>
  new GatedServer(request.signal);

const STREAMING: Record<string, () => Promise<Running>> = {
  'node:http': () => listen(createServer(nodeListener(createHttpHandler(gated)))),
  Express: async () => {
    const { mcpApp, start } = await import('../examples/adapters/express.js');
    return start(0, mcpApp(createHttpHandler(gated)));
  },
  Hono: async () => {
    const { mcpApp, start } = await import('../examples/adapters/hono.js');
    return start(0, mcpApp(createFetchHandler(gated)));
  },
  Fastify: async () => {
    const { start } = await import('../examples/adapters/fastify.js');
    return start(0, createHttpHandler(gated));
  },
  Deno: () =>
    child('node_modules/.bin/deno', [
      'run',
      '--sloppy-imports',
      '--node-modules-dir=manual',
      '--allow-net=127.0.0.1',
      '--allow-read',
      '--allow-env',
      'test/runtimes/deno-gated.ts',
    ]),
  Bun: () => child('node_modules/.bin/bun', ['test/runtimes/bun-gated.ts']),
};

for (const [name, start] of Object.entries(STREAMING)) {
  const streaming = suite(`${name}: SSE answers`);
  let running: Promise<Running>;
  streaming.before(() => {
    running = start();
    running.catch(() => {});
  });
  streaming.after(async () => {
    await (await running.catch(() => undefined))?.close();
  });
  streaming('the first notification arrives while the tool still runs', async () => {
    await streamsBeforeResult((await running).url, name);
  });
  streaming('a 2026-07-28 client that goes away cancels its request', async () => {
    await modernDisconnectCancels((await running).url, name);
  });
  streaming('a handshake-era client that goes away does not cancel', async () => {
    await handshakeDisconnectRunsOn((await running).url, name);
  });
  streaming.run();
}
