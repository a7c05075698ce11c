/**
 * The completion feature: `completion/complete`, as an entry of the method registry. It suggests
 * values of a prompt's argument, or of a resource template's variable, through the `complete`
 * hook of the prompt or template.
 *
 * @module
 */
import { ProtocolError } from '../core/errors.js';
import { type Method, type Methods, withMethods } from '../core/method-registry.js';
import { isGranted } from '../core/oauth-scopes.js';
import { RequestScope } from '../core/request-scope.js';
import type { ServerCore } from '../core/server-contract.js';
import { ErrorCode, isObject, isPromiseLike } from '../jsonrpc.js';
import { UriTemplate } from '../resources/uri-template.js';
import type { CompleteResult, Prompt } from '../wire/types.js';

/** What a completion hook knows of the other arguments: those the user has filled in. */
export interface CompletionContext {
  /** The values of the arguments already filled in, by name. */
  arguments: Record<string, string>;
  /**
   * Aborts when the request's work should stop: past the server's `methodTimeoutMs`, or when it
   * is cancelled. Pass it to `fetch()` and the like.
   */
  signal?: AbortSignal | undefined;
}

/** The most values a completion answer holds, as the specification allows. */
export const MAX_COMPLETION_VALUES = 100;

/** What completes: a prompt or a resource template with a `complete` hook. */
interface Completable {
  readonly requiredScopes?: readonly string[] | undefined;
  complete?(name: string, value: string, context: CompletionContext): string[] | Promise<string[]>;
}

/** A prompt, as far as completion reads it. */
interface CompletablePrompt extends Completable {
  definition(): Prompt;
}

/** A resource template, as far as completion reads it. */
interface CompletableTemplate extends Completable {
  readonly uriTemplate: string;
}

// The resources feature's fields, read as far as completion needs them.
interface WithResources {
  readonly resources?: ReadonlyMap<string, Pick<Completable, 'requiredScopes'>>;
  readonly resourceTemplates?: ReadonlyMap<string, CompletableTemplate>;
}

// The variables of each URI template, read once: templates are the server's, not the client's.
const variables = new Map<string, readonly string[]>();
function variablesOf(uriTemplate: string): readonly string[] {
  let names = variables.get(uriTemplate);
  if (!names) {
    names = new UriTemplate(uriTemplate).variables;
    variables.set(uriTemplate, names);
  }
  return names;
}

const templatesOf = (server: ServerCore) =>
  (server as WithResources).resourceTemplates?.values() ?? [];

const completes = (owner: Completable) => typeof owner.complete === 'function';

function hasCompletions(server: ServerCore): boolean {
  for (const prompt of (server.prompts as ReadonlyMap<string, Completable>).values()) {
    if (completes(prompt)) return true;
  }
  for (const template of templatesOf(server)) if (completes(template)) return true;
  return false;
}

const invalid = (message: string) => new ProtocolError(ErrorCode.InvalidParams, message);

const isStrings = (values: unknown[]) => values.every((value) => typeof value === 'string');

/**
 * Answer `completion/complete`: the values the prompt's or template's `complete` hook suggests,
 * the first {@link MAX_COMPLETION_VALUES} of them, with how many there are in all.
 *
 * @param server - The server.
 * @param params - The reference, the argument and its value, and the context.
 * @param scope - The request's scope: a prompt, template or resource whose `requiredScopes` it is
 * not granted is answered as unknown, so that nothing of it is told.
 * @returns The suggestions; none for a fixed resource, or an owner without a `complete` hook.
 * @throws ProtocolError - -32602 for params that are not valid, an unknown (or hidden) prompt or
 * template, or an argument or `context.arguments` name that the prompt's arguments or the
 * template's variables do not have: the hook never sees one.
 * @throws TypeError - If a hook returns something other than an array of strings.
 */
export async function complete(
  server: ServerCore,
  params: Record<string, unknown>,
  scope: Pick<RequestScope, 'grantedScopes'> = new RequestScope(),
): Promise<CompleteResult> {
  return completeNow(server, params, scope);
}

// The registry's: the suggestions at once when the hook gives them at once, without the turns an
// async function would wait for a value already there.
function completeNow(
  server: ServerCore,
  params: Record<string, unknown>,
  scope: Pick<RequestScope, 'grantedScopes'>,
): CompleteResult | Promise<CompleteResult> {
  const { ref, argument, context } = params;
  const filled = context === undefined ? {} : isObject(context) ? (context.arguments ?? {}) : 0;
  if (
    !isObject(ref) ||
    ((ref.type !== 'ref/prompt' || typeof ref.name !== 'string') &&
      (ref.type !== 'ref/resource' || typeof ref.uri !== 'string')) ||
    !isObject(argument) ||
    typeof argument.name !== 'string' ||
    typeof argument.value !== 'string' ||
    !isObject(filled) ||
    !isStrings(Object.values(filled))
  ) {
    throw invalid(
      'completion/complete takes a ref/prompt or ref/resource, an argument name and value, and context.arguments of strings.',
    );
  }
  // A prompt, template or resource the caller may not see is answered as one that does not exist:
  // nothing of it, not even its arguments' names, is told.
  let owner: Completable | undefined;
  let names: readonly string[] | undefined;
  if (ref.type === 'ref/prompt') {
    const prompt = (server.prompts as ReadonlyMap<string, CompletablePrompt>).get(
      ref.name as string,
    );
    if (!prompt || !isGranted(scope, prompt.requiredScopes)) {
      throw invalid(`Unknown prompt: ${ref.name}`);
    }
    owner = prompt;
    names = prompt.definition().arguments?.map(({ name }) => name) ?? [];
  } else {
    for (const template of templatesOf(server)) {
      if (template.uriTemplate === ref.uri) [owner, names] = [template, variablesOf(ref.uri)];
    }
    // A fixed resource has nothing to complete.
    const found = owner ?? (server as WithResources).resources?.get(ref.uri as string);
    if (!found || !isGranted(scope, found.requiredScopes)) {
      throw invalid(`Unknown resource template: ${ref.uri}`);
    }
  }
  // The hook sees only names it declared, in the argument and in the context alike.
  for (const name of names ? [argument.name, ...Object.keys(filled)] : []) {
    if (!names!.includes(name)) {
      throw invalid(
        ref.type === 'ref/prompt'
          ? `${ref.name} has no argument ${name}.`
          : `${ref.uri} has no variable ${name}.`,
      );
    }
  }
  const hookContext: CompletionContext = { arguments: filled as Record<string, string> };
  // The scope's signal, made only when the hook reads it, as the scope's own is.
  Object.defineProperty(hookContext, 'signal', {
    get: () => (scope as Partial<RequestScope>).signal,
  });
  const values = owner?.complete?.(argument.name, argument.value, hookContext);
  // Any thenable, as `await` would take it.
  return isPromiseLike(values)
    ? Promise.resolve(values).then(suggestions)
    : suggestions(values as string[] | undefined);
}

function suggestions(values: string[] | undefined): CompleteResult {
  if (values === undefined) return { completion: { values: [] } };
  if (!Array.isArray(values) || !isStrings(values)) {
    throw new TypeError('complete() must return an array of strings');
  }
  const total = values.length;
  return {
    completion: {
      values: values.slice(0, MAX_COMPLETION_VALUES),
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
    run: completeNow,
  },
};

let feature: Methods | undefined;

/**
 * @internal The completion feature's registry, built once, on the maps of the features that
 * complete: prompts, and resource templates.
 *
 * @returns The registry of `completion/complete`.
 */
export function completionMethods(): Methods {
  feature ??= withMethods(new Map(), COMPLETION_METHODS);
  return feature;
}
