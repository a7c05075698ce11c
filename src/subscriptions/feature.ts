/**
 * What the rest of a server knows of its changes: the opaque value `changesOn()` makes, and the
 * hook through which `server/discover` declares what it announces.
 *
 * @module
 */

import type { Result } from '../wire/types.js';

/**
 * A server's changes, made once per process by `changesOn()`: it announces that the tools,
 * prompts or resources changed, or that a resource was updated, to the listeners
 * (`subscriptions/listen`, 2026-07-28) of every process that shares its bus.
 */
export interface Changes {
  /**
   * Tell every listener that asked (`toolsListChanged`) that the list of tools changed.
   *
   * @returns A promise that resolves once the bus took the announcement, and rejects when it
   * could not (the announcement is then lost).
   */
  toolsChanged(): Promise<void>;
  /** As {@link Changes.toolsChanged}, for the list of prompts (`promptsListChanged`). */
  promptsChanged(): Promise<void>;
  /** As {@link Changes.toolsChanged}, for the list of resources (`resourcesListChanged`). */
  resourcesChanged(): Promise<void>;
  /**
   * Tell every listener subscribed to a resource (`resourceSubscriptions`) that it was updated.
   *
   * @param uri - The resource's URI, as the listeners name it.
   * @returns As {@link Changes.toolsChanged}.
   * @throws TypeError - For a URI that is not a non-empty string of at most 4,096 characters.
   */
  resourceUpdated(uri: string): Promise<void>;
  /**
   * End every listener of this process gracefully (a `{ resultType: "complete" }` answer), stop
   * receiving from the bus, and refuse new listeners: for a process that shuts down. Announcing
   * still works.
   */
  close(): Promise<void>;
  /** How many listeners this process holds now. */
  readonly listening: number;
}

/** @internal The key of the hook that declares a server's changes in `server/discover`. */
export const OFFER = Symbol.for('mcp-protocol-core.changes-offer');

/** @internal What `server/discover` calls of a server's changes. */
export interface Offering {
  [OFFER](result: Result): void;
}

/** @internal The kinds of list a listener may follow. */
export type ListKind = 'tools' | 'prompts' | 'resources';

/**
 * @internal How a listener ends: the changes closed (complete), the bus lost (error), it read too
 * slowly (error), its client went away (nothing more is sent).
 */
export type ListenerEnd = 'closed' | 'lost' | 'behind' | 'gone';

/** @internal One open `subscriptions/listen`, as the changes hold it. */
export interface Listener {
  /** Whose it is, for the limit per principal. */
  readonly principal: string;
  readonly kinds: readonly ListKind[];
  /** The resources it is subscribed to, each one its principal may read. */
  readonly uris: readonly string[];
  /** Send it a notification, with its subscription id. */
  send(method: string, params: Record<string, unknown>): void;
  end(how: ListenerEnd): void;
}

/** @internal What changesOn() makes: the public Changes and the listeners' registry. */
export interface ChangesIn extends Changes {
  readonly maxListenersPerPrincipal: number;
  readonly maxSubscriptions: number;
  /** The bus, for a listener's tasks. */
  readonly bus: import('../bus/bus.js').Bus;
  /** Until the bus delivers what is published after it resolves; rejects when it cannot. */
  ready(): Promise<void>;
  /** Hold a listener, or say why not: too many for its principal, or the changes closed. */
  add(listener: Listener): 'full' | 'closed' | undefined;
  remove(listener: Listener): void;
}

/** What a server declares of its changes; merged into the server class. */
export interface ChangesFeature {
  /**
   * The server's changes, made once per process by `changesOn()` over a bus every replica
   * shares: `subscriptions/listen` (2026-07-28) is then answered, and `server/discover` declares
   * `listChanged` for its tools, prompts and resources, and `subscribe` for its resources. None by
   * default: the method is not found, and nothing is declared.
   */
  readonly changes?: Changes | undefined;
}
