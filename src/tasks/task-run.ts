/**
 * One run of a task's work: what it is given, what it ends with, and the options of the rules
 * that run it.
 *
 * @module
 */
import type { Bus } from '../bus/bus.js';
import type { TaskStore } from './store.js';
import type { TaskError, TaskQuestion } from './task-record.js';

/** What one run of a task's work ended with. */
export type TaskOutcome =
  | { readonly result: unknown }
  | { readonly error: TaskError; readonly message?: string }
  /**
   * Questions to ask before it can go on, each with the digest its answer must match, and what
   * the work keeps for its next run (`scope.state`, a JSON value).
   */
  | {
      readonly ask: ReadonlyMap<string, { question: TaskQuestion; digest: string }>;
      readonly state?: unknown;
    };

/** What one run of a task's work is given: the answers so far, and a signal. */
export interface TaskRound {
  /** Every answer received so far, by key. */
  readonly answers: Readonly<Record<string, unknown>>;
  /** The digest of the question each answered key was asked with. */
  readonly bound: Readonly<Record<string, string>>;
  /** What the last run kept for this one (`scope.state`). */
  readonly state: unknown;
  /** Aborted when the task is cancelled, or its lease lost. */
  readonly signal: AbortSignal;
}

/** Options of a {@link TaskLifecycle}. */
export interface TaskLifecycleOptions {
  /** Where tasks live. */
  readonly store: TaskStore;
  /** How long a task is kept after its making, at least; `null` for ever. Default one hour. */
  readonly ttlMs?: number | null;
  /** How often a client should poll, told in every task. Default 1,000. */
  readonly pollIntervalMs?: number;
  /**
   * How long a task stays `working` after its process was last heard from: a process that dies
   * leaves its tasks `failed` this long after. Default 30,000.
   */
  readonly leaseMs?: number;
  /** The most bytes of answers a task holds (their JSON). Default 1 MiB. */
  readonly maxAnswerBytes?: number;
  /** The clock, in milliseconds since the epoch. For tests. */
  readonly now?: () => number;
  /** What tells the other processes at once that a task was written. None by default. */
  readonly bus?: Bus | undefined;
}

/** A promise that resolves, with nothing, when the signal aborts. */
export function aborted(signal: AbortSignal): Promise<undefined> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve(undefined);
    else signal.addEventListener('abort', () => resolve(undefined), { once: true });
  });
}

/** Resolve after `ms`, or at once when the signal aborts. */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    (timer as { unref?: () => void }).unref?.();
    if (signal.aborted) done();
    else signal.addEventListener('abort', done, { once: true });
  });
}
