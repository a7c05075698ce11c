/**
 * The plain HTTP handler of stateless Streamable HTTP: a plain request in, a plain response out. Every check that can refuse a request runs before a server is created, so a
 * server can be made per request, scoped to its caller.
 *
 * @module
 */

import type { HandleResult } from '../core/answering.js';
import type { RequestContext } from '../core/routing.js';
import { isModernVersion } from '../era/protocol-versions.js';
import { ErrorCode, HANDLE_NOW, httpStatusOf, isObject, utf8Length } from '../jsonrpc.js';
import type { MCPServerBase } from '../server-base.js';
import {
  acceptHeader,
  authorizationHeader,
  contentTypeHeader,
  type HttpHeaders,
  hostHeader,
  originHeader,
  versionHeader,
} from '../wire/http-headers.js';
import type { JSONRPCNotification, JSONRPCRequest, JSONRPCResponse } from '../wire/types.js';
import { challengeOf, isRefusal, scopesOf } from './authorization.js';
import { corsAllows, corsPolicy, withCors } from './cors.js';
import type {
  HttpHandler,
  HttpOptions,
  HttpRequest,
  HttpResponse,
  ServerContext,
} from './handler-types.js';
import { answerJson, once, refuse, serialize, stringify } from './plain-responses.js';
import {
  acceptsEventStream,
  acceptsJson,
  checkedKeepAlive,
  checkedLimit,
  DEFAULT_MAX_BODY_BYTES,
  hostCheck,
  isJsonMediaType,
  isSameOrigin,
  parse,
} from './request-rules.js';
import { DEFAULT_MAX_BUFFERED_BYTES, EventStream, SSE_HEADERS, sseEvent } from './sse.js';

export type { HttpHandler, HttpOptions, HttpRequest, HttpResponse, ServerContext };
export { DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_BUFFERED_BYTES };

/** The hosts a server answers by default: this machine only. */
export const LOCAL_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

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
    this.caller = authorizationHeader(request.headers);
    this.grantedScopes = scopesOf(principal);
  }

  get signal(): AbortSignal | undefined {
    return this.#request.signal;
  }

  waitUntil(work: Promise<unknown>): void {
    this.#request.waitUntil?.(work);
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
// Its promise, while the client does not read, resolves once it has: a sender may wait for it.
function notifier(
  server: MCPServerBase,
  state: Streaming,
  keepAliveMs: number,
  maxBufferedBytes: number,
): (message: JSONRPCNotification | JSONRPCRequest) => Promise<void> | undefined {
  return (notification) => {
    const json = stringify(notification, server);
    if (json === undefined) return;
    if (state.stream === undefined) {
      state.stream = new EventStream(keepAliveMs, maxBufferedBytes);
      state.response = { status: 200, headers: { ...SSE_HEADERS }, body: state.stream };
      state.settle?.(state.response);
    }
    const { method, params } = notification;
    const token = method === 'notifications/progress' ? params?.progressToken : undefined;
    return state.stream.push(sseEvent(json), token);
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
  const maxBufferedBytes = checkedLimit(
    options.maxBufferedBytes,
    'maxBufferedBytes',
    DEFAULT_MAX_BUFFERED_BYTES,
  );
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
    context.notify = notifier(server, state, keepAliveMs, maxBufferedBytes);
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
    if (answer !== undefined) {
      const status = Array.isArray(answer) ? undefined : httpStatusOf(answer);
      // Sent at 200 already, with the first notification: the status is lost. Said to the
      // developer, whose method can be refused before it runs instead.
      if (status !== undefined && status !== 200) {
        server.log(
          new Error(
            `an answer of status ${status} followed a notification, so it went in a 200 event stream: refuse before the first notification (requiredScopes, requiredClientCapabilities)`,
          ),
          `${isObject(payload) ? payload.method : 'a request'} lost its status`,
        );
      }
    }
    // The response goes out whatever the bound; what was dropped before it is said once.
    stream.end(answer === undefined ? undefined : sseEvent(serialize(answer, server)));
    if (stream.dropped > 0) {
      server.log(
        new Error(`${stream.dropped} notifications were dropped: the client read them too slowly`),
        'an SSE answer',
      );
    }
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
    if (!hostIsAllowed(hostHeader(headers))) {
      return refuse(403, ErrorCode.InvalidRequest, 'This host is not allowed.');
    }
    const origin = originHeader(headers);
    if (
      origin !== undefined &&
      !allowed.has('*') &&
      !isSameOrigin(origin, hostHeader(headers)) &&
      !corsAllows(cors, origin)
    ) {
      return refuse(403, ErrorCode.InvalidRequest, 'This origin is not allowed.');
    }
    if (!isJsonMediaType(contentTypeHeader(headers))) {
      return refuse(415, ErrorCode.InvalidRequest, 'Content-Type must be application/json.');
    }
    const accept = acceptHeader(headers);
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
    // A client's answer to a question of the server's (handshake era): taken before any method
    // runs, 202 when it reached the method that asked, else a 4xx.
    const { questions } = server;
    if (
      questions !== undefined &&
      isObject(payload) &&
      payload.method === undefined &&
      ('result' in payload || 'error' in payload) &&
      !isModernVersion(versionHeader(request.headers)?.trim())
    ) {
      return questions
        .reply(payload, request.headers)
        .then((outcome) =>
          outcome.status === 202
            ? { status: 202, headers: {} }
            : refuse(outcome.status, outcome.error.error.code, outcome.error.error.message),
        );
    }
    const context = new HttpContext(request, principal);
    // What a handshake-era client declares reaches its later requests, for questions, in the
    // Mcp-Session-Id that its initialize is answered with.
    const session =
      questions !== undefined && isObject(payload) && payload.method === 'initialize'
        ? questions.session(isObject(payload.params) ? payload.params.capabilities : undefined)
        : undefined;
    if (session !== undefined) {
      return Promise.resolve(answerWith(server, payload, context, request, accept)).then(
        (response) =>
          response.status === 200
            ? { ...response, headers: { ...response.headers, 'mcp-session-id': session } }
            : response,
      );
    }
    return answerWith(server, payload, context, request, accept);
  }

  function answerWith(
    server: MCPServerBase,
    payload: unknown,
    context: HttpContext,
    request: HttpRequest,
    accept: string | undefined,
  ): HttpResponse | Promise<HttpResponse> {
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
