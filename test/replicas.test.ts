// Many replicas: three processes of the demo, each on its own port, behind nginx in round robin
// (examples/replicas/nginx.conf). The official clients complete their flows while consecutive
// requests land on different replicas, and a paging cursor handed out by one replica is continued
// by another. nginx adds X-Upstream, the replica that answered. Without nginx, the suite is skipped.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { chown, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernTransport,
} from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

const root = fileURLToPath(new URL('../', import.meta.url));
const READY_TIMEOUT_MS = 30_000;
const PAGE_SIZE = 2;
const TOOLS = [
  'list_documents',
  'read_document',
  'search_documents',
  'read_blog',
  'count_mentions',
  'summarise_document',
];
// nobody:nogroup on Debian: nginx is not run as root, even by a test that is.
const UNPRIVILEGED = 65_534;
type Text = { type: string; text: string }[];

/** The nginx binary, or `undefined` when there is none (not on PATH, nor where Debian puts it). */
function findNginx(): string | undefined {
  for (const candidate of ['nginx', '/usr/sbin/nginx']) {
    const { error, status } = spawnSync(candidate, ['-v'], { stdio: 'ignore' });
    if (error === undefined && status === 0) return candidate;
  }
  return undefined;
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

interface Started {
  child: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

/** Spawn a process that this one takes down with it, should it end first. */
function start(command: string, args: string[], options: Parameters<typeof spawn>[2]): Started {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = once(child, 'exit');
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk;
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk;
  });
  child.on('error', () => {}); // seen as an exit below
  return {
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      process.off('exit', kill);
    },
  };
}

/** Wait until `ready()` holds, or fail with the process's output. */
async function until(process_: Started, what: string, ready: () => Promise<boolean> | boolean) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (await ready()) return;
    const { exitCode, signalCode } = process_.child;
    if (exitCode !== null || signalCode !== null || Date.now() > deadline) {
      await process_.stop();
      throw new Error(`${what}: not ready\n${process_.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

interface Replica extends Started {
  /** Where it listens, as nginx's $upstream_addr names it: `127.0.0.1:PORT`. */
  address: string;
}

/** The demo, as `npm start` runs it, on a port of its own and tools/list in pages of two. */
async function startReplica(): Promise<Replica> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    MCP_PAGE_SIZE: String(PAGE_SIZE),
    MCP_STAFF_TOKEN: 'replica-token',
    NO_COLOR: '1',
  };
  delete env.FORCE_COLOR;
  const args = ['--import', 'tsx', 'examples/demo/main.ts'];
  const replica = start(process.execPath, args, { cwd: root, env });
  const listening = () =>
    /Project server:\s+http:\/\/(127\.0\.0\.1:\d+)\/mcp/.exec(replica.output());
  await until(replica, 'a replica', () => listening() !== null);
  return { ...replica, address: listening()![1]! };
}

/** examples/replicas/nginx.conf, its replicas and its port rewritten. */
async function nginxSite(addresses: readonly string[], port: number): Promise<string> {
  const site = await readFile(join(root, 'examples/replicas/nginx.conf'), 'utf8');
  let n = 0;
  const rewritten = site
    .replace(/server 127\.0\.0\.1:\d+;/g, () => `server ${addresses[n++]};`)
    .replace(/listen 127\.0\.0\.1:\d+;/, `listen 127.0.0.1:${port};`);
  if (n !== addresses.length || !rewritten.includes(`listen 127.0.0.1:${port};`)) {
    throw new Error('examples/replicas/nginx.conf: three servers and a listen were expected');
  }
  return rewritten;
}

/** nginx's own configuration: every file it writes in `dir`, and the site included. */
function nginxConfig(dir: string): string {
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'];
  return [
    'worker_processes 1;', // one round robin, not one per worker
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log warn;`,
    'events { worker_connections 64; }',
    'http {',
    `  access_log ${dir}/access.log;`,
    ...temp.map((kind) => `  ${kind}_temp_path ${dir}/${kind};`),
    `  include ${dir}/site.conf;`,
    '}',
    '',
  ].join('\n');
}

interface Cluster {
  url: string;
  addresses: readonly string[];
  stop: () => Promise<void>;
}

