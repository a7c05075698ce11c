/**
 * The tools, resources, templates and prompts a server sets as fields, and its options: none
 * until a subclass sets them, and checked once its constructor has run.
 *
 * @module
 */

import { cacheHint, checkFeatures } from './method-registry.js';
import type { ServerCore } from './server-contract.js';
import { PUBLIC_ONE_HOUR } from './server-methods.js';

// What a server has none of: one empty map, never written to.
const NONE: ReadonlyMap<string, never> = new Map<string, never>();

/**
 * @internal Give a server class no tools, resources, templates or prompts of its own: on the
 * prototype, so that an instance costs nothing.
 *
 * @param prototype - The server class's prototype.
 */
export function withoutFeatures(prototype: object): void {
  for (const feature of ['tools', 'resources', 'resourceTemplates', 'prompts']) {
    Object.defineProperty(prototype, feature, { value: NONE, writable: true });
  }
}

/**
 * @internal Check the options and features a server sets as fields, on the first request after
 * its constructor ran, so that a wrong one fails every request, not one method. They are
 * read-only fields: once found right, they stay so.
 *
 * @param server - The server.
 * @returns Whether they were checked: `false` while the server sets none of them.
 * @throws TypeError - For a cache hint that is not one, or a feature map not built by its helper.
 */
export function checkedFields(server: ServerCore): boolean {
  if (
    server.toolsCache === undefined &&
    server.discoverCache === undefined &&
    server.resources === NONE &&
    server.resourceTemplates === NONE &&
    server.prompts === NONE
  ) {
    return false;
  }
  cacheHint(server, 'toolsCache', server.toolsCache, PUBLIC_ONE_HOUR);
  cacheHint(server, 'discoverCache', server.discoverCache, PUBLIC_ONE_HOUR);
  checkFeatures(server);
  return true;
}
