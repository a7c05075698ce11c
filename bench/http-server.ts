// One HTTP server of the benchmark, on 127.0.0.1 and a free port, which it prints as a JSON line
// ({"port": N}) when it listens; it stops on SIGTERM or SIGINT.
//
//   node --import tsx bench/http-server.ts <kind> [workload]
//   node bench/.out/http/http-server.mjs …   (bundled by bench/run.ts, the library from dist/)
//
// - floor: a bare node:http server that reads the body and answers a fixed JSON body (this
//   library's answer to the workload named, tools/call by default): what no node:http server can
//   beat. A reference only.
//
// The floors answer what this library answers, written beforehand by bench/run.ts to
// bench/.out/answers.json: they never load the library, so that their RSS is a bare server's.
// - floor-json: the JSON floor: it reads the headers it needs (Content-Type, Accept,
//   MCP-Protocol-Version) and the body, parses it with JSON.parse, and makes this library's answer
//   to it with JSON.stringify (the answer looked up by the request's id, so any workload's), as the
//   in-process floor does: what no server that reads its requests can beat. For a request that
//   asks for progress, each message of the stream is stringified and written as an SSE event, as
//   it would be sent.
// - ours: this library through its node:http adapter (nodeListener of mcp-protocol-core/http), a server per request,
//   as the README does it: createServer(nodeListener(createHttpHandler(() => new BenchServer()))).
// - ours-generated: the same, its validators generated at build time (bench/.out/validators.mjs,
//   as examples/workers/build.ts makes them) and handed over with setSchemaCompiler: ajv never
//   loads.
// - sdk: the official SDK's documented stateless pattern (simpleStatelessStreamableHttp), on
//   node:http instead of express: per request, a new McpServer and StreamableHTTPServerTransport
//   ({ sessionIdGenerator: undefined, enableJsonResponse: true }), handleRequest(req, res,
//   parsedBody) with the body read and parsed as express.json() would, then both closed.
// - sdk-sse: the same without enableJsonResponse: every answer an SSE stream, as a server whose
//   tools report progress must be.
// - tmcp: tmcp's HTTP transport (@tmcp/transport-http), one server, on node:http through
//   @hono/node-server's getRequestListener (its answers are web Responses).
// - mcp-lite: mcp-lite's StreamableHttpTransport, stateless, one server, the same way.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Validator } from '../src/index.js';
import { WORKLOADS } from './fixtures.js';

const kind = process.argv[2] ?? 'ours';
const workloadId = process.argv[3] ?? 'tools/call';

function readText(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** Where bench/run.ts writes this library's answer to every workload, by workload id. */
const ANSWERS_FILE = 'bench/.out/answers.json';

// This library's answer to a workload, as its HTTP layer gives it: JSON text, or SSE events.
let answers: Record<string, string> | undefined;
function oursAnswer(id: string): string {
  answers ??= JSON.parse(readFileSync(ANSWERS_FILE, 'utf8')) as Record<string, string>;
  const answer = answers[id];
  if (answer === undefined) throw new Error(`${ANSWERS_FILE} has no answer to ${id}`);
  return answer;
}

function floorListener(): RequestListener {
  const body = oursAnswer(workloadId);
  const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) };
  return async (request, response) => {
    await readText(request);
    response.writeHead(200, headers).end(body);
  };
}

type Message = { jsonrpc: '2.0'; id?: unknown; [key: string]: unknown };

const SSE_HEADERS = { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' };

function floorJsonListener(): RequestListener {
  // Every workload's answer by its request's id: one message, or the messages of a stream.
  const answers = new Map<unknown, Message | Message[]>();
  for (const workload of WORKLOADS) {
    const text = oursAnswer(workload.id);
    const request = JSON.parse(workload.body) as Message | Message[];
    if (Array.isArray(request)) continue;
    answers.set(
      request.id,
      workload.stream === undefined
        ? (JSON.parse(text) as Message)
        : text
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => JSON.parse(line.slice(6)) as Message),
    );
  }
  return async (request, response) => {
    const { headers } = request;
    const json = headers['content-type']?.includes('application/json') === true;
    const streams = headers.accept?.includes('text/event-stream') === true;
    // Read, as a server must; the answers do not depend on it.
    void headers['mcp-protocol-version'];
    const message = JSON.parse(await readText(request)) as Message;
    const answer = json ? answers.get(message.id) : undefined;
    if (answer === undefined) {
      response.writeHead(400).end();
    } else if (Array.isArray(answer)) {
      if (!streams) return void response.writeHead(406).end();
      response.writeHead(200, SSE_HEADERS);
      const last = answer.length - 1;
      for (let i = 0; i < last; i++) {
        response.write(`event: message\ndata: ${JSON.stringify(answer[i])}\n\n`);
      }
      response.end(
        `event: message\ndata: ${JSON.stringify({ ...answer[last], id: message.id })}\n\n`,
      );
    } else {
      const body = JSON.stringify({ ...answer, id: message.id });
      response
        .writeHead(200, {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        })
        .end(body);
    }
  };
}

async function sdkListener(json: boolean): Promise<RequestListener> {
  const { StreamableHTTPServerTransport } = await import(
    '@modelcontextprotocol/sdk/server/streamableHttp.js'
  );
  const { createSdkServer, STATELESS, STATELESS_SSE } = await import('./contenders/sdk.js');
  return async (request, response) => {
    const server = createSdkServer();
    try {
      const parsedBody = JSON.parse(await readText(request));
      const transport = new StreamableHTTPServerTransport(json ? STATELESS : STATELESS_SSE);
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

async function fetchListener(
  handler: (request: Request) => Promise<Response>,
): Promise<RequestListener> {
  const { getRequestListener } = await import('@hono/node-server');
  return getRequestListener(handler) as RequestListener;
}

async function tmcpListener(): Promise<RequestListener> {
  const { tmcpFetchHandler } = await import('./contenders/tmcp.js');
  return fetchListener(tmcpFetchHandler());
}

async function mcpLiteListener(): Promise<RequestListener> {
  const { StreamableHttpTransport } = await import('mcp-lite');
  const { createMcpLiteServer } = await import('./contenders/mcp-lite.js');
  const handler = new StreamableHttpTransport().bind(createMcpLiteServer());
  return fetchListener(async (request) => handler(request));
}

async function oursListener(): Promise<RequestListener> {
  const { nodeListener } = await import('../src/http.js');
  const { benchHttpHandler } = await import('./contenders/ours.js');
  return nodeListener(benchHttpHandler());
}

const listeners: Record<string, () => Promise<RequestListener> | RequestListener> = {
  floor: floorListener,
  'floor-json': floorJsonListener,
  ours: oursListener,
  'ours-generated': async () => {
    const { setSchemaCompiler } = await import('../src/index.js');
    // Written by bench/run.ts (bundleValidators), beside the answers.
    const file = pathToFileURL(resolve('bench/.out/validators.mjs')).href;
    const { validators } = (await import(file)) as { validators: Record<string, Validator> };
    setSchemaCompiler((schema) => {
      const validate = validators[JSON.stringify(schema)];
      // Not ajv in its place, which would measure the other server: it fails to start.
      if (validate === undefined) throw new Error('no validator was generated for this schema');
      return validate;
    });
    return oursListener();
  },
  sdk: () => sdkListener(true),
  'sdk-sse': () => sdkListener(false),
  tmcp: tmcpListener,
  'mcp-lite': mcpLiteListener,
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
