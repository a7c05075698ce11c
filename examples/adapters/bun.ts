// The demo's public project server on Bun, whose requests are web Requests: createFetchHandler.
//   bun examples/adapters/bun.ts
// Bun resolves './x.js' to x.ts, and ajv from node_modules, with no flag. PORT from the
// environment, default 3000; PORT=0 picks a free one, printed.
//
// SSE answers stream as they are: Bun writes each chunk of a Response's ReadableStream as it comes,
// pulling the next only once the connection has taken it (a slow client holds it back),
// and aborts the Request's signal (and cancels the stream) when the client goes away, which the
// handler turns into the cancellation of a 2026-07-28 request.
import { fileURLToPath } from 'node:url';
import { createFetchHandler, type FetchHandler } from 'mcp-protocol-core/http';
import { ProjectServer } from '../demo/project-server.js';
import { loadRepository } from '../demo/repository.js';

// Bun's own types are not in this repository's tsconfig: the little used here, declared.
declare const Bun: {
  serve(options: {
    hostname: string;
    port: number;
    maxRequestBodySize?: number;
    idleTimeout?: number;
    fetch: (request: Request) => Response | Promise<Response>;
  }): { port: number };
};

const BUN_DEFAULT_MAX_REQUEST_BODY_SIZE = 128 * 1024 * 1024;

/** Serve a handler at /mcp of 127.0.0.1:PORT, and print the URL once it listens. */
export function serve(handler: FetchHandler, port = Number(process.env['PORT'] ?? 3000)) {
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port,
    // The one body limit is the handler's maxBodyBytes, set in its options: the handler reads no
    // more than one byte past it and answers 413 with a JSON-RPC error. Bun's own cap (128 MiB by
    // default) is kept above it, so that Bun's bare 413 never answers first.
    maxRequestBodySize: Math.max(handler.maxBodyBytes + 1, BUN_DEFAULT_MAX_REQUEST_BODY_SIZE),
    // Bun closes a connection after 10 s without a byte either way. An answer may be silent
    // longer: a tool call runs up to 30 s by default before its first notification, and an SSE
    // answer sends a keep-alive comment every 15 s. In seconds; 255 at most.
    idleTimeout: 60,
    fetch: (request) =>
      new URL(request.url).pathname === '/mcp'
        ? handler(request)
        : new Response(null, { status: 404 }),
  });
  console.log(`MCP server listening on http://127.0.0.1:${server.port}/mcp`);
  return server;
}

if ((import.meta as { main?: boolean }).main) {
  const repository = loadRepository(fileURLToPath(new URL('../../', import.meta.url)));
  serve(createFetchHandler(() => new ProjectServer([repository])));
}
