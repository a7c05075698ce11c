/**
 * What a tool's run() returns, and the result it is sent as; the time limit of a pending call.
 *
 * @module
 */
import { ToolError } from '../core/errors.js';
import { type RequestScope, timeLimited } from '../core/request-scope.js';
import { carriable, isObject } from '../jsonrpc.js';
import { describeErrors, type Validator } from '../schema.js';
import type { CallToolResult, ContentBlock, Meta } from '../wire/types.js';

/**
 * What a tool's `run()` may return: Markdown text for the LLM, or the parts of a result.
 * A result with `structuredContent` and no `content` gets the JSON as its text, for clients that
 * predate structured content.
 */
export type ToolOutput =
  | string
  | {
      /** The content blocks: text, image, audio, resource links, embedded resources. */
      content?: ContentBlock[];
      /**
       * The result as JSON; required, and checked, when the tool declares an `outputSchema`. A JSON
       * object, for every version that has structured content; 2026-07-28 takes any JSON value, and
       * the handshake era then receives its JSON as text only.
       */
      structuredContent?: unknown;
      /** The call failed; prefer throwing a `ToolError`. */
      isError?: boolean;
      /** Metadata for the client. */
      _meta?: Meta;
    };

/** The tool error of a call past its time: the LLM reads "NAME timed out after N ms". */
export class ToolTimeoutError extends ToolError {
  override name = 'ToolTimeoutError';

  /**
   * @param toolName - The tool.
   * @param ms - Its time limit.
   */
  constructor(toolName: string, ms: number) {
    super(`${toolName} timed out after ${ms} ms`);
  }
}

/**
 * @internal A tool's pending output, or its time-out: past `ms`, the request's signal aborts and
 * the call fails with a {@link ToolTimeoutError}.
 */
export const within = (
  output: PromiseLike<ToolOutput>,
  toolName: string,
  ms: number,
  context: RequestScope,
): Promise<ToolOutput> =>
  timeLimited(output, ms, context, () => new ToolTimeoutError(toolName, ms));

/**
 * @internal What a tool's output is sent as: its parts checked, `structuredContent` against the
 * output schema, and JSON's limits.
 */
export function toolResult(
  toolName: string,
  outputSchema: unknown,
  output: ToolOutput,
  validateOutput: Validator | undefined,
): CallToolResult {
  if (typeof output === 'string') {
    if (outputSchema === undefined) return { content: [{ type: 'text', text: output }] };
    output = { content: [{ type: 'text', text: output }] };
  }
  if (!isObject(output)) {
    throw new TypeError(
      `${toolName}: run() must return a string or an object, not ${typeof output}`,
    );
  }
  const { content, structuredContent, isError, _meta } = output;
  if (content !== undefined && !Array.isArray(content)) {
    throw new TypeError(`${toolName}: run() returned content that is not an array`);
  }
  if (validateOutput !== undefined && isError !== true) {
    if (structuredContent === undefined) {
      throw new TypeError(
        `${toolName}: declares an outputSchema but returned no structuredContent`,
      );
    }
    if (!validateOutput(structuredContent)) {
      const problems = describeErrors(validateOutput.errors ?? [], 'structuredContent');
      throw new TypeError(
        `${toolName}: run() returned structuredContent that does not match its outputSchema: ${problems.join('; ')}`,
      );
    }
  }
  const result: CallToolResult = {
    content:
      content ??
      (structuredContent === undefined
        ? []
        : [{ type: 'text', text: JSON.stringify(structuredContent) }]),
  };
  // Any JSON value: an object to the handshake era's type, which each version's shaping keeps
  // true on the wire (see `resultFor()`).
  if (structuredContent !== undefined) {
    result.structuredContent = structuredContent as { [key: string]: unknown };
  }
  if (isError === true) result.isError = true;
  if (_meta !== undefined) result._meta = _meta;
  if (!carriable(result)) {
    throw new TypeError(
      `${toolName}: run() returned what JSON cannot carry (a BigInt, a cycle, a toJSON that throws)`,
    );
  }
  return result;
}
