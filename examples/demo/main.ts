// The demo: the public project server at /mcp and the staff-only operations server at
// /operations/mcp, on node:http. `npm start`; from the environment: PORT, MCP_STAFF_TOKEN,
// MCP_AUTHORIZATION_SERVER, MCP_CORS_ORIGINS, MCP_PAGE_SIZE (the most items a page of any list
// holds), and MCP_STATE_KEY: the key that signs the state of a 2026-07-28 input request between
// its rounds (clear_log's confirmation, summarise_document's sampling), 32 bytes or more. Without it, a key is generated at start,
// good for this process only: replicas behind one address need one key in common.
//
// Tasks (index_documents, purge_log) live in this process's memory, or in the Redis at REDIS_URL
// (e.g. redis://127.0.0.1:6379), which replicas share. MCP_TASK_LEASE_MS (how soon a task whose
// process died is failed, at least 1000), MCP_TASK_POLL_MS (how often clients poll, and replicas
// look for a cancel or an answer) and MCP_INDEX_DELAY_MS (index_documents's pause per document)
// tune them.
//
// The operations server is an OAuth protected resource: its metadata names an authorization
// server (MCP_AUTHORIZATION_SERVER, an issuer URL, or else a local development one started here),
// whose access tokens for it, with the scope `operations`, it accepts; and the staff token.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import {
  type Bus,
  changesOn,
  memoryBus,
  memoryTaskStore,
  questionsOn,
  type TaskStore,
  type TasksOptions,
  tasksIn,
} from 'mcp-protocol-core';
import {
  bearerToken,
  createHttpHandler,
  type HttpRequest,
  nodeListener,
  protectedResourceMetadata,
  unauthorized,
} from 'mcp-protocol-core/http';
import { redisBus, redisTaskStore } from 'mcp-protocol-core/redis';
import type { AuthorizationServer } from '../oauth/authorization-server.js';
import { discoverJwksUri, jwtAuthorizer } from '../oauth/verify-jwt.js';
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
  /**
   * The issuer URL of the authorization server whose tokens the operations server accepts; a
   * local development one is started when left out.
   */
  authorizationServer?: string | undefined;
  /**
   * The origins whose browser pages may call the MCP endpoints (CORS), /mcp and /operations/mcp
   * alike, e.g. `http://localhost:6274`.
   */
  corsOrigins?: readonly string[] | undefined;
  /** The most tools a page of the project server's `tools/list` holds; one page when left out. */
  pageSize?: number | undefined;
  /**
   * The key that signs input requests' state between their rounds (`requestStateKey`): 32 bytes
   * or more, the same in every replica. One is generated when left out.
   */
  stateKey?: string | undefined;
  /**
   * The Redis where tasks live (`redis://…`), which replicas share; each process's memory when left
   * out.
   */
  redisUrl?: string | undefined;
  /** How soon a task whose process died is failed, in milliseconds (`leaseMs`); 30,000 when left out. */
  taskLeaseMs?: number | undefined;
  /** How often a task's client polls it (`pollIntervalMs`); 1,000 when left out. */
  taskPollMs?: number | undefined;
  /** How long index_documents pauses per document, in milliseconds; 20 when left out. */
  indexDelayMs?: number | undefined;
}

/** The scope an access token needs for the operations server. */
export const OPERATIONS_SCOPE = 'operations';

/**
 * What the demo's processes share: a task store for each server, the bus, and how to let go of
 * them.
 */
interface TaskStores {
  project: TaskStore;
  operations: TaskStore;
  bus: Bus;
  close: () => Promise<void>;
}

// The Redis client (node-redis, a dev dependency) is loaded only when REDIS_URL names a Redis: the
// tasks and the bus live there, shared by every replica.
async function taskStores(redisUrl: string | undefined, log?: (line: string) => void) {
  if (redisUrl === undefined) {
    const stores: TaskStores = {
      project: memoryTaskStore(),
      operations: memoryTaskStore(),
      bus: memoryBus(),
      close: async () => {},
    };
    return stores;
  }
  const { createClient } = await import('redis');
  const client = createClient({ url: redisUrl });
  // node-redis reconnects by itself, and reports each failure as an error event, thrown when no
  // one listens. A call made meanwhile fails within the store's commandTimeoutMs.
  client.on('error', (error: Error) => log?.(`redis: ${error.message}`));
  await client.connect();
  // The bus subscribes on a connection of its own: Redis gives a subscribing one to pub/sub alone.
  const subscriber = client.duplicate();
  subscriber.on('error', (error: Error) => log?.(`redis (bus): ${error.message}`));
  await subscriber.connect();
  const stores: TaskStores = {
    // A prefix for each server: the two keep their tasks apart in one Redis.
    project: redisTaskStore(client, { keyPrefix: 'demo:project:task:' }),
    operations: redisTaskStore(client, { keyPrefix: 'demo:operations:task:' }),
    // One bus for the process, shared by every replica on this Redis.
    bus: redisBus(client, subscriber, { channelPrefix: 'demo:bus:' }),
    close: async () => {
      subscriber.destroy();
      client.destroy();
    },
  };
  return stores;
}

