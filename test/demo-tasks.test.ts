// The demo's tasks over real HTTP (2026-07-28 with the Tasks extension, in raw requests: the
// official clients do not speak it yet): index_documents answers a few documents in the call and
// becomes a task for many, polled to its result or cancelled; purge_log asks for a confirmation in
// its task, answered with tasks/update, and its tasks are its caller's alone. A handshake-era
// client waits for index_documents with its progress. With REDIS_URL the tasks live in Redis (a
// real redis-server, skipped without one).
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createClient } from 'redis';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startDemo } from '../examples/demo/main.js';
import { INDEX_IN_CALL } from '../examples/demo/project-server.js';
import { loadRepository } from '../examples/demo/repository.js';
import { skipWithoutRedis, startRedisServer } from './redis-server.js';
import { poll, rpc } from './task-client.js';

type Demo = Awaited<ReturnType<typeof startDemo>>;

const STAFF = { authorization: 'Bearer staff-secret' };
const POLL_MS = 50;
const documents = [
  ...loadRepository(fileURLToPath(new URL('../', import.meta.url))).documents.keys(),
];
const INDEXED = new RegExp(
  `^Indexed ${documents.length} documents: \\d+ words, \\d+ distinct\\. The most frequent: \\w+ \\(\\d+\\),`,
);

const tasks = suite<{ demo: Demo; lines: string[] }>('the demo’s tasks', {
  demo: undefined as never,
  lines: [],
});

tasks.before(async (context) => {
  context.lines = [];
  context.demo = await startDemo({
    port: 0,
    token: 'staff-secret',
    taskPollMs: POLL_MS,
    // About a second and a half for the whole repository: long enough to cancel.
    indexDelayMs: 5,
    log: (line) => context.lines.push(line),
  });
});

tasks.after(async ({ demo }) => {
  await demo.close();
});

tasks(
  'index_documents: many documents are a task, polled to its result, on either endpoint',
  async ({ demo }) => {
    const made = await rpc(`${demo.base}/mcp`, 'tools/call', {
      name: 'index_documents',
      arguments: {},
    });
    assert.is(made.status, 200);
    const task = made.body.result;
    assert.is(task.resultType, 'task');
    assert.is(task.status, 'working');
    assert.is(task.pollIntervalMs, POLL_MS);
    assert.match(task.taskId, /^tsk_[\w-]{24}$/);
    // The project server's tasks belong to no one: its scoped endpoint reads them too.
    const done = await poll(
      `${demo.base}/mcp/${demo.repository}`,
      task.taskId,
      (one) => one.status !== 'working',
    );
    assert.is(done.status, 'completed');
    assert.is(done.result.isError, undefined);
    assert.match(done.result.content[0].text, INDEXED);
  },
);

