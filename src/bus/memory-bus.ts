/**
 * The embedded bus: one process, no server, nothing to set up. The default for the demo and
 * for tests; a server of several replicas needs one they share, such as `redisBus()`.
 *
 * @module
 */
import type { Bus, Unsubscribe } from './bus.js';

/**
 * Make a bus that serves one process: a message published is received by this process's
 * subscribers only, on a later turn of the event loop (as from any transport, never within
 * `publish()`), and it is never lost.
 *
 * @returns The bus.
 *
 * @example
 * ```ts
 * const bus = memoryBus();
 * class NotesServer extends MCPServerBase {
 *   override readonly bus = bus;
 * }
 * ```
 */
export function memoryBus(): Bus {
  const channels = new Map<string, Set<(message: string) => void>>();
  return {
    publish(channel, message) {
      const receivers = channels.get(channel);
      if (receivers === undefined) return Promise.resolve();
      // Those subscribed when it is published, as a transport delivers it.
      const now = [...receivers];
      queueMicrotask(() => {
        for (const receive of now) {
          if (!receivers.has(receive)) continue;
          try {
            receive(message);
          } catch (error) {
            console.error('mcp-protocol-core: a bus receiver threw:', error);
          }
        }
      });
      return Promise.resolve();
    },
    subscribe(channel, receive) {
      let receivers = channels.get(channel);
      if (receivers === undefined) {
        receivers = new Set();
        channels.set(channel, receivers);
      }
      // Each subscription its own, even for one function subscribed twice.
      const own = (message: string) => receive(message);
      receivers.add(own);
      const set = receivers;
      const stop: Unsubscribe = () => {
        set.delete(own);
        if (set.size === 0 && channels.get(channel) === set) channels.delete(channel);
        return Promise.resolve();
      };
      return Promise.resolve(stop);
    },
  };
}
