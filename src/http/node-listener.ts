/**
 * Node's own HTTP server (node:http, and the stacks built on it: Express, Fastify's raw request)
 * served by the plain handler: a Node request in, the answer written out, an SSE answer as fast
 * as the client reads it. Node's types are described here by what is used of them, so that this
 * module imports nothing of Node's and runs wherever its objects come from.
 *
 * @module
 */

import { ErrorCode, utf8Length } from '../jsonrpc.js';
import type { HttpHeaders } from '../wire/http-headers.js';
import type { HttpHandler, HttpRequest, HttpResponse } from './handler-types.js';
import { refuse } from './plain-responses.js';

/**
 * What {@link nodeListener} reads of a request: node:http's `IncomingMessage`, or a stack's
 * request built on it (Express's `req`).
 */
export interface NodeRequest {
  /** The HTTP method. */
  readonly method?: string | undefined;
  /** The path and query. */
  readonly url?: string | undefined;
  /** The headers, by lower-case name. */
  readonly headers: HttpHeaders;
  /** The body as a parser such as `express.json()` left it, if one ran. */
  readonly body?: unknown;
  /** Whether the body has been read to its end. */
  readonly readableEnded: boolean;
  /** The connection. */
  readonly socket: {
    /** Whether it is closed: the client went away. */
    readonly destroyed: boolean;
  };
  /** Listen for `data` (a chunk of bytes), `end` and `error`. */
  on(event: string, listener: (...args: any[]) => void): unknown;
  /** Stop reading the body. */
  pause(): unknown;
}

/** What {@link nodeListener} writes to: node:http's `ServerResponse`, or Express's `res`. */
export interface NodeResponse {
  /** Whether the status and headers were written. */
  readonly headersSent: boolean;
  /** Whether the whole answer was handed to the connection. */
  readonly writableFinished: boolean;
  /** Write the status and headers. */
  writeHead(status: number, headers: Record<string, string | number>): unknown;
  /** Write a chunk: `false` when the connection's buffer is full, until `drain`. */
  write(chunk: string): boolean;
  /** Write the last chunk, and end the answer. */
  end(chunk?: string): unknown;
  /** Listen once for `close` or `drain`. */
  once(event: string, listener: () => void): unknown;
  /** Stop listening. */
  off(event: string, listener: () => void): unknown;
}

// Joins chunks read: no copy when there is one, as for most small bodies.
function concat(chunks: readonly Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1 && chunks[0]!.byteLength === size) return chunks[0]!;
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    const part = chunk.subarray(0, size - offset);
    body.set(part, offset);
    offset += part.byteLength;
  }
  return body;
}

/**
 * Read a Node request's body, but no more than one byte past a limit: the handler refuses a larger
 * one with 413, and nothing more of it is held.
 *
 * @param request - The request, its body not yet read.
 * @param maxBytes - The handler's `maxBodyBytes`.
 * @returns The whole body, or its first `maxBytes + 1` bytes.
 */
export function readNodeBody(request: NodeRequest, maxBytes: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    request.on('data', (chunk: Uint8Array) => {
      chunks.push(chunk);
      size += chunk.byteLength;
      if (size > maxBytes) {
        request.pause();
        resolve(concat(chunks, maxBytes + 1));
      }
    });
    request.on('end', () => resolve(concat(chunks, size)));
    request.on('error', reject);
  });
}

// The body as a parser left it: bytes (express.raw()), text (express.text()), or the parsed JSON
// (express.json()), written out again. `undefined` when no parser ran.
function parsedBody({ body }: NodeRequest): string | Uint8Array | undefined {
  if (body === undefined || typeof body === 'string' || body instanceof Uint8Array) return body;
  return JSON.stringify(body);
}

function send(response: NodeResponse, { status, headers, body }: HttpResponse): void {
  response.writeHead(status, { ...headers, connection: 'close' });
  response.end(body as string);
}

// Until the connection takes more, or closes.
function drained(response: NodeResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      response.off('drain', done);
      response.off('close', done);
      resolve();
    };
    response.once('drain', done);
    response.once('close', done);
  });
}

// An SSE answer: each chunk written as it comes (node:http sends it at once, chunked), the next
// read only once the connection has taken it, so that a client that does not read holds the
// answer back rather than fill the server's memory.
async function stream(response: NodeResponse, answer: HttpResponse, headers: HttpHeadersOut) {
  const events = (answer.body as AsyncIterable<string>)[Symbol.asyncIterator]();
  let closed = false;
  response.once('close', () => {
    closed = true;
    events.return?.();
  });
  response.writeHead(answer.status, headers);
  for (let event = await events.next(); !event.done; event = await events.next()) {
    if (!response.write(event.value) && !closed) await drained(response);
  }
  response.end();
}

