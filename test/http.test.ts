// The pure HTTP layer, through the plain function and the web-standard wrapper.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  bearerToken,
  createFetchHandler,
  createHttpHandler,
  forbidden,
  type HttpOptions,
  type HttpRequest,
  type Refusal,
  readBody,
  unauthorized,
} from '../src/http.js';
import { header } from '../src/index.js';
import { jsonText, TestServer } from './fixtures.js';

const PING = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
const JSON_TYPE = { 'content-type': 'application/json' };

function post(
  body: string | Uint8Array | undefined,
  headers: Record<string, string> = {},
): HttpRequest {
  return {
    method: 'POST',
    url: '/mcp',
    headers: { host: 'localhost:3000', 'content-type': 'application/json', ...headers },
    body,
  };
}

const refusal = (
  status: number,
  code: number,
  message: string,
  extra: Record<string, string> = {},
) => ({
  status,
  headers: { ...JSON_TYPE, ...extra },
  body: JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message } }),
});

const handler = createHttpHandler(() => new TestServer());

const rules = suite('createHttpHandler');

rules('a request is answered 200 with JSON, and no session id', async () => {
  assert.equal(await handler(post(PING)), {
    status: 200,
    headers: JSON_TYPE,
    body: '{"jsonrpc":"2.0","id":1,"result":{}}',
  });
  const bytes = new TextEncoder().encode(PING);
  assert.is(
    (
      await handler(
        post(bytes, { 'mcp-session-id': 'abc', accept: 'application/json, text/event-stream' }),
      )
    ).status,
    200,
  );
});

rules('a list built once is written as JSON once, each answer with its own id', async () => {
  const server = new TestServer();
  for (const id of [7, 'seven', 7]) {
    const request = { jsonrpc: '2.0', id, method: 'tools/list' };
    const { headers } = post(undefined, { 'mcp-protocol-version': '2025-06-18' });
    const expected = JSON.stringify(await server.handle(request, { headers }));
    const answer = await handler({ ...post(JSON.stringify(request)), headers });
    assert.is(answer.body, expected);
  }
  // The shared list cannot change under the text written for it.
  const listed = (await server.handle({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/list',
  })) as unknown as {
    result: { tools: { description?: string }[] };
  };
  assert.ok(Object.isFrozen(listed.result.tools[0]));
});

rules('only POST is served: 405 with Allow: POST', async () => {
  for (const method of ['GET', 'DELETE', 'PUT', 'OPTIONS', 'HEAD']) {
    assert.equal(
      await handler({ ...post(undefined), method }),
      refusal(405, -32600, 'This endpoint serves POST only.', { allow: 'POST' }),
    );
  }
  assert.is((await handler({ ...post(PING), method: 'post' })).status, 200);
});

rules('nothing owed: 202 with no body and no Content-Type', async () => {
  assert.equal(await handler(post('{"jsonrpc":"2.0","method":"notifications/initialized"}')), {
    status: 202,
    headers: {},
  });
  assert.equal(await handler(post('{"jsonrpc":"2.0","id":4,"result":{}}')), {
    status: 202,
    headers: {},
  });
});

// The transport: "If the server cannot accept the input, it MUST return an HTTP error status code".
const NOT_MESSAGES: [string, string][] = [
  ['{"id":1,"method":"ping"}', 'jsonrpc must be "2.0".'],
  ['{"jsonrpc":"1.0","id":1,"method":"ping"}', 'jsonrpc must be "2.0".'],
  ['{"jsonrpc":"2.0","id":1}', 'method must be a string.'],
  ['{"jsonrpc":"2.0","id":1,"method":7}', 'method must be a string.'],
  ['{"jsonrpc":"2.0","id":null,"method":"ping"}', 'id must be a string or an integer.'],
  ['{"jsonrpc":"2.0","id":1.5,"method":"ping"}', 'id must be a string or an integer.'],
  ['{"jsonrpc":"2.0","id":{},"method":"ping"}', 'id must be a string or an integer.'],
  ['{"jsonrpc":"2.0","id":true,"method":"ping"}', 'id must be a string or an integer.'],
  ['{"jsonrpc":"2.0","id":1,"method":"ping","params":"x"}', 'params must be an object.'],
  ['"ping"', 'A message must be a JSON object.'],
  ['null', 'A message must be a JSON object.'],
  ['42', 'A message must be a JSON object.'],
  ['{}', 'jsonrpc must be "2.0".'],
];

