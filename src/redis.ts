/**
 * Redis, for servers of many replicas: tasks in {@link redisTaskStore}, and the bus over Redis
 * pub/sub in {@link redisBus}, over any connected client (node-redis as it is, ioredis through a
 * few lines). The entry depends on no package, and the core entry does not import it.
 *
 * @module
 */

export type { Bus, Unsubscribe } from './bus/bus.js';
export {
  type RedisBusOptions,
  type RedisMessageListener,
  type RedisSubscriber,
  redisBus,
} from './bus/redis-bus.js';
export type { RedisCommandClient } from './bus/redis-command.js';
export { type RedisTaskStoreOptions, redisTaskStore } from './tasks/redis-store.js';
export type { StoredTask, TaskStore } from './tasks/store.js';
