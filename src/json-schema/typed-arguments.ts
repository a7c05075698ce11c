/**
 * The arguments a schema describes, as a type: what a tool's `run()`, a prompt's `get()` and an
 * accepted form receive, inferred from the schema written once.
 *
 * @module
 */
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { StandardSchemaWithJSON } from '../standard-schema/standard-schema.js';

/**
 * The arguments a tool's `run()` receives, inferred from its schema: write the schema once, as a
 * literal `as const`, and never the type. For a Standard Schema (Zod, Valibot, ArkType), the type
 * its library gives once it has parsed the arguments (its output type).
 *
 * @example
 * ```ts
 * const schema = {
 *   type: 'object',
 *   properties: { path: { type: 'string' }, limit: { type: 'integer', default: 20 } },
 *   required: ['path'],
 * } as const satisfies JSONSchema;
 * type Args = ToolArguments<typeof schema>; //=> { path: string; limit: number }
 * ```
 */
export type ToolArguments<Schema extends JSONSchema | StandardSchemaWithJSON> = 0 extends 1 & Schema
  ? // `any` in, `any` out, without expanding FromSchema.
    any
  : // Distributing over the schema defers FromSchema until the schema is known, which keeps
    // inference of a literal schema (see defineTool) within the compiler's depth limit.
    Schema extends StandardSchemaWithJSON<unknown, infer Output>
    ? Output
    : Schema extends JSONSchema
      ? FromSchema<Closed<Schema>>
      : never;

// The schema as validated: closed with `additionalProperties: false` where `closed()` closes it, so
// that the type has no index signature exactly when the arguments can have no other keys.
type Closed<Schema> = Schema extends
  | { readonly additionalProperties: unknown }
  | { readonly unevaluatedProperties: unknown }
  | { readonly allOf: unknown }
  | { readonly anyOf: unknown }
  | { readonly oneOf: unknown }
  | { readonly $ref: unknown }
  | { readonly $dynamicRef: unknown }
  | { readonly if: unknown }
  | { readonly dependentSchemas: unknown }
  ? Schema
  : Schema & { readonly additionalProperties: false };
