/**
 * JSON Schema validation: validators compiled by ajv once per schema owner and reused by every
 * server, and what they find, told to the model.
 *
 * @module
 */
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { InvalidArgumentsError, withoutStack } from './core/errors.js';
import { type Dialect, dialectProblem, schemaDialect } from './json-schema/definition-checks.js';
import { isObject } from './jsonrpc.js';
import type { StandardSchemaWithJSON } from './standard-schema/standard-schema.js';

export type { FromSchema, JSONSchema };

type Schema = Record<string, unknown>;

/** One problem a validator found: ajv's error object, as far as this library reads it. */
export interface ValidationError {
  /** The JSON Pointer of the value, e.g. `/filters/0/name`; empty for the whole value. */
  instancePath: string;
  /** The keyword that failed, e.g. `required`. */
  keyword: string;
  /** What the keyword says of the value, e.g. `must be string`. */
  message?: string | undefined;
  /** The keyword's details, e.g. `missingProperty`. */
  params: Record<string, unknown>;
}

/** A compiled validator: true when the value is valid; `errors` then holds what it found. */
export interface Validator {
  (value: unknown): boolean;
  /** The problems of the last value that was not valid. */
  errors?: readonly ValidationError[] | null | undefined;
}

/**
 * The options of the ajv that compiles every schema, `Ajv2020` for JSON Schema 2020-12 (MCP's
 * default dialect) and `Ajv` for a schema that declares draft-07 (see `schemaDialect()`): every
 * error reported; `format` an annotation, as 2020-12 has it by default; defaults filled in. Unknown
 * keywords are ajv's to ignore (`strict: false`), for `x-…` annotations: the check of a tool's
 * schemas when it is defined refuses the others. A build step that generates standalone validators
 * (for runtimes that forbid `new Function`) must use the same.
 */
export const AJV_OPTIONS = {
  /** Every error, not the first only: the model corrects them all at once. */
  allErrors: true,
  /** Unknown keywords ignored: `x-` annotations pass; the definition check refuses the others. */
  strict: false,
  /** `format` is an annotation, as 2020-12 has it by default. */
  validateFormats: false,
  /** Defaults filled in, on a copy of the arguments. */
  useDefaults: true,
  /**
   * Infinity and NaN are no JSON numbers (`1e400` parses to Infinity): not integers, not numbers.
   */
  strictNumbers: true,
  /** Nothing printed. */
  logger: false,
  /**
   * Schemas not checked against the meta-schemas: that check costs some 100 ms at the first call,
   * to find mistakes a tool's author finds in their first test. A schema ajv cannot compile is
   * still refused.
   */
  validateSchema: false,
  /** The meta-schemas not loaded, for the same reason. */
  meta: false,
} as const;

/**
 * A function that compiles a JSON Schema into a validator with ajv's interface; `undefined` leaves
 * the schema to ajv.
 */
export type SchemaCompiler = (schema: JSONSchema) => Validator | undefined;

interface Compiler {
  compile(schema: Schema | boolean): Validator;
}

const ajvs: { [dialect in Dialect]?: Promise<Compiler> } = {};
let custom: SchemaCompiler | undefined;

// ajv is loaded on the first schema it compiles, not with the library: it is most of a server's
// cold start, and a server whose validators were generated at build time never needs it.
function loadAjv(dialect: Dialect): Promise<Compiler> {
  ajvs[dialect] ??= import('./json-schema/ajv.js').then(({ Ajv, Ajv2020 }) =>
    dialect === 'draft-07' ? new Ajv(AJV_OPTIONS) : new Ajv2020(AJV_OPTIONS),
  );
  return ajvs[dialect];
}

/**
 * Replace the schema compiler, e.g. with one that returns validators generated at build time by
 * ajv's standalone code: where `new Function` is forbidden (Cloudflare Workers), or to start
 * faster, since ajv is then never loaded. A schema it returns no validator for is compiled by ajv.
 *
 * @param compile - The compiler, or `undefined` for ajv's own.
 *
 * @example
 * ```ts
 * import { validators } from './validators.generated.js'; // { [JSON of the schema]: validate }
 * setSchemaCompiler((schema) => validators[JSON.stringify(schema)]);
 * ```
 */
export function setSchemaCompiler(compile: SchemaCompiler | undefined): void {
  custom = compile;
}

/**
 * Compile a JSON Schema into a validator, by the dialect its `$schema` declares (2020-12 when it
 * declares none). Call it once per schema, never per request: compiling is what is slow. ajv is
 * loaded on first use, so that a server that lists tools and never calls one, or whose validators
 * were generated at build time, pays nothing for it.
 *
 * @param schema - The schema.
 * @returns ajv's validate function; its `errors` hold the problems after a failed call.
 * @throws Error - If the schema itself is not valid, or declares a dialect ajv does not validate
 * here.
 *
 * @example
 * ```ts
 * const validate = await compileSchema({ type: 'object', required: ['query'] });
 * validate({}); //=> false
 * validate.errors?.[0]?.message; //=> "must have required property 'query'"
 * ```
 */
export async function compileSchema(schema: JSONSchema): Promise<Validator> {
  const compiled = custom?.(schema);
  if (compiled !== undefined) return compiled;
  const dialect = schemaDialect(schema);
  if (dialect === undefined) {
    throw new Error(`$schema ${dialectProblem(schema)}`);
  }
  return (await loadAjv(dialect)).compile(schema as Schema | boolean);
}

