/**
 * The resources feature: `resources/list`, `resources/templates/list` and `resources/read`, as
 * entries of the method registry, which the maps that `resourcesByUri` and `templatesByUriTemplate`
 * build bring to their server. No `subscribe` and no `listChanged`: a stateless server holds no
 * channel to send their notifications on.
 *
 * @module
 */

import { completionMethods } from '../completions/completion-methods.js';
import { ProtocolError } from '../core/errors.js';
import {
  type Method,
  type Methods,
  PUBLIC_FIVE_MINUTES,
  withFeature,
  withMethods,
} from '../core/method-registry.js';
import { InsufficientScopeError, isGranted, requireScopes } from '../core/oauth-scopes.js';
import { page, pageSizeOf } from '../core/paging.js';
import type { RequestScope } from '../core/request-scope.js';
import type { CacheHint, ServerCore } from '../core/server-contract.js';
import { contentsFor, listsFor, resourceFor, templateFor } from '../era/prompt-resource-shaping.js';
import type { ProtocolVersion } from '../era/version-shaping.js';
import { ErrorCode } from '../jsonrpc.js';
import type {
  ListResourcesResult,
  ListResourceTemplatesResult,
  ReadResourceResult,
  Resource,
  ResourceTemplate,
  Result,
} from '../wire/types.js';
import {
  type AnyResource,
  type AnyResourceTemplate,
  contentsNow,
  templateContentsNow,
  templateResourcesNow,
} from './resource-base.js';
import type { ResourceContents } from './resource-contents.js';

// Lists, like tools/list, rarely differ between callers; what a resource holds may, so a read is
// kept for a minute and by its caller only, unless the resource or the server says otherwise.
// (A literal, not frozen: a call at module level would stay in every bundle of the library.)
const PRIVATE_ONE_MINUTE: CacheHint = { ttlMs: 60_000, cacheScope: 'private' };

// The hint of the resource a request read, for the finishing of its result.
const readHints = new WeakMap<RequestScope, CacheHint>();

let feature: readonly Methods[] | undefined;

// The methods the maps bring: built on the first map, not at module level, so that a bundle
// without resources leaves them out.
function resourceMethods(): readonly Methods[] {
  feature ??= [withMethods(new Map(), RESOURCE_METHODS), completionMethods()];
  return feature;
}

/**
 * Key fixed resources by URI, in the order given, refusing two with one URI. The map brings the
 * methods that serve resources (`resources/list`, `resources/templates/list`, `resources/read`,
 * and `completion/complete`) to the server whose `resources` it is.
 *
 * @param resources - The resources, in the order `resources/list` lists them.
 * @returns The resources by URI.
 * @throws Error - If two resources share a URI, or a resource's definition is not valid (see
 * `MCPResourceBase.definition()`).
 *
 * @example
 * ```ts
 * override readonly resources = resourcesByUri(new Changelog(), new Logo());
 * ```
 */
export function resourcesByUri(...resources: AnyResource[]): Map<string, AnyResource> {
  const byUri = new Map<string, AnyResource>();
  for (const resource of resources) {
    // Built now, once per class, so that a mistake fails here, not on a client.
    const { uri } = resource.definition();
    if (byUri.has(uri)) throw new Error(`two resources have the URI ${uri}`);
    byUri.set(uri, resource);
  }
  return withFeature(byUri, resourceMethods());
}

/**
 * Key resource templates by their URI template, in the order given (the order `resources/read`
 * tries them in), refusing two with one template: a `ref/resource` of `completion/complete` names
 * a template so. The map brings the methods that serve resources, as {@link resourcesByUri}'s does,
 * and those an extension's template brings: `skillsIn()`'s brings the Skills extension's, and what
 * `server/discover` declares of it.
 *
 * @param templates - The templates.
 * @returns The templates by URI template.
 * @throws Error - If two share a template, or one is malformed (see
 * `MCPResourceTemplateBase.definition()`).
 *
 * @example
 * ```ts
 * override readonly resourceTemplates = templatesByUriTemplate(new Docs());
 * ```
 */
export function templatesByUriTemplate(
  ...templates: AnyResourceTemplate[]
): Map<string, AnyResourceTemplate> {
  const byTemplate = new Map<string, AnyResourceTemplate>();
  let [methods, shared] = resourceMethods();
  const offers: ((result: Result) => void)[] = [];
  for (const template of templates) {
    const { uriTemplate } = template.definition();
    if (byTemplate.has(uriTemplate)) throw new Error(`two templates are ${uriTemplate}`);
    byTemplate.set(uriTemplate, template);
    // An extension's template (skillsIn()'s) brings its methods, and what server/discover lists.
    const { [FEATURE]: own, [OFFER]: offer } = template as Extending;
    if (own !== undefined) methods = withOwn(methods!, own[0]!);
    if (offer !== undefined) offers.push(offer);
  }
  if (offers.length > 0) {
    Object.defineProperty(byTemplate, OFFER, {
      value: (result: Result) => {
        for (const offer of offers) offer(result);
      },
    });
  }
  return withFeature(byTemplate, [methods!, shared!]);
}

