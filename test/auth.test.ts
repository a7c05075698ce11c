// The HTTP layer as an OAuth resource server: the protected resource metadata document, the
// challenges of 401 and 403, and the granted scopes of a principal, through the plain handler.
import type { AddressInfo } from 'node:net';
import express from 'express';
import { Hono } from 'hono';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  bearerChallenge,
  bearerToken,
  createHttpHandler,
  forbidden,
  type HttpRequest,
  type HttpResponse,
  isRefusal,
  nodeListener,
  PROTECTED_RESOURCE_PATH,
  protectedResourceMetadata,
  type Refusal,
  unauthorized,
} from '../src/http.js';
import { defineTool, MCPServerBase, toolsByName } from '../src/index.js';

const Read = defineTool({
  name: 'read',
  title: 'Read',
  description: 'Reads.',
  argumentsSchema: { type: 'object' },
  run: () => 'read',
});
const Write = defineTool({
  name: 'write',
  title: 'Write',
  description: 'Writes.',
  readOnly: false,
  requiredScopes: ['notes:write'],
  argumentsSchema: { type: 'object' },
  run: () => 'written',
});

class NotesServer extends MCPServerBase {
  readonly name = 'notes';
  override readonly tools = toolsByName(new Read(), new Write());
  serverInfo() {
    return { name: 'notes', version: '1.0.0' };
  }
  override instructions() {
    return '';
  }
}

const RESOURCE = 'https://mcp.example.com/operations/mcp';
const METADATA_URL = 'https://mcp.example.com/.well-known/oauth-protected-resource/operations/mcp';

const metadata = protectedResourceMetadata({
  resource: RESOURCE,
  authorizationServers: ['https://auth.example.com'],
  scopesSupported: ['notes:read'],
  resourceName: 'Notes',
});

function post(body: string, headers: Record<string, string> = {}): HttpRequest {
  return {
    method: 'POST',
    url: '/operations/mcp',
    headers: { host: 'localhost', 'content-type': 'application/json', ...headers },
    body,
  };
}

const call = (name: string, id = 1) =>
  JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: {} } });
const LIST = '{"jsonrpc":"2.0","id":1,"method":"tools/list"}';

// Tokens by name: a principal with scopes, or a refusal.
const TOKENS: Record<string, { scopes: string[] } | Refusal> = {
  reader: { scopes: ['notes:read'] },
  writer: { scopes: ['notes:read', 'notes:write'] },
  wrong: unauthorized('The token is not valid.'),
  expired: unauthorized('The token has expired.', {
    error: 'invalid_token',
    description: 'The token expired',
  }),
  nobody: forbidden('Not for you.'),
  guest: forbidden('Readers only.', { error: 'insufficient_scope' }),
};

const authorize = (request: HttpRequest) => {
  const token = bearerToken(request.headers);
  if (token === undefined) return unauthorized('A token is required.');
  return TOKENS[token] ?? unauthorized('Unknown token.', { error: 'invalid_token' });
};

const mcp = createHttpHandler(() => new NotesServer(), { authorize, resourceMetadata: metadata });
const as = (token: string, body = LIST) => mcp(post(body, { authorization: `Bearer ${token}` }));
const challenge = async (
  response: Promise<{ status: number; headers: Record<string, string> }>,
) => {
  const { status, headers } = await response;
  return [status, headers['www-authenticate']];
};

const document = suite('protectedResourceMetadata');

document('the document, its path after the well-known one, and its URL', () => {
  assert.equal(metadata.document, {
    resource: RESOURCE,
    authorization_servers: ['https://auth.example.com'],
    bearer_methods_supported: ['header'],
    scopes_supported: ['notes:read'],
    resource_name: 'Notes',
  });
  assert.is(metadata.path, '/.well-known/oauth-protected-resource/operations/mcp');
  assert.is(metadata.url, METADATA_URL);
  assert.equal(metadata.scopes, ['notes:read']);
  assert.is(metadata.maxBodyBytes, 0);
  assert.ok(Object.isFrozen(metadata.document.authorization_servers));
  const paths = {
    'https://h.example': PROTECTED_RESOURCE_PATH,
    'https://h.example/': PROTECTED_RESOURCE_PATH,
    'https://h.example/mcp/': `${PROTECTED_RESOURCE_PATH}/mcp`,
    'http://127.0.0.1:3000/a/b': `${PROTECTED_RESOURCE_PATH}/a/b`,
  };
  for (const [resource, path] of Object.entries(paths)) {
    const made = protectedResourceMetadata({ resource, authorizationServers: ['https://as'] });
    assert.is(made.path, path, resource);
    assert.is(made.url, new URL(resource).origin + path);
    assert.is(made.document.resource, resource);
    assert.is(made.document.scopes_supported, undefined);
  }
  const extra = protectedResourceMetadata({
    resource: 'https://h.example/mcp',
    authorizationServers: ['https://as.example'],
    resourceDocumentation: 'https://h.example/docs',
    fields: { resource_policy_uri: 'https://h.example/policy', resource: 'ignored' },
  });
  assert.equal(extra.document, {
    resource_policy_uri: 'https://h.example/policy',
    resource: 'https://h.example/mcp',
    authorization_servers: ['https://as.example'],
    bearer_methods_supported: ['header'],
    resource_documentation: 'https://h.example/docs',
  });
});

