/**
 * The web-standard wrapper of the plain handler: a `Request` in, a `Response` out, its SSE
 * answers streamed as the client reads them.
 *
 * @module
 */

import { ErrorCode } from '../jsonrpc.js';
import type { MCPServerBase } from '../server-base.js';
import type { HttpHeaders } from '../wire/http-headers.js';
import {
  createHttpHandler,
  type HttpOptions,
  type HttpRequest,
  type ServerContext,
} from './plain-handler.js';
import { refuse } from './plain-responses.js';

/**
 * What a runtime hands a request's handler besides the request, where it has it: Cloudflare
 * Workers' `ctx`, Hono's `c.executionCtx`.
 */
export interface FetchContext {
  /** Keep work alive after the answer has gone: see {@link HttpRequest.waitUntil}. */
  waitUntil?(work: Promise<unknown>): void;
}

/** A web-standard handler made by {@link createFetchHandler}: its promise never rejects. */
export interface FetchHandler {
  (request: Request, context?: FetchContext): Promise<Response>;
  /** The largest body it serves, in bytes: it reads no more than one byte past it. */
  readonly maxBodyBytes: number;
}

/**
 * Make the handler of an MCP endpoint for web-standard `Request` and `Response`: Deno, Bun,
 * Cloudflare Workers, Hono. The same rules as {@link createHttpHandler}; on Node, whose own
 * requests are not web ones, call that one instead: building a web `Request` there costs more than
 * answering it.
 *
 * @param createServer - Makes the server for one request.
 * @param options - Limits, allowed hosts, authorization, and the error hook.
 * @returns The handler, whose `maxBodyBytes` property is the limit it reads bodies to.
 * @throws TypeError - When `maxBodyBytes` is not a number of bytes, or `cors` not valid.
 *
 * @example
 * ```ts
 * const mcp = createFetchHandler(() => new NotesServer());
 * Deno.serve({ hostname: '127.0.0.1', port: 3000 }, mcp);
 * // Cloudflare Workers: hand it `ctx`, whose waitUntil keeps a request's work alive.
 * export default { fetch: (request: Request, env: Env, ctx: ExecutionContext) => mcp(request, ctx) };
 * ```
 */
export function createFetchHandler<Principal = unknown>(
  createServer: (context: ServerContext<Principal>) => MCPServerBase,
  options: HttpOptions<Principal> = {},
): FetchHandler {
  const handle = createHttpHandler(createServer, options);
  const { maxBodyBytes } = handle;
  const handler = async (request: Request, context?: FetchContext): Promise<Response> => {
    const url = new URL(request.url);
    let headers: HttpHeaders = request.headers;
    if (!request.headers.has('host')) {
      // Some runtimes keep the Host only in the URL.
      headers = new Headers(request.headers);
      headers.set('host', url.host);
    }
    // The runtime's signal, where it aborts on a disconnect (Deno, Bun, workerd), or a reader
    // that cancels the answer's stream: either one goes away.
    const gone = new AbortController();
    request.signal?.addEventListener('abort', () => gone.abort(), { once: true });
    const plain: HttpRequest = {
      method: request.method,
      url: url.pathname + url.search,
      headers,
      signal: gone.signal,
    };
    if (typeof context?.waitUntil === 'function') {
      plain.waitUntil = (work) => context.waitUntil!(work);
    }
    if (request.method === 'POST' && request.body !== null) {
      try {
        plain.body = await readBody(request.body, maxBodyBytes);
      } catch {
        // The client went away, or its stream broke, mid-body: nothing of it can be served.
        const refusal = refuse(400, ErrorCode.InvalidRequest, 'The body could not be read.');
        return new Response(refusal.body as string, { status: 400, headers: refusal.headers });
      }
    }
    const { status, headers: answerHeaders, body } = await handle(plain);
    const init = { status, headers: answerHeaders };
    return new Response(typeof body === 'object' ? webStream(body, gone) : (body ?? null), init);
  };
  Object.defineProperty(handler, 'maxBodyBytes', { value: maxBodyBytes, enumerable: true });
  return handler as FetchHandler;
}

const encoder = new TextEncoder();

// Events become bytes as the client reads them, each enqueued alone so that it is sent at once.
function webStream(events: AsyncIterable<string>, gone: AbortController): ReadableStream {
  const iterator = events[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await iterator.next();
      if (done) controller.close();
      else controller.enqueue(encoder.encode(value));
    },
    async cancel() {
      gone.abort();
      await iterator.return?.();
    },
  });
}

/**
 * Read a body stream, but no more than one byte past a limit, so that an adapter never holds more
 * than the handler will accept; the handler refuses a body past the limit with 413.
 *
 * @param stream - The body.
 * @param maxBytes - The handler's `maxBodyBytes`.
 * @returns The bytes read: the whole body, or its first `maxBytes + 1` bytes.
 */
export async function readBody(
  stream: ReadableStream<Uint8Array>,
  maxBytes: number,
): Promise<Uint8Array> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size <= maxBytes) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  if (size > maxBytes) await reader.cancel();
  const body = new Uint8Array(Math.min(size, maxBytes + 1));
  let offset = 0;
  for (const chunk of chunks) {
    const part = chunk.subarray(0, body.byteLength - offset);
    body.set(part, offset);
    offset += part.byteLength;
  }
  return body;
}
