// The task stores' contract, run against each store: the embedded one (on a fake clock), and
// Redis through node-redis (RESP2 and RESP3 clients) and through ioredis's one-line adapter, on a
// real redis-server (skipped, saying so, when redis-server is not installed). Then what each store
// alone promises: the memory store's bound and purge; Redis's key layout, a server that stops or
// restarts, and replies that are not Redis's.
import { createHash } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Redis } from 'ioredis';
import { createClient } from 'redis';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { type RedisCommandClient, redisTaskStore } from '../src/redis.js';
import { memoryTaskStore } from '../src/tasks/memory-store.js';
import type { TaskStore } from '../src/tasks/store.js';
import { type RedisServer, skipWithoutRedis, startRedisServer } from './redis-server.js';

const NO_REDIS = skipWithoutRedis('task-stores.test.ts');
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const MiB = 1024 * 1024;

/** A store to run the contract on, and its clock. */
interface Harness {
  /** Stores over `count` clients of one shared store (for the memory store, itself). */
  peers(count: number): TaskStore[];
  now(): number;
  /** Let `ms` pass, for the store's expiries. */
  advance(ms: number): Promise<void>;
  /** Expiries the store sees pass (a real server needs real time, well above a loaded machine's lag). */
  readonly expiryMs: number;
  close(): Promise<void>;
}

let ids = 0;
const newId = () => `task-${++ids}-${Math.random().toString(36).slice(2)}`;
const task = (fields: object) => JSON.stringify(fields);

