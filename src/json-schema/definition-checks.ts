/**
 * The checks a tool passes when it is defined, before any client sees it and without ajv: its name
 * is one MCP allows, and its schemas are of a dialect this library validates, with no unknown
 * keyword, type name, pattern or reference that ajv would refuse or silently ignore.
 *
 * @module
 */
import { isObject } from '../jsonrpc.js';

/** A JSON Schema dialect ajv validates here: 2020-12, MCP's default, or draft-07. */
export type Dialect = '2020-12' | 'draft-07';

// The dialects by `$schema`, as written with and without the empty fragment.
const DIALECTS = new Map<string, Dialect>();
for (const [uri, dialect] of [
  ['https://json-schema.org/draft/2020-12/schema', '2020-12'],
  ['http://json-schema.org/draft-07/schema', 'draft-07'],
] as const) {
  DIALECTS.set(uri, dialect).set(`${uri}#`, dialect);
}

/**
 * The dialect a schema is validated by: the one its root `$schema` declares, else 2020-12, MCP's
 * default. A build step that generates validators compiles each schema with ajv's class of it:
 * `Ajv2020` for 2020-12, `Ajv` for draft-07.
 *
 * @param schema - A JSON Schema.
 * @returns The dialect, or `undefined` for a `$schema` this library does not validate.
 *
 * @example
 * ```ts
 * schemaDialect({ type: 'object' }); //=> '2020-12'
 * schemaDialect({ $schema: 'http://json-schema.org/draft-07/schema#' }); //=> 'draft-07'
 * schemaDialect({ $schema: 'http://json-schema.org/draft-04/schema#' }); //=> undefined
 * ```
 */
export function schemaDialect(schema: unknown): Dialect | undefined {
  const uri = isObject(schema) ? schema.$schema : undefined;
  return uri === undefined ? '2020-12' : DIALECTS.get(uri as string);
}

/**
 * @internal What to say of a schema whose `$schema` is no dialect this library validates.
 */
export function dialectProblem(schema: unknown): string {
  return `${JSON.stringify((schema as Schema).$schema)} is a JSON Schema dialect this server does not validate (it validates 2020-12 and draft-07)`;
}

// Keywords that hold one subschema, an array of them, or a map of them by name; the rest hold data.
const words = (list: string) => new Set(list.split(' '));
const ONE = words(
  'not if then else items additionalItems additionalProperties unevaluatedProperties unevaluatedItems contains propertyNames contentSchema',
);
const MANY = words('allOf anyOf oneOf prefixItems');
const BY_NAME = words(
  'properties patternProperties $defs definitions dependentSchemas dependencies',
);
const COMMON =
  '$schema $id $ref $comment $defs definitions type enum const multipleOf maximum exclusiveMaximum minimum exclusiveMinimum maxLength minLength pattern maxItems minItems uniqueItems maxProperties minProperties required properties patternProperties additionalProperties dependencies propertyNames contains items allOf anyOf oneOf not if then else format title description default examples readOnly writeOnly contentEncoding contentMediaType';
const KEYWORDS: Record<Dialect, Set<string>> = {
  '2020-12': words(
    `${COMMON} $anchor $dynamicRef $dynamicAnchor $vocabulary prefixItems dependentSchemas dependentRequired unevaluatedItems unevaluatedProperties maxContains minContains deprecated contentSchema`,
  ),
  'draft-07': words(`${COMMON} additionalItems`),
};
const TYPES = words('null boolean object array number string integer');

const ROOT = 'mcp:/schema';

interface Walk {
  dialect: Dialect;
  problems: string[];
  // The URIs of the document's resources (its root, and each `$id`), and of its anchors.
  known: Set<string>;
  // The root's URI: its own `$id`, or one made up.
  root: string;
  refs: [pointer: string, ref: string, base: string][];
}

const pointerPart = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

