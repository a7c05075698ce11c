/**
 * The plain HTTP handler of stateless Streamable HTTP: a plain request in, a plain response out. Every check that can refuse a request runs before a server is created, so a
 * server can be made per request, scoped to its caller.
 *
 * @module
 */
import {
  challengeOf,
  isRefusal,
  type Refusal,
  type ResourceMetadataLink,
  scopesOf,
} from './auth.js';
import { type CorsOptions, corsAllows, corsPolicy, withCors } from './cors.js';
import { type HttpHeaders, header } from './headers.js';
import { answerJson, once, refuse, serialize, stringify } from './http-answer.js';
import {
  acceptsEventStream,
  acceptsJson,
  checkedKeepAlive,
  checkedLimit,
  DEFAULT_MAX_BODY_BYTES,
  hostAllowed,
  hostCheck,
  isJsonMediaType,
  originHost,
  parse,
} from './http-rules.js';
import { ErrorCode, HANDLE_NOW, utf8Length } from './jsonrpc.js';
import type { RequestContext } from './routing.js';
import type { HandleResult, MCPServerBase } from './server-base.js';
import { DEFAULT_KEEP_ALIVE_MS, EventStream, SSE_HEADERS, sseEvent } from './sse.js';
import type { JSONRPCNotification, JSONRPCResponse } from './types.js';

export { DEFAULT_MAX_BODY_BYTES };

/** The hosts a server answers by default: this machine only. */
export const LOCAL_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

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
   * The hosts the server answers, for protection against DNS rebinding: the `Host` header, and the
   * `Origin` header when a browser sends one, must name one of them (an `Origin` may instead be one
   * of `cors.origins`), or the request is refused with 403. An entry is a host name (any port), or
   * `host:port`; IPv6 in brackets. Default {@link LOCAL_HOSTS}. `['*']` turns the protection off:
   * do so only behind a proxy that checks.
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
   * origin, with `Vary: Origin`) and exposes `WWW-Authenticate`, `Mcp-Session-Id` and
   * `MCP-Protocol-Version`. A listed origin passes the `Origin` check whatever `allowedHosts` says;
   * the `Host` check still applies. Any other origin is refused as before, its preflight with 403.
   * Without this option, no CORS header is sent and an `OPTIONS` is answered 405.
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
   * A client that accepts only JSON gets JSON, its notifications dropped. An answer whose status
   * is not 200 (a refusal, a 2026-07-28 404) is JSON: a status is settled before any event.
   */
  responseMode?: 'auto' | 'sse' | 'json';
  /**
   * How often an SSE answer that has nothing to send sends a comment, so that proxies do not
   * close it, in milliseconds; 0 for never. Default {@link DEFAULT_KEEP_ALIVE_MS}.
   */
  keepAliveMs?: number;
}

/** A plain HTTP handler made by {@link createHttpHandler}: its promise never rejects. */
export interface HttpHandler {
  (request: HttpRequest): Promise<HttpResponse>;
  /** The largest body it serves, in bytes: an adapter reads no more than one byte past it. */
  readonly maxBodyBytes: number;
}

// What handle() learns of an HTTP request. A class, not an object literal: the signal is read
// through a getter, only by a request it can cancel, and V8 builds a literal with a getter slowly.
class HttpContext implements RequestContext {
  readonly headers: HttpHeaders;
  /** Who may cancel a handshake-era request by its id: the holder of the same credentials. */
  readonly caller: string | undefined;
  readonly grantedScopes: readonly string[] | undefined;
  notify?: RequestContext['notify'];
  readonly #request: HttpRequest;

  constructor(request: HttpRequest, principal: unknown) {
    this.#request = request;
    this.headers = request.headers;
    this.caller = header(request.headers, 'authorization');
    this.grantedScopes = scopesOf(principal);
  }

  get signal(): AbortSignal | undefined {
    return this.#request.signal;
  }
}

function logToConsole(error: unknown): void {
  console.error('mcp-protocol-core: a request failed:', error);
}

function report(
  onError: NonNullable<HttpOptions<unknown>['onError']>,
  error: unknown,
  request: HttpRequest,
) {
  try {
    const pending: unknown = onError(error, request);
    // An async hook that rejects must not become an unhandled rejection.
    if (pending instanceof Promise) pending.catch(() => {});
  } catch {
    // Nowhere left to report it.
  }
}

// A streaming answer under way: its stream and response once a notification starts them, and
// while its answer is awaited, what hands the response over.
interface Streaming {
  stream: EventStream | undefined;
  response: HttpResponse | undefined;
  settle: ((response: HttpResponse) => void) | undefined;
}

// What sends a request's notifications: the first starts the stream, and answers with it.
function notifier(
  server: MCPServerBase,
  state: Streaming,
  keepAliveMs: number,
): (notification: JSONRPCNotification) => void {
  return (notification) => {
    const json = stringify(notification, server);
    if (json === undefined) return;
    if (state.stream === undefined) {
      state.stream = new EventStream(keepAliveMs);
      state.response = { status: 200, headers: { ...SSE_HEADERS }, body: state.stream };
      state.settle?.(state.response);
    }
    state.stream.push(sseEvent(json));
  };
}

