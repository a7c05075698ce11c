/**
 * `definePrompt()`: a prompt class from its fields, `get(args)` typed from the schema.
 *
 * @module
 */

import type { CompletionContext } from '../completions/completion-methods.js';
import { withFields } from '../core/definitions.js';
import type { RequestScope } from '../core/request-scope.js';
import type { Icon } from '../wire/types.js';
import {
  MCPPromptBase,
  type PromptArgumentName,
  type PromptArguments,
  type PromptArgumentsSchema,
  type PromptStandardSchema,
} from './prompt-base.js';
import type { PromptOutput } from './prompt-result.js';

// The fields of a prompt that a spec may set, besides get.
const PROMPT_FIELDS = [
  'name',
  'title',
  'description',
  'icons',
  'requiredScopes',
  'argumentsSchema',
  'complete',
];

/** The fields of a prompt for {@link definePrompt}: those of {@link MCPPromptBase}, and `get`. */
export interface PromptSpec<Schema extends PromptArgumentsSchema | PromptStandardSchema> {
  /** The name a client gets the prompt by. */
  name: string;
  /** A human-readable name a client may show. */
  title?: string;
  /** What the prompt provides. */
  description: string;
  /** Icons a client may show (2025-11-25). */
  icons?: Icon[];
  /** The OAuth scopes a request must be granted to see the prompt and get it. */
  requiredScopes?: readonly string[];
  /**
   * The schema of the arguments, none when left out: a JSON Schema whose properties are strings,
   * or a Standard Schema that gives one (Zod, Valibot through its adapter, ArkType).
   */
  argumentsSchema?: Schema;
  /** Get the messages, with the validated arguments typed from the schema. */
  get(args: PromptArguments<Schema>, scope: RequestScope): PromptOutput | Promise<PromptOutput>;
  /**
   * Suggest values of an argument as the user types it, for `completion/complete`: `name` is one
   * of the schema's properties, typed from it.
   */
  complete?(
    name: PromptArgumentName<Schema>,
    value: string,
    context: CompletionContext,
  ): string[] | Promise<string[]>;
}

/** A prompt class made by {@link definePrompt}. */
export type PromptClass<
  Schema extends PromptArgumentsSchema | PromptStandardSchema = PromptArgumentsSchema,
> = new () => MCPPromptBase<Schema>;

const NO_ARGUMENTS: PromptArgumentsSchema = { type: 'object' };

/**
 * Define a prompt class from its fields, with `get(args)` typed from the schema with no annotation
 * at all. The class is made once, at module level; instantiate it per server as any prompt class.
 *
 * @param spec - The prompt's fields, its `get`, and its `complete` hook, if any.
 * @returns A prompt class.
 *
 * @example
 * ```ts
 * const Greeting = definePrompt({
 *   name: 'greeting',
 *   description: 'Greets someone by name.',
 *   argumentsSchema: { type: 'object', properties: { who: { type: 'string' } }, required: ['who'] },
 *   get: ({ who }) => `Say hello to ${who}.`, // who: string
 *   complete: (name, value) => ['Ada', 'Alan'].filter((who) => who.startsWith(value)),
 * });
 * ```
 */
export function definePrompt<
  const Schema extends PromptArgumentsSchema | PromptStandardSchema = {
    /** No arguments: an object with no properties. */
    type: 'object';
  },
>(spec: PromptSpec<Schema>): PromptClass<Schema> {
  const get = spec.get as unknown as (
    args: unknown,
    scope: RequestScope,
  ) => PromptOutput | Promise<PromptOutput>;
  class Defined extends MCPPromptBase {
    declare readonly name: string;
    declare readonly description: string;
    declare readonly argumentsSchema: PromptArgumentsSchema;
    get(args: unknown, scope: RequestScope): PromptOutput | Promise<PromptOutput> {
      return get(args, scope);
    }
  }
  const fields = { ...spec, argumentsSchema: spec.argumentsSchema ?? NO_ARGUMENTS };
  withFields(Defined, fields, PROMPT_FIELDS);
  return Defined as unknown as PromptClass<Schema>;
}
