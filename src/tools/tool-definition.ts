/**
 * A tool's definition, built once per definition and shared by the instances that have it: what
 * `tools/list` lists, the arguments mirrored in headers, and the validators compiled for its calls.
 *
 * @module
 */

import { definedOnce } from '../core/definitions.js';
import { type HeaderParameter, headerParameters } from '../era/modern-revision.js';
import { simplifyOutputSchema } from '../json-schema/simplify.js';
import { deepFreeze } from '../jsonrpc.js';
import { hasDefaults, type JSONSchema, type Validator } from '../schema.js';
import { jsonSchemaOf } from '../standard-schema/json-schema-of.js';
import type { StandardSchemaWithJSON } from '../standard-schema/standard-schema.js';
import type { ObjectSchema, Tool, ToolAnnotations } from '../wire/types.js';
import { check } from './tool-checks.js';

/** @internal What a tool's definition compiles to, once per definition. */
export interface CompiledTool {
  definition: Tool;
  headerParameters: readonly HeaderParameter[];
  // The validators, or their compilation while the first calls wait for it.
  validate: Validator | Promise<Validator> | undefined;
  validateOutput: Validator | Promise<Validator> | undefined;
  copyArguments: boolean;
}

/** @internal What a tool's definition is built from: its fields, and its `inputSchema()`. */
export interface ToolFields {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly argumentsSchema: JSONSchema | StandardSchemaWithJSON;
  readonly outputSchema?: JSONSchema | StandardSchemaWithJSON | undefined;
  readonly readOnly?: boolean | undefined;
  readonly destructive?: boolean | undefined;
  readonly idempotent?: boolean | undefined;
  readonly openWorld?: boolean | undefined;
  readonly requiredScopes?: readonly string[] | undefined;
  inputSchema(): ObjectSchema;
}

/**
 * @internal A tool's compiled definition: built and checked on the first use of a definition, and
 * shared by every instance of its class that has the same fields.
 */
export function compiledTool(tool: ToolFields): CompiledTool {
  // What the definition is made of: two instances of one class that differ in it are two tools.
  const fields = [
    tool.name,
    tool.title,
    tool.description,
    tool.argumentsSchema,
    tool.outputSchema,
    tool.readOnly,
    tool.destructive,
    tool.idempotent,
    tool.openWorld,
    tool.requiredScopes,
  ];
  return definedOnce(tool, fields, (): CompiledTool => {
    // A Standard Schema is checked, listed and read for headers as the JSON Schema it gives.
    const argumentsSchema = jsonSchemaOf(tool.name, 'argumentsSchema', tool.argumentsSchema);
    const outputSchema = jsonSchemaOf(tool.name, 'outputSchema', tool.outputSchema);
    check({ name: tool.name, argumentsSchema, outputSchema, requiredScopes: tool.requiredScopes });
    const definition: Tool = {
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: tool.inputSchema(),
      annotations: annotationsOf(tool),
    };
    if (outputSchema !== undefined) {
      // Only annotations go: results are checked against the schema as written, and clients
      // check them against the one listed, which must accept the same.
      definition.outputSchema = simplifyOutputSchema(outputSchema as JSONSchema) as ObjectSchema;
    }
    return {
      definition: deepFreeze(definition),
      headerParameters: Object.freeze(headerParameters(argumentsSchema, tool.name)),
      validate: undefined,
      validateOutput: undefined,
      copyArguments: hasDefaults(argumentsSchema),
    };
  });
}

// Every hint listed, the specification's default where the author said nothing (read-only
// false, destructive true, idempotent false, open-world true): the same meaning as leaving it
// out, and safe for a client that takes a missing hint for false. A read-only tool is sent as
// neither destructive nor anything but idempotent, which its author said in saying read-only.
function annotationsOf(tool: ToolFields): ToolAnnotations {
  const readOnly = tool.readOnly === true;
  if (readOnly && (tool.destructive === true || tool.idempotent === false)) {
    throw new TypeError(
      `${tool.name}: a read-only tool is never destructive and always idempotent; set readOnly: false for a tool that writes`,
    );
  }
  return {
    title: tool.title,
    readOnlyHint: readOnly,
    destructiveHint: readOnly ? false : (tool.destructive ?? true),
    idempotentHint: readOnly ? true : (tool.idempotent ?? false),
    openWorldHint: tool.openWorld ?? true,
  };
}
