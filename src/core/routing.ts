/**
 * The era in one place: which era a message came in (the dual-era policy), whether it is a
 * request at all, the 2026-07-28 checks of its `_meta` and its headers in the specification's
 * order, and how a result is finished for its era. Pure functions: what they refuse is answered
 * before any method runs.
 *
 * @module
 */

import { LOG_LEVELS, META, routingHeaderProblem } from '../era/modern-revision.js';
import {
  isHandshakeVersion,
  isModernVersion,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '../era/protocol-versions.js';
import { ErrorCode, errorResponse, isObject, isRequestId, withHttpStatus } from '../jsonrpc.js';
import { type HttpHeaders, versionHeader } from '../wire/http-headers.js';
import type {
  Implementation,
  JSONRPCError,
  JSONRPCResponse,
  LoggingLevel,
  ProgressToken,
  RequestId,
  Result,
} from '../wire/types.js';
import { methodOf } from './method-registry.js';
import { answersForCaller } from './oauth-scopes.js';
import { type NotificationSink, RequestScope } from './request-scope.js';
import type { ServerCore } from './server-contract.js';

/** What the HTTP layer knows of a request, for `handle()`. */
export interface RequestContext {
  /**
   * The request's HTTP headers. With them, the era is decided by the `MCP-Protocol-Version`
   * header and `_meta` together, and a 2026-07-28 request's headers are checked against its body;
   * without them (in-process), by `_meta` alone.
   */
  headers?: HttpHeaders | undefined;
  /**
   * Where the notifications of the request go while it runs (progress, log messages), e.g. its
   * SSE answer. Without it, none is sent.
   */
  notify?: NotificationSink | undefined;
  /**
   * Aborts when the client goes away. A 2026-07-28 request is then cancelled (its scope's signal
   * aborts, and its answer is dropped); a handshake-era one runs on, as its specification wants.
   */
  signal?: AbortSignal | undefined;
  /**
   * Who the client is, for `notifications/cancelled` (in both eras; 2026-07-28 clients send it
   * over stdio only): a notification cancels only a request of the same caller that this process
   * is still answering, which is then not answered. HTTP: the `Authorization` header; stdio: one
   * caller. Without it, a cancellation is accepted and ignored.
   */
  caller?: string | undefined;
  /**
   * The OAuth scopes the request's access token grants: the HTTP layer passes the `scopes` of
   * `authorize`'s principal. A tool, prompt, resource or template whose `requiredScopes` are not
   * all granted is not listed, and its use is refused (403 over HTTP). None when left out.
   */
  grantedScopes?: readonly string[] | undefined;
  /**
   * Keep work alive after the answer has gone, as Cloudflare Workers' `ctx.waitUntil` does: a
   * task's run (the Tasks extension), which outlives the `tools/call` that made it. The HTTP layer
   * passes its request's `waitUntil`. Without it, the work runs on as the process does.
   */
  waitUntil?(work: Promise<unknown>): void;
}

/** A message that is a request or a notification of its era, to be answered by a method. */
export interface Routed {
  readonly method: string;
  readonly params: Record<string, unknown> | undefined;
  /** The id to answer, or `null` for a notification. */
  readonly replyTo: RequestId | null;
  readonly scope: RequestScope;
}

/** The context of an in-process request: no HTTP headers. */
export const NO_CONTEXT: RequestContext = Object.freeze({});

// 2026-07-28 answers these refusals with 400.
function badRequest(
  id: RequestId | null,
  code: number,
  message: string,
  data?: unknown,
): JSONRPCError {
  return withHttpStatus(errorResponse(id, code, message, data), 400);
}

function unsupported(id: RequestId | null, requested: string): JSONRPCError {
  return badRequest(id, ErrorCode.UnsupportedProtocolVersion, 'Unsupported protocol version.', {
    supported: SUPPORTED_PROTOCOL_VERSIONS,
    requested,
  });
}

// A message to drop without an answer.
const DROPPED = Symbol('dropped');

// A message that is not a request or a notification is input the server cannot accept: an HTTP
// error status in both eras (the transport's rule), though it is 200 inside a batch, whose answer
// is the array.
const notAMessage = (id: RequestId | null, message: string) =>
  badRequest(id, ErrorCode.InvalidRequest, message);

// What makes an object not a request or a notification; `undefined` when it is one.

function invalidEnvelope(
  message: Record<string, unknown>,
  replyTo: RequestId | null,
): JSONRPCError | typeof DROPPED | undefined {
  const { id, method, params } = message;
  if (message.jsonrpc !== '2.0') return notAMessage(replyTo, 'jsonrpc must be "2.0".');
  if (typeof method !== 'string') return notAMessage(replyTo, 'method must be a string.');
  if (id !== undefined && replyTo === null) {
    return notAMessage(null, 'id must be a string or an integer.');
  }
  if (params !== undefined && !isObject(params)) {
    if (!Array.isArray(params)) return notAMessage(replyTo, 'params must be an object.');
    // Positional params make a valid JSON-RPC message, which MCP's methods do not take: a request
    // is told so; a notification, which nothing ever answers, is dropped.
    return id === undefined
      ? DROPPED
      : errorResponse(replyTo, ErrorCode.InvalidParams, 'params must be an object.');
  }
  return undefined;
}

const isResponse = (message: Record<string, unknown>) =>
  message.jsonrpc === '2.0' &&
  message.method === undefined &&
  ('result' in message || 'error' in message);

/**
 * Route one message: decide its era and check it as its era demands.
 *
 * @param message - The message, parsed from JSON.
 * @param context - The request's HTTP headers, when it came over HTTP.
 * @param server - The server, whose methods say what their 2026-07-28 headers must match.
 * @returns What to run; or the answer already: an error, or `undefined` for a client's response.
 */
export function route(
  message: unknown,
  context: RequestContext,
  server: ServerCore,
): Routed | JSONRPCResponse | undefined {
  const { headers } = context;
  const headerVersion = headers === undefined ? undefined : versionHeader(headers)?.trim();
  const params = isObject(message) ? message.params : undefined;
  const meta = isObject(params) && isObject(params._meta) ? params._meta : undefined;
  const metaVersion = meta?.[META.protocolVersion];
  const replyTo = isObject(message) && isRequestId(message.id) ? message.id : null;

  // The dual-era policy: a header and a _meta that disagree are refused, never guessed at.
  if (isObject(message) && message.method === 'initialize' && !isModernVersion(headerVersion)) {
    return handshake(message, headerVersion, context, server);
  }
  if (headerVersion === undefined) {
    if (metaVersion === undefined) {
      return handshake(message, headers === undefined ? undefined : '2025-03-26', context, server);
    }
    if (headers === undefined) return modern(message, meta, context, server);
    return badRequest(
      replyTo,
      ErrorCode.HeaderMismatch,
      'MCP-Protocol-Version is required with a 2026-07-28 request.',
    );
  }
  if (isModernVersion(headerVersion)) return modern(message, meta, context, server);
  if (metaVersion !== undefined && metaVersion !== headerVersion) {
    return badRequest(
      replyTo,
      ErrorCode.HeaderMismatch,
      "MCP-Protocol-Version does not match _meta's protocol version.",
    );
  }
  if (isHandshakeVersion(headerVersion)) return handshake(message, headerVersion, context, server);
  return unsupported(replyTo, headerVersion);
}

function handshake(
  message: unknown,
  protocolVersion: string | undefined,
  context: RequestContext,
  server: ServerCore,
): Routed | JSONRPCResponse | undefined {
  if (!isObject(message)) return notAMessage(null, 'A message must be a JSON object.');
  const replyTo = isRequestId(message.id) ? message.id : null;
  // A client's response to a server request: a stateless server sent none, and owes nothing.
  if (message.id !== undefined && isResponse(message)) return undefined;
  const invalid = invalidEnvelope(message, replyTo);
  if (invalid === DROPPED) return undefined;
  if (invalid !== undefined) return invalid;
  const params = message.params as Record<string, unknown> | undefined;
  const scope = new RequestScope(
    'handshake',
    protocolVersion,
    undefined,
    undefined,
    context.headers,
  );
  scope.server = server;
  // Its signal ends a question's wait when the client goes away (the method runs on).
  scope.context = context;
  if (context.grantedScopes !== undefined) scope.grantedScopes = context.grantedScopes;
  if (context.notify !== undefined) {
    scope.notify = context.notify;
    scope.progressToken = progressTokenOf(params?._meta);
    // No session keeps a level that logging/setLevel set: the server's own applies.
    scope.logLevel = server.logLevel ?? 'info';
  }
  return { method: message.method as string, params, replyTo, scope };
}

// The ladder of 2026-07-28, in order: the first failure is the answer, with the request's id.
function modern(
  message: unknown,
  meta: Record<string, unknown> | undefined,
  context: RequestContext,
  server: ServerCore,
): Routed | JSONRPCResponse | undefined {
  const { headers } = context;
  if (!isObject(message)) return notAMessage(null, 'A message must be a JSON object.');
  const replyTo = isRequestId(message.id) ? message.id : null;
  if (isResponse(message)) {
    return badRequest(
      replyTo,
      ErrorCode.InvalidRequest,
      'A client does not send responses in 2026-07-28.',
    );
  }
  const invalid = invalidEnvelope(message, replyTo);
  if (invalid === DROPPED) return undefined;
  // Positional params are a -32602 that 2026-07-28 answers with 400 too; the rest are 400 already.
  if (invalid !== undefined) return withHttpStatus(invalid, 400);
  const method = message.method as string;
  const params = message.params as Record<string, unknown> | undefined;
  const version = meta?.[META.protocolVersion];
  const capabilities = meta?.[META.clientCapabilities];
  const info = meta?.[META.clientInfo];
  const scope = new RequestScope(
    'modern',
    typeof version === 'string' ? version : undefined,
    isObject(capabilities) ? capabilities : undefined,
    isObject(info) ? (info as unknown as Implementation) : undefined,
    headers,
  );
  scope.server = server;
  scope.context = context;
  if (context.grantedScopes !== undefined) scope.grantedScopes = context.grantedScopes;
  if (replyTo === null) return { method, params, replyTo, scope };
  scope.requestId = replyTo;
  if (version === undefined || scope.clientCapabilities === undefined) {
    return badRequest(
      replyTo,
      ErrorCode.InvalidParams,
      `params._meta must carry ${META.protocolVersion} and ${META.clientCapabilities}.`,
    );
  }
  const entry = methodOf(server, method);
  if (headers !== undefined) {
    const problem = routingHeaderProblem(headers, method, params, version, entry?.named);
    if (problem !== undefined) return badRequest(replyTo, ErrorCode.HeaderMismatch, problem);
  }
  if (typeof version !== 'string') {
    return badRequest(
      replyTo,
      ErrorCode.InvalidParams,
      `${META.protocolVersion} must be a string.`,
    );
  }
  if (!isModernVersion(version)) return unsupported(replyTo, version);
  const level = meta?.[META.logLevel];
  if (level !== undefined && !(LOG_LEVELS as readonly unknown[]).includes(level)) {
    return badRequest(
      replyTo,
      ErrorCode.InvalidParams,
      `${META.logLevel} must be one of ${LOG_LEVELS.join(', ')}.`,
    );
  }
  if (headers !== undefined && entry?.checkHeaders !== undefined) {
    const problem = entry.checkHeaders(server as never, params, headers, scope);
    if (problem) return badRequest(replyTo, ErrorCode.HeaderMismatch, problem);
  }
  if (context.notify !== undefined) {
    scope.notify = context.notify;
    scope.progressToken = progressTokenOf(meta);
    scope.logLevel = level as LoggingLevel | undefined;
  }
  // A client that goes away cancels its request (2026-07-28): nothing more is sent for it.
  const { signal } = context;
  if (signal !== undefined) {
    scope.cancellable = true;
    if (signal.aborted) scope.cancel();
    else signal.addEventListener('abort', () => scope.cancel(), { once: true });
  }
  return { method, params, replyTo, scope };
}

function progressTokenOf(meta: unknown): ProgressToken | undefined {
  const token = isObject(meta) ? meta.progressToken : undefined;
  return typeof token === 'string' || (typeof token === 'number' && Number.isFinite(token))
    ? token
    : undefined;
}

/**
 * Finish a method's result for its era: as it is in the handshake era; in 2026-07-28, marked
 * complete, with who answered in `_meta`, and the method's caching hints.
 *
 * @param result - The method's result.
 * @param scope - The request's scope.
 * @param server - The server that answered.
 * @param method - The method.
 * @returns The result to send.
 */
export function finish(
  result: Result,
  scope: RequestScope,
  server: ServerCore,
  method: string,
): Result {
  if (scope.era === 'handshake') return result;
  const _meta = {
    ...result._meta,
    [META.serverInfo]: { name: server.name, ...server.serverInfo() },
  };
  const cache = methodOf(server, method)?.cache;
  // A result that asks for input is never cached (its request carries answers next time).
  if (cache === undefined || result.resultType === 'input_required') {
    return { resultType: 'complete', ...result, _meta };
  }
  const hint = cache(server as never, scope);
  // An answer that depends on the caller's scopes is theirs alone, whatever the hint says.
  const cacheScope = answersForCaller(scope) ? 'private' : hint.cacheScope;
  return { resultType: 'complete', ...hint, cacheScope, ...result, _meta };
}

/**
 * Refuse a batch under a version that has none: batches are part of protocol 2025-03-26 only,
 * which is what a request without the version header is.
 *
 * @param context - The request's HTTP headers, when it came over HTTP.
 * @returns The 400 error, or `undefined` when the batch may be answered.
 */
export function batchRefusal(context: RequestContext): JSONRPCError | undefined {
  const version =
    context.headers === undefined ? undefined : versionHeader(context.headers)?.trim();
  return version === undefined || version === '2025-03-26'
    ? undefined
    : badRequest(null, ErrorCode.InvalidRequest, `Protocol ${version} does not allow batches.`);
}

/**
 * Refuse what has no place in a batch: `initialize`, and 2026-07-28 requests.
 *
 * @param message - One message of a batch.
 * @returns The error for it, or `undefined` when it may be answered.
 */
export function refusedInBatch(message: unknown): JSONRPCError | undefined {
  if (!isObject(message)) return undefined;
  const id = isRequestId(message.id) ? message.id : null;
  if (message.method === 'initialize') {
    return errorResponse(id, ErrorCode.InvalidRequest, 'initialize must not be part of a batch.');
  }
  const { params } = message;
  if (
    isObject(params) &&
    isObject(params._meta) &&
    params._meta[META.protocolVersion] !== undefined
  ) {
    return errorResponse(
      id,
      ErrorCode.InvalidRequest,
      'A 2026-07-28 request must not be part of a batch.',
    );
  }
  return undefined;
}
