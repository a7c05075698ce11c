/**
 * The prompts feature: `promptsByName`, and `prompts/list` and `prompts/get` as entries of the
 * method registry, which the map that `promptsByName` builds brings to its server.
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
import { isGranted, requireScopes } from '../core/oauth-scopes.js';
import { page, pageSizeOf } from '../core/paging.js';
import type { ServerCore } from '../core/server-contract.js';
import { listsFor, promptFor, promptResultFor } from '../era/prompt-resource-shaping.js';
import { versionOf } from '../era/version-shaping.js';
import { ErrorCode, isObject, isPromiseLike } from '../jsonrpc.js';
import type { Prompt } from '../wire/types.js';
import { type AnyPrompt, renderNow } from './prompt-base.js';

let feature: readonly Methods[] | undefined;

/**
 * Key prompts by name, in the order given, refusing two with one name. The map brings the methods
 * that serve them, `prompts/list`, `prompts/get` and `completion/complete`, to the server whose
 * `prompts` it is: a server's prompts are keyed so, not by a `Map` of its own.
 *
 * @param prompts - The prompts, in the order `prompts/list` lists them.
 * @returns The prompts by name.
 * @throws Error - If two prompts share a name, or a prompt's arguments schema is not an object of
 * string properties.
 *
 * @example
 * ```ts
 * override readonly prompts = promptsByName(new ReviewCode(), new Greeting());
 * ```
 */
export function promptsByName(...prompts: AnyPrompt[]): Map<string, AnyPrompt> {
  const byName = new Map<string, AnyPrompt>();
  for (const prompt of prompts) {
    if (byName.has(prompt.name)) {
      throw new Error(`two prompts are named ${prompt.name}: rename one, or leave one out`);
    }
    // Built now, once per definition, so that a schema MCP cannot list fails here, not on a client.
    prompt.definition();
    byName.set(prompt.name, prompt);
  }
  // Built here, not at module level, so that a bundle without prompts leaves their methods out.
  feature ??= [withMethods(new Map(), PROMPT_METHODS), completionMethods()];
  return withFeature(byName, feature);
}

/** A server's prompts, declared by the prompts feature and merged into `MCPServerBase`. */
export interface PromptsFeature {
  /**
   * The server's prompts by name, in the order `prompts/list` lists them: keyed by
   * {@link promptsByName}, whose map brings the methods that serve them. None by default: a server
   * without prompts does not declare the `prompts` capability.
   */
  readonly prompts: ReadonlyMap<string, AnyPrompt>;
}

const hasPrompts = (server: ServerCore) => server.prompts.size > 0;

// A server's prompts, as `promptsByName` built them.
const promptsOf = (server: ServerCore) => server.prompts as ReadonlyMap<string, AnyPrompt>;

/** The methods of the prompts feature, for the registry. */
export const PROMPT_METHODS: Readonly<Record<string, Method>> = {
  'prompts/list': {
    capability: 'prompts',
    has: hasPrompts,
    cache: (server) => server.promptsCache ?? PUBLIC_FIVE_MINUTES,
    run(server, params, scope) {
      const prompts: Prompt[] = [];
      const version = listsFor(scope);
      for (const prompt of promptsOf(server).values()) {
        if (isGranted(scope, prompt.requiredScopes)) {
          prompts.push(promptFor(prompt.definition(), version));
        }
      }
      const { items, nextCursor } = page(prompts, params.cursor, pageSizeOf(server), 'prompts');
      return nextCursor === undefined ? { prompts: items } : { prompts: items, nextCursor };
    },
  },
  'prompts/get': {
    capability: 'prompts',
    has: hasPrompts,
    named: 'name',
    input: true,
    run(server, params, scope) {
      const { name, arguments: args } = params;
      if (typeof name !== 'string') {
        throw new ProtocolError(ErrorCode.InvalidParams, 'name must be a string.');
      }
      if (args !== undefined && !isObject(args)) {
        throw new ProtocolError(ErrorCode.InvalidParams, 'arguments must be an object.');
      }
      const prompt = promptsOf(server).get(name);
      if (prompt === undefined) {
        throw new ProtocolError(ErrorCode.InvalidParams, `Unknown prompt: ${name}`);
      }
      requireScopes(scope, prompt.requiredScopes, `prompt ${name}`);
      const result = renderNow(prompt, args, scope);
      const version = versionOf(scope);
      return isPromiseLike(result)
        ? Promise.resolve(result).then((settled) => promptResultFor(settled, version))
        : promptResultFor(result, version);
    },
  },
};
