// The demo's public project server on Deno, whose requests are web Requests: createFetchHandler.
//   deno run --sloppy-imports --node-modules-dir=manual \
//     --allow-net=127.0.0.1 --allow-read --allow-env examples/adapters/deno.ts
// --sloppy-imports: src/ imports './x.js' where the file is x.ts, as NodeNext wants; Deno resolves
// that only with this flag. --node-modules-dir=manual: ajv, CommonJS, from the repository's
// node_modules as npm installed it (Deno finds package.json), never fetched. In this repository
// deno.json maps mcp-protocol-core to src/; in a project of your own it comes from node_modules.
// PORT from the environment, default 3000; PORT=0 picks a free one, printed.
//
// SSE answers stream as they are: Deno writes each chunk of a Response's ReadableStream as it
// comes, pulling the next only once the connection has taken it (a slow client holds it back), and aborts the Request's signal (and cancels the stream) when the client goes away,
// which the handler turns into the cancellation of a 2026-07-28 request.
import { fileURLToPath } from 'node:url';
import { createFetchHandler, type FetchHandler } from 'mcp-protocol-core/http';
import { ProjectServer } from '../demo/project-server.js';
import { loadRepository } from '../demo/repository.js';

// Deno's own types are not in this repository's tsconfig: the little used here, declared.
declare const Deno: {
  env: { get(name: string): string | undefined };
  serve(
    options: { hostname: string; port: number; onListen?: (address: { port: number }) => void },
    handler: (request: Request) => Response | Promise<Response>,
  ): { finished: Promise<void> };
};

/** Serve a handler at /mcp of 127.0.0.1:PORT, and print the URL once it listens. */
export function serve(handler: FetchHandler, port = Number(Deno.env.get('PORT') ?? 3000)) {
  return Deno.serve(
    {
      hostname: '127.0.0.1',
      port,
      onListen: ({ port }) => console.log(`MCP server listening on http://127.0.0.1:${port}/mcp`),
    },
    (request) =>
      new URL(request.url).pathname === '/mcp'
        ? handler(request)
        : new Response(null, { status: 404 }),
  );
}

if ((import.meta as { main?: boolean }).main) {
  const repository = loadRepository(fileURLToPath(new URL('../../', import.meta.url)));
  // The one body limit is the handler's maxBodyBytes, set in its options (Deno.serve has none of
  // its own): the handler reads no more than one byte past it and answers 413 with a JSON-RPC error.
  serve(createFetchHandler(() => new ProjectServer([repository])));
}
