/**
 * A task as the store holds it and as its client sees it: its fields, its statuses, and the checks
 * of what is read back from the store.
 *
 * @module
 */

/** Where a task is: running, waiting for its client's input, or ended (the last three). */
export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

/** A question to the client, as an input request: `elicitation/create`, `sampling/…`, `roots/list`. */
export interface TaskQuestion {
  /** The request's method. */
  readonly method: string;
  /** Its params. */
  readonly params?: unknown;
}

/** A JSON-RPC error that failed a task. */
export interface TaskError {
  /** The error's code. */
  readonly code: number;
  /** Its message. */
  readonly message: string;
  /** Its data, when it has some. */
  readonly data?: unknown;
}

/** A task as a client sees it: the Tasks extension's `Task` and what `tasks/get` inlines. */
export interface TaskView {
  /** The task's id: unguessable. */
  taskId: string;
  /** Where it is. */
  status: TaskStatus;
  /** Why it is there, for a person; set when it failed. */
  statusMessage?: string;
  /** When it was made (ISO 8601). */
  createdAt: string;
  /** When it last changed (ISO 8601). */
  lastUpdatedAt: string;
  /** How long after its making it is kept, in milliseconds; `null` for as long as the store keeps it. */
  ttlMs: number | null;
  /** How often to poll it, in milliseconds. */
  pollIntervalMs: number;
  /** The questions waiting for answers (`input_required`), by key. */
  inputRequests?: Record<string, TaskQuestion>;
  /** The tool's result (`completed`, a tool error included). */
  result?: unknown;
  /** The JSON-RPC error that failed it (`failed`). */
  error?: TaskError;
}

/** A task as stored. */
export interface Stored {
  readonly v: 1;
  readonly id: string;
  /** Whose it is: the principal that made it; `null` for a server without principals. */
  readonly principal: string | null;
  status: TaskStatus;
  statusMessage?: string;
  readonly createdAt: number;
  updatedAt: number;
  readonly ttlMs: number | null;
  readonly pollMs: number;
  /** The process running it, and until when it is taken to be alive. */
  lease?: { owner: string; until: number };
  /** Its caller asked to cancel it. */
  cancel?: true;
  /** The questions waiting for answers. */
  asked?: Record<string, TaskQuestion>;
  /** The digest of every question asked, by key. */
  digests?: Record<string, string>;
  /** What the work keeps from one run to the next (`scope.state`). */
  state?: unknown;
  /** The answers received, by key. */
  answers?: Record<string, unknown>;
  result?: unknown;
  error?: TaskError;
}

const TERMINAL: ReadonlySet<TaskStatus> = new Set(['completed', 'failed', 'cancelled']);
/** Whether a status is one a task never leaves. */
export const isTerminal = (status: TaskStatus) => TERMINAL.has(status);

/** An unguessable id: 144 random bits, base64url, after `tsk_`. */
export function randomId(): string {
  const bytes = new Uint8Array(18);
  crypto.getRandomValues(bytes);
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return `tsk_${btoa(text).replaceAll('+', '-').replaceAll('/', '_')}`;
}

/** End a task: what a running or waiting task holds goes. */
export function end(task: Stored, status: TaskStatus, time: number): void {
  task.status = status;
  task.updatedAt = time;
  delete task.lease;
  delete task.asked;
  delete task.cancel;
}

/** The task as its client sees it: what its status inlines, no more. */
export function view(task: Stored): TaskView {
  const shown: TaskView = {
    taskId: task.id,
    status: task.status,
    createdAt: new Date(task.createdAt).toISOString(),
    lastUpdatedAt: new Date(task.updatedAt).toISOString(),
    ttlMs: task.ttlMs,
    pollIntervalMs: task.pollMs,
  };
  if (task.statusMessage !== undefined) shown.statusMessage = task.statusMessage;
  if (task.status === 'input_required' && task.asked !== undefined)
    shown.inputRequests = task.asked;
  if (task.status === 'completed') shown.result = task.result;
  if (task.status === 'failed' && task.error !== undefined) shown.error = task.error;
  return shown;
}

const STATUSES: ReadonlySet<unknown> = new Set([...TERMINAL, 'working', 'input_required']);

/** Whether what the store gave back is a task, and the one asked for. */
export function isStored(task: unknown, taskId: string): task is Stored {
  if (typeof task !== 'object' || task === null) return false;
  const t = task as Partial<Stored>;
  return (
    t.v === 1 &&
    t.id === taskId &&
    (t.principal === null || typeof t.principal === 'string') &&
    STATUSES.has(t.status) &&
    Number.isFinite(t.createdAt) &&
    Number.isFinite(t.updatedAt) &&
    (t.ttlMs === null || Number.isFinite(t.ttlMs)) &&
    Number.isFinite(t.pollMs)
  );
}
