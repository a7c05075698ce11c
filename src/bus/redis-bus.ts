/**
 * The Redis bus: the bus that every replica of a server shares, over Redis pub/sub (or Valkey, or
 * any server that speaks its protocol).
 *
 * @module
 */
import type { Bus, Unsubscribe } from './bus.js';
import { bounded, checkTimeout, type RedisCommandClient } from './redis-command.js';

/** What receives a channel's messages from the subscriber connection. */
export type RedisMessageListener = (message: string, channel: string) => void;

/**
 * What the bus needs of the connection it subscribes on: a connection of its own, which Redis
 * gives to pub/sub alone. A client of `redis` (node-redis, versions 4 to 6) is one as it is (make
 * it with `client.duplicate()`); ioredis needs the few lines of the example in {@link redisBus}.
 *
 * The connection is yours: connect it before the bus subscribes, and close it when the server
 * stops (every subscription is then told that it is lost).
 */
export interface RedisSubscriber {
  /** SUBSCRIBE: resolve once Redis confirmed it; the listener then gets each message of the channel. */
  subscribe(channel: string, listener: RedisMessageListener): Promise<unknown>;
  /** UNSUBSCRIBE: the listener gets no more messages. */
  unsubscribe(channel: string, listener: RedisMessageListener): Promise<unknown>;
  /**
   * The connection's events the bus listens to: `error` and `reconnecting` (the connection
   * dropped, or a new one failed), `end` (it was closed), and `ready` (it is connected again).
   * node-redis and ioredis both emit them.
   */
  on(
    event: 'error' | 'reconnecting' | 'end' | 'ready',
    listener: (error?: unknown) => void,
  ): unknown;
}

/** Options of {@link redisBus}. */
export interface RedisBusOptions {
  /**
   * What every channel's name in Redis begins with; the bus's channel follows. Default `mcp:bus:`.
   * Give each server that shares a Redis its own, lest one hear the other.
   */
  channelPrefix?: string;
  /**
   * How long a publish, a subscribe or an unsubscribe may wait for Redis, in milliseconds, before
   * it rejects with a sentence that says so. Default 5,000.
   */
  commandTimeoutMs?: number;
  /**
   * How often, in milliseconds, the bus sends itself a message through Redis while anything is
   * subscribed; one not back by the next is a connection that died without closing (a cut
   * network, a frozen Redis), and every subscription is told it is lost. Default 5,000; 0 sends
   * none.
   */
  heartbeatMs?: number;
}

interface Receiver {
  readonly receive: (message: string) => void;
  readonly lost: (error: Error) => void;
}

/** One Redis subscription, shared by this process's subscribers of a channel. */
interface Channel {
  readonly receivers: Set<Receiver>;
  subscribed?: Promise<void>;
  /** Settles a subscription still waiting for Redis as failed. */
  fail?: (error: Error) => void;
  ready: boolean;
  /** Set when the connection was lost: the channel delivers no more. */
  dead?: Error;
}

function report(what: string, error: unknown): void {
  console.error(`mcp-protocol-core: a bus ${what} threw:`, error);
}

