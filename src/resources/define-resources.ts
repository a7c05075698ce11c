/**
 * The shortest way to a resource or a resource template: a class from its fields, with a
 * template's variables typed from its template string.
 *
 * @module
 */

import type { CompletionContext } from '../completions/completion-methods.js';
import { withFields } from '../core/definitions.js';
import type { RequestScope } from '../core/request-scope.js';
import type { CacheHint } from '../core/server-contract.js';
import type { Annotations, Icon, Resource } from '../wire/types.js';
import { MCPResourceBase, MCPResourceTemplateBase } from './resource-base.js';
import type { ResourceOutput } from './resource-contents.js';
import type { TemplateVariableName, TemplateVariables } from './uri-template.js';

/** The fields of a resource for {@link defineResource}: those of {@link MCPResourceBase}. */
export interface ResourceSpec {
  /** Its URI: a scheme, then anything. */
  uri: string;
  /** Its programmatic name. */
  name: string;
  /** A human-readable name. */
  title?: string;
  /** What it is. */
  description?: string;
  /** Its MIME type. */
  mimeType?: string;
  /** Its size in bytes, when known. */
  size?: number;
  /** Hints to the client. */
  annotations?: Annotations;
  /** Icons a client may show. */
  icons?: Icon[];
  /** How long a 2026-07-28 client may keep what it reads, and with whom. */
  cache?: CacheHint;
  /** The OAuth scopes a request must be granted to see it and read it. */
  requiredScopes?: readonly string[];
  /** Read it: its text, its bytes, or several parts; `undefined` for not found. */
  read(scope: RequestScope): ResourceOutput | undefined | Promise<ResourceOutput | undefined>;
}

/** A resource class made by {@link defineResource}. */
export type ResourceClass = new () => MCPResourceBase;

/** The fields of a template for {@link defineResourceTemplate}: those of the base class. */
export interface ResourceTemplateSpec<T extends string> {
  /** Its URI template (RFC 6570, levels 1 to 3). */
  uriTemplate: T;
  /** Its programmatic name. */
  name: string;
  /** A human-readable name. */
  title?: string;
  /** What its resources are. */
  description?: string;
  /** The MIME type of all its resources. */
  mimeType?: string;
  /** Hints to the client. */
  annotations?: Annotations;
  /** Icons a client may show. */
  icons?: Icon[];
  /** How long a 2026-07-28 client may keep what its resources read, and with whom. */
  cache?: CacheHint;
  /** The OAuth scopes a request must be granted to see it and its resources. */
  requiredScopes?: readonly string[];
  /** Read the resource at a URI, with the variables typed from the template. */
  read(
    // NoInfer: the template string alone says what T is, never an annotation here.
    variables: TemplateVariables<NoInfer<T>>,
    uri: string,
    scope: RequestScope,
  ): ResourceOutput | undefined | Promise<ResourceOutput | undefined>;
  /** The resources that exist now, for `resources/list`. */
  list?(scope: RequestScope): readonly Resource[] | Promise<readonly Resource[]>;
  /** Complete a variable's value: `variable` is one of the template's, typed from it. */
  complete?(
    variable: TemplateVariableName<NoInfer<T>>,
    value: string,
    context: CompletionContext,
  ): string[] | Promise<string[]>;
}

/** A template class made by {@link defineResourceTemplate}. */
export type ResourceTemplateClass<T extends string = string> = new () => MCPResourceTemplateBase<T>;

const DESCRIBED = [
  'name',
  'title',
  'description',
  'mimeType',
  'annotations',
  'icons',
  'cache',
  'requiredScopes',
];

/**
 * Define a resource class from its fields and its `read`. The class is made once, at module
 * level; instantiate it per server.
 *
 * @param spec - The resource's fields and its `read`.
 * @returns A resource class.
 *
 * @example
 * ```ts
 * const Logo = defineResource({
 *   uri: 'brand://logo.png',
 *   name: 'logo',
 *   mimeType: 'image/png',
 *   read: () => logoBytes, // a Uint8Array, sent as base64
 * });
 * ```
 */
export function defineResource(spec: ResourceSpec): ResourceClass {
  const { read } = spec;
  class Defined extends MCPResourceBase {
    declare readonly uri: string;
    declare readonly name: string;
    read(scope: RequestScope) {
      return read(scope);
    }
  }
  return withFields(Defined, spec, ['uri', 'size', ...DESCRIBED]);
}

/**
 * Define a resource template class from its fields, with `read(variables)` typed from the template
 * string with no annotation at all. The class is made once, at module level.
 *
 * @param spec - The template's fields, its `read`, and its `list` and `complete` when it has them.
 * @returns A template class.
 *
 * @example
 * ```ts
 * const Docs = defineResourceTemplate({
 *   uriTemplate: 'repo://docs/{+path}',
 *   name: 'docs',
 *   mimeType: 'text/markdown',
 *   read: ({ path }) => files.get(path), // path: string; undefined is not found
 *   list: () => [...files.keys()].map((path) => ({ uri: `repo://docs/${path}`, name: path })),
 * });
 * ```
 */
export function defineResourceTemplate<const T extends string>(
  spec: ResourceTemplateSpec<T>,
): ResourceTemplateClass<T> {
  const { read } = spec;
  class Defined extends MCPResourceTemplateBase<T> {
    declare readonly uriTemplate: T;
    declare readonly name: string;
    read(variables: TemplateVariables<T>, uri: string, scope: RequestScope) {
      return read(variables, uri, scope);
    }
  }
  const fields = ['uriTemplate', ...DESCRIBED, 'list', 'complete'];
  return withFields(Defined, spec, fields);
}