document('GET and HEAD answer the document, for any origin; OPTIONS 204; others 405', async () => {
  const get = await metadata({ method: 'GET', url: metadata.path, headers: {} });
  assert.equal(get, {
    status: 200,
    headers: { 'content-type': 'application/json', 'access-control-allow-origin': '*' },
    body: JSON.stringify(metadata.document),
  });
  const head = await metadata({ method: 'head', headers: {} });
  assert.equal([head.status, head.body], [200, undefined]);
  const options = await metadata({ method: 'OPTIONS', headers: {} });
  assert.equal(options, {
    status: 204,
    headers: {
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET, HEAD, OPTIONS',
      'access-control-allow-headers': '*',
    },
  });
  assert.equal(await metadata({ method: 'POST', headers: {}, body: '{}' }), {
    status: 405,
    headers: { allow: 'GET, HEAD, OPTIONS' },
  });
});

document('mounted as the README says: node:http and Express, Hono', async () => {
  const app = express();
  app.get(metadata.path, nodeListener(metadata));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const served = await fetch(`http://127.0.0.1:${port}${metadata.path}`);
    assert.equal(
      [served.status, served.headers.get('access-control-allow-origin'), await served.json()],
      [200, '*', metadata.document],
    );
  } finally {
    server.close();
  }
  const hono = new Hono().get(metadata.path, (c) =>
    c.json(metadata.document, 200, { 'access-control-allow-origin': '*' }),
  );
  const answered = await hono.request(metadata.path);
  assert.equal([answered.status, await answered.json()], [200, metadata.document]);
});

document('what is not a resource or an authorization server is refused at once', () => {
  const make =
    (resource: string, authorizationServers = ['https://as'], scopes = ['a']) =>
    () =>
      protectedResourceMetadata({ resource, authorizationServers, scopesSupported: scopes });
  assert.throws(make('/mcp'), /resource must be an absolute http or https URL, not \/mcp/);
  assert.throws(make(42 as never), /resource must be an absolute http or https URL, not 42/);
  assert.throws(make('ftp://h/mcp'), /resource must be an absolute http or https URL/);
  assert.throws(make('https://h/mcp#top'), /no fragment and no query/);
  assert.throws(make('https://h/mcp#'), /no fragment and no query/);
  assert.throws(make('https://h/mcp?tenant=1'), /no fragment and no query/);
  assert.throws(make('https://h/mcp', []), /at least one authorization server/);
  assert.throws(make('https://h/mcp', ['auth.example']), /an authorization server must be/);
  assert.throws(make('https://h/mcp', ['https://as'], ['a b']), /scopesSupported must be/);
});

const challenges = suite('challenges');

challenges(
  'every 401 names the metadata and the scopes; a refused token is invalid_token',
  async () => {
    const pointer = `scope="notes:read", resource_metadata="${METADATA_URL}"`;
    assert.equal(await challenge(mcp(post(LIST))), [401, `Bearer ${pointer}`]);
    // A token was sent and refused: invalid_token, though the refusal did not say so.
    assert.equal(await challenge(as('wrong')), [401, `Bearer error="invalid_token", ${pointer}`]);
    assert.equal(await challenge(as('nope')), [401, `Bearer error="invalid_token", ${pointer}`]);
    assert.equal(await challenge(as('expired')), [
      401,
      `Bearer error="invalid_token", error_description="The token expired", ${pointer}`,
    ]);
    // A refusal's own parameters stay.
    const own = createHttpHandler(() => new NotesServer(), {
      authorize: () =>
        unauthorized('No.', { scope: 'other', resourceMetadata: 'https://elsewhere.example/m' }),
      resourceMetadata: metadata,
    });
    assert.equal(await challenge(own(post(LIST))), [
      401,
      'Bearer scope="other", resource_metadata="https://elsewhere.example/m"',
    ]);
    const body = JSON.parse((await as('wrong')).body as string);
    assert.equal(body, {
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'The token is not valid.' },
    });
  },
);

challenges('metadata served elsewhere, without scopes: its URL alone', async () => {
  const elsewhere = createHttpHandler(() => new NotesServer(), {
    authorize,
    resourceMetadata: { url: 'https://meta.example.com/notes' },
  });
  assert.equal(await challenge(elsewhere(post(LIST))), [
    401,
    'Bearer resource_metadata="https://meta.example.com/notes"',
  ]);
  const refused = elsewhere(post(call('write'), { authorization: 'Bearer reader' }));
  assert.equal(await challenge(refused), [
    403,
    'Bearer error="insufficient_scope", scope="notes:write", resource_metadata="https://meta.example.com/notes"',
  ]);
});

challenges(
  '403: a plain forbidden() challenges nothing; insufficient_scope is completed',
  async () => {
    assert.equal(await challenge(as('nobody')), [403, undefined]);
    assert.equal(await challenge(as('guest')), [
      403,
      `Bearer error="insufficient_scope", scope="notes:read", resource_metadata="${METADATA_URL}"`,
    ]);
  },
);