function walk(node: unknown, pointer: string, base: string, state: Walk): void {
  if (typeof node === 'boolean') return;
  const at = (problem: string) => {
    state.problems.push(`${where(pointer)}: ${problem}`);
  };
  if (!isObject(node)) {
    at('a schema must be an object or a boolean');
    return;
  }
  const { $id, $anchor, $ref } = node;
  if (typeof $id === 'string') {
    const uri = resolve($id, base);
    if (uri === undefined) at(`$id ${JSON.stringify($id)} is not a URI`);
    // draft-07 names an anchor with a fragment-only `$id`.
    else if (!uri.includes('#')) base = uri;
    state.known.add(uri as string);
    if (pointer === '') state.root = base;
  }
  if (typeof $anchor === 'string') state.known.add(`${base}#${$anchor}`);
  if (typeof $ref === 'string') state.refs.push([pointer, $ref, base]);
  for (const key of Object.keys(node)) {
    if (key.startsWith('x-')) continue;
    const value = node[key];
    const here = `${pointer}/${pointerPart(key)}`;
    if (!KEYWORDS[state.dialect].has(key)) {
      at(
        `unknown keyword ${JSON.stringify(key)} in JSON Schema ${state.dialect} (an annotation of your own is named x-…)`,
      );
    } else if (key === 'type') {
      const types = Array.isArray(value) ? value : [value];
      if (types.length === 0 || !types.every((type) => TYPES.has(type as string))) {
        at(
          `type ${JSON.stringify(value)} is not one of ${[...TYPES].join(', ')}, or an array of them`,
        );
      }
    } else if (key === 'required') {
      if (!Array.isArray(value) || !value.every((name) => typeof name === 'string')) {
        at('required must be an array of property names');
      }
    } else if (key === 'pattern') {
      checkPattern(value, at);
    } else if (key === 'items' && Array.isArray(value) && state.dialect === '2020-12') {
      at('items is an array of schemas, as in draft-07: JSON Schema 2020-12 names it prefixItems');
    } else if (ONE.has(key) && !Array.isArray(value)) {
      walk(value, here, base, state);
    } else if (MANY.has(key) || key === 'items') {
      if (!Array.isArray(value)) at(`${key} must be an array of schemas`);
      else for (const [index, item] of value.entries()) walk(item, `${here}/${index}`, base, state);
    } else if (BY_NAME.has(key)) {
      if (!isObject(value)) at(`${key} must be an object of schemas`);
      else {
        for (const name of Object.keys(value)) {
          if (key === 'patternProperties') checkPattern(name, at);
          // `dependencies` also holds arrays of property names.
          if (key !== 'dependencies' || !Array.isArray(value[name])) {
            walk(value[name], `${here}/${pointerPart(name)}`, base, state);
          }
        }
      }
    }
  }
}

// ajv compiles patterns with the `u` flag; so does this check, for the same verdict.
function checkPattern(pattern: unknown, at: (problem: string) => void): void {
  try {
    new RegExp(pattern as string, 'u');
    if (typeof pattern !== 'string') throw new Error();
  } catch {
    at(`pattern ${JSON.stringify(pattern)} is not a regular expression`);
  }
}

function resolve(ref: string, base: string): string | undefined {
  try {
    return new URL(ref, base).href;
  } catch {
    return undefined;
  }
}

// Where a JSON Pointer, as a URI fragment, leads in a value; undefined for nowhere.
function follow(value: unknown, pointer: string): unknown {
  try {
    for (const part of pointer.split('/').slice(1)) {
      const key = decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~');
      value = isObject(value) || Array.isArray(value) ? (value as Schema)[key] : undefined;
    }
    return value;
  } catch {
    return undefined;
  }
}

function where(pointer: string): string {
  return pointer === '' ? 'at the root' : `at ${pointer}`;
}
type Schema = Record<string, unknown>;

/**
 * The problems of a schema that ajv would refuse at compile time, or would pass over in silence:
 * a `$schema` of another dialect, an unknown keyword (one of the author's own is named `x-…`), a
 * type that is none of JSON's, a `required` that is no array of names, a pattern that is no
 * regular expression, a `$ref` that leads nowhere in the schema or out of it (no schema is fetched).
 * Cheap, and without ajv, so that it runs when a tool is defined.
 *
 * @param schema - A JSON Schema.
 * @returns One line per problem, each with the JSON Pointer of where it is; none for a sound schema.
 *
 * @example
 * ```ts
 * schemaProblems({ type: 'object', properties: { n: { type: 'integer', minimun: 1 } } });
 * //=> ['at /properties/n: unknown keyword "minimun" in JSON Schema 2020-12 (an annotation of your own is named x-…)']
 * ```
 */
export function schemaProblems(schema: unknown): string[] {
  const dialect = schemaDialect(schema);
  if (dialect === undefined) return [`at /$schema: ${dialectProblem(schema)}`];
  const state: Walk = { dialect, problems: [], known: new Set([ROOT]), root: ROOT, refs: [] };
  walk(schema, '', ROOT, state);
  for (const [pointer, ref, base] of state.refs) {
    const uri = resolve(ref, base);
    const hash = uri?.indexOf('#') ?? -1;
    const resource = hash < 0 ? uri : uri?.slice(0, hash);
    const fragment = hash < 0 ? '' : uri?.slice(hash + 1);
    let problem: string | undefined;
    if (uri === undefined || !state.known.has(resource as string)) {
      problem = 'leads out of the schema, and no schema is fetched';
    } else if (fragment?.startsWith('/')) {
      // A pointer into the root; one into a resource of its own `$id` is left to ajv.
      if (resource === state.root && follow(schema, fragment) === undefined)
        problem = 'leads nowhere';
    } else if (fragment !== '' && !state.known.has(uri)) problem = 'names no anchor';
    if (problem !== undefined)
      state.problems.push(`${where(pointer)}: $ref ${JSON.stringify(ref)} ${problem}`);
  }
  return state.problems;
}

/**
 * Whether a name is a tool name MCP allows: 1 to 128 of `A-Z a-z 0-9 _ - .` (2025-11-25).
 *
 * @param name - The name.
 * @returns The problem, or `undefined` for a good name.
 */
export function toolNameProblem(name: unknown): string | undefined {
  return typeof name === 'string' && /^[\w.-]{1,128}$/.test(name)
    ? undefined
    : 'the tool name is not 1 to 128 of the characters A-Z a-z 0-9 _ - . that MCP allows';
}
