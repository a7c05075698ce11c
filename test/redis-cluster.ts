// A suite of tests on three replicas of the demo behind nginx, sharing one real redis-server
// (REDIS_URL): both started before the suite's first test, and stopped after its last. Without
// nginx or redis-server, the suite says what is missing and is skipped.
import { suite, type Test } from 'uvu';
import {
  REDIS_SERVER,
  type RedisServer,
  type RedisServerOptions,
  startRedisServer,
} from './redis-server.js';
import { type Cluster, findNginx, startCluster } from './replicas.js';

export interface Harness {
  cluster: Cluster;
  redis: RedisServer;
}

export interface RedisClusterSuite {
  /** The suite: its hooks start and stop the harness; run it with `replicas.run()`. */
  replicas: Test<{ harness: Promise<Harness> }>;
  /** Where the tests are added: the suite, or its `skip` when nginx or redis-server is missing. */
  test: Test<{ harness: Promise<Harness> }> | Test<{ harness: Promise<Harness> }>['skip'];
}

/**
 * A suite whose tests await `harness`: the replicas, with `env` added to each one's environment
 * and `REDIS_URL` naming the redis-server, started with `redis`.
 */
export function redisClusterSuite(
  file: string,
  title: string,
  env: Record<string, string>,
  redis: RedisServerOptions = {},
): RedisClusterSuite {
  const nginx = findNginx();
  const missing = [
    nginx === undefined && 'nginx (apt-get install -y nginx)',
    REDIS_SERVER === undefined && 'redis-server (apt-get install -y redis-server)',
  ].filter(Boolean);
  if (missing.length > 0) console.log(`${file}: ${missing.join(' and ')} not installed; skipped.`);
  const failed = Promise.reject<Harness>(new Error(`${missing.join(' and ')} not installed`));
  failed.catch(() => {});
  const replicas = suite<{ harness: Promise<Harness> }>(title, { harness: failed });

  replicas.before((context) => {
    if (nginx === undefined || missing.length > 0) return;
    context.harness = (async () => {
      const server = await startRedisServer(redis);
      try {
        const cluster = await startCluster(nginx, { ...env, REDIS_URL: server.url });
        return { cluster, redis: server };
      } catch (error) {
        await server.close();
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

  return { replicas, test: missing.length > 0 ? replicas.skip : replicas };
}
