import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHttpHandler, nodeListener } from 'mcp-protocol-core/http';
import { GreetServer } from './server.js';

// A server per request: nothing is kept between requests, so any process can answer any of them.
// nodeListener reads Node's request and writes the answer, streamed as fast as the client reads.
const http = createServer(nodeListener(createHttpHandler(() => new GreetServer())));
http.listen(Number(process.env['PORT'] ?? 3000), '127.0.0.1', () => {
  const { port } = http.address() as AddressInfo;
  console.log(`MCP server listening on http://127.0.0.1:${port}/mcp`);
});
