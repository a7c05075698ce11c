/**
 * The base class of a prompt: a name, a description, a JSON Schema of its string arguments, and
 * `get()`, which returns messages.
 *
 * @module
 */
import type { CompletionContext } from '../completions/completion-methods.js';
import { definedOnce } from '../core/definitions.js';
import { ProtocolError, withoutStack } from '../core/errors.js';
import { scopesProblem } from '../core/oauth-scopes.js';
import { RequestScope } from '../core/request-scope.js';
import type { ToolArguments } from '../json-schema/typed-arguments.js';
import { deepFreeze, ErrorCode, isObject, isPromiseLike } from '../jsonrpc.js';
import {
  compileOnce,
  describeErrors,
  hasDefaults,
  type JSONSchema,
  type Validator,
} from '../schema.js';
import { jsonSchemaOf } from '../standard-schema/json-schema-of.js';
import type { StandardInput, StandardSchemaWithJSON } from '../standard-schema/standard-schema.js';
import type { Parsed } from '../standard-schema/standard-validator.js';
import type { GetPromptResult, Icon, Prompt, PromptArgument } from '../wire/types.js';
import { type PromptOutput, resultOf } from './prompt-result.js';

/** The schema of one prompt argument: a string, as every prompt argument is on the wire. */
export interface PromptArgumentSchema {
  /** Always `string`: prompt arguments are strings on the wire. */
  readonly type: 'string';
  /** What the argument is for: listed as the argument's description. */
  readonly description?: string;
  /** A human-readable name: listed as the argument's title. */
  readonly title?: string;
  /** The values allowed. */
  readonly enum?: readonly string[];
  /** The fewest characters allowed. */
  readonly minLength?: number;
  /** The most characters allowed. */
  readonly maxLength?: number;
  /** A regular expression the value must match. */
  readonly pattern?: string;
  /** The value's format, e.g. `email` or `date`: an annotation, not checked. */
  readonly format?: string;
  /** The value when the argument is left out. */
  readonly default?: string;
}

/**
 * The JSON Schema of a prompt's arguments: an object whose properties are all strings, since
 * prompt arguments are strings on the wire. A prompt lists its arguments from it (`name`,
 * `description`, `required`); other arguments are refused.
 */
export interface PromptArgumentsSchema {
  /** Always `object`: the arguments, by name. */
  readonly type: 'object';
  /** The arguments, by name. */
  readonly properties?: { readonly [name: string]: PromptArgumentSchema };
  /** The arguments that must be given. */
  readonly required?: readonly string[];
  /** Always closed: an argument the schema does not name is refused. */
  readonly additionalProperties?: false;
  /** What the arguments are, for a reader of the schema; not listed. */
  readonly description?: string;
  /** A human-readable name of the arguments; not listed. */
  readonly title?: string;
  /** The JSON Schema dialect: 2020-12 when absent, or draft-07. */
  readonly $schema?: string;
}

/**
 * A Standard Schema of a prompt's arguments (Zod, Valibot through its adapter, ArkType) that gives
 * its JSON Schema: of an object whose properties are strings, as prompt arguments are on the wire.
 * Its JSON Schema is listed (and checked) as a {@link PromptArgumentsSchema} is; its library
 * validates the arguments.
 */
export type PromptStandardSchema = StandardSchemaWithJSON<
  { readonly [name: string]: string | undefined },
  unknown
>;

/**
 * The arguments a prompt's `get()` receives, inferred from its schema, as
 * {@link ToolArguments} infers a tool's (for a Standard Schema, its output type).
 *
 * @example
 * ```ts
 * const schema = {
 *   type: 'object',
 *   properties: { code: { type: 'string' }, language: { type: 'string' } },
 *   required: ['code'],
 * } as const satisfies PromptArgumentsSchema;
 * type Args = PromptArguments<typeof schema>; //=> { code: string; language?: string }
 * ```
 */
export type PromptArguments<Schema extends PromptArgumentsSchema | PromptStandardSchema> =
  ToolArguments<Schema>;

/**
 * The name of an argument of a prompt, typed from its schema: the union of its properties' names
 * (`never` without any), or `string` for a schema that is not a literal type.
 *
 * @example
 * ```ts
 * const schema = {
 *   type: 'object',
 *   properties: { code: { type: 'string' }, language: { type: 'string' } },
 * } as const satisfies PromptArgumentsSchema;
 * type Name = PromptArgumentName<typeof schema>; //=> 'code' | 'language'
 * ```
 */
