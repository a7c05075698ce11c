/**
 * What the Redis task store and the Redis bus need of a Redis client to send it commands, and the
 * bound in time that both put on every command.
 *
 * @module
 */

/**
 * What the task store and the bus need of a Redis client: one method that sends a command and
 * resolves with its reply. A client of `redis` (node-redis, versions 4 to 6) is one as it is;
 * ioredis needs one line:
 *
 * ```ts
 * const client = { sendCommand: (args) => redis.call(args[0], ...args.slice(1)) };
 * ```
 *
 * The client is yours: connect it before the first call, and close it when the server stops.
 */
export interface RedisCommandClient {
  /** Send one command (its name, then its arguments) and resolve with Redis's reply. */
  sendCommand(args: [command: string, ...args: string[]]): Promise<unknown>;
}

/** Check a time option (`commandTimeoutMs` unless named) where it is given. */
export function checkTimeout(timeoutMs: number, option = 'commandTimeoutMs'): number {
  if (!(timeoutMs > 0 && timeoutMs <= 2_147_483_647))
    throw new TypeError(`${option} must be a positive number of milliseconds`);
  return timeoutMs;
}

/**
 * Settle with `work`, or reject with `sentence` past `timeoutMs`: a client that queues commands
 * while it reconnects (node-redis and ioredis both do, by default) would otherwise keep its
 * caller waiting as long as Redis is away.
 */
export function bounded<T>(
  work: () => Promise<T>,
  timeoutMs: number,
  sentence: string,
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(sentence)), timeoutMs);
  });
  return Promise.race([work(), late]).finally(() => clearTimeout(timer));
}
