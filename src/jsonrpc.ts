/**
 * JSON-RPC 2.0: the error codes, and the helpers that build and check messages.
 *
 * @module
 */
import type { JSONRPCError, JSONRPCResponse, RequestId } from './wire/types.js';

/**
 * The error codes a server answers with: JSON-RPC's own, by name.
 *
 * @example
 * ```ts
 * MCPServerBase.error(1, ErrorCode.InvalidParams, 'name must be a string');
 * ```
 */
export const ErrorCode = {
  /** The body is not JSON. */
  ParseError: -32700,
  /** The message is not a JSON-RPC request or notification. */
  InvalidRequest: -32600,
  /** The server does not implement the method. */
  MethodNotFound: -32601,
  /** The params are not valid, or name a tool that does not exist. */
  InvalidParams: -32602,
  /** Something unexpected failed in the server; the details go to its logger only. */
  InternalError: -32603,
  /**
   * The handshake era's "Resource not found", with `data: { uri }`; 2026-07-28 answers -32602
   * instead (SEP-2164).
   */
  ResourceNotFound: -32002,
  /** 2026-07-28: an HTTP header is missing, malformed, or does not match the body. */
  HeaderMismatch: -32020,
  /** 2026-07-28: the request needs a client capability it does not declare. */
  MissingRequiredClientCapability: -32021,
  /** The protocol version asked for is not one the server speaks; `data` says which it does. */
  UnsupportedProtocolVersion: -32022,
} as const;

const HTTP_STATUS = Symbol.for('mcp-protocol-core.httpStatus');

/**
 * Mark a response with the HTTP status it must be sent with, e.g. 400 for a 2026-07-28 header
 * mismatch. The mark is a symbol, which JSON leaves out.
 *
 * @param response - The response.
 * @param status - The HTTP status.
 * @returns The same response.
 */
export function withHttpStatus<T extends object>(response: T, status: number): T {
  Object.defineProperty(response, HTTP_STATUS, { value: status, enumerable: false });
  return response;
}

/**
 * The HTTP status a response must be sent with, when it is not 200.
 *
 * @param response - A response from `handle()`.
 * @returns The status, or `undefined` for 200.
 */
export function httpStatusOf(response: object): number | undefined {
  return (response as { [HTTP_STATUS]?: number })[HTTP_STATUS];
}

/** One of the codes of {@link ErrorCode}. */
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/**
 * Whether a value is a valid request id: a string, or an integer. `null` is not: MCP forbids it.
 *
 * @param value - The `id` of a message.
 * @returns True if a response may carry it back.
 */
export function isRequestId(value: unknown): value is RequestId {
  return typeof value === 'string' || Number.isInteger(value);
}

/**
 * Whether a value is a promise, or any thenable, as `await` would take it.
 *
 * @param value - Any value.
 * @returns True when it has a `then` method.
 */
export function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as Partial<PromiseLike<unknown>> | undefined)?.then === 'function';
}

/**
 * Whether a value is a plain JSON object: not null, not an array.
 *
 * @param value - Any value.
 * @returns True for `{...}`.
 */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Build a JSON-RPC error response.
 *
 * @param id - The id of the request that failed, or `null` if it could not be read.
 * @param code - The error code, e.g. `ErrorCode.InvalidRequest`.
 * @param message - One plain sentence that says what went wrong, for the client.
 * @param data - More about the error, when its code defines some.
 * @returns The error response.
 */
export function errorResponse(
  id: RequestId | null,
  code: number,
  message: string,
  data?: unknown,
): JSONRPCError {
  return {
    jsonrpc: '2.0',
    id,
    error: data === undefined ? { code, message } : { code, message, data },
  };
}

// What dump() must not clean: values that are the tool's or the schema author's own JSON, where a
// null is data, not an absent field.
const OPAQUE = new Set(['structuredContent', 'inputSchema', 'outputSchema', '_meta', 'arguments']);

function clean(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(clean);
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const field = value[key];
    // 2026-07-28's structuredContent may be null itself, the value a tool returned.
    if (field === undefined || (field === null && key !== 'structuredContent')) continue;
    out[key] = OPAQUE.has(key) ? field : clean(field);
  }
  return out;
}

/**
 * Return a response ready for `JSON.stringify`: fields of a result that are `null` or `undefined`
 * are left out, but an error keeps its `id`, which JSON-RPC requires even when it is `null`.
 * Values that belong to a tool (`structuredContent`, schemas, `_meta`) are kept as they are.
 *
 * @param response - A response or error, or a batch of them.
 * @returns A copy without empty fields; the input is not changed.
 */
export function dump<T extends JSONRPCResponse | JSONRPCResponse[]>(response: T): T {
  if (Array.isArray(response)) return response.map((one) => dump(one)) as T;
  if ('error' in response) {
    return errorResponse(
      response.id ?? null,
      response.error.code,
      response.error.message,
      response.error.data,
    ) as T;
  }
  return { jsonrpc: '2.0', id: response.id, result: clean(response.result) } as T;
}

/**
 * The length of a text in UTF-8, in bytes, without encoding it.
 *
 * @param text - The text.
 * @returns Its UTF-8 byte length.
 */
export function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // Each half of a surrogate pair counts 2 of the pair's 4 bytes.
    if (code >= 0xd800 && code <= 0xdfff) bytes += 1;
    else if (code >= 0x800) bytes += 2;
    else if (code >= 0x80) bytes += 1;
  }
  return bytes;
}

/**
 * Whether JSON can carry a value: no BigInt, no cycle (nothing nested past 64 levels), no `toJSON`
 * that throws. Checked on what user code returns, so that `handle()` answers what
 * `JSON.stringify` can write, in-process too.
 *
 * @param value - A result, or a part of one.
 * @param depth - How deep `value` lies in the result.
 * @returns True when `JSON.stringify` writes it.
 */
export function carriable(value: unknown, depth = 0): boolean {
  if (typeof value === 'bigint') return false;
  if (typeof value !== 'object' || value === null) return true;
  if (depth > 64) return false;
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') {
    // What JSON.stringify will write instead; a toJSON that throws cannot be written.
    try {
      return carriable(toJSON.call(value), depth + 1);
    } catch {
      return false;
    }
  }
  for (const child of Array.isArray(value) ? value : Object.values(value)) {
    if (!carriable(child, depth + 1)) return false;
  }
  return true;
}

/**
 * @internal The key of a server's `handle()` that answers at once when it can, without a promise:
 * for the HTTP layer. Registered, so that the HTTP layer of a CommonJS build, which holds its own
 * copy of this module, finds it too.
 */
export const HANDLE_NOW: unique symbol = Symbol.for('mcp-protocol-core.handleNow') as never;

/**
 * The results built once and answered to every request alike (a whole `tools/list`, say), each
 * deeply frozen: the HTTP layer writes each as JSON once.
 */
export const sharedResults = new WeakSet<object>();

/**
 * Freeze a value and everything in it: for definitions built once per class and shared by every
 * server, which no caller may change.
 *
 * @param value - A JSON value.
 * @returns The same value, frozen.
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
