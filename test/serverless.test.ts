// The serverless examples: the Lambda handler invoked with the events AWS documents (a function
// URL's and an HTTP API's, payload 2.0); its streaming twin invoked with a stand-in for the
// runtime's `awslambda` global, which no offline emulator provides; the buffered one served by
// Architect's Sandbox, which turns real HTTP into those events and runs the bundled handler in a
// fresh process per invocation; and the web-standard function called with web Requests, the
// official clients' own among them.

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernTransport,
} from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import * as esbuild from 'esbuild';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { GreetServer } from '../examples/quickstart/server.js';
import type {
  LambdaHttpEvent,
  LambdaHttpResult,
  LambdaStreamingRuntime,
} from '../examples/serverless/lambda.js';
import web, { DELETE, GET, POST } from '../examples/serverless/web.js';
import { createHttpHandler, unauthorized } from '../src/http.js';
import { defineTool, toolsByName } from '../src/index.js';
import { freePort } from './free-port.js';
import { GatedServer, type Outcome } from './gated-server.js';

/**
 * A stand-in for the `awslambda` global of Lambda's Node.js runtime. `streamifyResponse` gives the
 * handler back (the runtime marks it); `HttpResponseStream.from` does as AWS documents: before
 * the stream's first write, it writes the prelude, status and headers as JSON, then 8 NUL bytes.
 */
const standIn: LambdaStreamingRuntime = {
  streamifyResponse: (streamingHandler) => streamingHandler,
  HttpResponseStream: {
    from(stream, prelude) {
      const write = stream.write.bind(stream) as (chunk: string | Uint8Array) => boolean;
      let first = true;
      stream.write = ((chunk: string | Uint8Array) => {
        if (first) {
          first = false;
          write(JSON.stringify(prelude));
          write(new Uint8Array(8));
        }
        return write(chunk);
      }) as Writable['write'];
      return stream;
    },
  },
};

// The runtime defines the global before it loads the function's module: so does the test.
(globalThis as { awslambda?: LambdaStreamingRuntime }).awslambda = standIn;
const { handler, lambdaHandler, lambdaStreamingHandler, streaming } = await import(
  '../examples/serverless/lambda.js'
);
delete (globalThis as { awslambda?: LambdaStreamingRuntime }).awslambda;

const root = fileURLToPath(new URL('../', import.meta.url));
type Text = { type: string; text: string }[];
const MODERN = '2026-07-28';
const URL_HOST = 'abcdefg.lambda-url.us-east-1.on.aws';
const API_HOST = 'r3pmxmplak.execute-api.us-east-1.amazonaws.com';

/** A function URL's event, as AWS documents it, carrying `body` to POST /mcp. */
function functionUrlEvent(body: string, headers: Record<string, string> = {}): LambdaHttpEvent {
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: '/mcp',
    rawQueryString: '',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'content-length': String(Buffer.byteLength(body)),
      host: URL_HOST,
      'user-agent': 'node',
      'x-amzn-tls-version': 'TLSv1.3',
      'x-amzn-trace-id': 'Root=1-62ecd163-5f302e550dcde3b12402207d',
      'x-forwarded-for': '203.0.113.7',
      'x-forwarded-port': '443',
      'x-forwarded-proto': 'https',
      ...headers,
    },
    requestContext: {
      accountId: 'anonymous',
      apiId: 'abcdefg',
      domainName: URL_HOST,
      domainPrefix: 'abcdefg',
      http: {
        method: 'POST',
        path: '/mcp',
        protocol: 'HTTP/1.1',
        sourceIp: '203.0.113.7',
        userAgent: 'node',
      },
      requestId: 'e1506fd5-9e7b-434f-bd42-4f8fa224b599',
      routeKey: '$default',
      stage: '$default',
      time: '07/Sep/2021:22:50:22 +0000',
      timeEpoch: 1631055022677,
    },
    body,
    isBase64Encoded: false,
  } as LambdaHttpEvent;
}