rules('JSON that is not a JSON-RPC message is 400 -32600, in both eras', async () => {
  for (const version of [undefined, '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28']) {
    const headers: Record<string, string> = version ? { 'mcp-protocol-version': version } : {};
    for (const [body, message] of NOT_MESSAGES) {
      const answer = await handler(post(body, headers));
      assert.is(answer.status, 400, `${version}: ${body}`);
      const { id, error } = JSON.parse(jsonText(answer.body));
      assert.equal(error, { code: -32600, message }, `${version}: ${body}`);
      // The id is sent back when it could be read, as JSON-RPC has it.
      assert.is(id, /"id":1[,}]/.test(body) ? 1 : null, body);
    }
  }
});

rules('in a batch, a message that is not one is answered in the array, 200', async () => {
  const answer = await handler(post(`[{"id":1,"method":"ping"},"ping",${PING}]`));
  assert.equal(answer, {
    status: 200,
    headers: JSON_TYPE,
    body: JSON.stringify([
      { jsonrpc: '2.0', id: 1, error: { code: -32600, message: 'jsonrpc must be "2.0".' } },
      {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: 'A message must be a JSON object.' },
      },
      { jsonrpc: '2.0', id: 1, result: {} },
    ]),
  });
});

rules('a response or a notification posted alone is 202, in the handshake era', async () => {
  for (const version of [undefined, '2025-06-18', '2025-11-25']) {
    const headers: Record<string, string> = version ? { 'mcp-protocol-version': version } : {};
    for (const body of [
      '{"jsonrpc":"2.0","id":1,"result":{}}',
      '{"jsonrpc":"2.0","id":"a","error":{"code":-1,"message":"no"}}',
      '{"jsonrpc":"2.0","method":"notifications/initialized"}',
      '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}',
    ]) {
      assert.equal(await handler(post(body, headers)), { status: 202, headers: {} }, body);
    }
  }
});

rules('a body that is not JSON is 400 -32700 with id null', async () => {
  for (const body of ['{"jsonrpc":', '', 'nul', new Uint8Array([0xff, 0xfe, 0x7b]), undefined]) {
    assert.equal(await handler(post(body)), refusal(400, -32700, 'The body is not valid JSON.'));
  }
});

rules('a byte order mark is allowed', async () => {
  assert.is((await handler(post(`\ufeff${PING}`))).status, 200);
  assert.is(
    (await handler(post(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(PING)]))))
      .status,
    200,
  );
});

rules('a Content-Type that is not JSON is 415; parameters are ignored', async () => {
  for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/jsonx', '']) {
    assert.equal(
      await handler(post(PING, { 'content-type': type })),
      refusal(415, -32600, 'Content-Type must be application/json.'),
    );
  }
  const noType = post(PING);
  delete (noType.headers as Record<string, string>)['content-type'];
  assert.is((await handler(noType)).status, 415);
  assert.is(
    (await handler(post(PING, { 'content-type': 'Application/JSON; charset=utf-8' }))).status,
    200,
  );
});

rules('an Accept that excludes JSON is 406; no Accept is fine', async () => {
  for (const accept of [
    'text/event-stream',
    'text/html, application/xml',
    'application/json;q=0',
  ]) {
    assert.equal(
      await handler(post(PING, { accept })),
      refusal(406, -32600, 'Accept must admit application/json.'),
    );
  }
  for (const accept of [
    'application/json',
    'application/json, text/event-stream',
    '*/*',
    'application/*;q=0.5',
    '',
  ]) {
    assert.is((await handler(post(PING, { accept }))).status, 200, accept);
  }
});

rules('a body over maxBodyBytes is 413, counted in bytes, before parsing', async () => {
  const small = createHttpHandler(() => new TestServer(), { maxBodyBytes: 40 });
  const exact = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
  assert.is(exact.length, 40);
  assert.is((await small(post(exact))).status, 200);
  assert.equal(
    await small(post(`${exact} `)),
    refusal(413, -32600, 'The body is larger than 40 bytes.'),
  );
  // 38 characters, 41 bytes in UTF-8: refused, and never parsed (it is not JSON).
  const multibyte = `${'é'.repeat(3)}${'x'.repeat(35)}`;
  assert.is(multibyte.length, 38);
  assert.is((await small(post(multibyte))).status, 413);
  // Surrogate pairs are 4 bytes: 40 bytes pass the limit (then fail to parse), 44 do not.
  assert.is((await small(post('😀'.repeat(10)))).status, 400);
  assert.is((await small(post('😀'.repeat(11)))).status, 413);
  assert.is((await small(post(new Uint8Array(41)))).status, 413);
});

