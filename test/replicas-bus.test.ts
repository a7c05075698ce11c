// The bus on many replicas: three processes of the demo behind nginx in round robin, sharing one
// real redis-server (REDIS_URL: their tasks and their bus). A listener on one replica hears a
// change made through another; a handshake-era question's answer, POSTed through nginx, lands on
// another replica than the call's and reaches the tool; Redis stopped and restarted under open
// listeners tells them and ends their streams. nginx's X-Upstream and each replica's own log show
// which replica took what. Without nginx or redis-server, the suite is skipped.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import * as assert from 'uvu/assert';
import { loadRepository } from '../examples/demo/repository.js';
import { redisClusterSuite } from './redis-cluster.js';
import { type Cluster, root } from './replicas.js';
import { openStream } from './sse-reader.js';
import { requestInit, rpc } from './task-client.js';

const STAFF_TOKEN = 'replica-token';
const STAFF = { authorization: `Bearer ${STAFF_TOKEN}` };
const LOG = 'operations://log';
const NOTE = `repo://${loadRepository(root).name}/notes/replicas.md`;

interface Hop {
  method: string;
  status: number;
  upstream: string;
}

const { replicas, test } = redisClusterSuite(
  'replicas-bus.test.ts',
  'the bus on three replicas of the demo behind nginx, on one redis-server',
  { MCP_STAFF_TOKEN: STAFF_TOKEN },
);

/** A replica's own URL of a path, past nginx: `http://127.0.0.1:PORT/path`. */
const at = (address: string, path: string) => `http://${address}${path}`;

/** Open a 2026-07-28 listen on `url`, and wait for its acknowledgement. */
async function listen(url: string, notifications: object, headers: Record<string, string> = {}) {
  const stream = await openStream(
    url,
    requestInit('subscriptions/listen', { notifications }, { headers, capabilities: {} }),
  );
  assert.is(stream.status, 200);
  assert.match(String(stream.contentType), /^text\/event-stream/);
  await stream.next((m) => m.method === 'notifications/subscriptions/acknowledged');
  return stream;
}

const ALL_LISTS = { toolsListChanged: true, promptsListChanged: true, resourcesListChanged: true };
const BUS_LOST = /lost its bus/;

test('a listener on one replica hears a change made through another', async ({ harness }) => {
  const { cluster } = await harness;
  const [first, second] = cluster.addresses as [string, string, string];
  // The operations server's log, on the first replica; a request taken by the second.
  const log = await listen(at(first, '/operations/mcp'), { resourceSubscriptions: [LOG] }, STAFF);
  const acknowledged = log.messages[0];
  assert.equal(acknowledged.params.notifications, { resourceSubscriptions: [LOG] });
  const made = await rpc(at(second, '/operations/mcp'), 'tools/list', {}, { headers: STAFF });
  assert.is(made.status, 200);
  const updated = await log.next((m) => m.method === 'notifications/resources/updated');
  assert.equal(updated.params, {
    uri: LOG,
    _meta: {
      'io.modelcontextprotocol/subscriptionId':
        acknowledged.params._meta['io.modelcontextprotocol/subscriptionId'],
    },
  });
  assert.match(cluster.output(second), /operations tools\/list/);
  assert.not.match(cluster.output(first), /operations tools\/list/);
  log.close();

  // The project server's notes: a new one, written through the second replica, is an update of
  // its document and a change of the list of resources on the first.
  const notes = await listen(at(first, '/mcp'), {
    resourcesListChanged: true,
    resourceSubscriptions: [NOTE],
  });
  const wrote = await rpc(at(second, '/mcp'), 'tools/call', {
    name: 'write_note',
    arguments: { name: 'replicas', text: 'Written on one replica, heard on another.' },
  });
  assert.equal(wrote.body.result.content, [{ type: 'text', text: `Wrote ${NOTE}.` }]);
  const heard = await notes.next((m) => m.method === 'notifications/resources/list_changed');
  const note = await notes.next((m) => m.method === 'notifications/resources/updated');
  assert.is(note.params.uri, NOTE);
  assert.ok(heard);
  assert.match(cluster.output(second), /project tools\/call write_note success/);
  assert.not.match(cluster.output(first), /write_note/);
  console.log(
    `replicas-bus: a listener on ${first} heard ${LOG} and ${NOTE} change through ${second}`,
  );
  notes.close();
});

