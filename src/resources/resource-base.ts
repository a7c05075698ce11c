/**
 * The base classes of resources: a fixed resource, read at its one URI, and a resource template,
 * read at every URI its RFC 6570 template matches, which may also list the resources that exist.
 *
 * @module
 */

import type { CompletionContext } from '../completions/completion-methods.js';
import { scopesProblem } from '../core/oauth-scopes.js';
import type { RequestScope } from '../core/request-scope.js';
import type { CacheHint } from '../core/server-contract.js';
import { deepFreeze } from '../jsonrpc.js';
import type { Annotations, Icon, Resource, ResourceTemplate } from '../wire/types.js';
import type { ResourceContents, ResourceOutput } from './resource-contents.js';
import {
  type Contents,
  isByteCount,
  listedNow,
  readNow,
  readTemplateNow,
} from './resource-read.js';
import { type TemplateVariableName, type TemplateVariables, UriTemplate } from './uri-template.js';

/** What a server needs of a fixed resource: the type of the values of a server's `resources`. */
export interface AnyResource {
  /** Its URI, unique in the server. */
  readonly uri: string;
  /** How long a 2026-07-28 client may keep what `resources/read` answers for it. */
  readonly cache?: CacheHint | undefined;
  /** The OAuth scopes a request must be granted to see the resource and read it. */
  readonly requiredScopes?: readonly string[] | undefined;
  /** The resource, as `resources/list` lists it. */
  definition(): Resource;
  /**
   * Read it, as `resources/read` answers; `undefined` (or no contents) when it is not there after
   * all.
   */
  contents(scope: RequestScope): Promise<ResourceContents[] | undefined>;
}

/** What a server needs of a resource template: the type of a server's `resourceTemplates`. */
export interface AnyResourceTemplate {
  /** Its URI template, unique in the server. */
  readonly uriTemplate: string;
  /** How long a 2026-07-28 client may keep what `resources/read` answers for its resources. */
  readonly cache?: CacheHint | undefined;
  /** The OAuth scopes a request must be granted to see the template and its resources. */
  readonly requiredScopes?: readonly string[] | undefined;
  /** The template, as `resources/templates/list` lists it. */
  definition(): ResourceTemplate;
  /** Read the resource at a URI: `undefined` when the template does not match it or has none. */
  contents(uri: string, scope: RequestScope): Promise<ResourceContents[] | undefined>;
  /** Whether the template matches a URI: its variables, or `undefined`. */
  match?(uri: string): object | undefined;
  /** The resources of the template that exist now, for `resources/list`. */
  resources(scope: RequestScope): Promise<Resource[]>;
  /** Complete a variable's value, for `completion/complete` of a `ref/resource`. */
  complete?(
    variable: string,
    value: string,
    context: CompletionContext,
  ): Promise<string[]> | string[];
}

/**
 * @internal A fixed resource's contents: at once when it is of the base class and its `read()`
 * answers at once.
 */
export function contentsNow(
  resource: AnyResource,
  scope: RequestScope,
): Contents | Promise<Contents> {
  return resource.contents === MCPResourceBase.prototype.contents
    ? readNow(resource as MCPResourceBase, scope)
    : resource.contents(scope);
}

/** @internal A template's contents at a URI, at once when it can (see {@link contentsNow}). */
export function templateContentsNow(
  template: AnyResourceTemplate,
  uri: string,
  scope: RequestScope,
): Contents | Promise<Contents> {
  return template.contents === MCPResourceTemplateBase.prototype.contents
    ? readTemplateNow(template as MCPResourceTemplateBase, uri, scope)
    : template.contents(uri, scope);
}

// What the metadata fields of a resource or a template hold, as they are listed.
interface Described {
  readonly name: string;
  readonly title?: string | undefined;
  readonly description?: string | undefined;
  readonly mimeType?: string | undefined;
  readonly annotations?: Annotations | undefined;
  readonly icons?: Icon[] | undefined;
}