rules('the default limit is 4 MiB', async () => {
  const big = `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"${'x'.repeat(4 * 1024 * 1024)}"}}`;
  assert.is((await handler(post(big))).status, 413);
  const fits = `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"${'x'.repeat(4 * 1024 * 1024 - 100)}"}}`;
  assert.is((await handler(post(fits))).status, 200);
});

rules('an unsupported MCP-Protocol-Version is 400 -32022, with the request id', async () => {
  assert.equal(await handler(post(PING, { 'mcp-protocol-version': '1999-01-01' })), {
    status: 400,
    headers: JSON_TYPE,
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      error: {
        code: -32022,
        message: 'Unsupported protocol version.',
        data: {
          supported: ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'],
          requested: '1999-01-01',
        },
      },
    }),
  });
  for (const version of ['2024-11-05', '2025-03-26', '2025-06-18', ' 2025-11-25 ']) {
    assert.is((await handler(post(PING, { 'mcp-protocol-version': version }))).status, 200);
  }
});

rules('a batch only for protocol 2025-03-26 or no version header', async () => {
  const batch = `[${PING},{"jsonrpc":"2.0","id":2,"method":"tools/list"}]`;
  const answered = await handler(post(batch));
  assert.is(answered.status, 200);
  assert.is(JSON.parse(jsonText(answered.body)).length, 2);
  assert.is((await handler(post(batch, { 'mcp-protocol-version': '2025-03-26' }))).status, 200);
  for (const version of ['2025-06-18', '2025-11-25', '2024-11-05']) {
    assert.equal(
      await handler(post(batch, { 'mcp-protocol-version': version })),
      refusal(400, -32600, `Protocol ${version} does not allow batches.`),
    );
  }
  assert.equal(
    await handler(post('[]')),
    refusal(400, -32600, 'A batch must hold at least one message.'),
  );
  assert.equal(await handler(post('[{"jsonrpc":"2.0","method":"notifications/initialized"}]')), {
    status: 202,
    headers: {},
  });
});

rules('DNS rebinding: only local hosts by default', async () => {
  for (const host of ['localhost', 'localhost:3000', '127.0.0.1:8080', '[::1]:3000', 'LOCALHOST']) {
    assert.is((await handler(post(PING, { host }))).status, 200, host);
  }
  for (const host of [
    'evil.example.com',
    'localhost.evil.com',
    '127.0.0.1.nip.io',
    'user@localhost',
    '',
    'localhost:abc',
  ]) {
    assert.equal(
      await handler(post(PING, { host })),
      refusal(403, -32600, 'This host is not allowed.'),
      host,
    );
  }
  const noHost = post(PING);
  delete (noHost.headers as Record<string, string>).host;
  assert.is((await handler(noHost)).status, 403);
});

rules("an Origin that is not the server's own is 403; no Origin is fine", async () => {
  // Host localhost:3000: its own origin, as a browser sends it, whatever the case.
  for (const origin of [
    'http://localhost:3000',
    'HTTP://LocalHost:3000/',
    'https://localhost:3000',
  ]) {
    assert.is((await handler(post(PING, { origin }))).status, 200, origin);
  }
  // A port left out is the scheme's default.
  for (const [host, origin] of [
    ['localhost', 'http://localhost'],
    ['localhost:80', 'http://localhost'],
    ['127.0.0.1', 'https://127.0.0.1'],
    ['127.0.0.1:443', 'https://127.0.0.1'],
    ['[::1]:3000', 'http://[::1]:3000'],
  ]) {
    assert.is((await handler(post(PING, { host, origin } as never))).status, 200, origin);
  }
  for (const origin of [
    // Another port, or another host of the same machine, is another origin (DNS rebinding, or
    // another local page).
    'http://localhost:9999',
    'http://localhost:5173',
    'http://localhost',
    'https://localhost',
    'http://127.0.0.1:3000',
    'http://[::1]:3000',
    'ws://localhost:3000',
    'http://user@localhost:3000',
    'http://localhost:3000/path',
    'https://evil.example.com',
    'null',
    'http://localhost.evil.com',
    'file://',
    'localhost',
  ]) {
    assert.equal(
      await handler(post(PING, { origin })),
      refusal(403, -32600, 'This origin is not allowed.'),
      origin,
    );
  }
});

