// The Tasks extension (io.modelcontextprotocol/tasks) through handle(): a tools/call answered with
// a task, polled with tasks/get, answered with tasks/update, cancelled with tasks/cancel.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  defineTool,
  httpStatusOf,
  MCPServerBase,
  mcpserverToolCalled,
  memoryTaskStore,
  ProtocolError,
  type TaskStore,
  type Tasks,
  ToolError,
  tasksIn,
  toolsByName,
} from '../src/index.js';

const EXT = 'io.modelcontextprotocol/tasks';
const KEY = 'a test key of thirty-two bytes, at least';
const WITH_TASKS = { elicitation: {}, extensions: { [EXT]: {} } };
const WITHOUT = { elicitation: {} };

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

let aborted: AbortSignal | undefined;

const SlowCompute = defineTool({
  name: 'slow_compute',
  title: 'Slow compute',
  description: 'Sleeps, as a task when it is worth one.',
  argumentsSchema: {
    type: 'object',
    properties: { seconds: { type: 'number', minimum: 0 } },
    required: ['seconds'],
  },
  taskSupport: 'optional',
  run: async ({ seconds }, scope) => {
    if (seconds >= 1) await scope.runAsTask();
    aborted = scope.signal;
    await sleep(seconds * 100, scope.signal);
    return `slept ${seconds}`;
  },
});

const FailingJob = defineTool({
  name: 'failing_job',
  title: 'Failing job',
  description: 'Fails as a tool.',
  argumentsSchema: { type: 'object' },
  taskSupport: 'required',
  run: async () => {
    await sleep(10);
    throw new ToolError('the job failed');
  },
});

const ProtocolErrorJob = defineTool({
  name: 'protocol_error_job',
  title: 'Protocol error job',
  description: 'Fails with a JSON-RPC error.',
  argumentsSchema: { type: 'object' },
  taskSupport: 'required',
  run: async () => {
    await sleep(10);
    throw new ProtocolError(-32602, 'No such job.');
  },
});

const Faulty = defineTool({
  name: 'faulty',
  title: 'Faulty',
  description: 'A bug.',
  argumentsSchema: { type: 'object' },
  taskSupport: 'required',
  run: () => {
    throw new Error('secret detail');
  },
});

const ConfirmDelete = defineTool({
  name: 'confirm_delete',
  title: 'Confirm delete',
  description: 'Asks, in the task, before it deletes.',
  argumentsSchema: {
    type: 'object',
    properties: { filename: { type: 'string' } },
    required: ['filename'],
  },
  taskSupport: 'required',
  run: async ({ filename }, scope) => {
    const answer = await scope.elicit('confirm', {
      message: `Delete ${filename}?`,
      requestedSchema: {
        type: 'object',
        properties: { confirm: { type: 'boolean' } },
        required: ['confirm'],
      },
    });
    return answer.action === 'accept' && answer.content.confirm ? `deleted ${filename}` : 'kept';
  },
});

const form = (field: string) =>
  ({
    message: `Your ${field}?`,
    requestedSchema: {
      type: 'object',
      properties: { [field]: { type: 'string' } },
      required: [field],
    },
  }) as const;

const MultiInput = defineTool({
  name: 'multi_input',
  title: 'Multi input',
  description: 'Asks two things at once.',
  argumentsSchema: { type: 'object' },
  taskSupport: 'required',
  run: async (_args, scope) => {
    const [a, b] = await Promise.all([
      scope.elicit('first', form('name')),
      scope.elicit('second', form('color')),
    ]);
    return `${a.action}/${b.action}`;
  },
});

const NameFirst = defineTool({
  name: 'test_tool_with_task',
  title: 'Name first',
  description: 'Asks a name in the call, then works as a task.',
  argumentsSchema: { type: 'object' },
  taskSupport: 'required',
  inputBeforeTask: true,
  run: async (_args, scope) => {
    const answer = await scope.elicit('user_name', form('name'));
    await scope.runAsTask();
    await sleep(20);
    return answer.action === 'accept' ? `Hello, ${answer.content.name}!` : 'Hello!';
  },
});

// Keeps a count of its runs in scope.state, as a call with input requests keeps it across rounds.
const Counted = defineTool({
  name: 'counted',
  title: 'Counted',
  description: 'Asks twice, counting its runs.',
  argumentsSchema: { type: 'object' },
  taskSupport: 'required',
  run: async (_args, scope) => {
    const runs = ((scope.state as { runs?: number } | undefined)?.runs ?? 0) + 1;
    scope.state = { runs };
    const first = await scope.elicit('first', form('name'));
    const second = await scope.elicit('second', form('color'));
    return `${first.action}/${second.action} after ${runs} runs`;
  },
});

