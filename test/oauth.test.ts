// A whole OAuth flow over real HTTP: the official SDK's client, with its OAuth client provider,
// against examples/oauth/server.ts and a real local authorization server (oauth2-mock-server):
// the 401, the discovery of the metadata, the authorization code with PKCE and the resource
// indicator, the token, the tool calls, and the step-up for a scope more. Then the tokens MCP
// says to refuse: for another resource, expired, from another issuer, without the scope.
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { decodeJwt } from 'jose';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  type AuthorizationServer,
  startAuthorizationServer,
} from '../examples/oauth/authorization-server.js';
import { startNotesServer } from '../examples/oauth/server.js';
import { Provider } from './oauth-provider.js';

type Text = { type: string; text: string }[];

interface Context {
  authorization: AuthorizationServer;
  notes: Awaited<ReturnType<typeof startNotesServer>>;
}

const oauth = suite<Context>('OAuth, end to end', {} as Context);

oauth.before(async (context) => {
  context.authorization = await startAuthorizationServer();
  context.notes = await startNotesServer(context.authorization, 0);
});

oauth.after(async ({ authorization, notes }) => {
  await notes.close();
  await authorization.close();
});

async function rejects(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

oauth(
  'the SDK client: 401, discovery, authorization code with PKCE, token, calls, step-up',
  async ({ authorization, notes }) => {
    const provider = new Provider();
    const transport = () =>
      new StreamableHTTPClientTransport(new URL(notes.url), { authProvider: provider });

    // No token: the 401 sends the client to the metadata, then to the authorization server.
    const first = transport();
    const refused = await rejects(new Client({ name: 't', version: '1' }).connect(first));
    assert.instance(refused, UnauthorizedError);
    const asked = provider.authorizations[0]!.searchParams;
    assert.is(provider.authorizations[0]!.origin, authorization.issuer);
    assert.equal(
      {
        scope: asked.get('scope'),
        resource: asked.get('resource'),
        client_id: asked.get('client_id'),
        code_challenge_method: asked.get('code_challenge_method'),
      },
      {
        scope: 'notes:read',
        resource: notes.url,
        client_id: 'notes-test-client',
        code_challenge_method: 'S256',
      },
    );
    await first.finishAuth(provider.codes[0]!);
    const claims = decodeJwt(provider.tokens()!.access_token);
    assert.equal(
      [claims.iss, claims.aud, claims.scope],
      [authorization.issuer, notes.url, 'notes:read'],
    );

    // With the token: what needs notes:write is not listed.
    const second = transport();
    const client = new Client({ name: 't', version: '1' });
    await client.connect(second);
    try {
      assert.equal(
        (await client.listTools()).tools.map((tool) => tool.name),
        ['read_notes'],
      );
      const read = await client.callTool({ name: 'read_notes', arguments: {} });
      assert.match((read.content as Text)[0]!.text, /^Welcome to the notes server\./);

      // The 403 names every scope the call needs: the client authorizes again, for them.
      const stepUp = await rejects(
        client.callTool({ name: 'add_note', arguments: { text: 'hi' } }),
      );
      assert.instance(stepUp, UnauthorizedError);
      assert.is(provider.authorizations[1]!.searchParams.get('scope'), 'notes:read notes:write');
      await second.finishAuth(provider.codes[1]!);
      assert.is(decodeJwt(provider.tokens()!.access_token).scope, 'notes:read notes:write');
      const added = await client.callTool({ name: 'add_note', arguments: { text: 'hi' } });
      assert.match((added.content as Text)[0]!.text, /^Added note \d+\.$/);
      assert.equal(
        (await client.listTools()).tools.map((tool) => tool.name),
        ['read_notes', 'add_note'],
      );
    } finally {
      await client.close();
    }
  },
);

const LIST = '{"jsonrpc":"2.0","id":1,"method":"tools/list"}';
const ADD = JSON.stringify({
  jsonrpc: '2.0',
  id: 2,
  method: 'tools/call',
  params: { name: 'add_note', arguments: { text: 'x' } },
});

async function post(url: string, token: string | undefined, body = LIST) {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'mcp-protocol-version': '2025-11-25',
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
    body,
  });
  return {
    status: response.status,
    challenge: response.headers.get('www-authenticate'),
    body: (await response.json()) as { error?: { message: string }; result?: unknown },
  };
}

