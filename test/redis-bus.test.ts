// The Redis bus on a real redis-server, through node-redis (RESP2 and RESP3) as it is and ioredis
// through the adapter its guide gives: the contract every bus keeps (test/bus-contract.ts), then
// what Redis alone adds: prefixes, one Redis subscription per channel per process, a Redis that
// stops, dies or restarts under open subscriptions. Skipped, saying so, without redis-server.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Redis } from 'ioredis';
import { createClient } from 'redis';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Bus } from '../src/index.js';
import { type RedisBusOptions, type RedisMessageListener, redisBus } from '../src/redis.js';
import {
  busContract,
  drained,
  eventually,
  never,
  quietly,
  watch,
  withoutMarkers,
} from './bus-contract.js';
import { skipWithoutRedis, startRedisServer } from './redis-server.js';

const NO_REDIS = skipWithoutRedis('redis-bus.test.ts');
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const KINDS = ['node-redis RESP3', 'node-redis RESP2', 'ioredis'] as const;
type Kind = (typeof KINDS)[number];

/** One process's bus: its publishing client and its subscriber connection. */
interface Peer {
  bus: Bus;
  /** Whether the subscriber connection is (again) ready. */
  ready(): boolean;
  close(): void;
}

async function connect(kind: Kind, url: string, options?: RedisBusOptions): Promise<Peer> {
  if (kind !== 'ioredis') {
    const client = createClient({ url, RESP: kind === 'node-redis RESP3' ? 3 : 2 });
    client.on('error', () => {}); // reconnection is the client's; the bus sees the subscriber's
    await client.connect();
    const subscriber = client.duplicate();
    await subscriber.connect();
    return {
      bus: redisBus(client, subscriber, options),
      ready: () => subscriber.isReady,
      close: () => {
        client.destroy();
        subscriber.destroy();
      },
    };
  }
  // As the guide gives it.
  const redis = new Redis(url);
  redis.on('error', () => {});
  const sub = redis.duplicate();
  const listeners = new Map<string, RedisMessageListener>();
  sub.on('message', (channel: string, message: string) =>
    listeners.get(channel)?.(message, channel),
  );
  const bus = redisBus(
    { sendCommand: (args) => redis.call(args[0], ...args.slice(1)) },
    {
      subscribe: (channel, listener) => {
        listeners.set(channel, listener);
        return sub.subscribe(channel);
      },
      unsubscribe: (channel) => {
        listeners.delete(channel);
        return sub.unsubscribe(channel);
      },
      on: (event, listener) => sub.on(event, listener),
    },
    options,
  );
  await redis.ping();
  return {
    bus,
    ready: () => sub.status === 'ready',
    close: () => {
      redis.disconnect();
      sub.disconnect();
    },
  };
}

/** A redis-server, the peers made on it, and a client to ask Redis what it holds. */
async function cluster(kind: Kind) {
  const server = await startRedisServer();
  const admin = createClient({ url: server.url });
  admin.on('error', () => {});
  await admin.connect();
  const peers: Peer[] = [];
  return {
    server,
    async peer(options?: RedisBusOptions) {
      const made = await connect(kind, server.url, options);
      peers.push(made);
      return made;
    },
    /** The channels Redis has subscriptions to, matching `pattern`. */
    async channels(pattern: string) {
      return ((await admin.sendCommand(['PUBSUB', 'CHANNELS', pattern])) as string[]).sort();
    },
    /** How many connections Redis has subscribed to each channel. */
    async numsub(...channels: string[]) {
      const reply = (await admin.sendCommand(['PUBSUB', 'NUMSUB', ...channels])) as unknown[];
      return channels.map((_, i) => Number(reply[2 * i + 1]));
    },
    async close() {
      await quietly(async () => {
        for (const made of peers) made.close();
        admin.destroy();
        await sleep(20);
      });
      await server.close();
    },
  };
}

