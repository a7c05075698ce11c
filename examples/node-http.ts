// An MCP server on Node's own http module: nothing to copy, the listener is the library's.
// `npx tsx examples/node-http.ts`; PORT from the environment, default 3000 (0 picks a free one).
//
// nodeListener reads a request's body (no more than one byte past the handler's maxBodyBytes),
// passes the client's going away as the request's signal, and writes the answer: an SSE answer
// event by event, as fast as the client reads it. Express mounts it as a route
// (examples/adapters/express.ts).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createHttpHandler, type HttpHandler, nodeListener } from 'mcp-protocol-core/http';
import { GreetServer } from './quickstart/server.js';

export { nodeListener, readNodeBody } from 'mcp-protocol-core/http';

/** Serve a handler on 127.0.0.1; resolves with its URL once it listens. */
export async function start(handler: HttpHandler, port = 3000) {
  const http = createServer(nodeListener(handler));
  await new Promise((resolve, reject) =>
    http.listen(port, '127.0.0.1', () => resolve(null)).once('error', reject),
  );
  const close = () =>
    new Promise<void>((resolve) => {
      http.close(() => resolve());
      http.closeAllConnections();
    });
  return { url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`, http, close };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // A server per request: nothing is kept between requests, so any process can answer any of them.
  const { url } = await start(
    createHttpHandler(() => new GreetServer()),
    Number(process.env['PORT'] ?? 3000),
  );
  console.log(`MCP server listening on ${url}`);
}