function contract(name: string, start: () => Promise<Harness>, skip = false): void {
  const test = suite<{ harness: Harness; store: TaskStore }>(`task store contract: ${name}`);
  const run = skip ? test.skip : test;
  test.before(async (context) => {
    if (skip) return;
    context.harness = await start();
    context.store = context.harness.peers(1)[0]!;
  });
  test.after(async (context) => {
    await context.harness?.close();
  });

  run(
    'a created task is read back with version 1; an unknown one is undefined',
    async ({ store }) => {
      const id = newId();
      assert.is(await store.create(id, task({ status: 'working' }), null), true);
      assert.equal(await store.get(id), { value: task({ status: 'working' }), version: 1 });
      assert.is(await store.get(newId()), undefined);
    },
  );

  run('a create of an existing id is false, and writes nothing', async ({ store }) => {
    const id = newId();
    assert.is(await store.create(id, '"first"', null), true);
    assert.is(await store.create(id, '"second"', null), false);
    assert.equal(await store.get(id), { value: '"first"', version: 1 });
  });

  run(
    'replace writes version + 1; a stale version, or no task, is false and writes nothing',
    async ({ store }) => {
      const id = newId();
      await store.create(id, '"v1"', null);
      assert.is(await store.replace(id, '"v2"', 1, null), true);
      assert.equal(await store.get(id), { value: '"v2"', version: 2 });
      assert.is(await store.replace(id, '"stale"', 1, null), false);
      assert.is(await store.replace(id, '"ahead"', 3, null), false);
      assert.is(await store.replace(id, '"odd"', 1.5, null), false);
      assert.equal(await store.get(id), { value: '"v2"', version: 2 });
      assert.is(await store.replace(id, '"v3"', 2, null), true);
      assert.equal(await store.get(id), { value: '"v3"', version: 3 });
      const missing = newId();
      assert.is(await store.replace(missing, '"ghost"', 1, null), false);
      assert.is(await store.get(missing), undefined);
    },
  );

  run(
    'of 16 concurrent replaces of one version, from 16 clients, exactly one wins',
    async ({ harness }) => {
      const peers = harness.peers(16);
      const id = newId();
      await peers[0]!.create(id, '"start"', null);
      const read = await Promise.all(peers.map((peer) => peer.get(id)));
      assert.ok(read.every((seen) => seen?.version === 1));
      const won = await Promise.all(
        peers.map((peer, index) => peer.replace(id, `"by ${index}"`, 1, null)),
      );
      assert.is(won.filter(Boolean).length, 1, String(won));
      const winner = won.indexOf(true);
      for (const peer of peers)
        assert.equal(await peer.get(id), { value: `"by ${winner}"`, version: 2 });
    },
  );

  run(
    'tasks expire at their expiry; null keeps them; a replace moves the expiry',
    async ({ harness, store }) => {
      const soon = () => harness.now() + harness.expiryMs;
      const [expiring, kept, shortened, extended] = [newId(), newId(), newId(), newId()];
      await store.create(expiring, '"a"', soon());
      await store.create(kept, '"b"', null);
      await store.create(shortened, '"c"', null);
      assert.ok(await store.replace(shortened, '"c2"', 1, soon()));
      await store.create(extended, '"d"', soon());
      assert.ok(await store.replace(extended, '"d2"', 1, null));
      for (const id of [expiring, kept, shortened, extended]) assert.ok(await store.get(id), id);

      await harness.advance(harness.expiryMs * 1.5);
      assert.is(await store.get(expiring), undefined);
      assert.is(await store.get(shortened), undefined);
      assert.is(await store.replace(expiring, '"late"', 1, null), false);
      assert.equal(await store.get(kept), { value: '"b"', version: 1 });
      assert.equal(await store.get(extended), { value: '"d2"', version: 2 });
      // An expired id is free again.
      assert.is(await store.create(expiring, '"again"', null), true);
      assert.equal(await store.get(expiring), { value: '"again"', version: 1 });
      // An expiry already past: created, and gone.
      const past = newId();
      assert.is(await store.create(past, '"past"', harness.now() - 1_000), true);
      assert.is(await store.get(past), undefined);
    },
  );

  run('unicode and 1 MiB values round-trip as they were written', async ({ store }) => {
    const unicode = JSON.stringify({
      text: 'héllo wörld, 日本語, emoji 🧪👩‍🔬, RTL שלום, combining é, "quotes" \\ \n\t \u2028 \0',
      lone: '\ud800 is escaped by JSON.stringify',
    });
    const id = newId();
    assert.ok(await store.create(id, unicode, null));
    assert.equal(await store.get(id), { value: unicode, version: 1 });
    const large = JSON.stringify({ blob: `${'x'.repeat(MiB)}€🧪` });
    assert.ok(large.length > MiB);
    assert.ok(await store.replace(id, large, 1, null));
    assert.equal(await store.get(id), { value: large, version: 2 });
    const other = newId();
    assert.ok(await store.create(other, large, null));
    assert.is((await store.get(other))?.value, large);
  });

  test.run();
}

// The embedded store, on a clock the test moves.
contract('memory', async () => {
  let time = Date.UTC(2026, 0, 1);
  const store = memoryTaskStore({ now: () => time });
  return {
    peers: (count) => Array.from({ length: count }, () => store),
    now: () => time,
    advance: async (ms) => {
      time += ms;
    },
    expiryMs: 60_000,
    close: async () => {},
  };
});

/** A Redis server of the suite's own, and the clients made of it, closed with it. */
async function redisHarness(
  client: (url: string, index: number) => { store: RedisCommandClient; close(): void },
): Promise<Harness> {
  const server = await startRedisServer();
  const clients: { store: RedisCommandClient; close(): void }[] = [];
  const stores: TaskStore[] = [];
  return {
    peers(count) {
      while (stores.length < count) {
        const made = client(server.url, clients.length);
        clients.push(made);
        stores.push(redisTaskStore(made.store));
      }
      return stores.slice(0, count);
    },
    now: () => Date.now(),
    advance: sleep,
    expiryMs: 1_000,
    async close() {
      for (const made of clients) made.close();
      await server.close();
    },
  };
}

