/**
 * Definitions (tools, prompts, resources, templates): the class that a `define*()` function makes
 * from its fields, and the entry of a definition, built once per what an instance says of itself.
 *
 * @module
 */
import { givenJsonSchema } from '../standard-schema/json-schema-of.js';

/**
 * @internal A class that a `define*()` function made, with its fields: each that the spec gives,
 * on the prototype (they are the class's, and an instance made per server then costs nothing to
 * make); and, given `check`, the class checked at once through an instance, so that a mistake
 * fails at the line that defines it. (A prompt or resource is checked where its map is built.)
 *
 * @param Defined - The class, whose methods call the spec's.
 * @param spec - The fields, as the caller of `define*()` wrote them.
 * @param names - The fields to take from it.
 * @param check - Checks an instance, e.g. by building its definition; throws what is wrong.
 * @returns The class.
 */
export function withFields<Class extends new () => object>(
  Defined: Class,
  spec: object,
  names: readonly string[],
  check?: (instance: InstanceType<Class>) => unknown,
): Class {
  const fields: Record<string, unknown> = {};
  for (const name of names) {
    const value = (spec as Record<string, unknown>)[name];
    if (value !== undefined) fields[name] = value;
  }
  Object.assign(Defined.prototype, fields);
  check?.(new Defined() as InstanceType<Class>);
  return Defined;
}

interface Known {
  readonly fields: readonly unknown[];
  readonly json: string;
  readonly entry: unknown;
}

// By class, then by what an instance says of itself. Instances of one class that say the same
// share an entry, found by the identity of their fields, else by their JSON (a schema written
// inline as a class field is a new object in every instance); instances that say otherwise, e.g.
// `new Proxy('a', schemaA)` and `new Proxy('b', schemaB)`, are two definitions.
const byClass = new WeakMap<object, Known[]>();

/**
 * @internal The entry of an instance's definition: built by `build()` the first time an instance
 * of its class says what `fields` say, and the same entry for every instance that says it again.
 */
export function definedOnce<Entry>(
  instance: object,
  fields: readonly unknown[],
  build: () => Entry,
): Entry {
  let known = byClass.get(instance.constructor);
  if (known === undefined) {
    known = [];
    byClass.set(instance.constructor, known);
  }
  let found = known.find((one) => one.fields.every((field, index) => field === fields[index]));
  if (found === undefined) {
    // A Standard Schema is matched by the JSON Schema it gives: its own JSON may be cyclic (a
    // recursive Zod schema), or the same for any two (Valibot's).
    const json = JSON.stringify(fields.map((field) => givenJsonSchema(field) ?? field));
    found = known.find((one) => one.json === json);
    if (found === undefined) {
      found = { fields, json, entry: build() };
      known.push(found);
    }
  }
  return found.entry as Entry;
}
