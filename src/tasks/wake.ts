/**
 * The runs waiting on a task, woken when the task is written: at once by a write made in this
 * process, through the bus (when the tasks have one) by a write made in another, and otherwise at
 * their next poll. A message on the bus only wakes: the task is read again from the store, so a
 * forged one costs a read and changes nothing.
 *
 * @module
 */
import type { Bus, Unsubscribe } from '../bus/bus.js';
import type { TaskStore } from './store.js';

interface Waiting {
  readonly wakers: Set<() => void>;
  /** The bus's subscription to the task's channel, while anyone waits on it here. */
  stop?: Promise<Unsubscribe | undefined> | undefined;
}

// Per store: one process may serve several servers, each with its own store.
const waiting = new WeakMap<TaskStore, Map<string, Waiting>>();

// What a store's writes say on the bus: they come back to this process, whose runs on the same
// store were woken already, so those let them pass. Another store object over the same data (a
// second client of one Redis) has its own, and is woken.
const tokens = new WeakMap<TaskStore, string>();
function tokenOf(store: TaskStore): string {
  let token = tokens.get(store);
  if (token === undefined) {
    token = Math.random().toString(36).slice(2);
    tokens.set(store, token);
  }
  return token;
}

// How long after a subscription was lost or refused it is made again.
const RESUBSCRIBE_MS = 1_000;

/** The bus channel that is told of every write of a task. */
export const taskChannel = (taskId: string): string => `task:${taskId}`;

function wakeAll(entry: Waiting): void {
  for (const wakeUp of [...entry.wakers]) wakeUp();
}

/**
 * Be called when the task is written, in this process or (through the bus) in another; returns
 * the way to stop. One subscription of the bus per task, however many wait on it here.
 */
export function listen(
  store: TaskStore,
  taskId: string,
  wakeUp: () => void,
  bus?: Bus,
): () => void {
  let byTask = waiting.get(store);
  if (byTask === undefined) {
    byTask = new Map();
    waiting.set(store, byTask);
  }
  let entry = byTask.get(taskId);
  if (entry === undefined) {
    const made: Waiting = { wakers: new Set() };
    const token = tokenOf(store);
    // A subscription refused or lost (Redis restarting) leaves the runs to their poll, and is
    // made again a moment later while anyone still waits here; once it is, they read the task
    // again, for what was written meanwhile.
    const again = () => {
      const timer = setTimeout(() => {
        if (byTask.get(taskId) === made) subscribe(true);
      }, RESUBSCRIBE_MS);
      (timer as { unref?: () => void }).unref?.();
    };
    const subscribe = (anew: boolean) => {
      made.stop = bus
        ?.subscribe(
          taskChannel(taskId),
          (message) => {
            if (message !== token) wakeAll(made);
          },
          again,
        )
        .then(
          (stop) => {
            if (anew) wakeAll(made);
            return stop;
          },
          () => {
            again();
            return undefined;
          },
        );
    };
    subscribe(false);
    byTask.set(taskId, made);
    entry = made;
  }
  const own = entry;
  own.wakers.add(wakeUp);
  return () => {
    own.wakers.delete(wakeUp);
    if (own.wakers.size > 0 || byTask.get(taskId) !== own) return;
    byTask.delete(taskId);
    void own.stop?.then((stop) => stop?.()).catch(() => {});
  };
}

/**
 * Wake the runs waiting on a task in this process, and tell the other processes through the
 * bus. Telling them is best effort: a message the bus could not take leaves them to their poll.
 */
export function wake(store: TaskStore, taskId: string, bus?: Bus): void {
  const entry = waiting.get(store)?.get(taskId);
  if (entry !== undefined) wakeAll(entry);
  bus?.publish(taskChannel(taskId), tokenOf(store)).catch(() => {});
}

/**
 * One subscription held for a whole wait of many turns: `next()` resolves at once when the task
 * was written since the last `next()` (as it was read, say), else when it is, when `ms` pass, or
 * when the signal aborts.
 */
export function waiter(
  store: TaskStore,
  taskId: string,
  bus: Bus | undefined,
): { next(ms: number, signal: AbortSignal): Promise<void>; stop(): void } {
  let woken = false;
  let resume: () => void = () => {};
  const stop = listen(
    store,
    taskId,
    () => {
      woken = true;
      resume();
    },
    bus,
  );
  return {
    stop,
    next(ms, signal) {
      if (woken || signal.aborted) {
        woken = false;
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => {
        const timer = setTimeout(done, ms);
        (timer as { unref?: () => void }).unref?.();
        signal.addEventListener('abort', done, { once: true });
        resume = done;
        function done() {
          woken = false;
          resume = () => {};
          clearTimeout(timer);
          signal.removeEventListener('abort', done);
          resolve();
        }
      });
    },
  };
}