/** A node-redis client, connecting; RESP2 or RESP3. */
function nodeRedis(url: string, resp: 2 | 3 = 3, more: { disableOfflineQueue?: boolean } = {}) {
  const client = createClient({ url, RESP: resp, ...more });
  client.on('error', () => {}); // reconnection is the client's; a rejected call is the test's
  void client.connect().catch(() => {});
  return { store: client, client, close: () => client.destroy() };
}

function ioRedis(url: string) {
  const redis = new Redis(url);
  redis.on('error', () => {});
  const store: RedisCommandClient = {
    sendCommand: (args) => redis.call(args[0], ...args.slice(1)),
  };
  return { store, close: () => redis.disconnect() };
}

contract(
  'Redis, node-redis (RESP2 and RESP3 clients)',
  () => redisHarness((url, index) => nodeRedis(url, index % 2 === 0 ? 3 : 2)),
  NO_REDIS,
);
contract('Redis, ioredis', () => redisHarness(ioRedis), NO_REDIS);

// What the memory store alone promises.
const memory = suite('memory task store');

memory('past maxTasks a create rejects, until tasks expire', async () => {
  let time = 0;
  const store = memoryTaskStore({ maxTasks: 3, now: () => time });
  for (const id of ['a', 'b', 'c'])
    assert.ok(await store.create(id, '{}', id === 'a' ? 100 : null));
  try {
    await store.create('d', '{}', null);
    assert.unreachable('a fourth task was stored');
  } catch (error) {
    assert.is((error as Error).message, 'the task store holds 3 tasks, its most (maxTasks)');
  }
  assert.is(store.size, 3);
  time = 100;
  assert.ok(await store.create('d', '{}', null));
  assert.is(await store.get('a'), undefined);
  assert.is(store.size, 3);
});

memory('100,000 expired tasks are purged: size comes back to the live count', async () => {
  let time = 0;
  const store = memoryTaskStore({ maxTasks: 200_000, now: () => time });
  for (let i = 0; i < 100_000; i++) await store.create(`gone-${i}`, '{}', 1_000 + (i % 997));
  for (let i = 0; i < 10; i++) await store.create(`kept-${i}`, '{}', i % 2 === 0 ? null : 10_000);
  assert.is(store.size, 100_010);
  time = 5_000;
  store.purge();
  assert.is(store.size, 10);
  for (let i = 0; i < 10; i++) assert.ok(await store.get(`kept-${i}`));
  // A write purges too.
  for (let i = 0; i < 1_000; i++) await store.create(`more-${i}`, '{}', 6_000);
  time = 7_000;
  await store.create('last', '{}', null);
  assert.is(store.size, 11);
});

memory('a task made again under the id of an expired one keeps its own expiry', async () => {
  let time = 0;
  const store = memoryTaskStore({ now: () => time });
  // Created to expire at 1,000, then brought forward to 500: the first expiry is stale.
  await store.create('t', '"first life"', 1_000);
  await store.replace('t', '"first life, v2"', 1, 500);
  time = 600;
  assert.is(await store.get('t'), undefined);
  assert.ok(await store.create('t', '"second life"', 5_000));
  // Past the stale expiry, a write purges: the second life must not be taken for the first.
  time = 1_100;
  await store.create('other', '{}', null);
  assert.equal(await store.get('t'), { value: '"second life"', version: 1 });
  assert.is(store.size, 2);
});

memory(
  'a task rewritten with ever later expiries holds memory for itself, not per write',
  async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const store = memoryTaskStore({ now: () => 0 });
    await store.create('lease', '{}', 1_000);
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let version = 1; version <= 300_000; version++)
      await store.replace('lease', '{}', version, 1_000 + version);
    gc();
    const grown = process.memoryUsage().heapUsed - before;
    // One entry per write would be some 20 MB.
    assert.ok(grown < 4 * MiB, `the heap grew by ${(grown / MiB).toFixed(1)} MiB`);
    assert.equal(await store.get('lease'), { value: '{}', version: 300_001 });
  },
);