function described<T extends object>(head: T, fields: Described): T & { name: string } {
  if (typeof fields.name !== 'string' || fields.name === '') {
    throw new TypeError(`${JSON.stringify(head)}: name must be a non-empty string`);
  }
  const definition: Record<string, unknown> = { ...head, name: fields.name };
  for (const key of ['title', 'description', 'mimeType', 'annotations', 'icons'] as const) {
    if (fields[key] !== undefined) definition[key] = fields[key];
  }
  return deepFreeze(definition) as T & { name: string };
}

function checkScopes(where: string, scopes: unknown): void {
  const problem = scopesProblem(scopes);
  if (problem !== undefined) throw new TypeError(`${where}: ${problem}`);
}

// A URI has a scheme (RFC 3986): `test://a`, `file:///b`, `urn:c`.
const SCHEME = /^[A-Za-z][A-Za-z\d+.-]*:/;

// Definitions by class: servers, with their resources, may be made per request.
const definitions = new WeakMap<object, Resource>();
const templates = new WeakMap<object, { definition: ResourceTemplate; template: UriTemplate }>();

/**
 * A resource of an MCP server at one URI, e.g. a configuration file. A subclass sets `uri` and
 * `name` (and `title`, `description`, `mimeType`, `size`, `annotations`, `icons` where known) and
 * implements `read(scope)`, which returns the text, the bytes, or several parts.
 *
 * The definition is built once per class, on first use: one class per resource. For resources
 * that vary (the files of a repository), use a {@link MCPResourceTemplateBase} that lists them.
 *
 * @example
 * ```ts
 * class Changelog extends MCPResourceBase {
 *   readonly uri = 'docs://changelog';
 *   readonly name = 'changelog';
 *   override readonly mimeType = 'text/markdown'; // optional fields are overrides
 *   read() {
 *     return '## 1.0.0\n\nFirst release.';
 *   }
 * }
 * ```
 */
export abstract class MCPResourceBase implements AnyResource {
  /** Its URI, e.g. `docs://changelog`: a scheme, then anything. */
  abstract readonly uri: string;
  /** Its programmatic name, e.g. `changelog`. */
  abstract readonly name: string;
  /** A human-readable name a client may show. */
  declare readonly title?: string | undefined;
  /** What it is: the LLM may read it to choose. */
  declare readonly description?: string | undefined;
  /** Its MIME type, e.g. `text/markdown`; the default of what `read()` returns. */
  declare readonly mimeType?: string | undefined;
  /** Its size in bytes, before base64, when known: clients estimate context use with it. */
  declare readonly size?: number | undefined;
  /** Who it is for, how important it is, when it last changed. */
  declare readonly annotations?: Annotations | undefined;
  /** Icons a client may show. */
  declare readonly icons?: Icon[] | undefined;
  /**
   * How long a 2026-07-28 client may keep what `resources/read` answers, and with whom: the
   * server's `resourcesCache` when left out.
   */
  declare readonly cache?: CacheHint | undefined;
  /**
   * The OAuth scopes a request must be granted to see the resource and read it: a request without
   * them does not find it in `resources/list`, and its read is refused with 403
   * `insufficient_scope` over HTTP. Checked when the resource is defined.
   */
  declare readonly requiredScopes?: readonly string[] | undefined;

  /**
   * Read the resource.
   *
   * @param scope - The request's scope: its era, its client, its headers.
   * @returns Its text, its bytes, or several parts (a `blob` string must be base64); `undefined`,
   * or no parts, when it is not there after all (answered as not found).
   * @throws ProtocolError - Answered with its code; anything else is -32603, logged. So is what it
   * returns that is not contents (a `blob` string that is not base64).
   */
  abstract read(
    scope: RequestScope,
  ): ResourceOutput | undefined | Promise<ResourceOutput | undefined>;

