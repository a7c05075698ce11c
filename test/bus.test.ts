import assert from 'node:assert/strict';
import { test } from 'uvu';
import { memoryBus } from '../src/index.js';

const never = () => assert.fail('the memory bus is never lost');

test('the memory bus delivers a message to every subscriber of its channel, after publish() returns', async () => {
  const bus = memoryBus();
  const got: string[] = [];
  await bus.subscribe('a', (m) => got.push(`1:${m}`), never);
  await bus.subscribe('a', (m) => got.push(`2:${m}`), never);
  await bus.subscribe('b', (m) => got.push(`b:${m}`), never);
  const sent = bus.publish('a', 'hello');
  assert.deepEqual(got, [], 'nothing is delivered within publish()');
  await sent;
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.deepEqual(got, ['1:hello', '2:hello']);
});

test('the memory bus keeps the order of one channel, and stops delivering once unsubscribed', async () => {
  const bus = memoryBus();
  const got: string[] = [];
  const stop = await bus.subscribe('a', (m) => got.push(m), never);
  await bus.publish('a', '1');
  await bus.publish('a', '2');
  await new Promise((resolve) => setTimeout(resolve, 0));
  const inFlight = bus.publish('a', '3');
  await stop();
  await inFlight;
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.deepEqual(got, ['1', '2'], 'a message still in flight is not delivered after unsubscribe');
});

test('one receiver that throws does not keep the message from the others', async () => {
  const bus = memoryBus();
  const got: string[] = [];
  const logged: unknown[] = [];
  const error = console.error;
  console.error = (...args: unknown[]) => logged.push(args);
  try {
    await bus.subscribe(
      'a',
      () => {
        throw new Error('boom');
      },
      never,
    );
    await bus.subscribe('a', (m) => got.push(m), never);
    await bus.publish('a', 'x');
    await new Promise((resolve) => setTimeout(resolve, 0));
  } finally {
    console.error = error;
  }
  assert.deepEqual(got, ['x']);
  assert.equal(logged.length, 1);
});

test.run();