// The keys under which an extension's template brings its methods and its offer, which two copies
// of the library share.
const FEATURE = Symbol.for('mcp-protocol-core.methods');
const OFFER = Symbol.for('mcp-protocol-core.changes-offer');

interface Extending {
  readonly [FEATURE]?: readonly Methods[];
  readonly [OFFER]?: (result: Result) => void;
}

// The resources' methods with an extension's, built once: a server made per request reuses the
// registry, and what is cached of it. (A second extension's template is rare: built each time.)
const extended = new WeakMap<Methods, Methods>();

function withOwn(methods: Methods, own: Methods): Methods {
  if (methods !== resourceMethods()[0]) return new Map([...methods, ...own]);
  let both = extended.get(own);
  if (both === undefined) {
    both = new Map([...methods, ...own]);
    extended.set(own, both);
  }
  return both;
}

/**
 * List a server's resources: the fixed ones, then those each template lists for this request,
 * paged by the server's `pageSize`; without those, or the templates, whose `requiredScopes` the
 * request is not granted.
 *
 * @param server - The server.
 * @param params - The params of `resources/list`.
 * @param scope - The request's scope, for the templates' `list()`.
 * @returns The resources.
 * @throws ProtocolError - -32602 for a cursor this list did not hand out.
 */
export function listResources(
  server: ResourcesServer,
  params: Record<string, unknown>,
  scope: RequestScope,
): ListResourcesResult | Promise<ListResourcesResult> {
  const resources: Resource[] = [];
  const version = listsFor(scope);
  for (const resource of server.resources.values()) {
    if (isGranted(scope, resource.requiredScopes)) {
      resources.push(resourceFor(resource.definition(), version));
    }
  }
  // Each template's list, at once when every one answers at once.
  const listed: (Resource[] | Promise<Resource[]>)[] = [];
  let waiting = false;
  for (const template of server.resourceTemplates.values()) {
    if (!isGranted(scope, template.requiredScopes)) continue;
    const some = templateResourcesNow(template, scope);
    if (!Array.isArray(some)) waiting = true;
    listed.push(some);
  }
  return waiting
    ? Promise.all(listed).then((all) => pageOf(server, params, resources, all, version))
    : pageOf(server, params, resources, listed as Resource[][], version);
}

function pageOf(
  server: ResourcesServer,
  params: Record<string, unknown>,
  resources: Resource[],
  listed: readonly Resource[][],
  version: ProtocolVersion | undefined,
): ListResourcesResult {
  for (const some of listed) {
    for (const resource of some) resources.push(resourceFor(resource, version));
  }
  // page() leaves nextCursor out on the last page.
  const { items, nextCursor } = page(resources, params.cursor, pageSizeOf(server), 'resources');
  return nextCursor === undefined
    ? { resources: items as Resource[] }
    : { resources: items as Resource[], nextCursor };
}

/**
 * List a server's resource templates, paged by the server's `pageSize`.
 *
 * @param server - The server.
 * @param params - The params of `resources/templates/list`.
 * @param scope - The request's scope: a template it is not granted the scopes of is left out.
 * @returns The templates.
 * @throws ProtocolError - -32602 for a cursor this list did not hand out.
 */
export function listResourceTemplates(
  server: ResourcesServer,
  params: Record<string, unknown>,
  scope: Pick<RequestScope, 'grantedScopes' | 'era' | 'protocolVersion'>,
): ListResourceTemplatesResult {
  const templates: ResourceTemplate[] = [];
  const version = listsFor(scope);
  for (const template of server.resourceTemplates.values()) {
    if (isGranted(scope, template.requiredScopes)) {
      templates.push(templateFor(template.definition(), version));
    }
  }
  const { items, ...next } = page(templates, params.cursor, pageSizeOf(server), 'templates');
  return { resourceTemplates: items as ResourceTemplate[], ...next };
}

/**
 * Read a resource: the fixed one at the URI, else the first template that matches it and has it.
 *
 * @param server - The server.
 * @param params - The params of `resources/read`.
 * @param scope - The request's scope.
 * @returns The contents.
 * @throws ProtocolError - -32602 for a `uri` that is not a string; for a URI nothing has, -32002
 * in the handshake era and -32602 in 2026-07-28 (SEP-2164), each with `data: { uri }`; an
 * {@link InsufficientScopeError} (403) for a resource, or a template that matches the URI, whose
 * `requiredScopes` the request is not granted; what a read throws as a `ProtocolError`.
 */
