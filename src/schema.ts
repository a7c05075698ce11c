/**
 * JSON Schema: the simplifier that makes a tool's `inputSchema` cheap for an LLM to read, and the
 * validators, compiled by ajv once per schema owner and reused by every server.
 *
 * @module
 */
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { InvalidArgumentsError, withoutStack } from './errors.js';
import { isObject } from './jsonrpc.js';
import { type Dialect, dialectProblem, schemaDialect } from './schema-check.js';

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

// Keywords whose value is one subschema, an array of them, or a map of them by name. Anything else
// is data (enum, const, default, examples, x-…) and is copied as it is: a property named `title` is
// a name under `properties`, not the `title` keyword.
const ONE = new Set([
  'not',
  'if',
  'then',
  'else',
  'items',
  'additionalItems',
  'additionalProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'contains',
  'propertyNames',
  'contentSchema',
]);
const MANY = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items']);
const BY_NAME = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
]);

// Keywords that describe a value without constraining it: on a clash, the outer one can win.
const ANNOTATIONS = new Set([
  'description',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  '$comment',
]);

function isNullSchema(schema: unknown): boolean {
  return (
    isObject(schema) && (schema.type === 'null' || (schema.const === null && !('type' in schema)))
  );
}

// Assignment would treat a key named `__proto__` as the prototype; a schema may name a property so.
function put(target: Schema, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

// `nulls`: whether `null` alternatives go too, which changes what the schema accepts; without it,
// only annotations go.
function simplifyNode(schema: unknown, nulls: boolean): unknown {
  if (!isObject(schema)) return structuredClone(schema);
  let out: Schema = {};
  for (const key of Object.keys(schema)) {
    const value = schema[key];
    if (key === 'title' && typeof value === 'string') continue;
    if (key === 'default' && value === null) continue;
    if (MANY.has(key) && Array.isArray(value))
      put(
        out,
        key,
        value.map((item) => simplifyNode(item, nulls)),
      );
    else if (ONE.has(key)) put(out, key, simplifyNode(value, nulls));
    else if (BY_NAME.has(key) && isObject(value)) {
      const byName: Schema = {};
      for (const name of Object.keys(value)) {
        // MCP types a property's schema as an object, and clients refuse `true` and `false` there.
        const child = value[name];
        const schema =
          key !== 'properties' || typeof child !== 'boolean' ? child : child ? {} : { not: {} };
        put(byName, name, simplifyNode(schema, nulls));
      }
      put(out, key, byName);
    } else put(out, key, structuredClone(value));
  }
  if (!nulls) return out;
  if (Array.isArray(out.type) && out.type.includes('null')) {
    const types = out.type.filter((type) => type !== 'null');
    if (types.length > 0) out.type = types.length === 1 ? types[0] : types;
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = out[key];
    if (!Array.isArray(branches) || !branches.some(isNullSchema)) continue;
    const kept = branches.filter((branch) => !isNullSchema(branch));
    if (kept.length === 0) continue;
    if (kept.length > 1) {
      out[key] = kept;
      continue;
    }
    // The one branch left takes the place of the union. Where both say the same thing of the
    // field (its description, say), the parent's words win; a branch that shares a validation
    // keyword with its parent joins the parent's allOf instead, after the subschemas there.
    const { [key]: _, ...rest } = out;
    const branch = kept[0];
    const allOf = Array.isArray(rest.allOf) ? rest.allOf : [];
    const mergeable =
      isObject(branch) &&
      Object.keys(branch).every((name) => !(name in rest) || ANNOTATIONS.has(name));
    out = mergeable ? { ...branch, ...rest } : { ...rest, allOf: [...allOf, branch] };
  }
  return out;
}

/**
 * Simplify a JSON Schema for an LLM. Generators (Pydantic, zod, TypeBox) write what helps a form,
 * not a model: a `title` on every node, the model's docstring as the root `description`, and
 * `"default": null` and a `null` alternative on every optional field. They cost tokens in every
 * `tools/list` answer, so they go: `anyOf: [T, {type: "null"}]` becomes `T` (so does `oneOf`), and
 * `type: [T, "null"]` becomes `T`. `$defs` and `$ref` keep working.
 *
 * @param schema - A JSON Schema. It is not changed: the function works on a deep copy.
 * @returns The simplified schema.
 *
 * @example
 * ```ts
 * simplifySchema({
 *   title: 'Args', description: 'Internal docstring.', type: 'object',
 *   properties: { limit: { anyOf: [{ type: 'integer' }, { type: 'null' }], default: null, title: 'Limit' } },
 * });
 * //=> { type: 'object', properties: { limit: { type: 'integer' } } }
 * ```
 */
export function simplifySchema<S>(schema: S): S {
  const out = simplifyNode(schema, true);
  if (isObject(out)) delete out.description;
  return out as S;
}

/**
 * A tool's `outputSchema` as listed: without the annotations `simplifySchema()` drops (`title`s,
 * `"default": null`, the root `description`), but with its `null` alternatives, so that it accepts
 * exactly what the schema as written accepts, which results are checked against. A client checks
 * results against the listed schema, and MCP requires that they match it.
 *
 * @param schema - The output schema as written.
 * @returns A copy without those annotations.
 */
export function simplifyOutputSchema<S>(schema: S): S {
  const out = simplifyNode(schema, false);
  if (isObject(out)) delete out.description;
  return out as S;
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
  ajvs[dialect] ??= import('./ajv.js').then(({ Ajv, Ajv2020 }) =>
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
 * while it compiles; one that fails to compile is tried again by the next call.
 *
 * @param entry - Where the owner keeps its validators: the compiled one, or its compilation.
 * @param which - The key of the validator in `entry`.
 * @param schema - The schema to compile.
 * @returns The validator, once compiled.
 */
export function compileOnce<K extends string>(
  entry: { [key in K]: Validator | Promise<Validator> | undefined },
  which: K,
  schema: JSONSchema,
): Promise<Validator> {
  const compiling = compileSchema(schema).then(
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
