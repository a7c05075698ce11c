// A task driven end to end over real HTTP, as a client of the Tasks extension speaks it (raw
// requests: the official clients do not speak the extension yet): the headers that route it
// (Mcp-Method, Mcp-Name = the taskId) checked against the body, the task polled, answered and
// cancelled through the conformance server's fixtures.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  ConformanceServer,
  type RunningServer,
  startConformanceServer,
} from '../examples/conformance-server.js';
import { createFetchHandler } from '../src/http.js';
import { rpc as post, requestInit } from './task-client.js';

const EXT = 'io.modelcontextprotocol/tasks';

let server: RunningServer;

async function rpc(
  method: string,
  params: Record<string, unknown>,
  headers: Record<string, string> = {},
  capabilities: object = { elicitation: {}, extensions: { [EXT]: {} } },
): Promise<{ status: number; body: any }> {
  const { status, body, contentType } = await post(server.url, method, params, {
    headers,
    capabilities,
  });
  assert.is(contentType, 'application/json', JSON.stringify(body));
  return { status, body };
}

async function until(taskId: string, status: string): Promise<any> {
  for (let tries = 0; tries < 200; tries++) {
    const { body } = await rpc('tasks/get', { taskId });
    if (body.result?.status === status) return body.result;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`task ${taskId} never became ${status}`);
}

const http = suite('tasks over HTTP');

http.before(async () => {
  server = await startConformanceServer(0);
});

http.after(async () => {
  await server.close();
});

http('made, polled and completed; Mcp-Name must name the task', async () => {
  const created = await rpc('tools/call', { name: 'slow_compute', arguments: { seconds: 1 } });
  assert.is(created.status, 200);
  const { taskId } = created.body.result;
  assert.is(created.body.result.resultType, 'task');
  // Another task's id, or none, in Mcp-Name: refused before anything is read.
  const wrong = await rpc('tasks/get', { taskId }, { 'mcp-name': 'tsk_other' });
  assert.is(wrong.status, 400);
  assert.is(wrong.body.error.code, -32020);
  const method = await rpc(
    'tools/call',
    { name: 'greet', arguments: {} },
    { 'mcp-method': 'tasks/get' },
  );
  assert.is(method.status, 400);
  assert.is(method.body.error.code, -32020);
  const done = await until(taskId, 'completed');
  assert.equal(done.result.content, [{ type: 'text', text: 'Computed it in 1 s.' }]);
});

http('answered with tasks/update, and cancelled with tasks/cancel', async () => {
  const created = await rpc('tools/call', {
    name: 'confirm_delete',
    arguments: { filename: 'a.txt' },
  });
  const { taskId } = created.body.result;
  const asking = await until(taskId, 'input_required');
  assert.equal(Object.keys(asking.inputRequests), ['confirm_delete']);
  const update = await rpc('tasks/update', {
    taskId,
    inputResponses: { confirm_delete: { action: 'accept', content: { confirm: true } } },
  });
  assert.is(update.status, 200);
  const done = await until(taskId, 'completed');
  assert.equal(done.result.content, [{ type: 'text', text: 'Deleted a.txt.' }]);

  const long = await rpc('tools/call', { name: 'slow_compute', arguments: { seconds: 60 } });
  const cancel = await rpc('tasks/cancel', { taskId: long.body.result.taskId });
  assert.is(cancel.status, 200);
  await until(long.body.result.taskId, 'cancelled');
});

http('a client that does not declare the extension is refused with 400', async () => {
  const refused = await rpc('tasks/get', { taskId: 'gate-test' }, {}, {});
  assert.is(refused.status, 400);
  assert.is(refused.body.error.code, -32021);
  const required = await rpc('tools/call', { name: 'failing_job', arguments: {} }, {}, {});
  assert.is(required.status, 400);
  assert.is(required.body.error.code, -32021);
});

http('on a serverless runtime, the task runs on through its waitUntil', async () => {
  const handler = createFetchHandler(() => new ConformanceServer());
  const kept: Promise<unknown>[] = [];
  const ctx = { waitUntil: (work: Promise<unknown>) => void kept.push(work) };
  const call = async (method: string, params: Record<string, unknown>) => {
    const capabilities = { extensions: { [EXT]: {} } };
    const request = new Request(
      'http://localhost/mcp',
      requestInit(method, params, { capabilities }),
    );
    const response = await handler(request, ctx);
    return (await response.json()) as { result: any };
  };
  const created = await call('tools/call', { name: 'slow_compute', arguments: { seconds: 1 } });
  assert.is(created.result.resultType, 'task');
  // What the runtime keeps alive settles when the task has ended, not before.
  assert.ok(kept.length > 0);
  assert.is((await call('tasks/get', { taskId: created.result.taskId })).result.status, 'working');
  await Promise.all(kept);
  const done = await call('tasks/get', { taskId: created.result.taskId });
  assert.is(done.result.status, 'completed');
});

http.run();