memory.run();

// Redis's replies, as a client that answers anything would give them.
const replies = suite('Redis task store: replies and arguments');

/** A client that records what it is sent and answers with `answer(args)`. */
function fake(answer: (args: string[]) => unknown) {
  const sent: string[][] = [];
  const client: RedisCommandClient = {
    sendCommand: async (args) => {
      sent.push(args);
      return answer(args);
    },
  };
  return { client, sent };
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('it resolved');
}

replies('a reply that is not what Redis answers rejects with a sentence that says so', async () => {
  for (const reply of ['OK', '1', 2, -1, null, undefined, [1], {}, true, 1n]) {
    const store = redisTaskStore(fake(() => reply).client);
    for (const call of [store.create('t', '{}', null), store.replace('t', '{}', 1, null)]) {
      const error = await rejection(call);
      assert.match(
        error.message,
        /^the task store's answer to a (create|replace) is not what Redis answers: /,
      );
    }
  }
  const malformed = [
    'garbage',
    null,
    42,
    {},
    [],
    ['{}'],
    ['{}', '1', 'extra'],
    ['{}', null],
    [null, '1'],
    ['{}', '0'],
    ['{}', '01'],
    ['{}', '1.5'],
    ['{}', '-1'],
    ['{}', 'NaN'],
    ['{}', '99999999999999999'],
    [1, '1'],
    [{}, '1'],
    [new Uint8Array([0xff, 0xfe]), '1'],
    ['{}', 1],
  ];
  for (const reply of malformed) {
    const error = await rejection(redisTaskStore(fake(() => reply).client).get('t'));
    assert.match(
      error.message,
      /^the task store's answer to HMGET is not what Redis answers: /,
      String(reply),
    );
  }
  const long = await rejection(redisTaskStore(fake(() => 'x'.repeat(10_000)).client).get('t'));
  assert.ok(long.message.length < 200, 'a long reply is cut');
});

replies('what Redis answers is read: strings, bytes, and no task', async () => {
  const bytes = (text: string) => new TextEncoder().encode(text);
  assert.equal(await redisTaskStore(fake(() => ['{"a":"é"}', '7']).client).get('t'), {
    value: '{"a":"é"}',
    version: 7,
  });
  assert.equal(await redisTaskStore(fake(() => [bytes('{"a":"é"}'), bytes('2')]).client).get('t'), {
    value: '{"a":"é"}',
    version: 2,
  });
  assert.is(await redisTaskStore(fake(() => [null, null]).client).get('t'), undefined);
});

replies('keys are the prefix and the id; expiries go as whole milliseconds', async () => {
  const { client, sent } = fake((args) => (args[0] === 'HMGET' ? [null, null] : 1));
  const store = redisTaskStore(client, { keyPrefix: 'app:' });
  await store.get('t1');
  await store.create('t1', '{}', 1_700_000_000_000.2);
  await store.replace('t1', '"x"', 1, null);
  assert.equal(sent[0], ['HMGET', 'app:t1', 'v', 'n']);
  assert.equal(sent[1]!.slice(0, 1), ['EVALSHA']);
  assert.equal(sent[1]!.slice(2), ['1', 'app:t1', '{}', '1700000000001']);
  assert.equal(sent[2]!.slice(2), ['1', 'app:t1', '"x"', '1', '2', '']);
  const { client: plain, sent: sentPlain } = fake(() => [null, null]);
  await redisTaskStore(plain).get('t1');
  assert.equal(sentPlain[0], ['HMGET', 'mcp:task:t1', 'v', 'n']);
});