const Greet = defineTool({
  name: 'greet',
  title: 'Greet',
  description: 'Never a task.',
  argumentsSchema: { type: 'object', properties: { name: { type: 'string' } } },
  run: ({ name = 'World' }) => `Hello, ${name}!`,
});

const TOOLS = toolsByName(
  new SlowCompute(),
  new FailingJob(),
  new ProtocolErrorJob(),
  new Faulty(),
  new ConfirmDelete(),
  new MultiInput(),
  new NameFirst(),
  new Counted(),
  new Greet(),
);

class TaskServer extends MCPServerBase {
  readonly name = 'tasks';
  override readonly tools = TOOLS;
  override readonly requestStateKey = KEY;
  override readonly tasks: Tasks | undefined;
  override readonly principalId: string | undefined;
  readonly logged: unknown[] = [];
  constructor(tasks: Tasks | undefined, principal?: string) {
    super();
    this.tasks = tasks;
    this.principalId = principal;
  }
  serverInfo() {
    return { version: '1.0.0' };
  }
  override logError(error: unknown) {
    this.logged.push(error);
  }
}

const shared = tasksIn(memoryTaskStore(), { pollIntervalMs: 50 });

let nextId = 1;
async function post(
  server: MCPServerBase,
  method: string,
  params: Record<string, unknown>,
  capabilities: object = WITH_TASKS,
) {
  const response = (await server.handle({
    jsonrpc: '2.0',
    id: nextId++,
    method,
    params: {
      ...params,
      _meta: {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientCapabilities': capabilities,
      },
    },
  })) as { result?: any; error?: any };
  return { ...response, status: httpStatusOf(response as never) ?? 200 };
}

const server = (principal = 'ada') => new TaskServer(shared, principal);
const call = (name: string, args: object = {}, capabilities?: object) =>
  post(server(), 'tools/call', { name, arguments: args }, capabilities);
const get = (taskId: string, principal = 'ada') => post(server(principal), 'tasks/get', { taskId });

async function until(taskId: string, status: string) {
  for (let tries = 0; tries < 400; tries++) {
    const { result, error } = await get(taskId);
    if (error !== undefined) throw new Error(JSON.stringify(error));
    if (result.status === status) return result;
    await sleep(5);
  }
  throw new Error(`task ${taskId} never became ${status}: ${JSON.stringify(await get(taskId))}`);
}

const tasks = suite('tasks');

tasks(
  'server/discover lists the extension only for a server with tasks; initialize never',
  async () => {
    const discovered = await post(server(), 'server/discover', {});
    assert.equal(discovered.result.capabilities.extensions, { [EXT]: {} });
    assert.is(discovered.result.capabilities.tasks, undefined);
    const without = await post(new TaskServer(undefined), 'server/discover', {});
    assert.is(without.result.capabilities.extensions?.[EXT], undefined);
    const initialized = (await server().handle({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 't', version: '1' },
      },
    })) as unknown as { result: { capabilities: Record<string, unknown> } };
    assert.is(initialized.result.capabilities.tasks, undefined);
    assert.is(initialized.result.capabilities.extensions, undefined);
  },
);

tasks(
  'a client that does not declare the extension: -32021 for tasks/*, and for a tool that must be a task',
  async () => {
    for (const method of ['tasks/get', 'tasks/update', 'tasks/cancel']) {
      const { error, status } = await post(
        server(),
        method,
        { taskId: 'gate-test', inputResponses: {} },
        WITHOUT,
      );
      assert.is(error.code, -32021, method);
      assert.is(status, 400);
      assert.equal(error.data, { requiredCapabilities: { extensions: { [EXT]: {} } } });
    }
    const required = await call('failing_job', {}, WITHOUT);
    assert.is(required.error.code, -32021);
    assert.equal(required.error.data.requiredCapabilities, { extensions: { [EXT]: {} } });
    // An optional one runs in the call, as any tool.
    const optional = await call('slow_compute', { seconds: 1 }, WITHOUT);
    assert.equal(optional.result.content, [{ type: 'text', text: 'slept 1' }]);
    assert.is(optional.result.resultType, 'complete');
    assert.is(optional.result.taskId, undefined);
  },
);

