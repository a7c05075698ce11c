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
    fetch: (request: Request) => Response | Promise<Response>;
  }): { port: number };
};

const repository = loadRepository(fileURLToPath(new URL('../../', import.meta.url)));
const handler = createFetchHandler(() => new ProjectServer([repository]));

const server = Bun.serve({
  hostname: '127.0.0.1',
  port: Number(process.env.PORT ?? 3000),
  fetch: (request) =>
    new URL(request.url).pathname === '/mcp'
      ? handler(request)
      : new Response(null, { status: 404 }),
});
console.log(`MCP server listening on http://127.0.0.1:${server.port}/mcp`);
