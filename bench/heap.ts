// Heap growth: every workload in turn, in-process, a million calls, with a collection before and
// after; the heap in use after a full collection is sampled every tenth of the run, so that a leak
// shows as a slope. Twice: through handle() of one server (the workloads that do not stream), and
// through the HTTP layer (createHttpHandler with plain requests, a server per request, every
// workload, the SSE answers read to their end). Prints one JSON line.
//
//   node --expose-gc --import tsx bench/heap.ts [calls]

import { BenchServer, oursHttp } from './contenders/ours.js';
import type { Op } from './contenders/types.js';
import { CALL_WORKLOADS, checkAnswer, WORKLOADS, type Workload } from './fixtures.js';
import type { HeapRun } from './types.js';

const calls = Number(process.argv[2] ?? 1_000_000);
const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('run with --expose-gc');

function heapAfterGc(): number {
  for (let i = 0; i < 4; i++) gc!();
  return process.memoryUsage().heapUsed;
}

async function run(calls: number, workloads: readonly Workload[], ops: Op[]): Promise<HeapRun> {
  // Warm up, and check every answer.
  for (const [index, workload] of workloads.entries()) {
    let text: string | undefined;
    for (let i = 0; i < 1000; i++) text = await ops[index]!(workload.body);
    const verdict = checkAnswer(workload, text);
    if (!verdict.ok) throw new Error(`${workload.id}: wrong answer: ${verdict.problem}`);
  }
  const bodies = workloads.map((workload) => workload.body);
  const before = heapAfterGc();
  const samples = [before];
  const started = performance.now();
  const step = Math.max(1, Math.floor(calls / 10));
  for (let i = 1; i <= calls; i++) {
    const index = i % ops.length;
    await ops[index]!(bodies[index]!);
    if (i % step === 0) samples.push(heapAfterGc());
  }
  const seconds = (performance.now() - started) / 1000;
  const after = heapAfterGc();
  return {
    calls,
    workloads: workloads.map((workload) => workload.id),
    before,
    after,
    growth: after - before,
    samples,
    seconds,
  };
}

const server = new BenchServer();
const handleOp: Op = async (text) => {
  const answer = await server.handle(JSON.parse(text));
  return answer === undefined ? undefined : JSON.stringify(answer);
};
const shared = await run(
  calls,
  CALL_WORKLOADS,
  CALL_WORKLOADS.map(() => handleOp),
);
const http = await run(
  calls,
  WORKLOADS,
  await Promise.all(WORKLOADS.map((workload) => oursHttp.prepare(workload))),
);
process.stdout.write(`${JSON.stringify({ shared, http })}\n`);
