// The bus on many replicas: three processes of the demo behind nginx in round robin, sharing one
// real redis-server (REDIS_URL: their tasks and their bus). A handshake-era question's answer,
// POSTed through nginx, lands on another replica than the call's and reaches the tool. nginx's
// X-Upstream and each replica's own log show which replica took what. Without nginx or
// redis-server, the suite is skipped.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { REDIS_SERVER, type RedisServer, startRedisServer } from './redis-server.js';
import { type Cluster, findNginx, startCluster } from './replicas.js';

const STAFF_TOKEN = 'replica-token';
const STAFF = { authorization: `Bearer ${STAFF_TOKEN}` };

interface Hop {
  method: string;
  status: number;
  upstream: string;
}

const NGINX = findNginx();
const missing = [
  NGINX === undefined && 'nginx (apt-get install -y nginx)',
  REDIS_SERVER === undefined && 'redis-server (apt-get install -y redis-server)',
].filter(Boolean);
if (missing.length > 0)
  console.log(`replicas-bus.test.ts: ${missing.join(' and ')} not installed; skipped.`);

interface Harness {
  cluster: Cluster;
  redis: RedisServer;
}

const failed = Promise.reject<Harness>(new Error(`${missing.join(' and ')} not installed`));
failed.catch(() => {});
const replicas = suite<{ harness: Promise<Harness> }>(
  'the bus on three replicas of the demo behind nginx, on one redis-server',
  { harness: failed },
);
const test = missing.length > 0 ? replicas.skip : replicas;

replicas.before((context) => {
  if (missing.length > 0) return;
  context.harness = (async () => {
    const redis = await startRedisServer();
    try {
      const cluster = await startCluster(NGINX!, {
        MCP_STAFF_TOKEN: STAFF_TOKEN,
        REDIS_URL: redis.url,
      });
      return { cluster, redis };
    } catch (error) {
      await redis.close();
      throw error;
    }
  })();
  // uvu does not report a hook's failure: every test awaits the harness, and fails with it.
  context.harness.catch(() => {});
});

replicas.after(async ({ harness }) => {
  const started = await harness.catch(() => undefined);
  await started?.cluster.stop();
  await started?.redis.close();
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
