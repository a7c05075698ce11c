/**
 * Compile-time checks of `structuredContent` typed from a tool's `outputSchema` in `defineTool`.
 * Checked by `tsc -p tsconfig.test.json`; never run. Every `@ts-expect-error` is a result the types
 * must refuse.
 */
import { defineTool, type JSONSchema, type TypedToolOutput } from '../src/index.js';

/** `true` when X and Y are the same type (not merely assignable either way). */
type Equal<X, Y> =
  (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? true : false;
/** Compiles only for `true`. */
type Expect<T extends true> = T;

const args = {
  type: 'object',
  properties: { city: { type: 'string' } },
  required: ['city'],
} as const;

const weather = {
  type: 'object',
  properties: { city: { type: 'string' }, tempC: { type: 'number' } },
  required: ['city', 'tempC'],
} as const;

// The structured content the schema describes compiles, with or without content blocks.
export const Right = defineTool({
  name: 'right',
  title: 'A tool',
  description: 'Right.',
  argumentsSchema: args,
  outputSchema: weather,
  run: ({ city }) => ({ structuredContent: { city, tempC: 4 } }),
});
export const RightAsync = defineTool({
  name: 'right_async',
  title: 'A tool',
  description: 'Right, later.',
  argumentsSchema: args,
  outputSchema: weather,
  run: async ({ city }) => ({
    content: [{ type: 'text', text: city }],
    structuredContent: { city, tempC: 4 },
  }),
});

// An error skips the schema: the tool says what went wrong, with no structured content.
export const Failing = defineTool({
  name: 'failing',
  title: 'A tool',
  description: 'Fails.',
  argumentsSchema: args,
  outputSchema: weather,
  run: () => ({ content: [{ type: 'text', text: 'no such city' }], isError: true }),
});

export const MissingField = defineTool({
  name: 'missing',
  title: 'A tool',
  description: 'Wrong.',
  argumentsSchema: args,
  outputSchema: weather,
  // @ts-expect-error -- `tempC` is required by the output schema.
  run: ({ city }) => ({ structuredContent: { city } }),
});

export const WrongType = defineTool({
  name: 'wrong_type',
  title: 'A tool',
  description: 'Wrong.',
  argumentsSchema: args,
  outputSchema: weather,
  // @ts-expect-error -- `tempC` is a number, not a string.
  run: ({ city }) => ({ structuredContent: { city, tempC: 'cold' } }),
});

export const NoStructure = defineTool({
  name: 'no_structure',
  title: 'A tool',
  description: 'Wrong.',
  argumentsSchema: args,
  outputSchema: weather,
  // @ts-expect-error -- a tool with an output schema answers with structured content.
  run: () => 'plain text',
});

export const WrongAsync = defineTool({
  name: 'wrong_async',
  title: 'A tool',
  description: 'Wrong.',
  argumentsSchema: args,
  outputSchema: weather,
  // @ts-expect-error -- a promise is checked as its value is.
  run: async ({ city }) => ({ structuredContent: { town: city, tempC: 4 } }),
});

// An array output (2026-07-28 takes any JSON value).
export const Primes = defineTool({
  name: 'primes',
  title: 'A tool',
  description: 'Primes.',
  argumentsSchema: { type: 'object' },
  outputSchema: { type: 'array', items: { type: 'integer' } },
  run: () => ({ structuredContent: [2, 3, 5] }),
});
export const NotPrimes = defineTool({
  name: 'not_primes',
  title: 'A tool',
  description: 'Wrong.',
  argumentsSchema: { type: 'object' },
  outputSchema: { type: 'array', items: { type: 'integer' } },
  // @ts-expect-error -- the items are integers.
  run: () => ({ structuredContent: ['two'] }),
});

// A schema known only as JSONSchema gives nothing to type from: any result, as without one.
declare const loose: JSONSchema;
export const Loose = defineTool({
  name: 'loose',
  title: 'A tool',
  description: 'Loose.',
  argumentsSchema: args,
  outputSchema: loose,
  run: () => 'anything',
});

// Without an output schema, run returns any ToolOutput: text, or content blocks.
export const Plain = defineTool({
  title: 'A tool',
  name: 'plain',
  description: 'Plain.',
  argumentsSchema: args,
  run: ({ city }) => (city === '' ? 'no city' : { content: [{ type: 'text', text: city }] }),
});

export type TypedFromSchema = Expect<
  Equal<
    Extract<TypedToolOutput<typeof weather>, { structuredContent: unknown }>['structuredContent'],
    { [x: string]: unknown; city: string; tempC: number }
  >
>;