/**
 * An HTTP API's event (payload 2.0), as AWS documents it: header names spelled as the client
 * sent them, a route key, a named stage, a query string.
 */
function httpApiEvent(body: string, headers: Record<string, string> = {}): LambdaHttpEvent {
  return {
    version: '2.0',
    routeKey: 'POST /mcp',
    rawPath: '/mcp',
    rawQueryString: 'repository=docs',
    queryStringParameters: { repository: 'docs' },
    headers: {
      Accept: 'application/json, text/event-stream',
      'Content-Type': 'application/json',
      'Content-Length': String(Buffer.byteLength(body)),
      Host: API_HOST,
      'User-Agent': 'node',
      'X-Amzn-Trace-Id': 'Root=1-5e6a1a0e-7c1f4f8c3a0b2e5d6f7a8b9c',
      'X-Forwarded-For': '203.0.113.7',
      'X-Forwarded-Port': '443',
      'X-Forwarded-Proto': 'https',
      ...headers,
    },
    requestContext: {
      accountId: '123456789012',
      apiId: 'r3pmxmplak',
      domainName: API_HOST,
      domainPrefix: 'r3pmxmplak',
      http: {
        method: 'POST',
        path: '/mcp',
        protocol: 'HTTP/1.1',
        sourceIp: '203.0.113.7',
        userAgent: 'node',
      },
      requestId: 'JKJaXmPLvHcESHA=',
      routeKey: 'POST /mcp',
      stage: '$default',
      time: '10/Mar/2020:05:16:23 +0000',
      timeEpoch: 1583817383220,
    },
    body,
    pathParameters: null,
    isBase64Encoded: false,
    stageVariables: null,
  } as LambdaHttpEvent;
}

const message = (id: number, method: string, params?: object) =>
  JSON.stringify({ jsonrpc: '2.0', id, method, ...(params && { params }) });

const initialize = message(1, 'initialize', {
  protocolVersion: '2025-11-25',
  capabilities: {},
  clientInfo: { name: 'serverless-test', version: '1.0.0' },
});

const greet = (name: string) => message(2, 'tools/call', { name: 'greet', arguments: { name } });

const parsed = (result: LambdaHttpResult) =>
  JSON.parse(result.body) as { result?: Record<string, unknown>; error?: { code: number } };

// Every host the two kinds of event come from.
const serve = lambdaHandler(
  createHttpHandler(() => new GreetServer(), { allowedHosts: [URL_HOST, API_HOST] }),
);

const lambda = suite('Lambda: the documented events, invoked');

lambda('a function URL event: initialize, answered in the result shape', async () => {
  const result = await serve(functionUrlEvent(initialize));
  assert.equal(Object.keys(result).sort(), ['body', 'headers', 'isBase64Encoded', 'statusCode']);
  assert.is(result.statusCode, 200);
  assert.equal(result.headers, { 'content-type': 'application/json' });
  assert.is(result.isBase64Encoded, false);
  const { result: answer } = parsed(result);
  assert.is(answer!.protocolVersion, '2025-11-25');
  assert.equal(answer!.serverInfo, { name: 'greet', version: '1.0.0' });
});

lambda('an HTTP API event, its headers spelled as the client sent them: tools/call', async () => {
  const result = await serve(httpApiEvent(greet('Ada'), { 'MCP-Protocol-Version': '2025-11-25' }));
  assert.is(result.statusCode, 200);
  assert.equal(parsed(result).result, { content: [{ type: 'text', text: 'Hello, Ada!' }] });
  // Read lower-case, a header the client spelled otherwise still counts: an unknown version is 400.
  const unknown = await serve(httpApiEvent(greet('Ada'), { 'MCP-Protocol-Version': '1999-01-01' }));
  assert.is(unknown.statusCode, 400);
  assert.is(parsed(unknown).error!.code, -32022);
});

