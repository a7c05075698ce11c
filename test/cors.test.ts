// CORS: preflights, the headers of answers to listed origins, and nothing without the option.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { withCors } from '../src/http/cors.js';
import {
  type CorsOptions,
  createFetchHandler,
  createHttpHandler,
  type HttpRequest,
  type HttpResponse,
  unauthorized,
} from '../src/http.js';
import { TestServer } from './fixtures.js';

const PING = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
// A 2026-07-28 ping: a method of the handshake era only, so 404 (-32601).
const MODERN_PING = JSON.stringify({
  jsonrpc: '2.0',
  id: 2,
  method: 'ping',
  params: {
    _meta: {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
    },
  },
});
const APP = 'http://localhost:6274';
const JSON_TYPE = { 'content-type': 'application/json' };
const EXPOSED = 'www-authenticate, mcp-session-id, mcp-protocol-version';
const ALLOWED =
  'content-type, accept, authorization, mcp-protocol-version, mcp-method, mcp-name, ' +
  'mcp-session-id, last-event-id';

function post(headers: Record<string, string> = {}, body = PING): HttpRequest {
  return {
    method: 'POST',
    url: '/mcp',
    headers: { host: 'localhost:3000', 'content-type': 'application/json', ...headers },
    body,
  };
}

function preflight(origin: string, requestHeaders?: string): HttpRequest {
  const headers: Record<string, string> = {
    host: 'localhost:3000',
    origin,
    'access-control-request-method': 'POST',
  };
  if (requestHeaders !== undefined) headers['access-control-request-headers'] = requestHeaders;
  return { method: 'OPTIONS', url: '/mcp', headers };
}

const refusal = (
  status: number,
  message: string,
  extra: Record<string, string> = {},
  code = -32600,
) => ({
  status,
  headers: { ...JSON_TYPE, ...extra },
  body: JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message } }),
});

// What every answer of a handler with the option says, whatever the origin, or without one.
const VARY = { vary: 'Origin' };

const corsHeaders = (origin: string) => ({
  'access-control-allow-origin': origin,
  'access-control-expose-headers': EXPOSED,
  vary: 'Origin',
});

const withOption = (cors: CorsOptions, more: Parameters<typeof createHttpHandler>[1] = {}) =>
  createHttpHandler(() => new TestServer(), { ...more, cors });

const handler = withOption({ origins: [APP] });

const rules = suite('cors');

rules('without the option: no CORS header, and a preflight is 405', async () => {
  const plain = createHttpHandler(() => new TestServer());
  assert.equal(
    await plain(preflight(APP, 'content-type')),
    refusal(405, 'This endpoint serves POST only.', { allow: 'POST' }),
  );
  // A page of another port is another origin; the server's own is served.
  assert.equal(await plain(post({ origin: APP })), refusal(403, 'This origin is not allowed.'));
  assert.equal(await plain(post({ origin: 'http://localhost:3000' })), {
    status: 200,
    headers: JSON_TYPE,
    body: '{"jsonrpc":"2.0","id":1,"result":{}}',
  });
});

rules('a preflight from a listed origin is 204, with what the request may carry', async () => {
  assert.equal(await handler(preflight(APP)), {
    status: 204,
    headers: {
      'access-control-allow-origin': APP,
      'access-control-allow-methods': 'POST',
      'access-control-max-age': '7200',
      vary: 'Origin, Access-Control-Request-Headers',
      'access-control-allow-headers': ALLOWED,
    },
  });
});

rules('a preflight gets back each Mcp-Param-* it asks for, and no unknown header', async () => {
  const answer = await handler(
    preflight(
      APP,
      'authorization,content-type,mcp-method,mcp-name,mcp-param-region,Mcp-Param-Priority,x-secret',
    ),
  );
  assert.is(answer.status, 204);
  assert.is(
    answer.headers['access-control-allow-headers'],
    `${ALLOWED}, mcp-param-region, mcp-param-priority`,
  );
  // A name that is not a header token is not echoed.
  const odd = await handler(preflight(APP, 'mcp-param-a b, mcp-param-'));
  assert.is(odd.headers['access-control-allow-headers'], ALLOWED);
});

rules('allowHeaders, exposeHeaders and maxAge add to the defaults', async () => {
  const custom = withOption({
    origins: [APP],
    allowHeaders: ['X-Api-Key'],
    exposeHeaders: ['X-Request-Id', 'mcp-session-id'],
    maxAge: 60,
  });
  const answer = await custom(preflight(APP, 'x-api-key'));
  assert.is(answer.headers['access-control-allow-headers'], `${ALLOWED}, x-api-key`);
  assert.is(answer.headers['access-control-max-age'], '60');
  assert.is(
    (await custom(post({ origin: APP })))?.headers['access-control-expose-headers'],
    `${EXPOSED}, x-request-id`,
  );
});