/**
 * Compile a validator once per owner (a tool or prompt class), however many first calls arrive
 * while it compiles; one that fails to compile is tried again by the next call. A Standard Schema
 * is not compiled: its own library validates, through a validator loaded with the first one, which
 * returns (a promise of) the parsed value or the problems, where ajv's returns a boolean.
 *
 * @param entry - Where the owner keeps its validators: the compiled one, or its compilation.
 * @param which - The key of the validator in `entry`: `validateOutput` for `structuredContent`.
 * @param schema - The schema to compile.
 * @returns The validator, once compiled.
 */
export function compileOnce<K extends string>(
  entry: { [key in K]: Validator | Promise<Validator> | undefined },
  which: K,
  schema: JSONSchema | StandardSchemaWithJSON,
): Promise<Validator> {
  const compiling = (
    (schema as { '~standard'?: unknown })['~standard']
      ? import('./standard-schema/standard-validator.js').then(({ standardValidator }) =>
          standardValidator(schema as StandardSchemaWithJSON, which),
        )
      : compileSchema(schema as JSONSchema)
  ).then(
    (validate) => (entry[which] = validate),
    (error: unknown) => {
      entry[which] = undefined;
      throw error;
    },
  );
  entry[which] = compiling;
  return compiling;
}

/**
 * Whether a schema sets a `default` anywhere, i.e. whether validating fills in values and must
 * work on a copy of what the client sent.
 *
 * @param schema - The schema.
 * @returns True if a `default` keyword appears.
 */
export function hasDefaults(schema: unknown): boolean {
  if (Array.isArray(schema)) return schema.some(hasDefaults);
  if (!isObject(schema)) return false;
  return 'default' in schema || Object.values(schema).some(hasDefaults);
}

const enumMessages = new WeakMap<object, string>();

// A JSON Pointer as a dotted path: `/sort/field` → `sort.field`, empty segments left out.
function dotted(pointer: string): string {
  // One segment without escapes, as most are: no array to build.
  if (pointer.indexOf('/', 1) === -1 && !pointer.includes('~')) return pointer.slice(1);
  const path: string[] = [];
  for (const part of pointer.slice(1).split('/')) {
    if (part !== '') path.push(part.replace(/~1/g, '/').replace(/~0/g, '~'));
  }
  return path.join('.');
}

function problem(error: ValidationError, root: string, owner: string): string {
  let path = dotted(error.instancePath);
  let message = error.message ?? 'is not valid';
  if (error.keyword === 'enum') {
    // Told once per schema's list: ajv hands the schema's own array.
    const values = error.params.allowedValues as unknown[];
    let told = enumMessages.get(values);
    if (told === undefined) {
      told = `must be one of ${values.map((value) => JSON.stringify(value)).join(', ')}`;
      enumMessages.set(values, told);
    }
    message = told;
  } else if (error.keyword === 'const') {
    message = `must be ${JSON.stringify(error.params.allowedValue)}`;
  } else if (error.keyword === 'required') {
    path = within(path, error.params.missingProperty);
    message = 'is required';
  } else if (
    error.keyword === 'additionalProperties' ||
    error.keyword === 'unevaluatedProperties'
  ) {
    path = within(path, error.params.additionalProperty ?? error.params.unevaluatedProperty);
    message = `is not an argument of this ${owner}`;
  }
  return `${path === '' ? root : path}: ${message}`;
}

const within = (path: string, name: unknown) => (path === '' ? String(name) : `${path}.${name}`);

// Past this many errors, repeats are found by hashing, not by comparing each with each.
const FEW_ERRORS = 16;

/**
 * Describe ajv's errors, one `path: message` each, the path dotted and `root` for the whole value.
 *
 * @param errors - ajv's errors.
 * @param root - What to call the value as a whole, e.g. `arguments`.
 * @param owner - What the value is the arguments of: `tool` or `prompt`.
 * @returns The problems, without repeats.
 */
export function describeErrors(
  errors: readonly ValidationError[],
  root: string,
  owner = 'tool',
): string[] {
  const problems: string[] = [];
  for (const error of errors) {
    // "must match a schema in anyOf" says less than the failures of its branches, when there are
    // some.
    if (
      (error.keyword === 'anyOf' || error.keyword === 'oneOf') &&
      errors.some((other) => other !== error && other.instancePath === error.instancePath)
    ) {
      continue;
    }
    const told = problem(error, root, owner);
    if (errors.length > FEW_ERRORS || !problems.includes(told)) problems.push(told);
  }
  const unique = errors.length > FEW_ERRORS ? [...new Set(problems)] : problems;
  return unique.length > 0 ? unique : [`${root}: is not valid`];
}

/**
 * The tool error for arguments that are not valid, naming each problem by its dotted path
 * (`arguments` for the arguments as a whole), for the LLM to correct its call (SEP-1303).
 *
 * @param toolName - The tool called, e.g. `search_logs`.
 * @param errors - ajv's errors for the arguments.
 * @returns The error, for the caller to throw.
 *
 * @example
 * ```ts
 * invalidArguments('search_logs', validate.errors ?? []).message;
 * //=> 'invalid arguments for search_logs: limit: must be <= 200'
 * ```
 */
export function invalidArguments(
  toolName: string,
  errors: readonly ValidationError[],
): InvalidArgumentsError {
  const problems = describeErrors(errors, 'arguments');
  return withoutStack(() => new InvalidArgumentsError(toolName, problems));
}