lambda('a base64 body, as API Gateway sends one it takes for binary', async () => {
  const body = greet('Ümit 🌍');
  const event = functionUrlEvent(Buffer.from(body).toString('base64'));
  event.isBase64Encoded = true;
  const result = await serve(event);
  assert.is(result.statusCode, 200);
  assert.equal(parsed(result).result, { content: [{ type: 'text', text: 'Hello, Ümit 🌍!' }] });
  // Not decoded, the same bytes are not JSON: the flag is what makes the difference.
  event.isBase64Encoded = false;
  assert.is(parsed(await serve(event)).error!.code, -32700);
});

lambda('2026-07-28: the headers that mirror the body reach the server', async () => {
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 3,
    method: 'tools/call',
    params: {
      name: 'greet',
      arguments: { name: 'Grace' },
      _meta: {
        'io.modelcontextprotocol/protocolVersion': MODERN,
        'io.modelcontextprotocol/clientCapabilities': {},
      },
    },
  });
  const headers = { 'mcp-protocol-version': MODERN, 'mcp-method': 'tools/call' };
  const result = await serve(functionUrlEvent(body, { ...headers, 'mcp-name': 'greet' }));
  assert.is(result.statusCode, 200);
  assert.equal((parsed(result).result!.content as Text)[0]!.text, 'Hello, Grace!');
  const lying = await serve(functionUrlEvent(body, { ...headers, 'mcp-name': 'other' }));
  assert.is(lying.statusCode, 400);
  assert.is(parsed(lying).error!.code, -32020);
});

lambda('nothing owed is 202 with an empty body; GET is 405', async () => {
  const notification = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' });
  const accepted = await serve(functionUrlEvent(notification));
  assert.equal(accepted, { statusCode: 202, headers: {}, body: '', isBase64Encoded: false });
  const event = functionUrlEvent('');
  delete event.body;
  event.requestContext.http.method = 'GET';
  const refused = await serve(event);
  assert.is(refused.statusCode, 405);
  assert.is(refused.headers.allow, 'POST');
});

lambda('cookies, which payload 2.0 moves out of the headers, reach authorize', async () => {
  const seen: (string | undefined)[] = [];
  const guarded = lambdaHandler(
    createHttpHandler(() => new GreetServer(), {
      allowedHosts: [URL_HOST],
      authorize: ({ headers }) => {
        const cookie = (headers as Record<string, string>).cookie;
        seen.push(cookie);
        return cookie?.includes('session=ok') ? 'user' : unauthorized('No session.');
      },
    }),
  );
  const event = functionUrlEvent(greet('Ada'));
  assert.is((await guarded(event)).statusCode, 401);
  event.cookies = ['theme=dark', 'session=ok'];
  assert.is((await guarded(event)).statusCode, 200);
  assert.equal(seen, [undefined, 'theme=dark; session=ok']);
});

lambda(
  'an SSE answer, progress then the result, is sent whole: a buffered Lambda cannot stream',
  async () => {
    const Count = defineTool({
      name: 'count',
      title: 'Count to two',
      description: 'Counts to two, reporting progress.',
      argumentsSchema: { type: 'object' },
      run: (_args, scope) => {
        scope.progress(1, 2);
        scope.progress(2, 2);
        return 'two';
      },
    });
    class Counter extends GreetServer {
      override readonly tools = toolsByName(new Count());
    }
    const counter = lambdaHandler(
      createHttpHandler(() => new Counter(), { allowedHosts: [URL_HOST] }),
    );
    const body = message(4, 'tools/call', { name: 'count', _meta: { progressToken: 'p' } });
    const result = await counter(functionUrlEvent(body, { 'mcp-protocol-version': '2025-11-25' }));
    assert.is(result.statusCode, 200);
    assert.is(result.headers['content-type'], 'text/event-stream');
    assert.is(result.isBase64Encoded, false);
    const events = result.body.split('\n\n').filter(Boolean);
    assert.equal(
      events.map((event) => JSON.parse(event.replace(/^event: message\ndata: /, ''))),
      [
        {
          jsonrpc: '2.0',
          method: 'notifications/progress',
          params: { progressToken: 'p', progress: 1, total: 2 },
        },
        {
          jsonrpc: '2.0',
          method: 'notifications/progress',
          params: { progressToken: 'p', progress: 2, total: 2 },
        },
        { jsonrpc: '2.0', id: 4, result: { content: [{ type: 'text', text: 'two' }] } },
      ],
    );
  },
);

