/**
 * The embedded task store: tasks in this process's memory, for one process, the demo and tests.
 *
 * @module
 */
import type { StoredTask, TaskStore } from './store.js';

interface Entry {
  value: string;
  version: number;
  expiresAt: number | null;
}

/** Options of {@link memoryTaskStore}. */
export interface MemoryTaskStoreOptions {
  /**
   * The most tasks held at once, expired ones not counted: past it `create()` rejects, and the
   * server answers that the store is full rather than grow without bound. Default 100,000.
   */
  maxTasks?: number;
  /** The clock, in milliseconds since the epoch; `Date.now` by default. For tests. */
  now?: () => number;
}

/**
 * A task store in this process's memory: no setup, and gone with the process. Right for one
 * process (a CLI, stdio, the demo, tests); replicas need a store they share, such as Redis.
 *
 * Expired tasks are purged as tasks are written, oldest expiry first, so that memory follows the
 * tasks alive and not every task ever made; no timer keeps the process alive.
 *
 * @example
 * ```ts
 * class Server extends MCPServerBase {
 *   override readonly taskStore = memoryTaskStore();
 * }
 * ```
 */
export function memoryTaskStore(options: MemoryTaskStoreOptions = {}): TaskStore & {
  /** How many tasks are held, expired ones not yet purged included. */
  readonly size: number;
  /** Forget every task whose expiry has passed. */
  purge(): void;
} {
  const maxTasks = options.maxTasks ?? 100_000;
  const now = options.now ?? Date.now;
  const tasks = new Map<string, Entry>();
  // A binary min-heap of expiries. An entry that a later write made stale (the task expires later,
  // or never, or is another task of the same id) is dropped when reached: only a task that has
  // expired is deleted. Stale entries are at most as many as tasks, past which the heap is rebuilt
  // from the tasks, so that a task rewritten often holds memory for itself and not per write.
  let heap: { at: number; id: string }[] = [];

  function push(at: number, id: string): void {
    if (heap.length > 2 * tasks.size + 1_024) {
      heap = [];
      // Sorted by expiry, an array is a heap.
      for (const [id, { expiresAt }] of tasks)
        if (expiresAt !== null) heap.push({ at: expiresAt, id });
      heap.sort((a, b) => a.at - b.at);
    }
    heap.push({ at, id });
    let index = heap.length - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if ((heap[parent] as { at: number }).at <= at) break;
      [heap[parent], heap[index]] = [
        heap[index] as (typeof heap)[0],
        heap[parent] as (typeof heap)[0],
      ];
      index = parent;
    }
  }

  function pop(): void {
    const last = heap.pop();
    if (last === undefined || heap.length === 0) return;
    heap[0] = last;
    let index = 0;
    for (;;) {
      const left = 2 * index + 1;
      const right = left + 1;
      let least = index;
      if (left < heap.length && (heap[left] as typeof last).at < (heap[least] as typeof last).at)
        least = left;
      if (right < heap.length && (heap[right] as typeof last).at < (heap[least] as typeof last).at)
        least = right;
      if (least === index) return;
      [heap[least], heap[index]] = [heap[index] as typeof last, heap[least] as typeof last];
      index = least;
    }
  }

  function purge(): void {
    const time = now();
    for (let top = heap[0]; top !== undefined && top.at <= time; top = heap[0]) {
      pop();
      const entry = tasks.get(top.id);
      if (entry?.expiresAt != null && entry.expiresAt <= time) tasks.delete(top.id);
    }
  }

  function live(taskId: string): Entry | undefined {
    const entry = tasks.get(taskId);
    if (entry === undefined) return undefined;
    if (entry.expiresAt !== null && entry.expiresAt <= now()) return undefined;
    return entry;
  }

  function write(taskId: string, entry: Entry): void {
    const before = tasks.get(taskId)?.expiresAt;
    tasks.set(taskId, entry);
    // A live task's heap entry for the same expiry is there still.
    if (entry.expiresAt !== null && entry.expiresAt !== before) push(entry.expiresAt, taskId);
  }

  return {
    get size() {
      return tasks.size;
    },
    purge,
    async create(taskId, value, expiresAt) {
      purge();
      if (live(taskId) !== undefined) return false;
      if (tasks.size >= maxTasks)
        throw new Error(`the task store holds ${maxTasks} tasks, its most (maxTasks)`);
      write(taskId, { value, version: 1, expiresAt });
      return true;
    },
    async get(taskId): Promise<StoredTask | undefined> {
      const entry = live(taskId);
      return entry === undefined ? undefined : { value: entry.value, version: entry.version };
    },
    async replace(taskId, value, version, expiresAt) {
      const entry = live(taskId);
      if (entry === undefined || entry.version !== version) return false;
      write(taskId, { value, version: version + 1, expiresAt });
      purge();
      return true;
    },
  };
}