/**
 * Make a bus over Redis pub/sub, shared by every process that reaches the same Redis: a message
 * published in one process is received by the subscribers of its channel in every process.
 *
 * It depends on no package: it publishes with a connected client (the task store's
 * {@link RedisCommandClient}) and subscribes on a connection of its own
 * ({@link RedisSubscriber}). Make one bus per process: its subscribers of one channel share one
 * Redis subscription (a message fans out in the process), so that they cost memory, not
 * connections.
 *
 * Delivery is Redis's: at most once, in the order published for one channel, to the processes
 * subscribed when it arrives. A message that is not a string is dropped; a receiver that throws is
 * logged, and the others still receive the message. Every command is bounded in time
 * ({@link RedisBusOptions.commandTimeoutMs}): a publish or a subscribe that Redis does not answer
 * rejects with a sentence that says so.
 *
 * When the subscriber connection drops (Redis stopped, killed or restarted, or the network cut),
 * every subscription's `lost(error)` is called once, and the subscription is dead; a subscribe
 * still waiting rejects. The bus learns it from the connection's own events, `error`,
 * `reconnecting` and `end`: node-redis and ioredis emit them as soon as the socket closes, which
 * is at once when Redis stops or dies (its system closes the socket). A connection that dies
 * without closing (a cut network, a frozen Redis) is seen by the bus's heartbeat
 * ({@link RedisBusOptions.heartbeatMs}): within two beats, 10 s by default. Subscribing again works
 * once the client has reconnected; the bus leaves no subscription of its own for the client to
 * restore.
 *
 * @param client - A connected client to publish with (see {@link RedisCommandClient}), yours to
 * close; it may be the task store's.
 * @param subscriber - A connected connection of the bus's own to subscribe on, yours to close.
 * @param options - The channels' prefix, and the bound on each command.
 * @returns The bus.
 *
 * @example With node-redis:
 * ```ts
 * import { createClient } from 'redis';
 * import { redisBus } from 'mcp-protocol-core/redis';
 *
 * const redis = createClient({ url: process.env.REDIS_URL });
 * redis.on('error', (error) => console.error('redis:', error.message));
 * await redis.connect();
 * const subscriber = redis.duplicate();
 * await subscriber.connect();
 * const bus = redisBus(redis, subscriber);
 * ```
 *
 * @example With ioredis, through a few lines:
 * ```ts
 * import { Redis } from 'ioredis';
 * import { type RedisMessageListener, redisBus } from 'mcp-protocol-core/redis';
 *
 * const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
 * const sub = redis.duplicate();
 * const listeners = new Map<string, RedisMessageListener>();
 * sub.on('message', (channel: string, message: string) => listeners.get(channel)?.(message, channel));
 * const bus = redisBus(
 *   { sendCommand: (args) => redis.call(args[0], ...args.slice(1)) },
 *   {
 *     subscribe: (channel, listener) => {
 *       listeners.set(channel, listener);
 *       return sub.subscribe(channel);
 *     },
 *     unsubscribe: (channel) => {
 *       listeners.delete(channel);
 *       return sub.unsubscribe(channel);
 *     },
 *     on: (event, listener) => sub.on(event, listener),
 *   },
 * );
 * ```
 */
