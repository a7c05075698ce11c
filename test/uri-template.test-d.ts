/**
 * Compile-time checks of the variables typed from a URI template string: `TemplateVariables`, and
 * `UriTemplate`'s `match` and `expand`. Checked by `tsc -p tsconfig.test.json`; never run. Every
 * `@ts-expect-error` is a use the types must refuse.
 */
import { type TemplateVariables, UriTemplate } from '../src/index.js';

/** `true` when X and Y are the same type (not merely assignable either way). */
type Equal<X, Y> =
  (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? true : false;
/** Compiles only for `true`. */
type Expect<T extends true> = T;

// --- TemplateVariables: one string per variable; those of the query optional. ------------------

export type Reserved = Expect<Equal<TemplateVariables<'repo://docs/{+path}'>, { path: string }>>;
export type Simple = Expect<Equal<TemplateVariables<'test://template/{id}/data'>, { id: string }>>;
export type Operators = Expect<
  Equal<
    TemplateVariables<'x://{a,b}{+c}{#d}{.e}{/f,g}{;h}{?i,j}{&k}'>,
    {
      a: string;
      b: string;
      c: string;
      d: string;
      e: string;
      f: string;
      g: string;
      h: string;
      i?: string;
      j?: string;
      k?: string;
    }
  >
>;
export type NoVariables = Expect<Equal<TemplateVariables<'config://app'>, Record<string, never>>>;
new UriTemplate('config://app').expand({});
// @ts-expect-error -- a template without variables takes none.
new UriTemplate('config://app').expand({ app: 'x' });
// A template known only as a string: any names.
export type Dynamic = Expect<Equal<TemplateVariables<string>, Record<string, string>>>;
// The query's variables are optional, not `string | undefined` (exactOptionalPropertyTypes).
// @ts-expect-error -- an optional property is not a required one that may be undefined.
export type NotUndefined = Expect<Equal<TemplateVariables<'s://x{?q}'>, { q: string | undefined }>>;

// --- UriTemplate: typed from the literal passed to the constructor. -----------------------------

const docs = new UriTemplate('repo://{owner}/docs/{+path}{?ref}');
export type Literal = Expect<Equal<typeof docs.template, 'repo://{owner}/docs/{+path}{?ref}'>>;

const found = docs.match('repo://acme/docs/a.md');
export type Found = Expect<
  Equal<typeof found, { owner: string; path: string; ref?: string } | undefined>
>;
if (found !== undefined) {
  const path: string = found.path;
  const ref: string | undefined = found.ref;
  // @ts-expect-error -- a name the template does not have.
  found.paht;
  // @ts-expect-error -- a query variable may be absent.
  const mustHave: string = found.ref;
  void [path, ref, mustHave];
}

docs.expand({ owner: 'acme', path: 'a.md' });
docs.expand({ owner: 'acme', path: 'a.md', ref: 'main' });
// @ts-expect-error -- a wrong variable name.
docs.expand({ owner: 'acme', paht: 'a.md' });
// @ts-expect-error -- a path variable is required.
docs.expand({ owner: 'acme' });
// @ts-expect-error -- values are strings.
docs.expand({ owner: 'acme', path: 42 });
// @ts-expect-error -- an absent query variable is left out, not undefined.
docs.expand({ owner: 'acme', path: 'a.md', ref: undefined });

// A template built at run time: any names, looked up as possibly absent.
const dynamic = new UriTemplate(String(docs.template)).match('repo://acme/docs/a.md');
if (dynamic !== undefined) {
  // @ts-expect-error -- noUncheckedIndexedAccess: a name may be absent.
  const any: string = dynamic.whatever;
  void any;
}
