/**
 * What the resource base classes read and list, at once when `read()` and `list()` answer at once.
 * Functions, not methods: a class with a computed key is kept in a bundle that never uses it.
 *
 * @module
 */

import type { RequestScope } from '../core/request-scope.js';
import { isObject, isPromiseLike } from '../jsonrpc.js';
import type { Resource } from '../wire/types.js';
import { contentsOf, type ResourceContents, type ResourceOutput } from './resource-contents.js';

type Output<T> = T | undefined | Promise<T | undefined>;

// A fixed resource, as far as reading it goes: what `MCPResourceBase` is.
interface Readable {
  readonly uri: string;
  readonly mimeType?: string | undefined;
  read(scope: RequestScope): Output<ResourceOutput>;
}

// A resource template, as far as reading and listing it go: what `MCPResourceTemplateBase` is.
interface ReadableTemplate<Variables = unknown> {
  readonly uriTemplate: string;
  readonly mimeType?: string | undefined;
  match(uri: string): Variables | undefined;
  read(variables: Variables, uri: string, scope: RequestScope): Output<ResourceOutput>;
  list?(scope: RequestScope): readonly Resource[] | Promise<readonly Resource[]>;
}

/** @internal Whether a size is a count of bytes: a whole number, not negative. */
export const isByteCount = (size: unknown) => Number.isSafeInteger(size) && (size as number) >= 0;

/** @internal Contents, or none when nothing was found. */
export type Contents = ResourceContents[] | undefined;

// What read() found, as contents; none when it found nothing, or returned no part: a read of no
// contents is not an answer.
function found(output: ResourceOutput | undefined, uri: string, mimeType: string | undefined) {
  const contents = output === undefined ? undefined : contentsOf(output, uri, mimeType);
  return contents?.length === 0 ? undefined : contents;
}

/** @internal What the base class's `contents()` answers. */
export function readNow(resource: Readable, scope: RequestScope): Contents | Promise<Contents> {
  const output = resource.read(scope);
  return isPromiseLike(output)
    ? Promise.resolve(output).then((settled) => found(settled, resource.uri, resource.mimeType))
    : found(output, resource.uri, resource.mimeType);
}

/** @internal What the template base class's `contents()` answers. */
export function readTemplateNow<Variables>(
  template: ReadableTemplate<Variables>,
  uri: string,
  scope: RequestScope,
): Contents | Promise<Contents> {
  const variables = template.match(uri);
  if (variables === undefined) return undefined;
  const output = template.read(variables, uri, scope);
  return isPromiseLike(output)
    ? Promise.resolve(output).then((settled) => found(settled, uri, template.mimeType))
    : found(output, uri, template.mimeType);
}

/** @internal What the template base class's `resources()` answers. */
export function listedNow(
  template: ReadableTemplate,
  scope: RequestScope,
): Resource[] | Promise<Resource[]> {
  if (template.list === undefined) return [];
  const listed = template.list(scope);
  return isPromiseLike(listed)
    ? Promise.resolve(listed).then((settled) => checkedListed(template, settled))
    : checkedListed(template, listed);
}

// What list() listed, checked, with the template's MIME type by default.
function checkedListed(template: ReadableTemplate, listed: readonly Resource[]): Resource[] {
  const { mimeType } = template;
  return listed.map((resource) => {
    if (
      !isObject(resource) ||
      typeof resource.uri !== 'string' ||
      typeof resource.name !== 'string' ||
      template.match(resource.uri) === undefined
    ) {
      throw new TypeError(
        `${template.uriTemplate}: list() must return resources with a name and a URI it matches, not ${JSON.stringify(resource)}`,
      );
    }
    if (resource.size !== undefined && !isByteCount(resource.size)) {
      throw new TypeError(
        `${resource.uri}: list() returned a size that is not a number of bytes: ${resource.size}`,
      );
    }
    return resource.mimeType === undefined && mimeType !== undefined
      ? { ...resource, mimeType }
      : resource;
  });
}