rules('allowedHosts sets the allowlist for Host and Origin; a port pins it', async () => {
  const public_ = createHttpHandler(() => new TestServer(), {
    allowedHosts: ['mcp.example.com', 'Admin.Example.com:8443'],
  });
  assert.is((await public_(post(PING, { host: 'mcp.example.com' }))).status, 200);
  assert.is(
    (await public_(post(PING, { host: 'mcp.example.com:443', origin: 'https://mcp.example.com' })))
      .status,
    200,
  );
  assert.is((await public_(post(PING, { host: 'admin.example.com:8443' }))).status, 200);
  assert.is((await public_(post(PING, { host: 'admin.example.com:8444' }))).status, 403);
  assert.is((await public_(post(PING, { host: 'localhost' }))).status, 403);
  assert.is(
    (await public_(post(PING, { host: 'mcp.example.com', origin: 'https://evil.example.com' })))
      .status,
    403,
  );
  const open = createHttpHandler(() => new TestServer(), { allowedHosts: ['*'] });
  assert.is(
    (await open(post(PING, { host: 'anything.example', origin: 'https://elsewhere.example' })))
      .status,
    200,
  );
});

rules(
  'authorize runs before the server is made: 401 with WWW-Authenticate, 403, or a principal',
  async () => {
    let made = 0;
    const principals: unknown[] = [];
    // Declared with its type, the hook gives the principal its type in the server factory.
    const authorize = async (request: HttpRequest) => {
      const token = bearerToken(request.headers);
      if (token === undefined) return unauthorized();
      return token === 'secret' ? { role: 'staff' } : forbidden('Wrong token.');
    };
    const guarded = createHttpHandler(
      ({ principal }) => {
        made++;
        principals.push(principal.role);
        return new TestServer();
      },
      { authorize },
    );
    assert.equal(
      await guarded(post(PING)),
      refusal(401, -32600, 'Authorization is required.', { 'www-authenticate': 'Bearer' }),
    );
    assert.equal(
      await guarded(post(PING, { authorization: 'Bearer nope' })),
      refusal(403, -32600, 'Wrong token.'),
    );
    assert.is(made, 0);
    assert.is((await guarded(post(PING, { authorization: 'bearer secret' }))).status, 200);
    assert.equal(principals, ['staff']);
    const denied = createHttpHandler(() => new TestServer(), {
      authorize: () => forbidden(),
    });
    assert.equal(await denied(post(PING)), refusal(403, -32600, 'Access is denied.'));
  },
);

rules('an invalid or expired token is 401 with Bearer error="invalid_token"', async () => {
  const guarded = createHttpHandler(() => new TestServer(), {
    authorize: (request) => {
      const token = bearerToken(request.headers);
      if (token === undefined) return unauthorized();
      if (token === 'expired') {
        return unauthorized('The token has expired.', {
          error: 'invalid_token',
          description: 'The token expired',
          resourceMetadata: 'https://mcp.example.com/.well-known/oauth-protected-resource',
        });
      }
      if (token === 'reader') {
        return forbidden('Staff only.', { error: 'insufficient_scope', scope: 'staff "all"' });
      }
      return token === 'secret'
        ? 'staff'
        : unauthorized('The token is not valid.', { error: 'invalid_token' });
    },
  });
  const as = (token: string) => guarded(post(PING, { authorization: `Bearer ${token}` }));
  assert.equal(
    await as('wrong'),
    refusal(401, -32600, 'The token is not valid.', {
      'www-authenticate': 'Bearer error="invalid_token"',
    }),
  );
  assert.equal(
    await as('expired'),
    refusal(401, -32600, 'The token has expired.', {
      'www-authenticate':
        'Bearer error="invalid_token", error_description="The token expired", resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource"',
    }),
  );
  // 403 for a valid caller without the right, with the scope it lacks; quotes escaped.
  assert.equal(
    await as('reader'),
    refusal(403, -32600, 'Staff only.', {
      'www-authenticate': 'Bearer error="insufficient_scope", scope="staff \\"all\\""',
    }),
  );
  assert.is((await as('secret')).status, 200);
});

