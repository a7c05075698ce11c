// The demo: the public project server at /mcp and the staff-only operations server at
// /operations/mcp, on node:http. `npm start`; from the environment: PORT, MCP_STAFF_TOKEN,
// MCP_CORS_ORIGINS, and MCP_PAGE_SIZE (the most items a page of any list holds).
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import {
  bearerToken,
  createHttpHandler,
  type HttpRequest,
  unauthorized,
} from 'mcp-protocol-core/http';
import { nodeListener } from '../node-http.js';
import { Activity } from './activity.js';
import { OperationsServer } from './operations-server.js';
import { ProjectServer } from './project-server.js';
import { loadRepository } from './repository.js';

const digest = (text: string) => createHash('sha256').update(text).digest();

export interface DemoOptions {
  port?: number;
  /** The staff token; one is generated when left out. */
  token?: string | undefined;
  /** Where a log line per call goes; none when left out. */
  log?: (line: string) => void;
  /** The origins whose browser pages may call /mcp (CORS), e.g. `http://localhost:6274`. */
  corsOrigins?: readonly string[] | undefined;
  /** The most tools a page of the project server's `tools/list` holds; one page when left out. */
  pageSize?: number | undefined;
}

/** Start the demo on 127.0.0.1; resolves when it listens. */
export async function startDemo({
  port = 3000,
  token = randomBytes(24).toString('base64url'),
  log,
  corsOrigins,
  pageSize,
}: DemoOptions = {}) {
  const repository = loadRepository(fileURLToPath(new URL('../../', import.meta.url)));
  const activity = new Activity();
  const disconnect = activity.connect(log);

  const browsers = corsOrigins && { cors: { origins: corsOrigins } };
  const project = nodeListener(
    createHttpHandler(({ request }) => {
      const scope = new URL(request.url ?? '/', 'http://localhost').searchParams.get('repository');
      const only = scope === repository.name ? repository : undefined;
      return new ProjectServer([repository], only, pageSize);
    }, browsers),
  );
  const scoped = nodeListener(
    createHttpHandler(() => new ProjectServer([repository], repository, pageSize)),
  );

  // Hashed first, so that the comparison takes the same time whatever the token's length.
  const expected = digest(token);
  // No token, or a wrong one: 401, the client must (re)authenticate; a wrong one is told
  // invalid_token (RFC 6750), as the MCP authorization spec asks for invalid or expired tokens.
  // 403 would be for a caller known but without the right, which one shared token cannot tell.
  const authorize = (request: HttpRequest) => {
    const given = bearerToken(request.headers);
    if (given === undefined)
      return unauthorized('A staff token is required: Authorization: Bearer <token>.');
    return timingSafeEqual(digest(given), expected)
      ? 'staff'
      : unauthorized('This token is not a staff token.', { error: 'invalid_token' });
  };
  const operations = nodeListener(
    createHttpHandler(() => new OperationsServer(activity), { authorize }),
  );

  const notFound = (response: ServerResponse) =>
    response.writeHead(404, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: 'Nothing is served here.' },
      }),
    );

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const { pathname, searchParams } = new URL(request.url ?? '/', 'http://localhost');
    const scope = searchParams.get('repository');
    if (pathname === '/mcp' && (scope === null || scope === repository.name))
      void project(request, response);
    else if (pathname === `/mcp/${repository.name}`) void scoped(request, response);
    else if (pathname === '/operations/mcp') void operations(request, response);
    else notFound(response);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    token,
    repository: repository.name,
    close: () =>
      new Promise<void>((resolve) => {
        disconnect();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const generated = process.env.MCP_STAFF_TOKEN === undefined;
  const pageSize =
    process.env.MCP_PAGE_SIZE === undefined ? undefined : Number(process.env.MCP_PAGE_SIZE);
  if (pageSize !== undefined && !(Number.isSafeInteger(pageSize) && pageSize >= 1)) {
    console.error(
      `MCP_PAGE_SIZE must be an integer of at least 1, not ${process.env.MCP_PAGE_SIZE}.`,
    );
    process.exit(1);
  }
  const demo = await startDemo({
    port: Number(process.env.PORT ?? 3000),
    token: process.env.MCP_STAFF_TOKEN,
    pageSize,
    log: (line) => console.log(`${new Date().toISOString()} ${line}`),
    corsOrigins: process.env.MCP_CORS_ORIGINS?.split(','),
  });
  console.log(
    `Project server:    ${demo.base}/mcp  (one repository: ${demo.base}/mcp/${demo.repository})`,
  );
  console.log(`Operations server: ${demo.base}/operations/mcp  (staff only)`);
  if (generated) console.log(`Staff token (set MCP_STAFF_TOKEN to choose one): ${demo.token}`);
  console.log('\nConnect a client (the MCP Inspector 2.x needs Node 22.19 or later):');
  console.log(
    `  npx @modelcontextprotocol/inspector@2.12.0 --cli ${demo.base}/mcp --method tools/list`,
  );
  console.log(
    `  npx @modelcontextprotocol/inspector@2.12.0 --cli ${demo.base}/operations/mcp --header "Authorization: Bearer ${demo.token}" --method tools/list`,
  );
  console.log('\nCtrl-C stops it.\n');
  const stop = async () => {
    await demo.close();
    console.log('Stopped.');
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
