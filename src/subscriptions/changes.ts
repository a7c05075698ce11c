/**
 * A server's changes over a bus: announcements published on the channel `changes`, received once
 * per process and delivered to the listeners they concern.
 *
 * @module
 */

import type { Bus, Unsubscribe } from '../bus/bus.js';
import { isObject } from '../jsonrpc.js';
import type { Result, ServerCapabilities } from '../wire/types.js';
import {
  type Changes,
  type ChangesIn,
  type Listener,
  type ListenerEnd,
  type ListKind,
  OFFER,
} from './feature.js';
import { isUri, LISTEN_METHODS, MAX_URI_LENGTH } from './listen.js';

export type { Changes };

/** The bus channel of announced changes. */
export const CHANGES_CHANNEL = 'changes';

// The most a message on the channel may hold: a resource update with the longest URI, and room.
const MAX_MESSAGE_LENGTH = MAX_URI_LENGTH + 256;

/** Options of {@link changesOn}: the limits on listeners. */
export interface ChangesOptions {
  /**
   * The most listeners one principal (the server's `principalId`, else the request's
   * `Authorization`, else everyone without one) may hold open in one process: past it,
   * `subscriptions/listen` is refused (429) before its stream starts. Default 16.
   */
  readonly maxListenersPerPrincipal?: number;
  /** The most URIs one listener may subscribe to (`resourceSubscriptions`). Default 256. */
  readonly maxSubscriptions?: number;
  /**
   * The bus channel of the announcements, for two servers that share a bus and must not hear
   * each other's changes. Default {@link CHANGES_CHANNEL}.
   */
  readonly channel?: string;
}

const LIST_KINDS: readonly string[] = ['tools', 'prompts', 'resources'];

/**
 * Give a server change announcements: `subscriptions/listen` (2026-07-28) is answered with an
 * event stream on which the server's listeners hear that its tools, prompts or resources changed,
 * or that a resource they subscribed to was updated, wherever it was announced: in a tool, in
 * another replica, in a script outside any request. Make it once per process, at module level,
 * over the bus every replica shares, and set it as the server's `changes`.
 *
 * Each process subscribes to the bus once, when its first listener comes: a change reaches every
 * listener of every process, each only if it asked for it, and a resource update only a listener
 * whose principal may read that resource. A message on the bus is checked as input: one that is
 * not an announcement is ignored. When the bus loses its subscription, the listeners are ended
 * with an error (changes may have been missed: the client listens again and lists again).
 *
 * @param bus - The bus: `memoryBus()` for one process, `redisBus()` for replicas.
 * @param options - The limits on listeners.
 * @returns The server's `changes`.
 * @throws TypeError - For a bus that is not one, or a limit that is not a positive integer.
 *
 * @example
 * ```ts
 * const changes = changesOn(memoryBus());
 *
 * class NotesServer extends MCPServerBase {
 *   override readonly changes = changes;
 * }
 *
 * // in a tool that rewrites a note:
 * await scope.server.changes?.resourceUpdated(`note:///${id}`);
 * ```
 */
