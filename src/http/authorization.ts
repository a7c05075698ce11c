/**
 * The MCP server as an OAuth 2.1 resource server, in the HTTP layer: the refusals an `authorize`
 * hook returns and their `WWW-Authenticate: Bearer` challenges (RFC 6750 §3), and the bearer token of
 * a request. Verifying a token stays the application's hook.
 *
 * @module
 */

import { requiredScopesOf } from '../core/oauth-scopes.js';
import { isObject } from '../jsonrpc.js';
import { authorizationHeader, type HttpHeaders } from '../wire/http-headers.js';

const REFUSAL = Symbol.for('mcp-protocol-core.Refusal');

/** An `authorize` hook's refusal: made by {@link unauthorized} or {@link forbidden}. */
export interface Refusal {
  /** The brand that {@link isRefusal} checks, shared by every copy of the library. */
  readonly [REFUSAL]: true;
  /** 401: no valid credentials, or a token that is invalid or expired; 403: not allowed. */
  readonly status: 401 | 403;
  /** One sentence for the client. */
  readonly message: string;
  /** The `WWW-Authenticate` header: a 401 always has one, `Bearer` when none is given. */
  readonly challenge?: string | undefined;
  /**
   * The challenge's parameters, which the HTTP layer completes with what it knows: the metadata
   * URL, the scopes, `invalid_token` for a token it refused.
   */
  readonly parameters?: Readonly<BearerChallenge> | undefined;
}

/**
 * The parameters of a `WWW-Authenticate: Bearer` challenge (RFC 6750 §3, RFC 9728 §5.1). Values
 * are visible ASCII; `error_description` may not hold `"` or `\`.
 */
export interface BearerChallenge {
  /**
   * Why the request fails: `invalid_token` for a token that is wrong, expired or revoked (401),
   * `insufficient_scope` for a valid one that lacks a scope (403), `invalid_request` for a
   * malformed request (400 in RFC 6750, 401 here). Left out when no token was sent.
   */
  error?: 'invalid_request' | 'invalid_token' | 'insufficient_scope' | (string & {});
  /** A sentence for the client's developer: `error_description`. */
  description?: string;
  /** The scopes the request needs, space-separated: `scope`. */
  scope?: string;
  /** The URL of the server's protected resource metadata, for discovery: `resource_metadata`. */
  resourceMetadata?: string;
}

const CHALLENGE_PARAMETERS = [
  ['error', 'error'],
  ['description', 'error_description'],
  ['scope', 'scope'],
  ['resourceMetadata', 'resource_metadata'],
] as const;

/**
 * Build a `WWW-Authenticate: Bearer` challenge from its parameters.
 *
 * @param parameters - The parameters, e.g. `{ error: 'invalid_token' }`.
 * @returns The header's value, e.g. `Bearer error="invalid_token"`; `Bearer` without parameters.
 * @throws TypeError - When a parameter holds characters a header cannot carry.
 */
export function bearerChallenge(parameters: BearerChallenge | undefined): string {
  const parts: string[] = [];
  for (const [key, name] of CHALLENGE_PARAMETERS) {
    const value = parameters?.[key];
    if (value === undefined) continue;
    if (!/^[\x20-\x7e]*$/.test(value) || (key === 'description' && /["\\]/.test(value))) {
      throw new TypeError(`WWW-Authenticate: ${name} has characters it may not carry.`);
    }
    parts.push(`${name}="${value.replace(/["\\]/g, '\\$&')}"`);
  }
  return parts.length === 0 ? 'Bearer' : `Bearer ${parts.join(', ')}`;
}

// The challenge is built when the refusal is made, so that a value a header cannot carry fails in
// `authorize`, where the handler catches it, never when the response is written.
function refusal(
  status: 401 | 403,
  message: string,
  parameters: BearerChallenge | undefined,
): Refusal {
  const challenge =
    parameters === undefined && status === 403 ? undefined : bearerChallenge(parameters);
  return {
    [REFUSAL]: true,
    status,
    message,
    challenge,
    parameters: parameters === undefined ? undefined : Object.freeze({ ...parameters }),
  };
}

/**
 * Refuse a request without valid credentials: 401, with `WWW-Authenticate: Bearer`. A request
 * with no token gets the bare challenge; one whose token is invalid or expired gets
 * `error: 'invalid_token'` (RFC 6750 §3.1), which tells the client to get a new token rather
 * than ask again with the same one. The HTTP layer adds `invalid_token` itself when the request
 * carried a bearer token and the refusal names no error, and the metadata URL and scopes of its
 * `resourceMetadata` option.
 *
 * @param message - One sentence for the client, in the JSON-RPC error.
 * @param challenge - The challenge's parameters, e.g. `{ error: 'invalid_token' }`.
 * @returns The refusal, for `authorize` to return.
 * @throws TypeError - When a parameter holds characters a header cannot carry.
 *
 * @example
 * ```ts
 * unauthorized('The token is not valid.', { error: 'invalid_token' });
 * //=> 401, WWW-Authenticate: Bearer error="invalid_token"
 * ```
 */
export function unauthorized(
  message = 'Authorization is required.',
  challenge?: BearerChallenge,
): Refusal {
  return refusal(401, message, challenge ?? {});
}

/**
 * Refuse a request whose caller is known but may not use this server: 403. A token that is
 * wrong or expired is not this case, but {@link unauthorized}'s.
 *
 * @param message - One sentence for the client, in the JSON-RPC error.
 * @param challenge - When given, sent as `WWW-Authenticate`, e.g.
 * `{ error: 'insufficient_scope', scope: 'staff' }` for a token without the scope it needs.
 * @returns The refusal, for `authorize` to return.
 * @throws TypeError - When a parameter holds characters a header cannot carry.
 */
export function forbidden(message = 'Access is denied.', challenge?: BearerChallenge): Refusal {
  return refusal(403, message, challenge);
}

/**
 * Whether a value is a {@link Refusal}, even one made by another copy of this library.
 *
 * @param value - What `authorize` returned.
 * @returns True for a refusal.
 */
export function isRefusal(value: unknown): value is Refusal {
  return (
    typeof value === 'object' && value !== null && (value as Partial<Refusal>)[REFUSAL] === true
  );
}

/**
 * The bearer token of a request's `Authorization` header, for an `authorize` hook.
 *
 * @param headers - The request's headers.
 * @returns The token, or `undefined` when there is none.
 */
export function bearerToken(headers: HttpHeaders): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorizationHeader(headers) ?? '');
  return match?.[1];
}