  /**
   * The resource, as `resources/list` lists it: built once per class, and frozen.
   *
   * @returns Its uri, name, and the other fields that are set.
   * @throws TypeError - If its URI has no scheme, its name is empty, its size is not a count of
   * bytes, or another instance of its class has another URI.
   */
  definition(): Resource {
    let definition = definitions.get(this.constructor);
    if (definition === undefined) {
      if (typeof this.uri !== 'string' || !SCHEME.test(this.uri)) {
        throw new TypeError(`${this.name}: uri must be a URI with a scheme, not ${this.uri}`);
      }
      const { size } = this;
      if (size !== undefined && !isByteCount(size)) {
        throw new TypeError(`${this.uri}: size must be a number of bytes, not ${size}`);
      }
      checkScopes(this.uri, this.requiredScopes);
      definition = described(
        size === undefined ? { uri: this.uri } : { uri: this.uri, size },
        this,
      ) as Resource;
      definitions.set(this.constructor, definition);
    } else if (definition.uri !== this.uri) {
      throw new TypeError(
        `${this.constructor.name}: one class per resource (${definition.uri}, ${this.uri})`,
      );
    }
    return definition;
  }

  /**
   * Read the resource and build its contents.
   *
   * @param scope - The request's scope.
   * @returns The contents of `resources/read`, or `undefined` when `read()` found nothing.
   */
  async contents(scope: RequestScope): Promise<ResourceContents[] | undefined> {
    return readNow(this, scope);
  }
}

/**
 * A template of resources: every URI that its RFC 6570 template (levels 1 to 3) matches, read by
 * `read(variables, uri, scope)` with the variables typed from the template. A subclass sets
 * `uriTemplate` (a literal, and the class's type parameter), `name`, and the other fields where
 * known; `list(scope)` may list the resources that exist now (they follow the fixed resources in
 * `resources/list`), and `complete()` may complete a variable's value.
 *
 * A value that is not valid percent-encoded UTF-8, or that would escape a directory (a `..`
 * segment, a leading `/` or `\`, a Windows drive such as `C:`, a NUL), does not match, so that
 * `read()` never sees one.
 *
 * @typeParam T - The URI template, e.g. `'repo://docs/{+path}'`.
 *
 * @example
 * ```ts
 * class Docs extends MCPResourceTemplateBase<'repo://docs/{+path}'> {
 *   readonly uriTemplate = 'repo://docs/{+path}';
 *   readonly name = 'docs';
 *   override readonly mimeType = 'text/markdown'; // optional fields are overrides
 *   read({ path }: TemplateVariables<'repo://docs/{+path}'>) {
 *     return files.get(path); // undefined: not found
 *   }
 *   override list() {
 *     return [...files.keys()].map((path) => ({ uri: `repo://docs/${path}`, name: path }));
 *   }
 * }
 * ```
 */
