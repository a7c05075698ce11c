/**
 * Tasks in Redis, for servers of many replicas: {@link redisTaskStore} over any connected client
 * (node-redis as it is, ioredis through one line). The entry depends on no package, and the core
 * entry does not import it.
 *
 * @module
 */

export {
  type RedisCommandClient,
  type RedisTaskStoreOptions,
  redisTaskStore,
} from './tasks/redis-store.js';
export type { StoredTask, TaskStore } from './tasks/store.js';
