/**
 * The Tasks extension (`io.modelcontextprotocol/tasks`, 2026-07-28) on a server: a `tools/call`
 * answered at once with a task, whose result its client polls with `tasks/get` on any replica,
 * answers with `tasks/update` and cancels with `tasks/cancel`.
 *
 * @module
 */
import type { Bus } from '../bus/bus.js';
import { ProtocolError } from '../core/errors.js';
import type { Methods } from '../core/method-registry.js';
import { withMethods } from '../core/method-registry.js';
import type { RequestScope } from '../core/request-scope.js';
import type { ServerCore } from '../core/server-contract.js';
import { isObject } from '../jsonrpc.js';
import type { AnyTool } from '../tool-base.js';
import type { CallToolResult, Result } from '../wire/types.js';
import { offeringTasks, TASKS_EXTENSION, type Tasks } from './extension.js';
import { TaskLifecycle, type TaskView } from './lifecycle.js';
import type { TaskStore } from './store.js';
import { callAsTask, declaresTasks, storeUnavailable, tasksUndeclared } from './task-call.js';

export { TASKS_EXTENSION, type Tasks };

/** Options of {@link tasksIn}: how long tasks are kept, how often to poll, how long a lease holds. */
export interface TasksOptions {
  /** How long a task is kept after its making, at least; `null` for ever. Default one hour. */
  readonly ttlMs?: number | null;
  /** How often a client should poll, told in every task. Default 1,000. */
  readonly pollIntervalMs?: number;
  /**
   * How long a task stays `working` after its process was last heard from: a process that dies
   * leaves its tasks `failed` this long after. At least 1,000; default 30,000.
   */
  readonly leaseMs?: number;
  /** The most bytes of answers a task holds (their JSON). Default 1 MiB. */
  readonly maxAnswerBytes?: number;
  /**
   * The most milliseconds one run of a task's tool may take, unless the tool sets its own
   * `timeoutMs`. Default one hour.
   */
  readonly timeoutMs?: number;
  /**
   * The bus the server's processes share (`memoryBus()` for one, `redisBus()` for replicas): with
   * it, a task's cancellation reaches the process running it at once, an answer reaches the run
   * waiting for it at once, and a listener's `taskIds` are told of each change; without it, the
   * run learns of them at its next poll (`pollIntervalMs`). None by default.
   */
  readonly bus?: Bus | undefined;
}

const FEATURE = Symbol.for('mcp-protocol-core.methods');
const OFFER = Symbol.for('mcp-protocol-core.changes-offer');

// What tasksIn() makes: the opaque Tasks a server holds, and what runs them.
interface TasksIn extends Tasks {
  readonly lifecycle: TaskLifecycle;
  call(
    server: ServerCore,
    tool: AnyTool,
    scope: RequestScope,
    run: (scope: RequestScope) => CallToolResult | Promise<CallToolResult>,
  ): Result | Promise<Result>;
}

/**
 * Give a server tasks: a `tools/call` of a tool with `taskSupport` may be answered with a task,
 * for a 2026-07-28 client that declares the Tasks extension, and `tasks/get`, `tasks/update` and
 * `tasks/cancel` are answered. Make it once, at module level, with a store every replica shares:
 * a server made per request then uses the same tasks.
 *
 * @param store - Where tasks live: {@link memoryTaskStore} for one process, a Redis store (from
 * `mcp-protocol-core/redis`) for replicas.
 * @param options - Retention, polling, the lease, a run's time limit.
 * @returns The server's `tasks`.
 * @throws TypeError - For an option out of range.
 *
 * @example
 * ```ts
 * const tasks = tasksIn(memoryTaskStore());
 *
 * class ProjectServer extends MCPServerBase {
 *   override readonly tasks = tasks;
 * }
 * ```
 */
