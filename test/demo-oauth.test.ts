// The demo's operations server as an OAuth protected resource, over real HTTP: its metadata, its
// challenges, the tokens of its authorization server (the local one it starts, or one it is
// given), and the staff token, still accepted.
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startDemo } from '../examples/demo/main.js';
import { startAuthorizationServer } from '../examples/oauth/authorization-server.js';
import { Provider } from './oauth-provider.js';

type Demo = Awaited<ReturnType<typeof startDemo>>;

const LIST = '{"jsonrpc":"2.0","id":1,"method":"tools/list"}';

async function post(demo: Demo, token: string | undefined) {
  const response = await fetch(`${demo.base}/operations/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
    body: LIST,
  });
  const body = (await response.json()) as { error?: { message: string } };
  return [response.status, response.headers.get('www-authenticate'), body.error?.message];
}

async function tokenFor(endpoint: string, scope: string, resource: string) {
  const response = await fetch(endpoint, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: 'demo',
      scope,
      resource,
    }),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

async function tools(demo: Demo, token: string) {
  const client = new Client({ name: 'demo-oauth-test', version: '1.0.0' });
  const url = new URL(`${demo.base}/operations/mcp`);
  const headers = { Authorization: `Bearer ${token}` };
  await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers } }));
  try {
    return (await client.listTools()).tools.map((tool) => tool.name);
  } finally {
    await client.close();
  }
}

const TOOLS = ['search_logs', 'get_health', 'list_users', 'get_user', 'clear_log', 'purge_log'];

const local = suite<{ demo: Demo }>('the demo, with its local authorization server', {
  demo: undefined as never,
});

local.before(async (context) => {
  context.demo = await startDemo({ port: 0, token: 'staff-secret' });
});

local.after(async ({ demo }) => {
  await demo.close();
});

local(
  'its metadata names the authorization server; its 401s name the metadata',
  async ({ demo }) => {
    const { authorization, metadata } = demo;
    assert.ok(authorization);
    assert.is(demo.issuer, authorization.issuer);
    assert.is(metadata.url, `${demo.base}/.well-known/oauth-protected-resource/operations/mcp`);
    const served = await fetch(metadata.url);
    assert.equal(await served.json(), {
      resource: `${demo.base}/operations/mcp`,
      authorization_servers: [authorization.issuer],
      bearer_methods_supported: ['header'],
      scopes_supported: ['operations'],
      resource_name: 'Operations',
    });
    assert.equal(await post(demo, undefined), [
      401,
      `Bearer scope="operations", resource_metadata="${metadata.url}"`,
      'A staff token or an access token is required: Authorization: Bearer <token>.',
    ]);
  },
);

local(
  'a token of its authorization server, with the scope, is served; so is the staff token',
  async ({ demo }) => {
    const { tokenEndpoint } = demo.authorization!;
    const token = await tokenFor(tokenEndpoint, 'operations', demo.metadata.document.resource);
    assert.equal(await tools(demo, token), TOOLS);
    assert.equal(await tools(demo, 'staff-secret'), TOOLS);
  },
);

local(
  'wrong, expired, for another resource: 401 invalid_token; without the scope: 403',
  async ({ demo }) => {
    const { tokenEndpoint, issue } = demo.authorization!;
    const resource = demo.metadata.document.resource;
    const pointer = `scope="operations", resource_metadata="${demo.metadata.url}"`;
    const invalid = (why: string) => [
      401,
      `Bearer error="invalid_token", error_description="${why}", ${pointer}`,
      why,
    ];
    assert.equal(await post(demo, 'wrong'), invalid('The access token is not valid.'));
    const expired = await issue({ scope: 'operations', resource, expiresIn: -60 });
    assert.equal(await post(demo, expired), invalid('The access token has expired.'));
    const project = await tokenFor(tokenEndpoint, 'operations', `${demo.base}/mcp`);
    assert.equal(
      await post(demo, project),
      invalid('The access token was not issued for this server.'),
    );
    const unscoped = await tokenFor(tokenEndpoint, 'profile', resource);
    assert.equal(await post(demo, unscoped), [
      403,
      `Bearer error="insufficient_scope", scope="operations", resource_metadata="${demo.metadata.url}"`,
      'The access token lacks the scopes operations.',
    ]);
  },
);

local('the SDK client finds its way from the 401 to a token', async ({ demo }) => {
  const provider = new Provider();
  const url = new URL(`${demo.base}/operations/mcp`);
  const first = new StreamableHTTPClientTransport(url, { authProvider: provider });
  try {
    await new Client({ name: 't', version: '1' }).connect(first);
    assert.unreachable('connected without a token');
  } catch (error) {
    assert.instance(error, UnauthorizedError);
  }
  assert.is(provider.authorizations[0]?.searchParams.get('scope'), 'operations');
  await first.finishAuth(provider.codes[0]!);
  const client = new Client({ name: 't', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(url, { authProvider: provider }));
  assert.equal((await client.listTools()).tools.length, TOOLS.length);
  await client.close();
});

const given = suite('the demo, with an authorization server given');

given('it trusts that one, found by its metadata, and no other', async () => {
  const trusted = await startAuthorizationServer();
  const demo = await startDemo({ port: 0, authorizationServer: trusted.issuer });
  const other = await startAuthorizationServer();
  try {
    assert.is(demo.authorization, undefined);
    assert.equal(demo.metadata.document.authorization_servers, [trusted.issuer]);
    const resource = demo.metadata.document.resource;
    const token = await tokenFor(trusted.tokenEndpoint, 'operations', resource);
    assert.equal(await tools(demo, token), TOOLS);
    const stranger = await tokenFor(other.tokenEndpoint, 'operations', resource);
    assert.is((await post(demo, stranger))[0], 401);
  } finally {
    await demo.close();
    await other.close();
    await trusted.close();
  }
});

local.run();
given.run();
