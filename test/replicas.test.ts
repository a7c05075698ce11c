// Many replicas: three processes of the demo, each on its own port, behind nginx in round robin
// (examples/replicas/nginx.conf). The official clients complete their flows while consecutive
// requests land on different replicas: a paging cursor handed out by one replica is continued by
// another, and so are the rounds of a 2026-07-28 input request, whose state one replica signs and
// another reads with the key they share; an SSE answer passes through nginx event by event. nginx
// adds X-Upstream, the replica that answered. Without nginx, the suite is skipped.
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
import { loadRepository } from '../examples/demo/repository.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const READY_TIMEOUT_MS = 30_000;
const PAGE_SIZE = 2;
const STAFF_TOKEN = 'replica-token';
// One key in every replica: the state of an input request one signs, another reads.
const STATE_KEY = 'the replicas share this key, of 32 bytes or more';
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

// The documents each replica serves: this repository's, read as the demo reads them.
const documentCount = () => loadRepository(root).documents.size;

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
    MCP_STAFF_TOKEN: STAFF_TOKEN,
    MCP_STATE_KEY: STATE_KEY,
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
  /** What each replica printed, by address: a line per call. */
  output: (address: string) => string;
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
  const output = (address: string) =>
    replicas.find((replica) => replica.address === address)?.output() ?? '';
  return { url, addresses, output, stop: stopAll };
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
    // Each cursor, handed out by one replica, continued by the next.
    const listed: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor === undefined ? undefined : { cursor });
      assert.ok(page.tools.length <= PAGE_SIZE);
      listed.push(...page.tools.map((tool) => tool.name));
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    assert.equal(listed, TOOLS);
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
    // Resources: a page from one replica, the next from another, and a read.
    const firstPage = await client.listResources();
    assert.ok(firstPage.nextCursor);
    const secondPage = await client.listResources({ cursor: firstPage.nextCursor });
    const uris = [...firstPage.resources, ...secondPage.resources].map(({ uri }) => uri);
    assert.is(new Set(uris).size, 2 * PAGE_SIZE);
    const [read] = (await client.readResource({ uri: uris.at(-1)! })).contents;
    const path = uris.at(-1)!.replace(/^repo:\/\/[^/]+\//, '');
    assert.is((read as { text?: string }).text, await readFile(join(root, path), 'utf8'));
    // A long call's progress, on its SSE answer through nginx.
    const progress: number[] = [];
    const counted = await client.callTool(
      { name: 'count_mentions', arguments: { phrase: 'replica' } },
      undefined,
      { onprogress: (update) => progress.push(update.progress) },
    );
    assert.match(
      (counted.content as Text)[0]!.text,
      /^"replica": \d+ mentions in \d+ of \d+ documents/,
    );
    assert.equal(
      progress,
      Array.from({ length: documentCount() }, (_, index) => index + 1),
    );
  } finally {
    await client.close();
  }
  assertSpread(hops, addresses);
  for (const method of ['tools/list', 'resources/list']) {
    const pages = hops.filter((hop) => hop.method === method);
    assert.is(pages.length, method === 'tools/list' ? TOOLS.length / PAGE_SIZE : 2);
    // No page came from the replica that handed out its cursor.
    for (let i = 1; i < pages.length; i++) {
      assert.is.not(pages[i]!.upstream, pages[i - 1]!.upstream, `${method}, page ${i + 1}`);
    }
  }
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
  assert.is(pages.length, TOOLS.length / PAGE_SIZE);
  assert.is(new Set(pages.map((page) => page.upstream)).size, pages.length);
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
    TOOLS.slice(PAGE_SIZE, 2 * PAGE_SIZE),
  );
  // One no replica handed out is refused by whichever replica gets it.
  const forged = await list(btoa('2.tools.0'));
  assert.is(forged.error.code, -32602);
});

test('an SSE answer through nginx arrives event by event', async ({ cluster }) => {
  const { url, addresses } = await cluster;
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-11-25',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/call',
      params: {
        name: 'count_mentions',
        arguments: { phrase: 'nginx' },
        _meta: { progressToken: 'scan' },
      },
    }),
  });
  assert.is(response.status, 200);
  assert.match(response.headers.get('content-type') ?? '', /^text\/event-stream/);
  assert.ok(addresses.includes(response.headers.get('x-upstream') ?? ''));
  // The body as it was read: each piece as it came.
  const reads: string[] = [];
  const decoder = new TextDecoder();
  const reader = response.body!.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    reads.push(decoder.decode(read.value, { stream: true }));
  }
  const messages = reads
    .join('')
    .split('\n\n')
    .filter((event) => event.startsWith('event: message\ndata: '))
    .map((event) => JSON.parse(event.slice('event: message\ndata: '.length)));
  const progress = messages.filter((message) => message.method === 'notifications/progress');
  assert.equal(
    progress.map((message) => message.params.progress),
    Array.from({ length: documentCount() }, (_, index) => index + 1),
  );
  assert.ok(progress.every((message) => message.params.progressToken === 'scan'));
  const last = messages.at(-1);
  assert.is(last.id, 7);
  assert.match(last.result.content[0].text, /^"nginx": \d+ mentions/);
  // Not held back until the end: the first progress came in an earlier read than the result.
  const firstProgress = reads.findIndex((read) => read.includes('notifications/progress'));
  const result = reads.findIndex((read) => read.includes('"result"'));
  assert.ok(
    firstProgress >= 0 && firstProgress < result,
    `progress in read ${firstProgress}, the result in read ${result}`,
  );
});

test('the 2.x client in 2026-07-28: an input request whose rounds land on two replicas', async ({
  cluster,
}) => {
  const { url, addresses, output } = await cluster;
  const hops: Hop[] = [];
  const client = new ModernClient(
    { name: 'replicas-test', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } }, capabilities: { elicitation: {} } },
  );
  const asked: string[] = [];
  client.setRequestHandler('elicitation/create', async (request) => {
    asked.push(request.params.message);
    return { action: 'accept', content: { clear: true } };
  });
  const operations = new URL('/operations/mcp', url);
  await client.connect(
    new ModernTransport(operations, {
      fetch: recording(hops),
      requestInit: { headers: { authorization: `Bearer ${STAFF_TOKEN}` } },
    }),
  );
  try {
    const result = await client.callTool({ name: 'clear_log', arguments: {} });
    const upTo = /up to request #(\d+)\?/.exec(asked[0] ?? '')?.[1];
    assert.ok(upTo, asked.join('\n'));
    assert.match(
      (result.content as Text)[0]!.text,
      new RegExp(`^Cleared \\d+ requests from the log, up to #${upTo}\\.$`),
    );
  } finally {
    await client.close();
  }
  assertSpread(hops, addresses);
  const rounds = hops.filter((hop) => hop.method === 'tools/call');
  assert.is(rounds.length, 2);
  const [first, second] = rounds.map((round) => output(round.upstream));
  // Each replica's own log: the question on one, the answer and the clearing on another.
  assert.match(first!, /operations tools\/call clear_log input-required/);
  assert.not.match(first!, /clear_log success/);
  assert.match(second!, /operations tools\/call clear_log success/);
  assert.not.match(second!, /clear_log input-required/);
});

replicas.run();
