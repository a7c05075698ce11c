/**
 * A request's own SSE answer: its notifications as they happen, then its response, then the end.
 * No event ids and no replay: nothing a stateless server sent can be sent again.
 *
 * @module
 */

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

const DONE: IteratorReturnResult<undefined> = Object.freeze({ done: true, value: undefined });

/**
 * The events of one answer, pushed as they happen and read as they come: each read is every whole
 * event pushed since the last, which an adapter writes and flushes. Reading stops early when the
 * client goes away: `return()` then drops what is queued, and what is pushed after it.
 */
export class EventStream implements AsyncIterableIterator<string> {
  #queue: string[] = [];
  #wake: (() => void) | undefined;
  #ended = false;
  #timer: ReturnType<typeof setInterval> | undefined;

  constructor(keepAliveMs: number) {
    if (keepAliveMs > 0) {
      this.#timer = setInterval(() => this.push(': keepalive\n\n'), keepAliveMs);
      // A Node timer would otherwise keep a process alive for a stream no one reads.
      (this.#timer as { unref?: () => void }).unref?.();
    }
  }

  /** Queue an event, unless the stream has ended. */
  push(event: string): void {
    if (this.#ended) return;
    this.#queue.push(event);
    this.#wake?.();
  }

  /** End the stream once what is queued has been read. */
  end(): void {
    this.#ended = true;
    clearInterval(this.#timer);
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
    return { done: false, value };
  }

  async return(): Promise<IteratorResult<string>> {
    this.#queue.length = 0;
    this.end();
    return DONE;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }
}
