/**
 * The base class of a tool: a name, a description, a JSON Schema of its arguments, and `run()`.
 *
 * @module
 */

import { InvalidArgumentsError, ToolError, withoutStack } from './core/errors.js';
import { RequestScope } from './core/request-scope.js';
import type { HeaderParameter } from './era/modern-revision.js';
import { simplifySchema } from './json-schema/simplify.js';
import type { ToolArguments } from './json-schema/typed-arguments.js';
import { isObject, isPromiseLike } from './jsonrpc.js';
import { compileOnce, describeErrors, type JSONSchema, type Validator } from './schema.js';
import { jsonSchemaOf } from './standard-schema/json-schema-of.js';
import type { StandardSchemaWithJSON } from './standard-schema/standard-schema.js';
import type { Parsed } from './standard-schema/standard-validator.js';
import { cloneJson, closed } from './tools/tool-checks.js';
import { type CompiledTool, compiledTool } from './tools/tool-definition.js';
import { type ToolOutput, toolResult, within } from './tools/tool-result.js';

export { type ToolOutput, ToolTimeoutError } from './tools/tool-result.js';

import type { CallToolResult, ClientCapabilities, ObjectSchema, Tool } from './wire/types.js';

/**
 * What a server needs of a tool, whatever its schema: the type of the values of a server's
 * `tools`. Every {@link MCPToolBase} is one.
 */
export interface AnyTool {
  /** The name the LLM calls the tool by. */
  readonly name: string;
  /** The tool, as `tools/list` lists it. */
  definition(): Tool;
  /** Validate the arguments, run the tool, and build its result. */
  call(
    rawArguments: Record<string, unknown> | undefined,
    context?: RequestScope,
  ): Promise<CallToolResult>;
  /** The arguments a 2026-07-28 client mirrors in `Mcp-Param-*` headers. */
  headerParameters(): readonly HeaderParameter[];
  /** The client capabilities a call needs, checked in the 2026-07-28 era. */
  readonly requiredClientCapabilities?: ClientCapabilities | undefined;
  /** The OAuth scopes a request must be granted to see the tool and call it. */
  readonly requiredScopes?: readonly string[] | undefined;
  /** Whether a call may be answered with a task; see {@link MCPToolBase.taskSupport}. */
  readonly taskSupport?: TaskSupport | undefined;
  /** Whether a tool that must run as a task asks for input first; see {@link MCPToolBase}. */
  readonly inputBeforeTask?: boolean | undefined;
  /** Compile the validators now, not at the first call; see {@link MCPToolBase.compileSchemas}. */
  compileSchemas?(): Promise<void>;
}

/** Whether a tool's call may be answered with a task: never, as it decides, or always. */
export type TaskSupport = 'forbidden' | 'optional' | 'required';

/** @internal The key of {@link MCPToolBase}'s call that answers at once when it can. */
export const CALL = Symbol('call');

/** @internal What {@link CALL} answers: the result, or the problems of arguments not valid. */
export type CallAnswer = CallToolResult | readonly string[];

/** @internal Whether a call's answer is the problems of its arguments. */
export const isRefusal = (answer: CallAnswer): answer is readonly string[] => Array.isArray(answer);

/**
 * A tool of an MCP server. A subclass sets `name`, `title`, `description` and `argumentsSchema`
 * (a JSON Schema literal, `as const`), and implements `run(args)`, whose `args` are the validated
 * arguments, typed from the schema. What `run()` throws as a {@link ToolError} reaches the LLM as
 * a result with `isError`; anything else is a server fault, answered as -32603 and logged.
 *
 * A tool's definition and validators are built once, on first use, and shared by every instance
 * of its class that has the same name, schemas and hints; an instance that differs (a class whose
 * constructor takes a name and a schema) is a tool of its own. Write schemas as module-level
 * constants: an instance whose schema is a new object is matched by its JSON.
 *
 * @typeParam Schema - The type of `argumentsSchema`.
 *
 * @example
 * ```ts
 * const schema = {
 *   type: 'object',
 *   properties: { city: { type: 'string', description: 'The city, e.g. Oslo.' } },
 *   required: ['city'],
 * } as const satisfies JSONSchema;
 *
 * class GetWeather extends MCPToolBase<typeof schema> {
 *   readonly name = 'get_weather';
 *   readonly title = 'Get the weather';
 *   readonly description = 'The weather now in a city.';
 *   readonly argumentsSchema = schema;
 *   run({ city }: ToolArguments<typeof schema>) {
 *     return `It is sunny in ${city}.`;
 *   }
 * }
 * ```
 */
