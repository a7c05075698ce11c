/**
 * The completion feature: `completion/complete`, as an entry of the method registry. It suggests
 * values of a prompt's argument, or of a resource template's variable, through the `complete`
 * hook of the prompt or template.
 *
 * @module
 */
import { ProtocolError } from './errors.js';
import { ErrorCode, isObject } from './jsonrpc.js';
import type { Method } from './methods.js';
import type { CompletionContext } from './prompts.js';
import type { MCPServerBase } from './server-base.js';
import type { CompleteResult } from './types.js';

/** The most values a completion answer holds, as the specification allows. */
export const MAX_COMPLETION_VALUES = 100;

/** What completes: a prompt or a resource template with a `complete` hook. */
interface Completable {
  complete?(name: string, value: string, context: CompletionContext): string[] | Promise<string[]>;
}

/** A resource template, as far as completion reads it. */
interface CompletableTemplate extends Completable {
  readonly uriTemplate: string;
}

// The resources feature's fields, read as far as completion needs them.
interface WithResources {
  readonly resources?: ReadonlyMap<string, unknown>;
  readonly resourceTemplates?: ReadonlyMap<string, CompletableTemplate>;
}

const templatesOf = (server: MCPServerBase) =>
  (server as WithResources).resourceTemplates?.values() ?? [];

const completes = (owner: Completable) => typeof owner.complete === 'function';

function hasCompletions(server: MCPServerBase): boolean {
  for (const prompt of server.prompts.values()) if (completes(prompt)) return true;
  for (const template of templatesOf(server)) if (completes(template)) return true;
  return false;
}

const invalid = (message: string) => new ProtocolError(ErrorCode.InvalidParams, message);

// The context's arguments: an object of strings, or none.
function contextOf(context: unknown): CompletionContext {
  const args = isObject(context) ? context.arguments : undefined;
  if (
    (context !== undefined && !isObject(context)) ||
    (args !== undefined &&
      (!isObject(args) || Object.values(args).some((value) => typeof value !== 'string')))
  ) {
    throw invalid('context.arguments must be an object of strings.');
  }
  return { arguments: (args ?? {}) as Record<string, string> };
}

// The prompt or template that `ref` names; `undefined` for a fixed resource, which completes to
// nothing.
function ownerOf(
  server: MCPServerBase,
  ref: Record<string, unknown>,
  argument: string,
): Completable | undefined {
  if (ref.type === 'ref/prompt' && typeof ref.name === 'string') {
    const prompt = server.prompts.get(ref.name);
    if (prompt === undefined) throw invalid(`Unknown prompt: ${ref.name}`);
    if (!prompt.definition().arguments?.some(({ name }) => name === argument)) {
      throw invalid(`${ref.name} has no argument ${argument}.`);
    }
    return prompt;
  }
  if (ref.type === 'ref/resource' && typeof ref.uri === 'string') {
    for (const template of templatesOf(server))
      if (template.uriTemplate === ref.uri) return template;
    if ((server as WithResources).resources?.has(ref.uri)) return undefined;
    throw invalid(`Unknown resource template: ${ref.uri}`);
  }
  throw invalid('ref must be a ref/prompt with a name or a ref/resource with a uri.');
}

/**
 * Answer `completion/complete`: the values the prompt's or template's `complete` hook suggests,
 * the first {@link MAX_COMPLETION_VALUES} of them, with how many there are in all.
 *
 * @param server - The server.
 * @param params - The reference, the argument and its value, and the context.
 * @returns The suggestions; none for a fixed resource, or an owner without a `complete` hook.
 * @throws ProtocolError - -32602 for params that are not valid, an unknown prompt or template.
 * @throws TypeError - If a hook returns something other than an array of strings.
 */
export async function complete(
  server: MCPServerBase,
  params: Record<string, unknown>,
): Promise<CompleteResult> {
  const { ref, argument } = params;
  if (
    !isObject(ref) ||
    !isObject(argument) ||
    typeof argument.name !== 'string' ||
    typeof argument.value !== 'string'
  ) {
    throw invalid('ref must be an object, and argument an object of a name and a value.');
  }
  const context = contextOf(params.context);
  const owner = ownerOf(server, ref, argument.name);
  const values = await owner?.complete?.(argument.name, argument.value, context);
  if (values === undefined) return { completion: { values: [] } };
  if (!Array.isArray(values) || values.some((value) => typeof value !== 'string')) {
    throw new TypeError('complete() must return an array of strings');
  }
  const total = values.length;
  return {
    completion: {
      values: total > MAX_COMPLETION_VALUES ? values.slice(0, MAX_COMPLETION_VALUES) : values,
      total,
      hasMore: total > MAX_COMPLETION_VALUES,
    },
  };
}

/** The methods of the completion feature, for the registry. */
export const COMPLETION_METHODS: Readonly<Record<string, Method>> = {
  'completion/complete': {
    capability: 'completions',
    // 2024-11-05 has the method, but no capability to declare it.
    capabilitySince: '2025-03-26',
    has: hasCompletions,
    run: (server, params) => complete(server, params),
  },
};
