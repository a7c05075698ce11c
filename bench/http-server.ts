// One HTTP server of the benchmark, on 127.0.0.1 and a free port, which it prints as a JSON line
// ({"port": N}) when it listens; it stops on SIGTERM or SIGINT.
//
//   node --import tsx bench/http-server.ts floor|floor-json|ours|sdk
//   node bench/.out/http-server.mjs …        (bundled by bench/run.ts, the library from dist/)
//
// - floor: a bare node:http server that reads the body and answers a fixed JSON body (this
//   library's answer to the tools/call workload): what no node:http server can beat.
// - floor-json: the same, but it parses the body with JSON.parse and makes the answer with
//   JSON.stringify, as the in-process floor does: what no server that reads its requests can beat.
// - ours: this library through its node:http adapter (examples/node-http.ts), a server per request,
//   as the README does it: createServer(nodeListener(createHttpHandler(() => new BenchServer()))).
// - sdk: the official SDK's documented stateless pattern (simpleStatelessStreamableHttp), on
//   node:http instead of express: per request, a new McpServer and StreamableHTTPServerTransport
//   ({ sessionIdGenerator: undefined, enableJsonResponse: true }), handleRequest(req, res,
//   parsedBody) with the body read and parsed as express.json() would, then both closed.
import { createServer, type IncomingMessage, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { nodeListener } from '../examples/node-http.js';
import { createHttpHandler } from '../src/http.js';
import { BenchServer, ours } from './contenders/ours.js';
import { WORKLOADS } from './fixtures.js';

const kind = process.argv[2] ?? 'ours';

function readText(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

// This library's answer to the tools/call workload, which the floors send back.
async function oursAnswer(): Promise<string> {
  const workload = WORKLOADS.find((one) => one.id === 'tools/call')!;
  return (await (
    await ours.prepare(workload)
  )(workload.body))!;
}

async function floorListener(): Promise<RequestListener> {
  const body = await oursAnswer();
  const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) };
  return async (request, response) => {
    await readText(request);
    response.writeHead(200, headers).end(body);
  };
}

async function floorJsonListener(): Promise<RequestListener> {
  const { result } = JSON.parse(await oursAnswer()) as { result: unknown };
  return async (request, response) => {
    const { id } = JSON.parse(await readText(request)) as { id: number };
    const body = JSON.stringify({ jsonrpc: '2.0', id, result });
    response
      .writeHead(200, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      })
      .end(body);
  };
}

async function sdkListener(): Promise<RequestListener> {
  const { StreamableHTTPServerTransport } = await import(
    '@modelcontextprotocol/sdk/server/streamableHttp.js'
  );
  const { createSdkServer, STATELESS } = await import('./contenders/sdk.js');
  return async (request, response) => {
    const server = createSdkServer();
    try {
      const parsedBody = JSON.parse(await readText(request));
      const transport = new StreamableHTTPServerTransport(STATELESS);
      await server.connect(transport);
      await transport.handleRequest(request, response, parsedBody);
      response.on('close', () => {
        void transport.close();
        void server.close();
      });
    } catch {
      if (!response.headersSent) response.writeHead(500).end();
    }
  };
}

const listeners: Record<string, () => Promise<RequestListener> | RequestListener> = {
  floor: floorListener,
  'floor-json': floorJsonListener,
  ours: () => nodeListener(createHttpHandler(() => new BenchServer())),
  sdk: sdkListener,
};

const make = listeners[kind];
if (make === undefined)
  throw new Error(`unknown server ${kind}: ${Object.keys(listeners).join(', ')}`);
const server = createServer(await make());
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
});
const stop = () => {
  server.close();
  server.closeAllConnections();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
