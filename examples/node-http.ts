// The node:http adapter: a Node request in, the plain handler's response out. Node's requests are
// not web Requests, so it calls the plain handler, not the web wrapper, which would cost more than
// the answer.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DEFAULT_MAX_BODY_BYTES, type HttpHandler } from 'mcp-protocol-core/http';

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

/**
 * A node:http request listener that answers with an MCP handler.
 *
 * @example
 * ```ts
 * createServer(nodeListener(createHttpHandler(() => new NotesServer()))).listen(3000, '127.0.0.1');
 * ```
 */
export function nodeListener(handle: HttpHandler, maxBodyBytes = DEFAULT_MAX_BODY_BYTES) {
  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    try {
      const body =
        request.method === 'POST' ? await readNodeBody(request, maxBodyBytes) : undefined;
      const answer = await handle({
        method: request.method ?? 'GET',
        url: request.url,
        headers: request.headers,
        body,
      });
      const headers: Record<string, string | number> = answer.headers;
      // A length, not chunked encoding: one write for a small answer.
      if (answer.body !== undefined) headers['content-length'] = Buffer.byteLength(answer.body);
      // A body refused before it was read to its end: close the connection rather than drain it.
      if (request.method === 'POST' && !request.readableEnded) headers.connection = 'close';
      response.writeHead(answer.status, headers);
      response.end(answer.body);
    } catch {
      // The handler never throws; a client that vanished mid-body is all that can land here.
      if (!response.headersSent) response.writeHead(400).end();
    }
  };
}