tasks(
  'a task made by runAsTask(): a flat CreateTaskResult, polled until completed with its result',
  async () => {
    const quick = await call('slow_compute', { seconds: 0 });
    assert.is(quick.result.resultType, 'complete');
    assert.equal(quick.result.content, [{ type: 'text', text: 'slept 0' }]);

    const { result } = await call('slow_compute', { seconds: 1 });
    assert.is(result.resultType, 'task');
    assert.match(result.taskId, /^tsk_/);
    assert.is(result.status, 'working');
    assert.ok(!Number.isNaN(Date.parse(result.createdAt)));
    assert.ok(!Number.isNaN(Date.parse(result.lastUpdatedAt)));
    assert.is(result.ttlMs, 3_600_000);
    assert.is(result.pollIntervalMs, 50);
    for (const absent of ['result', 'error', 'inputRequests', 'task', 'requestState', 'content'])
      assert.is(result[absent], undefined, absent);
    // Found at once, on any server made for the same principal.
    const polled = await get(result.taskId);
    assert.is(polled.result.resultType, 'complete');
    assert.is(polled.result.taskId, result.taskId);
    const done = await until(result.taskId, 'completed');
    assert.equal(done.result, { content: [{ type: 'text', text: 'slept 1' }] });
    assert.is(done.requestState, undefined);
  },
);

tasks(
  'a tool error is a completed task with isError; a JSON-RPC error a failed one; a fault tells nothing',
  async () => {
    const failing = await call('failing_job');
    assert.is(failing.result.resultType, 'task');
    const completed = await until(failing.result.taskId, 'completed');
    assert.equal(completed.result, {
      content: [{ type: 'text', text: 'the job failed' }],
      isError: true,
    });

    const protocol = await call('protocol_error_job');
    const failed = await until(protocol.result.taskId, 'failed');
    assert.equal(failed.error, { code: -32602, message: 'No such job.' });
    assert.is(failed.result, undefined);

    const faultyServer = new TaskServer(shared, 'ada');
    const faulty = await post(faultyServer, 'tools/call', { name: 'faulty', arguments: {} });
    const broken = await until(faulty.result.taskId, 'failed');
    assert.equal(broken.error, { code: -32603, message: 'Internal error' });
    assert.not.match(JSON.stringify(broken), /secret detail/);
    assert.match(String(faultyServer.logged[0]), /secret detail/);
  },
);

tasks(
  'a question in a task: input_required, answered with tasks/update, partially or whole',
  async () => {
    const { result } = await call('confirm_delete', { filename: 'notes.md' });
    const asking = await until(result.taskId, 'input_required');
    assert.is(asking.inputRequests.confirm.method, 'elicitation/create');
    assert.is(asking.inputRequests.confirm.params.message, 'Delete notes.md?');
    // A key never asked is ignored, and acknowledged.
    const stray = await post(server(), 'tasks/update', {
      taskId: result.taskId,
      inputResponses: { 'unknown-key': { ignored: true } },
    });
    assert.equal(stray.result, { resultType: 'complete', _meta: stray.result._meta });
    const answered = await post(server(), 'tasks/update', {
      taskId: result.taskId,
      inputResponses: { confirm: { action: 'accept', content: { confirm: true } } },
    });
    assert.is(answered.result.resultType, 'complete');
    const done = await until(result.taskId, 'completed');
    assert.equal(done.result.content, [{ type: 'text', text: 'deleted notes.md' }]);

    const multi = await call('multi_input');
    const both = await until(multi.result.taskId, 'input_required');
    assert.equal(Object.keys(both.inputRequests).sort(), ['first', 'second']);
    await post(server(), 'tasks/update', {
      taskId: multi.result.taskId,
      inputResponses: { first: { action: 'accept', content: { name: 'partial-1' } } },
    });
    const partial = await get(multi.result.taskId);
    assert.is(partial.result.status, 'input_required');
    assert.equal(Object.keys(partial.result.inputRequests), ['second']);
    await post(server(), 'tasks/update', {
      taskId: multi.result.taskId,
      inputResponses: { second: { action: 'decline' } },
    });
    const finished = await until(multi.result.taskId, 'completed');
    assert.equal(finished.result.content, [{ type: 'text', text: 'accept/decline' }]);
  },
);

tasks(
  'input asked before the task is asked in the call itself, and the task keeps its answer',
  async () => {
    const first = await call('test_tool_with_task');
    assert.is(first.result.resultType, 'input_required');
    assert.is(first.result.taskId, undefined);
    const retry = await post(server(), 'tools/call', {
      name: 'test_tool_with_task',
      arguments: {},
      inputResponses: { user_name: { action: 'accept', content: { name: 'Alice' } } },
      requestState: first.result.requestState,
    });
    assert.is(retry.result.resultType, 'task');
    assert.is(retry.result.requestState, undefined);
    assert.is(retry.result.inputRequests, undefined);
    const done = await until(retry.result.taskId, 'completed');
    assert.equal(done.result.content, [{ type: 'text', text: 'Hello, Alice!' }]);
  },
);

