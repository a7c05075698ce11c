// Tasks on many replicas: three processes of the demo behind nginx in round robin (no stickiness),
// sharing one real redis-server (REDIS_URL, its append-only file on). A task made through one
// replica is polled, answered and cancelled through the others, as nginx's X-Upstream and each
// replica's own log show; a replica killed mid-task leaves its task failed once its lease lapses,
// as another replica reads it; and a restart of redis-server loses no task it acknowledged.
// Raw requests (task-client.ts): the official clients do not speak the Tasks extension yet.
// Without nginx or redis-server, the suite is skipped.
import * as assert from 'uvu/assert';
import { loadRepository } from '../examples/demo/repository.js';
import { redisClusterSuite } from './redis-cluster.js';
import { type Cluster, root } from './replicas.js';
import { type Answer, poll, rpc } from './task-client.js';

const STAFF = { authorization: 'Bearer replica-token' };
// Short, so that a dead replica's task is failed soon; long enough to outlast a restart of Redis.
const LEASE_MS = 2_000;
const POLL_MS = 100;
// index_documents takes about this long a document: some ten seconds for the whole repository,
// which the tests cancel, or kill, long before it ends.
const INDEX_DELAY_MS = 40;

const { replicas, test } = redisClusterSuite(
  'replicas-tasks.test.ts',
  'tasks on three replicas of the demo behind nginx, on one redis-server',
  {
    MCP_STAFF_TOKEN: 'replica-token',
    MCP_TASK_LEASE_MS: String(LEASE_MS),
    MCP_TASK_POLL_MS: String(POLL_MS),
    MCP_INDEX_DELAY_MS: String(INDEX_DELAY_MS),
  },
  { appendOnly: true },
);

const project = (cluster: Cluster) => cluster.url;
const operations = (cluster: Cluster) => new URL('/operations/mcp', cluster.url).href;

/** Every replica's log holds at least one operations request: purge_log may name #1 on any. */
async function logOnEveryReplica(cluster: Cluster) {
  for (let i = 0; i < 3; i++) await rpc(operations(cluster), 'tools/list', {}, { headers: STAFF });
}

/**
 * Round robin: once a request has landed on `replica`, the next lands on another. A cheap request
 * is sent until one does.
 */
async function past(url: string, replica: string, headers: Record<string, string> = {}) {
  for (let i = 0; i < 3; i++) {
    if ((await rpc(url, 'tools/list', {}, { headers })).upstream === replica) return;
  }
  throw new Error(`no request landed on ${replica}`);
}

/** A purge_log task, made through one replica, and polled until it asks. */
async function purgeAsking(cluster: Cluster, upTo: number, seen: Answer[] = []) {
  const made = await rpc(
    operations(cluster),
    'tools/call',
    { name: 'purge_log', arguments: { up_to: upTo } },
    { headers: STAFF },
  );
  assert.is(made.status, 200, JSON.stringify(made.body));
  assert.is(made.body.result.resultType, 'task');
  const { taskId } = made.body.result;
  const asking = await poll(operations(cluster), taskId, (task) => task.status !== 'working', {
    headers: STAFF,
    seen,
  });
  assert.is(asking.status, 'input_required');
  return { taskId, creator: made.upstream, asking };
}

const accept = (purge: boolean) => ({ confirm: { action: 'accept', content: { purge } } });

