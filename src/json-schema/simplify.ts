/**
 * The simplifier that makes a tool's `inputSchema` cheap for an LLM to read, and its listed
 * `outputSchema` free of annotations.
 *
 * @module
 */
import { isObject } from '../jsonrpc.js';

type Schema = Record<string, unknown>;

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
