/**
 * What the HTTP layer speaks: a plain request, a plain response, the handler, and its options.
 *
 * @module
 */

import type { HttpHeaders } from '../wire/http-headers.js';
import type { Refusal, ResourceMetadataLink } from './authorization.js';

/** An HTTP request, as any HTTP stack can describe it. */
export interface HttpRequest {
  /** The HTTP method, e.g. `POST`. */
  method: string;
  /** The request's path and query, e.g. `/mcp?repository=docs`, or its whole URL. */
  url?: string | undefined;
  /** The request's headers. */
  headers: HttpHeaders;
  /** The body: text, or bytes to decode as UTF-8. */
  body?: string | Uint8Array | undefined;
  /**
   * Aborts when the client goes away, as the adapter learns it from its stack. A 2026-07-28
   * request is then cancelled; a handshake-era one runs on, as its specification wants. Read only
   * by a request that it can cancel, after the body has been read: an adapter whose signals are
   * costly may make it in a getter, aborted at once if the client is already gone.
   */
  signal?: AbortSignal | undefined;
  /**
   * Keeps the request's work alive after its answer has gone, where the runtime would stop it
   * when the client goes away (Cloudflare Workers' `ctx.waitUntil`): the handler hands it the
   * promise of that work, so that a handshake-era request runs on there too. Not called when the
   * work was done at once: nothing is left to keep.
   */
  waitUntil?: ((work: Promise<unknown>) => void) | undefined;
}

/** An HTTP response, for any HTTP stack to send. */
export interface HttpResponse {
  /** The status, e.g. 200, or 202 when nothing is owed. */
  status: number;
  /** The response's headers, by lower-case name. */
  headers: Record<string, string>;
  /**
   * The body: JSON text; or, for an SSE answer (`content-type: text/event-stream`), its events as
   * they happen, each chunk (one or more whole events) to be written and flushed as it comes,
   * ending after the response. An adapter that stops reading early (the client went away) calls
   * its `return()`. Absent when there is none.
   */
  body?: string | AsyncIterable<string>;
}

/** What the server factory receives. */
export interface ServerContext<Principal> {
  /** The HTTP request. */
  request: HttpRequest;
  /** The caller, as `authorize` returned it; `undefined` without `authorize`. */
  principal: Principal;
}