// A token from the authorization server's own token endpoint (client credentials).
async function tokenFor(authorization: AuthorizationServer, scope: string, resource: string) {
  const response = await fetch(authorization.tokenEndpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: 'ops',
      scope,
      resource,
    }),
  });
  assert.is(response.status, 200);
  return ((await response.json()) as { access_token: string }).access_token;
}

oauth('the metadata document, at the path of the endpoint', async ({ authorization, notes }) => {
  assert.is(
    notes.metadata.url,
    notes.url.replace('/mcp', '/.well-known/oauth-protected-resource/mcp'),
  );
  const response = await fetch(notes.metadata.url);
  assert.is(response.headers.get('access-control-allow-origin'), '*');
  assert.equal(await response.json(), {
    resource: notes.url,
    authorization_servers: [authorization.issuer],
    bearer_methods_supported: ['header'],
    scopes_supported: ['notes:read'],
    resource_name: 'Notes',
  });
});

oauth(
  'refused as the specification says: 401 invalid_token, 403 insufficient_scope',
  async ({ authorization, notes }) => {
    const pointer = `scope="notes:read", resource_metadata="${notes.metadata.url}"`;
    const invalid = (why: string) =>
      `Bearer error="invalid_token", error_description="${why}", ${pointer}`;

    const none = await post(notes.url, undefined);
    assert.equal([none.status, none.challenge], [401, `Bearer ${pointer}`]);

    const elsewhere = await tokenFor(authorization, 'notes:read', 'http://127.0.0.1:1/other/mcp');
    const wrongAudience = await post(notes.url, elsewhere);
    assert.equal(
      [wrongAudience.status, wrongAudience.challenge],
      [401, invalid('The access token was not issued for this server.')],
    );

    const expired = await authorization.issue({
      scope: 'notes:read',
      resource: notes.url,
      expiresIn: -60,
    });
    const late = await post(notes.url, expired);
    assert.equal([late.status, late.challenge], [401, invalid('The access token has expired.')]);

    const other = await startAuthorizationServer();
    try {
      const forged = await other.issue({ scope: 'notes:read notes:write', resource: notes.url });
      const stranger = await post(notes.url, forged);
      assert.equal(
        [stranger.status, stranger.challenge],
        [401, invalid('The access token is not valid.')],
      );
    } finally {
      await other.close();
    }
    assert.equal((await post(notes.url, 'not-a-jwt')).status, 401);

    // Valid, but short of a scope: for the server (authorize), or for one tool.
    const writer = await tokenFor(authorization, 'notes:write', notes.url);
    const noRead = await post(notes.url, writer);
    assert.equal(
      [noRead.status, noRead.challenge],
      [
        403,
        `Bearer error="insufficient_scope", scope="notes:read", resource_metadata="${notes.metadata.url}"`,
      ],
    );
    const reader = await tokenFor(authorization, 'notes:read', notes.url);
    assert.is((await post(notes.url, reader)).status, 200);
    const noWrite = await post(notes.url, reader, ADD);
    assert.equal(
      [noWrite.status, noWrite.challenge, noWrite.body.error?.message],
      [
        403,
        `Bearer error="insufficient_scope", scope="notes:read notes:write", resource_metadata="${notes.metadata.url}"`,
        'add_note needs the scope notes:write.',
      ],
    );
    const both = await tokenFor(authorization, 'notes:read notes:write', notes.url);
    assert.is((await post(notes.url, both, ADD)).status, 200);
  },
);

oauth.run();
