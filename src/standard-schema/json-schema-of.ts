/**
 * A tool's or prompt's schema as JSON Schema: the schema itself, or the JSON Schema a Standard
 * Schema gives of itself. All that a server whose schemas are JSON Schema carries of Standard
 * Schema: the validator is loaded with the first Standard Schema that validates.
 *
 * @module
 */
import type { StandardSchemaWithJSON } from './standard-schema.js';

/**
 * @internal The JSON Schema a Standard Schema gives, as its library writes it of the values it
 * accepts, in MCP's default dialect; `undefined` for anything else.
 *
 * @param schema - Any value.
 * @returns The JSON Schema, or `undefined`.
 * @throws Error - What the library throws when it cannot write one.
 */
export const givenJsonSchema = (schema: unknown): Record<string, unknown> | undefined =>
  (schema as Partial<StandardSchemaWithJSON> | undefined)?.['~standard']?.jsonSchema?.input({
    target: 'draft-2020-12',
  });

/**
 * @internal The JSON Schema of a schema: the one a Standard Schema gives ({@link givenJsonSchema}),
 * else the schema as written.
 *
 * @param owner - The tool or prompt, named in the error.
 * @param which - The field, e.g. `argumentsSchema`.
 * @param schema - The schema.
 * @returns The JSON Schema.
 * @throws TypeError - For a Standard Schema that gives no JSON Schema; what its library throws
 * when it cannot write one.
 */
export function jsonSchemaOf(owner: string, which: string, schema: unknown): unknown {
  if ((schema as Partial<StandardSchemaWithJSON> | undefined)?.['~standard'] === undefined) {
    return schema;
  }
  const json = givenJsonSchema(schema);
  // Zod 3, or Valibot without its adapter: nothing to list.
  if (json === undefined) {
    throw new TypeError(
      `${owner}: ${which} is a Standard Schema that gives no JSON Schema (~standard.jsonSchema)`,
    );
  }
  return json;
}