export type PromptArgumentName<Schema extends PromptArgumentsSchema | PromptStandardSchema> =
  Schema extends PromptStandardSchema
    ? keyof StandardInput<Schema> & string
    : Schema extends {
          /** The arguments, by name. */
          readonly properties?: infer P;
        }
      ? keyof NonNullable<P> & string
      : never;

/**
 * What a server needs of a prompt, whatever its schema: the type of the values of a server's
 * `prompts`. Every {@link MCPPromptBase} is one.
 */
export interface AnyPrompt {
  /** The name a client gets the prompt by. */
  readonly name: string;
  /** The OAuth scopes a request must be granted to see the prompt and get it. */
  readonly requiredScopes?: readonly string[] | undefined;
  /** The prompt, as `prompts/list` lists it. */
  definition(): Prompt;
  /** Validate the arguments, get the messages, and build the result. */
  render(
    rawArguments: Record<string, unknown> | undefined,
    scope?: RequestScope,
  ): Promise<GetPromptResult>;
  /** Suggest values of an argument, for `completion/complete`. */
  complete?(name: string, value: string, context: CompletionContext): string[] | Promise<string[]>;
}

interface Compiled {
  definition: Prompt;
  // The schema validated: the JSON Schema closed, or the Standard Schema, which validates itself.
  schema: JSONSchema | StandardSchemaWithJSON;
  validate: Validator | Promise<Validator> | undefined;
  copyArguments: boolean;
}

// Each instance's entry, found once (see definedOnce).
const compiled = new WeakMap<object, Compiled>();

// What an arguments schema may say at its root: a flat list of strings, nothing that composes.
const ROOT_KEYS = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'description',
  'title',
  '$schema',
  '$comment',
]);

// The arguments as `prompts/list` lists them, or the first rule of MCP the schema breaks.
function listedArguments(name: string, schema: unknown): PromptArgument[] {
  const refuse = (problem: string) =>
    new TypeError(`${name}: argumentsSchema ${problem}; prompt arguments are strings`);
  if (!isObject(schema) || schema.type !== 'object') {
    throw refuse('must be a JSON Schema of type "object"');
  }
  for (const key of Object.keys(schema)) {
    if (!ROOT_KEYS.has(key)) throw refuse(`must not use ${key}`);
  }
  if (schema.additionalProperties !== undefined && schema.additionalProperties !== false) {
    throw refuse('may set additionalProperties to false only');
  }
  const { properties = {}, required = [] } = schema;
  if (!isObject(properties)) throw refuse('properties must be an object');
  if (!Array.isArray(required)) throw refuse('required must be an array');
  const listed: PromptArgument[] = [];
  for (const [argument, property] of Object.entries(properties)) {
    if (!isObject(property) || property.type !== 'string') {
      throw refuse(`property ${argument} must be of type "string"`);
    }
    const entry: PromptArgument = { name: argument };
    if (typeof property.title === 'string') entry.title = property.title;
    if (typeof property.description === 'string') entry.description = property.description;
    entry.required = required.includes(argument);
    listed.push(entry);
  }
  for (const argument of required) {
    if (!Object.hasOwn(properties, argument)) throw refuse(`requires ${argument}, not a property`);
  }
  return listed;
}

/**
 * A prompt of an MCP server: a template of messages a user picks, filled in with string arguments.
 * A subclass sets `name`, `description` and `argumentsSchema` (a JSON Schema literal, `as const`,
 * whose properties are strings), and implements `get(args)`, whose `args` are the validated
 * arguments, typed from the schema. Arguments that are not valid are answered with -32602,
 * naming every problem; what `get()` throws is a server fault, answered as -32603 and logged,
 * unless it is a {@link ProtocolError}.
 *
 * The prompt's definition and validator are built once, on first use, and shared by every
 * instance of its class that has the same name, fields and schema; an instance that differs is a
 * prompt of its own.
 *
 * @typeParam Schema - The type of `argumentsSchema`.
 *
 * @example
 * ```ts
 * const schema = {
 *   type: 'object',
 *   properties: { code: { type: 'string', description: 'The code to review.' } },
 *   required: ['code'],
 * } as const satisfies PromptArgumentsSchema;
 *
 * class ReviewCode extends MCPPromptBase<typeof schema> {
 *   readonly name = 'review_code';
 *   readonly description = 'Asks for a review of a piece of code.';
 *   readonly argumentsSchema = schema;
 *   get({ code }: PromptArguments<typeof schema>) {
 *     return `Please review this code:\n\n${code}`;
 *   }
 * }
 * ```
 */
