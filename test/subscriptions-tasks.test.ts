// A listen's taskIds (the Tasks extension): acknowledged only for the caller's own tasks, and a
// notifications/tasks with what tasks/get gives that caller each time the task's channel pings.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  type Changes,
  changesOn,
  defineTool,
  MCPServerBase,
  memoryBus,
  memoryTaskStore,
  type Tasks,
  tasksIn,
  toolsByName,
} from '../src/index.js';
import { turns } from './listen-helpers.js';

const EXT = 'io.modelcontextprotocol/tasks';
const SUB = 'io.modelcontextprotocol/subscriptionId';
const WITH_TASKS = { extensions: { [EXT]: {} } };

let release: (() => void) | undefined;
const Slow = defineTool({
  name: 'slow',
  title: 'Slow',
  description: 'Runs as a task until released.',
  argumentsSchema: { type: 'object' },
  taskSupport: 'required',
  run: () =>
    new Promise<string>((resolve) => {
      release = () => resolve('done');
    }),
});

class TaskListenServer extends MCPServerBase {
  readonly name = 'task-listen';
  override readonly tools = toolsByName(new Slow());
  constructor(
    override readonly tasks: Tasks,
    override readonly changes: Changes,
    override readonly principalId: string,
  ) {
    super();
  }
  serverInfo() {
    return { version: '1.0.0' };
  }
}

const meta = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': WITH_TASKS,
};

const test = suite('subscriptions/listen: taskIds');

test('notifications/tasks for the caller own task, as tasks/get gives it', async () => {
  const bus = memoryBus();
  const tasks = tasksIn(memoryTaskStore(), { bus });
  const changes = changesOn(bus);
  const server = (principal: string) => new TaskListenServer(tasks, changes, principal);
  const made = (await server('ada').handle({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { _meta: meta, name: 'slow', arguments: {} },
  })) as any;
  const { taskId } = made.result;
  assert.type(taskId, 'string');

  const listen = (principal: string, id: number) => {
    const frames: any[] = [];
    const answer = server(principal).handle(
      {
        jsonrpc: '2.0',
        id,
        method: 'subscriptions/listen',
        params: { _meta: meta, notifications: { taskIds: [taskId, 'tsk_unknown'] } },
      },
      { notify: (frame) => void frames.push(JSON.parse(JSON.stringify(frame))) },
    );
    return { frames, answer };
  };
  const ada = listen('ada', 10);
  const eve = listen('eve', 11);
  await turns(10);
  assert.equal(ada.frames[0].params.notifications, { taskIds: [taskId] });
  // Another caller's task is not theirs to follow.
  assert.equal(eve.frames[0].params.notifications, { taskIds: [] });

  for (let tries = 0; tries < 200 && release === undefined; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  release?.();
  for (let tries = 0; tries < 200; tries++) {
    if (ada.frames.some((frame) => frame.params.status === 'completed')) break;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const completed = ada.frames.find((frame) => frame.params.status === 'completed');
  assert.is(completed.method, 'notifications/tasks');
  assert.is(completed.params.taskId, taskId);
  assert.is(completed.params._meta[SUB], 10);
  assert.is(completed.params.result.content[0].text, 'done');
  const got = (await server('ada').handle({
    jsonrpc: '2.0',
    id: 2,
    method: 'tasks/get',
    params: { _meta: meta, taskId },
  })) as any;
  const { resultType: _complete, _meta: _answered, ...view } = got.result;
  const { _meta: _listened, ...sent } = completed.params;
  assert.equal(sent, view);
  assert.is(eve.frames.length, 1);

  // A forged ping reads the task again: it says nothing the store does not.
  const before = ada.frames.length;
  await bus.publish(`task:${taskId}`, '{"status":"cancelled"}');
  await turns(10);
  assert.ok(ada.frames.slice(before).every((frame) => frame.params.status === 'completed'));
  await changes.close();
  assert.equal(((await ada.answer) as any).result.resultType, 'complete');
  await eve.answer;
});

test.run();