export function changesOn(bus: Bus, options: ChangesOptions = {}): Changes {
  if (typeof bus?.publish !== 'function' || typeof bus.subscribe !== 'function') {
    throw new TypeError('changesOn: the bus must be a Bus (publish, subscribe)');
  }
  const limit = (name: 'maxListenersPerPrincipal' | 'maxSubscriptions', fallback: number) => {
    const value = options[name] ?? fallback;
    if (!(Number.isSafeInteger(value) && value >= 1))
      throw new TypeError(`changesOn: ${name} must be a positive integer, not ${value}`);
    return value;
  };
  const maxListenersPerPrincipal = limit('maxListenersPerPrincipal', 16);
  const maxSubscriptions = limit('maxSubscriptions', 256);
  const { channel = CHANGES_CHANNEL } = options;

  const listeners = new Set<Listener>();
  const byKind: Record<ListKind, Set<Listener>> = {
    tools: new Set(),
    prompts: new Set(),
    resources: new Set(),
  };
  const byUri = new Map<string, Set<Listener>>();
  const byPrincipal = new Map<string, number>();
  let subscription: Promise<Unsubscribe> | undefined;
  let closed = false;

  const endAll = (end: ListenerEnd) => {
    for (const listener of [...listeners]) listener.end(end);
  };

  // One message off the bus, checked: whoever can publish on the bus is not trusted.
  const receive = (message: string) => {
    if (typeof message !== 'string' || message.length > MAX_MESSAGE_LENGTH) return;
    let change: unknown;
    try {
      change = JSON.parse(message);
    } catch {
      return;
    }
    if (!isObject(change)) return;
    const { type, uri } = change;
    if (type === 'resource') {
      if (!isUri(uri)) return;
      const subscribed = byUri.get(uri);
      if (subscribed === undefined) return;
      for (const listener of [...subscribed]) {
        listener.send('notifications/resources/updated', { uri });
      }
    } else if (typeof type === 'string' && LIST_KINDS.includes(type)) {
      for (const listener of [...byKind[type as ListKind]]) {
        listener.send(`notifications/${type}/list_changed`, {});
      }
    }
  };

  const lost = (error: Error) => {
    // Stopped as well, in case the transport delivers again: the next listener subscribes anew.
    subscription?.then((stop) => stop()).catch(() => {});
    subscription = undefined;
    console.error('mcp-protocol-core: the bus lost the changes channel:', error);
    endAll('lost');
  };

  const publish = (change: object) => bus.publish(channel, JSON.stringify(change));

  const changes: ChangesIn = {
    maxListenersPerPrincipal,
    maxSubscriptions,
    bus,
    get listening() {
      return listeners.size;
    },
    toolsChanged: () => publish({ type: 'tools' }),
    promptsChanged: () => publish({ type: 'prompts' }),
    resourcesChanged: () => publish({ type: 'resources' }),
    resourceUpdated(uri) {
      if (!isUri(uri)) {
        throw new TypeError(
          `resourceUpdated: uri must be a non-empty string of at most ${MAX_URI_LENGTH} characters`,
        );
      }
      return publish({ type: 'resource', uri });
    },
    async close() {
      closed = true;
      endAll('closed');
      const stopping = subscription;
      subscription = undefined;
      const stop = await stopping?.catch(() => undefined);
      await stop?.();
    },
    ready() {
      if (subscription === undefined) {
        const subscribing = bus.subscribe(channel, receive, lost);
        subscription = subscribing;
        // A subscription that failed is tried again by the next listener.
        subscribing.catch(() => {
          if (subscription === subscribing) subscription = undefined;
        });
      }
      return subscription.then(() => undefined);
    },
    add(listener) {
      if (closed) return 'closed';
      const held = byPrincipal.get(listener.principal) ?? 0;
      if (held >= maxListenersPerPrincipal) return 'full';
      byPrincipal.set(listener.principal, held + 1);
      listeners.add(listener);
      for (const kind of listener.kinds) byKind[kind].add(listener);
      for (const uri of listener.uris) {
        const set = byUri.get(uri) ?? new Set();
        byUri.set(uri, set.add(listener));
      }
      return undefined;
    },
    remove(listener) {
      if (!listeners.delete(listener)) return;
      const held = byPrincipal.get(listener.principal)! - 1;
      if (held === 0) byPrincipal.delete(listener.principal);
      else byPrincipal.set(listener.principal, held);
      for (const kind of listener.kinds) byKind[kind].delete(listener);
      for (const uri of listener.uris) {
        const set = byUri.get(uri);
        set?.delete(listener);
        if (set?.size === 0) byUri.delete(uri);
      }
    },
  };
  Object.defineProperty(changes, Symbol.for('mcp-protocol-core.methods'), {
    value: [LISTEN_METHODS()],
  });
  Object.defineProperty(changes, OFFER, { value: offering });
  return changes;
}

// What server/discover declares of a server with changes: listChanged for each list it has, and
// subscribe for its resources. Not the handshake's initialize: that era has no listen.
function offering(result: Result): void {
  const capabilities = result.capabilities as ServerCapabilities;
  const { tools, prompts, resources } = capabilities;
  if (tools !== undefined) capabilities.tools = { ...tools, listChanged: true };
  if (prompts !== undefined) capabilities.prompts = { ...prompts, listChanged: true };
  if (resources !== undefined) {
    capabilities.resources = { ...resources, subscribe: true, listChanged: true };
  }
}