for (const kind of KINDS)
  busContract(
    `Redis, ${kind}`,
    async () => {
      const made = await cluster(kind);
      return {
        peers: async (count) =>
          Promise.all(Array.from({ length: count }, async () => (await made.peer()).bus)),
        close: made.close,
      };
    },
    NO_REDIS,
  );

type Cluster = Awaited<ReturnType<typeof cluster>>;

for (const kind of KINDS) {
  const test = suite<{ made: Cluster }>(`Redis bus, ${kind}, on redis-server`);
  const run = NO_REDIS ? test.skip : test;
  test.before.each(async (context) => {
    if (!NO_REDIS) context.made = await cluster(kind);
  });
  test.after.each(async (context) => {
    await context.made?.close();
  });

  run(
    'channels are the prefix and the channel; a bus of another prefix hears nothing',
    async ({ made }) => {
      const [a, c] = [await made.peer(), await made.peer()];
      const [b, d] = [
        await made.peer({ channelPrefix: 'other:' }),
        await made.peer({ channelPrefix: 'other:' }),
      ];
      const got = { a: [] as string[], b: [] as string[] };
      await a.bus.subscribe('x', (m) => got.a.push(m), never);
      await b.bus.subscribe('x', (m) => got.b.push(m), never);
      assert.equal(await made.numsub('mcp:bus:x', 'other:x', 'x'), [1, 1, 0]);
      await c.bus.publish('x', 'for mcp:bus:');
      await d.bus.publish('x', 'for other:');
      await drained(c.bus, a.bus, 'x');
      await drained(d.bus, b.bus, 'x');
      assert.equal(withoutMarkers(got.a), ['for mcp:bus:']);
      assert.equal(withoutMarkers(got.b), ['for other:']);
    },
  );

  run(
    'one Redis subscription per channel per process, however many subscribe',
    async ({ made }) => {
      const [one, two] = [await made.peer(), await made.peer()];
      const mine = await watch(one.bus, 'n', 3);
      const theirs = await watch(two.bus, 'n');
      assert.equal(await made.numsub('mcp:bus:n'), [2]);
      await mine.stops[0]!();
      await mine.stops[1]!();
      assert.equal(await made.numsub('mcp:bus:n'), [2]);
      await mine.stops[2]!();
      assert.equal(await made.numsub('mcp:bus:n'), [1]);
      await theirs.stops[0]!();
      assert.equal(await made.numsub('mcp:bus:n'), [0]);
    },
  );

  run('10,000 subscribers of one channel are one Redis subscription', async ({ made }) => {
    const [one, two] = [await made.peer(), await made.peer()];
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    gc();
    const before = process.memoryUsage().heapUsed;
    let received = 0;
    const stops = await Promise.all(
      Array.from({ length: 10_000 }, () => one.bus.subscribe('many', () => received++, never)),
    );
    gc();
    const grown = process.memoryUsage().heapUsed - before;
    assert.equal(await made.numsub('mcp:bus:many'), [1]);
    const started = Date.now();
    await two.bus.publish('many', 'to all');
    await eventually(() => received === 10_000, '10,000 deliveries');
    console.log(
      `redis-bus (${kind}): 10,000 subscribers of one channel: 1 Redis subscription, ${(grown / 1024 / 1024).toFixed(2)} MiB of heap (${Math.round(grown / 10_000)} bytes each), one message to all in ${Date.now() - started} ms`,
    );
    assert.ok(grown < 20 * 1024 * 1024, `the heap grew by ${grown} bytes`);
    await Promise.all(stops.map((stop) => stop()));
    assert.equal(await made.numsub('mcp:bus:many'), [0]);
  });

  run('while Redis is stopped, publish and subscribe reject within the bound', async ({ made }) => {
    const peer = await made.peer({ commandTimeoutMs: 300 });
    await made.server.stop();
    for (const [call, sentence] of [
      [
        () => peer.bus.publish('t', 'x'),
        /^Redis did not answer the bus's publish in 300 ms: the message is lost$/,
      ],
      [
        () => peer.bus.subscribe('t', () => {}, never),
        /^(Redis did not answer the bus's subscribe in 300 ms|the bus's connection to Redis was lost.*)$/,
      ],
    ] as const) {
      const started = Date.now();
      try {
        await call();
        assert.unreachable('it resolved');
      } catch (error) {
        assert.match((error as Error).message, sentence);
      }
      assert.ok(Date.now() - started < 1_000, `${Date.now() - started} ms`);
    }
  });

  for (const how of ['stopped', 'killed', 'restarted'] as const)
    run(
      `Redis ${how} under open subscriptions: each is lost once, at once, and subscribing again works`,
      async ({ made }) => {
        const [one, two] = [await made.peer(), await made.peer()];
        const first = await watch(one.bus, 'a', 2);
        const second = await watch(one.bus, 'b');
        await watch(two.bus, 'a');
        const started = Date.now();
        if (how === 'stopped') await made.server.stop();
        else if (how === 'killed') await made.server.kill();
        else await made.server.restart();
        const all = [...first.lost, ...second.lost];
        await eventually(
          () => all.every((lost) => lost.length > 0),
          'every subscription lost',
          2_000,
        );
        const after = Date.now() - started;
        if (how !== 'restarted') await made.server.start();
        await eventually(() => one.ready() && two.ready(), 'the clients reconnected');
        await sleep(100);
        assert.equal(
          all.map((lost) => lost.length),
          [1, 1, 1],
          'lost once each',
        );
        assert.match(all[0]![0]!.message, /^the bus's connection to Redis was lost/);
        console.log(`redis-bus (${kind}): Redis ${how}: every subscription told in ${after} ms`);
        // Dead subscriptions stay dead, even where the client restored its own; new ones work.
        assert.equal(await made.numsub('mcp:bus:a', 'mcp:bus:b'), [0, 0]);
        const again = await watch(one.bus, 'a');
        await two.bus.publish('a', 'after');
        await eventually(() => again.got[0]!.length === 1, 'the message after');
        assert.equal([...first.got, ...second.got], [[], [], []]);
        assert.equal(await made.numsub('mcp:bus:a'), [1]);
      },
    );

  run(
    'Redis frozen (a connection that never closes): the heartbeat tells every subscription',
    async ({ made }) => {
      const [one, two] = [await made.peer({ heartbeatMs: 200 }), await made.peer()];
      const watched = await watch(one.bus, 'f', 2);
      await sleep(300);
      const [beating] = (await made.channels('mcp:bus:heartbeat:*')) as string[];
      assert.ok(beating, 'a heartbeat channel while subscribed');
      const started = Date.now();
      process.kill(made.server.pid, 'SIGSTOP');
      try {
        await eventually(() => watched.lost.every((lost) => lost.length === 1), 'both lost', 3_000);
      } finally {
        process.kill(made.server.pid, 'SIGCONT');
      }
      console.log(
        `redis-bus (${kind}): Redis frozen: every subscription told in ${Date.now() - started} ms (heartbeat 200 ms)`,
      );
      assert.match(
        watched.lost[0]![0]!.message,
        /^the bus's connection to Redis was lost: no heartbeat came back in 200 ms$/,
      );
      const again = await watch(one.bus, 'f');
      await two.bus.publish('f', 'after');
      await eventually(() => again.got[0]!.length === 1, 'the message after');
      assert.equal(watched.got, [[], []]);
      await sleep(500);
      assert.is((await made.channels('mcp:bus:heartbeat:*')).length, 1, 'beating again');
      await again.stops[0]!();
      await sleep(500);
      assert.equal(await made.channels('mcp:bus:*'), [], 'no heartbeat once nothing is subscribed');
    },
  );

  run('closing the subscriber connection tells every subscription', async ({ made }) => {
    const peer = await made.peer();
    const watched = await watch(peer.bus, 'z', 2);
    peer.close();
    await eventually(() => watched.lost.every((lost) => lost.length === 1), 'both lost');
  });

  test.run();
}
