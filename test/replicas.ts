// Three processes of the demo, each on its own port, behind nginx in round robin
// (examples/replicas/nginx.conf), for the tests of many replicas: test/replicas.test.ts and
// test/replicas-tasks.test.ts. nginx adds X-Upstream, the replica that answered. Every process is
// stopped by its pid, and taken down with the test's process should that end first.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { chown, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as assert from 'uvu/assert';
import { freePort } from './free-port.js';

export const root = fileURLToPath(new URL('../', import.meta.url));
const READY_TIMEOUT_MS = 30_000;
// nobody:nogroup on Debian: nginx is not run as root, even by a test that is.
const UNPRIVILEGED = 65_534;

/** The nginx binary, or `undefined` when there is none (not on PATH, nor where Debian puts it). */
export function findNginx(): string | undefined {
  for (const candidate of ['nginx', '/usr/sbin/nginx']) {
    const { error, status } = spawnSync(candidate, ['-v'], { stdio: 'ignore' });
    if (error === undefined && status === 0) return candidate;
  }
  return undefined;
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

/** The demo, as `npm start` runs it, on a port of its own, with more of its environment. */
async function startReplica(env: Record<string, string>): Promise<Replica> {
  const environment: NodeJS.ProcessEnv = { ...process.env, PORT: '0', NO_COLOR: '1', ...env };
  delete environment.FORCE_COLOR;
  const args = ['--import', 'tsx', 'examples/demo/main.ts'];
  const replica = start(process.execPath, args, { cwd: root, env: environment });
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

export interface Cluster {
  url: string;
  addresses: readonly string[];
  /** What each replica printed, by address: a line per call. */
  output: (address: string) => string;
  /** Kill a replica at once (SIGKILL), as a crash would: it finishes nothing. */
  kill: (address: string) => Promise<void>;
  stop: () => Promise<void>;
}

/** Three replicas of the demo, with `env` added to each one's environment, behind nginx. */
export async function startCluster(nginx: string, env: Record<string, string>): Promise<Cluster> {
  const started = await Promise.allSettled([
    startReplica(env),
    startReplica(env),
    startReplica(env),
  ]);
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
  const replicaAt = (address: string) => replicas.find((replica) => replica.address === address);
  const output = (address: string) => replicaAt(address)?.output() ?? '';
  const kill = async (address: string) => {
    const replica = replicaAt(address);
    if (replica === undefined) throw new Error(`no replica at ${address}`);
    const { child } = replica;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    process.kill(child.pid!, 'SIGKILL');
    await exited;
  };
  return { url, addresses, output, kill, stop: stopAll };
}

/** One request a client sent, and the replica that answered it. */
export interface Hop {
  method: string;
  upstream: string;
}

/** A fetch for a client's transport that notes, for each request, who answered it. */
export function recording(hops: Hop[]) {
  return async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const response = await fetch(input, init);
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const method: string = body?.method ?? init?.method ?? 'GET';
    hops.push({ method, upstream: response.headers.get('x-upstream') ?? '' });
    return response;
  };
}

/** Every request answered by a replica, by two or more, and no two in a row by the same. */
export function assertSpread(hops: readonly Hop[], addresses: readonly string[]) {
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