// A server's answer, at once when it is known at once; through handle() for a server of another
// copy of the library that has no such entry.
function handleNow(
  server: MCPServerBase,
  payload: unknown,
  context: RequestContext,
): HandleResult | Promise<HandleResult> {
  const now = (server as Partial<Pick<MCPServerBase, typeof HANDLE_NOW>>)[HANDLE_NOW];
  return typeof now === 'function'
    ? now.call(server, payload, context)
    : server.handle(payload, context);
}

/**
 * Make the HTTP handler of an MCP endpoint: stateless Streamable HTTP. A plain
 * function of a plain request, for any HTTP stack; {@link createFetchHandler} wraps it for web
 * `Request`s.
 *
 * Refused before a server is created, each with a JSON-RPC error body of id `null`: a method other
 * than POST (405, `Allow: POST`); a `Host` or `Origin` not allowed (403); a `Content-Type` other
 * than `application/json` (415); an `Accept` that excludes JSON (406); a body over `maxBodyBytes`
 * (413); an unsupported `MCP-Protocol-Version` (400, -32022); a refusal of `authorize` (401, 403); a
 * body that is not JSON (400, -32700); a batch under a protocol version other than 2025-03-26
 * (400, -32600). Then the server is made, with the caller, and answers: 200 with JSON, 202 with
 * no body when nothing is owed, or an error status for a message it cannot accept (400 for one
 * that is not a JSON-RPC request or notification, -32600; in a batch, 200 with the errors in the
 * array). A request whose method sends notifications (progress, log messages) is answered with
 * SSE when its client accepts it: see `responseMode`. The request's `signal` reaches the method:
 * a 2026-07-28 client that goes away cancels it. What the server factory or `authorize` throws is
 * answered 500, -32603, and handed to `onError`: the handler's promise never rejects. No session
 * id is ever issued.
 *
 * @param createServer - Makes the server for one request, e.g. scoped to the caller.
 * @param options - Limits, allowed hosts, authorization, and the error hook.
 * @returns The handler, whose `maxBodyBytes` property an adapter reads.
 * @throws TypeError - When `maxBodyBytes` is not a number of bytes, or `cors` not valid.
 *
 * @example
 * ```ts
 * const mcp = createHttpHandler(() => new NotesServer());
 * const response = await mcp({
 *   method: 'POST',
 *   headers: { host: 'localhost:3000', 'content-type': 'application/json' },
 *   body: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
 * });
 * //=> { status: 200, headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"result":{}}' }
 * ```
 */
