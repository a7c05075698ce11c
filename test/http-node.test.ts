// Every HTTP rule over real HTTP, through the node:http adapter, with the same answers as the
// plain function gives.
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createHttpHandler, type HttpRequest, nodeListener } from '../src/http.js';
import { encodeHeaderValue, toolsByName } from '../src/index.js';
import { Forecast, TestServer } from './fixtures.js';

interface Case {
  name: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  status: number;
  headers_?: Record<string, string>;
  /** A regular expression the body must match; '' for no body. */
  answer: RegExp | '';
}

const PING = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
const BATCH = `[${PING},${PING}]`;

const cases: Case[] = [
  {
    name: 'a request',
    body: PING,
    status: 200,
    answer: /^\{"jsonrpc":"2.0","id":1,"result":\{\}\}$/,
  },
  {
    name: 'GET',
    method: 'GET',
    status: 405,
    headers_: { allow: 'POST' },
    answer: /serves POST only/,
  },
  {
    name: 'DELETE',
    method: 'DELETE',
    status: 405,
    headers_: { allow: 'POST' },
    answer: /serves POST only/,
  },
  { name: 'PUT', method: 'PUT', body: PING, status: 405, answer: /serves POST only/ },
  {
    name: 'a notification',
    body: '{"jsonrpc":"2.0","method":"notifications/initialized"}',
    status: 202,
    answer: '',
  },
  {
    name: 'not JSON',
    body: '{"jsonrpc"',
    status: 400,
    answer: /"id":null,"error":\{"code":-32700/,
  },
  {
    name: 'JSON that is not a JSON-RPC message',
    body: '{"id":1,"method":"ping"}',
    status: 400,
    answer:
      /^\{"jsonrpc":"2.0","id":1,"error":\{"code":-32600,"message":"jsonrpc must be \\"2.0\\"."\}\}$/,
  },
  {
    name: 'a bare string',
    body: '"ping"',
    status: 400,
    answer: /"id":null,"error":\{"code":-32600/,
  },
  {
    name: 'an id of null',
    body: '{"jsonrpc":"2.0","id":null,"method":"ping"}',
    status: 400,
    answer: /"id":null,"error":\{"code":-32600/,
  },
  {
    name: 'a response alone',
    body: '{"jsonrpc":"2.0","id":1,"result":{}}',
    status: 202,
    answer: '',
  },
  {
    name: 'a batch with a message that is not one',
    body: `[null,${PING}]`,
    status: 200,
    answer:
      /^\[\{"jsonrpc":"2.0","id":null,"error":\{"code":-32600.*\},\{"jsonrpc":"2.0","id":1,"result":\{\}\}\]$/,
  },
  {
    name: 'wrong Content-Type',
    headers: { 'content-type': 'text/plain' },
    body: PING,
    status: 415,
    answer: /-32600/,
  },
  {
    name: 'Accept without JSON',
    headers: { accept: 'text/event-stream' },
    body: PING,
    status: 406,
    answer: /-32600/,
  },
  {
    name: 'Accept with JSON',
    headers: { accept: 'application/json, text/event-stream' },
    body: PING,
    status: 200,
    answer: /result/,
  },
  {
    name: 'a body over the limit',
    body: `${PING}${' '.repeat(100)}`,
    status: 413,
    answer: /larger than 100 bytes/,
  },
  { name: 'a batch without a version', body: BATCH, status: 200, answer: /^\[\{.*\},\{.*\}\]$/ },
  {
    name: 'a batch at 2025-06-18',
    headers: { 'mcp-protocol-version': '2025-06-18' },
    body: BATCH,
    status: 400,
    answer: /does not allow batches/,
  },
  {
    name: 'an unknown protocol version',
    headers: { 'mcp-protocol-version': '2030-01-01' },
    body: PING,
    status: 400,
    answer: /-32022/,
  },
  {
    name: 'an evil Host',
    headers: { host: 'evil.example.com' },
    body: PING,
    status: 403,
    answer: /host is not allowed/,
  },
  {
    name: 'an evil Origin',
    headers: { origin: 'https://evil.example.com' },
    body: PING,
    status: 403,
    answer: /origin is not allowed/,
  },
  {
    name: 'a session id is ignored',
    headers: { 'mcp-session-id': 'abc' },
    body: PING,
    status: 200,
    answer: /result/,
  },
];

const handle = createHttpHandler(() => new TestServer(), { maxBodyBytes: 100 });

const http = suite<{ server: Server; port: number }>('HTTP rules over node:http', {
  server: undefined as never,
  port: 0,
});

http.before(async (context) => {
  context.server = createServer(nodeListener(handle));
  await new Promise<void>((resolve) => context.server.listen(0, '127.0.0.1', resolve));
  context.port = (context.server.address() as AddressInfo).port;
});

http.after(async ({ server }) => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function send(port: number, test: Case) {
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: string;
  }>((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path: '/mcp',
        method: test.method ?? 'POST',
        headers: { host: `localhost:${port}`, 'content-type': 'application/json', ...test.headers },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
      },
    );
    request.on('error', reject);
    request.end(test.body);
  });
}

for (const test of cases) {
  http(test.name, async ({ port }) => {
    const plain: HttpRequest = {
      method: test.method ?? 'POST',
      url: '/mcp',
      headers: { host: `localhost:${port}`, 'content-type': 'application/json', ...test.headers },
      body: test.body,
    };
    const expected = await handle(plain);
    const real = await send(port, test);
    assert.is(expected.status, test.status, 'plain function');
    assert.is(real.status, test.status, 'over HTTP');
    assert.is(real.body, expected.body ?? '');
    if (test.answer === '') assert.is(real.body, '');
    else assert.match(real.body, test.answer);
    assert.is(real.headers['mcp-session-id'], undefined);
    if (real.body !== '') assert.is(real.headers['content-type'], 'application/json');
    else assert.is(real.headers['content-type'], undefined);
    for (const [name, value] of Object.entries(test.headers_ ?? {}))
      assert.is(real.headers[name], value);
  });
}

http('a body far over the limit is refused without reading it all', async ({ port }) => {
  const answer = await send(port, {
    name: 'huge',
    body: 'x'.repeat(8 * 1024 * 1024),
    status: 413,
    answer: /larger/,
  });
  assert.is(answer.status, 413);
  assert.is(answer.headers.connection, 'close');
});

http('non-ASCII bytes in a header are 400 -32020; their base64 form is served', async () => {
  class Modern extends TestServer {
    override readonly tools = toolsByName(...new TestServer().tools.values(), new Forecast());
  }
  const server = createServer(nodeListener(createHttpHandler(() => new Modern())));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const call = (region: string) =>
    send(port, {
      name: 'forecast',
      headers: {
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/call',
        'mcp-name': 'forecast',
        // Node writes a string's characters below U+0100 as single bytes: "ü" goes as 0xFC.
        'mcp-param-region': region,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: {
          name: 'forecast',
          arguments: { region: 'Zürich' },
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientCapabilities': {},
          },
        },
      }),
      status: 0,
      answer: '',
    });
  try {
    const raw = await call('Zürich');
    assert.is(raw.status, 400);
    assert.equal(JSON.parse(raw.body).error, {
      code: -32020,
      message:
        'Mcp-Param-Region has characters other than visible ASCII, space and tab: send such a value as =?base64?<base64>?=.',
    });
    const encoded = await call(encodeHeaderValue('Zürich'));
    assert.is(encoded.status, 200);
    assert.match(encoded.body, /Zürich: sunny/);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

http.run();
