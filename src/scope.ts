/**
 * The scope of one request: what every method, and every tool, resource or prompt it runs, knows
 * of the request it answers.
 *
 * @module
 */
import type { HttpHeaders } from './headers.js';
import type { Era } from './protocol-versions.js';
import type { ClientCapabilities, Implementation } from './types.js';

/** The time a tool call may take by default: 30 s, under the minute clients commonly wait. */
export const DEFAULT_TOOL_TIMEOUT_MS = 30_000;

// A scope's controller, made for a request that asks for its signal or runs out of time only.
const controllers = new WeakMap<RequestScope, AbortController>();
function controllerOf(scope: RequestScope): AbortController {
  let controller = controllers.get(scope);
  if (controller === undefined) {
    controller = new AbortController();
    controllers.set(scope, controller);
  }
  return controller;
}

/**
 * One request's scope: its era and version, what its client declared, its HTTP headers, and a
 * signal that aborts when its work should stop. Made once per request, by the server; a test may
 * make one to call a tool directly.
 *
 * @example
 * ```ts
 * run({ url }, scope) {
 *   if (scope.era === 'modern') ... // 2026-07-28
 *   return fetch(url, { signal: scope.signal }).then((response) => response.text());
 * }
 * ```
 */
export class RequestScope {
  // Declared, not defined, as the server's options are: a scope is made for every request.
  /** The era the request came in. */
  declare readonly era: Era;
  /** Its protocol version: 2026-07-28's `_meta` one, or the handshake era's header, when known. */
  declare readonly protocolVersion: string | undefined;
  /** The capabilities its client declares (2026-07-28, per request). */
  declare readonly clientCapabilities: ClientCapabilities | undefined;
  /** Who its client says it is (2026-07-28, when sent): for logs, never for decisions. */
  declare readonly clientInfo: Implementation | undefined;
  /** Its HTTP headers, when it came over HTTP. */
  declare readonly headers: HttpHeaders | undefined;
  /** The most milliseconds a tool call may take, unless the tool sets its own `timeoutMs`. */
  declare timeoutMs: number;

  /**
   * @param era - The request's era; the handshake era's by default.
   * @param protocolVersion - Its protocol version, when known.
   * @param clientCapabilities - What its client declares (2026-07-28).
   * @param clientInfo - Who its client says it is (2026-07-28).
   * @param headers - Its HTTP headers, when it came over HTTP.
   */
  constructor(
    era: Era = 'handshake',
    protocolVersion?: string,
    clientCapabilities?: ClientCapabilities,
    clientInfo?: Implementation,
    headers?: HttpHeaders,
  ) {
    this.era = era;
    this.protocolVersion = protocolVersion;
    this.clientCapabilities = clientCapabilities;
    this.clientInfo = clientInfo;
    this.headers = headers;
    this.timeoutMs = DEFAULT_TOOL_TIMEOUT_MS;
  }

  /**
   * Aborts when the request's work should stop (a tool call past its time): pass it to `fetch()`
   * and the like. Made on first use: a method that never asks pays nothing for it.
   */
  get signal(): AbortSignal {
    return controllerOf(this).signal;
  }

  /** @internal Abort the request's signal. */
  abort(reason: unknown): void {
    controllerOf(this).abort(reason);
  }
}