rules('a preflight from an origin not listed is 403, even one allowedHosts passes', async () => {
  for (const origin of [
    'http://localhost:5173',
    'https://localhost:6274',
    'https://evil.example',
  ]) {
    assert.equal(
      await handler(preflight(origin, 'content-type')),
      refusal(403, 'This origin is not allowed.', VARY),
      origin,
    );
  }
  assert.equal(await handler(preflight('null')), refusal(403, 'This origin is not allowed.', VARY));
});

rules('an OPTIONS that is no preflight is 405, as before', async () => {
  const bare = await handler({ method: 'OPTIONS', url: '/mcp', headers: { host: 'localhost' } });
  assert.equal(bare, refusal(405, 'This endpoint serves POST only.', { allow: 'POST', ...VARY }));
  // From a listed origin, the page can read the refusal.
  const named = await handler({
    method: 'OPTIONS',
    url: '/mcp',
    headers: { host: 'localhost', origin: APP },
  });
  assert.equal(
    named,
    refusal(405, 'This endpoint serves POST only.', { allow: 'POST', ...corsHeaders(APP) }),
  );
});

rules('answers to a listed origin carry CORS headers: 200, 202 and refusals', async () => {
  assert.equal(await handler(post({ origin: APP })), {
    status: 200,
    headers: { ...JSON_TYPE, ...corsHeaders(APP) },
    body: '{"jsonrpc":"2.0","id":1,"result":{}}',
  });
  assert.equal(
    await handler(post({ origin: APP }, '{"jsonrpc":"2.0","method":"notifications/initialized"}')),
    { status: 202, headers: corsHeaders(APP) },
  );
  assert.equal(
    await handler(post({ origin: APP, 'content-type': 'text/plain' })),
    refusal(415, 'Content-Type must be application/json.', corsHeaders(APP)),
  );
  assert.equal(
    await handler(post({ origin: APP }, '{')),
    refusal(400, 'The body is not valid JSON.', corsHeaders(APP), -32700),
  );
  const modern = await handler(
    post({ origin: APP, 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'ping' }, MODERN_PING),
  );
  assert.is(modern.status, 404);
  assert.equal(modern.headers, { ...JSON_TYPE, ...corsHeaders(APP) });
});

rules('a 401 to a listed origin exposes its WWW-Authenticate', async () => {
  const guarded = withOption({ origins: [APP] }, { authorize: () => unauthorized() });
  assert.equal(
    await guarded(post({ origin: APP })),
    refusal(401, 'Authorization is required.', {
      'www-authenticate': 'Bearer',
      ...corsHeaders(APP),
    }),
  );
});

rules('answers to an origin not listed carry none, and the Origin check stays', async () => {
  // The server's own origin: no CORS header, but Vary, as every answer.
  const local = await handler(post({ origin: 'http://localhost:3000' }));
  assert.equal(local.headers, { ...JSON_TYPE, ...VARY });
  assert.is(local.status, 200);
  for (const origin of ['https://evil.example', 'http://localhost:9999']) {
    assert.equal(
      await handler(post({ origin })),
      refusal(403, 'This origin is not allowed.', VARY),
      origin,
    );
  }
  assert.equal((await handler(post())).headers, { ...JSON_TYPE, ...VARY });
});

rules('a listed origin passes the Origin check whatever allowedHosts says', async () => {
  const hosted = withOption(
    { origins: ['https://app.example.com'] },
    { allowedHosts: ['mcp.example.com'] },
  );
  const origin = 'https://app.example.com';
  const answer = await hosted(post({ host: 'mcp.example.com', origin }));
  assert.is(answer.status, 200);
  assert.equal(answer.headers, { ...JSON_TYPE, ...corsHeaders(origin) });
  // Another port is another origin.
  assert.equal(
    await hosted(post({ host: 'mcp.example.com', origin: 'https://app.example.com:8443' })),
    refusal(403, 'This origin is not allowed.', VARY),
  );
  // The Host check still applies.
  assert.equal(
    await hosted(post({ host: 'evil.example', origin })),
    refusal(403, 'This host is not allowed.', corsHeaders(origin)),
  );
});

rules('origins are compared as browsers send them', async () => {
  const loose = withOption({ origins: ['HTTP://LocalHost:80/', 'https://App.Example.com:443'] });
  assert.is(
    (await loose(preflight('http://localhost')))?.headers['access-control-allow-origin'],
    'http://localhost',
  );
  const answer = await createHttpHandler(() => new TestServer(), {
    allowedHosts: ['localhost'],
    cors: { origins: ['https://App.Example.com:443'] },
  })(post({ origin: 'https://app.example.com' }));
  assert.is(answer.headers['access-control-allow-origin'], 'https://app.example.com');
});

