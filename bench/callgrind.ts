// Counting instructions with valgrind's callgrind, for bench/instructions.ts and
// bench/instructions-http.ts: a process under `node --predictable`, which runs V8 on one thread,
// so that a count repeats within about 1% however busy the machine is.
import { type ChildProcess, spawn } from 'node:child_process';
import { cpus } from 'node:os';

/** The node binary that runs the counted processes: INSTRUCTIONS_NODE, or this one. */
export const node = process.env.INSTRUCTIONS_NODE ?? process.execPath;

/** A node script started under callgrind, and the instructions it ran once it has exited. */
export function underCallgrind(argv: string[]): { child: ChildProcess; total: Promise<number> } {
  const child = spawn(
    'valgrind',
    ['--tool=callgrind', '--callgrind-out-file=/dev/null', node, '--predictable', ...argv],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  child.stdout!.resume();
  const total = new Promise<number>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      const found = /Collected : (\d+)/.exec(stderr)?.[1];
      // A server stopped by SIGTERM exits by its handler (0) or by the signal: both are counted.
      if ((code === 0 || signal === 'SIGTERM') && found !== undefined) resolve(Number(found));
      else reject(new Error(`${argv.join(' ')} exited ${code ?? signal}:\n${stderr.slice(-2000)}`));
    });
  });
  return { child, total };
}

/** The instructions a node script runs to its end, as callgrind counts them. */
export function counted(argv: string[]): Promise<number> {
  return underCallgrind(argv).total;
}

/** Jobs run at most one per core: callgrind's counts do not depend on the machine's load. */
export async function inParallel<T>(jobs: (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const at = next++;
      results[at] = await jobs[at]!();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, cpus().length) }, worker));
  return results;
}
