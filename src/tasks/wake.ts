/**
 * The runs of this process waiting on a task, woken at once by a write made in this process; a
 * write made elsewhere reaches them at their next poll.
 *
 * @module
 */
import type { TaskStore } from './store.js';

// Per store: one process may serve several servers, each with its own store.
const waiting = new WeakMap<TaskStore, Map<string, Set<() => void>>>();

/** Be called when the task is written in this process; returns the way to stop. */
export function listen(store: TaskStore, taskId: string, wakeUp: () => void): () => void {
  let byTask = waiting.get(store);
  if (byTask === undefined) {
    byTask = new Map();
    waiting.set(store, byTask);
  }
  let set = byTask.get(taskId);
  if (set === undefined) {
    set = new Set();
    byTask.set(taskId, set);
  }
  set.add(wakeUp);
  return () => {
    set.delete(wakeUp);
    if (set.size === 0) byTask.delete(taskId);
  };
}

/** Wake the runs waiting on a task. */
export function wake(store: TaskStore, taskId: string): void {
  const set = waiting.get(store)?.get(taskId);
  if (set !== undefined) for (const wakeUp of [...set]) wakeUp();
}
