// The in-process benchmark of one contender, in a process of its own (so that no contender's code,
// heap or JIT state weighs on another's): for each workload, the answer is checked, then the
// operation (request text → parse → handle → stringify → answer text) is warmed up and timed with
// mitata, one operation per sample. Prints one JSON line per workload (the streaming ones only for
// contenders that stream).
//
//   node --expose-gc --import tsx bench/inprocess.ts <contender module> <export> [seconds]
//   node --expose-gc bench/.out/inprocess/inprocess.mjs …   (bundled by bench/run.ts, the library
//                                                            from dist/, as the HTTP servers run it)
import { measure } from 'mitata';
import type { Contender, Op } from './contenders/types.js';
import { checkAnswer, WORKLOADS } from './fixtures.js';
import type { InProcessResult, OpStats } from './types.js';

const [moduleName = 'ours', exportName = 'ours', secondsArg = '0.5'] = process.argv.slice(2);
const seconds = Number(secondsArg);

// Warm the JIT up on the operation: for a time, and at least a few hundred calls.
async function warmUp(op: Op, body: string, forMs: number): Promise<void> {
  const until = performance.now() + forMs;
  for (let i = 0; i < 200 || performance.now() < until; i++) await op(body);
}

// One operation per sample: mitata batches operations under `batch_threshold` ns into one sample
// by default; -1 turns that off, so each sample is one call, timed by itself.
async function time(op: Op, body: string): Promise<OpStats> {
  await warmUp(op, body, seconds * 600);
  const fn = () => op(body);
  const stats = await measure(fn, {
    batch_threshold: -1,
    min_samples: 100,
    min_cpu_time: seconds * 1e9,
  });
  return {
    min: stats.min,
    p50: stats.p50,
    avg: stats.avg,
    p99: stats.p99,
    samples: stats.samples.length,
  };
}

// Named one by one, so that esbuild bundles each into a chunk of its own (bench/bundle.ts).
const MODULES: Record<string, () => Promise<unknown>> = {
  floor: () => import('./contenders/floor.js'),
  ours: () => import('./contenders/ours.js'),
  sdk: () => import('./contenders/sdk.js'),
  tmcp: () => import('./contenders/tmcp.js'),
  'mcp-lite': () => import('./contenders/mcp-lite.js'),
};
const load = MODULES[moduleName];
if (load === undefined) throw new Error(`no contender module ${moduleName}`);
const module = (await load()) as Record<string, Contender>;
const contender = module[exportName];
if (contender === undefined) {
  throw new Error(`bench/contenders/${moduleName}.ts has no ${exportName}`);
}

// The streaming workloads only for the contenders that stream: the others have nowhere to send
// the notifications, so their answer would be a plain result.
for (const workload of WORKLOADS) {
  if (workload.stream !== undefined && !contender.streams) continue;
  const op = await contender.prepare(workload);
  let verdict: InProcessResult['verdict'];
  try {
    verdict = checkAnswer(workload, await op(workload.body));
  } catch (error) {
    verdict = { ok: false, problem: `threw ${String(error).split('\n')[0]!.slice(0, 200)}` };
  }
  const result: InProcessResult = {
    contender: `${moduleName}.${exportName}`,
    label: contender.label,
    how: contender.how,
    workload: workload.id,
    verdict,
  };
  // A wrong answer is reported, not timed.
  if (verdict.ok) result.stats = await time(op, workload.body);
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

// The harness's own cost per sample, for the record: an empty sync and an empty async operation.
if (moduleName === 'floor') {
  for (const [name, op] of [
    ['noop (sync)', () => ''],
    ['noop (async)', async () => ''],
  ] as const) {
    const stats = await time(op, '');
    process.stdout.write(
      `${JSON.stringify({ contender: 'harness', label: name, how: '', workload: name, verdict: { ok: true }, stats })}\n`,
    );
  }
}

// What a server per request costs by itself: `new BenchServer()` alone. Well under a microsecond,
// so timed in mitata's batches (4,096 calls a sample) rather than one call a sample.
if (moduleName === 'ours' && exportName === 'ours') {
  const { BenchServer } = await import('./contenders/ours.js');
  const stats = await measure(() => new BenchServer(), { min_cpu_time: seconds * 1e9 });
  const result: InProcessResult = {
    contender: 'ours.new',
    label: 'new BenchServer()',
    how: 'the constructor alone, 10 tools; batched samples',
    workload: 'new-server',
    verdict: { ok: true },
    stats: {
      min: stats.min,
      p50: stats.p50,
      avg: stats.avg,
      p99: stats.p99,
      samples: stats.samples.length,
    },
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