async function startCluster(nginx: string): Promise<Cluster> {
  const started = await Promise.allSettled([startReplica(), startReplica(), startReplica()]);
  const replicas = started.flatMap((one) => (one.status === 'fulfilled' ? [one.value] : []));
  const failed = started.find((one) => one.status === 'rejected');
  if (failed !== undefined) {
    await Promise.all(replicas.map((replica) => replica.stop()));
    throw failed.reason;
  }
  const addresses = replicas.map((replica) => replica.address);
  const dir = await mkdtemp(join(tmpdir(), 'mcp-replicas-'));
  const port = await freePort();
  await writeFile(join(dir, 'site.conf'), await nginxSite(addresses, port));
  await writeFile(join(dir, 'nginx.conf'), nginxConfig(dir));
  const root_ = process.getuid?.() === 0;
  if (root_) await chown(dir, UNPRIVILEGED, UNPRIVILEGED);
  const proxy = start(
    nginx,
    ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log'), '-g', 'daemon off;'],
    root_ ? { uid: UNPRIVILEGED, gid: UNPRIVILEGED } : {},
  );
  const stopAll = async () => {
    await Promise.all([proxy.stop(), ...replicas.map((replica) => replica.stop())]);
    await rm(dir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}/mcp`;
  try {
    // A GET through nginx is answered 405 by a replica once both are up.
    const answered = () =>
      fetch(url).then(
        (response) => response.status === 405,
        () => false,
      );
    await until(proxy, 'nginx', answered);
  } catch (error) {
    const log = await readFile(join(dir, 'error.log'), 'utf8').catch(() => '');
    await stopAll();
    throw new Error(`${(error as Error).message}\n${log}`);
  }
  return { url, addresses, stop: stopAll };
}

/** One request a client sent, and the replica that answered it. */
interface Hop {
  method: string;
  upstream: string;
}

/** A fetch for a client's transport that notes, for each request, who answered it. */
function recording(hops: Hop[]) {
  return async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const response = await fetch(input, init);
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const method: string = body?.method ?? init?.method ?? 'GET';
    hops.push({ method, upstream: response.headers.get('x-upstream') ?? '' });
    return response;
  };
}

function assertSpread(hops: readonly Hop[], addresses: readonly string[]) {
  for (const { method, upstream } of hops) {
    assert.ok(addresses.includes(upstream), `${method} answered by ${upstream || 'nobody'}`);
  }
  const distinct = new Set(hops.map((hop) => hop.upstream));
  assert.ok(distinct.size >= 2, `every request went to ${[...distinct].join(', ')}`);
  // Round robin: no two requests in a row went to the same replica.
  for (let i = 1; i < hops.length; i++) {
    assert.is.not(hops[i]!.upstream, hops[i - 1]!.upstream, `requests ${i - 1} and ${i}`);
  }
}

const NGINX = findNginx();
if (NGINX === undefined) {
  console.log('replicas.test.ts: nginx is not installed (apt-get install -y nginx); skipped.');
}

const missing = Promise.reject<Cluster>(new Error('nginx is not installed'));
missing.catch(() => {});
const replicas = suite<{ cluster: Promise<Cluster> }>(
  'three replicas of the demo behind nginx, round robin',
  { cluster: missing },
);
const test = NGINX === undefined ? replicas.skip : replicas;

replicas.before((context) => {
  if (NGINX === undefined) return;
  context.cluster = startCluster(NGINX);
  // uvu does not report a hook's failure: every test awaits the cluster, and fails with it.
  context.cluster.catch(() => {});
});

replicas.after(async ({ cluster }) => {
  await (await cluster.catch(() => undefined))?.stop();
});

test('the SDK v1 client: the handshake on one replica, the rest on others', async ({ cluster }) => {
  const { url, addresses } = await cluster;
  const hops: Hop[] = [];
  const client = new Client({ name: 'replicas-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { fetch: recording(hops) }));
  try {
    assert.is(client.getServerVersion()?.name, 'project');
    const first = await client.listTools();
    assert.ok(first.nextCursor, 'a first page of two hands out a cursor');
    // The cursor, handed out by one replica, continued by the next.
    const second = await client.listTools({ cursor: first.nextCursor });
    assert.is(second.nextCursor, undefined);
    assert.equal(
      [...first.tools, ...second.tools].map((tool) => tool.name),
      TOOLS,
    );
    const readme = await client.callTool({
      name: 'read_document',
      arguments: { path: 'README.md', max_lines: 1 },
    });
    assert.match((readme.content as Text)[0]!.text, /^# README\.md\n\n# mcp-protocol-core/);
    const found = await client.callTool({
      name: 'search_documents',
      arguments: { query: 'createFetchHandler', limit: 1 },
    });
    assert.match((found.content as Text)[0]!.text, /createFetchHandler/);
  } finally {
    await client.close();
  }
  assertSpread(hops, addresses);
  const pages = hops.filter((hop) => hop.method === 'tools/list');
  assert.is(pages.length, 2);
  assert.is.not(pages[0]!.upstream, pages[1]!.upstream);
  const handshake = hops.find((hop) => hop.method === 'initialize')!;
  const calls = hops.filter((hop) => hop.method === 'tools/call');
  assert.ok(calls.some((call) => call.upstream !== handshake.upstream));
});

test('the 2.x client in 2026-07-28: pages walked across replicas, calls spread', async ({
  cluster,
}) => {
  const { url, addresses } = await cluster;
  const hops: Hop[] = [];
  const client = new ModernClient(
    { name: 'replicas-test', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  await client.connect(new ModernTransport(new URL(url), { fetch: recording(hops) }));
  try {
    assert.is(client.getNegotiatedProtocolVersion(), '2026-07-28');
    // With no cursor, the client walks every page itself.
    const { tools } = await client.listTools();
    assert.equal(
      tools.map((tool) => tool.name),
      TOOLS,
    );
    for (const query of ['stateless', 'createHttpHandler']) {
      const found = await client.callTool({ name: 'search_documents', arguments: { query } });
      assert.is(found.isError, undefined);
      assert.match((found.content as Text)[0]!.text, new RegExp(query));
    }
  } finally {
    await client.close();
  }
  assertSpread(hops, addresses);
  const pages = hops.filter((hop) => hop.method === 'tools/list');
  assert.is(pages.length, 2);
  assert.is.not(pages[0]!.upstream, pages[1]!.upstream);
});

test('tools/list over the wire: a cursor any replica continues, a forged one none', async ({
  cluster,
}) => {
  const { url } = await cluster;
  const list = async (cursor?: string) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'mcp-protocol-version': '2025-11-25' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { cursor } }),
    });
    const body = await response.json();
    return { upstream: response.headers.get('x-upstream'), ...body };
  };
  const first = await list();
  const second = await list(first.result.nextCursor);
  assert.is.not(second.upstream, first.upstream);
  assert.equal(
    second.result.tools.map((tool: { name: string }) => tool.name),
    TOOLS.slice(PAGE_SIZE),
  );
  // One no replica handed out is refused by whichever replica gets it.
  const forged = await list(btoa('2.tools.0'));
  assert.is(forged.error.code, -32602);
});

replicas.run();