replies(
  'a script Redis does not hold is sent once in full (its SHA-1 is the one sent first)',
  async () => {
    const { client, sent } = fake((args) => {
      if (args[0] === 'EVALSHA') throw new Error('NOSCRIPT No matching script. Please use EVAL.');
      return 1;
    });
    const store = redisTaskStore(client);
    assert.is(await store.create('t', '{}', null), true);
    assert.is(await store.replace('t', '{}', 1, 5), true);
    assert.equal(
      sent.map((args) => args[0]),
      ['EVALSHA', 'EVAL', 'EVALSHA', 'EVAL'],
    );
    for (const at of [0, 2]) {
      const sha = createHash('sha1')
        .update(sent[at + 1]![1]!)
        .digest('hex');
      assert.is(sent[at]![1], sha);
      assert.equal(sent[at]!.slice(2), sent[at + 1]!.slice(2));
    }
  },
);

replies(
  'a client that fails rejects with its own error; one that never answers, within the bound',
  async () => {
    const wrongType = new Error(
      'WRONGTYPE Operation against a key holding the wrong kind of value',
    );
    const failing = redisTaskStore({
      sendCommand: async () => {
        throw wrongType;
      },
    });
    for (const call of [
      failing.get('t'),
      failing.create('t', '{}', null),
      failing.replace('t', '{}', 1, null),
    ])
      assert.is(await rejection(call), wrongType);
    const closed = new Error('The client is closed');
    const throwing = redisTaskStore({
      sendCommand: () => {
        throw closed;
      },
    });
    assert.is(await rejection(throwing.get('t')), closed);
    assert.is(await rejection(throwing.create('t', '{}', null)), closed);

    const silent = redisTaskStore(
      { sendCommand: () => new Promise(() => {}) },
      { commandTimeoutMs: 50 },
    );
    for (const call of [
      silent.get('t'),
      silent.create('t', '{}', null),
      silent.replace('t', '{}', 1, null),
    ]) {
      const started = Date.now();
      assert.is((await rejection(call)).message, 'the task store did not answer in 50 ms');
      assert.ok(Date.now() - started < 1_000);
    }
  },
);

replies('a developer mistake is refused where it is made, and nothing is sent', async () => {
  assert.throws(() => redisTaskStore({} as RedisCommandClient), /takes a connected Redis client/);
  assert.throws(() => redisTaskStore(undefined as never), /takes a connected Redis client/);
  const { client, sent } = fake(() => 1);
  for (const commandTimeoutMs of [0, -1, Number.NaN, 2 ** 40])
    assert.throws(() => redisTaskStore(client, { commandTimeoutMs }), /commandTimeoutMs/);
  assert.throws(() => redisTaskStore(client, { keyPrefix: 1 as never }), /keyPrefix/);
  const store = redisTaskStore(client);
  for (const expiresAt of [Number.NaN, Number.POSITIVE_INFINITY, 1e300]) {
    assert.instance(await rejection(store.create('t', '{}', expiresAt)), TypeError);
    assert.instance(await rejection(store.replace('t', '{}', 1, expiresAt)), TypeError);
  }
  assert.instance(await rejection(store.create('t', {} as never, null)), TypeError);
  assert.instance(await rejection(store.get(1 as never)), TypeError);
  assert.is(await store.replace('t', '{}', 0, null), false);
  assert.equal(sent, []);
});

replies.run();

// Redis itself: the key layout, a server that stops, one that restarts.
const real = suite<{ server: RedisServer }>('Redis task store on redis-server');
const realTest = NO_REDIS ? real.skip : real;