export function createHttpHandler<Principal = unknown>(
  createServer: (context: ServerContext<Principal>) => MCPServerBase,
  options: HttpOptions<Principal> = {},
): HttpHandler {
  const maxBodyBytes = checkedLimit(options.maxBodyBytes);
  const cors = corsPolicy(options.cors);
  const allowed = new Set((options.allowedHosts ?? LOCAL_HOSTS).map((host) => host.toLowerCase()));
  const { authorize, onError = logToConsole, resourceMetadata, responseMode = 'auto' } = options;
  const keepAliveMs = checkedKeepAlive(options.keepAliveMs);
  const hostIsAllowed = hostCheck(allowed);

  // The response or the first notification, whichever comes first: a response first is answered
  // as JSON (`auto`), with its own status; a notification first commits to SSE, its stream made
  // then. Until one comes, nothing is allocated but the promise that waits for it: no race.
  // The answer of a client that accepts a stream: JSON, unless a notification comes first. The
  // closure kept on the context (notify) holds the stream's state only, not the request: an engine
  // may keep a handled request's closures a while, and the request holds the runtime's own.
  function answerStreaming(
    server: MCPServerBase,
    payload: unknown,
    context: RequestContext,
    request: HttpRequest,
  ): HttpResponse | Promise<HttpResponse> {
    const state: Streaming = { stream: undefined, response: undefined, settle: undefined };
    context.notify = notifier(server, state, keepAliveMs);
    let answering: HandleResult | Promise<HandleResult>;
    try {
      answering = handleNow(server, payload, context);
    } catch (error) {
      return streamFailed(state, error, request);
    }
    // Answered at once (its notifications, if any, already queued): no promise, no turn.
    if (!(answering instanceof Promise)) {
      return streamAnswered(state, server, payload, answering, request);
    }
    request.waitUntil?.(answering);
    return new Promise<HttpResponse>((resolve) => {
      if (state.response !== undefined) resolve(state.response);
      else state.settle = resolve;
      // Resolved already when the stream started: a second resolve changes nothing.
      answering.then(
        (answer) => resolve(streamAnswered(state, server, payload, answer, request)),
        (error: unknown) => resolve(streamFailed(state, error, request)),
      );
    });
  }

  function streamAnswered(
    state: Streaming,
    server: MCPServerBase,
    payload: unknown,
    answer: HandleResult,
    request: HttpRequest,
  ): HttpResponse {
    const { stream } = state;
    if (stream === undefined) return jsonOrEvent(server, payload, answer ?? undefined, request);
    if (answer !== undefined) stream.push(sseEvent(serialize(answer, server)));
    stream.end();
    return state.response!;
  }

  function streamFailed(state: Streaming, error: unknown, request: HttpRequest): HttpResponse {
    report(onError, error, request);
    if (state.stream === undefined) return refuse(500, ErrorCode.InternalError, 'Internal error');
    state.stream.end();
    return state.response!;
  }

  // The answer of a request that sent no notification: JSON, or in `sse` mode one event.
  function jsonOrEvent(
    server: MCPServerBase,
    payload: unknown,
    answer: JSONRPCResponse | JSONRPCResponse[] | undefined,
    request: HttpRequest,
  ): HttpResponse {
    try {
      const response = answerJson(server, payload, answer, resourceMetadata);
      if (responseMode === 'auto' || response.status !== 200) return response;
      return {
        status: 200,
        headers: { ...SSE_HEADERS },
        body: once(sseEvent(response.body as string)),
      };
    } catch (error) {
      report(onError, error, request);
      return refuse(500, ErrorCode.InternalError, 'Internal error');
    }
  }

  // An answer, never a rejected promise, whatever the factory, `authorize` or a stack's odd request
  // does; without a promise of its own when the server answers at once.
  const answer = (request: HttpRequest): Promise<HttpResponse> => {
    let response: HttpResponse | Promise<HttpResponse>;
    try {
      response = answerNow(request);
    } catch (error) {
      response = failedRequest(error, request);
    }
    return response instanceof Promise
      ? response.then(undefined, (error: unknown) => failedRequest(error, request))
      : Promise.resolve(response);
  };

  function failedRequest(error: unknown, request: HttpRequest): HttpResponse {
    report(onError, error, request);
    return refuse(500, ErrorCode.InternalError, 'Internal error');
  }

  function answerNow(request: HttpRequest): HttpResponse | Promise<HttpResponse> {
    const { headers, body, method } = request;
    // Methods are case-sensitive (RFC 9110), but some stacks hand them over as they came.
    if (method !== 'POST' && method.toUpperCase() !== 'POST') {
      return refuse(405, ErrorCode.InvalidRequest, 'This endpoint serves POST only.', {
        allow: 'POST',
      });
    }
    if (!hostIsAllowed(header(headers, 'host'))) {
      return refuse(403, ErrorCode.InvalidRequest, 'This host is not allowed.');
    }
    const origin = header(headers, 'origin');
    if (
      origin !== undefined &&
      !hostAllowed(originHost(origin), allowed) &&
      !corsAllows(cors, origin)
    ) {
      return refuse(403, ErrorCode.InvalidRequest, 'This origin is not allowed.');
    }
    if (!isJsonMediaType(header(headers, 'content-type'))) {
      return refuse(415, ErrorCode.InvalidRequest, 'Content-Type must be application/json.');
    }
    const accept = header(headers, 'accept');
    if (!acceptsJson(accept)) {
      return refuse(406, ErrorCode.InvalidRequest, 'Accept must admit application/json.');
    }
    const size =
      body === undefined ? 0 : typeof body === 'string' ? utf8Length(body) : body.byteLength;
    if (size > maxBodyBytes) {
      return refuse(
        413,
        ErrorCode.InvalidRequest,
        `The body is larger than ${maxBodyBytes} bytes.`,
      );
    }
    if (authorize === undefined) return answerAllowed(request, undefined as Principal, accept);
    return Promise.resolve(authorize(request)).then((decision) => {
      if (!isRefusal(decision)) return answerAllowed(request, decision, accept);
      const challenge = challengeOf(decision, headers, resourceMetadata);
      const extra = challenge === undefined ? undefined : { 'www-authenticate': challenge };
      return refuse(decision.status, ErrorCode.InvalidRequest, decision.message, extra);
    });
  }

  // A request the rules and `authorize` let through: parsed, and answered by its server.
  function answerAllowed(
    request: HttpRequest,
    principal: Principal,
    accept: string | undefined,
  ): HttpResponse | Promise<HttpResponse> {
    const parsed = parse(request.body);
    if (!parsed.ok) return refuse(400, ErrorCode.ParseError, 'The body is not valid JSON.');
    const payload = parsed.value;
    const server = createServer({ request, principal });
    const context = new HttpContext(request, principal);
    if (responseMode !== 'json' && acceptsEventStream(accept)) {
      return answerStreaming(server, payload, context, request);
    }
    const answering = handleNow(server, payload, context);
    if (!(answering instanceof Promise)) {
      return answerJson(server, payload, answering, resourceMetadata);
    }
    request.waitUntil?.(answering);
    return answering.then((answered) => answerJson(server, payload, answered, resourceMetadata));
  }
  const handler = withCors(cors, answer);
  Object.defineProperty(handler, 'maxBodyBytes', { value: maxBodyBytes, enumerable: true });
  return handler as HttpHandler;
}
