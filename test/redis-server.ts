// A real redis-server for tests: started on 127.0.0.1, on a free port, in a temporary directory,
// persisting nothing unless asked (`--save '' --appendonly no`), and stopped by its pid. Tests
// that need one skip, saying so, when redis-server is not installed (`apt-get install
// redis-server`; .ci/run installs it).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.js';

const READY_TIMEOUT_MS = 10_000;

/** The redis-server binary, or `undefined` when there is none (not on PATH, nor Debian's path). */
export function findRedisServer(): string | undefined {
  for (const candidate of ['redis-server', '/usr/bin/redis-server']) {
    const { error, status } = spawnSync(candidate, ['--version'], { stdio: 'ignore' });
    if (error === undefined && status === 0) return candidate;
  }
  return undefined;
}

export const REDIS_SERVER = findRedisServer();

/** Print why a suite is skipped, once, when there is no redis-server. */
export function skipWithoutRedis(file: string): boolean {
  if (REDIS_SERVER !== undefined) return false;
  console.log(
    `${file}: redis-server is not installed (apt-get install -y redis-server); its Redis tests are skipped.`,
  );
  return true;
}

export interface RedisServerOptions {
  /** Keep an append-only file (`--appendonly yes`): what a restart reads back. */
  appendOnly?: boolean;
  /** With `appendOnly`, `always` writes every command to disk before answering. */
  appendFsync?: 'always' | 'everysec' | 'no';
}

export interface RedisServer {
  readonly port: number;
  readonly url: string;
  readonly dir: string;
  /** The running process's pid. */
  readonly pid: number;
  /** What it printed. */
  output(): string;
  /** Stop it gracefully (SIGTERM is Redis's SHUTDOWN: the append-only file is flushed). */
  stop(): Promise<void>;
  /** Kill it (SIGKILL: no shutdown, no flush), and wait until it is gone. */
  kill(): Promise<void>;
  /** Start it again after stop() or kill(), on the same port, in the same directory. */
  start(): Promise<void>;
  /** Stop it gracefully, then start it again on the same port, in the same directory. */
  restart(): Promise<void>;
  /** Stop it, and remove its directory. */
  close(): Promise<void>;
}

/** Whether a PING on a new connection gets PONG (not -LOADING while it reads its file). */
function pong(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let reply = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk;
      if (reply.includes('\r\n')) done(reply.startsWith('+PONG'));
    });
  });
}

/** Start a redis-server, and wait until it answers. */
export async function startRedisServer(options: RedisServerOptions = {}): Promise<RedisServer> {
  if (REDIS_SERVER === undefined) throw new Error('redis-server is not installed');
  const binary = REDIS_SERVER;
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'mcp-redis-'));
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--dir',
    dir,
    '--save',
    '',
    '--appendonly',
    options.appendOnly ? 'yes' : 'no',
    '--appendfsync',
    options.appendFsync ?? 'everysec',
    '--daemonize',
    'no',
  ];
  let child: ChildProcess;
  let output = '';
  const kill = () => child.kill('SIGKILL');

  async function launch(): Promise<void> {
    child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child.on('error', () => {}); // seen as an exit below
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk;
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk;
    });
    process.once('exit', kill);
    const deadline = Date.now() + READY_TIMEOUT_MS;
    while (!(await pong(port))) {
      if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
        await stop();
        throw new Error(`redis-server did not start:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async function stop(): Promise<void> {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = once(child, 'exit');
      process.kill(child.pid!, 'SIGTERM');
      await exited;
    }
    process.off('exit', kill);
  }

  await launch();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    dir,
    get pid() {
      return child.pid!;
    },
    output: () => output,
    stop,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = once(child, 'exit');
        process.kill(child.pid!, 'SIGKILL');
        await exited;
      }
      process.off('exit', kill);
    },
    start: launch,
    async restart() {
      await stop();
      await launch();
    },
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