tasks(
  'index_documents: a few documents answer in the call, with their progress',
  async ({ demo }) => {
    const under = documents.filter((path) => path.startsWith('src/tasks/'));
    assert.ok(under.length > 0 && under.length <= INDEX_IN_CALL);
    const answered = await rpc(`${demo.base}/mcp`, 'tools/call', {
      name: 'index_documents',
      arguments: { prefix: 'src/tasks/' },
    });
    assert.is(answered.body.result.resultType, 'complete');
    assert.match(answered.body.result.content[0].text, `Indexed ${under.length} documents: `);
    // A client that does not declare the extension waits for all of them, told its progress.
    const client = new Client({ name: 'demo-tasks-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${demo.base}/mcp`)));
    try {
      const progress: number[] = [];
      const result = await client.callTool({ name: 'index_documents', arguments: {} }, undefined, {
        onprogress: ({ progress: done }) => progress.push(done),
      });
      assert.match((result.content as { text: string }[])[0]!.text, INDEXED);
      assert.equal(
        progress,
        documents.map((_, index) => index + 1),
      );
    } finally {
      await client.close();
    }
  },
);

tasks(
  'index_documents cancelled: the task is cancelled, and its run stops',
  async ({ demo, lines }) => {
    const made = await rpc(`${demo.base}/mcp`, 'tools/call', {
      name: 'index_documents',
      arguments: {},
    });
    const { taskId } = made.body.result;
    const cancel = await rpc(`${demo.base}/mcp`, 'tasks/cancel', { taskId });
    assert.is(cancel.body.result.resultType, 'complete');
    const cancelled = await poll(`${demo.base}/mcp`, taskId, (task) => task.status !== 'working');
    assert.is(cancelled.status, 'cancelled');
    assert.is(cancelled.result, undefined);
    // The run ended as cancelled, long before the whole repository could be read.
    const deadline = Date.now() + 1_000;
    while (!lines.some((line) => /^project tools\/call index_documents cancelled/.test(line))) {
      assert.ok(Date.now() < deadline, lines.join('\n'));
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    assert.ok(lines.includes(`project tasks/cancel ${taskId}`));
  },
);

/** The number of the latest request of the operations log. */
async function latest(demo: Demo): Promise<number> {
  const read = await rpc(
    `${demo.base}/operations/mcp`,
    'resources/read',
    { uri: 'operations://log' },
    { headers: STAFF },
  );
  return Number(/^#(\d+) /.exec(read.body.result.contents[0].text)![1]);
}

async function purge(demo: Demo, upTo: number, headers = STAFF) {
  const made = await rpc(
    `${demo.base}/operations/mcp`,
    'tools/call',
    { name: 'purge_log', arguments: { up_to: upTo } },
    { headers },
  );
  assert.is(made.body.result.resultType, 'task', JSON.stringify(made.body));
  return made.body.result.taskId as string;
}

tasks(
  'purge_log asks in its task, and purges what it named once the person accepts',
  async ({ demo }) => {
    const upTo = await latest(demo);
    const taskId = await purge(demo, upTo);
    const url = `${demo.base}/operations/mcp`;
    const asking = await poll(url, taskId, (task) => task.status !== 'working', { headers: STAFF });
    assert.is(asking.status, 'input_required');
    const { confirm } = asking.inputRequests;
    assert.is(confirm.method, 'elicitation/create');
    assert.match(
      confirm.params.message,
      new RegExp(`^Purge the \\d+ requests? of the log up to #${upTo}\\? It cannot be undone\\.$`),
    );
    // Requests logged meanwhile (these polls) are not purged: they came after what was named.
    const update = await rpc(
      url,
      'tasks/update',
      { taskId, inputResponses: { confirm: { action: 'accept', content: { purge: true } } } },
      { headers: STAFF },
    );
    assert.is(update.body.result.resultType, 'complete');
    const done = await poll(url, taskId, (task) => task.status === 'completed', { headers: STAFF });
    assert.match(
      done.result.content[0].text,
      new RegExp(`^Purged \\d+ requests? from the log, up to #${upTo}\\.$`),
    );
    const log = await rpc(url, 'resources/read', { uri: 'operations://log' }, { headers: STAFF });
    const numbers = [...log.body.result.contents[0].text.matchAll(/^#(\d+) /gm)].map((m) =>
      Number(m[1]),
    );
    assert.ok(numbers.length > 0 && numbers.every((number) => number > upTo), numbers.join(' '));
    // Declined: nothing goes.
    const again = await purge(demo, await latest(demo));
    await poll(url, again, (task) => task.status === 'input_required', { headers: STAFF });
    await rpc(
      url,
      'tasks/update',
      { taskId: again, inputResponses: { confirm: { action: 'decline' } } },
      { headers: STAFF },
    );
    const kept = await poll(url, again, (task) => task.status === 'completed', { headers: STAFF });
    assert.equal(kept.result.content, [{ type: 'text', text: 'Nothing was purged.' }]);
  },
);

tasks(
  'purge_log: a task of its caller alone; always a task; a request number that is to come',
  async ({ demo }) => {
    const url = `${demo.base}/operations/mcp`;
    const taskId = await purge(demo, await latest(demo));
    await poll(url, taskId, (task) => task.status === 'input_required', { headers: STAFF });
    // Another caller: an access token of the authorization server, whose subject is not staff.
    const { tokenEndpoint } = demo.authorization!;
    const response = await fetch(tokenEndpoint, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: 'demo',
        scope: 'operations',
        resource: demo.metadata.document.resource,
      }),
    });
    const other = {
      authorization: `Bearer ${((await response.json()) as { access_token: string }).access_token}`,
    };
    for (const [method, params] of [
      ['tasks/get', { taskId }],
      [
        'tasks/update',
        { taskId, inputResponses: { confirm: { action: 'accept', content: { purge: true } } } },
      ],
      ['tasks/cancel', { taskId }],
    ] as const) {
      const refused = await rpc(url, method, params, { headers: other });
      assert.is(refused.status, 200, JSON.stringify(refused.body));
      assert.equal(
        refused.body.error,
        { code: -32602, message: `Unknown task: ${taskId}` },
        method,
      );
    }
    // Still waiting for its own caller, who cancels it.
    const mine = await rpc(url, 'tasks/get', { taskId }, { headers: STAFF });
    assert.is(mine.body.result.status, 'input_required');
    await rpc(url, 'tasks/cancel', { taskId }, { headers: STAFF });
    assert.is(
      (await rpc(url, 'tasks/get', { taskId }, { headers: STAFF })).body.result.status,
      'cancelled',
    );
    // A client that does not declare the extension cannot call it.
    const undeclared = await rpc(
      url,
      'tools/call',
      { name: 'purge_log', arguments: { up_to: 1 } },
      { headers: STAFF, capabilities: { elicitation: {} } },
    );
    assert.is(undeclared.status, 400);
    assert.is(undeclared.body.error.code, -32021);
    // A request that has not happened yet: a tool error the LLM reads, in a completed task.
    const future = await purge(demo, 1_000_000);
    const refused = await poll(url, future, (task) => task.status !== 'working', {
      headers: STAFF,
    });
    assert.is(refused.status, 'completed');
    assert.is(refused.result.isError, true);
    assert.match(refused.result.content[0].text, /^no request #1000000 yet: the latest is #\d+$/);
  },
);

tasks.run();

const redis = suite('the demo’s tasks in Redis (REDIS_URL)');
const withRedis = skipWithoutRedis('demo-tasks.test.ts') ? redis.skip : redis;

withRedis(
  'a task made by the demo lives in Redis, under its server’s prefix, and its bus too',
  async () => {
    const server = await startRedisServer();
    const demo = await startDemo({
      port: 0,
      token: 'staff-secret',
      redisUrl: server.url,
      indexDelayMs: 0,
      taskPollMs: POLL_MS,
    });
    const raw = createClient({ url: server.url });
    raw.on('error', () => {});
    let closing: Promise<void> | undefined;
    try {
      assert.is(demo.taskStore, 'redis');
      const made = await rpc(`${demo.base}/mcp`, 'tools/call', {
        name: 'index_documents',
        arguments: {},
      });
      const { taskId } = made.body.result;
      const done = await poll(`${demo.base}/mcp`, taskId, (task) => task.status === 'completed');
      assert.match(done.result.content[0].text, INDEXED);
      const purging = await purge(demo, 1);
      await poll(
        `${demo.base}/operations/mcp`,
        purging,
        (task) => task.status === 'input_required',
        {
          headers: STAFF,
        },
      );
      await raw.connect();
      assert.equal((await raw.keys('demo:*')).sort(), [
        `demo:operations:task:${purging}`,
        `demo:project:task:${taskId}`,
      ]);
      const stored = JSON.parse((await raw.hGet(`demo:project:task:${taskId}`, 'v'))!);
      assert.is(stored.status, 'completed');
      // The run waiting for its answer listens on the demo's bus, in Redis, on a connection of its own.
      assert.equal(await raw.sendCommand(['PUBSUB', 'CHANNELS', 'demo:bus:task:*']), [
        `demo:bus:task:${purging}`,
      ]);
      const clients = async () =>
        String(await raw.sendCommand(['CLIENT', 'LIST']))
          .trim()
          .split('\n').length;
      assert.is(await clients(), 3);
      closing = demo.close();
      await closing;
      // Redis learns of a closed connection as it reads the socket: a moment after close().
      let open = await clients();
      for (let tries = 0; open > 1 && tries < 100; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        open = await clients();
      }
      assert.is(open, 1, 'close() closes both of the demo’s connections');
    } finally {
      raw.destroy();
      await (closing ?? demo.close());
      await server.close();
    }
  },
);

redis.run();