// The local development authorization server (oauth2-mock-server, a dev dependency), loaded only
// when no other is given.
async function localAuthorizationServer(): Promise<AuthorizationServer> {
  const { startAuthorizationServer } = await import('../oauth/authorization-server.js');
  return startAuthorizationServer();
}

/** Start the demo on 127.0.0.1; resolves when it listens. */
export async function startDemo({
  port = 3000,
  token = randomBytes(24).toString('base64url'),
  log,
  authorizationServer,
  corsOrigins,
  pageSize,
  stateKey = randomBytes(32).toString('base64url'),
  redisUrl,
  taskLeaseMs,
  taskPollMs,
  indexDelayMs = 20,
}: DemoOptions = {}) {
  if (Buffer.byteLength(stateKey) < 32) {
    throw new TypeError('The state key must be 32 bytes or more.');
  }
  // Made once per process, not per request: every server made for a request runs its tasks on
  // these, and every replica on the same Redis reads them.
  const stores = await taskStores(redisUrl, log);
  const timing: TasksOptions = {
    // A cancel or an answer made through another replica reaches the run at once.
    bus: stores.bus,
    ...(taskLeaseMs !== undefined && { leaseMs: taskLeaseMs }),
    ...(taskPollMs !== undefined && { pollIntervalMs: taskPollMs }),
  };
  // The changes each server announces to its listeners (subscriptions/listen), heard on every
  // replica: one channel each, so that neither hears the other's.
  const projectChanges = changesOn(stores.bus, { channel: 'demo:project:changes' });
  const operationsChanges = changesOn(stores.bus, { channel: 'demo:operations:changes' });
  const projectWork = {
    tasks: tasksIn(stores.project, timing),
    indexDelayMs,
    changes: projectChanges,
  };
  const operationsTasks = tasksIn(stores.operations, timing);
  // The handshake era's questions (clear_log's confirmation, summarise_document's sampling): an
  // answer POSTed to any replica reaches the one that asked, through the bus.
  const questions = questionsOn(stores.bus);
  const local = authorizationServer === undefined ? await localAuthorizationServer() : undefined;
  const issuer = local?.issuer ?? authorizationServer!;
  const jwksUri = local?.jwksUri ?? (await discoverJwksUri(issuer));

  const repository = loadRepository(fileURLToPath(new URL('../../', import.meta.url)));
  const activity = new Activity();
  const disconnect = activity.connect(log);
  // The log is a resource its listeners follow: told of every entry, and of a clear.
  activity.onChange = () => {
    operationsChanges.resourceUpdated('operations://log').catch(() => {});
  };

  const browsers = corsOrigins && { cors: { origins: corsOrigins } };
  const project = nodeListener(
    createHttpHandler(({ request }) => {
      const scope = new URL(request.url ?? '/', 'http://localhost').searchParams.get('repository');
      const only = scope === repository.name ? repository : undefined;
      return new ProjectServer([repository], only, pageSize, stateKey, projectWork, questions);
    }, browsers),
  );
  const scoped = nodeListener(
    createHttpHandler(
      () => new ProjectServer([repository], repository, pageSize, stateKey, projectWork, questions),
      browsers,
    ),
  );

  const notFound = (response: ServerResponse) =>
    response.writeHead(404, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: 'Nothing is served here.' },
      }),
    );

  const server = createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // The operations server's canonical URI: the audience of its access tokens (RFC 8707).
  const resource = `${base}/operations/mcp`;
  const metadata = protectedResourceMetadata({
    resource,
    authorizationServers: [issuer],
    scopesSupported: [OPERATIONS_SCOPE],
    resourceName: 'Operations',
  });
  const verify = jwtAuthorizer({ issuer, jwksUri, resource, requiredScopes: [OPERATIONS_SCOPE] });
  // Hashed first, so that the comparison takes the same time whatever the token's length.
  const expected = digest(token);
  // No token: 401, naming the metadata. The staff token, or an access token of the authorization
  // server for this server with the scope: served. Any other token: 401 invalid_token; an access
  // token without the scope: 403 insufficient_scope (see verify-jwt.ts).
  const authorize = async (request: HttpRequest) => {
    const given = bearerToken(request.headers);
    if (given === undefined) {
      return unauthorized(
        'A staff token or an access token is required: Authorization: Bearer <token>.',
      );
    }
    if (timingSafeEqual(digest(given), expected)) {
      return { subject: 'staff', scopes: [OPERATIONS_SCOPE] };
    }
    return verify(request);
  };
  const operations = nodeListener(
    createHttpHandler(
      ({ principal }) =>
        new OperationsServer(activity, {
          requestStateKey: stateKey,
          // Its tasks are the caller's: another caller's tasks/get finds none of them.
          principalId: principal.subject,
          tasks: operationsTasks,
          questions,
          changes: operationsChanges,
        }),
      {
        authorize,
        resourceMetadata: metadata,
        // Its preflight is answered before authorize runs: a browser sends no token with it.
        ...browsers,
      },
    ),
  );
  const operationsMetadata = nodeListener(metadata);

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const { pathname, searchParams } = new URL(request.url ?? '/', 'http://localhost');
    const scope = searchParams.get('repository');
    if (pathname === '/mcp' && (scope === null || scope === repository.name))
      void project(request, response);
    else if (pathname === `/mcp/${repository.name}`) void scoped(request, response);
    else if (pathname === '/operations/mcp') void operations(request, response);
    else if (pathname === metadata.path) void operationsMetadata(request, response);
    else notFound(response);
  });
  return {
    base,
    token,
    repository: repository.name,
    /** The authorization server the operations server trusts. */
    issuer,
    /** The local one, when the demo started it. */
    authorization: local,
    /** The operations server's protected resource metadata. */
    metadata,
    /** Where tasks live: `redis` or `memory`. */
    taskStore: redisUrl === undefined ? 'memory' : 'redis',
    close: async () => {
      disconnect();
      // Listeners are told the server ends (a complete answer), not left to a dropped stream.
      await Promise.all([projectChanges.close(), operationsChanges.close()]);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await local?.close();
      await stores.close();
    },
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
  const stateKey = process.env.MCP_STATE_KEY;
  if (stateKey !== undefined && Buffer.byteLength(stateKey) < 32) {
    console.error('MCP_STATE_KEY must be 32 bytes or more, e.g. openssl rand -base64 32.');
    process.exit(1);
  }
  const milliseconds = (name: string, least: number) => {
    const text = process.env[name];
    if (text === undefined) return undefined;
    const value = Number(text);
    if (Number.isSafeInteger(value) && value >= least) return value;
    console.error(`${name} must be an integer of at least ${least} (milliseconds), not ${text}.`);
    process.exit(1);
  };
  const demo = await startDemo({
    port: Number(process.env.PORT ?? 3000),
    token: process.env.MCP_STAFF_TOKEN,
    pageSize,
    stateKey,
    redisUrl: process.env.REDIS_URL || undefined,
    taskLeaseMs: milliseconds('MCP_TASK_LEASE_MS', 1_000),
    taskPollMs: milliseconds('MCP_TASK_POLL_MS', 1),
    indexDelayMs: milliseconds('MCP_INDEX_DELAY_MS', 0),
    log: (line) => console.log(`${new Date().toISOString()} ${line}`),
    authorizationServer: process.env.MCP_AUTHORIZATION_SERVER,
    corsOrigins: process.env.MCP_CORS_ORIGINS?.split(','),
  });
  console.log(
    'The mcp-protocol-core demo: this repository, served to MCP clients by two servers (examples/demo/README.md).\n',
  );
  console.log(
    `Project server:    ${demo.base}/mcp  (one repository: ${demo.base}/mcp/${demo.repository})`,
  );
  console.log(`Operations server: ${demo.base}/operations/mcp  (staff only)`);
  console.log(
    demo.taskStore === 'redis'
      ? 'Tasks: in the Redis at REDIS_URL.'
      : "Tasks: in this process's memory (REDIS_URL keeps them in a Redis instead).",
  );
  if (generated) console.log(`Staff token (set MCP_STAFF_TOKEN to choose one): ${demo.token}`);
  console.log(`  or an OAuth access token with the scope ${OPERATIONS_SCOPE}, from ${demo.issuer}`);
  console.log(`  (its metadata: ${demo.metadata.url})`);
  if (demo.authorization !== undefined) {
    console.log(
      '  That authorization server is a local one for development (MCP_AUTHORIZATION_SERVER names another); a token from it:',
    );
    console.log(
      `  curl -s ${demo.authorization.tokenEndpoint} -d grant_type=client_credentials -d client_id=demo -d scope=${OPERATIONS_SCOPE} -d resource=${demo.metadata.document.resource}`,
    );
  }
  console.log('\nConnect a client (the MCP Inspector 2.12.0 needs Node 22.19.0 or later):');
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