lambda(
  'the exported handler: local hosts only, until ALLOWED_HOSTS names the function',
  async () => {
    const local = await handler(functionUrlEvent(greet('Ada'), { host: 'localhost' }));
    assert.is(local.statusCode, 200);
    const remote = await handler(functionUrlEvent(greet('Ada')));
    assert.is(remote.statusCode, 403);
  },
);

lambda.run();

/** Waits for `promise`; fails, rather than wait forever, if it does not settle in 10 s. */
async function inTime<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not in 10 s.`)), 10_000);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** A function URL's response stream: keeps each write, in order, as the runtime sends them on. */
class ResponseStream extends Writable {
  readonly writes: string[] = [];

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void) {
    this.writes.push(chunk.toString());
    this.emit('written');
    done();
  }

  /** Resolves once `count` writes are made. */
  written(count: number): Promise<void> {
    const enough = new Promise<void>((resolve) => {
      const check = () => {
        if (this.writes.length < count) return;
        this.off('written', check);
        resolve();
      };
      this.on('written', check);
      check();
    });
    return inTime(enough, `${count} writes`);
  }
}

const NUL8 = '\0'.repeat(8);
// The SSE events' messages: the method of a notification, the text of a response. A write may
// carry several whole events: those sent together.
const sent = (writes: string[]) =>
  writes
    .join('')
    .split('\n\n')
    .filter((event) => event !== '')
    .map((event) => {
      assert.match(event, /^event: message\ndata: /);
      const json = JSON.parse(event.slice(event.indexOf('data: ') + 6));
      return json.method ?? json.result.content[0].text;
    });

const streamed = suite('Lambda: a function URL in RESPONSE_STREAM mode, the runtime stood in for');

const gated = createHttpHandler(({ request }) => new GatedServer(request.signal), {
  allowedHosts: [URL_HOST],
});
const serveStreaming = lambdaStreamingHandler(gated, standIn);
const serveGated = lambdaHandler(gated);

const callGated = (key: string, modern = false) => {
  const _meta = modern
    ? {
        'io.modelcontextprotocol/protocolVersion': MODERN,
        'io.modelcontextprotocol/clientCapabilities': {},
        progressToken: key,
      }
    : { progressToken: key };
  const body = message(5, 'tools/call', { name: 'gated', arguments: { key }, _meta });
  const headers: Record<string, string> = modern
    ? { 'mcp-protocol-version': MODERN, 'mcp-method': 'tools/call', 'mcp-name': 'gated' }
    : { 'mcp-protocol-version': '2025-11-25' };
  return functionUrlEvent(body, headers);
};

// Asks the gated server, buffered, to release a call or to say what became of it.
async function ask(name: 'release' | 'outcome', key: string): Promise<string> {
  const result = await serveGated(
    functionUrlEvent(message(6, 'tools/call', { name, arguments: { key } })),
  );
  return (parsed(result).result!.content as Text)[0]!.text;
}

streamed('the exported handler: the prelude, the delimiter, then the JSON answer', async () => {
  assert.type(streaming, 'function', 'defined where the global is');
  const response = new ResponseStream();
  await streaming!(functionUrlEvent(greet('Ada'), { host: 'localhost' }), response);
  assert.equal(response.writes.slice(0, 2), [
    JSON.stringify({ statusCode: 200, headers: { 'content-type': 'application/json' } }),
    NUL8,
  ]);
  assert.equal(JSON.parse(response.writes.slice(2).join('')).result.content, [
    { type: 'text', text: 'Hello, Ada!' },
  ]);
  assert.ok(response.writableEnded, 'the stream is ended');
  // A host not allowed, and an answer with no body: the status still goes out.
  const refused = new ResponseStream();
  await streaming!(functionUrlEvent(greet('Ada')), refused);
  assert.is(JSON.parse(refused.writes[0]!).statusCode, 403);
  const accepted = new ResponseStream();
  const notification = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' });
  await streaming!(functionUrlEvent(notification, { host: 'localhost' }), accepted);
  assert.equal(accepted.writes.join(''), `{"statusCode":202,"headers":{}}${NUL8}`);
  assert.ok(accepted.writableEnded);
});

streamed('an SSE answer: the first event is written while the tool still waits', async () => {
  const response = new ResponseStream();
  const answering = serveStreaming(callGated('streamed'), response);
  // The prelude, the delimiter and the first event, written before the tool is released.
  await response.written(3);
  assert.equal(JSON.parse(await ask('outcome', 'streamed')), {
    disconnected: false,
    cancelled: false,
    finished: false,
  } satisfies Outcome);
  assert.equal(JSON.parse(response.writes[0]!), {
    statusCode: 200,
    headers: {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
    },
  });
  assert.is(response.writes[1], NUL8);
  assert.is(sent(response.writes.slice(2, 3))[0], 'notifications/progress');
  assert.is(await ask('release', 'streamed'), 'true');
  await inTime(answering, 'the answer');
  assert.equal(sent(response.writes.slice(2)), [
    'notifications/progress',
    'notifications/message',
    'notifications/progress',
    'released streamed',
  ]);
  assert.ok(response.writableEnded, 'the stream is ended after the response');
});

streamed('a client that goes away (the stream closes) cancels a 2026-07-28 call', async () => {
  const response = new ResponseStream();
  const answering = serveStreaming(callGated('gone', true), response);
  await response.written(3);
  response.destroy();
  await inTime(answering, 'the end of the handler');
  assert.equal(JSON.parse(await ask('outcome', 'gone')), {
    disconnected: true,
    cancelled: true,
    finished: false,
  } satisfies Outcome);
  assert.is(response.writes.length, 3, 'nothing written after');
  assert.not.ok(response.writableEnded);
});

streamed.run();

// Architect's Sandbox: real HTTP in, a payload 2.0 event to a handler in a process of its own.
interface Sandbox {
  start(options: { cwd: string; port: number; host: string; quiet: boolean }): Promise<string>;
  end(): Promise<string>;
}

// Sandbox looks for AWS credentials, the instance metadata service last: stated ones end the search.
const DUMMY_CREDENTIALS = { AWS_ACCESS_KEY_ID: 'local', AWS_SECRET_ACCESS_KEY: 'local' };

const emulated = suite<{ dir: string; url: string; sandbox: Sandbox | undefined; env: object }>(
  'Lambda: the bundled handler in Architect Sandbox',
  { dir: '', url: '', sandbox: undefined, env: {} },
);

emulated.before(async (context) => {
  context.dir = await mkdtemp(join(tmpdir(), 'mcp-lambda-'));
  // As it would be deployed: one bundle, `index.handler`; any path, any method.
  const functionDir = join(context.dir, 'src', 'http', 'any-catchall');
  await mkdir(functionDir, { recursive: true });
  await esbuild.build({
    entryPoints: [join(root, 'examples/serverless/lambda.ts')],
    outfile: join(functionDir, 'index.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
  await writeFile(
    join(context.dir, 'app.arc'),
    '@app\nmcp-lambda\n\n@http\nany /*\n\n@aws\nruntime nodejs20.x\n',
  );
  context.env = Object.fromEntries(Object.keys(DUMMY_CREDENTIALS).map((k) => [k, process.env[k]]));
  Object.assign(process.env, DUMMY_CREDENTIALS);
  const sandbox = createRequire(import.meta.url)('@architect/sandbox') as Sandbox;
  const port = await freePort();
  await sandbox.start({ cwd: context.dir, port, host: '127.0.0.1', quiet: true });
  context.sandbox = sandbox;
  context.url = `http://127.0.0.1:${port}/mcp`;
});

