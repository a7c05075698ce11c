/**
 * The Redis task store: tasks that every replica of a server shares, in one Redis (or Valkey, or
 * any server that speaks its protocol and runs its Lua scripts).
 *
 * @module
 */
import { checkTimeout, type RedisCommandClient, bounded as within } from '../bus/redis-command.js';
import type { StoredTask, TaskStore } from './store.js';

export type { RedisCommandClient };

/** Options of {@link redisTaskStore}. */
export interface RedisTaskStoreOptions {
  /**
   * What every task's key begins with; the task's id follows. Default `mcp:task:`. Give each
   * server that shares a Redis its own.
   */
  keyPrefix?: string;
  /**
   * How long a call may wait for Redis, in milliseconds, before it rejects with "the task store
   * did not answer in N ms". Default 5,000. A client that queues commands while it reconnects
   * (node-redis and ioredis both do, by default) would otherwise keep a request waiting as long
   * as Redis is away.
   */
  commandTimeoutMs?: number;
}

interface Script {
  readonly sha: string;
  readonly text: string;
}

// Each task is a hash: its text under `v`, its version under `n`. The scripts make a create and a
// compare-and-set one step each, so that two replicas never both win; every argument is checked
// before a script runs, because a script that fails halfway keeps what it wrote.
const CREATE: Script = {
  sha: 'ed476649a16e29025f50ea249c2581a451f279ff',
  text: `if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'v', ARGV[1], 'n', '1')
if ARGV[2] ~= '' then redis.call('PEXPIREAT', KEYS[1], ARGV[2]) end
return 1`,
};
const REPLACE: Script = {
  sha: '4f7e1b970f8a6bc51bf365390f6885efe60de29b',
  text: `if redis.call('HGET', KEYS[1], 'n') ~= ARGV[2] then return 0 end
redis.call('HSET', KEYS[1], 'v', ARGV[1], 'n', ARGV[3])
if ARGV[4] == '' then redis.call('PERSIST', KEYS[1]) else redis.call('PEXPIREAT', KEYS[1], ARGV[4]) end
return 1`,
};

const utf8 = new TextDecoder('utf-8', { fatal: true });

function describe(reply: unknown): string {
  try {
    const text = JSON.stringify(reply) ?? String(reply);
    return text.length > 80 ? `${text.slice(0, 80)}...` : text;
  } catch {
    return typeof reply;
  }
}

function malformed(command: string, reply: unknown): Error {
  return new Error(
    `the task store's answer to ${command} is not what Redis answers: ${describe(reply)}`,
  );
}

/** A bulk string as text, `null` for none, `undefined` for anything else. */
function textOf(reply: unknown): string | null | undefined {
  if (typeof reply === 'string' || reply === null) return reply;
  if (reply instanceof Uint8Array) {
    try {
      return utf8.decode(reply);
    } catch {}
  }
  return undefined;
}

/** An expiry as PEXPIREAT takes it: whole milliseconds, rounded up (never forgotten sooner). */
function expiryOf(expiresAt: number | null): string {
  if (expiresAt === null) return '';
  const at = Math.ceil(expiresAt);
  if (!Number.isSafeInteger(at))
    throw new TypeError(
      `expiresAt must be milliseconds since the epoch, or null for never, not ${expiresAt}`,
    );
  return String(at);
}

