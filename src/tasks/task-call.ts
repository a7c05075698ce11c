/**
 * A `tools/call` that becomes a task: made before the tool runs, or when it calls
 * `scope.runAsTask()`, answered with a `CreateTaskResult` at once, and then run by this process
 * (again from the start, with the answers, each time it asked for input) until it ends.
 *
 * @module
 */
import { isProtocolError, ProtocolError } from '../core/errors.js';
import { RequestScope } from '../core/request-scope.js';
import type { ServerCore } from '../core/server-contract.js';
import {
  answersRead,
  enterTaskRound,
  settleTaskRun,
  type TaskRunOutcome,
} from '../input/task-rounds.js';
import { isObject } from '../jsonrpc.js';
import type { AnyTool } from '../tool-base.js';
import type { CallToolResult, Result } from '../wire/types.js';
import { TASKS_EXTENSION } from './extension.js';
import {
  type TaskLifecycle,
  type TaskOutcome,
  type TaskRound,
  TaskStoreError,
  type TaskView,
} from './lifecycle.js';

type Run = (scope: RequestScope) => CallToolResult | Promise<CallToolResult>;

interface TasksOfServer {
  readonly lifecycle: TaskLifecycle;
  readonly timeoutMs: number;
}

/** Whether a request declares the Tasks extension (2026-07-28, per request). */
export function declaresTasks(scope: RequestScope): boolean {
  const extensions = scope.clientCapabilities?.extensions;
  return isObject(extensions) && isObject(extensions[TASKS_EXTENSION]);
}

/** -32021 for a request that needs the extension and does not declare it. */
export function tasksUndeclared(what: string): ProtocolError {
  return new ProtocolError(
    -32021,
    `${what} needs the ${TASKS_EXTENSION} extension, which this request does not declare.`,
    { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } },
    400,
  );
}

/** A store that failed: the client is told to try again (503), the server's log says why. */
export function storeUnavailable(server: ServerCore, error: unknown, method: string): never {
  if (!(error instanceof TaskStoreError)) throw error;
  server.log(error, `${method}: the task store failed`);
  throw new ProtocolError(
    -32603,
    'The task store is unavailable; try again later.',
    undefined,
    503,
  );
}

const created = (task: TaskView): Result => ({ ...task, resultType: 'task' }) as unknown as Result;

/**
 * Call a tool that may run as a task: for a request that declares the extension, answered with a
 * task (made now, or when the tool calls `scope.runAsTask()`), else as any call (a tool that must
 * run as a task is then refused with -32021).
 */
export function callAsTask(
  tasks: TasksOfServer,
  server: ServerCore,
  tool: AnyTool,
  scope: RequestScope,
  run: Run,
): Result | Promise<Result> {
  const required = tool.taskSupport === 'required';
  if (!declaresTasks(scope)) {
    if (required) throw tasksUndeclared(tool.name);
    return run(scope);
  }
  scope.timeoutMs = tasks.timeoutMs;
  const principal = server.principalId ?? null;
  const make = async (): Promise<TaskView> => {
    try {
      return await tasks.lifecycle.create(principal, answersRead(scope));
    } catch (error) {
      return storeUnavailable(server, error, 'tools/call');
    }
  };
  if (required && tool.inputBeforeTask !== true) {
    return make().then((task) => {
      scope.task = task.taskId;
      start(tasks, server, scope, run, task.taskId, undefined);
      return created(task);
    });
  }
  return new Promise<Result>((resolve, reject) => {
    let made = false;
    let running: Promise<CallToolResult> | undefined;
    scope.toTask = () => {
      // A second call, or one in the task, goes on at once.
      scope.toTask = undefined;
      return make().then(
        (task) => {
          made = true;
          scope.task = task.taskId;
          // The call is answered now: nothing more goes on its stream.
          scope.notify = undefined;
          start(tasks, server, scope, run, task.taskId, settleTaskRun(scope, running!));
          resolve(created(task));
        },
        (error: unknown) => {
          reject(error);
          throw error;
        },
      );
    };
    try {
      running = Promise.resolve(run(scope));
    } catch (error) {
      reject(error);
      return;
    }
    running.then(
      (result) => {
        if (made) return;
        scope.toTask = undefined;
        if (!required) return resolve(result);
        // A tool that must run as a task ended before it asked to: a task that has ended.
        make().then(async (task) => {
          await tasks.lifecycle.run(task.taskId, async () => ({ result }));
          resolve(created((await tasks.lifecycle.get(principal, task.taskId)) ?? task));
        }, reject);
      },
      (error: unknown) => {
        if (!made) reject(error);
      },
    );
  });
}

// Run a task until it ends: its first run is the call's own when the call became the task.
function start(
  tasks: TasksOfServer,
  server: ServerCore,
  scope: RequestScope,
  run: Run,
  taskId: string,
  first: Promise<TaskRunOutcome> | undefined,
): void {
  let pending = first;
  const work = async (round: TaskRound): Promise<TaskOutcome> => {
    // The call's own run when the call became the task; else a run of its own, with the answers.
    const target = pending === undefined ? taskScope(scope, taskId) : scope;
    // The task ended while the run goes on (cancelled, or failed elsewhere): the run is stopped,
    // and ends as a cancelled call, not as a fault of its tool.
    round.signal.addEventListener(
      'abort',
      () => {
        target.cancelled = true;
        target.abort(round.signal.reason);
      },
      { once: true },
    );
    let settled: TaskRunOutcome;
    if (pending !== undefined) {
      settled = await pending;
      pending = undefined;
    } else {
      enterTaskRound(target, round.answers, round.bound, round.state);
      let result: CallToolResult | Promise<CallToolResult>;
      try {
        result = run(target);
      } catch (error) {
        result = Promise.reject(error);
      }
      settled = await settleTaskRun(target, result);
    }
    // A run stopped because its task ended (cancelled, or failed elsewhere) has nothing to say.
    if (round.signal.aborted) return { error: { code: -32603, message: 'Stopped.' } };
    return outcomeOf(server, taskId, settled);
  };
  // It never rejects. A serverless runtime (Workers' waitUntil) keeps it alive past the answer.
  const running = tasks.lifecycle.run(taskId, work);
  scope.context?.waitUntil?.(running);
}

// A scope for a run of a task: the caller's, with nowhere to send notifications.
function taskScope(from: RequestScope, taskId: string): RequestScope {
  const scope = new RequestScope(
    from.era,
    from.protocolVersion,
    from.clientCapabilities,
    from.clientInfo,
    from.headers,
  );
  scope.server = from.server;
  scope.grantedScopes = from.grantedScopes;
  scope.timeoutMs = from.timeoutMs;
  scope.task = taskId;
  return scope;
}

function outcomeOf(server: ServerCore, taskId: string, settled: TaskRunOutcome): TaskOutcome {
  if ('result' in settled) return { result: settled.result };
  if ('ask' in settled) return { ask: settled.ask, state: settled.state };
  const { error } = settled;
  if (isProtocolError(error)) {
    const { code, message, data } = error as ProtocolError;
    return { error: data === undefined ? { code, message } : { code, message, data } };
  }
  server.log(error, `task ${taskId} failed`);
  return { error: { code: -32603, message: 'Internal error' } };
}
