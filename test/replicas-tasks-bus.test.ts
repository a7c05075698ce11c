// Tasks across replicas with the bus: three processes of the demo behind nginx in round robin, one
// real redis-server for the tasks and the bus, and runs that poll their task once a minute. A
// cancel or an answer sent through another replica reaches the run within a second all the same:
// only the bus can have brought it, as the run's replica's own log shows.
// Without nginx or redis-server, the suite is skipped.
import * as assert from 'uvu/assert';
import { redisClusterSuite } from './redis-cluster.js';
import type { Cluster } from './replicas.js';
import { poll, rpc } from './task-client.js';

const STAFF = { authorization: 'Bearer replica-token' };
// A run learns of a write by its own reading no sooner than this (a third of the lease).
const LEASE_MS = 180_000;
const POLL_MS = 60_000;

const { replicas, test } = redisClusterSuite(
  'replicas-tasks-bus.test.ts',
  'tasks on three replicas of the demo, told of each other through the bus',
  {
    MCP_STAFF_TOKEN: 'replica-token',
    MCP_TASK_LEASE_MS: String(LEASE_MS),
    MCP_TASK_POLL_MS: String(POLL_MS),
    MCP_INDEX_DELAY_MS: '40',
  },
  // Its tasks outlive a restart of Redis.
  { appendOnly: true },
);

const operations = (cluster: Cluster) => new URL('/operations/mcp', cluster.url).href;

/** Round robin: once a request has landed on `replica`, the next lands on another. */
async function past(url: string, replica: string, headers: Record<string, string> = {}) {
  for (let i = 0; i < 3; i++) {
    if ((await rpc(url, 'tools/list', {}, { headers })).upstream === replica) return;
  }
  throw new Error(`no request landed on ${replica}`);
}

/** Resolves once the replica's log matches, or fails after `ms`. */
async function logged(cluster: Cluster, address: string, pattern: RegExp, ms: number) {
  const deadline = Date.now() + ms;
  while (!pattern.test(cluster.output(address))) {
    assert.ok(
      Date.now() < deadline,
      `${pattern} not in ${address}'s log:\n${cluster.output(address)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

test('a task cancelled through another replica stops at once, though its run polls once a minute', async ({
  harness,
}) => {
  const { cluster } = await harness;
  const made = await rpc(cluster.url, 'tools/call', { name: 'index_documents', arguments: {} });
  assert.is(made.body.result.resultType, 'task', JSON.stringify(made.body));
  const { taskId } = made.body.result;
  await past(cluster.url, made.upstream);
  const cancel = await rpc(cluster.url, 'tasks/cancel', { taskId });
  assert.is(cancel.body.result.resultType, 'complete');
  assert.is.not(cancel.upstream, made.upstream);
  // The run, on the replica that made it, logs its end once it knows.
  await logged(cluster, made.upstream, /project tools\/call index_documents cancelled/, 1_000);
  assert.ok(cluster.output(cancel.upstream).includes(`project tasks/cancel ${taskId}`));
});

test('an answer sent through another replica reaches the run waiting for it at once', async ({
  harness,
}) => {
  const { cluster } = await harness;
  const url = operations(cluster);
  const made = await rpc(
    url,
    'tools/call',
    { name: 'purge_log', arguments: { up_to: 1 } },
    { headers: STAFF },
  );
  assert.is(made.body.result.resultType, 'task', JSON.stringify(made.body));
  const { taskId } = made.body.result;
  const asking = await poll(url, taskId, (task) => task.status !== 'working', { headers: STAFF });
  assert.is(asking.status, 'input_required');
  await past(url, made.upstream, STAFF);
  const update = await rpc(
    url,
    'tasks/update',
    { taskId, inputResponses: { confirm: { action: 'accept', content: { purge: true } } } },
    { headers: STAFF },
  );
  assert.is(update.body.result.resultType, 'complete');
  assert.is.not(update.upstream, made.upstream);
  await logged(cluster, made.upstream, /operations tools\/call purge_log success/, 1_000);
  const done = await poll(url, taskId, (task) => task.status === 'completed', { headers: STAFF });
  assert.match(JSON.stringify(done.result.content), /Purged/);
});

test('after redis-server restarts, a run subscribes again, and a cancel through another replica still stops it at once', async ({
  harness,
}) => {
  const { cluster, redis } = await harness;
  const made = await rpc(cluster.url, 'tools/call', { name: 'index_documents', arguments: {} });
  assert.is(made.body.result.resultType, 'task', JSON.stringify(made.body));
  const { taskId } = made.body.result;
  await redis.restart(); // the run's subscription to its task is lost with the connection
  // Made again a second after it was lost, once the replicas are connected again.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  await past(cluster.url, made.upstream);
  const cancel = await rpc(cluster.url, 'tasks/cancel', { taskId });
  assert.is(cancel.body.result?.resultType, 'complete', JSON.stringify(cancel.body));
  assert.is.not(cancel.upstream, made.upstream);
  await logged(cluster, made.upstream, /project tools\/call index_documents cancelled/, 1_000);
});

replicas.run();
