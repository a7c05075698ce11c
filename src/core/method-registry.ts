/**
 * The registry of methods: each JSON-RPC method a server answers is a small record, looked up once
 * per request. The core's and the tools' are the base class's; a subclass adds a method by adding
 * an entry. The other features (resources, prompts, completions) bring theirs on the maps their
 * helpers build (`resourcesByUri()`, `promptsByName()`, …), so that a server that uses none of them
 * does not carry their code.
 *
 * @module
 */

import type { Era } from '../era/protocol-versions.js';
import { isObject } from '../jsonrpc.js';
import type { HttpHeaders } from '../wire/http-headers.js';
import type { Result, ServerCapabilities } from '../wire/types.js';
import type { RequestScope } from './request-scope.js';
import type { CacheHint, ServerCore } from './server-contract.js';

/** @internal A list's hint by default: five minutes, by anyone. */
export const PUBLIC_FIVE_MINUTES: CacheHint = Object.freeze({
  ttlMs: 300_000,
  cacheScope: 'public',
});

/**
 * One JSON-RPC method of a server.
 *
 * @typeParam Server - The server class it runs on.
 *
 * @example
 * ```ts
 * class NotesServer extends MCPServerBase {
 *   static override readonly methods = withMethods(MCPServerBase.methods, {
 *     'notes/count': { run: (server: NotesServer) => ({ count: server.notes.size }) },
 *   });
 *   ...
 * }
 * ```
 */
export interface Method<Server extends ServerCore = ServerCore> {
  /** The one era the method exists in; both when left out. In the other it is not found. */
  readonly era?: Era;
  /** The `data` of the -32601 error the method gets in the other era, e.g. what to use instead. */
  readonly otherEra?: unknown;
  /**
   * The server capability the method belongs to, e.g. `tools`: the method is not found on a
   * server that has not got it (see {@link Method.has}).
   */
  readonly capability?: keyof ServerCapabilities;
  /**
   * The first protocol version whose capabilities name `capability`, e.g. `2025-03-26` for
   * `completions`: an initialize of an older version does not declare it, though the method is
   * answered.
   */
  readonly capabilitySince?: string;
  /** Whether a server has the capability: e.g. some tools. Required with `capability`. */
  readonly has?: (server: Server) => boolean;
  /**
   * The param that a 2026-07-28 `Mcp-Name` header mirrors: a tool's `name`, a resource's `uri`, a
   * task's `taskId`.
   */
  readonly named?: 'name' | 'uri' | 'taskId';
  /**
   * The method may ask its client for input (2026-07-28): it reads `inputResponses` and
   * `requestState`, and may answer `input_required`. The specification allows it of `tools/call`,
   * `prompts/get` and `resources/read` only.
   */
  readonly input?: boolean;
  /**
   * The method keeps its own time, as `tools/call` keeps each tool's `timeoutMs`: the server's
   * `methodTimeoutMs` does not bound it.
   */
  readonly ownTimeLimit?: boolean;
  /**
   * How long a 2026-07-28 client may keep the result, and with whom: asked after the method ran,
   * with the request's scope, so that the hint may depend on what it answered (e.g. which
   * resource `resources/read` read).
   */
  readonly cache?: (server: Server, scope: RequestScope) => CacheHint;
  /**
   * Check a 2026-07-28 request's other headers against its params, e.g. `Mcp-Param-*` against a
   * tool's arguments, before the method runs, with the request's scope (its granted scopes).
   *
   * @returns The first problem, as a sentence, or `undefined`.
   */
  readonly checkHeaders?: (
    server: Server,
    params: Record<string, unknown> | undefined,
    headers: HttpHeaders,
    scope: RequestScope,
  ) => string | undefined;
  /**
   * Run the method.
   *
   * @param server - The server that answers.
   * @param params - The request's params, or an empty object.
   * @param scope - The request's scope.
   * @returns The result; the era's finishing (2026-07-28's `resultType`, `_meta`, cache hints) is
   * added after.
   * @throws ProtocolError - For an error answer, e.g. -32602 for params that are not valid.
   */
  run(
    server: Server,
    params: Record<string, unknown>,
    scope: RequestScope,
  ): Result | Promise<Result>;
}