// `in out`, as MCPToolBase: the compiler never measures the class by expanding `FromSchema`.
export abstract class MCPPromptBase<
  in out Schema extends PromptArgumentsSchema | PromptStandardSchema = PromptArgumentsSchema,
> implements AnyPrompt
{
  /** The name a client gets the prompt by, e.g. `review_code`. */
  abstract readonly name: string;
  /** What the prompt provides: a client shows it to the user who picks a prompt. */
  abstract readonly description: string;
  /**
   * The schema of the arguments: a JSON Schema of type object, its properties strings, `as const`;
   * or a Standard Schema that gives such a JSON Schema, which its own library validates.
   */
  abstract readonly argumentsSchema: Schema;
  /** A human-readable name a client may show, e.g. `Review code`. */
  declare readonly title?: string | undefined;
  /** Icons a client may show (2025-11-25). */
  declare readonly icons?: Icon[] | undefined;
  /**
   * The OAuth scopes a request must be granted to see the prompt, get it and complete its
   * arguments: a request without them does not find it in `prompts/list`, its `prompts/get` is
   * refused with 403 `insufficient_scope` over HTTP, and its completion is answered as for a
   * prompt that does not exist. Checked when the prompt is defined.
   */
  declare readonly requiredScopes?: readonly string[] | undefined;

  /**
   * Suggest values of an argument as the user types it, for `completion/complete`. Left out, the
   * prompt's arguments complete to nothing; a server declares the `completions` capability when a
   * prompt or resource template has this hook.
   *
   * @param name - The argument, e.g. `language`: always one of the schema's properties (another
   * is refused with -32602 before the hook is called).
   * @param value - What the user has typed of it so far.
   * @param context - The values of the arguments already filled in, of the schema's properties.
   * @returns The suggestions, best first; the first 100 are sent.
   */
  complete?(
    name: PromptArgumentName<Schema>,
    value: string,
    context: CompletionContext,
  ): string[] | Promise<string[]>;

  /**
   * Get the prompt's messages.
   *
   * @param args - The arguments, validated against `argumentsSchema`, defaults filled in.
   * @param scope - The request's scope: its era and client, its headers and signal.
   * @returns One user message's text, the messages, or the messages with a description.
   */
  abstract get(
    args: PromptArguments<Schema>,
    scope: RequestScope,
  ): PromptOutput | Promise<PromptOutput>;

  /**
   * The prompt, as `prompts/list` lists it: built once per definition from the arguments schema,
   * and frozen.
   *
   * @returns The name, title, description, arguments and icons.
   * @throws TypeError - If the arguments schema is not an object of string properties.
   */
  definition(): Prompt {
    return compiledOf(this).definition;
  }

  /**
   * The schema the client's arguments are validated against: the arguments schema, closed. A
   * build step that generates validators compiles this one. A Standard Schema is returned as it
   * is: its own library validates, and nothing is compiled.
   *
   * @returns The JSON Schema.
   */
  validationSchema(): JSONSchema {
    const { schema } = compiledOf(this);
    // A copy: the one compiled stays as it was.
    return (
      (schema as Record<string, unknown>)['~standard'] ? schema : { ...(schema as object) }
    ) as JSONSchema;
  }

  /**
   * Validate the arguments as the client sent them, get the messages, and build the result.
   *
   * @param rawArguments - The `arguments` of `prompts/get`, or `undefined` when there were none.
   * @param scope - The request's scope.
   * @returns The prompt's messages.
   * @throws ProtocolError - -32602 naming every problem of the arguments.
   * @throws TypeError - If `get()` returns something that is not a prompt's output.
   */
  async render(
    rawArguments: Record<string, unknown> | undefined,
    scope: RequestScope = new RequestScope(),
  ): Promise<GetPromptResult> {
    return rendered(this, rawArguments, scope);
  }
}

/**
 * @internal A prompt's result, at once when its `get()` answers at once, unless `render()` is not
 * the base class's, which is then called as it asks. A function, not a method: a class with a
 * computed key is kept in a bundle that never uses it.
 */