rules('every 401 carries WWW-Authenticate, even from a refusal built by hand', async () => {
  const [brand] = Object.getOwnPropertySymbols(unauthorized());
  const handMade = { [brand!]: true, status: 401, message: 'No.' } as unknown as Refusal;
  const guarded = createHttpHandler(() => new TestServer(), { authorize: () => handMade });
  assert.equal(
    await guarded(post(PING)),
    refusal(401, -32600, 'No.', { 'www-authenticate': 'Bearer' }),
  );
});

rules('a challenge a header cannot carry fails in authorize: 500, to onError', async () => {
  assert.throws(() => unauthorized('x', { description: 'say "no"' }), /error_description/);
  assert.throws(() => unauthorized('x', { error: 'caf\u00e9' }), /error has characters/);
  assert.throws(() => forbidden('x', { scope: 'a\nb' }), /scope has characters/);
  const errors: unknown[] = [];
  const guarded = createHttpHandler(() => new TestServer(), {
    authorize: () => unauthorized('x', { error: 'line\r\nbreak' }),
    onError: (error) => errors.push(error),
  });
  assert.is((await guarded(post(PING))).status, 500);
  assert.instance(errors[0], TypeError);
});

const INTERNAL = refusal(500, -32603, 'Internal error');

rules('what the factory or authorize throws is 500 -32603, handed to onError', async () => {
  const boom = new Error('the database is down');
  const failures: Record<string, HttpOptions<unknown>> = {
    'authorize throws': {
      authorize: () => {
        throw boom;
      },
    },
    'authorize rejects': { authorize: () => Promise.reject(boom) },
  };
  for (const [name, options] of Object.entries(failures)) {
    const seen: [unknown, HttpRequest][] = [];
    const request = post(PING);
    const failing = createHttpHandler(() => new TestServer(), {
      ...options,
      onError: (error, request) => seen.push([error, request]),
    });
    assert.equal(await failing(request), INTERNAL, name);
    assert.equal(seen, [[boom, request]], name);
  }
  const seen: unknown[] = [];
  const factoryFails = createHttpHandler(
    () => {
      throw boom;
    },
    { onError: (error) => seen.push(error) },
  );
  assert.equal(await factoryFails(post(PING)), INTERNAL);
  assert.equal(seen, [boom]);
  // A server whose handle() rejects, say an override gone wrong, is the same.
  class Broken extends TestServer {
    override async handleMessage(): Promise<never> {
      throw boom;
    }
  }
  const broken = createHttpHandler(() => new Broken(), { onError: (error) => seen.push(error) });
  assert.equal(await broken(post(PING)), INTERNAL);
  assert.equal(seen, [boom, boom]);
});

rules('onError: console.error by default; a hook that fails changes nothing', async () => {
  const printed: unknown[][] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => printed.push(args);
  try {
    const failing = createHttpHandler(() => {
      throw new Error('boom');
    });
    assert.equal(await failing(post(PING)), INTERNAL);
  } finally {
    console.error = original;
  }
  assert.is(printed.length, 1);
  assert.match(String(printed[0]![0]), /a request failed/);
  assert.is((printed[0]![1] as Error).message, 'boom');
  for (const onError of [
    () => {
      throw new Error('the logger is down');
    },
    () => Promise.reject(new Error('the logger is down')),
  ]) {
    const failing = createHttpHandler(
      () => {
        throw new Error('boom');
      },
      { onError },
    );
    assert.equal(await failing(post(PING)), INTERNAL);
  }
  // Let a rejection left unhandled surface, were there one.
  await new Promise((resolve) => setTimeout(resolve, 10));
});

rules('maxBodyBytes: one limit, carried by the handler for its adapter', async () => {
  const small = createHttpHandler(() => new TestServer(), { maxBodyBytes: 100 });
  assert.is(small.maxBodyBytes, 100);
  assert.is(handler.maxBodyBytes, 4 * 1024 * 1024);
  assert.throws(() => {
    (small as { maxBodyBytes: number }).maxBodyBytes = 5;
  }, TypeError);
  assert.is(small.maxBodyBytes, 100);
  assert.is(createFetchHandler(() => new TestServer(), { maxBodyBytes: 7 }).maxBodyBytes, 7);
  for (const maxBodyBytes of [Number.NaN, -1, '10' as unknown as number]) {
    assert.throws(
      () => createHttpHandler(() => new TestServer(), { maxBodyBytes }),
      /maxBodyBytes must be a number of bytes/,
    );
  }
});

