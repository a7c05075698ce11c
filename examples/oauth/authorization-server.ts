// A local OAuth 2.1 authorization server for development and tests: oauth2-mock-server (a dev
// dependency), which signs JWT access tokens with a key of its own, publishes the key at /jwks and
// its metadata at /.well-known/openid-configuration, and grants every authorization at once, with
// no login page and to any client id: never for production. Taught two things a real one does for
// MCP: an access token's audience is the resource the client named (RFC 8707), it carries the
// scopes the client asked for, and it names whom it was issued for in `sub` (RFC 9068: the user,
// or for client credentials the client), which a server binds its callers' state to. It issues no refresh tokens: a client that needs more scopes
// authorizes again (the step-up flow).
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { OAuth2Server } from 'oauth2-mock-server';

/** A running authorization server. */
export interface AuthorizationServer {
  /** Its issuer URL, e.g. `http://127.0.0.1:4000`: the `iss` of its tokens. */
  issuer: string;
  /** Where its signing keys are published. */
  jwksUri: string;
  /** Its token endpoint. */
  tokenEndpoint: string;
  /**
   * Sign an access token at once, as its token endpoint would.
   *
   * @param grant - Its scopes, its audience, its subject (`sub`, `developer` when left out), and
   * its lifetime in seconds (negative: expired).
   */
  issue(grant: {
    scope?: string;
    resource?: string;
    subject?: string;
    expiresIn?: number;
  }): Promise<string>;
  /** Stop it. */
  close(): Promise<void>;
}

interface Grant {
  scope?: string | undefined;
  resource?: string | undefined;
}

const one = (value: unknown) => (typeof value === 'string' ? value : undefined);

// The client a token request names: in its body, or as the user of its Basic credentials.
function clientOf(request: {
  body: Record<string, unknown>;
  headers?: IncomingMessage['headers'];
}) {
  const basic = /^Basic\s+(\S+)$/i.exec(request.headers?.authorization ?? '');
  const user = basic && Buffer.from(basic[1]!, 'base64').toString().split(':')[0];
  return one(request.body.client_id) ?? (user ? decodeURIComponent(user) : undefined);
}

/**
 * Start the authorization server on 127.0.0.1.
 *
 * @param port - Its port; a free one when left out.
 */
export async function startAuthorizationServer(port = 0): Promise<AuthorizationServer> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(port, '127.0.0.1');
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The URL clients use, not the `localhost` it would name itself.
  server.issuer.url = issuer;
  const service = server.service;

  // What each authorization code was granted: the scopes and the resource of its request.
  const codes = new Map<string, Grant>();
  service.on('beforeAuthorizeRedirect', ({ url }: { url: URL }, request: IncomingMessage) => {
    const asked = new URL(request.url ?? '/', issuer).searchParams;
    const code = url.searchParams.get('code');
    if (code !== null) {
      codes.set(code, {
        scope: asked.get('scope') ?? undefined,
        resource: asked.get('resource') ?? undefined,
      });
    }
  });

  const grantOf = (body: Record<string, unknown>): Grant =>
    body.grant_type === 'authorization_code'
      ? (codes.get(String(body.code)) ?? {})
      : { scope: one(body.scope), resource: one(body.resource) };

  service.on(
    'beforeTokenSigning',
    (
      token: { payload: Record<string, unknown> },
      request: { body: Record<string, unknown>; headers?: IncomingMessage['headers'] },
    ) => {
      // Only the access token carries a scope; the ID token, also signed here, is left as it is.
      if (!('scope' in token.payload)) return;
      // The user who authorized (set by the mock), else the client acting on its own behalf.
      token.payload.sub ??= clientOf(request);
      const { scope, resource } = grantOf(request.body);
      token.payload.scope = scope ?? '';
      if (resource === undefined) delete token.payload.aud;
      else token.payload.aud = resource;
    },
  );
  service.on(
    'beforeResponse',
    (response: { body: Record<string, unknown> }, request: { body: Record<string, unknown> }) => {
      response.body.scope = grantOf(request.body).scope ?? '';
      delete response.body.refresh_token;
      // A code is used once.
      if (request.body.grant_type === 'authorization_code') codes.delete(String(request.body.code));
    },
  );

  return {
    issuer,
    jwksUri: `${issuer}/jwks`,
    tokenEndpoint: `${issuer}/token`,
    issue: ({ scope = '', resource, subject = 'developer', expiresIn = 3600 }) =>
      server.issuer.buildToken({
        expiresIn,
        scopesOrTransform: (_header, payload) => {
          payload.scope = scope;
          payload.sub = subject;
          if (resource !== undefined) payload.aud = resource;
        },
      }),
    close: () => server.stop(),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const authorization = await startAuthorizationServer(Number(process.env.PORT ?? 4000));
  console.log(`Authorization server (development only): ${authorization.issuer}`);
}
