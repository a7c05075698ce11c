/**
 * Standard Schema (`@standard-schema/spec` 1.1): the interface Zod, Valibot, ArkType and others
 * implement, declared here as the specification asks, so that the library depends on none of them.
 * A tool's or prompt's arguments may be such a schema when it also gives its JSON Schema
 * (`~standard.jsonSchema`): validated by its own library, listed as the JSON Schema it gives.
 *
 * @module
 */

/** The options a Standard Schema's JSON Schema converter takes. */
export interface StandardJSONSchemaOptions {
  /** The dialect asked for: this library asks for `draft-2020-12`, MCP's default. */
  readonly target: 'draft-2020-12' | 'draft-07' | 'openapi-3.0' | (string & {});
  /** Options of the schema's own library. */
  readonly libraryOptions?: Record<string, unknown> | undefined;
}

/** One problem a Standard Schema found in a value. */
export interface StandardIssue {
  /** What is wrong, in the library's words. */
  readonly message: string;
  /** Where in the value: keys and indexes, each bare or as a segment. */
  readonly path?: ReadonlyArray<PropertyKey | StandardPathSegment> | undefined;
}

/** A step of an issue's path, as some libraries write it (Valibot). */
export interface StandardPathSegment {
  /** The key or index. */
  readonly key: PropertyKey;
}

/** What a Standard Schema's `validate()` finds: the value as parsed, or the problems. */
export type StandardResult<Output> = StandardSuccess<Output> | StandardFailure;

/** A value a Standard Schema accepts, as it parsed it. */
export interface StandardSuccess<Output> {
  /** The value parsed: defaults filled in, transforms applied. */
  readonly value: Output;
  /** None. */
  readonly issues?: undefined;
}

/** A value a Standard Schema refuses. */
export interface StandardFailure {
  /** The problems found, at least one. */
  readonly issues: ReadonlyArray<StandardIssue>;
}

/** The types of a Standard Schema, for inference only. */
export interface StandardTypes<Input, Output> {
  /** The type of the values the schema accepts. */
  readonly input: Input;
  /** The type of the values it gives once it has parsed one. */
  readonly output: Output;
}

/** A Standard Schema's converter to JSON Schema (`StandardJSONSchemaV1`). */
export interface StandardJSONSchemaConverter {
  /** The JSON Schema of the values the schema accepts: what a tool lists as its `inputSchema`. */
  readonly input: (options: StandardJSONSchemaOptions) => Record<string, unknown>;
  /** The JSON Schema of the values it gives once it has parsed one. */
  readonly output: (options: StandardJSONSchemaOptions) => Record<string, unknown>;
}

/**
 * A Standard Schema that also gives its JSON Schema (`StandardSchemaV1` and `StandardJSONSchemaV1`
 * of `@standard-schema/spec` 1.1): a Zod 4.2+ schema, an ArkType 2.1.28+ type, or a Valibot schema
 * passed through `toStandardJsonSchema()` of `@valibot/to-json-schema`.
 *
 * @typeParam Input - The type of the values the schema accepts.
 * @typeParam Output - The type of the values it gives once it has parsed one.
 */
export interface StandardSchemaWithJSON<Input = unknown, Output = Input> {
  /** The Standard Schema's properties. */
  readonly '~standard': {
    /** The version of the Standard Schema specification. */
    readonly version: 1;
    /** The library the schema is of, e.g. `zod`. */
    readonly vendor: string;
    /** The types the schema accepts and gives: for inference only, never set at run time. */
    readonly types?: StandardTypes<Input, Output> | undefined;
    /** Validate a value: the result at once, or later. */
    readonly validate: (
      value: unknown,
      options?: { readonly libraryOptions?: Record<string, unknown> | undefined },
    ) => StandardResult<Output> | Promise<StandardResult<Output>>;
    /** The schema as JSON Schema: of the values it accepts (`input`) and those it gives (`output`). */
    readonly jsonSchema: StandardJSONSchemaConverter;
  };
}

/** The type of the values a Standard Schema accepts. */
export type StandardInput<Schema extends StandardSchemaWithJSON> = NonNullable<
  Schema['~standard']['types']
>['input'];

/** The type of the values a Standard Schema gives once it has parsed one: what `run()` receives. */
export type StandardOutput<Schema extends StandardSchemaWithJSON> = NonNullable<
  Schema['~standard']['types']
>['output'];