emulated.after(async ({ dir, sandbox, env }) => {
  await sandbox?.end();
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value as string;
  }
  await rm(dir, { recursive: true, force: true });
});

emulated('the SDK v1 client: initialize, tools/list, tools/call', async ({ url }) => {
  const client = new Client({ name: 'serverless-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  try {
    assert.is(client.getServerVersion()?.name, 'greet');
    const { tools } = await client.listTools();
    assert.equal(
      tools.map((tool) => tool.name),
      ['greet'],
    );
    const hello = await client.callTool({ name: 'greet', arguments: { name: 'Ada' } });
    assert.equal(hello.content, [{ type: 'text', text: 'Hello, Ada!' }]);
    const invalid = await client.callTool({ name: 'greet', arguments: { name: '' } });
    assert.is(invalid.isError, true);
  } finally {
    await client.close();
  }
});

emulated('the 2.x client in 2026-07-28', async ({ url }) => {
  const client = new ModernClient(
    { name: 'serverless-test', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: MODERN } } },
  );
  await client.connect(new ModernTransport(new URL(url)));
  try {
    assert.is(client.getNegotiatedProtocolVersion(), MODERN);
    const hello = await client.callTool({ name: 'greet', arguments: { name: 'Grace' } });
    assert.equal(hello.content, [{ type: 'text', text: 'Hello, Grace!' }]);
  } finally {
    await client.close();
  }
});

