/**
 * A task's life, on a {@link TaskStore} that every replica shares: made, read, answered and
 * cancelled by its caller on any replica, and run by the process that made it, which holds a lease
 * on it while it runs. The rules of the Tasks extension (`io.modelcontextprotocol/tasks`) live
 * here; the wire lives with the methods.
 *
 * @module
 */
import type { Bus } from '../bus/bus.js';
import type { TaskStore } from './store.js';
import {
  end,
  isStored,
  isTerminal,
  randomId,
  type Stored,
  type TaskQuestion,
  type TaskView,
  view,
} from './task-record.js';
import {
  aborted,
  pause,
  type TaskLifecycleOptions,
  type TaskOutcome,
  type TaskRound,
} from './task-run.js';
import { listen, waiter, wake } from './wake.js';

export type { TaskError, TaskQuestion, TaskStatus, TaskView } from './task-record.js';
export { isTerminal } from './task-record.js';
export type { TaskLifecycleOptions, TaskOutcome, TaskRound } from './task-run.js';

/** A store that failed, or whose task could not be read: answered as the store being unavailable. */
export class TaskStoreError extends Error {
  /** The error's name, for logs. */
  override name = 'TaskStoreError';
}

const RETRIES = 16;
// A terminal task stays readable this long after it ended, even past its ttlMs from creation.
const READABLE_AFTER_END_MS = 60_000;

/**
 * The rules of tasks over a store: every method reads the task, decides, and writes it back only
 * if no one wrote it in between (else reads it again), so that replicas need no lock.
 */
export class TaskLifecycle {
  readonly store: TaskStore;
  readonly ttlMs: number | null;
  readonly pollIntervalMs: number;
  readonly leaseMs: number;
  readonly maxAnswerBytes: number;
  readonly now: () => number;
  /** What tells the other processes that a task was written, when they share one. */
  readonly bus: Bus | undefined;
  /** This process, as the owner of the leases it takes. */
  readonly owner = randomId().slice(4);

  constructor(options: TaskLifecycleOptions) {
    this.store = options.store;
    this.ttlMs = options.ttlMs === undefined ? 3_600_000 : options.ttlMs;
    this.pollIntervalMs = options.pollIntervalMs ?? 1_000;
    this.leaseMs = options.leaseMs ?? 30_000;
    this.maxAnswerBytes = options.maxAnswerBytes ?? 1_048_576;
    this.now = options.now ?? Date.now;
    this.bus = options.bus;
  }

  /**
   * Make a task for a principal, `working`, with this process's lease: resolves once the store
   * holds it, so that a `tasks/get` on any replica finds it.
   */
  async create(
    principal: string | null,
    carried?: { answers: Record<string, unknown>; digests: Record<string, string> },
  ): Promise<TaskView> {
    const time = this.now();
    for (let attempt = 0; attempt < 3; attempt++) {
      const task: Stored = {
        v: 1,
        id: randomId(),
        principal,
        status: 'working',
        createdAt: time,
        updatedAt: time,
        ttlMs: this.ttlMs,
        pollMs: this.pollIntervalMs,
        lease: { owner: this.owner, until: time + this.leaseMs },
      };
      // The answers the call read before it became a task: its runs read them again.
      if (carried !== undefined && Object.keys(carried.digests).length > 0) {
        task.answers = carried.answers;
        task.digests = carried.digests;
      }
      if (
        await this.#call(() => this.store.create(task.id, JSON.stringify(task), this.#expiry(task)))
      )
        return view(task);
    }
    throw new TaskStoreError('the task store refused three new task ids');
  }

  /** The task as its principal sees it; `undefined` when unknown, expired, or another's. */
  async get(principal: string | null, taskId: string): Promise<TaskView | undefined> {
    const task = await this.#read(principal, taskId);
    return task === undefined ? undefined : view(task);
  }

