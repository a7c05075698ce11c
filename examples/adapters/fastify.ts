// The demo's public project server on Fastify 5. `npx tsx examples/adapters/fastify.ts`; PORT from
// the environment, default 3000 (0 picks a free one).
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { createHttpHandler, type HttpHandler, readNodeBody } from 'mcp-protocol-core/http';
import { ProjectServer } from '../demo/project-server.js';
import { loadRepository } from '../demo/repository.js';

const repository = loadRepository(fileURLToPath(new URL('../../', import.meta.url)));

/** Start the server on 127.0.0.1; resolves when it listens. */
export async function start(
  port = 3000,
  handler: HttpHandler = createHttpHandler(() => new ProjectServer([repository])),
) {
  // close() ends every connection, as the other examples' do: by default Fastify waits for those
  // it does not count as idle, such as one a client opened and has sent nothing on yet.
  const app = Fastify({ forceCloseConnections: true });
  // The body as bytes, whatever its Content-Type, no more than one byte past the handler's limit:
  // the handler answers 415, 413 and 400. Not `parseAs: 'buffer'`, whose bodyLimit (1 MiB by
  // default) answers 413 in Fastify's way; a parser that reads the stream itself is not under it.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request: unknown, payload: IncomingMessage) =>
    readNodeBody(payload, handler.maxBodyBytes),
  );
  // Every method, not only POST: the handler answers GET and the others 405, with `Allow: POST`.
  app.all('/mcp', async (request, reply) => {
    const { method, url, headers, raw } = request;
    const body = request.body as Uint8Array | undefined;
    // The client went away before its answer was written: its request may be cancelled.
    const gone = new AbortController();
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) gone.abort();
    });
    const answer = await handler({ method, url, headers, body, signal: gone.signal });
    // A body refused before it was read to its end: close the connection rather than drain it.
    if (body !== undefined && !raw.readableEnded) reply.header('connection', 'close');
    reply.code(answer.status).headers(answer.headers);
    if (typeof answer.body === 'string' || answer.body === undefined)
      return reply.send(answer.body);
    // An SSE answer: Fastify pipes the stream, each event written as it comes, the next read only
    // once the connection has taken it (a slow client holds the answer back), and destroys it
    // when the client goes away, which stops reading the events.
    return reply.send(Readable.from(answer.body, { objectMode: false }));
  });
  await app.listen({ host: '127.0.0.1', port });
  const { port: bound } = app.server.address() as { port: number };
  return { url: `http://127.0.0.1:${bound}/mcp`, close: () => app.close() };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { url } = await start(Number(process.env['PORT'] ?? 3000));
  console.log(`MCP server listening on ${url}`);
}
