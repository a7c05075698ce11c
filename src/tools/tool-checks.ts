/**
 * What is checked of a tool when it is defined, without ajv, and how its schemas are prepared:
 * `additionalProperties: false` where it cannot change what a schema accepts, and copies of
 * arguments for defaults to be filled in on.
 *
 * @module
 */

import { scopesProblem } from '../core/oauth-scopes.js';
import { schemaProblems, toolNameProblem } from '../json-schema/definition-checks.js';

// A copy of a JSON value, for defaults to be filled in on: several times faster than
// structuredClone on the small objects arguments are.
export function cloneJson<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(cloneJson) as T;
  const copy: Record<string, unknown> = {};
  // for…in allocates no list of keys, as Object.keys() does; own keys only, as JSON has.
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const child = cloneJson((value as Record<string, unknown>)[key]);
    if (key === '__proto__') {
      Object.defineProperty(copy, key, {
        value: child,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    } else copy[key] = child;
  }
  return copy as T;
}

// Composition at the root would make an added `additionalProperties: false` refuse properties that
// a subschema allows, so it is added only to a plain object schema.
const OPEN_ENDED = [
  'additionalProperties',
  'unevaluatedProperties',
  'allOf',
  'anyOf',
  'oneOf',
  '$ref',
  '$dynamicRef',
  'if',
  'dependentSchemas',
];

// What can be checked of a tool when it is defined, without ajv: its name and its schemas. One
// error for all of it, in which each problem says where it is.
export function check(tool: {
  name: unknown;
  argumentsSchema: unknown;
  outputSchema?: unknown;
  requiredScopes?: unknown;
}): void {
  const name = toolNameProblem(tool.name);
  const problems = name === undefined ? [] : [name];
  const scopes = scopesProblem(tool.requiredScopes);
  if (scopes !== undefined) problems.push(scopes);
  for (const which of ['argumentsSchema', 'outputSchema'] as const) {
    const schema = tool[which];
    if (schema === undefined) continue;
    for (const problem of schemaProblems(schema)) problems.push(`${which} ${problem}`);
  }
  if (problems.length > 0) {
    const label = name === undefined ? tool.name : JSON.stringify(tool.name);
    throw new TypeError(`${label}: ${problems.join('; ')}`);
  }
}

export function closed(schema: Record<string, unknown>): Record<string, unknown> {
  return OPEN_ENDED.some((key) => key in schema)
    ? schema
    : { ...schema, additionalProperties: false };
}