/** The methods of a server, by name. */
export type Methods = ReadonlyMap<string, Method<never>>;

// A server's class, as far as its registry goes.
interface ServerClass {
  readonly methods: Methods;
}

/**
 * A registry with more methods, or other ones: `base`'s entries, then `added`'s, which replace
 * those of the same name. Built once, at module level.
 *
 * @param base - The methods to start from, e.g. `MCPServerBase.methods`.
 * @param added - The methods to add or replace, by name.
 * @returns A new registry.
 */
export function withMethods<Server extends ServerCore>(
  base: Methods,
  added: Readonly<Record<string, Method<Server>>>,
): Methods {
  const methods = new Map(base);
  for (const [name, method] of Object.entries(added)) {
    if (method.capability !== undefined && method.has === undefined) {
      throw new TypeError(`${name}: a method with a capability says when a server has it (has)`);
    }
    methods.set(name, method as Method<never>);
  }
  return methods;
}

// The methods a feature's map brings, under a name that two copies of the library share: the
// feature's own, then those it shares with others (completions).
const FEATURE = Symbol.for('mcp-protocol-core.methods');

interface Tagged {
  readonly [FEATURE]?: readonly Methods[];
}

/**
 * @internal Mark a map that a feature's helper built with the methods that serve it: a server
 * whose `resources`, `resourceTemplates` or `prompts` is that map answers them.
 *
 * @param map - The map, e.g. the prompts by name.
 * @param methods - The feature's own methods, then those it shares with other features.
 * @returns The same map.
 */
export function withFeature<M extends ReadonlyMap<string, unknown>>(
  map: M,
  methods: readonly Methods[],
): M {
  Object.defineProperty(map, FEATURE, { value: methods });
  return map;
}

// The fields that hold a feature's map: the helper that builds it, and its capability.
const FEATURE_FIELDS = {
  resources: ['resourcesByUri', 'resources'],
  resourceTemplates: ['templatesByUriTemplate', 'resources'],
  prompts: ['promptsByName', 'prompts'],
} as const;

type FeatureField = keyof typeof FEATURE_FIELDS;

/**
 * @internal The registries a server's methods come from: its class's, then those the maps of its
 * features bring, each once, every feature's own before those they share.
 *
 * @param server - The server.
 * @returns The registries, its class's first.
 */
export function registriesOf(server: ServerCore): Methods[] {
  const registries = [(server.constructor as unknown as ServerClass).methods];
  for (const at of [0, 1]) {
    for (const field in FEATURE_FIELDS) {
      const methods = (server[field as FeatureField] as Tagged)[FEATURE]?.[at];
      if (methods !== undefined && !registries.includes(methods)) registries.push(methods);
    }
  }
  return registries;
}

/** @internal A capability, when a server has it, and since which version. */
export interface CapabilityTest {
  readonly capability: keyof ServerCapabilities;
  readonly since: string | undefined;
  readonly has: (server: never) => boolean;
}

// By the registries, in order (a trie of their maps): each server class with the same features
// shares its tests, which are built once.
interface TestsNode {
  tests?: readonly CapabilityTest[];
  readonly next: WeakMap<Methods, TestsNode>;
}
const testsRoot: TestsNode = { next: new WeakMap() };

/**
 * @internal The capability tests of a server's registries, in order: a method's capability, with
 * its `has` and `capabilitySince`, once each, and a feature's method that the class's registry
 * replaces left out. Built once per set of registries.
 *
 * @param server - The server.
 * @returns The tests.
 */
export function capabilityTests(server: ServerCore): readonly CapabilityTest[] {
  const registries = registriesOf(server);
  let node = testsRoot;
  for (const registry of registries) {
    let next = node.next.get(registry);
    if (next === undefined) {
      next = { next: new WeakMap() };
      node.next.set(registry, next);
    }
    node = next;
  }
  if (node.tests !== undefined) return node.tests;
  const [methods] = registries;
  const tests: CapabilityTest[] = [];
  for (const registry of registries) {
    for (const [name, entry] of registry) {
      // A feature's method that the class's registry replaces is the class's.
      if (registry !== methods && methods!.has(name)) continue;
      const { capability, capabilitySince: since, has } = entry;
      if (capability === undefined || has === undefined) continue;
      if (
        tests.some(
          (test) => test.capability === capability && test.has === has && test.since === since,
        )
      ) {
        continue;
      }
      tests.push({ capability, since, has });
    }
  }
  node.tests = tests;
  return tests;
}

