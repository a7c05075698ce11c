/**
 * Where tasks live between requests: the small interface a task store implements, so that every
 * replica of a server reads and writes the same tasks.
 *
 * A store keeps text under a key, with a version and an expiry, and nothing else: what a task is,
 * and every rule about it, is the server's. A store is then a few lines over any database that can
 * compare and set one key atomically (Redis, PostgreSQL, DynamoDB, a Durable Object).
 *
 * @module
 */

/** A stored task: its text, and the version that {@link TaskStore.replace} compares. */
export interface StoredTask {
  /** The task, as the server wrote it: JSON text, as `JSON.stringify` writes it (well-formed Unicode). */
  readonly value: string;
  /** Incremented by every write; 1 when created. */
  readonly version: number;
}

/**
 * A task store: create, read, and compare-and-set one task by its id, each with an expiry.
 *
 * Every method may reject (the database is down, a timeout): the server answers the request with
 * an error that says the store is unavailable, and never acknowledges a task it could not store.
 * A method must settle in bounded time, so that a store that is away fails a request rather than
 * hangs it. A task past its expiry is as if it did not exist: `get()` finds nothing, `replace()` is
 * `false`, and `create()` may use its id again.
 *
 * A store over a `Map`, for one process, is the whole interface (the embedded `memoryTaskStore()`
 * is this, with expiry and a bound):
 *
 * @example A store over a Map
 * ```ts
 * import type { TaskStore } from 'mcp-protocol-core';
 *
 * const tasks = new Map<string, { value: string; version: number }>();
 * const store: TaskStore = {
 *   async create(id, value) {
 *     if (tasks.has(id)) return false;
 *     tasks.set(id, { value, version: 1 });
 *     return true;
 *   },
 *   async get(id) {
 *     return tasks.get(id);
 *   },
 *   async replace(id, value, version) {
 *     if (tasks.get(id)?.version !== version) return false;
 *     tasks.set(id, { value, version: version + 1 });
 *     return true;
 *   },
 * };
 * ```
 */
export interface TaskStore {
  /**
   * Store a new task. Resolves once a `get()` on any replica finds it (the server acknowledges a
   * task to its client only then).
   *
   * @param taskId - The task's id: unguessable, made by the server.
   * @param value - The task as JSON text.
   * @param expiresAt - When the store may forget it (milliseconds since the epoch), or `null` for
   *   never.
   * @returns `false` when a task of this id exists already, and nothing was written.
   */
  create(taskId: string, value: string, expiresAt: number | null): Promise<boolean>;

  /**
   * Read a task.
   *
   * @returns The task and its version, or `undefined` when there is none or it has expired.
   */
  get(taskId: string): Promise<StoredTask | undefined>;

  /**
   * Replace a task if no one else has written it since it was read: atomically, compare its version
   * and write the new value with the version plus one.
   *
   * @param version - The version read.
   * @param expiresAt - The new expiry, as in {@link TaskStore.create}.
   * @returns `false` when the task's version is not `version` (or the task is gone), and nothing was
   *   written: read it again and decide again.
   */
  replace(
    taskId: string,
    value: string,
    version: number,
    expiresAt: number | null,
  ): Promise<boolean>;

  /** Let go of what the store holds open (connections, timers). Optional. */
  close?(): Promise<void>;
}