export function redisBus(
  client: RedisCommandClient,
  subscriber: RedisSubscriber,
  options: RedisBusOptions = {},
): Bus {
  const prefix = options.channelPrefix ?? 'mcp:bus:';
  const timeoutMs = checkTimeout(options.commandTimeoutMs ?? 5_000);
  if (typeof client?.sendCommand !== 'function')
    throw new TypeError('redisBus() takes a connected Redis client (with sendCommand)');
  if (
    typeof subscriber?.subscribe !== 'function' ||
    typeof subscriber.unsubscribe !== 'function' ||
    typeof subscriber.on !== 'function'
  )
    throw new TypeError(
      'redisBus() takes a subscriber connection of its own (with subscribe, unsubscribe and on)',
    );
  if (typeof prefix !== 'string') throw new TypeError('channelPrefix must be a string');
  const heartbeatMs = options.heartbeatMs ?? 5_000;
  if (heartbeatMs !== 0) checkTimeout(heartbeatMs, 'heartbeatMs');

  const channels = new Map<string, Channel>();
  const late = (what: string) => `Redis did not answer the bus's ${what} in ${timeoutMs} ms`;
  const nameOf = (channel: string) => {
    if (typeof channel !== 'string') throw new TypeError('a channel of the bus is a string');
    return `${prefix}${channel}`;
  };
  // One listener per channel name, kept while the client may hold a subscription of it: a
  // subscription it restores by itself on reconnecting then finds no channel, and one made again
  // finds the same listener (the client subscribes once).
  const listeners = new Map<string, RedisMessageListener>();
  const listenerOf = (name: string) => {
    let listener = listeners.get(name);
    if (listener === undefined) {
      listener = (message) => {
        const channel = channels.get(name);
        if (channel === undefined || typeof message !== 'string') return;
        // Those subscribed when it arrives, as memoryBus() does.
        for (const receiver of [...channel.receivers]) {
          if (!channel.receivers.has(receiver)) continue;
          try {
            receiver.receive(message);
          } catch (error) {
            report('receiver', error);
          }
        }
      };
      listeners.set(name, listener);
    }
    return listener;
  };
  // The client forgets the channel, lest it subscribe again when it reconnects; one it could not
  // forget (the connection was down) is forgotten once the connection is ready again.
  const forget = async (name: string) => {
    const listener = listeners.get(name);
    if (listener === undefined || channels.has(name)) return;
    try {
      await bounded(
        async () => subscriber.unsubscribe(name, listener),
        timeoutMs,
        late('unsubscribe'),
      );
      if (!channels.has(name)) listeners.delete(name);
    } catch {}
  };
  subscriber.on('ready', () => {
    // After the client restored its own subscriptions (ioredis does so once it says ready).
    setTimeout(() => {
      for (const name of [...listeners.keys()]) void forget(name);
    }, 0);
  });

  // The heartbeat: the bus's own channel, a message on it every heartbeatMs while anything else is
  // subscribed, each checked at the next.
  const heartbeat = `${prefix}heartbeat:${Math.random().toString(36).slice(2)}`;
  let beating: ReturnType<typeof setTimeout> | undefined;
  let sent = 0;
  let echoed = 0;
  const schedule = () => {
    if (heartbeatMs === 0 || beating !== undefined) return;
    beating = setTimeout(beat, heartbeatMs);
    // It never keeps a process alive.
    (beating as { unref?: () => void }).unref?.();
  };
  function beat(): void {
    beating = undefined;
    const own = channels.get(heartbeat);
    if (![...channels.keys()].some((name) => name !== heartbeat)) {
      if (own?.ready) {
        channels.delete(heartbeat);
        void forget(heartbeat);
      }
      return;
    }
    if (echoed !== sent) {
      lose(new Error(`no heartbeat came back in ${heartbeatMs} ms`));
      return;
    }
    const nonce = String(++sent);
    const beats = own ?? open(heartbeat);
    if (beats.receivers.size === 0) {
      const receive = (message: string) => {
        if (message === String(sent)) echoed = sent;
      };
      beats.receivers.add({ receive, lost: () => {} });
    }
    schedule();
    beats.subscribed?.then(() => client.sendCommand(['PUBLISH', heartbeat, nonce])).catch(() => {});
  }

  function lose(cause?: unknown): void {
    clearTimeout(beating);
    beating = undefined;
    echoed = sent;
    if (channels.size === 0) return;
    const reason = cause instanceof Error && cause.message ? `: ${cause.message}` : '';
    const error = new Error(`the bus's connection to Redis was lost${reason}`);
    const gone = [...channels];
    channels.clear();
    for (const [name, channel] of gone) {
      channel.dead = error;
      void forget(name);
      if (!channel.ready) {
        channel.fail?.(error);
        continue;
      }
      for (const { lost } of channel.receivers) {
        try {
          lost(error);
        } catch (thrown) {
          report('lost()', thrown);
        }
      }
      channel.receivers.clear();
    }
  }
  for (const event of ['error', 'reconnecting', 'end'] as const) subscriber.on(event, lose);

  function open(name: string): Channel {
    const channel: Channel = { receivers: new Set(), ready: false };
    channel.subscribed = new Promise<void>((resolve, reject) => {
      channel.fail = reject;
      bounded(
        async () => subscriber.subscribe(name, listenerOf(name)),
        timeoutMs,
        late('subscribe'),
      ).then(() => resolve(), reject);
    }).then(
      () => {
        if (channel.dead !== undefined) throw channel.dead;
        channel.ready = true;
        schedule();
      },
      (error: unknown) => {
        if (channels.get(name) === channel) {
          channels.delete(name);
          void forget(name);
        }
        throw error;
      },
    );
    channels.set(name, channel);
    return channel;
  }

  return {
    publish(channel, message) {
      return bounded(
        async () => {
          const name = nameOf(channel);
          if (typeof message !== 'string') throw new TypeError('a message of the bus is a string');
          await client.sendCommand(['PUBLISH', name, message]);
        },
        timeoutMs,
        `${late('publish')}: the message is lost`,
      );
    },

    async subscribe(channel, receive, lost) {
      const name = nameOf(channel);
      if (typeof receive !== 'function' || typeof lost !== 'function')
        throw new TypeError('subscribe() takes a receiver and a lost() function');
      const shared = channels.get(name) ?? open(name);
      const receiver: Receiver = { receive, lost };
      shared.receivers.add(receiver);
      try {
        await shared.subscribed;
      } catch (error) {
        shared.receivers.delete(receiver);
        throw error;
      }
      let stopped = false;
      const stop: Unsubscribe = async () => {
        if (stopped) return;
        stopped = true;
        shared.receivers.delete(receiver);
        if (shared.receivers.size > 0 || channels.get(name) !== shared) return;
        channels.delete(name);
        await forget(name);
      };
      return stop;
    },
  };
}