/**
 * @internal A server's method: its class's registry entry, else one that a feature's map brings.
 *
 * @param server - The server.
 * @param name - The method, e.g. `prompts/get`.
 * @returns The entry, or `undefined` when the server has no such method.
 */
export function methodOf(server: ServerCore, name: string): Method<never> | undefined {
  // The class's registry alone, first: the tools' methods cost no more than a lookup.
  const entry = (server.constructor as unknown as ServerClass).methods.get(name);
  if (entry !== undefined) return entry;
  // The order of registriesOf(), without building its list (a registry met twice finds nothing
  // new), each of FEATURE_FIELDS read by its name: a key that a loop reads is a megamorphic lookup.
  const { resources, resourceTemplates, prompts } = server as Record<FeatureField, Tagged>;
  for (let at = 0; at < 2; at++) {
    const found =
      resources[FEATURE]?.[at]?.get(name) ??
      resourceTemplates[FEATURE]?.[at]?.get(name) ??
      prompts[FEATURE]?.[at]?.get(name);
    if (found !== undefined) return found;
  }
  // The Tasks extension's methods come with the server's tasks (see tasksIn), listening with its
  // changes (see changesOn).
  const { tasks, changes } = server as { tasks?: Tagged; changes?: Tagged };
  return tasks?.[FEATURE]?.[0]?.get(name) ?? changes?.[FEATURE]?.[0]?.get(name);
}

/**
 * @internal Refuse a feature's map that its helper did not build, unless the server's class has
 * the feature's methods in its own registry: without them, the server would answer none of its
 * requests, and declare no capability for it.
 *
 * @param server - The server.
 * @throws TypeError - Naming the field and the helper.
 */
export function checkFeatures(server: ServerCore): void {
  // Each field read by its name: a loop's keyed read of them is a megamorphic lookup, and a server
  // made per request runs this once each.
  checkFeature(server, 'resources', server.resources);
  checkFeature(server, 'resourceTemplates', server.resourceTemplates);
  checkFeature(server, 'prompts', server.prompts);
}

function checkFeature(server: ServerCore, field: FeatureField, map: ReadonlyMap<unknown, unknown>) {
  if (map.size === 0 || (map as Tagged)[FEATURE] !== undefined) return;
  const [helper, capability] = FEATURE_FIELDS[field];
  const { methods } = server.constructor as unknown as ServerClass;
  if (![...methods.values()].some((entry) => entry.capability === capability)) {
    throw new TypeError(
      `${server.constructor.name}.${field} must be built with ${helper}(), which brings the methods that serve it`,
    );
  }
}

/**
 * A server's cache hint, checked: what the specification would not let a client read is the
 * server's own mistake, told to its author, not sent.
 *
 * @param server - The server, named in the error.
 * @param option - The option that holds the hint, e.g. `toolsCache`.
 * @param hint - Its value, read by the caller by its name (one read of many names by a computed key
 * is a megamorphic lookup each time).
 * @param fallback - The hint when the option is not set.
 * @returns The hint, with its two fields only.
 * @throws TypeError - If the hint is not `{ ttlMs, cacheScope }` with an integer `ttlMs` ≥ 0 and
 * `cacheScope` `public` or `private`, naming the server's class and the option.
 */
export function cacheHint(
  server: object,
  option: string,
  hint: unknown,
  fallback: CacheHint,
): CacheHint {
  if (hint === undefined) return fallback;
  const where = `${server.constructor.name}.${option}`;
  if (!isObject(hint)) throw new TypeError(`${where} must be an object: { ttlMs, cacheScope }`);
  const { ttlMs, cacheScope } = hint;
  if (typeof ttlMs !== 'number' || !Number.isSafeInteger(ttlMs) || ttlMs < 0) {
    throw new TypeError(`${where}.ttlMs must be an integer of milliseconds, 0 or more`);
  }
  if (cacheScope !== 'public' && cacheScope !== 'private') {
    throw new TypeError(`${where}.cacheScope must be "public" or "private"`);
  }
  return { ttlMs, cacheScope };
}
