/**
 * A request's own SSE answer: its notifications as they happen, then its response, then the end.
 * No event ids and no replay: nothing a stateless server sent can be sent again.
 *
 * @module
 */
import { utf8Length } from '../jsonrpc.js';

/**
 * The headers of an SSE answer: not cached; not compressed on the way (`no-transform`, which
 * compressing middleware such as Express's `compression()` honours: it would hold events back to
 * fill its window); not buffered by a proxy such as nginx.
 */
export const SSE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
});

/** How often an idle SSE answer sends a comment, so that proxies keep it open: 15 s. */
export const DEFAULT_KEEP_ALIVE_MS = 15_000;

/**
 * One message as an SSE event. JSON text holds no raw line break, so one `data:` line carries it
 * whole, as clients read it.
 *
 * @param json - The message, as JSON text.
 * @returns The event, ending with its blank line.
 */
export function sseEvent(json: string): string {
  return `event: message\ndata: ${json}\n\n`;
}

/**
 * The most an SSE answer holds for a client that does not read it, by default: 256 KiB of events.
 */
export const DEFAULT_MAX_BUFFERED_BYTES = 256 * 1024;

const DONE: IteratorReturnResult<undefined> = Object.freeze({ done: true, value: undefined });

/**
 * The events of one answer, pushed as they happen and read as they come: each read is every whole
 * event pushed since the last, which an adapter writes, and reads again once its connection has
 * taken them. Reading stops early when the client goes away: `return()` then drops what is
 * queued, and what is pushed after it.
 *
 * What it holds is bounded: once `maxBytes` are queued unread, a progress notification replaces
 * the one of the same token still queued (the client needs only the latest), and any other
 * notification is dropped and counted; `push()` hands back a promise that resolves once the
 * client has read, for a sender that would rather wait than lose one. The response is never
 * dropped.
 */
export class EventStream implements AsyncIterableIterator<string> {
  #queue: string[] = [];
  #bytes = 0;
  // Where each token's queued progress is, to replace it once full.
  #progress = new Map<unknown, number>();
  #room: Promise<void> | undefined;
  #roomMade: (() => void) | undefined;
  #wake: (() => void) | undefined;
  #ended = false;
  #timer: ReturnType<typeof setInterval> | undefined;
  /** How many notifications were dropped, the client reading too slowly. */
  dropped = 0;

  constructor(
    keepAliveMs: number,
    readonly maxBytes: number = DEFAULT_MAX_BUFFERED_BYTES,
  ) {
    if (keepAliveMs > 0) {
      // Only when idle: a client that does not read is not sent more.
      this.#timer = setInterval(() => {
        if (this.#queue.length === 0) this.#add(': keepalive\n\n');
      }, keepAliveMs);
      // A Node timer would otherwise keep a process alive for a stream no one reads.
      (this.#timer as { unref?: () => void }).unref?.();
    }
  }

  /**
   * Queue a notification's event, unless the stream has ended, or it is full (see above).
   *
   * @param event - The event.
   * @param progressToken - The token of a progress notification, whose later one supersedes it.
   * @returns While the stream is full, a promise that resolves once the client has read.
   */
  push(event: string, progressToken?: unknown): Promise<void> | undefined {
    if (this.#ended) return undefined;
    if (this.#bytes === 0 || this.#bytes < this.maxBytes) {
      this.#add(event, progressToken);
    } else {
      const queued = progressToken === undefined ? undefined : this.#progress.get(progressToken);
      if (queued === undefined) this.dropped++;
      else {
        this.#bytes -= utf8Length(this.#queue[queued]!);
        this.#queue[queued] = '';
        this.#add(event, progressToken);
      }
    }
    if (this.#bytes < this.maxBytes) return undefined;
    this.#room ??= new Promise<void>((resolve) => {
      this.#roomMade = resolve;
    });
    return this.#room;
  }

  #add(event: string, progressToken?: unknown): void {
    if (progressToken !== undefined) this.#progress.set(progressToken, this.#queue.length);
    this.#queue.push(event);
    this.#bytes += utf8Length(event);
    this.#wake?.();
  }

  // The client has read, or will read no more: a sender waiting for room goes on.
  #free(): void {
    this.#bytes = 0;
    this.#progress.clear();
    this.#roomMade?.();
    this.#room = this.#roomMade = undefined;
  }

  /**
   * End the stream once what is queued has been read.
   *
   * @param last - The response, queued whatever the bound.
   */
  end(last?: string): void {
    if (last !== undefined && !this.#ended) this.#add(last);
    this.#ended = true;
    clearInterval(this.#timer);
    this.#roomMade?.();
    this.#wake?.();
  }

  async next(): Promise<IteratorResult<string>> {
    while (this.#queue.length === 0 && !this.#ended) {
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
      });
      this.#wake = undefined;
    }
    const queue = this.#queue;
    if (queue.length === 0) return DONE;
    // What was pushed while no one read is read at once: one write for the events a method sent
    // together, each still whole.
    const value = queue.length === 1 ? queue[0]! : queue.join('');
    queue.length = 0;
    this.#free();
    return { done: false, value };
  }

  async return(): Promise<IteratorResult<string>> {
    this.#queue.length = 0;
    this.#free();
    this.end();
    return DONE;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }
}
