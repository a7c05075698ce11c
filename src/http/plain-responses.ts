/**
 * The answers of the plain HTTP handler: a refusal, and a response or batch as JSON, each
 * serialized so that what JSON cannot carry fails one response, not the request.
 *
 * @module
 */

import { ErrorCode, errorResponse, httpStatusOf, sharedResults } from '../jsonrpc.js';
import type { MCPServerBase } from '../server-base.js';
import type { JSONRPCNotification, JSONRPCResponse } from '../wire/types.js';
import { type ResourceMetadataLink, stepUpChallenge } from './authorization.js';
import type { HttpResponse } from './handler-types.js';

const JSON_HEADERS = { 'content-type': 'application/json' } as const;

/** A refusal: the status, and a JSON-RPC error of id `null`. */
export function refuse(
  status: number,
  code: number,
  message: string,
  extra?: Record<string, string>,
): HttpResponse {
  return {
    status,
    headers: extra === undefined ? { ...JSON_HEADERS } : { ...JSON_HEADERS, ...extra },
    body: JSON.stringify(errorResponse(null, code, message)),
  };
}

// The JSON of the results answered to every request alike, written once: a whole tools/list is
// most of its answer's time.
const resultJson = new WeakMap<object, string>();

function write(response: JSONRPCResponse): string {
  const { result } = response as { result?: object };
  if (result === undefined || !sharedResults.has(result)) return JSON.stringify(response);
  let json = resultJson.get(result);
  if (json === undefined) {
    json = JSON.stringify(result);
    resultJson.set(result, json);
  }
  // As JSON.stringify writes a response: its members in the order they were made.
  return `{"jsonrpc":"2.0","id":${JSON.stringify(response.id)},"result":${json}}`;
}

// An answer that JSON cannot carry (a BigInt, a cycle, in a tool's _meta, say) becomes -32603 for
// that response alone, logged, rather than a failed request.
export function serialize(
  answer: JSONRPCResponse | JSONRPCResponse[],
  server: MCPServerBase,
): string {
  try {
    return Array.isArray(answer) ? JSON.stringify(answer) : write(answer);
  } catch {
    const one = (response: JSONRPCResponse): string => {
      try {
        return JSON.stringify(response);
      } catch (error) {
        server.log(error, 'the answer is not JSON');
        return JSON.stringify(
          errorResponse(response.id, ErrorCode.InternalError, 'Internal error'),
        );
      }
    };
    return Array.isArray(answer) ? `[${answer.map(one).join(',')}]` : one(answer);
  }
}

/** A notification as JSON text, or `undefined` (logged) when JSON cannot carry it. */
export function stringify(
  notification: JSONRPCNotification,
  server: MCPServerBase,
): string | undefined {
  try {
    return JSON.stringify(notification);
  } catch (error) {
    // A log message whose data JSON cannot carry is dropped; the request goes on.
    server.log(error, 'a notification is not JSON');
    return undefined;
  }
}

/** The handler's JSON answer to what `handle()` resolved to: 202 when nothing is owed. */
export function answerJson(
  server: MCPServerBase,
  payload: unknown,
  answer: JSONRPCResponse | JSONRPCResponse[] | undefined,
  resourceMetadata: ResourceMetadataLink | undefined,
): HttpResponse {
  if (answer === undefined) return { status: 202, headers: {} };
  // An empty or oversized batch is one error for the whole body: a 400, as JSON-RPC's own.
  const status = Array.isArray(answer)
    ? 200
    : Array.isArray(payload)
      ? 400
      : (httpStatusOf(answer) ?? 200);
  // A 403 for scopes challenges, so that the client can ask for them (the step-up flow).
  const challenge = stepUpChallenge(answer, resourceMetadata);
  const sent: Record<string, string> =
    challenge === undefined
      ? { 'content-type': 'application/json' }
      : { 'content-type': 'application/json', ...challenge };
  return { status, headers: sent, body: serialize(answer, server) };
}

/** An SSE answer of one event. */
export async function* once(event: string): AsyncGenerator<string> {
  yield event;
}
