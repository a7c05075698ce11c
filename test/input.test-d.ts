/**
 * Compile-time checks of the input requests' types: an accepted form's values typed from the
 * form's schema, written inline with no `as const`; a URL's answer without values; sampling and
 * roots. Checked by `tsc -p tsconfig.test.json`; never run. Every `@ts-expect-error` is a use the
 * types must refuse.
 */
import {
  type CreateMessageResult,
  defineTool,
  type ElicitAction,
  type ElicitAnswer,
  type ElicitContent,
  RequestScope,
  type Root,
} from '../src/index.js';

/** `true` when X and Y are the same type (not merely assignable either way). */
type Equal<X, Y> =
  (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? true : false;
/** Compiles only for `true`. */
type Expect<T extends true> = T;

const scope = new RequestScope('modern');

const form = scope.elicit('profile', {
  message: 'Who are you?',
  requestedSchema: {
    type: 'object',
    properties: {
      name: { type: 'string' },
      age: { type: 'integer', minimum: 0 },
      role: { type: 'string', enum: ['admin', 'user'] },
      subscribe: { type: 'boolean', default: false },
    },
    required: ['name'],
  },
});

// Required, optional, an enum's literals, a default's key required; nothing else.
export type Profile = Expect<
  Equal<
    Awaited<typeof form>,
    ElicitAnswer<{ name: string; age?: number; role?: 'admin' | 'user'; subscribe: boolean }>
  >
>;

export async function narrowing() {
  const answer = await form;
  // @ts-expect-error -- the values exist only once the form is known to be accepted.
  answer.content;
  if (answer.action === 'accept') {
    const name: string = answer.content.name;
    // @ts-expect-error -- a field the form does not have.
    answer.content.email;
    return name;
  }
  const other: 'decline' | 'cancel' = answer.action;
  return other;
}

// URL mode: no values, only what the user did.
const visited = scope.elicit('login', { mode: 'url', message: 'Sign in.', url: 'https://a.b/' });
export type Visited = Expect<Equal<Awaited<typeof visited>, { action: ElicitAction }>>;

export type Sampled = Expect<
  Equal<Awaited<ReturnType<RequestScope['sample']>>, CreateMessageResult>
>;
export type Roots = Expect<Equal<Awaited<ReturnType<RequestScope['listRoots']>>, Root[]>>;

// A schema type known only loosely: values of any field name, of the field's type.
type Loose = ElicitContent<{ type: 'object'; properties: { [name: string]: { type: 'string' } } }>;
export const loose: Loose = { any: 'text' };
// @ts-expect-error -- the fields are strings.
export const notLoose: Loose = { any: 1 };

// @ts-expect-error -- a form is an object schema.
scope.elicit('x', { message: 'm', requestedSchema: { type: 'string' } });
// @ts-expect-error -- forms are flat: no object fields.
scope.elicit('x', {
  message: 'm',
  requestedSchema: { type: 'object', properties: { a: { type: 'object' } } },
});
// @ts-expect-error -- sampling needs maxTokens.
scope.sample('x', { messages: [] });
// @ts-expect-error -- a kind of input that does not exist.
scope.canAsk('telepathy');

// In a tool, the scope and the answers are typed with no annotation.
export const Greet = defineTool({
  name: 'greet',
  title: 'Greet',
  description: 'Asks for a name.',
  argumentsSchema: { type: 'object' },
  async run(_args, context) {
    const answer = await context.elicit('user_name', {
      message: 'Name?',
      requestedSchema: {
        type: 'object',
        properties: { name: { type: 'string' } },
        required: ['name'],
      },
    });
    return answer.action === 'accept' ? answer.content.name.toUpperCase() : 'nobody';
  },
});
