// The demo's public project server on Hono, served on Node by @hono/node-server.
// `npx tsx examples/adapters/hono.ts`; PORT from the environment, default 3000 (0 picks a free one).
//
// Hono hands the route a web Request, c.req.raw: the web handler takes it as it is, and reads the
// body itself, no more than one byte past its maxBodyBytes, the one limit (set in its options).
// An SSE answer's stream is pulled as @hono/node-server writes it, waiting for `drain` when the
// connection is full: a client that reads slowly holds the answer back.
import type { Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createFetchHandler, type FetchHandler } from 'mcp-protocol-core/http';
import { ProjectServer } from '../demo/project-server.js';
import { loadRepository } from '../demo/repository.js';

const repository = loadRepository(fileURLToPath(new URL('../../', import.meta.url)));

/** Serve a handler at /mcp of a Hono app. */
export function mcpApp(handler: FetchHandler) {
  // Every method, not only POST: the handler answers GET and the others 405, with `Allow: POST`.
  // A 413 closes the connection: @hono/node-server would drain the unread rest of the body, for
  // 500 ms at most, then reset the connection, and a client still sending would lose the 413.
  return new Hono().all('/mcp', async (c) => {
    const response = await handler(c.req.raw);
    if (response.status === 413) response.headers.set('connection', 'close');
    return response;
  });
}

export const app = mcpApp(createFetchHandler(() => new ProjectServer([repository])));

/** Start the server on 127.0.0.1; resolves when it listens. */
export function start(port = 3000, served: Hono = app) {
  return new Promise<{ url: string; close: () => Promise<void> }>((resolve, reject) => {
    // HTTP/1.1, as no createServer is given: a node:http Server.
    const server = serve({ fetch: served.fetch, hostname: '127.0.0.1', port }, ({ port }) => {
      const close = () =>
        new Promise<void>((done) => {
          server.close(() => done());
          server.closeAllConnections();
        });
      resolve({ url: `http://127.0.0.1:${port}/mcp`, close });
    }) as Server;
    server.once('error', reject);
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { url } = await start(Number(process.env['PORT'] ?? 3000));
  console.log(`MCP server listening on ${url}`);
}
