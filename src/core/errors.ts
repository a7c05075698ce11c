/**
 * The two errors of the library: a protocol error, answered as a JSON-RPC error, and a tool error,
 * answered as a tool result that the LLM reads.
 *
 * @module
 */
import { errorResponse, withHttpStatus } from '../jsonrpc.js';
import type { JSONRPCError, RequestId } from '../wire/types.js';

const PROTOCOL_ERROR = Symbol.for('mcp-protocol-core.ProtocolError');
const TOOL_ERROR = Symbol.for('mcp-protocol-core.ToolError');

/**
 * An error the client caused, answered as a JSON-RPC error with its code, e.g. an unknown tool.
 * Throw it from `dispatch()` or a method: anything else thrown is answered as -32603 and logged.
 *
 * @example
 * ```ts
 * throw new ProtocolError(ErrorCode.InvalidParams, 'uri must be a string');
 * ```
 */
export class ProtocolError extends Error {
  /** The error's name, for logs. */
  override name = 'ProtocolError';
  /** The JSON-RPC error code. */
  readonly code: number;
  /** More about the error, sent as the error's `data` when set. */
  readonly data: unknown;
  /** The HTTP status to answer with over HTTP, when not 200, e.g. 400 in the 2026-07-28 era. */
  readonly httpStatus: number | undefined;
  /** Marks a protocol error for {@link isProtocolError}, across copies of this library. */
  readonly [PROTOCOL_ERROR] = true;

  /**
   * @param code - The JSON-RPC error code, e.g. `ErrorCode.InvalidParams`.
   * @param message - One plain sentence, sent to the client.
   * @param data - More about the error, sent as `data`.
   * @param httpStatus - The HTTP status over HTTP, when not 200.
   */
  constructor(code: number, message: string, data?: unknown, httpStatus?: number) {
    super(message);
    this.code = code;
    this.data = data;
    this.httpStatus = httpStatus;
  }

  /**
   * The JSON-RPC error response for this error.
   *
   * @param id - The id of the request that failed.
   * @returns The error response.
   */
  toResponse(id: RequestId | null): JSONRPCError {
    const response = errorResponse(id, this.code, this.message, this.data);
    return this.httpStatus === undefined ? response : withHttpStatus(response, this.httpStatus);
  }
}

/**
 * A tool's own failure, e.g. a file that does not exist: answered as a `tools/call` result with
 * `isError: true` and the message as its text, so that the LLM can read it and correct its call.
 * The message goes to the LLM: say what was wrong and how to do better, and leak nothing.
 *
 * @example
 * ```ts
 * if (!doc) throw new ToolError(`no document at ${args.path}; call list_documents to see them`);
 * ```
 */
export class ToolError extends Error {
  /** The error's name, for logs. */
  override name = 'ToolError';
  /** Marks a tool error for {@link isToolError}, across copies of this library. */
  readonly [TOOL_ERROR] = true;
}

/**
 * The tool error for arguments that are not valid, naming each problem. {@link invalidArguments}
 * builds it.
 */
export class InvalidArgumentsError extends ToolError {
  /** The error's name, for logs. */
  override name = 'InvalidArgumentsError';
  /** The problems, each `path: message`. */
  readonly problems: readonly string[];

  /**
   * @param toolName - The tool called.
   * @param problems - Each problem, `path: message`.
   */
  constructor(toolName: string, problems: readonly string[]) {
    super(invalidArgumentsText(toolName, problems));
    this.problems = problems;
  }
}

/** @internal What the LLM reads of arguments that are not valid, with or without the error. */
export const invalidArgumentsText = (toolName: string, problems: readonly string[]): string =>
  `invalid arguments for ${toolName}: ${problems.join('; ')}`;

/**
 * Make an error without its stack: for errors that are answers, not faults (invalid arguments, a
 * timeout), whose stack no one reads and whose capture costs more than the rest of the answer.
 *
 * @param make - Makes the error.
 * @returns The error, with an empty stack.
 */
export function withoutStack<E extends Error>(make: () => E): E {
  const engine = Error as { stackTraceLimit?: number | undefined };
  const limit = engine.stackTraceLimit;
  engine.stackTraceLimit = 0;
  try {
    return make();
  } finally {
    engine.stackTraceLimit = limit;
  }
}

/**
 * Whether a value is a {@link ProtocolError}, even one thrown by another copy of this library.
 *
 * @param value - Anything caught.
 * @returns True for a protocol error.
 */
export function isProtocolError(value: unknown): value is ProtocolError {
  return value instanceof Error && (value as Partial<ProtocolError>)[PROTOCOL_ERROR] === true;
}

/**
 * Whether a value is a {@link ToolError}, even one thrown by another copy of this library.
 *
 * @param value - Anything caught.
 * @returns True for a tool error.
 */
export function isToolError(value: unknown): value is ToolError {
  return value instanceof Error && (value as Partial<ToolError>)[TOOL_ERROR] === true;
}