emulated.run();

const fetchFunction = suite('a web-standard function (Vercel, Next.js, Netlify)');

const post = (body: string, url = 'http://localhost/api/mcp', headers: object = {}) =>
  new Request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });

fetchFunction('POST and default.fetch: the same handler, the same answers', async () => {
  for (const call of [POST, web.fetch]) {
    const response = await call(post(greet('Ada')));
    assert.is(response.status, 200);
    assert.is(response.headers.get('content-type'), 'application/json');
    assert.equal(await response.json(), {
      jsonrpc: '2.0',
      id: 2,
      result: { content: [{ type: 'text', text: 'Hello, Ada!' }] },
    });
  }
});

fetchFunction('GET and DELETE: 405 from the handler, not a page of the platform', async () => {
  for (const [method, call] of [
    ['GET', GET],
    ['DELETE', DELETE],
  ] as const) {
    const response = await call(new Request('http://localhost/api/mcp', { method }));
    assert.is(response.status, 405);
    assert.is(response.headers.get('allow'), 'POST');
  }
});

fetchFunction('a host that ALLOWED_HOSTS does not name is 403', async () => {
  const response = await POST(post(greet('Ada'), 'https://my-app.vercel.app/api/mcp'));
  assert.is(response.status, 403);
});

// The official clients, their requests handed to the function as web Requests: no network.
const viaFunction = (input: string | URL | Request, init?: RequestInit) =>
  POST(new Request(input, init));

fetchFunction('the SDK v1 client, its requests handed to POST', async () => {
  const client = new Client({ name: 'serverless-test', version: '1.0.0' });
  const url = new URL('http://localhost/api/mcp');
  await client.connect(new StreamableHTTPClientTransport(url, { fetch: viaFunction }));
  try {
    assert.is(client.getServerVersion()?.name, 'greet');
    const hello = await client.callTool({ name: 'greet', arguments: { name: 'Ada' } });
    assert.equal(hello.content, [{ type: 'text', text: 'Hello, Ada!' }]);
  } finally {
    await client.close();
  }
});

fetchFunction('the 2.x client in 2026-07-28, its requests handed to POST', async () => {
  const client = new ModernClient(
    { name: 'serverless-test', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: MODERN } } },
  );
  const url = new URL('http://localhost/api/mcp');
  await client.connect(new ModernTransport(url, { fetch: viaFunction }));
  try {
    const { tools } = await client.listTools();
    assert.equal(
      tools.map((tool) => tool.name),
      ['greet'],
    );
    const hello = await client.callTool({ name: 'greet', arguments: { name: 'Grace' } });
    assert.equal((hello.content as Text)[0]!.text, 'Hello, Grace!');
  } finally {
    await client.close();
  }
});

fetchFunction.run();
