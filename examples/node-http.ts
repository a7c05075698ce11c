// The node:http adapter: a Node request in, the plain handler's response out. Node's requests are
// not web Requests, so it calls the plain handler, not the web wrapper, which would cost more than
// the answer.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HttpHandler, HttpRequest, HttpResponse } from 'mcp-protocol-core/http';

/** Read a request's body, but no more than one byte past the limit: the handler answers 413. */
export function readNodeBody(request: IncomingMessage, maxBytes: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size > maxBytes) {
        request.pause();
        resolve(Buffer.concat(chunks).subarray(0, maxBytes + 1));
      }
    });
    request.on('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/** A request that a body parser (Express's `express.json()`, say) may have read already. */
type ParsedRequest = IncomingMessage & { body?: unknown };

// The body as a parser left it: bytes (express.raw()), text (express.text()), or the parsed JSON
// (express.json()), written out again. `undefined` when no parser ran.
function parsedBody({ body }: ParsedRequest): string | Uint8Array | undefined {
  if (body === undefined || typeof body === 'string' || body instanceof Uint8Array) return body;
  return JSON.stringify(body);
}

function send(response: ServerResponse, status: number, code: number, message: string) {
  const body = JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message } });
  response.writeHead(status, { 'content-type': 'application/json', connection: 'close' });
  response.end(body);
}

type HttpHeadersOut = Record<string, string | number>;

// An SSE answer: each event written as it comes, which node:http sends at once (chunked).
async function stream(response: ServerResponse, answer: HttpResponse, headers: HttpHeadersOut) {
  const events = (answer.body as AsyncIterable<string>)[Symbol.asyncIterator]();
  response.once('close', () => events.return?.());
  response.writeHead(answer.status, headers);
  for (let event = await events.next(); !event.done; event = await events.next()) {
    response.write(event.value);
  }
  response.end();
}

// A Node request as the handler reads it. Its signal, which aborts when the client goes away
// before its answer was written, is made only when the handler asks for it (a 2026-07-28 request
// does; a handshake-era one does not): on Node 20 an AbortSignal costs more than the rest of a small
// answer. A class, not an object literal with a getter, which V8 builds slowly. Once answered, it
// lets go of the Node request and response (release()): what the engine keeps of a handled request
// until its next full collection must not keep Node's objects of every answered request with it.
class NodeRequest implements HttpRequest {
  readonly method: string;
  readonly url: string | undefined;
  readonly headers: IncomingMessage['headers'];
  #request: IncomingMessage | undefined;
  #response: ServerResponse | undefined;
  #gone: AbortController | undefined;

  constructor(
    request: IncomingMessage,
    response: ServerResponse,
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

  /** Let go of the Node request and response: the answer has been written. */
  release(): void {
    this.#request = undefined;
    this.#response = undefined;
  }
}

/**
 * A node:http request listener that answers with an MCP handler, reading bodies no more than one
 * byte past the handler's `maxBodyBytes`. Mounted behind a body parser such as `express.json()`,
 * it takes the body the parser left in `request.body`. Its promise never rejects.
 *
 * @example
 * ```ts
 * createServer(nodeListener(createHttpHandler(() => new NotesServer()))).listen(3000, '127.0.0.1');
 * ```
 */
export function nodeListener(handle: HttpHandler) {
  const { maxBodyBytes } = handle;
  return async (request: ParsedRequest, response: ServerResponse): Promise<void> => {
    try {
      let body: string | Uint8Array | undefined;
      if (request.method === 'POST') {
        body = parsedBody(request);
        if (body === undefined && request.readableEnded) {
          // Something read the body and kept nothing: waiting for it would wait forever.
          console.error(
            new Error('The request body was read before the MCP route, and no parser left it.'),
          );
          return send(response, 500, -32603, 'Internal error');
        }
        if (body === undefined) {
          try {
            body = await readNodeBody(request, maxBodyBytes);
          } catch {
            // The client went away mid-body: no one may be left to answer.
            return send(response, 400, -32600, 'The body could not be read.');
          }
        }
      }
      const asked = new NodeRequest(request, response, body);
      try {
        const answer = await handle(asked);
        const headers: HttpHeadersOut = answer.headers;
        // A body refused before it was read to its end: close the connection, not drain it.
        if (request.method === 'POST' && !request.readableEnded) headers.connection = 'close';
        if (typeof answer.body === 'object') return await stream(response, answer, headers);
        // A length, not chunked encoding: one write for a small answer.
        if (answer.body !== undefined) headers['content-length'] = Buffer.byteLength(answer.body);
        response.writeHead(answer.status, headers);
        response.end(answer.body);
      } finally {
        asked.release();
      }
    } catch (error) {
      // The handler never rejects; a response that cannot be written is all that can land here.
      console.error(error);
      if (!response.headersSent) send(response, 500, -32603, 'Internal error');
    }
  };
}
