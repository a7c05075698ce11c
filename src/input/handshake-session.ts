/**
 * What a handshake-era client declared in its `initialize`, carried to its later requests by the
 * `Mcp-Session-Id` that a server with `questions` answers `initialize` with: the client sends it
 * back on every request, to whichever replica, and no process keeps anything. A server may ask
 * only what was declared (the specification: only negotiated capabilities are used).
 *
 * The id is 128 random bits (unique, unguessable) and a few letters, one per capability. It
 * proves nothing and grants nothing: every request is authorized by its own credentials, and a
 * client that edits the letters changes only what it is asked.
 *
 * @module
 */
import { isObject } from '../jsonrpc.js';
import { type HttpHeaders, header } from '../wire/http-headers.js';
import type { ClientCapabilities } from '../wire/types.js';

// One letter per capability a question needs, in this order.
const FLAGS = {
  e: (caps: ClientCapabilities) => formOf(caps.elicitation),
  u: (caps: ClientCapabilities) => isObject(caps.elicitation) && isObject(caps.elicitation.url),
  s: (caps: ClientCapabilities) => isObject(caps.sampling),
  t: (caps: ClientCapabilities) => isObject(caps.sampling) && isObject(caps.sampling.tools),
  c: (caps: ClientCapabilities) => isObject(caps.sampling) && isObject(caps.sampling.context),
  r: (caps: ClientCapabilities) => isObject(caps.roots),
} as const;

const SESSION = /^m[A-Za-z0-9_-]{22}\.([eustcr]{0,6})$/;

// A bare `elicitation: {}` is form mode; a client that names its modes must name `form`.
function formOf(elicitation: unknown): boolean {
  return isObject(elicitation) && (!isObject(elicitation.url) || isObject(elicitation.form));
}

/**
 * The `Mcp-Session-Id` that carries a client's declared capabilities to its later requests.
 *
 * @param capabilities - `initialize`'s `params.capabilities`, as the client sent them.
 * @returns The session id: visible ASCII, as the specification requires.
 */
export function sessionFor(capabilities: unknown): string {
  const declared = (isObject(capabilities) ? capabilities : {}) as ClientCapabilities;
  const letters = Object.entries(FLAGS)
    .filter(([, has]) => has(declared))
    .map(([letter]) => letter)
    .join('');
  return `m${random128()}.${letters}`;
}

/** @internal 128 random bits, as 22 characters of base64url. */
export function random128(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .slice(0, 22);
}

/**
 * What a request's `Mcp-Session-Id` says its client declared, or `undefined` when it carries
 * none of ours (no header, or one of another shape): such a client is asked nothing.
 *
 * @param headers - The request's headers, lower-case.
 * @returns The capabilities that matter to questions.
 */
export function sessionCapabilities(
  headers: HttpHeaders | undefined,
): ClientCapabilities | undefined {
  const value = headers === undefined ? undefined : header(headers, 'mcp-session-id');
  const letters = value === undefined ? undefined : SESSION.exec(value.trim())?.[1];
  if (letters === undefined) return undefined;
  const has = (letter: keyof typeof FLAGS) => letters.includes(letter);
  const capabilities: ClientCapabilities = {};
  if (has('e') || has('u')) {
    capabilities.elicitation = { ...(has('e') && { form: {} }), ...(has('u') && { url: {} }) };
  }
  if (has('s')) {
    capabilities.sampling = { ...(has('t') && { tools: {} }), ...(has('c') && { context: {} }) };
  }
  if (has('r')) capabilities.roots = {};
  return capabilities;
}