/** Options of {@link createHttpHandler}. */
export interface HttpOptions<Principal> {
  /**
   * The largest body served, in bytes, checked before parsing: a larger one is refused with 413.
   * The handler carries it as its `maxBodyBytes` property, where an adapter reads it, to stop
   * reading one byte past it: set here, it is the only limit. Default
   * {@link DEFAULT_MAX_BODY_BYTES}.
   */
  maxBodyBytes?: number;
  /**
   * The hosts the server answers, for protection against DNS rebinding: the `Host` header must
   * name one of them, and the `Origin` header, when a browser sends one, must be the server's own
   * (an `http` or `https` origin of the `Host`'s very host and port, a port left out being the
   * scheme's default) or one of `cors.origins`, or the request is refused with 403: a page on
   * `http://localhost:9999` does not call a server on `localhost:3000`. An entry is a host name
   * (any port), or `host:port`; IPv6 in brackets. Default {@link LOCAL_HOSTS}. `['*']` turns both
   * checks off: do so only behind a proxy that checks.
   *
   * @example
   * ```ts
   * createHttpHandler(makeServer, { allowedHosts: ['mcp.example.com', 'localhost'] });
   * ```
   */
  allowedHosts?: readonly string[];
  /**
   * Serve browser pages of other origins (CORS): the origins listed may call the endpoint with
   * `fetch`. Their preflight (`OPTIONS`) is answered 204 with `Access-Control-Allow-Methods: POST`,
   * the protocol's request headers (each `Mcp-Param-*` the preflight asks for included), and
   * `Access-Control-Max-Age`; every answer to them carries `Access-Control-Allow-Origin` (their
   * origin) and exposes `WWW-Authenticate`, `Mcp-Session-Id` and `MCP-Protocol-Version`. Every
   * answer of the handler, to any origin or none, refusals and preflights included, says
   * `Vary: Origin`, so that a cache never hands one origin's answer to another. A listed origin
   * passes the `Origin` check whatever `allowedHosts` says; the `Host` check still applies. Any
   * other origin is refused as before, its preflight with 403. Without this option, no CORS header
   * is sent and an `OPTIONS` is answered 405.
   *
   * @example
   * ```ts
   * // The MCP Inspector's web UI, connecting directly.
   * createHttpHandler(makeServer, { cors: { origins: ['http://localhost:6274'] } });
   * ```
   */
  cors?: CorsOptions | undefined;
  /**
   * Decide who is calling, before a server is created: return the caller (any value but a
   * refusal), handed to the server factory as `principal`; or {@link unauthorized} (401: no
   * token, or one that is invalid or expired) or {@link forbidden} (403: a known caller without
   * the right) to refuse the request. What it throws is answered 500 and goes to `onError`.
   *
   * @example
   * ```ts
   * authorize: async (request) => {
   *   const token = bearerToken(request.headers);
   *   if (token === undefined) return unauthorized();
   *   const user = await users.byToken(token);
   *   if (user === undefined) return unauthorized('The token is not valid.', { error: 'invalid_token' });
   *   return user.staff ? user : forbidden('Staff only.');
   * }
   * ```
   */
  authorize?: (request: HttpRequest) => Principal | Refusal | Promise<Principal | Refusal>;
  /**
   * Where this endpoint's protected resource metadata is (RFC 9728), e.g. what
   * `protectedResourceMetadata()` returns: every 401, and every 403 for scopes, then names it
   * as `resource_metadata`, and a 401 that names no scope asks for its `scopes`. A principal with
   * `scopes` (an array of strings) is granted those: a tool, prompt or resource that requires
   * others is not listed, and its use is answered 403 `insufficient_scope`.
   */
  resourceMetadata?: ResourceMetadataLink;
  /**
   * The logger hook of the HTTP layer: called with what the server factory or `authorize` threw
   * (or rejected with), or anything else that failed outside a method, whose request is answered
   * 500 with a JSON-RPC -32603 error and no detail. What the hook throws is dropped. Errors inside
   * a method go to the server's own `logError`. Default: `console.error`.
   *
   * @example
   * ```ts
   * createHttpHandler(makeServer, { onError: (error, request) => logger.error({ error, url: request.url }) });
   * ```
   */
  onError?: (error: unknown, request: HttpRequest) => void;
  /**
   * How a request is answered when its client accepts both JSON and an event stream, as MCP
   * clients do:
   * - `auto` (the default): JSON, unless the method sends a notification (progress, a log
   *   message) before its result; then an SSE answer carrying the notifications in order and the
   *   response last.
   * - `sse`: an SSE answer whenever the response is a 200, even with no notification.
   * - `json`: always JSON; notifications are dropped.
   *
   * A client that accepts only JSON gets JSON, its notifications dropped. A status is settled by
   * the first event: an answer whose status is not 200 (a refusal, a 2026-07-28 400 or 404, a 403
   * for scopes) is JSON when it comes before any notification; after one, it goes in the 200
   * stream, and the server's `logError()` is told. What a tool declares (`requiredScopes`,
   * `requiredClientCapabilities`) is checked before it runs, and keeps its status.
   */
  responseMode?: 'auto' | 'sse' | 'json';
  /**
   * How often an SSE answer that has nothing to send sends a comment, so that proxies do not
   * close it, in milliseconds; 0 for never. Default {@link DEFAULT_KEEP_ALIVE_MS}.
   */
  keepAliveMs?: number;
  /**
   * The most an SSE answer holds for a client that does not read it as fast as its method sends,
   * in bytes: the adapter writes no more than the connection takes (honouring `write()`'s
   * `false`, or a stream's pull), and what waits is held here. Once this much waits unread:
   * - a progress notification replaces the one of the same token still waiting (a later one
   *   supersedes it: the client sees the latest);
   * - any other notification is dropped, and the count of those dropped is logged through the
   *   server's `logError` when the answer ends;
   * - the promise that `scope.progress()` and `scope.log()` return resolves only once the client
   *   has read: a method that awaits them waits for the client instead, and loses nothing, until
   *   its time limit;
   * - the response itself always goes out.
   *
   * Default {@link DEFAULT_MAX_BUFFERED_BYTES} (256 KiB).
   */
  maxBufferedBytes?: number;
}

/** A plain HTTP handler made by {@link createHttpHandler}: its promise never rejects. */
export interface HttpHandler {
  (request: HttpRequest): Promise<HttpResponse>;
  /** The largest body it serves, in bytes: an adapter reads no more than one byte past it. */
  readonly maxBodyBytes: number;
}

/**
 * The `cors` option of the HTTP handlers: the origins whose pages may call the endpoint from a
 * browser. A listed origin passes the `Origin` check as well, whatever `allowedHosts` says (the
 * `Host` check still applies); any other origin is refused as before, its preflight with 403.
 * Every answer of a handler with the option says `Vary: Origin`.
 */
export interface CorsOptions {
  /**
   * The origins allowed, each exactly as a browser sends it: scheme, host, and port unless it is
   * the scheme's default, e.g. `http://localhost:6274`. No wildcard: the MCP specification
   * requires refusing an `Origin` not allowed.
   */
  origins: readonly string[];
  /**
   * Request headers to allow besides the protocol's own (`content-type`, `accept`,
   * `authorization`, `mcp-protocol-version`, `mcp-method`, `mcp-name`, any `mcp-param-*`,
   * `mcp-session-id`, `last-event-id`), e.g. `['x-api-key']`.
   */
  allowHeaders?: readonly string[];
  /**
   * Response headers that pages may read besides `www-authenticate`, `mcp-session-id` and
   * `mcp-protocol-version`.
   */
  exposeHeaders?: readonly string[];
  /**
   * How long a browser may keep a preflight's answer, in seconds. Default 7200, Chromium's
   * ceiling.
   */
  maxAge?: number;
}
