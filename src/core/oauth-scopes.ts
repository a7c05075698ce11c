/**
 * OAuth scopes in the core: what a request's access token grants it, and what a tool, a prompt, a
 * resource or a template requires. A definition whose scopes a request lacks is left out of that
 * request's lists, and its use is refused with {@link InsufficientScopeError}, which the HTTP layer
 * answers with 403 and a `WWW-Authenticate: Bearer error="insufficient_scope"` challenge, so that
 * the client can ask its authorization server for more (the step-up flow).
 *
 * @module
 */

import { ErrorCode } from '../jsonrpc.js';
import type { JSONRPCError, RequestId } from '../wire/types.js';
import { ProtocolError } from './errors.js';
import type { RequestScope } from './request-scope.js';

// RFC 6749 §3.3: scope-token = 1*( %x21 / %x23-5B / %x5D-7E ); no space, quote or backslash, so
// that a scope fits a challenge's quoted string as it is.
const SCOPE_TOKEN = /^[\x21\x23-\x5b\x5d-\x7e]+$/;

/**
 * Whether a value is an OAuth scope (RFC 6749 §3.3): visible ASCII, without space, `"` or `\`.
 *
 * @param value - Anything.
 * @returns True for a scope, e.g. `files:read`.
 */
export function isScope(value: unknown): value is string {
  return typeof value === 'string' && SCOPE_TOKEN.test(value);
}

/**
 * Check the `requiredScopes` of a definition, where it is defined.
 *
 * @param scopes - The definition's `requiredScopes`.
 * @returns The problem, as a sentence, or `undefined` when they are scopes, or left out.
 */
export function scopesProblem(scopes: unknown): string | undefined {
  return scopes === undefined || (Array.isArray(scopes) && scopes.every(isScope))
    ? undefined
    : 'requiredScopes must be an array of OAuth scopes (visible ASCII, without space, quote or backslash)';
}

/**
 * A scope list with every scope the ones granted imply, for an `authorize` hook (or a test): MCP
 * servers "MUST account for scope hierarchies, where a broader scope implies narrower ones".
 *
 * @param granted - The scopes of the access token.
 * @param implies - What each scope implies, e.g. `{ 'notes:admin': ['notes:write'], 'notes:write':
 * ['notes:read'] }`; followed to its end.
 * @returns The granted scopes, then those they imply, each once.
 *
 * @example
 * ```ts
 * const implies = { 'notes:admin': ['notes:write'], 'notes:write': ['notes:read'] };
 * withImpliedScopes(['notes:admin'], implies); //=> ['notes:admin', 'notes:write', 'notes:read']
 * ```
 */
export function withImpliedScopes(
  granted: Iterable<string>,
  implies: Readonly<Record<string, readonly string[]>>,
): string[] {
  const scopes = new Set(granted);
  // A Set visits what is added while it is iterated: the hierarchy is followed to its end.
  for (const scope of scopes) {
    if (Object.hasOwn(implies, scope)) for (const implied of implies[scope]!) scopes.add(implied);
  }
  return [...scopes];
}

// The requests whose answer depends on the scopes they were granted: their 2026-07-28 cache hint is
// private, whatever the server's option says.
const forCaller = new WeakSet<object>();

/**
 * Whether a request's answer depends on the scopes it was granted (a list that leaves out what
 * the caller may not use): its 2026-07-28 `cacheScope` is then `private`.
 *
 * @param scope - The request's scope.
 * @returns True when the answer is the caller's own.
 */
export function answersForCaller(scope: object): boolean {
  return forCaller.has(scope);
}

/**
 * Whether a request may see and use a definition: it is granted every scope the definition
 * requires. A definition that requires any makes the request's answer its caller's own (a
 * 2026-07-28 list is then `cacheScope: "private"`), granted or not: another caller may see another
 * list.
 *
 * @param scope - The request's scope, with its granted scopes.
 * @param required - The definition's `requiredScopes`.
 * @returns True when nothing is required, or all of it is granted.
 */
export function isGranted(
  scope: Pick<RequestScope, 'grantedScopes'>,
  required: readonly string[] | undefined,
): boolean {
  if (required === undefined || required.length === 0) return true;
  forCaller.add(scope);
  const granted = scope.grantedScopes;
  return required.every((needed) => granted.includes(needed));
}

const REQUIRED_SCOPES = Symbol.for('mcp-protocol-core.requiredScopes');

/**
 * A request refused because its access token lacks scopes that a tool, prompt, resource or
 * template requires: a JSON-RPC -32600 error with `data: { requiredScopes }`, sent over HTTP with
 * status 403 and `WWW-Authenticate: Bearer error="insufficient_scope", scope="…"`, the scopes the
 * operation needs, all of them (MCP authorization, "Scope Challenge Handling").
 *
 * @example
 * ```ts
 * throw new InsufficientScopeError('delete_note', ['notes:write']);
 * ```
 */
export class InsufficientScopeError extends ProtocolError {
  override name = 'InsufficientScopeError';
  /** Every scope the operation needs, not only those the token lacks. */
  readonly requiredScopes: readonly string[];

  /**
   * @param what - What was refused, e.g. a tool's name, for the message.
   * @param requiredScopes - The scopes it needs.
   */
  constructor(what: string, requiredScopes: readonly string[]) {
    const plural = requiredScopes.length === 1 ? 'scope' : 'scopes';
    super(
      ErrorCode.InvalidRequest,
      `${what} needs the ${plural} ${requiredScopes.join(', ')}.`,
      { requiredScopes },
      403,
    );
    this.requiredScopes = requiredScopes;
  }

  /**
   * The JSON-RPC error response, marked with the scopes for the HTTP layer's challenge.
   *
   * @param id - The id of the request refused.
   * @returns The error response.
   */
  override toResponse(id: RequestId | null): JSONRPCError {
    const response = super.toResponse(id);
    Object.defineProperty(response, REQUIRED_SCOPES, { value: this.requiredScopes });
    return response;
  }
}

/**
 * Refuse a request that is not granted every scope a definition requires.
 *
 * @param scope - The request's scope.
 * @param required - The definition's `requiredScopes`.
 * @param what - What is refused, for the message, e.g. the tool's name.
 * @throws InsufficientScopeError - When a scope is missing.
 */
export function requireScopes(
  scope: Pick<RequestScope, 'grantedScopes'>,
  required: readonly string[] | undefined,
  what: string,
): void {
  if (!isGranted(scope, required)) throw new InsufficientScopeError(what, required!);
}

/**
 * The scopes an answer was refused for, as {@link InsufficientScopeError} marks it, for the HTTP
 * layer's 403 challenge.
 *
 * @param response - An answer of `handle()`.
 * @returns The scopes, or `undefined` for any other answer.
 */
export function requiredScopesOf(response: object): readonly string[] | undefined {
  return (response as { [REQUIRED_SCOPES]?: readonly string[] })[REQUIRED_SCOPES];
}