/**
 * Where an endpoint's protected resource metadata is, for the challenges of its HTTP handler:
 * what {@link protectedResourceMetadata} returns, or the same fields of a document served
 * elsewhere.
 */
export interface ResourceMetadataLink {
  /** The document's URL: the `resource_metadata` of every challenge. */
  readonly url: string;
  /**
   * The scopes a client asks for to use the server at all (`scopes_supported`): the `scope` of a
   * 401 that names none, and added to the scopes a 403 `insufficient_scope` names, so that a
   * client which replaces its scopes with the challenge's keeps those too.
   */
  readonly scopes?: readonly string[] | undefined;
}

// The scopes of a challenge: the ones given, and the server's own, each once.
function scopeList(...lists: (readonly string[] | undefined)[]): string | undefined {
  const scopes = new Set(lists.flatMap((list) => list ?? []));
  return scopes.size === 0 ? undefined : [...scopes].join(' ');
}

/**
 * @internal The `WWW-Authenticate` of an `authorize` refusal, completed with what the HTTP layer
 * knows: `invalid_token` for a refused bearer token, the metadata URL, the server's scopes.
 *
 * @param refused - The refusal.
 * @param headers - The request's headers.
 * @param link - The handler's `resourceMetadata` option.
 * @returns The header's value, or `undefined` for a 403 that challenges nothing.
 */
export function challengeOf(
  refused: Refusal,
  headers: HttpHeaders,
  link: ResourceMetadataLink | undefined,
): string | undefined {
  const given =
    refused.parameters ??
    // A refusal built by hand: its header as it is, and every 401 challenges (RFC 9110 section
    // 15.5.2).
    (refused.challenge !== undefined || refused.status === 403 ? undefined : {});
  if (given === undefined) return refused.challenge;
  const parameters = { ...given };
  const status = refused.status;
  if (status === 401 && parameters.error === undefined && bearerToken(headers) !== undefined) {
    parameters.error = 'invalid_token';
  }
  if (link !== undefined) {
    parameters.resourceMetadata ??= link.url;
    const scope = scopeList(link.scopes);
    if (scope !== undefined && (status === 401 || parameters.error === 'insufficient_scope')) {
      parameters.scope ??= scope;
    }
  }
  return bearerChallenge(parameters);
}

/**
 * @internal The `WWW-Authenticate` of an answer refused for scopes (`InsufficientScopeError`):
 * 403 `insufficient_scope` with every scope the operation needs (the server's own with them).
 *
 * @param answer - What `handle()` answered; a batch's answers are 200, and challenge nothing.
 * @param link - The handler's `resourceMetadata` option.
 * @returns The header, or `undefined` for any other answer.
 */
export function stepUpChallenge(
  answer: object | object[],
  link: ResourceMetadataLink | undefined,
): { 'www-authenticate': string } | undefined {
  const required = requiredScopesOf(answer);
  if (required === undefined) return undefined;
  const challenge: BearerChallenge = { error: 'insufficient_scope' };
  const scope = scopeList(link?.scopes, required);
  if (scope !== undefined) challenge.scope = scope;
  if (link !== undefined) challenge.resourceMetadata = link.url;
  return { 'www-authenticate': bearerChallenge(challenge) };
}

/**
 * @internal The scopes a request is granted: the `scopes` of `authorize`'s principal.
 *
 * @param principal - What `authorize` returned.
 * @returns Its scopes; `undefined` for a principal without `scopes`.
 * @throws TypeError - When `scopes` is not an array of strings.
 */
export function scopesOf(principal: unknown): readonly string[] | undefined {
  if (!isObject(principal) || principal.scopes === undefined) return undefined;
  const { scopes } = principal;
  if (!Array.isArray(scopes) || !scopes.every((scope) => typeof scope === 'string')) {
    throw new TypeError("The principal's scopes must be an array of strings.");
  }
  return scopes;
}