rules('the server factory sees the request, e.g. to scope the server', async () => {
  const urls: (string | undefined)[] = [];
  const scoped = createHttpHandler(({ request }) => {
    urls.push(request.url);
    return new TestServer();
  });
  await scoped({ ...post(PING), url: '/mcp?repository=docs' });
  assert.equal(urls, ['/mcp?repository=docs']);
});

rules('an answer JSON cannot carry becomes -32603 for that response alone', async () => {
  class Odd extends TestServer {
    override async dispatch(method: string, params: Record<string, unknown>) {
      return method === 'ping' ? { n: 1n } : super.dispatch(method, params);
    }
  }
  const server = new Odd();
  const odd = createHttpHandler(() => server);
  assert.equal(await odd(post(PING)), {
    status: 200,
    headers: JSON_TYPE,
    body: '{"jsonrpc":"2.0","id":1,"error":{"code":-32603,"message":"Internal error"}}',
  });
  const batch = await odd(post(`[${PING},{"jsonrpc":"2.0","id":2,"method":"tools/list"}]`));
  const answers = JSON.parse(jsonText(batch.body));
  assert.equal(answers[0], {
    jsonrpc: '2.0',
    id: 1,
    error: { code: -32603, message: 'Internal error' },
  });
  assert.is(answers[1].result.tools.length, 4);
  assert.is(server.logged.length, 2);
});

rules.run();

const helpers = suite('http helpers');

helpers('header() reads plain objects and web Headers; repeated values are joined', () => {
  assert.is(header({ accept: ['a', 'b'] }, 'accept'), 'a, b');
  assert.is(header({ accept: 'a' }, 'accept'), 'a');
  assert.is(header({}, 'accept'), undefined);
  assert.is(header(new Headers({ Accept: 'x' }), 'accept'), 'x');
  assert.is(header(new Headers(), 'accept'), undefined);
});

helpers('bearerToken() reads the Authorization header', () => {
  assert.is(bearerToken({ authorization: 'Bearer abc' }), 'abc');
  assert.is(bearerToken({ authorization: 'bearer   abc  ' }), 'abc');
  assert.is(bearerToken({ authorization: 'Basic abc' }), undefined);
  assert.is(bearerToken({ authorization: 'Bearer a b' }), undefined);
  assert.is(bearerToken({}), undefined);
});

helpers('readBody() stops one byte past the limit', async () => {
  const stream = (chunks: number[]) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const size of chunks) controller.enqueue(new Uint8Array(size).fill(1));
        controller.close();
      },
    });
  assert.is((await readBody(stream([3, 4]), 10)).byteLength, 7);
  assert.is((await readBody(stream([6, 6, 6]), 10)).byteLength, 11);
  assert.is((await readBody(stream([]), 10)).byteLength, 0);
  let pulled = 0;
  const endless = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled++;
      controller.enqueue(new Uint8Array(1024));
    },
  });
  assert.is((await readBody(endless, 4096)).byteLength, 4097);
  assert.ok(pulled <= 6);
});

helpers.run();

const fetchHandler = suite('createFetchHandler');

const web = createFetchHandler(() => new TestServer());

fetchHandler('answers web Requests with web Responses, by the same rules', async () => {
  const ok = await web(
    new Request('http://localhost:3000/mcp', { method: 'POST', headers: JSON_TYPE, body: PING }),
  );
  assert.is(ok.status, 200);
  assert.is(ok.headers.get('content-type'), 'application/json');
  assert.equal(await ok.json(), { jsonrpc: '2.0', id: 1, result: {} });
  const get = await web(new Request('http://localhost:3000/mcp'));
  assert.is(get.status, 405);
  assert.is(get.headers.get('allow'), 'POST');
  const accepted = await web(
    new Request('http://127.0.0.1:3000/mcp', {
      method: 'POST',
      headers: JSON_TYPE,
      body: '{"jsonrpc":"2.0","method":"notifications/initialized"}',
    }),
  );
  assert.is(accepted.status, 202);
  assert.is(await accepted.text(), '');
  const evil = await web(
    new Request('http://evil.example.com/mcp', { method: 'POST', headers: JSON_TYPE, body: PING }),
  );
  assert.is(evil.status, 403);
  const huge = await createFetchHandler(() => new TestServer(), { maxBodyBytes: 10 })(
    new Request('http://localhost/mcp', { method: 'POST', headers: JSON_TYPE, body: PING }),
  );
  assert.is(huge.status, 413);
});

