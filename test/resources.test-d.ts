/**
 * Compile-time checks of resource templates' variables, typed from the template string:
 * `MCPResourceTemplateBase<T>` and `defineResourceTemplate`, with no annotation on `read`. Checked
 * by `tsc -p tsconfig.test.json`; never run. Every `@ts-expect-error` is a use the types must
 * refuse.
 */
import {
  type AnyResourceTemplate,
  defineResource,
  defineResourceTemplate,
  MCPResourceTemplateBase,
  MCPServerBase,
  type ResourceTemplateClass,
  resourcesByUri,
  type TemplateVariableName,
  type TemplateVariables,
  templatesByUriTemplate,
} from '../src/index.js';

/** `true` when X and Y are the same type (not merely assignable either way). */
type Equal<X, Y> =
  (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? true : false;
/** Compiles only for `true`. */
type Expect<T extends true> = T;

// --- defineResourceTemplate: read's variables come from the template, unannotated. -------------

export const Docs = defineResourceTemplate({
  uriTemplate: 'repo://{owner}/docs/{+path}{?ref}',
  name: 'docs',
  read: (variables) => {
    const exact: Expect<Equal<typeof variables, { owner: string; path: string; ref?: string }>> =
      true;
    const { owner, path, ref } = variables;
    // @ts-expect-error -- a query variable may be left out of the URI.
    const required: string = ref;
    // @ts-expect-error -- no such variable in the template.
    variables.branch;
    return exact ? `${owner}/${path}@${required}` : '';
  },
});

export type DocsClass = Expect<
  Equal<typeof Docs, ResourceTemplateClass<'repo://{owner}/docs/{+path}{?ref}'>>
>;

export const Simple = defineResourceTemplate({
  uriTemplate: 'test://template/{id}/data',
  name: 'simple',
  read: ({ id }) => id.toUpperCase(),
});

defineResourceTemplate({
  uriTemplate: 'test://template/{id}/data',
  name: 'wrong',
  // @ts-expect-error -- the template has no variable `key`.
  read: ({ key }: { key: string }) => key,
});

defineResourceTemplate({
  uriTemplate: 'x://{a}',
  name: 'bad-output',
  // @ts-expect-error -- a read returns text, bytes or parts, not a number.
  read: () => 42,
});

defineResourceTemplate({
  uriTemplate: 'x://{a}',
  name: 'bad-list',
  read: () => 'a',
  // @ts-expect-error -- listed resources have a uri and a name.
  list: () => [{ uri: 'x://a' }],
});

// --- complete(): the variable's name is one of the template's. ----------------------------------

export type Names = Expect<
  Equal<TemplateVariableName<'repo://{owner}/docs/{+path}{?ref}'>, 'owner' | 'path' | 'ref'>
>;
export type NoNames = Expect<Equal<TemplateVariableName<'config://app'>, never>>;
export type AnyNames = Expect<Equal<TemplateVariableName<string>, string>>;

defineResourceTemplate({
  uriTemplate: 'repo://{owner}/docs/{+path}{?ref}',
  name: 'completed',
  read: () => '',
  complete: (variable, value, { arguments: filled }) => {
    const exact: Expect<Equal<typeof variable, 'owner' | 'path' | 'ref'>> = true;
    // @ts-expect-error -- the template has no variable `branch`.
    if (variable === 'branch') return [];
    return exact ? [value, filled.owner ?? ''] : [];
  },
});

defineResourceTemplate({
  uriTemplate: 'repo://{owner}/docs/{+path}',
  name: 'wrong-complete',
  read: () => '',
  // @ts-expect-error -- a hook that expects a variable the template does not have.
  complete: (variable: 'branch') => [variable],
});

export type ClassComplete = Expect<
  Equal<
    Parameters<NonNullable<MCPResourceTemplateBase<'file:///{+path}{?ref}'>['complete']>>[0],
    'path' | 'ref'
  >
>;

// --- MCPResourceTemplateBase<T>: the same types for a class. -----------------------------------

export class Files extends MCPResourceTemplateBase<'file:///{+path}'> {
  readonly uriTemplate = 'file:///{+path}';
  readonly name = 'files';
  read({ path }: TemplateVariables<'file:///{+path}'>) {
    return path;
  }
}

export class WrongVariables extends MCPResourceTemplateBase<'file:///{+path}'> {
  readonly uriTemplate = 'file:///{+path}';
  readonly name = 'wrong';
  // @ts-expect-error -- read takes the template's variables, and `name` is not one of them.
  read({ name }: { name: string }) {
    return name;
  }
}

export class WrongTemplate extends MCPResourceTemplateBase<'file:///{+path}'> {
  // @ts-expect-error -- the template must be the one of the type parameter.
  readonly uriTemplate = 'file:///{other}';
  readonly name = 'wrong';
  read() {
    return '';
  }
}

export type Matched = Expect<Equal<ReturnType<Files['match']>, { path: string } | undefined>>;

// --- defineResource: read returns text, bytes, or parts. ---------------------------------------

export const Parts = defineResource({
  uri: 'a://parts',
  name: 'parts',
  read: () => ['text', new Uint8Array(1), { text: 'b' }, { blob: new Uint8Array(2), uri: 'a://b' }],
});

defineResource({
  uri: 'a://both',
  name: 'both',
  // @ts-expect-error -- a part has text or a blob, not both.
  read: () => [{ text: 'a', blob: 'b' }],
});

// --- Templates of different strings side by side in one server. --------------------------------

export class Server extends MCPServerBase {
  readonly name = 'server';
  override readonly resources = resourcesByUri(new Parts());
  override readonly resourceTemplates = templatesByUriTemplate(
    new Docs(),
    new Simple(),
    new Files(),
  );
  serverInfo() {
    return { name: 'server', version: '1.0.0' };
  }
  override instructions() {
    return '';
  }
}

export const any: AnyResourceTemplate[] = [new Docs(), new Simple(), new Files()];