/**
 * A task store in Redis, shared by every replica that reaches it: a create and a compare-and-set
 * are one Lua script each (atomic on the server), and a task's expiry is Redis's own
 * (`PEXPIREAT`, or `PERSIST` for never), so that nothing needs purging.
 *
 * It depends on no package: it takes a connected client (see {@link RedisCommandClient}). The
 * guides and tests use `redis` (node-redis), maintained by Redis itself, typed, and able to speak
 * RESP3; ioredis works as well, through a one-line adapter.
 *
 * Every reply is checked before it is believed, and every call is bounded in time
 * ({@link RedisTaskStoreOptions.commandTimeoutMs}): when Redis is away or answers nonsense the call
 * rejects with a sentence that says so (or with the client's own error, such as Redis's error
 * reply), and the server answers that the store is unavailable.
 * A call that timed out may still take effect later, once the client reaches Redis again: a task
 * created then was never acknowledged, and expires; a replace that did is seen by the next read.
 *
 * Each task is a hash under `keyPrefix + taskId`: its text in the field `v`, its version in `n`.
 * Clocks matter: an expiry is a moment (milliseconds since the epoch) that Redis compares with its
 * own clock, so keep the servers' clocks in time (NTP). To lose no acknowledged task when Redis
 * restarts, run it with `appendonly yes` (and `appendfsync always` to survive a crash of the
 * machine, not only of Redis).
 *
 * @param client - A connected client, yours to close.
 *
 * @example With node-redis:
 * ```ts
 * import { createClient } from 'redis';
 * import { redisTaskStore } from 'mcp-protocol-core/redis';
 *
 * const redis = createClient({ url: process.env.REDIS_URL });
 * redis.on('error', (error) => console.error('redis:', error.message));
 * await redis.connect();
 * const store = redisTaskStore(redis);
 * ```
 *
 * @example With ioredis:
 * ```ts
 * import { Redis } from 'ioredis';
 * import { redisTaskStore } from 'mcp-protocol-core/redis';
 *
 * const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
 * const store = redisTaskStore({
 *   sendCommand: (args) => redis.call(args[0], ...args.slice(1)),
 * });
 * ```
 */
export function redisTaskStore(
  client: RedisCommandClient,
  options: RedisTaskStoreOptions = {},
): TaskStore {
  const prefix = options.keyPrefix ?? 'mcp:task:';
  const timeoutMs = options.commandTimeoutMs ?? 5_000;
  if (typeof client?.sendCommand !== 'function')
    throw new TypeError('redisTaskStore() takes a connected Redis client (with sendCommand)');
  if (typeof prefix !== 'string') throw new TypeError('keyPrefix must be a string');
  checkTimeout(timeoutMs);

  // The client's own errors (Redis's error replies, a closed or offline client) pass as they are.
  const send = async (args: [string, ...string[]]) => client.sendCommand(args);

  function keyOf(taskId: string): string {
    if (typeof taskId !== 'string') throw new TypeError('a task id is a string');
    return `${prefix}${taskId}`;
  }

  // Every call, its retry of a script included, settles within the bound.
  const bounded = <T>(work: () => Promise<T>) =>
    within(work, timeoutMs, `the task store did not answer in ${timeoutMs} ms`);

  async function run(
    script: Script,
    taskId: string,
    value: string,
    args: string[],
  ): Promise<boolean> {
    const key = keyOf(taskId);
    if (typeof value !== 'string') throw new TypeError('a task is stored as text (JSON)');
    let reply: unknown;
    try {
      reply = await send(['EVALSHA', script.sha, '1', key, value, ...args]);
    } catch (error) {
      // Redis forgets its scripts when it restarts: the script itself, once, loads it again.
      if (!String((error as Error)?.message).startsWith('NOSCRIPT')) throw error;
      reply = await send(['EVAL', script.text, '1', key, value, ...args]);
    }
    if (reply === 0 || reply === 1) return reply === 1;
    throw malformed(script === CREATE ? 'a create' : 'a replace', reply);
  }

  return {
    create(taskId, value, expiresAt) {
      return bounded(async () => run(CREATE, taskId, value, [expiryOf(expiresAt)]));
    },
    get(taskId) {
      return bounded(async (): Promise<StoredTask | undefined> => {
        const reply = await send(['HMGET', keyOf(taskId), 'v', 'n']);
        const [value, version] = Array.isArray(reply) ? reply.map(textOf) : [];
        if (Array.isArray(reply) && reply.length === 2 && value === null && version === null)
          return undefined;
        if (
          !Array.isArray(reply) ||
          reply.length !== 2 ||
          typeof value !== 'string' ||
          typeof version !== 'string' ||
          !/^[1-9][0-9]{0,15}$/.test(version) ||
          !Number.isSafeInteger(Number(version))
        )
          throw malformed('HMGET', reply);
        return { value, version: Number(version) };
      });
    },
    replace(taskId, value, version, expiresAt) {
      return bounded(async () => {
        // No task has such a version: nothing to compare, as a stale version.
        if (!Number.isSafeInteger(version) || version < 1) return false;
        const next = [String(version), String(version + 1), expiryOf(expiresAt)];
        return run(REPLACE, taskId, value, next);
      });
    },
  };
}