tasks(
  'tasks/cancel: acknowledged, the tool signal aborts, the task ends cancelled; again after the end',
  async () => {
    const { result } = await call('slow_compute', { seconds: 60 });
    await sleep(20);
    const cancelled = await post(server(), 'tasks/cancel', { taskId: result.taskId });
    for (const absent of ['taskId', 'status', 'result', 'error', 'inputRequests'])
      assert.is(cancelled.result[absent], undefined, absent);
    assert.is(cancelled.result.resultType, 'complete');
    await until(result.taskId, 'cancelled');
    assert.is(aborted?.aborted, true);
    const again = await post(server(), 'tasks/cancel', { taskId: result.taskId });
    assert.is(again.result.resultType, 'complete');
    assert.is((await get(result.taskId)).result.status, 'cancelled');
  },
);

tasks('what a tool keeps in scope.state reaches its next run in the task', async () => {
  const { result } = await call('counted');
  await until(result.taskId, 'input_required');
  await post(server(), 'tasks/update', {
    taskId: result.taskId,
    inputResponses: { first: { action: 'decline' } },
  });
  const second = await until(result.taskId, 'input_required');
  assert.equal(Object.keys(second.inputRequests), ['second']);
  await post(server(), 'tasks/update', {
    taskId: result.taskId,
    inputResponses: { second: { action: 'decline' } },
  });
  const done = await until(result.taskId, 'completed');
  assert.equal(done.result.content, [{ type: 'text', text: 'decline/decline after 3 runs' }]);
});

tasks("unknown tasks, another principal's, and removed methods", async () => {
  const { result } = await call('slow_compute', { seconds: 1 });
  for (const [method, params] of [
    ['tasks/get', {}],
    ['tasks/update', { inputResponses: {} }],
    ['tasks/cancel', {}],
  ] as const) {
    const unknown = await post(server(), method, { taskId: 'tsk_nothing', ...params });
    assert.is(unknown.error.code, -32602, method);
    // Another principal's task is answered exactly as an unknown one.
    const other = await post(server('bob'), method, { taskId: result.taskId, ...params });
    assert.is(other.error.code, -32602, method);
    assert.equal(other.error.message, unknown.error.message.replace('tsk_nothing', result.taskId));
  }
  for (const method of ['tasks/result', 'tasks/list']) {
    const { error } = await post(server(), method, { taskId: result.taskId });
    assert.is(error.code, -32601, method);
  }
  const bad = await post(server(), 'tasks/update', { taskId: result.taskId, inputResponses: 3 });
  assert.is(bad.error.code, -32602);
  await until(result.taskId, 'completed');
});

tasks('a task store that is down: 503 with a clear error, and no task acknowledged', async () => {
  const down: TaskStore = {
    create: () => Promise.reject(new Error('ECONNREFUSED 127.0.0.1:6379')),
    get: () => Promise.reject(new Error('ECONNREFUSED 127.0.0.1:6379')),
    replace: () => Promise.reject(new Error('ECONNREFUSED 127.0.0.1:6379')),
  };
  const broken = new TaskServer(tasksIn(down), 'ada');
  for (const [method, params] of [
    ['tools/call', { name: 'failing_job', arguments: {} }],
    ['tools/call', { name: 'slow_compute', arguments: { seconds: 1 } }],
    ['tasks/get', { taskId: 'tsk_x' }],
  ] as const) {
    const { error, status, result } = await post(broken, method, params);
    assert.is(result, undefined, method);
    assert.is(error.code, -32603, method);
    assert.is(error.message, 'The task store is unavailable; try again later.');
    assert.is(status, 503);
  }
  assert.match(String(broken.logged[0]), /ECONNREFUSED/);
});

tasks('tasksIn refuses options out of range', () => {
  for (const options of [
    { ttlMs: 0 },
    { pollIntervalMs: -1 },
    { leaseMs: 10 },
    { timeoutMs: 1.5 },
  ]) {
    assert.throws(() => tasksIn(memoryTaskStore(), options), /tasksIn: /);
  }
  assert.throws(() => tasksIn({} as TaskStore), /must be a TaskStore/);
});

tasks('a run stopped by tasks/cancel is reported as a cancelled call, not as a fault', async () => {
  const outcomes: string[] = [];
  const off = mcpserverToolCalled.connect(({ tool, outcome }) => {
    if (tool === 'slow_compute') outcomes.push(outcome);
  });
  try {
    const { result } = await call('slow_compute', { seconds: 50 });
    assert.is(result.resultType, 'task');
    await post(server(), 'tasks/cancel', { taskId: result.taskId });
    await until(result.taskId, 'cancelled');
    for (let tries = 0; outcomes.length === 0 && tries < 100; tries++) await sleep(5);
    assert.equal(outcomes, ['cancelled']);
  } finally {
    off();
  }
});

tasks.run();
