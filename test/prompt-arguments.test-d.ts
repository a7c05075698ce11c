/**
 * Compile-time checks of the argument types inferred from a prompt's JSON Schema:
 * `PromptArguments`, `MCPPromptBase<Schema>`, `definePrompt` (with no annotation on `get`), and
 * prompts of different schemas side by side in one server. Checked by `tsc -p
 * tsconfig.test.json`; never run. Every `@ts-expect-error` is a use the types must refuse.
 */
import {
  type AnyPrompt,
  definePrompt,
  MCPPromptBase,
  MCPServerBase,
  type PromptArgumentName,
  type PromptArguments,
  type PromptArgumentsSchema,
  type PromptClass,
  promptsByName,
  RequestScope,
} from '../src/index.js';

/** `true` when X and Y are the same type (not merely assignable either way). */
type Equal<X, Y> =
  (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? true : false;
/** Compiles only for `true`. */
type Expect<T extends true> = T;

const schema = {
  type: 'object',
  properties: {
    code: { type: 'string', description: 'The code.' },
    language: { type: 'string', enum: ['python', 'typescript'] },
    tone: { type: 'string', default: 'kind' },
  },
  required: ['code'],
} as const satisfies PromptArgumentsSchema;

// Required, optional, a union of an enum's literals, a default's key required; nothing else.
export type Inferred = Expect<
  Equal<
    PromptArguments<typeof schema>,
    { code: string; language?: 'python' | 'typescript'; tone: string }
  >
>;

// --- Schemas that are not a flat list of strings are refused by the type. ----------------------

export const numeric: PromptArgumentsSchema = {
  type: 'object',
  // @ts-expect-error -- a number property: prompt arguments are strings on the wire.
  properties: { n: { type: 'number' } },
};
// @ts-expect-error -- not an object schema.
export const array: PromptArgumentsSchema = { type: 'array' };
// @ts-expect-error -- an open schema: only `additionalProperties: false` is allowed.
export const open: PromptArgumentsSchema = { type: 'object', additionalProperties: true };

// --- A class: `get(args)` typed by the generic. --------------------------------------------------

export class Review extends MCPPromptBase<typeof schema> {
  readonly name = 'review';
  readonly description = 'Review code.';
  readonly argumentsSchema = schema;
  get(args: PromptArguments<typeof schema>) {
    const { code, language } = args;
    // @ts-expect-error -- language may be left out.
    const upper: string = language.toUpperCase();
    // @ts-expect-error -- no such argument.
    const missing = args.path;
    return `${code} ${upper} ${missing}`;
  }
  override complete(name: string, value: string, context: { arguments: Record<string, string> }) {
    return [name, value, ...Object.values(context.arguments)];
  }
}

// --- definePrompt: no annotation at all. --------------------------------------------------------

export const Defined = definePrompt({
  name: 'defined',
  description: 'Typed with no annotation.',
  argumentsSchema: {
    type: 'object',
    properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['C', 'F'] } },
    required: ['city'],
  },
  get: ({ city, unit }) => {
    const known: string = city;
    // @ts-expect-error -- unit may be left out.
    const required: string = unit;
    // @ts-expect-error -- unit is 'C' or 'F', not any string.
    const other: 'K' = unit;
    return [{ role: 'user', content: { type: 'text', text: `${known} ${required} ${other}` } }];
  },
  complete: (name, value, { arguments: filled }) => [name, value, filled.city ?? ''],
});

export type DefinedArguments = Expect<
  Equal<
    typeof Defined extends PromptClass<infer S> ? PromptArguments<S> : never,
    { city: string; unit?: 'C' | 'F' }
  >
>;

// --- complete(): the argument's name is one of the schema's properties. --------------------------

export type Names = Expect<Equal<PromptArgumentName<typeof schema>, 'code' | 'language' | 'tone'>>;
export type NoNames = Expect<Equal<PromptArgumentName<{ type: 'object' }>, never>>;
export type AnyNames = Expect<Equal<PromptArgumentName<PromptArgumentsSchema>, string>>;
export type ClassComplete = Expect<
  Equal<
    Parameters<NonNullable<MCPPromptBase<typeof schema>['complete']>>[0],
    'code' | 'language' | 'tone'
  >
>;

definePrompt({
  name: 'completed',
  description: 'The hook is typed from the schema.',
  argumentsSchema: {
    type: 'object',
    properties: { city: { type: 'string' }, unit: { type: 'string' } },
  },
  get: () => '',
  complete: (name) => {
    const exact: Expect<Equal<typeof name, 'city' | 'unit'>> = true;
    // @ts-expect-error -- the prompt has no argument `country`.
    if (name === 'country') return [];
    return exact ? [name] : [];
  },
});

definePrompt({
  name: 'wrong-name',
  description: 'Refused: a hook that expects an argument the schema does not have.',
  argumentsSchema: { type: 'object', properties: { city: { type: 'string' } } },
  get: () => '',
  // @ts-expect-error -- `country` is not an argument.
  complete: (name: 'country') => [name],
});

// No schema: no arguments.
export const Plain = definePrompt({
  name: 'plain',
  description: 'No arguments.',
  get: (args) => {
    // @ts-expect-error -- there are no arguments.
    const nothing: string = args.anything;
    return {
      description: 'plain',
      messages: [{ role: 'assistant', content: { type: 'text', text: nothing } }],
    };
  },
});

definePrompt({
  name: 'numeric',
  description: 'Refused: a number argument.',
  // @ts-expect-error -- prompt arguments are strings.
  argumentsSchema: { type: 'object', properties: { n: { type: 'integer' } } },
  get: () => '',
});

definePrompt({
  name: 'wrong-output',
  description: 'Refused: a message role that is not user or assistant.',
  // @ts-expect-error -- `system` is no role of a prompt message.
  get: () => [{ role: 'system', content: { type: 'text', text: 'x' } }],
});

definePrompt({
  name: 'wrong-hook',
  description: 'Refused: a hook that suggests numbers.',
  get: () => '',
  // @ts-expect-error -- completion values are strings.
  complete: () => [1, 2],
});

// --- Prompts of different schemas side by side. -------------------------------------------------

export class Server extends MCPServerBase {
  readonly name = 'typed';
  override readonly prompts = promptsByName(new Review(), new Defined(), new Plain());
  serverInfo() {
    return { name: 'typed', version: '1.0.0' };
  }
  override instructions() {
    return '';
  }
}

export const anyPrompt: AnyPrompt = new Review();
export const rendered = new Review().render({ code: 'x' }, new RequestScope());
