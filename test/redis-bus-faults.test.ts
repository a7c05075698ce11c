// The Redis bus over a subscriber connection that misbehaves, as no real client does on demand:
// messages that are not strings, a lost() that throws, a subscribe never confirmed, a channel the
// client could not forget while Redis was away; and a developer's mistakes.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { type RedisMessageListener, redisBus } from '../src/redis.js';
import { eventually, never, quietly, watch } from './bus-contract.js';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const fake = suite('Redis bus over a fake connection');

function fakeSubscriber(confirm = true) {
  const listeners = new Map<string, RedisMessageListener>();
  const events = new Map<string, (error?: unknown) => void>();
  return {
    listeners,
    emit: (event: string, error?: unknown) => events.get(event)?.(error),
    subscriber: {
      subscribe: async (channel: string, listener: RedisMessageListener) => {
        listeners.set(channel, listener);
        if (!confirm) await new Promise(() => {});
      },
      unsubscribe: async (channel: string) => {
        listeners.delete(channel);
      },
      on: (event: string, listener: (error?: unknown) => void) => events.set(event, listener),
    },
  };
}
const publisher = { sendCommand: async () => 0 };

fake(
  'what is not a string is dropped; a lost() that throws is logged, and the others told',
  async () => {
    const { listeners, emit, subscriber } = fakeSubscriber();
    const bus = redisBus(publisher, subscriber);
    const { got, lost } = await watch(bus, 'c', 2);
    const deliver = listeners.get('mcp:bus:c')!;
    for (const odd of [undefined, null, 1, {}, Buffer.from('x'), ['x']]) deliver(odd as never, 'c');
    deliver('fine', 'c');
    assert.equal(got, [['fine'], ['fine']]);
    const throwing = await bus.subscribe(
      'c',
      () => {},
      () => {
        throw new Error('boom');
      },
    );
    const logged = await quietly(async () =>
      emit('error', new Error('Socket closed unexpectedly')),
    );
    assert.is(logged.length, 1);
    assert.match(String(logged[0]![0]), /a bus lost\(\) threw/);
    assert.equal(
      lost.map((each) => each.map((error) => error.message)),
      [
        ["the bus's connection to Redis was lost: Socket closed unexpectedly"],
        ["the bus's connection to Redis was lost: Socket closed unexpectedly"],
      ],
    );
    emit('reconnecting');
    assert.equal(
      lost.map((each) => each.length),
      [1, 1],
    );
    deliver('late', 'c');
    assert.equal(got, [['fine'], ['fine']]);
    await throwing();
    assert.equal([...listeners.keys()], []);
  },
);

fake(
  'a subscribe Redis never confirms rejects within the bound, and one lost meanwhile rejects',
  async () => {
    const silent = fakeSubscriber(false);
    const bus = redisBus(publisher, silent.subscriber, { commandTimeoutMs: 50 });
    try {
      await bus.subscribe('s', () => {}, never);
      assert.unreachable('it subscribed');
    } catch (error) {
      assert.is((error as Error).message, "Redis did not answer the bus's subscribe in 50 ms");
    }
    const pending = bus.subscribe('s', () => {}, never);
    silent.emit('end');
    try {
      await pending;
      assert.unreachable('it subscribed');
    } catch (error) {
      assert.is((error as Error).message, "the bus's connection to Redis was lost");
    }
  },
);

fake('a channel the client could not forget while down is forgotten once it is ready', async () => {
  const { listeners, emit, subscriber } = fakeSubscriber();
  let down = true;
  const unsubscribe = subscriber.unsubscribe;
  subscriber.unsubscribe = async (channel) => {
    if (down) throw new Error('The client is offline');
    return unsubscribe(channel);
  };
  const bus = redisBus(publisher, subscriber);
  await watch(bus, 'r');
  emit('error', new Error('Socket closed unexpectedly'));
  await sleep(5);
  assert.equal([...listeners.keys()], ['mcp:bus:r'], 'still held by the client');
  down = false;
  emit('ready');
  await eventually(() => listeners.size === 0, 'forgotten');
});

fake('a developer mistake is refused where it is made', async () => {
  const { subscriber } = fakeSubscriber();
  assert.throws(() => redisBus({} as never, subscriber), /takes a connected Redis client/);
  assert.throws(() => redisBus(publisher, {} as never), /subscriber connection of its own/);
  assert.throws(() => redisBus(publisher, subscriber, { commandTimeoutMs: 0 }), /commandTimeoutMs/);
  for (const heartbeatMs of [-1, Number.NaN, 2 ** 40])
    assert.throws(() => redisBus(publisher, subscriber, { heartbeatMs }), /heartbeatMs/);
  assert.throws(
    () => redisBus(publisher, subscriber, { channelPrefix: 1 as never }),
    /channelPrefix/,
  );
  const bus = redisBus(publisher, subscriber);
  for (const call of [
    () => bus.publish(1 as never, 'x'),
    () => bus.publish('c', {} as never),
    () => bus.subscribe(1 as never, () => {}, never),
    () => bus.subscribe('c', undefined as never, never),
  ]) {
    try {
      await call();
      assert.unreachable('it was taken');
    } catch (error) {
      assert.instance(error, TypeError);
    }
  }
});

fake.run();