export function readResource(
  server: ResourcesServer,
  params: Record<string, unknown>,
  scope: RequestScope,
): ReadResourceResult | Promise<ReadResourceResult> {
  const { uri } = params;
  if (typeof uri !== 'string') {
    throw new ProtocolError(ErrorCode.InvalidParams, 'uri must be a string.');
  }
  const fixed = server.resources.get(uri);
  if (fixed === undefined) {
    return fromTemplates(server.resourceTemplates.values(), uri, scope, undefined);
  }
  requireScopes(scope, fixed.requiredScopes, uri);
  const contents = contentsNow(fixed, scope);
  return isSettled(contents)
    ? readFrom(contents, uri, scope, fixed.cache)
    : Promise.resolve(contents).then((settled) => readFrom(settled, uri, scope, fixed.cache));
}

// The first template that matches the URI and has it, each tried in turn, at once while each
// answers at once. `denied`: a template the request may not use that matches the URI, which is
// the refusal if no other has it.
function fromTemplates(
  templates: Iterator<AnyResourceTemplate>,
  uri: string,
  scope: RequestScope,
  denied: AnyResourceTemplate | undefined,
): ReadResourceResult | Promise<ReadResourceResult> {
  for (let next = templates.next(); next.done !== true; next = templates.next()) {
    const template = next.value;
    if (!isGranted(scope, template.requiredScopes)) {
      if (template.match?.(uri) !== undefined) denied ??= template;
      continue;
    }
    const contents = templateContentsNow(template, uri, scope);
    if (!isSettled(contents)) {
      return Promise.resolve(contents).then((settled) =>
        settled === undefined || settled.length === 0
          ? fromTemplates(templates, uri, scope, denied)
          : readFrom(settled, uri, scope, template.cache),
      );
    }
    if (contents !== undefined && contents.length > 0) {
      return readFrom(contents, uri, scope, template.cache);
    }
  }
  if (denied !== undefined) throw new InsufficientScopeError(uri, denied.requiredScopes!);
  return readFrom(undefined, uri, scope, undefined);
}

type Contents = ResourceContents[] | undefined;

// Contents, or none, rather than their promise (or any thenable a `contents()` of its own returns).
const isSettled = (
  contents: Contents | PromiseLike<Contents>,
): contents is ResourceContents[] | undefined => contents === undefined || Array.isArray(contents);

function readFrom(
  contents: ResourceContents[] | undefined,
  uri: string,
  scope: RequestScope,
  cache: CacheHint | undefined,
): ReadResourceResult {
  // No contents is not an answer: not found, as the version says it.
  if (contents === undefined || contents.length === 0) {
    throw new ProtocolError(
      scope.era === 'modern' ? ErrorCode.InvalidParams : ErrorCode.ResourceNotFound,
      'Resource not found',
      { uri },
    );
  }
  if (cache !== undefined) readHints.set(scope, cache);
  return { contents: contentsFor(contents, listsFor(scope)) };
}

/** A server's resources and templates, declared by the resources feature and merged into `MCPServerBase`. */
export interface ResourcesFeature {
  /**
   * The server's fixed resources by URI, in the order `resources/list` lists them: keyed by
   * {@link resourcesByUri}, whose map brings the methods that serve them. None by default: a server
   * with neither resources nor templates does not declare the `resources` capability.
   */
  readonly resources: ReadonlyMap<string, AnyResource>;

  /**
   * The server's resource templates by URI template, in the order `resources/read` tries them
   * (after the fixed resources): keyed by {@link templatesByUriTemplate}, whose map brings the
   * methods that serve them. None by default.
   */
  readonly resourceTemplates: ReadonlyMap<string, AnyResourceTemplate>;
}

/** @internal What the resources feature asks of a server: its resources and templates, typed. */
export interface ResourcesServer extends ServerCore {
  readonly resources: ReadonlyMap<string, AnyResource>;
  readonly resourceTemplates: ReadonlyMap<string, AnyResourceTemplate>;
}

const hasResources = (server: ResourcesServer) =>
  server.resources.size > 0 || server.resourceTemplates.size > 0;
const listCache = (server: ResourcesServer) => server.resourcesCache ?? PUBLIC_FIVE_MINUTES;

/** The methods of the resources feature, for the registry. */
export const RESOURCE_METHODS: Readonly<Record<string, Method<ResourcesServer>>> = {
  'resources/list': {
    capability: 'resources',
    has: hasResources,
    cache: listCache,
    run: listResources,
  },
  'resources/templates/list': {
    capability: 'resources',
    has: hasResources,
    cache: listCache,
    run: listResourceTemplates,
  },
  'resources/read': {
    capability: 'resources',
    has: hasResources,
    named: 'uri',
    input: true,
    cache: (server, scope) => readHints.get(scope) ?? server.resourcesCache ?? PRIVATE_ONE_MINUTE,
    run: readResource,
  },
};
