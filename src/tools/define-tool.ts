/**
 * `defineTool()`: a tool class from its fields, `run(args)` typed from the schema.
 *
 * @module
 */

import { withFields } from '../core/definitions.js';
import type { RequestScope } from '../core/request-scope.js';
import type { ToolArguments } from '../json-schema/typed-arguments.js';
import type { FromSchema, JSONSchema } from '../schema.js';
import type { StandardInput, StandardSchemaWithJSON } from '../standard-schema/standard-schema.js';
import { MCPToolBase, type TaskSupport, type ToolOutput } from '../tool-base.js';
import type { ClientCapabilities, ContentBlock, Meta } from '../wire/types.js';

/**
 * What `run()` of a tool with an output schema returns: `structuredContent` typed from the schema
 * (a Standard Schema's input type: what its library accepts), and required unless the result is an
 * error (`isError: true`); without one, any {@link ToolOutput}.
 */
export type TypedToolOutput<Output extends JSONSchema | StandardSchemaWithJSON> = 0 extends 1 &
  Output
  ? ToolOutput
  : // Distributing defers FromSchema until the schema is known (see ToolArguments); a schema typed
    // only as JSONSchema, not a literal, has nothing to type from.
    Output extends StandardSchemaWithJSON
    ? StructuredOutput<StandardInput<Output>>
    : Output extends JSONSchema
      ? JSONSchema extends Output
        ? ToolOutput
        : StructuredOutput<FromSchema<Output>>
      : never;

/** A result whose `structuredContent` is of a type, or an error (which skips the schema). */
export type StructuredOutput<Structured> =
  | {
      /** The content blocks; the JSON of `structuredContent` as text when left out. */
      content?: ContentBlock[];
      /** The result as JSON, of the type the output schema describes. */
      structuredContent: Structured;
      /** Metadata for the client. */
      _meta?: Meta;
    }
  | {
      /** What went wrong, for the LLM. */
      content: ContentBlock[];
      /** The call failed: the output schema does not apply. */
      isError: true;
      /** Metadata for the client. */
      _meta?: Meta;
    };

/** The fields of a tool for {@link defineTool}: those of {@link MCPToolBase}, and `run`. */
export interface ToolSpec<
  Schema extends JSONSchema | StandardSchemaWithJSON,
  Output extends JSONSchema | StandardSchemaWithJSON = JSONSchema,
> {
  /** The name the LLM calls the tool by. */
  name: string;
  /** A human-readable name a client may show. */
  title: string;
  /** What the tool does and when to call it. */
  description: string;
  /**
   * The schema of the arguments: a JSON Schema of type object (no `as const` needed here), or a
   * Standard Schema that gives its JSON Schema (Zod, ArkType, Valibot through its adapter).
   */
  argumentsSchema: Schema;
  /** The schema of `structuredContent`, which `run()`'s result is then typed from. */
  outputSchema?: Output;
  /** The tool only reads (default false, as the specification's `readOnlyHint`). */
  readOnly?: boolean;
  /** A tool that writes may destroy or overwrite (default true; never for a read-only tool). */
  destructive?: boolean;
  /** A tool that writes has no more effect when called again alike (default false). */
  idempotent?: boolean;
  /** The tool reaches beyond the server's own data (default true, as `openWorldHint`). */
  openWorld?: boolean;
  /** The client capabilities a call needs, checked in the 2026-07-28 era. */
  requiredClientCapabilities?: ClientCapabilities;
  /** The OAuth scopes a request must be granted to see the tool and call it. */
  requiredScopes?: readonly string[];
  /** The most milliseconds a call may take; the server's `toolTimeoutMs` when left out. */
  timeoutMs?: number;
  /** Whether a call may be answered with a task (default `forbidden`); see `MCPToolBase`. */
  taskSupport?: TaskSupport;
  /** A tool that must run as a task asks for input first; see `MCPToolBase.inputBeforeTask`. */
  inputBeforeTask?: boolean;
  /** Run the tool, with the validated arguments typed from the schema. */
  run(
    args: ToolArguments<Schema>,
    context: RequestScope,
  ): TypedToolOutput<NoInfer<Output>> | Promise<TypedToolOutput<NoInfer<Output>>>;
}

// What defineTool's body sees: the overloads are checked against it without expanding FromSchema.
type LooseSpec = Omit<ToolSpec<JSONSchema>, 'run' | 'outputSchema' | 'argumentsSchema'> & {
  readonly argumentsSchema: JSONSchema | StandardSchemaWithJSON;
  readonly outputSchema?: JSONSchema | StandardSchemaWithJSON | undefined;
  run(args: never, context: RequestScope): unknown;
};

// The fields of a tool that a spec may set, besides run.
const TOOL_FIELDS = [
  'name',
  'title',
  'description',
  'argumentsSchema',
  'outputSchema',
  'readOnly',
  'destructive',
  'idempotent',
  'openWorld',
  'requiredClientCapabilities',
  'requiredScopes',
  'timeoutMs',
  'taskSupport',
  'inputBeforeTask',
];

/** A tool class made by {@link defineTool}. */
export type ToolClass<Schema extends JSONSchema | StandardSchemaWithJSON = JSONSchema> =
  new () => MCPToolBase<Schema>;

/**
 * Define a tool class from its fields, with `run(args)` typed from the schema with no annotation at
 * all, and, with an `outputSchema`, its `structuredContent` typed from that: the shortest way to a
 * tool. The class is made once, at module level; instantiate it per
 * server as any tool class. Its name and schemas are checked at once, as `definition()` checks
 * them.
 *
 * @param spec - The tool's fields and its `run`.
 * @returns A tool class.
 * @throws TypeError - If the name or a schema breaks a rule of MCP or of JSON Schema; see
 * `MCPToolBase.definition()`.
 *
 * @example
 * ```ts
 * const Echo = defineTool({
 *   name: 'echo',
 *   title: 'Echo',
 *   description: 'Says the text back.',
 *   argumentsSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
 *   run: ({ text }) => text, // text: string
 * });
 * ```
 */
export function defineTool<
  const Schema extends JSONSchema | StandardSchemaWithJSON,
  const Output extends JSONSchema | StandardSchemaWithJSON = JSONSchema,
>(spec: ToolSpec<Schema, Output>): ToolClass<Schema>;
export function defineTool(spec: LooseSpec): ToolClass<JSONSchema> {
  // The overloads typed what run takes and returns; the server checks both when it runs.
  const run = spec.run as (
    args: unknown,
    context: RequestScope,
  ) => ToolOutput | Promise<ToolOutput>;
  class Defined extends MCPToolBase<JSONSchema | StandardSchemaWithJSON> {
    declare readonly name: string;
    declare readonly title: string;
    declare readonly description: string;
    declare readonly argumentsSchema: JSONSchema | StandardSchemaWithJSON;
    run(args: unknown, context: RequestScope): ToolOutput | Promise<ToolOutput> {
      return run(args, context);
    }
  }
  // Checked now, so that a name or a schema MCP or ajv would refuse fails at the caller's line.
  withFields(Defined, spec, TOOL_FIELDS, (tool) => tool.definition());
  // The class is checked against the loose schema type; its users see the exact one.
  return Defined as unknown as ToolClass<JSONSchema>;
}
