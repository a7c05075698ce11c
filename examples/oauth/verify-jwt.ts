// An `authorize` hook that verifies JWT access tokens with jose: the signature against the
// authorization server's published keys (JWKS), the expiry, the issuer, and the audience, which
// must be this server's own resource URI (RFC 8707): a token issued for another server is refused,
// as MCP requires. Copy it and adapt it: the library leaves token verification to you.
import { createRemoteJWKSet, errors, type JWTPayload, jwtVerify } from 'jose';
import {
  bearerToken,
  forbidden,
  type HttpRequest,
  type Refusal,
  unauthorized,
} from 'mcp-protocol-core/http';

/** Who is calling, once the token is verified: `scopes` are the scopes the token grants. */
export interface AccessToken {
  /** The user, or the client acting on its own behalf: `sub`. */
  subject: string | undefined;
  /** The client the token was issued to: `client_id` or `azp`, when the token says. */
  clientId: string | undefined;
  /** The scopes it grants: `scope` (space-separated) or `scp` (a list). */
  scopes: string[];
  /** When it expires, in seconds since 1970. */
  expiresAt: number;
}

/** Options of {@link jwtAuthorizer}. */
export interface JwtOptions {
  /** The authorization server's issuer URL: a token's `iss` must be exactly this. */
  issuer: string;
  /** Where the authorization server publishes its signing keys (its metadata's `jwks_uri`). */
  jwksUri: string;
  /** This server's canonical URI, e.g. `https://mcp.example.com/mcp`: a token's `aud` names it. */
  resource: string;
  /** Scopes every request needs, e.g. `['notes:read']`: without them, 403 `insufficient_scope`. */
  requiredScopes?: readonly string[];
  /** The signing algorithms accepted. Default: RS256, PS256, ES256 and EdDSA. */
  algorithms?: string[];
}

function scopesOf(payload: JWTPayload): string[] {
  const { scope, scp } = payload;
  if (typeof scope === 'string') return scope.split(' ').filter(Boolean);
  return Array.isArray(scp) ? scp.filter((item): item is string => typeof item === 'string') : [];
}

// Why a token is refused: a sentence for the client (its developer reads it).
function reason(error: unknown): string | undefined {
  if (error instanceof errors.JWTExpired) return 'The access token has expired.';
  if (error instanceof errors.JWTClaimValidationFailed) {
    return error.claim === 'aud'
      ? 'The access token was not issued for this server.'
      : `The access token's ${error.claim} claim is not valid.`;
  }
  if (
    error instanceof errors.JWSSignatureVerificationFailed ||
    error instanceof errors.JWKSNoMatchingKey ||
    error instanceof errors.JWTInvalid ||
    error instanceof errors.JWSInvalid ||
    error instanceof errors.JOSEAlgNotAllowed ||
    error instanceof errors.JOSENotSupported
  ) {
    return 'The access token is not valid.';
  }
  // The keys could not be fetched, say: the server's fault, not the token's (500, to onError).
  return undefined;
}

/**
 * Make an `authorize` hook for `createHttpHandler` that accepts JWT access tokens of one
 * authorization server, issued for this server. No token: 401; a token that is not valid, has
 * expired, or was issued by another server or for another resource: 401 `invalid_token`; a valid
 * token without `requiredScopes`: 403 `insufficient_scope`. Otherwise the caller, whose `scopes`
 * the handler grants to the request.
 *
 * @example
 * ```ts
 * const authorize = jwtAuthorizer({
 *   issuer: 'https://auth.example.com',
 *   jwksUri: 'https://auth.example.com/.well-known/jwks.json',
 *   resource: 'https://mcp.example.com/mcp',
 * });
 * createHttpHandler(makeServer, { authorize, resourceMetadata: metadata });
 * ```
 */
export function jwtAuthorizer(options: JwtOptions) {
  const { issuer, resource, requiredScopes = [] } = options;
  const algorithms = options.algorithms ?? ['RS256', 'PS256', 'ES256', 'EdDSA'];
  // Fetched when first needed, kept, and fetched again for a key it does not know (rotation).
  const keys = createRemoteJWKSet(new URL(options.jwksUri));
  return async (request: HttpRequest): Promise<AccessToken | Refusal> => {
    const token = bearerToken(request.headers);
    if (token === undefined) return unauthorized('An access token is required.');
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        issuer,
        audience: resource,
        algorithms,
        requiredClaims: ['exp'],
      }));
    } catch (error) {
      const why = reason(error);
      if (why === undefined) throw error;
      return unauthorized(why, { error: 'invalid_token', description: why });
    }
    const scopes = scopesOf(payload);
    const missing = requiredScopes.filter((scope) => !scopes.includes(scope));
    if (missing.length > 0) {
      return forbidden(`The access token lacks the scopes ${missing.join(', ')}.`, {
        error: 'insufficient_scope',
        scope: requiredScopes.join(' '),
      });
    }
    const clientId = payload.client_id ?? payload.azp;
    return {
      subject: payload.sub,
      clientId: typeof clientId === 'string' ? clientId : undefined,
      scopes,
      expiresAt: payload.exp!,
    };
  };
}

/**
 * Find an authorization server's `jwks_uri` in its metadata: RFC 8414's, then OpenID Connect's.
 *
 * @param issuer - Its issuer URL.
 * @returns The URL of its keys.
 * @throws Error - When neither document is served, or names no keys.
 */
export async function discoverJwksUri(issuer: string): Promise<string> {
  const { origin, pathname } = new URL(issuer);
  const path = pathname === '/' ? '' : pathname;
  for (const url of [
    `${origin}/.well-known/oauth-authorization-server${path}`,
    `${origin}/.well-known/openid-configuration${path}`,
    `${origin}${path}/.well-known/openid-configuration`,
  ]) {
    const response = await fetch(url, { headers: { accept: 'application/json' } });
    if (!response.ok) {
      await response.body?.cancel();
      continue;
    }
    const metadata = (await response.json()) as { issuer?: unknown; jwks_uri?: unknown };
    if (metadata.issuer === issuer && typeof metadata.jwks_uri === 'string') {
      return metadata.jwks_uri;
    }
  }
  throw new Error(`${issuer} publishes no metadata that names its keys (jwks_uri).`);
}