export function tasksIn(store: TaskStore, options: TasksOptions = {}): Tasks {
  const { ttlMs, pollIntervalMs, leaseMs, maxAnswerBytes, timeoutMs } = options;
  const positive = (name: string, value: number | undefined, least = 1) => {
    if (value !== undefined && !(Number.isSafeInteger(value) && value >= least))
      throw new TypeError(`tasksIn: ${name} must be an integer of at least ${least}, not ${value}`);
  };
  if (ttlMs !== null) positive('ttlMs', ttlMs);
  positive('pollIntervalMs', pollIntervalMs);
  positive('leaseMs', leaseMs, 1_000);
  positive('maxAnswerBytes', maxAnswerBytes);
  positive('timeoutMs', timeoutMs);
  if (typeof store?.create !== 'function' || typeof store.get !== 'function')
    throw new TypeError('tasksIn: the store must be a TaskStore (create, get, replace)');
  const tasks: TasksIn = {
    lifecycle: new TaskLifecycle({ ...options, store }),
    timeoutMs: timeoutMs ?? 3_600_000,
    call(server, tool, scope, run) {
      return callAsTask(tasks, server, tool, scope, run);
    },
  };
  Object.defineProperty(tasks, FEATURE, { value: [methodsOfTasks()] });
  // server/discover lists the extension through this hook, as it does changes' offer.
  Object.defineProperty(tasks, OFFER, { value: offeringTasks });
  return tasks;
}

const tasksOf = (server: ServerCore) => (server as { tasks?: unknown }).tasks as TasksIn;

const principalOf = (server: ServerCore) => server.principalId ?? null;

function taskIdOf(params: Record<string, unknown>): string {
  const { taskId } = params;
  if (typeof taskId !== 'string') throw new ProtocolError(-32602, 'taskId must be a string.');
  return taskId;
}

const unknownTask = (taskId: string) =>
  new ProtocolError(-32602, `Unknown task: ${taskId.slice(0, 64)}`);

// Each method checks the declaration first: an undeclaring client learns nothing of any task.
async function getTask(server: ServerCore, params: Record<string, unknown>, scope: RequestScope) {
  if (!declaresTasks(scope)) throw tasksUndeclared('tasks/get');
  const taskId = taskIdOf(params);
  let task: TaskView | undefined;
  try {
    task = await tasksOf(server).lifecycle.get(principalOf(server), taskId);
  } catch (error) {
    storeUnavailable(server, error, 'tasks/get');
  }
  if (task === undefined) throw unknownTask(taskId);
  return task as unknown as Result;
}

async function updateTask(
  server: ServerCore,
  params: Record<string, unknown>,
  scope: RequestScope,
) {
  if (!declaresTasks(scope)) throw tasksUndeclared('tasks/update');
  const taskId = taskIdOf(params);
  const { inputResponses } = params;
  if (!isObject(inputResponses))
    throw new ProtocolError(-32602, 'inputResponses must be an object.');
  let found: boolean;
  try {
    found = await tasksOf(server).lifecycle.update(principalOf(server), taskId, inputResponses);
  } catch (error) {
    if (error instanceof RangeError) throw new ProtocolError(-32602, `${error.message}.`);
    storeUnavailable(server, error, 'tasks/update');
  }
  if (!found) throw unknownTask(taskId);
  return {};
}

async function cancelTask(
  server: ServerCore,
  params: Record<string, unknown>,
  scope: RequestScope,
) {
  if (!declaresTasks(scope)) throw tasksUndeclared('tasks/cancel');
  const taskId = taskIdOf(params);
  let found: boolean;
  try {
    found = await tasksOf(server).lifecycle.cancel(principalOf(server), taskId);
  } catch (error) {
    storeUnavailable(server, error, 'tasks/cancel');
  }
  if (!found) throw unknownTask(taskId);
  return {};
}

// Built by the first tasksIn(), not at module level, so that a bundle without tasks leaves them out.
let taskMethods: Methods | undefined;

/** The methods of the Tasks extension, for the registry. */
function methodsOfTasks(): Methods {
  taskMethods ??= withMethods(new Map(), {
    'tasks/get': { era: 'modern', named: 'taskId', run: getTask },
    'tasks/update': { era: 'modern', named: 'taskId', run: updateTask },
    'tasks/cancel': { era: 'modern', named: 'taskId', run: cancelTask },
  });
  return taskMethods;
}