fetchHandler('what the factory throws is 500 -32603, handed to onError', async () => {
  const seen: unknown[] = [];
  const failing = createFetchHandler(
    () => {
      throw new Error('boom');
    },
    { onError: (error) => seen.push(error) },
  );
  const response = await failing(
    new Request('http://localhost/mcp', { method: 'POST', headers: JSON_TYPE, body: PING }),
  );
  assert.is(response.status, 500);
  assert.is(response.headers.get('content-type'), 'application/json');
  assert.equal(await response.json(), {
    jsonrpc: '2.0',
    id: null,
    error: { code: -32603, message: 'Internal error' },
  });
  assert.is((seen[0] as Error).message, 'boom');
});

fetchHandler(
  'a body stream that breaks is 400 with a JSON-RPC error, not a rejection',
  async () => {
    const broken = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.error(new Error('connection reset'));
      },
    });
    const response = await web(
      new Request('http://localhost/mcp', {
        method: 'POST',
        headers: JSON_TYPE,
        body: broken,
        duplex: 'half',
      } as RequestInit),
    );
    assert.is(response.status, 400);
    assert.equal(await response.json(), {
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'The body could not be read.' },
    });
  },
);

fetchHandler('reads the body to the limit set once, in its options', async () => {
  const limited = createFetchHandler(() => new TestServer(), { maxBodyBytes: PING.length });
  const send = (body: string) =>
    limited(new Request('http://localhost/mcp', { method: 'POST', headers: JSON_TYPE, body }));
  assert.is((await send(PING)).status, 200);
  const over = await send(`${PING} `);
  assert.is(over.status, 413);
  assert.is((await over.json()).error.message, `The body is larger than ${PING.length} bytes.`);
});

fetchHandler(
  "hands the request's work to the context's waitUntil while it runs, whichever the answer",
  async () => {
    // ping answers later here; a server that answers at once has no work left to keep.
    class Later extends TestServer {
      override dispatch(...args: Parameters<TestServer['dispatch']>) {
        const result = super.dispatch(...args);
        return new Promise<Awaited<typeof result>>((resolve) => {
          setTimeout(() => resolve(result), 1);
        });
      }
    }
    const web = createFetchHandler(() => new Later());
    const kept: Promise<unknown>[] = [];
    const context = {
      waitUntil(work: Promise<unknown>) {
        // Called as the runtime's method: Workers refuse a waitUntil detached from its ctx.
        assert.is(this, context);
        kept.push(work);
      },
    };
    const send = (accept?: string) =>
      web(
        new Request('http://localhost/mcp', {
          method: 'POST',
          headers: accept === undefined ? JSON_TYPE : { ...JSON_TYPE, accept },
          body: PING,
        }),
        context,
      );
    for (const accept of [undefined, 'application/json']) {
      assert.equal(await (await send(accept)).json(), { jsonrpc: '2.0', id: 1, result: {} });
    }
    assert.is(kept.length, 2);
    for (const work of kept) assert.equal(await work, { jsonrpc: '2.0', id: 1, result: {} });
    const atOnce = createFetchHandler(() => new TestServer());
    const answered = await atOnce(
      new Request('http://localhost/mcp', { method: 'POST', headers: JSON_TYPE, body: PING }),
      context,
    );
    assert.equal(await answered.json(), { jsonrpc: '2.0', id: 1, result: {} });
    assert.is(kept.length, 2);
    // What Deno and Bun hand a handler besides the request has no waitUntil: nothing to keep.
    const info = await web(
      new Request('http://localhost/mcp', { method: 'POST', headers: JSON_TYPE, body: PING }),
      { remoteAddr: {} } as never,
    );
    assert.is(info.status, 200);
  },
);

fetchHandler.run();