realTest('a task is a hash under the prefix, with Redis expiring it at its expiry', async () => {
  const server = await startRedisServer();
  const { client, close } = nodeRedis(server.url);
  try {
    const store = redisTaskStore(client, { keyPrefix: 'app:task:' });
    const at = Date.now() + 60_000;
    await store.create('t1', '{"status":"working"}', at);
    assert.equal(await client.sendCommand(['HGETALL', 'app:task:t1']), {
      v: '{"status":"working"}',
      n: '1',
    });
    assert.is(await client.sendCommand(['PEXPIRETIME', 'app:task:t1']), at);
    await store.replace('t1', '{"status":"completed"}', 1, null);
    assert.is(await client.sendCommand(['PTTL', 'app:task:t1']), -1);
    await store.replace('t1', '{}', 2, at + 1);
    assert.is(await client.sendCommand(['PEXPIRETIME', 'app:task:t1']), at + 1);
    // Scripts Redis forgot (SCRIPT FLUSH, a restart) are sent again.
    await client.sendCommand(['SCRIPT', 'FLUSH']);
    assert.is(await store.create('t2', '{}', null), true);
    assert.is(await store.replace('t2', '"x"', 1, null), true);
    assert.equal(
      await client.sendCommand(['KEYS', '*']).then((keys) => (keys as unknown as string[]).sort()),
      ['app:task:t1', 'app:task:t2'],
    );
  } finally {
    close();
    await server.close();
  }
});

realTest(
  'a stopped Redis makes every call reject within the bound, and calls work once it is back',
  async () => {
    const server = await startRedisServer();
    const queued = nodeRedis(server.url);
    const offline = nodeRedis(server.url, 3, { disableOfflineQueue: true });
    try {
      await Promise.all(
        [queued.client.ping(), offline.client.ping()].map((ping) => ping.catch(() => {})),
      );
      const stores = [
        redisTaskStore(queued.client, { commandTimeoutMs: 300 }),
        redisTaskStore(offline.client, { commandTimeoutMs: 300 }),
      ];
      assert.ok(await stores[0]!.create('before', '"kept"', null));
      await server.stop();
      for (const store of stores) {
        for (const call of [
          () => store.get('before'),
          () => store.create('during', '{}', null),
          () => store.replace('before', '{}', 1, null),
        ]) {
          const started = Date.now();
          // Never a hang: a call still pending after 2 s fails the test here.
          const error = await rejection(Promise.race([call(), sleep(2_000).then(() => 'pending')]));
          const took = Date.now() - started;
          assert.match(
            error.message,
            /^(the task store did not answer in 300 ms|The client is offline)$/,
          );
          assert.ok(took < 1_300, `rejected after ${took} ms`);
        }
      }
      await server.restart();
      // The client reconnects by itself; the queued calls of the first may land meanwhile.
      const deadline = Date.now() + 10_000;
      let back: unknown;
      while (Date.now() < deadline) {
        back = await stores[0]!.get('before').catch(() => 'down');
        if (back !== 'down') break;
        await sleep(50);
      }
      // With no save and no append-only file, a restarted Redis is empty.
      assert.is(back, undefined);
    } finally {
      queued.close();
      offline.close();
      await server.close();
    }
  },
);

realTest('redis-server restarted with its append-only file loses no created task', async () => {
  const server = await startRedisServer({ appendOnly: true });
  const { client, close } = nodeRedis(server.url);
  try {
    const store = redisTaskStore(client);
    const at = Date.now() + 600_000;
    const expected = new Map<string, { value: string; version: number }>();
    await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        const id = `durable-${i}`;
        assert.ok(await store.create(id, task({ i, status: 'working' }), i % 2 ? at : null));
        expected.set(id, { value: task({ i, status: 'working' }), version: 1 });
        if (i % 3 === 0) {
          assert.ok(await store.replace(id, task({ i, status: 'completed' }), 1, at));
          expected.set(id, { value: task({ i, status: 'completed' }), version: 2 });
        }
      }),
    );
    const pid = server.pid;
    await server.restart();
    assert.is.not(server.pid, pid, 'a new process');
    assert.match(server.output(), /DB loaded from (append only file|disk)/);
    for (const [id, stored] of expected) assert.equal(await store.get(id), stored, id);
    assert.is(await client.sendCommand(['PEXPIRETIME', 'mcp:task:durable-1']), at);
  } finally {
    close();
    await server.close();
  }
});

real.run();