rules('an option that is not valid throws when the handler is made', () => {
  const cases: [CorsOptions, RegExp][] = [
    [{ origins: ['*'] }, /cors\.origins: \* is not an origin/],
    [{ origins: ['http://localhost:6274/app'] }, /is not an origin/],
    [{ origins: ['http://user@localhost'] }, /is not an origin/],
    [{ origins: ['null'] }, /is not an origin/],
    [{ origins: ['file:///tmp/page.html'] }, /is not an origin/],
    [{ origins: [APP], allowHeaders: ['x api'] }, /cors\.allowHeaders: x api is not a header/],
    [{ origins: [APP], exposeHeaders: [''] }, /cors\.exposeHeaders/],
    [{ origins: [APP], maxAge: -1 }, /cors\.maxAge/],
    [{ origins: [APP], maxAge: 1.5 }, /cors\.maxAge/],
  ];
  for (const [cors, message] of cases) {
    assert.throws(() => createHttpHandler(() => new TestServer(), { cors }), message);
    assert.throws(() => createFetchHandler(() => new TestServer(), { cors }), message);
  }
});

rules('every answer of a handler with the option says Vary: Origin', async () => {
  const guarded = withOption({ origins: [APP] }, { authorize: () => unauthorized() });
  const get = (headers: Record<string, string>): HttpRequest => ({
    method: 'GET',
    url: '/mcp',
    headers: { host: 'localhost:3000', ...headers },
  });
  const requests: [string, (request: HttpRequest) => Promise<HttpResponse>, HttpRequest][] = [
    ['200, no Origin', handler, post()],
    ['200, a listed Origin', handler, post({ origin: APP })],
    ['405, no Origin', handler, get({})],
    ['405, an Origin not listed', handler, get({ origin: 'https://evil.example' })],
    ['403 host, no Origin', handler, post({ host: 'evil.example' })],
    ['403 origin', handler, post({ origin: 'http://localhost:9999' })],
    ['401, no Origin', guarded, post()],
    ['401, a listed Origin', guarded, post({ origin: APP })],
    ['preflight 204', handler, preflight(APP)],
    ['preflight 403', handler, preflight('http://localhost:9999')],
    ['415, no Origin', handler, post({ 'content-type': 'text/plain' })],
  ];
  for (const [what, answer, request] of requests) {
    const response = await answer(request);
    assert.ok(/(^|,\s*)Origin(,|$)/.test(response.headers.vary ?? ''), what);
  }
  // A 404, without an Origin.
  const modern = await handler(
    post({ 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'ping' }, MODERN_PING),
  );
  assert.equal([modern.status, modern.headers.vary], [404, 'Origin']);
});

rules('a Vary the answer has already is kept', async () => {
  const wrapped = withCors(
    { origins: new Set([APP]), allowHeaders: new Set(), preflightHeaders: {}, exposeHeaders: '' },
    async () => ({ status: 200, headers: { vary: 'Accept' }, body: '{}' }),
  );
  assert.is((await wrapped(post({ origin: APP }))).headers.vary, 'Accept, Origin');
});

rules('the fetch handler: preflight and answer, with web Headers', async () => {
  const web = createFetchHandler(() => new TestServer(), { cors: { origins: [APP] } });
  const allowed = await web(
    new Request('http://localhost:3000/mcp', {
      method: 'OPTIONS',
      headers: {
        origin: APP,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,mcp-param-region',
      },
    }),
  );
  assert.is(allowed.status, 204);
  assert.is(await allowed.text(), '');
  assert.is(allowed.headers.get('access-control-allow-origin'), APP);
  assert.is(allowed.headers.get('access-control-allow-headers'), `${ALLOWED}, mcp-param-region`);
  const refused = await web(
    new Request('http://localhost:3000/mcp', {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:1', 'access-control-request-method': 'POST' },
    }),
  );
  assert.is(refused.status, 403);
  assert.is(refused.headers.get('access-control-allow-origin'), null);
  const answer = await web(
    new Request('http://localhost:3000/mcp', {
      method: 'POST',
      headers: { origin: APP, 'content-type': 'application/json' },
      body: PING,
    }),
  );
  assert.is(answer.status, 200);
  assert.is(answer.headers.get('access-control-allow-origin'), APP);
  assert.is(answer.headers.get('access-control-expose-headers'), EXPOSED);
  assert.is(answer.headers.get('vary'), 'Origin');
});

rules.run();