export function renderNow(
  prompt: AnyPrompt,
  rawArguments: Record<string, unknown> | undefined,
  scope: RequestScope,
): GetPromptResult | Promise<GetPromptResult> {
  return prompt.render === MCPPromptBase.prototype.render
    ? rendered(prompt as MCPPromptBase, rawArguments, scope)
    : prompt.render(rawArguments, scope);
}

// What a prompt is made of, built once per definition: its definition, and its schema closed.
function compiledOf<S extends PromptArgumentsSchema | PromptStandardSchema>(
  prompt: MCPPromptBase<S>,
): Compiled {
  let entry = compiled.get(prompt);
  if (entry !== undefined) return entry;
  const { name, title, description, icons, argumentsSchema, requiredScopes } = prompt;
  const fields = [name, title, description, icons, argumentsSchema, requiredScopes];
  entry = definedOnce(prompt, fields, (): Compiled => {
    // A Standard Schema is listed, and checked, as the JSON Schema it gives.
    const json = jsonSchemaOf(name, 'argumentsSchema', argumentsSchema) as PromptArgumentsSchema;
    const listed = listedArguments(name, json);
    const scopes = scopesProblem(requiredScopes);
    if (scopes !== undefined) throw new TypeError(`${name}: ${scopes}`);
    const definition: Prompt = { name };
    if (title !== undefined) definition.title = title;
    definition.description = description;
    if (listed.length > 0) definition.arguments = listed;
    if (icons !== undefined) definition.icons = icons;
    return {
      definition: deepFreeze(definition),
      schema:
        json === argumentsSchema
          ? ({ ...json, additionalProperties: false } as JSONSchema)
          : argumentsSchema,
      validate: undefined,
      copyArguments: hasDefaults(json),
    };
  });
  compiled.set(prompt, entry);
  return entry;
}

// The arguments validated, and get()'s messages as a result, at once when the validator is compiled
// and get() answers at once.
function rendered<S extends PromptArgumentsSchema | PromptStandardSchema>(
  prompt: MCPPromptBase<S>,
  rawArguments: Record<string, unknown> | undefined,
  scope: RequestScope,
): GetPromptResult | Promise<GetPromptResult> {
  const entry = compiledOf(prompt);
  const validate = entry.validate ?? compileOnce(entry, 'validate', entry.schema);
  if (typeof validate !== 'function') {
    return validate.then(() => rendered(prompt, rawArguments, scope));
  }
  // Flat: a shallow copy is enough for the defaults to be filled in on.
  const args =
    rawArguments === undefined ? {} : entry.copyArguments ? { ...rawArguments } : rawArguments;
  const valid = validate(args) as boolean | Promise<Parsed>;
  // A Standard Schema's validator: get() receives what its library parsed.
  if (typeof valid === 'object') {
    return valid.then((parsed) =>
      Array.isArray(parsed)
        ? refuse(prompt.name, parsed)
        : got(prompt, (parsed as { value: unknown }).value, scope),
    );
  }
  if (!valid) refuse(prompt.name, describeErrors(validate.errors ?? [], 'arguments', 'prompt'));
  return got(prompt, args, scope);
}

// Arguments that are not valid: -32602, naming every problem.
function refuse(name: string, problems: readonly string[]): never {
  throw withoutStack(
    () =>
      new ProtocolError(
        ErrorCode.InvalidParams,
        `invalid arguments for prompt ${name}: ${problems.join('; ')}`,
      ),
  );
}

// get()'s messages as a result, at once when get() answers at once.
function got<S extends PromptArgumentsSchema | PromptStandardSchema>(
  prompt: MCPPromptBase<S>,
  args: unknown,
  scope: RequestScope,
): GetPromptResult | Promise<GetPromptResult> {
  // Generic FromSchema is too deep for the compiler to check here; the instance's type is exact.
  const get = prompt.get as unknown as (
    args: unknown,
    scope: RequestScope,
  ) => PromptOutput | Promise<PromptOutput>;
  const output = get.call(prompt, args, scope);
  // Any thenable, not only this realm's Promise.
  return isPromiseLike(output)
    ? Promise.resolve(output).then((settled) => resultOf(prompt.name, settled))
    : resultOf(prompt.name, output);
}
