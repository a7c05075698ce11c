// The demo's public project server on Express 5. `npx tsx examples/adapters/express.ts`; PORT from
// the environment, default 3000 (0 picks a free one).
//
// Express's requests and responses are Node's, so the node:http adapter serves the route: it reads
// the raw body itself, no more than one byte past the limit. Not express.raw(): past its `limit`
// Express answers 413 with its own HTML page, not the handler's JSON-RPC error. Mount the route
// before any body parser (express.json()), which would consume the body first.
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import express from 'express';
import { createHttpHandler } from 'mcp-protocol-core/http';
import { ProjectServer } from '../demo/project-server.js';
import { loadRepository } from '../demo/repository.js';
import { nodeListener } from '../node-http.js';

const repository = loadRepository(fileURLToPath(new URL('../../', import.meta.url)));

/** Start the server on 127.0.0.1; resolves when it listens. */
export async function start(port = 3000) {
  const app = express();
  // Every method, not only POST: the handler answers GET and the others 405, with `Allow: POST`.
  app.all('/mcp', nodeListener(createHttpHandler(() => new ProjectServer([repository]))));
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
  const { url } = await start(Number(process.env.PORT ?? 3000));
  console.log(`MCP server listening on ${url}`);
}