// `in out`: the tool is invariant in its schema, as measured anyway, but declared, so that the
// compiler never measures it by expanding `FromSchema`: without it, two tools of different schemas
// in one array or `Map` literal (e.g. `[new A(), new B()]` of defineTool classes) fail with "Type
// instantiation is excessively deep" (TS2589).
export abstract class MCPToolBase<
  in out Schema extends JSONSchema | StandardSchemaWithJSON = JSONSchema,
> implements AnyTool
{
  /** The name the LLM calls the tool by, e.g. `search_logs`: 1–128 of `A-Za-z0-9_-.`. */
  abstract readonly name: string;
  /** A human-readable name a client may show, e.g. `Search the logs`. */
  abstract readonly title: string;
  /** What the tool does and when to call it: the LLM reads it to choose a tool. */
  abstract readonly description: string;
  /**
   * The schema of the arguments: a JSON Schema of type object, written `as const`, or a Standard
   * Schema that gives its JSON Schema (a Zod 4.2+ object, an ArkType type, a Valibot object through
   * `toStandardJsonSchema()`), which its own library validates.
   */
  abstract readonly argumentsSchema: Schema;
  /** The schema of `structuredContent`, when the tool returns some: JSON Schema or Standard Schema. */
  declare readonly outputSchema?: JSONSchema | StandardSchemaWithJSON | undefined;
  /**
   * The tool only reads: a client may call it without asking its user. Read-only is idempotent.
   * Default false, as the specification's `readOnlyHint`: a tool is taken to write unless it says
   * otherwise.
   */
  declare readonly readOnly?: boolean;
  /**
   * A tool that writes (`readOnly: false`) may destroy or overwrite, not only add. Default true, as
   * the specification's `destructiveHint`: say `false` of a tool that only adds. A read-only tool
   * is never destructive.
   */
  declare readonly destructive?: boolean;
  /**
   * A tool that writes (`readOnly: false`) has no more effect when called again with the same
   * arguments. Default false, as the specification's `idempotentHint`. A read-only tool always is.
   */
  declare readonly idempotent?: boolean;
  /**
   * The tool reaches beyond the server's own data, e.g. to the web. Default true, as the
   * specification's `openWorldHint`: say `false` of a tool that touches only the server's data.
   */
  declare readonly openWorld?: boolean;
  /**
   * The client capabilities a call needs, e.g. `{ sampling: {} }`: a 2026-07-28 request that does
   * not declare them is refused with -32021.
   */
  declare readonly requiredClientCapabilities?: ClientCapabilities | undefined;
  /**
   * The OAuth scopes a request must be granted to see the tool and call it, e.g.
   * `['notes:write']`: a request without them does not find it in `tools/list`, and its call is
   * refused with 403 `insufficient_scope` over HTTP. Checked when the tool is defined.
   */
  declare readonly requiredScopes?: readonly string[] | undefined;
  /**
   * The most milliseconds a call may take: past it, the call's signal aborts and the LLM reads
   * that it timed out. The server's `toolTimeoutMs` when left out.
   */
  declare readonly timeoutMs?: number | undefined;
  /**
   * Whether a call may be answered with a task (the Tasks extension, 2026-07-28), which its client
   * polls: `forbidden` (the default), `optional` (the tool decides per call, by calling
   * `scope.runAsTask()`), or `required` (always a task: a 2026-07-28 client that does not declare
   * the extension is refused with -32021). A handshake-era client waits for the result, as for
   * any tool. The server needs `tasks` ({@link tasksIn}).
   */
  declare readonly taskSupport?: TaskSupport | undefined;
  /**
   * A tool with `taskSupport: 'required'` that asks for input (`scope.elicit()`) before it is worth
   * a task: it runs in the call until it calls `scope.runAsTask()` (or ends, a task already
   * completed), so that what it asks first is asked in the call itself. Without it, the task is
   * made before the tool runs.
   */
  declare readonly inputBeforeTask?: boolean | undefined;

  /**
   * Run the tool.
   *
   * @param args - The arguments, validated against `argumentsSchema`, defaults filled in.
   * @param context - The request's scope: its `signal`, which aborts when the call times out, and
   * what the request says of its era and client.
   * @returns Markdown for the LLM, or the parts of a result.
   * @throws ToolError - When the tool fails in a way the LLM should read.
   */
  abstract run(
    args: ToolArguments<Schema>,
    context: RequestScope,
  ): ToolOutput | Promise<ToolOutput>;

  // The class's entry, kept on the instance too: a call then costs a field read, not a lookup.
  #entry: CompiledTool | undefined = undefined;

  #compiled(): CompiledTool {
    // Read once: among a server's tools, each its own class, every read of it is a megamorphic one.
    const known = this.#entry;
    if (known !== undefined) return known;
    const entry = compiledTool(this);
    this.#entry = entry;
    return entry;
  }

  /**
   * The tool's MCP `inputSchema`: the arguments schema, simplified with `simplifySchema()`, of type
   * object, and closed with `additionalProperties: false` unless the schema says otherwise, so that
   * the LLM does not invent arguments.
   *
   * @returns A JSON Schema of type object.
   * @throws TypeError - If the arguments schema is not of type object, which MCP requires.
   */
  inputSchema(): ObjectSchema {
    const schema = jsonSchemaOf(this.name, 'argumentsSchema', this.argumentsSchema);
    if (!isObject(schema) || schema.type !== 'object') {
      throw new TypeError(`${this.name}: argumentsSchema must be a JSON Schema of type "object"`);
    }
    return closed(simplifySchema(schema)) as ObjectSchema;
  }

  /**
   * The schema the client's arguments are validated against: the arguments schema as written (a
   * `null` that the inferred type allows is accepted), closed as `inputSchema()` is. A build step
   * that generates validators compiles this one. A Standard Schema is returned as it is: its own
   * library validates, and nothing is compiled.
   *
   * @returns The JSON Schema.
   */
  validationSchema(): JSONSchema {
    const schema = this.argumentsSchema as Record<string, unknown>;
    // A Standard Schema is its own validator.
    return (schema['~standard'] ? schema : closed(schema)) as JSONSchema;
  }

  /**
   * The arguments marked `x-mcp-header`, which a 2026-07-28 client mirrors in `Mcp-Param-*`
   * headers; checked when the tool is first defined.
   *
   * @returns The annotated arguments, built once per definition.
   * @throws TypeError - If an annotation breaks a rule of the specification.
   */
  headerParameters(): readonly HeaderParameter[] {
    return this.#compiled().headerParameters;
  }

  /**
   * The tool, as `tools/list` lists it: built once per definition, and frozen. Building it checks the
   * tool, without ajv: a name of 1 to 128 of `A-Za-z0-9_-.`, and schemas of a dialect ajv
   * validates here (2020-12, or draft-07 when `$schema` says so), without unknown keywords
   * (annotations of the author's own are named with an `x-` prefix), with JSON's type names,
   * `required` arrays of names, patterns that compile, and each `$ref` leading to a part of the
   * schema.
   *
   * @returns The name, title, description, inputSchema, annotations, and outputSchema when set.
   * @throws TypeError - Naming the tool and every problem found, with where it is in the schema.
   */
  definition(): Tool {
    return this.#compiled().definition;
  }

  /**
   * Compile the validators of the tool's schemas now, rather than at its first call: what ajv
   * refuses in a schema then fails here, with the tool's name, and not on a client's first call.
   * {@link MCPServerBase.verify} does it for every tool of a server.
   *
   * @throws Error - Naming the tool, each schema that ajv cannot compile, and ajv's reason.
   */
  async compileSchemas(): Promise<void> {
    const entry = this.#compiled();
    const pending = [
      entry.validate ?? compileOnce(entry, 'validate', this.validationSchema()),
      this.outputSchema === undefined
        ? undefined
        : (entry.validateOutput ?? compileOnce(entry, 'validateOutput', this.outputSchema)),
    ];
    const problems: string[] = [];
    for (const [index, which] of ['argumentsSchema', 'outputSchema'].entries()) {
      try {
        await pending[index];
      } catch (error) {
        problems.push(`${which}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    if (problems.length > 0) throw new Error(`${this.name}: ${problems.join('; ')}`);
  }

  /**
   * Validate the arguments as the client sent them, run the tool, and build its result.
   *
   * @param rawArguments - The `arguments` of `tools/call`, or `undefined` when there were none.
   * @returns The tool's result.
   * @throws ToolError - An {@link InvalidArgumentsError} naming every problem, or the tool's own.
   */
  async call(
    rawArguments: Record<string, unknown> | undefined,
    context: RequestScope = new RequestScope(),
  ): Promise<CallToolResult> {
    const answer = await this[CALL](rawArguments, context);
    if (isRefusal(answer)) {
      throw withoutStack(() => new InvalidArgumentsError(this.name, answer));
    }
    return answer;
  }

  /**
   * @internal {@link call}, at once when it can: a tool that answers at once is answered without a
   * promise, and arguments that are not valid are answered with their problems, neither an error
   * built nor a rejection that Node tracks.
   */
  [CALL](
    rawArguments: Record<string, unknown> | undefined,
    context: RequestScope,
  ): CallAnswer | Promise<CallAnswer> {
    const entry = this.#compiled();
    // The schema is built only to be compiled: building it is not free.
    const validate = entry.validate ?? compileOnce(entry, 'validate', this.validationSchema());
    return typeof validate === 'function'
      ? this.#run(entry, validate, rawArguments, context)
      : validate.then((known) => this.#run(entry, known, rawArguments, context));
  }

  #run(
    entry: CompiledTool,
    validate: Validator,
    rawArguments: Record<string, unknown> | undefined,
    context: RequestScope,
  ): CallAnswer | Promise<CallAnswer> {
    const args =
      rawArguments === undefined
        ? {}
        : entry.copyArguments
          ? cloneJson(rawArguments)
          : rawArguments;
    const valid = validate(args) as boolean | Promise<Parsed>;
    // A Standard Schema's validator: run() receives what its library parsed.
    if (typeof valid === 'object') {
      return valid.then((parsed) =>
        Array.isArray(parsed)
          ? parsed
          : this.#ran(entry, (parsed as { value: unknown }).value, context),
      );
    }
    if (!valid) return describeErrors(validate.errors ?? [], 'arguments');
    return this.#ran(entry, args, context);
  }

  #ran(
    entry: CompiledTool,
    args: unknown,
    context: RequestScope,
  ): CallAnswer | Promise<CallAnswer> {
    // Generic FromSchema is too deep for the compiler to check here; the instance's type is exact.
    const run = this.run as unknown as (
      args: unknown,
      context: RequestScope,
    ) => ToolOutput | Promise<ToolOutput>;
    const output = run.call(this, args, context);
    // A tool that answered at once cannot have run past its time: only a pending one is raced.
    // Any thenable, not only this realm's Promise.
    return isPromiseLike(output)
      ? within(
          output as PromiseLike<ToolOutput>,
          this.name,
          this.timeoutMs ?? context.timeoutMs,
          context,
        ).then((settled) => this.#checked(entry, settled))
      : this.#checked(entry, output as ToolOutput);
  }

  #checked(entry: CompiledTool, settled: ToolOutput): CallToolResult | Promise<CallToolResult> {
    const known =
      this.outputSchema === undefined
        ? undefined
        : (entry.validateOutput ?? compileOnce(entry, 'validateOutput', this.outputSchema));
    return known instanceof Promise
      ? known.then((validateOutput) =>
          toolResult(this.name, this.outputSchema, settled, validateOutput),
        )
      : toolResult(this.name, this.outputSchema, settled, known);
  }
}
