/**
 * What the core and the features know of a server: its options, its identity and its logger, as
 * interfaces that `MCPServerBase` implements. Nothing below the class that assembles a server
 * imports it; each feature names, in an interface that extends {@link ServerCore}, the little more
 * it needs (a tool feature its tools, the answering its `dispatch`).
 *
 * @module
 */
import type { Implementation, LoggingLevel } from '../wire/types.js';

/** A 2026-07-28 caching hint: how long a result stays fresh, and who may share it. */
export interface CacheHint {
  /** Milliseconds the result stays fresh, an integer; 0 is stale at once. */
  readonly ttlMs: number;
  /** `public`: the same for every caller; `private`: only within one authorization context. */
  readonly cacheScope: 'public' | 'private';
}

/** A server's identity as `serverInfo()` gives it: its name is the server's `name` when left out. */
export type ServerInfo = Omit<Implementation, 'name'> & {
  /** The name clients see; the server's `name` when left out. */
  name?: string;
};

/**
 * The options a server class sets as fields, each optional, with its default where it is read:
 * merged into `MCPServerBase`, which documents them, and read by the core and the features.
 */
export interface ServerOptions {
  /**
   * How long a 2026-07-28 client may keep the answer to `tools/list`, and whether it may share it
   * between callers: `private` when the list depends on who asks. Default five minutes, public.
   */
  readonly toolsCache?: CacheHint;

  /**
   * How long a 2026-07-28 client may keep the answers to `resources/list`,
   * `resources/templates/list` and `resources/read`, and with whom, unless a resource or template
   * sets its own `cache` (for its reads). Default: the lists five minutes, public, as `tools/list`;
   * a read one minute, private, since what a resource holds may depend on who asks.
   */
  readonly resourcesCache?: CacheHint;

  /**
   * How long a 2026-07-28 client may keep the answer to `prompts/list`, and with whom. Default five
   * minutes, public.
   */
  readonly promptsCache?: CacheHint;

  /**
   * The most items a page of a list (`tools/list`, …) holds: a longer list is paged, with opaque
   * cursors that any process can continue. Everything on one page when left out.
   */
  readonly pageSize?: number;

  /**
   * The least severe log level sent to a handshake-era client that can receive log messages (an SSE
   * answer): `logging/setLevel` is answered, but a stateless server keeps no level between
   * requests. 2026-07-28 requests name their own. Default `info`.
   */
  readonly logLevel?: LoggingLevel;

  /**
   * The most milliseconds a tool call may take, unless the tool sets its own `timeoutMs`: past it,
   * the call's signal aborts and the LLM reads that it timed out. Default 30 s.
   */
  readonly toolTimeoutMs?: number;

  /**
   * The most milliseconds any other method may take: `resources/read` (and a template's `read()`),
   * `resources/list` (a template's `list()`), `prompts/get`, `completion/complete`, the lists, and
   * a method of the server's own. Past it, the request's signal aborts, so that its work can stop,
   * and the client is answered -32603 "METHOD timed out after N ms." (in both eras). A method that
   * answers at once is never timed. Default 30 s.
   */
  readonly methodTimeoutMs?: number;

  /**
   * The most messages a batch may hold: a larger one is refused with one error. Default
   * `MAX_BATCH_SIZE` (20).
   */
  readonly maxBatchSize?: number;

  /**
   * The deepest a tool call's arguments may nest (objects and arrays), the arguments object being
   * level 1: deeper ones are refused as invalid arguments before any validation. Default 32.
   */
  readonly maxArgumentsDepth?: number;

  /**
   * The most bytes a tool call's arguments may take as JSON: larger ones are refused as invalid
   * arguments. Default 1 MiB; over HTTP, the body limit (4 MiB by default) applies first.
   */
  readonly maxArgumentsBytes?: number;

  /**
   * How long a 2026-07-28 client may keep the answer to `server/discover`, and with whom. Default
   * one hour, public.
   */
  readonly discoverCache?: CacheHint;

  /**
   * The key that signs `requestState` (HMAC-SHA-256), at least 32 bytes: random, secret, and the
   * same in every process that may take the next round of a request that asks for input. Every
   * request that asks needs it, to sign what it asked: without it, it fails (-32603, and
   * `logError()` says why). A list rotates keys: the first signs, and every one is accepted, so
   * that states signed with the old key stay good until they expire.
   *
   * @example
   * ```ts
   * // The new key signs; both verify, until the states signed with the old one have expired.
   * override readonly requestStateKey = [NEW_STATE_KEY, OLD_STATE_KEY];
   * ```
   */
  readonly requestStateKey?: string | Uint8Array | readonly (string | Uint8Array)[] | undefined;

  /** How many milliseconds a `requestState` is honoured. Default ten minutes. */
  readonly requestStateTtlMs?: number | undefined;

  /**
   * Who the server answers, e.g. the user's id, when it is made per caller: `requestState` is
   * bound to it, so that no other caller can use it. A server class that signs a state without
   * it says so once, through `logError()` (context `warning`).
   */
  readonly principalId?: string | undefined;
}

/** What every part of the core may ask of a server: its identity, its options, its logger. */
export interface ServerCore extends ServerOptions {
  /** The server's name, e.g. `acme-docs`. */
  readonly name: string;
  /** The server's tools, resources, templates and prompts: each feature reads its own, typed. */
  readonly tools: ReadonlyMap<string, object>;
  readonly resources: ReadonlyMap<string, object>;
  readonly resourceTemplates: ReadonlyMap<string, object>;
  readonly prompts: ReadonlyMap<string, object>;
  /** The server's identity, for the `initialize` result and 2026-07-28 results. */
  serverInfo(): ServerInfo;
  /** Hand an error to the server's logger, which never changes an answer. */
  log(error: unknown, context: string): void;
  /** Log what signal receivers threw. */
  logReceiverErrors(errors: unknown[]): void;
}
