/**
 * Answering what was routed: a batch, message by message and concurrently; a request, through its
 * method, with its era's finishing, its cancellation, and its errors made answers.
 *
 * @module
 */

import { ErrorCode, errorResponse, withHttpStatus } from '../jsonrpc.js';
import type { JSONRPCNotification, JSONRPCResponse, RequestId, Result } from '../wire/types.js';
import { isProtocolError, ProtocolError } from './errors.js';
import { methodOf } from './method-registry.js';
import { DEFAULT_TOOL_TIMEOUT_MS, type RequestScope, timeLimited } from './request-scope.js';
import {
  batchRefusal,
  finish,
  type RequestContext,
  type Routed,
  refusedInBatch,
} from './routing.js';
import type { ServerCore } from './server-contract.js';
import { mcpserverCalled } from './signals.js';

/** What `handle()` resolves to: a response, a batch of them, or `undefined` when none is owed. */
export type HandleResult = JSONRPCResponse | JSONRPCResponse[] | undefined;

/**
 * The most messages a JSON-RPC batch may hold (batches are part of protocol 2025-03-26). A larger
 * batch, or an empty one, is refused with one error, so that one POST cannot make a server run an
 * unbounded number of tool calls.
 */
export const MAX_BATCH_SIZE = 20;

export function answerBatch(
  server: AnsweringServer,
  payload: unknown[],
  context: RequestContext,
): Promise<HandleResult> {
  const refused = batchRefusal(context);
  if (refused !== undefined) return Promise.resolve(refused);
  if (payload.length === 0) {
    return Promise.resolve(
      errorResponse(null, ErrorCode.InvalidRequest, 'A batch must hold at least one message.'),
    );
  }
  const { maxBatchSize = MAX_BATCH_SIZE } = server;
  if (payload.length > maxBatchSize) {
    return Promise.resolve(
      errorResponse(
        null,
        ErrorCode.InvalidRequest,
        `A batch may hold at most ${maxBatchSize} messages.`,
      ),
    );
  }
  // Answered concurrently, as JSON-RPC allows, and returned in the batch's order; without a turn
  // of the event loop when every message is answered at once.
  const answers: Answer[] = [];
  let waiting = false;
  for (const message of payload) {
    let answer: Answer;
    try {
      answer = refusedInBatch(message) ?? server[ANSWER](message, context);
    } catch (error) {
      answer = Promise.reject(error);
    }
    if (answer instanceof Promise) waiting = true;
    answers.push(answer);
  }
  return waiting
    ? Promise.all(answers).then(batchAnswer)
    : Promise.resolve(batchAnswer(answers as (JSONRPCResponse | undefined)[]));
}

type Answer = JSONRPCResponse | undefined | Promise<JSONRPCResponse | undefined>;

/** @internal The key of a server's answer to one message, at once when it can be. */
export const ANSWER = Symbol('answer');

/** @internal What answering asks of a server: its methods, run, and its own answer to a message. */
export interface AnsweringServer extends ServerCore {
  dispatch(
    method: string,
    params: Record<string, unknown>,
    scope: RequestScope,
  ): Result | Promise<Result>;
  handleNotification(message: JSONRPCNotification, scope: RequestScope): void;
  [ANSWER](message: unknown, context: RequestContext): Answer;
}

function batchAnswer(answers: readonly (JSONRPCResponse | undefined)[]): HandleResult {
  const responses: JSONRPCResponse[] = [];
  for (const answer of answers) {
    if (answer !== undefined) responses.push(answer);
  }
  return responses.length > 0 ? responses : undefined;
}

/**
 * Answer a routed message: signal it, dispatch it, finish its result as its era wants, and turn
 * what was thrown into an error. Nothing for a notification, or a request cancelled. A method that
 * answers at once is answered at once, not with a promise.
 */