challenges(
  'a refusal built by hand: its header as it is, or Bearer with the metadata',
  async () => {
    const [brand] = Object.getOwnPropertySymbols(unauthorized());
    const refusals = [
      [
        { [brand!]: true, status: 401, message: 'No.' },
        `Bearer scope="notes:read", resource_metadata="${METADATA_URL}"`,
      ],
      [
        { [brand!]: true, status: 401, message: 'No.', challenge: 'Basic realm="x"' },
        'Basic realm="x"',
      ],
      [{ [brand!]: true, status: 403, message: 'No.' }, undefined],
    ] as const;
    for (const [made, expected] of refusals) {
      assert.ok(isRefusal(made));
      const handler = createHttpHandler(() => new NotesServer(), {
        authorize: () => made as unknown as Refusal,
        resourceMetadata: metadata,
      });
      assert.equal((await handler(post(LIST))).headers['www-authenticate'], expected);
    }
    assert.not.ok(isRefusal({ status: 401 }));
    assert.is(bearerChallenge({}), 'Bearer');
  },
);

const stepUp = suite('scopes over HTTP');

stepUp("the principal's scopes: what needs more is not listed, and its call is 403", async () => {
  const listed = (response: HttpResponse) =>
    JSON.parse(response.body as string).result.tools.map((tool: { name: string }) => tool.name);
  assert.equal(listed(await as('reader')), ['read']);
  assert.equal(listed(await as('writer')), ['read', 'write']);
  const refused = await as('reader', call('write', 4));
  assert.equal(refused, {
    status: 403,
    headers: {
      'content-type': 'application/json',
      'www-authenticate': `Bearer error="insufficient_scope", scope="notes:read notes:write", resource_metadata="${METADATA_URL}"`,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 4,
      error: {
        code: -32600,
        message: 'write needs the scope notes:write.',
        data: { requiredScopes: ['notes:write'] },
      },
    }),
  });
  assert.is((await as('writer', call('write'))).status, 200);
  assert.is((await as('reader', call('read'))).status, 200);
});

stepUp('2026-07-28: 403 too, and the list is private', async () => {
  const meta = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': {},
  };
  const modern = (method: string, params: object, extra: Record<string, string>) =>
    mcp(
      post(JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { ...params, _meta: meta } }), {
        authorization: 'Bearer reader',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': method,
        ...extra,
      }),
    );
  const list = await modern('tools/list', {}, {});
  assert.is(JSON.parse(list.body as string).result.cacheScope, 'private');
  const refused = await modern(
    'tools/call',
    { name: 'write', arguments: {} },
    { 'mcp-name': 'write' },
  );
  assert.is(refused.status, 403);
  assert.match(refused.headers['www-authenticate']!, /^Bearer error="insufficient_scope"/);
});

stepUp('an SSE-minded client gets the 403 as JSON, with its challenge', async () => {
  const streaming = createHttpHandler(() => new NotesServer(), {
    authorize,
    resourceMetadata: metadata,
    responseMode: 'sse',
  });
  const refused = await streaming(
    post(call('write'), {
      authorization: 'Bearer reader',
      accept: 'application/json, text/event-stream',
    }),
  );
  assert.equal(
    [refused.status, refused.headers['content-type'], refused.headers['www-authenticate']],
    [
      403,
      'application/json',
      `Bearer error="insufficient_scope", scope="notes:read notes:write", resource_metadata="${METADATA_URL}"`,
    ],
  );
});

stepUp(
  'without the metadata option: the scopes alone; a batch is 200 without a challenge',
  async () => {
    const bare = createHttpHandler(() => new NotesServer(), { authorize });
    const refused = await bare(post(call('write'), { authorization: 'Bearer reader' }));
    assert.equal(
      [refused.status, refused.headers['www-authenticate']],
      [403, 'Bearer error="insufficient_scope", scope="notes:write"'],
    );
    assert.is((await bare(post(LIST))).headers['www-authenticate'], 'Bearer');
    const batch = await bare(post(`[${call('write')}]`, { authorization: 'Bearer reader' }));
    assert.equal([batch.status, batch.headers['www-authenticate']], [200, undefined]);
    assert.match(batch.body as string, /write needs the scope notes:write/);
  },
);

stepUp('scopes that are not an array of strings are a server fault: 500, to onError', async () => {
  const errors: unknown[] = [];
  const broken = createHttpHandler(() => new NotesServer(), {
    authorize: () => ({ scopes: 'notes:read notes:write' }),
    onError: (error) => errors.push(error),
  });
  assert.is((await broken(post(LIST))).status, 500);
  assert.match(String(errors[0]), /scopes must be an array of strings/);
  // A principal without scopes is granted none.
  const none = createHttpHandler(() => new NotesServer(), { authorize: () => 'someone' });
  assert.equal(JSON.parse((await none(post(call('write')))).body as string).error.code, -32600);
});

document.run();
challenges.run();
stepUp.run();
