/**
 * The Tasks extension's name, and what the rest of the server knows of a server's tasks: an opaque
 * value made by `tasksIn()`.
 *
 * @module
 */

import type { Result, ServerCapabilities } from '../wire/types.js';

/** The Tasks extension's name, as clients declare it and `server/discover` lists it. */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/**
 * @internal A `server/discover` result that offers the Tasks extension: an extension of 2026-07-28
 * only, never offered in the handshake era.
 *
 * @param result - The result, which is changed.
 * @returns The same result.
 */
export function offeringTasks(result: Result): Result {
  const capabilities = result.capabilities as ServerCapabilities;
  capabilities.extensions = { ...capabilities.extensions, [TASKS_EXTENSION]: {} };
  return result;
}

/** A server's tasks: the store they live in and the rules they follow, made by `tasksIn()`. */
export interface Tasks {
  /** The most milliseconds one run of a task's tool may take, unless the tool sets its own. */
  readonly timeoutMs: number;
}

/** What a server declares of its tasks; merged into the server class. */
export interface TasksFeature {
  /**
   * The server's tasks (the Tasks extension, 2026-07-28), made once by `tasksIn()` over a store
   * every replica shares: a tool with `taskSupport` may then be answered with a task, and
   * `tasks/get`, `tasks/update` and `tasks/cancel` are answered. None by default.
   */
  readonly tasks?: Tasks | undefined;
}
