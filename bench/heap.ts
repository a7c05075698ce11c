// Heap growth: tools/call in-process, a million times, with a collection before and after; the
// heap in use after a full collection is sampled every tenth of the run, so that a leak shows as a
// slope. Once with one server, then a fifth as many times with a server per request (each five
// times slower). Prints one JSON line.
//
//   node --expose-gc --import tsx bench/heap.ts [calls]
import { BenchServer } from './contenders/ours.js';
import { checkAnswer, WORKLOADS } from './fixtures.js';
import type { HeapRun } from './types.js';

const calls = Number(process.argv[2] ?? 1_000_000);
const workload = WORKLOADS.find((one) => one.id === 'tools/call')!;
const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('run with --expose-gc');

function heapAfterGc(): number {
  for (let i = 0; i < 4; i++) gc!();
  return process.memoryUsage().heapUsed;
}

async function run(
  calls: number,
  handle: (payload: unknown) => Promise<unknown>,
): Promise<HeapRun> {
  // Warm up, and check the answer.
  let text = '';
  for (let i = 0; i < 10_000; i++) text = JSON.stringify(await handle(JSON.parse(workload.body)));
  const verdict = checkAnswer(workload, text);
  if (!verdict.ok) throw new Error(`wrong answer: ${verdict.problem}`);
  const before = heapAfterGc();
  const samples = [before];
  const started = performance.now();
  const step = Math.max(1, Math.floor(calls / 10));
  for (let i = 1; i <= calls; i++) {
    text = JSON.stringify(await handle(JSON.parse(workload.body)));
    if (i % step === 0) samples.push(heapAfterGc());
  }
  const seconds = (performance.now() - started) / 1000;
  const after = heapAfterGc();
  return { calls, before, after, growth: after - before, samples, seconds };
}

const server = new BenchServer();
const shared = await run(calls, (payload) => server.handle(payload));
const perRequest = await run(Math.round(calls / 5), (payload) => new BenchServer().handle(payload));
process.stdout.write(`${JSON.stringify({ shared, perRequest })}\n`);
