// Listeners on a real redis-server that is restarted under them: every open listen is told (an
// error that says to listen again) and ended, none is left hanging, and a listen made after
// Redis is back hears a change announced through another process. Skipped without redis-server.
import { createClient } from 'redis';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { changesOn } from '../src/index.js';
import { redisBus } from '../src/redis.js';
import { ListenServer, open, turns } from './listen-helpers.js';
import { skipWithoutRedis, startRedisServer } from './redis-server.js';

const NO_REDIS = skipWithoutRedis('subscriptions-redis.test.ts');

async function busOn(url: string) {
  const client = createClient({ url });
  client.on('error', () => {});
  await client.connect();
  const subscriber = client.duplicate();
  subscriber.on('error', () => {});
  await subscriber.connect();
  return {
    bus: redisBus(client, subscriber),
    ready: () => subscriber.isReady && client.isReady,
    close: () => {
      client.destroy();
      subscriber.destroy();
    },
  };
}

async function until(check: () => boolean, ms = 10_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const test = suite('subscriptions/listen on Redis');

if (!NO_REDIS) {
  test('Redis restarted under open listeners: each is told and ended; listening again works', async () => {
    const server = await startRedisServer();
    const here = await busOn(server.url);
    const there = await busOn(server.url);
    const changes = changesOn(here.bus);
    const elsewhere = changesOn(there.bus);
    const logged = console.error;
    console.error = () => {};
    try {
      const listens = [1, 2, 3].map((id) =>
        open(new ListenServer(changes), id, { toolsListChanged: true }),
      );
      await until(() => listens.every((listen) => listen.frames.length === 1));
      await elsewhere.toolsChanged();
      await until(() => listens.every((listen) => listen.frames.length === 2));
      await server.restart();
      const answers = await Promise.all(listens.map((listen) => listen.answer));
      for (const answer of answers) {
        assert.is(answer?.error.code, -32603);
        assert.match(answer?.error.message, /listen again/);
      }
      assert.is(changes.listening, 0);
      await until(() => here.ready() && there.ready());
      const again = open(new ListenServer(changes), 4, { toolsListChanged: true });
      await until(() => again.frames.length === 1);
      await elsewhere.toolsChanged();
      await until(() => again.frames.length === 2);
      assert.is(again.frames[1]?.method, 'notifications/tools/list_changed');
      await changes.close();
      assert.equal((await again.answer)?.result.resultType, 'complete');
      await turns();
    } finally {
      console.error = logged;
      await changes.close();
      here.close();
      there.close();
      await server.close();
    }
  });
}

test.run();