test('a task made through one replica is polled, answered and cancelled through the others', async ({
  harness,
}) => {
  const { cluster } = await harness;
  await logOnEveryReplica(cluster);
  // purge_log: made on one replica, which runs it; asked, polled and answered through the others.
  const polls: Answer[] = [];
  const { taskId, creator, asking } = await purgeAsking(cluster, 1, polls);
  assert.ok(cluster.addresses.includes(creator));
  assert.equal(Object.keys(asking.inputRequests), ['confirm']);
  assert.is(
    asking.inputRequests.confirm.params.message,
    'Purge the 1 request of the log up to #1? It cannot be undone.',
  );
  await past(operations(cluster), creator, STAFF);
  const update = await rpc(
    operations(cluster),
    'tasks/update',
    { taskId, inputResponses: accept(true) },
    { headers: STAFF },
  );
  assert.is(update.body.result.resultType, 'complete');
  const done = await poll(operations(cluster), taskId, (task) => task.status === 'completed', {
    headers: STAFF,
    seen: polls,
  });
  assert.equal(done.result.content, [
    { type: 'text', text: 'Purged 1 request from the log, up to #1.' },
  ]);
  // Round robin: the answer and some polls reached replicas other than the task's own.
  assert.is.not(update.upstream, creator);
  const pollers = new Set(polls.map((answer) => answer.upstream));
  assert.ok(
    [...pollers].some((address) => address !== creator),
    [...pollers].join(', '),
  );
  // Each replica's own log: the run on the creator, the requests on whichever got them.
  assert.match(cluster.output(creator), /operations tools\/call purge_log input-required/);
  assert.match(cluster.output(creator), /operations tools\/call purge_log success/);
  assert.ok(cluster.output(update.upstream).includes(`operations tasks/update ${taskId}`));
  for (const address of pollers)
    assert.ok(cluster.output(address).includes(`operations tasks/get ${taskId}`), address);
  for (const address of cluster.addresses.filter((address) => address !== creator))
    assert.not.match(cluster.output(address), /purge_log success/);

  // index_documents of the whole repository: a task, cancelled through another replica, and its
  // run, on the replica that made it, stops within a poll interval.
  const made = await rpc(project(cluster), 'tools/call', {
    name: 'index_documents',
    arguments: {},
  });
  assert.is(made.body.result.resultType, 'task');
  const indexId = made.body.result.taskId;
  await past(project(cluster), made.upstream);
  const cancel = await rpc(project(cluster), 'tasks/cancel', { taskId: indexId });
  assert.is(cancel.body.result.resultType, 'complete');
  assert.is.not(cancel.upstream, made.upstream);
  const asked = Date.now();
  const cancelled = await poll(project(cluster), indexId, (task) => task.status !== 'working');
  assert.is(cancelled.status, 'cancelled');
  assert.ok(Date.now() - asked < 10 * POLL_MS, `cancelled after ${Date.now() - asked} ms`);
  assert.ok(cluster.output(cancel.upstream).includes(`project tasks/cancel ${indexId}`));
  // The run logs its end once it learns of the cancel from Redis.
  const deadline = Date.now() + 2_000;
  while (!/project tools\/call index_documents cancelled/.test(cluster.output(made.upstream))) {
    assert.ok(Date.now() < deadline, cluster.output(made.upstream));
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
});

test('redis-server restarted with its append-only file loses no acknowledged task', async ({
  harness,
}) => {
  const { cluster, redis } = await harness;
  // #2 is on every replica now, and purged on none.
  await logOnEveryReplica(cluster);
  const waiting = await purgeAsking(cluster, 2);
  const declined = await purgeAsking(cluster, 2);
  await rpc(
    operations(cluster),
    'tasks/update',
    { taskId: declined.taskId, inputResponses: accept(false) },
    { headers: STAFF },
  );
  const kept = await poll(
    operations(cluster),
    declined.taskId,
    (task) => task.status === 'completed',
    {
      headers: STAFF,
    },
  );
  assert.equal(kept.result.content, [{ type: 'text', text: 'Nothing was purged.' }]);
  const before = await rpc(
    operations(cluster),
    'tasks/get',
    { taskId: waiting.taskId },
    { headers: STAFF },
  );

  await redis.restart(); // SIGTERM: Redis flushes its append-only file, and reads it at start

  // Read back through every replica, each of whose clients reconnects by itself.
  for (let i = 0; i < 3; i++) {
    const again = await rpc(
      operations(cluster),
      'tasks/get',
      { taskId: declined.taskId },
      { headers: STAFF },
    );
    assert.is(again.status, 200, JSON.stringify(again.body));
    assert.equal(again.body.result, kept);
  }
  const after = await rpc(
    operations(cluster),
    'tasks/get',
    { taskId: waiting.taskId },
    { headers: STAFF },
  );
  assert.is(after.body.result.status, 'input_required');
  assert.equal(after.body.result.inputRequests, before.body.result.inputRequests);
  // Its replica still runs it: answered now, it goes on there.
  await rpc(
    operations(cluster),
    'tasks/update',
    { taskId: waiting.taskId, inputResponses: accept(true) },
    { headers: STAFF },
  );
  const done = await poll(
    operations(cluster),
    waiting.taskId,
    (task) => task.status === 'completed',
    {
      headers: STAFF,
    },
  );
  assert.match(done.result.content[0].text, /^Purged [12] requests? from the log, up to #2\.$/);
});

// Last: it leaves two replicas.
test('a replica killed mid-task leaves its task failed within its lease, read through another', async ({
  harness,
}) => {
  const { cluster } = await harness;
  const made = await rpc(project(cluster), 'tools/call', {
    name: 'index_documents',
    arguments: {},
  });
  assert.is(made.body.result.resultType, 'task');
  const { taskId } = made.body.result;
  const working = await rpc(project(cluster), 'tasks/get', { taskId });
  assert.is(working.body.result.status, 'working');
  await cluster.kill(made.upstream);
  const killed = Date.now();
  const seen: Answer[] = [];
  const failed = await poll(project(cluster), taskId, (task) => task.status !== 'working', {
    seen,
    everyMs: 20,
  });
  const elapsed = Date.now() - killed;
  assert.is(failed.status, 'failed');
  assert.is(failed.statusMessage, 'The process running this task stopped before it ended.');
  assert.equal(failed.error, { code: -32603, message: 'The process running this task stopped.' });
  assert.ok(elapsed <= LEASE_MS + 500, `failed ${elapsed} ms after the kill`);
  assert.is.not(seen.at(-1)!.upstream, made.upstream);
  assert.ok(cluster.output(seen.at(-1)!.upstream).includes(`project tasks/get ${taskId}`));
  assert.ok(
    loadRepository(root).documents.size * INDEX_DELAY_MS > LEASE_MS + 500,
    'the index would have ended before its lease lapsed',
  );
});

replicas.run();
