// The demo's public project server on Express 5. `npx tsx examples/adapters/express.ts`; PORT from
// the environment, default 3000 (0 picks a free one).
//
// Express's requests and responses are Node's, so the node:http adapter serves the route: it reads
// the raw body itself, no more than one byte past the handler's maxBodyBytes, the one limit. Not
// express.raw(): past its `limit` Express answers 413 with its own HTML page, not the handler's
// JSON-RPC error.
//
// Best mount the route before any body parser. Behind express.json() it still works: the adapter
// takes the parsed body from req.body, as the stream is spent. But then express.json()'s own limit
// (100kb by default) applies first, answered with Express's HTML 413, and so does its strictness
// (a body that is not JSON, or not an object or array, is Express's HTML 400); the handler's
// maxBodyBytes applies after, to the body written out again. Give express.json() a `limit` of at
// least the handler's maxBodyBytes if the MCP route must come after it.
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import express from 'express';
import { createHttpHandler, type HttpHandler, nodeListener } from 'mcp-protocol-core/http';
import { ProjectServer } from '../demo/project-server.js';
import { loadRepository } from '../demo/repository.js';

const repository = loadRepository(fileURLToPath(new URL('../../', import.meta.url)));

/** Serve a handler at /mcp of an Express app, to which `setup` may first add middleware. */
export function mcpApp(handler: HttpHandler, setup?: (app: express.Express) => void) {
  const app = express();
  setup?.(app);
  // Every method, not only POST: the handler answers GET and the others 405, with `Allow: POST`.
  app.all('/mcp', nodeListener(handler));
  return app;
}

/** Start the server on 127.0.0.1; resolves when it listens. */
export async function start(
  port = 3000,
  app = mcpApp(createHttpHandler(() => new ProjectServer([repository]))),
) {
  const server = app.listen(port, '127.0.0.1');
  await new Promise((resolve, reject) => server.once('listening', resolve).once('error', reject));
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`, close };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { url } = await start(Number(process.env['PORT'] ?? 3000));
  console.log(`MCP server listening on ${url}`);
}