type HttpHeadersOut = Record<string, string | number>;

// A Node request as the handler reads it. Its signal, which aborts when the client goes away
// before its answer was written, is made only when the handler asks for it (a 2026-07-28 request
// does; a handshake-era one does not): on Node 20 an AbortSignal costs more than the rest of a small
// answer. A class, not an object literal with a getter, which V8 builds slowly. Once answered, it
// lets go of the Node request and response (release()): what the engine keeps of a handled request
// until its next full collection must not keep Node's objects of every answered request with it.
class AskedRequest implements HttpRequest {
  readonly method: string;
  readonly url: string | undefined;
  readonly headers: HttpHeaders;
  #request: NodeRequest | undefined;
  #response: NodeResponse | undefined;
  #gone: AbortController | undefined;

  constructor(
    request: NodeRequest,
    response: NodeResponse,
    readonly body: string | Uint8Array | undefined,
  ) {
    this.method = request.method ?? 'GET';
    this.url = request.url;
    this.headers = request.headers;
    this.#request = request;
    this.#response = response;
  }

  get signal(): AbortSignal {
    if (this.#gone === undefined) {
      const gone = new AbortController();
      const request = this.#request;
      const response = this.#response;
      // Asked after the answer was written: there is nothing left to cancel.
      if (request === undefined || response === undefined) return gone.signal;
      if (request.socket.destroyed && !response.writableFinished) gone.abort();
      else {
        response.once('close', () => {
          if (!response.writableFinished) gone.abort();
        });
      }
      this.#gone = gone;
    }
    return this.#gone.signal;
  }

  release(): void {
    this.#request = undefined;
    this.#response = undefined;
  }
}

/**
 * A node:http request listener that answers with an MCP handler: it reads a body no more than one
 * byte past the handler's `maxBodyBytes`, passes the client's going away as the request's
 * `signal`, and writes the answer, an SSE answer event by event as fast as the client reads it
 * (honouring `write()`'s `false` until `drain`). Mounted behind a body parser such as
 * `express.json()`, it takes the body the parser left in `request.body`. Its promise never rejects.
 *
 * @param handle - The handler, from {@link createHttpHandler} or `protectedResourceMetadata()`.
 * @returns The listener, for `createServer()` of node:http, or an Express route.
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * import { createHttpHandler, nodeListener } from 'mcp-protocol-core/http';
 *
 * createServer(nodeListener(createHttpHandler(() => new NotesServer()))).listen(3000, '127.0.0.1');
 * ```
 */
export function nodeListener(
  handle: HttpHandler,
): (request: NodeRequest, response: NodeResponse) => Promise<void> {
  const { maxBodyBytes } = handle;
  return async (request, response) => {
    try {
      let body: string | Uint8Array | undefined;
      if (request.method === 'POST') {
        body = parsedBody(request);
        if (body === undefined && request.readableEnded) {
          // Something read the body and kept nothing: waiting for it would wait forever.
          console.error(
            new Error('The request body was read before the MCP route, and no parser left it.'),
          );
          return send(response, refuse(500, ErrorCode.InternalError, 'Internal error'));
        }
        if (body === undefined) {
          try {
            body = await readNodeBody(request, maxBodyBytes);
          } catch {
            // The client went away mid-body: no one may be left to answer.
            return send(
              response,
              refuse(400, ErrorCode.InvalidRequest, 'The body could not be read.'),
            );
          }
        }
      }
      const asked = new AskedRequest(request, response, body);
      try {
        const answer = await handle(asked);
        const headers: HttpHeadersOut = answer.headers;
        // A body refused before it was read to its end: close the connection, not drain it.
        if (request.method === 'POST' && !request.readableEnded) headers.connection = 'close';
        if (typeof answer.body === 'object') return await stream(response, answer, headers);
        // A length, not chunked encoding: one write for a small answer.
        if (answer.body !== undefined) headers['content-length'] = utf8Length(answer.body);
        response.writeHead(answer.status, headers);
        response.end(answer.body);
      } finally {
        asked.release();
      }
    } catch (error) {
      // The handler never rejects; a response that cannot be written is all that can land here.
      console.error(error);
      if (!response.headersSent) {
        send(response, refuse(500, ErrorCode.InternalError, 'Internal error'));
      }
    }
  };
}
