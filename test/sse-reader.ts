// A raw reader of an SSE answer, for the tests that hold one open (a 2026-07-28
// subscriptions/listen): each `event: message` parsed as it arrives, comments (keep-alives)
// counted, and the end of the stream seen.
import * as assert from 'uvu/assert';

export interface OpenStream {
  status: number;
  contentType: string | null;
  /** The replica that answered, as nginx's X-Upstream names it (empty without nginx). */
  upstream: string;
  /** Every message so far, in order. */
  readonly messages: any[];
  /** Comment lines (keep-alives) so far. */
  readonly comments: number;
  /** Resolves when the server ended the stream (with `true`), or it broke (with `false`). */
  readonly ended: Promise<boolean>;
  /** The first message from `from` on that `matches`, waiting up to `ms`. */
  next(matches: (message: any) => boolean, ms?: number, from?: number): Promise<any>;
  /** Close it from the client's side (a disconnect). */
  close(): void;
}

/** POST `init` to `url`, and read its SSE answer as it comes. */
export async function openStream(url: string, init: RequestInit): Promise<OpenStream> {
  const abort = new AbortController();
  const response = await fetch(url, { ...init, signal: abort.signal });
  const messages: any[] = [];
  let comments = 0;
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const waiter of [...waiters]) waiter();
  };
  const ended = (async () => {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return true;
        buffer += value;
        for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
          const event = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = event
            .split('\n')
            .filter((line) => {
              if (line.startsWith(':')) comments++;
              return line.startsWith('data:');
            })
            .map((line) => line.slice(5).replace(/^ /, ''))
            .join('\n');
          if (data !== '') messages.push(JSON.parse(data));
        }
        wake();
      }
    } catch {
      return false;
    } finally {
      wake();
    }
  })();
  let done = false;
  void ended.then(() => {
    done = true;
    wake();
  });
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    upstream: (response.headers.get('x-upstream') ?? '').split(', ').at(-1)!,
    messages,
    get comments() {
      return comments;
    },
    ended,
    async next(matches, ms = 5_000, from = 0) {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = messages.slice(from).find(matches);
        if (found !== undefined) return found;
        if (done || Date.now() > deadline)
          assert.unreachable(
            `${done ? 'the stream ended' : `not in ${ms} ms`}; got ${JSON.stringify(messages)}`,
          );
        await new Promise<void>((resolve) => {
          const waiter = () => {
            waiters.delete(waiter);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(waiter, Math.max(1, deadline - Date.now()));
          waiters.add(waiter);
        });
      }
    },
    close: () => abort.abort(),
  };
}
