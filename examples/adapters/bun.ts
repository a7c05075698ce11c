// The demo's public project server on Bun, whose requests are web Requests: createFetchHandler.
//   bun examples/adapters/bun.ts
// Bun resolves './x.js' to x.ts, and ajv from node_modules, with no flag. PORT from the
// environment, default 3000; PORT=0 picks a free one, printed.
import { fileURLToPath } from 'node:url';
import { createFetchHandler } from 'mcp-protocol-core/http';
import { ProjectServer } from '../demo/project-server.js';
import { loadRepository } from '../demo/repository.js';

// Bun's own types are not in this repository's tsconfig: the little used here, declared.
declare const Bun: {
  serve(options: {
    hostname: string;
    port: number;
    maxRequestBodySize?: number;
    fetch: (request: Request) => Response | Promise<Response>;
  }): { port: number };
};

const repository = loadRepository(fileURLToPath(new URL('../../', import.meta.url)));
// The one body limit is the handler's maxBodyBytes, set in its options: the handler reads no more
// than one byte past it and answers 413 with a JSON-RPC error. Bun's own cap (128 MiB by default)
// is kept above it, so that Bun's bare 413 never answers first.
const handler = createFetchHandler(() => new ProjectServer([repository]));
const BUN_DEFAULT_MAX_REQUEST_BODY_SIZE = 128 * 1024 * 1024;

const server = Bun.serve({
  hostname: '127.0.0.1',
  port: Number(process.env.PORT ?? 3000),
  maxRequestBodySize: Math.max(handler.maxBodyBytes + 1, BUN_DEFAULT_MAX_REQUEST_BODY_SIZE),
  fetch: (request) =>
    new URL(request.url).pathname === '/mcp'
      ? handler(request)
      : new Response(null, { status: 404 }),
});
console.log(`MCP server listening on http://127.0.0.1:${server.port}/mcp`);