export abstract class MCPResourceTemplateBase<const T extends string = string>
  implements AnyResourceTemplate
{
  /** Its URI template, e.g. `repo://docs/{+path}`. */
  abstract readonly uriTemplate: T;
  /** Its programmatic name. */
  abstract readonly name: string;
  /** A human-readable name a client may show. */
  declare readonly title?: string | undefined;
  /** What its resources are. */
  declare readonly description?: string | undefined;
  /** The MIME type of all its resources, when they share one: the default of `read()`'s. */
  declare readonly mimeType?: string | undefined;
  /** Hints to the client. */
  declare readonly annotations?: Annotations | undefined;
  /** Icons a client may show. */
  declare readonly icons?: Icon[] | undefined;
  /**
   * How long a 2026-07-28 client may keep what `resources/read` answers for its resources: the
   * server's `resourcesCache` when left out.
   */
  declare readonly cache?: CacheHint | undefined;
  /**
   * The OAuth scopes a request must be granted to see the template and the resources it lists,
   * and to read them or complete its variables: a read is refused with 403 `insufficient_scope`
   * over HTTP otherwise, and a completion is answered as for a template that does not exist.
   * Checked when the template is defined.
   */
  declare readonly requiredScopes?: readonly string[] | undefined;

  /**
   * Read the resource at a URI the template matches.
   *
   * @param variables - The URI's variables, percent-decoded.
   * @param uri - The URI, as the client sent it.
   * @param scope - The request's scope.
   * @returns Its text, its bytes, or several parts (a `blob` string must be base64); `undefined`,
   * or no parts, when there is no such resource, and the next template is tried (none: not found).
   * @throws ProtocolError - Answered with its code; anything else is -32603, logged. So is what it
   * returns that is not contents.
   */
  abstract read(
    variables: TemplateVariables<T>,
    uri: string,
    scope: RequestScope,
  ): ResourceOutput | undefined | Promise<ResourceOutput | undefined>;

  /**
   * The resources of the template that exist now, e.g. the files of a repository, for
   * `resources/list`, after the fixed resources. Each URI must match the template, and a `size`
   * is a number of bytes; a list that breaks this fails `resources/list` with -32603, logged.
   *
   * @param scope - The request's scope.
   * @returns The resources; `mimeType` defaults to the template's.
   */
  list?(scope: RequestScope): readonly Resource[] | Promise<readonly Resource[]>;

  /**
   * Complete the value of a variable, for `completion/complete` of a `ref/resource` whose `uri`
   * is this template.
   *
   * @param variable - The variable's name: always one of the template's (another is refused with
   * -32602 before the hook is called).
   * @param value - What the user has typed so far.
   * @param context - The values of the other variables.
   * @returns Up to 100 values.
   */
  complete?(
    variable: TemplateVariableName<T>,
    value: string,
    context: CompletionContext,
  ): string[] | Promise<string[]>;

  #compiled() {
    let entry = templates.get(this.constructor);
    if (entry === undefined) {
      checkScopes(this.uriTemplate, this.requiredScopes);
      entry = {
        template: new UriTemplate<string>(this.uriTemplate),
        definition: described({ uriTemplate: this.uriTemplate }, this),
      };
      templates.set(this.constructor, entry);
    } else if (entry.template.template !== this.uriTemplate) {
      throw new TypeError(
        `${this.constructor.name}: one class per template (${entry.template.template}, ${this.uriTemplate})`,
      );
    }
    return entry;
  }

  /**
   * The template, as `resources/templates/list` lists it: built once per class, and frozen.
   *
   * @returns Its uriTemplate, name, and the other fields that are set.
   * @throws Error - If the template is malformed or uses level 4, or its name is empty.
   */
  definition(): ResourceTemplate {
    return this.#compiled().definition;
  }

  /**
   * Read a URI's variables.
   *
   * @param uri - A URI.
   * @returns Its variables, percent-decoded; `undefined` when the template does not match it.
   */
  match(uri: string): TemplateVariables<T> | undefined {
    return this.#compiled().template.match(uri) as TemplateVariables<T> | undefined;
  }

  /**
   * Read the resource at a URI, when the template matches it.
   *
   * @param uri - The URI of `resources/read`.
   * @param scope - The request's scope.
   * @returns The contents; `undefined` when the template does not match or `read()` found none.
   */
  async contents(uri: string, scope: RequestScope): Promise<ResourceContents[] | undefined> {
    return readTemplateNow(this, uri, scope);
  }

  /**
   * The resources `list()` lists, checked, with the template's MIME type by default.
   *
   * @param scope - The request's scope.
   * @returns The resources; none without `list()`.
   * @throws TypeError - If one has no URI or name, or a URI the template does not match.
   */
  async resources(scope: RequestScope): Promise<Resource[]> {
    return listedNow(this, scope);
  }
}

/**
 * @internal A template's resources: at once when it is of the base class and its `list()` answers
 * at once (see {@link contentsNow}).
 */
export function templateResourcesNow(
  template: AnyResourceTemplate,
  scope: RequestScope,
): Resource[] | Promise<Resource[]> {
  return template.resources === MCPResourceTemplateBase.prototype.resources
    ? listedNow(template as MCPResourceTemplateBase, scope)
    : template.resources(scope);
}