test('a handshake-era question answered through another replica reaches the tool', async ({
  harness,
}) => {
  const { cluster } = await harness;
  const hops: Hop[] = [];
  const client = new Client(
    { name: 'replicas-bus-test', version: '1.0.0' },
    { capabilities: { elicitation: {} } },
  );
  const asked: string[] = [];
  client.setRequestHandler(ElicitRequestSchema, async (request) => {
    asked.push(String(request.params.message));
    return { action: 'accept', content: { clear: true } };
  });
  const url = new URL('/operations/mcp', cluster.url);
  const recorder = recordingAll(hops);
  await client.connect(
    new StreamableHTTPClientTransport(url, {
      fetch: recorder.fetch,
      requestInit: { headers: STAFF },
    }),
  );
  try {
    const result = await client.callTool({ name: 'clear_log', arguments: {} });
    assert.match(
      (result.content as { text: string }[])[0]!.text,
      /^Cleared \d+ requests from the log, up to #\d+\.$/,
    );
    await recorder.settled();
  } finally {
    await client.close();
  }
  assert.is(asked.length, 1);
  const call = hops.find((hop) => hop.method === 'tools/call')!;
  const answer = hops.find((hop) => hop.method === 'response')!;
  assert.ok(call && answer, JSON.stringify(hops));
  assert.is(answer.status, 202);
  assert.is.not(answer.upstream, call.upstream, 'the answer landed on the replica that asked');
  console.log(
    `replicas-bus: clear_log called on ${call.upstream}, its answer POSTed to ${answer.upstream}`,
  );
  assert.match(cluster.output(call.upstream), /operations tools\/call clear_log success/);
  assert.not.match(cluster.output(answer.upstream), /clear_log/);
  const lines = (address: string) =>
    cluster
      .output(address)
      .split('\n')
      .filter((line) => / operations /.test(line))
      .slice(-3)
      .join(' | ');
  console.log(`replicas-bus: ${call.upstream} logged: ${lines(call.upstream)}`);
  console.log(`replicas-bus: ${answer.upstream} logged: ${lines(answer.upstream)}`);
});

/**
 * Open a listener on every replica, do `what` to Redis, and check that each is answered with an
 * error (its listen's id, saying the bus was lost) and its stream ended, within 5 s; the time.
 */
async function toldAndClosed(cluster: Cluster, what: () => Promise<void>): Promise<number> {
  const streams = await Promise.all(
    cluster.addresses.map((address) => eventuallyListen(at(address, '/mcp'), ALL_LISTS)),
  );
  const started = Date.now();
  await what();
  const hung = new Promise((resolve) => setTimeout(resolve, 5_000, 'hung'));
  const ended = await Promise.all(streams.map((stream) => Promise.race([stream.ended, hung])));
  const told = Date.now() - started;
  assert.equal(ended, [true, true, true], 'every stream ended by the server');
  for (const stream of streams) {
    const answer = stream.messages.at(-1);
    const id = stream.messages[0].params._meta['io.modelcontextprotocol/subscriptionId'];
    assert.is(answer.id, id, JSON.stringify(answer));
    assert.match(String(answer.error?.message), BUS_LOST, JSON.stringify(answer));
  }
  return told;
}

test('Redis stopped, then restarted, under open listeners: each is told, and its stream ends', async ({
  harness,
}) => {
  const { cluster, redis } = await harness;
  const stopped = await toldAndClosed(cluster, () => redis.stop());
  await redis.start();
  for (const address of cluster.addresses)
    assert.match(cluster.output(address), /redis \(bus\): /, `${address} saw Redis go`);
  const restarted = await toldAndClosed(cluster, () => redis.restart());
  console.log(
    `replicas-bus: the 3 listeners told and closed in ${stopped} ms when Redis stopped, in ${restarted} ms when it restarted`,
  );
  // Once each replica is connected again, a new listen holds, and hears a change.
  const again = await eventuallyListen(
    at(cluster.addresses[0]!, '/operations/mcp'),
    { resourceSubscriptions: [LOG] },
    STAFF,
  );
  const before = again.messages.length;
  await rpc(at(cluster.addresses[1]!, '/operations/mcp'), 'tools/list', {}, { headers: STAFF });
  await again.next((m) => m.method === 'notifications/resources/updated', 5_000, before);
  again.close();
});

/** A listen that holds once the replica has reached Redis again. */
async function eventuallyListen(
  url: string,
  notifications: object,
  headers: Record<string, string> = {},
) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      return await listen(url, notifications, headers);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/**
 * A fetch that notes each request's method (`response` for a POSTed answer), status and replica;
 * `settled()` waits for those still on their way (an answer's 202 may come after the call's result).
 */
function recordingAll(hops: Hop[]) {
  const pending = new Set<Promise<unknown>>();
  const record = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const answers = body !== undefined && ('result' in body || 'error' in body);
    const method: string = body?.method ?? (answers ? 'response' : (init?.method ?? 'GET'));
    const response = await fetch(input, init);
    hops.push({
      method,
      status: response.status,
      upstream: response.headers.get('x-upstream') ?? '',
    });
    return response;
  };
  return {
    fetch: (input: string | URL | Request, init?: RequestInit) => {
      const made = record(input, init);
      pending.add(made);
      void made.catch(() => {}).finally(() => pending.delete(made));
      return made;
    },
    settled: () => Promise.allSettled([...pending]),
  };
}

replicas.run();
