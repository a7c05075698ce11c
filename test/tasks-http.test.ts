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

const EXT = 'io.modelcontextprotocol/tasks';
const VERSION = '2026-07-28';

let server: RunningServer;
let nextId = 1;

async function rpc(
  method: string,
  params: Record<string, unknown>,
  headers: Record<string, string> = {},
  capabilities: object = { elicitation: {}, extensions: { [EXT]: {} } },
): Promise<{ status: number; body: any }> {
  const named = typeof params.taskId === 'string' ? params.taskId : params.name;
  const response = await fetch(server.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': VERSION,
      'mcp-method': method,
      ...(typeof named === 'string' && { 'mcp-name': named }),
      ...headers,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: nextId++,
      method,
      params: {
        ...params,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': VERSION,
          'io.modelcontextprotocol/clientCapabilities': capabilities,
        },
      },
    }),
  });
  const text = await response.text();
  assert.is(response.headers.get('content-type'), 'application/json', text);
  return { status: response.status, body: JSON.parse(text) };
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
  const post = async (method: string, params: Record<string, unknown>) => {
    const named = (params.taskId ?? params.name) as string;
    const response = await handler(
      new Request('http://localhost/mcp', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': VERSION,
          'mcp-method': method,
          'mcp-name': named,
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: nextId++,
          method,
          params: {
            ...params,
            _meta: {
              'io.modelcontextprotocol/protocolVersion': VERSION,
              'io.modelcontextprotocol/clientCapabilities': { extensions: { [EXT]: {} } },
            },
          },
        }),
      }),
      ctx,
    );
    return (await response.json()) as { result: any };
  };
  const created = await post('tools/call', { name: 'slow_compute', arguments: { seconds: 1 } });
  assert.is(created.result.resultType, 'task');
  // What the runtime keeps alive settles when the task has ended, not before.
  assert.ok(kept.length > 0);
  assert.is((await post('tasks/get', { taskId: created.result.taskId })).result.status, 'working');
  await Promise.all(kept);
  const done = await post('tasks/get', { taskId: created.result.taskId });
  assert.is(done.result.status, 'completed');
});

http.run();