  /**
   * Answer a task's questions. Keys not waiting are ignored; the task is `working` again once none
   * waits. Resolves `false` when the task is unknown (or another's).
   *
   * @throws RangeError - When the answers would exceed `maxAnswerBytes`.
   */
  async update(
    principal: string | null,
    taskId: string,
    responses: Readonly<Record<string, unknown>>,
  ): Promise<boolean> {
    const found = await this.#mutate(principal, taskId, (task) => {
      if (task.asked === undefined || isTerminal(task.status)) return false;
      let changed = false;
      for (const key of Object.keys(responses)) {
        if (!Object.hasOwn(task.asked, key)) continue;
        task.answers ??= {};
        task.answers[key] = responses[key];
        delete task.asked[key];
        changed = true;
      }
      if (!changed) return false;
      if (JSON.stringify(task.answers).length > this.maxAnswerBytes)
        throw new RangeError(`a task holds at most ${this.maxAnswerBytes} bytes of answers`);
      if (Object.keys(task.asked).length === 0) {
        delete task.asked;
        task.status = 'working';
      }
      return true;
    });
    return found !== undefined;
  }

  /**
   * Ask to cancel a task: a task that has not ended is `cancelled` as soon as its run learns of it
   * (at once in this process; within a poll interval elsewhere). Resolves `false` when unknown.
   */
  async cancel(principal: string | null, taskId: string): Promise<boolean> {
    const found = await this.#mutate(principal, taskId, (task) => {
      if (isTerminal(task.status) || task.cancel) return false;
      task.cancel = true;
      // Nothing runs while a task waits for answers: it ends now.
      if (task.status === 'input_required') end(task, 'cancelled', this.now());
      return true;
    });
    return found !== undefined;
  }

  /**
   * Run a task's work until it ends: again with the answers each time it asks and is answered,
   * renewing the lease, until it completes, fails, or is cancelled. Never rejects: a store that
   * fails leaves the task to its lease.
   *
   * @param work - One run of the work, with the answers so far.
   */
  async run(taskId: string, work: (round: TaskRound) => Promise<TaskOutcome>): Promise<void> {
    const controller = new AbortController();
    const stop = this.#watch(taskId, controller);
    try {
      let round: Omit<TaskRound, 'signal'> = { answers: {}, bound: {}, state: undefined };
      for (;;) {
        const outcome = await Promise.race([
          // The work reports its own faults; one it lets through tells the client nothing of it.
          work({ ...round, signal: controller.signal }).catch(
            (): TaskOutcome => ({ error: { code: -32603, message: 'Internal error' } }),
          ),
          aborted(controller.signal),
        ]);
        if (outcome === undefined) return;
        if (!('ask' in outcome)) {
          await this.#persisting(controller.signal, () => this.#finish(taskId, outcome));
          return;
        }
        // What a run keeps is the server's, held as its answers are: within maxAnswerBytes.
        if (
          outcome.state !== undefined &&
          JSON.stringify(outcome.state).length > this.maxAnswerBytes
        ) {
          await this.#persisting(controller.signal, () =>
            this.#finish(taskId, { error: { code: -32603, message: 'Internal error' } }),
          );
          return;
        }
        const next = await this.#ask(taskId, outcome.ask, outcome.state, controller.signal);
        if (next === undefined) return;
        round = next;
      }
    } catch {
      // The store failed for a whole lease: the lease has lapsed, and whoever reads the task next
      // fails it.
    } finally {
      stop();
    }
  }

  /**
   * Do `operation` on the store, again at each poll while the store fails (Redis restarting, a
   * dropped connection): a run outlives a store's moment away. The lease is renewed no more
   * meanwhile, so a store away for a whole lease has let it lapse: then, or once the run is
   * aborted, the store's error is thrown, and the run gives up.
   */
  async #persisting<T>(signal: AbortSignal, operation: () => Promise<T>): Promise<T> {
    const since = this.now();
    for (;;) {
      try {
        return await operation();
      } catch (error) {
        if (!(error instanceof TaskStoreError)) throw error;
        if (signal.aborted || this.now() - since >= this.leaseMs) throw error;
      }
      await pause(this.pollIntervalMs, signal);
    }
  }

  // --- The store, read and written by compare-and-set. ---

  async #call<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      throw new TaskStoreError(
        `the task store failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  #expiry(task: Stored): number | null {
    if (task.ttlMs === null) return null;
    const kept = task.createdAt + task.ttlMs;
    if (isTerminal(task.status)) return Math.max(kept, task.updatedAt + READABLE_AFTER_END_MS);
    // A running task is kept while its lease holds, and then as long as an ended one.
    return Math.max(kept, (task.lease?.until ?? task.updatedAt) + READABLE_AFTER_END_MS);
  }

  async #load(taskId: string): Promise<{ task: Stored; version: number } | undefined> {
    if (typeof taskId !== 'string' || taskId.length > 64) return undefined;
    const stored = await this.#call(() => this.store.get(taskId));
    if (stored === undefined) return undefined;
    let task: unknown;
    try {
      task = JSON.parse(stored.value);
    } catch {
      throw new TaskStoreError(`the task store holds a task ${taskId} that is not JSON`);
    }
    if (!isStored(task, taskId)) {
      throw new TaskStoreError(`the task store holds a task ${taskId} that is not a task`);
    }
    return { task, version: stored.version };
  }

  // Read, and fail a task whose process has not been heard from within its lease.
  async #read(principal: string | null, taskId: string): Promise<Stored | undefined> {
    return this.#mutate(principal, taskId, () => false);
  }

  /**
   * Read a task, change it, and write it back if its version has not moved; else again. `change`
   * says whether it changed anything. A lapsed lease is failed on the way.
   */
  async #mutate(
    principal: string | null | typeof ANY,
    taskId: string,
    change: (task: Stored) => boolean,
  ): Promise<Stored | undefined> {
    for (let attempt = 0; attempt < RETRIES; attempt++) {
      const loaded = await this.#load(taskId);
      if (loaded === undefined) return undefined;
      const { task, version } = loaded;
      if (principal !== ANY && task.principal !== principal) return undefined;
      const time = this.now();
      let changed = false;
      if (!isTerminal(task.status) && task.lease !== undefined && task.lease.until < time) {
        end(task, 'failed', time);
        task.statusMessage = 'The process running this task stopped before it ended.';
        task.error = { code: -32603, message: 'The process running this task stopped.' };
        changed = true;
      }
      if (change(task)) changed = true;
      if (!changed) return task;
      task.updatedAt = Math.max(time, task.updatedAt);
      const written = await this.#call(() =>
        this.store.replace(taskId, JSON.stringify(task), version, this.#expiry(task)),
      );
      if (written) {
        wake(this.store, taskId, this.bus);
        return task;
      }
    }
    throw new TaskStoreError(`task ${taskId} changed ${RETRIES} times while being written`);
  }

  // --- The run's side. ---

  // Renew the lease every poll interval, and learn of a cancel made elsewhere: at once through the
  // bus, else at the next poll. One check at a time: a flood of wakes makes one more, not many.
  #watch(taskId: string, controller: AbortController): () => void {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let checking = false;
    let again = false;
    const check = async () => {
      if (stopped) return;
      if (checking) {
        again = true;
        return;
      }
      checking = true;
      clearTimeout(timer);
      try {
        const task = await this.#mutate(ANY, taskId, (task) => {
          if (isTerminal(task.status) || task.lease === undefined) return false;
          if (task.cancel) {
            end(task, 'cancelled', this.now());
            return true;
          }
          if (task.lease.until - this.now() > this.leaseMs / 2) return false;
          task.lease = { owner: this.owner, until: this.now() + this.leaseMs };
          return true;
        });
        if (task === undefined || isTerminal(task.status)) controller.abort();
      } catch {
        // The store is down: try again at the next tick; the lease may lapse meanwhile.
      }
      checking = false;
      if (stopped || controller.signal.aborted) return;
      if (again) {
        again = false;
        void check();
      } else schedule();
    };
    const schedule = () => {
      timer = setTimeout(check, Math.min(this.pollIntervalMs, this.leaseMs / 3));
      (timer as { unref?: () => void }).unref?.();
    };
    const unwake = listen(this.store, taskId, () => void check(), this.bus);
    schedule();
    return () => {
      stopped = true;
      clearTimeout(timer);
      unwake();
    };
  }

  async #finish(taskId: string, outcome: TaskOutcome): Promise<void> {
    await this.#mutate(ANY, taskId, (task) => {
      if (isTerminal(task.status)) return false;
      const time = this.now();
      if ('result' in outcome) {
        end(task, 'completed', time);
        task.result = outcome.result;
      } else if ('error' in outcome) {
        end(task, 'failed', time);
        task.error = outcome.error;
        task.statusMessage = outcome.message ?? outcome.error.message;
      }
      return true;
    });
  }

  // Put the questions to the client, and wait for every one to be answered, or the task to end.
  async #ask(
    taskId: string,
    questions: ReadonlyMap<string, { question: TaskQuestion; digest: string }>,
    state: unknown,
    signal: AbortSignal,
  ): Promise<Omit<TaskRound, 'signal'> | undefined> {
    await this.#persisting(signal, () =>
      this.#mutate(ANY, taskId, (task) => {
        if (isTerminal(task.status)) return false;
        task.asked ??= {};
        task.digests ??= {};
        for (const [key, { question, digest }] of questions) {
          task.asked[key] = question;
          task.digests[key] = digest;
          if (task.answers !== undefined) delete task.answers[key];
        }
        task.status = 'input_required';
        if (state === undefined) delete task.state;
        else task.state = state;
        return true;
      }),
    );
    // One subscription for the whole wait; a wake while the task is read is not missed.
    const wait = waiter(this.store, taskId, this.bus);
    try {
      for (;;) {
        if (signal.aborted) return undefined;
        const task = (await this.#persisting(signal, () => this.#load(taskId)))?.task;
        if (task === undefined || isTerminal(task.status)) return undefined;
        if (task.asked === undefined) {
          return { answers: task.answers ?? {}, bound: task.digests ?? {}, state: task.state };
        }
        await wait.next(this.pollIntervalMs, signal);
      }
    } finally {
      wait.stop();
    }
  }
}

const ANY = Symbol('any principal');
