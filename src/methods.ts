/**
 * The registry of methods: each JSON-RPC method a server answers is a small record, looked up once
 * per request. Features (tools, resources, prompts, completions) contribute their entries the same
 * way, and a subclass adds a method by adding an entry.
 *
 * @module
 */
import type { HttpHeaders } from './headers.js';
import { isObject } from './jsonrpc.js';
import type { Era } from './protocol-versions.js';
import type { RequestScope } from './scope.js';
import type { MCPServerBase } from './server-base.js';
import type { Result, ServerCapabilities } from './types.js';

/** A 2026-07-28 caching hint: how long a result stays fresh, and who may share it. */
export interface CacheHint {
  /** Milliseconds the result stays fresh, an integer; 0 is stale at once. */
  readonly ttlMs: number;
  /** `public`: the same for every caller; `private`: only within one authorization context. */
  readonly cacheScope: 'public' | 'private';
}

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
export interface Method<Server extends MCPServerBase = MCPServerBase> {
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
  /** The param that a 2026-07-28 `Mcp-Name` header mirrors: a tool's `name`, a resource's `uri`. */
  readonly named?: 'name' | 'uri';
  /**
   * The method may ask its client for input (2026-07-28): it reads `inputResponses` and
   * `requestState`, and may answer `input_required`. The specification allows it of `tools/call`,
   * `prompts/get` and `resources/read` only.
   */
  readonly input?: boolean;
  /**
   * How long a 2026-07-28 client may keep the result, and with whom: asked after the method ran,
   * with the request's scope, so that the hint may depend on what it answered (e.g. which
   * resource `resources/read` read).
   */
  readonly cache?: (server: Server, scope: RequestScope) => CacheHint;
  /**
   * Check a 2026-07-28 request's other headers against its params, e.g. `Mcp-Param-*` against a
   * tool's arguments, before the method runs.
   *
   * @returns The first problem, as a sentence, or `undefined`.
   */
  readonly checkHeaders?: (
    server: Server,
    params: Record<string, unknown> | undefined,
    headers: HttpHeaders,
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

/**
 * A registry with more methods, or other ones: `base`'s entries, then `added`'s, which replace
 * those of the same name. Built once, at module level.
 *
 * @param base - The methods to start from, e.g. `MCPServerBase.methods`.
 * @param added - The methods to add or replace, by name.
 * @returns A new registry.
 */
export function withMethods<Server extends MCPServerBase>(
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

/**
 * A server's cache hint, checked: what the specification would not let a client read is the
 * server's own mistake, told to its author, not sent.
 *
 * @param server - The server.
 * @param option - The option that holds the hint, e.g. `toolsCache`.
 * @param fallback - The hint when the option is not set.
 * @returns The hint, with its two fields only.
 * @throws TypeError - If the hint is not `{ ttlMs, cacheScope }` with an integer `ttlMs` ≥ 0 and
 * `cacheScope` `public` or `private`, naming the server's class and the option.
 */
export function cacheHint<Option extends string>(
  server: { readonly [key in Option]?: CacheHint | undefined },
  option: Option,
  fallback: CacheHint,
): CacheHint {
  const hint: unknown = server[option];
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
