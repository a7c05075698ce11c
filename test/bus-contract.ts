// What every bus promises (src/bus/bus.ts), run against each: the memory bus in bus.test.ts, the
// Redis bus over each client in redis-bus.test.ts. A harness gives "processes" (peers) that share
// one transport; for the memory bus, they are one bus.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Bus } from '../src/index.js';

export interface BusHarness {
  /** `count` buses on one transport, as `count` processes each hold one. */
  peers(count: number): Promise<Bus[]>;
  close(): Promise<void>;
}

export const never = () => assert.unreachable('the subscription was lost');

/** Wait until `done()` holds, or fail after `ms`. */
export async function eventually(done: () => boolean, what: string, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) assert.unreachable(`not in ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

let markers = 0;
/** What was received, without the markers of {@link drained}. */
export const withoutMarkers = (got: string[]) => got.filter((m) => !m.includes('marker-'));

/**
 * Wait until everything `from` published on `channel` so far has reached `to`: a marker published
 * after it arrives after it (one channel keeps its order).
 */
export async function drained(from: Bus, to: Bus, channel: string): Promise<void> {
  const marker = `marker-${++markers}`;
  let seen = false;
  const stop = await to.subscribe(
    channel,
    (message) => {
      if (message === marker) seen = true;
    },
    never,
  );
  await from.publish(channel, marker);
  await eventually(() => seen, `the marker on ${channel}`);
  await stop();
}

/** Silence console.error for `work`, and give what it would have printed. */
export async function quietly(work: () => Promise<void>): Promise<unknown[][]> {
  const logged: unknown[][] = [];
  const error = console.error;
  console.error = (...args: unknown[]) => logged.push(args);
  try {
    await work();
  } finally {
    console.error = error;
  }
  return logged;
}

/** `count` subscriptions to `channel`, each counting what it receives and its losses. */
export async function watch(bus: Bus, channel: string, count = 1) {
  const got: string[][] = [];
  const lost: Error[][] = [];
  const stops = [];
  for (let i = 0; i < count; i++) {
    got.push([]);
    lost.push([]);
    stops.push(
      await bus.subscribe(
        channel,
        (m) => got[i]!.push(m),
        (error) => lost[i]!.push(error),
      ),
    );
  }
  return { got, lost, stops };
}

export function busContract(name: string, start: () => Promise<BusHarness>, skip = false): void {
  const test = suite<{ harness: BusHarness }>(`bus contract: ${name}`);
  const run = skip ? test.skip : test;
  test.before(async (context) => {
    if (!skip) context.harness = await start();
  });
  test.after(async (context) => {
    await context.harness?.close();
  });

  run(
    'a message reaches every subscriber of its channel, in every process, never within publish()',
    async ({ harness }) => {
      const [one, two] = await harness.peers(2);
      const got: string[] = [];
      await one!.subscribe('a', (m) => got.push(`one:${m}`), never);
      await two!.subscribe('a', (m) => got.push(`two:${m}`), never);
      await two!.subscribe('a', (m) => got.push(`two again:${m}`), never);
      await one!.subscribe('b', (m) => got.push(`b:${m}`), never);
      const sent = two!.publish('a', 'hello');
      assert.equal(got, [], 'nothing is delivered within publish()');
      await sent;
      await eventually(() => got.length === 3, 'three deliveries');
      await drained(two!, one!, 'b');
      assert.equal(withoutMarkers(got).sort(), ['one:hello', 'two again:hello', 'two:hello']);
    },
  );

  run('one channel keeps its order', async ({ harness }) => {
    const [one, two] = await harness.peers(2);
    const got: string[] = [];
    await two!.subscribe('ordered', (m) => got.push(m), never);
    const sent = Array.from({ length: 200 }, (_, i) => String(i));
    await Promise.all(sent.map((m) => one!.publish('ordered', m)));
    await eventually(() => got.length === 200, '200 messages');
    assert.equal(got, sent);
  });

  run(
    'an unsubscribed receiver gets nothing more, even a message in flight; the others still do',
    async ({ harness }) => {
      const [one, two] = await harness.peers(2);
      const got: string[] = [];
      const kept: string[] = [];
      const stop = await two!.subscribe('c', (m) => got.push(m), never);
      await two!.subscribe('c', (m) => kept.push(m), never);
      await one!.publish('c', '1');
      await eventually(() => got.length === 1, 'the first message');
      const inFlight = one!.publish('c', '2');
      await stop();
      await stop();
      await inFlight;
      await drained(one!, two!, 'c');
      assert.equal(got, ['1']);
      assert.equal(kept.slice(0, 2), ['1', '2']);
    },
  );

  run('one function subscribed twice is two subscriptions', async ({ harness }) => {
    const [one] = await harness.peers(1);
    const got: string[] = [];
    const receive = (m: string) => got.push(m);
    const first = await one!.subscribe('twice', receive, never);
    await one!.subscribe('twice', receive, never);
    await one!.publish('twice', 'x');
    await eventually(() => got.length === 2, 'two deliveries');
    await first();
    await one!.publish('twice', 'y');
    await drained(one!, one!, 'twice');
    assert.equal(withoutMarkers(got), ['x', 'x', 'y']);
  });

  run('a receiver that throws is logged, and the others still receive', async ({ harness }) => {
    const [one, two] = await harness.peers(2);
    const got: string[] = [];
    const logged = await quietly(async () => {
      await two!.subscribe(
        'd',
        () => {
          throw new Error('boom');
        },
        never,
      );
      await two!.subscribe('d', (m) => got.push(m), never);
      await one!.publish('d', 'x');
      await eventually(() => got.length === 1, 'the message');
    });
    assert.equal(got, ['x']);
    assert.is(logged.length, 1);
    assert.match(String(logged[0]![0]), /a bus receiver threw/);
  });

  run('any string crosses as it was sent: unicode, JSON, 1 MiB', async ({ harness }) => {
    const [one, two] = await harness.peers(2);
    const got: string[] = [];
    await two!.subscribe('e', (m) => got.push(m), never);
    const sent = [
      '',
      'héllo wörld, 日本語, 🧪👩‍🔬, שלום, \u2028 \0 \r\n',
      JSON.stringify({ jsonrpc: '2.0', id: 1, result: { a: [1, null, '"'] } }),
      'x'.repeat(1024 * 1024),
    ];
    for (const m of sent) await one!.publish('e', m);
    await eventually(() => got.length === sent.length, 'every message');
    assert.equal(got, sent);
  });

  test.run();
}