export function answerRouted(
  server: AnsweringServer,
  { method, params, replyTo, scope }: Routed,
  caller: string | undefined,
): JSONRPCResponse | undefined | Promise<JSONRPCResponse | undefined> {
  if (replyTo === null) {
    const notification: JSONRPCNotification = { jsonrpc: '2.0', method };
    if (params !== undefined) notification.params = params;
    if (method === 'notifications/cancelled' && caller !== undefined) {
      running.get(runningKey(caller, params?.requestId))?.cancel();
    }
    server.handleNotification(notification, scope);
    return undefined;
  }
  if (mcpserverCalled.connected) signalCalled(server, method, replyTo, params, scope);
  let result: Result | Promise<Result>;
  try {
    result = server.dispatch(method, params ?? {}, scope);
  } catch (error) {
    return failed(server, method, replyTo, scope, error);
  }
  if (!(result instanceof Promise)) return answered(server, method, replyTo, scope, result);
  // Only a method that waits is timed; a tool call keeps its own time, told to the LLM.
  if (methodOf(server, method)?.ownTimeLimit !== true) {
    const ms = server.methodTimeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS;
    result = timeLimited(
      result,
      ms,
      scope,
      () => new ProtocolError(ErrorCode.InternalError, `${method} timed out after ${ms} ms.`),
    );
  }
  // A request its caller may cancel by id, while this process answers it: notifications/cancelled
  // is the handshake era's way, and 2026-07-28's over stdio, which has no stream to close.
  const key = caller === undefined ? undefined : runningKey(caller, replyTo);
  if (key !== undefined) {
    running.set(key, scope);
    scope.cancellable = true;
  }
  const done = () => {
    if (key !== undefined && running.get(key) === scope) running.delete(key);
  };
  // A request that can be cancelled (by id, or by its client going away) is answered as soon as
  // it is, without waiting for its method.
  return (scope.cancellable ? untilCancelled(result, scope) : result).then(
    (settled) => {
      done();
      return answered(server, method, replyTo, scope, settled);
    },
    (error: unknown) => {
      done();
      return failed(server, method, replyTo, scope, error);
    },
  );
}

/**
 * @internal Send {@link mcpserverCalled} for a message a server accepted, a request or a
 * notification (no id); what its receivers throw is logged.
 */
export function signalCalled(
  server: ServerCore,
  method: string,
  id: RequestId | undefined,
  params: Record<string, unknown> | undefined,
  scope: RequestScope,
): void {
  server.logReceiverErrors(
    mcpserverCalled.send({
      server: server.name,
      method,
      id,
      params,
      era: scope.era,
      protocolVersion: scope.protocolVersion,
      clientInfo: scope.clientInfo,
    }),
  );
}

function answered(
  server: AnsweringServer,
  method: string,
  replyTo: RequestId,
  scope: RequestScope,
  result: Result,
): JSONRPCResponse | undefined {
  // A cancelled request is answered with nothing, and nothing more is sent for it.
  if (scope.cancelled) return undefined;
  scope.notify = undefined;
  try {
    return { jsonrpc: '2.0', id: replyTo, result: finish(result, scope, server, method) };
  } catch (error) {
    return failed(server, method, replyTo, scope, error);
  }
}

function failed(
  server: AnsweringServer,
  method: string,
  replyTo: RequestId,
  scope: RequestScope,
  error: unknown,
): JSONRPCResponse | undefined {
  scope.notify = undefined;
  if (scope.cancelled) return undefined;
  if (isProtocolError(error)) {
    const response = error.toResponse(replyTo);
    // 2026-07-28: an unknown method is a 404, whoever threw it.
    return scope.era === 'modern' && error.code === ErrorCode.MethodNotFound
      ? withHttpStatus(response, 404)
      : response;
  }
  server.log(error, `${method} failed`);
  return errorResponse(replyTo, ErrorCode.InternalError, 'Internal error');
}

// The requests this process is answering, by caller and id, for notifications/cancelled: a
// caller cancels only its own requests.
const running = new Map<string, RequestScope>();
const runningKey = (caller: string, id: unknown) => `${caller}\u0000${JSON.stringify(id)}`;

// A method's result, or, as soon as its request is cancelled, nothing: the method may run on (its
// signal has aborted), but no one waits for it. A signal aborted by a time limit is not a
// cancellation: the time-out is the answer.
function untilCancelled<T>(result: Promise<T>, scope: RequestScope): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const cancelled = () => scope.cancelled && resolve(undefined as T);
    scope.signal.addEventListener('abort', cancelled, { once: true });
    result.then(resolve, reject);
  });
}
