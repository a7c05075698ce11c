/**
 * Compile-time checks of the argument types inferred from a Standard Schema (Zod, Valibot, ArkType)
 * by `defineTool` and `MCPToolBase`: run() receives the schema's output type, with no annotation.
 * Checked by `tsc -p tsconfig.test.json`; never run. Every `@ts-expect-error` is a use the types
 * must refuse.
 */
import { toStandardJsonSchema } from '@valibot/to-json-schema';
import { type } from 'arktype';
import * as v from 'valibot';
import { z } from 'zod';
import {
  definePrompt,
  defineTool,
  MCPPromptBase,
  MCPToolBase,
  type PromptArgumentName,
  type PromptArguments,
  type ToolArguments,
} from '../src/index.js';

/** `true` when X and Y are the same type (not merely assignable either way). */
type Equal<X, Y> =
  (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? true : false;
/** Compiles only for `true`. */
type Expect<T extends true> = T;

const zodSchema = z.object({
  city: z.string(),
  days: z.number().default(3),
  units: z.enum(['metric', 'imperial']).optional(),
});

// The output type: a default makes a property present.
export type ZodArguments = Expect<
  Equal<
    ToolArguments<typeof zodSchema>,
    { city: string; days: number; units?: 'metric' | 'imperial' | undefined }
  >
>;

const valibotSchema = toStandardJsonSchema(
  v.object({ city: v.string(), days: v.optional(v.number(), 3) }),
);
export type ValibotArguments = Expect<
  Equal<ToolArguments<typeof valibotSchema>, { city: string; days: number }>
>;

const arkSchema = type({ city: 'string', 'days?': 'number' });
export type ArkArguments = Expect<
  Equal<ToolArguments<typeof arkSchema>, { city: string; days?: number }>
>;

export const Zod = defineTool({
  name: 'zod',
  title: 'Zod',
  description: 'A tool of Zod.',
  argumentsSchema: zodSchema,
  run: ({ city, days, units }) => {
    const checks: [string, number, 'metric' | 'imperial' | undefined] = [city, days, units];
    // @ts-expect-error -- not a property of the schema.
    args.country;
    return checks.join();
  },
});
declare const args: ToolArguments<typeof zodSchema>;

export const ZodWrong = defineTool({
  name: 'zod_wrong',
  title: 'Zod',
  description: 'A tool of Zod.',
  argumentsSchema: zodSchema,
  // @ts-expect-error -- city is a string, not a number.
  run: ({ city }: { city: number }) => String(city),
});

export const Valibot = defineTool({
  name: 'valibot',
  title: 'Valibot',
  description: 'A tool of Valibot.',
  argumentsSchema: valibotSchema,
  run: ({ city, days }) => {
    // @ts-expect-error -- days is a number.
    const wrong: string = days;
    return `${city}${wrong}`;
  },
});

export const Ark = defineTool({
  name: 'ark',
  title: 'ArkType',
  description: 'A tool of ArkType.',
  argumentsSchema: arkSchema,
  outputSchema: type({ total: 'number' }),
  run: ({ city, days }) => {
    // @ts-expect-error -- days is optional: it may be undefined.
    const total: number = days;
    return { structuredContent: { total: total + city.length } };
  },
});

export const ArkWrongOutput = defineTool({
  name: 'ark_output',
  title: 'ArkType',
  description: 'A tool of ArkType.',
  argumentsSchema: arkSchema,
  outputSchema: type({ total: 'number' }),
  // @ts-expect-error -- structuredContent misses its required total.
  run: () => ({ structuredContent: {} }),
});

// The base class, typed from its type argument.
export class Lookup extends MCPToolBase<typeof zodSchema> {
  readonly name = 'lookup';
  readonly title = 'Look up';
  readonly description = 'Looks a city up.';
  readonly argumentsSchema = zodSchema;
  run({ city, days }: ToolArguments<typeof zodSchema>) {
    return `${city} ${days.toFixed()}`;
  }
}

export class LookupWrong extends MCPToolBase<typeof zodSchema> {
  readonly name = 'lookup';
  readonly title = 'Look up';
  readonly description = 'Looks a city up.';
  // @ts-expect-error -- the schema is not the one the class is typed by.
  readonly argumentsSchema = arkSchema;
  run({ city }: ToolArguments<typeof zodSchema>) {
    return city;
  }
}

// Prompts: get() typed from the schema's output type; complete()'s name from its properties.
const reviewSchema = z.object({
  code: z.string(),
  tone: z.enum(['kind', 'blunt']).default('kind'),
});

export type ReviewArguments = Expect<
  Equal<PromptArguments<typeof reviewSchema>, { code: string; tone: 'kind' | 'blunt' }>
>;
export type ReviewNames = Expect<Equal<PromptArgumentName<typeof reviewSchema>, 'code' | 'tone'>>;

export const Review = definePrompt({
  name: 'review',
  description: 'Asks for a review.',
  argumentsSchema: reviewSchema,
  get: ({ code, tone }) => {
    // @ts-expect-error -- tone is one of two words, not any string.
    const wrong: 'gentle' = tone;
    return `${code} ${wrong}`;
  },
  // @ts-expect-error -- no argument is named language.
  complete: (name: 'language', value: string) => [name, value],
});

export const ReviewArk = definePrompt({
  name: 'review_ark',
  description: 'Asks for a review.',
  argumentsSchema: type({ code: 'string' }),
  // @ts-expect-error -- the arguments have no language.
  get: ({ language }) => String(language),
});

export const Counted = definePrompt({
  name: 'counted',
  description: 'Prompt arguments are strings.',
  // @ts-expect-error -- a number is no prompt argument: they are strings on the wire.
  argumentsSchema: z.object({ count: z.number() }),
  get: () => 'never',
});

export class ReviewClass extends MCPPromptBase<typeof reviewSchema> {
  readonly name = 'review_class';
  readonly description = 'Asks for a review.';
  readonly argumentsSchema = reviewSchema;
  get({ code, tone }: PromptArguments<typeof reviewSchema>) {
    return `${code} ${tone}`;
  }
}
