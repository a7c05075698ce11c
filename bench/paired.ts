// The in-process ratios to the floor measured side by side: the floor and handle() in one process,
// for each workload timed in turns. On a shared machine whose speed moves by half from one second
// to the next, the timings of bench/inprocess.ts, each contender in a process of its own minutes
// apart, cannot tell a ratio to better than that; here each round times one batch of each
// (about 20 ms each) back to back, the round's ratio is taken, and the median of the rounds'
// ratios is the figure. A batch is many calls timed together, each awaited when the contender
// answers with a promise (the floor does not), from an emptied young generation, so that the
// collections within it are of its own garbage. The order turns each round, so that neither always
// runs first. The floor's operation shares no code with handle() but V8's builtins. Peers keep
// processes of their own: in one, each would run amid the other's heap, V8's process-wide caches
// and the fixtures' tools that both call (in a trial beside tmcp's core, handle()'s own times were
// 1.2 to 1.7 times those beside the floor). Prints one JSON line per workload: handle()'s time
// over the floor's.
//
//   node --expose-gc bench/.out/inprocess/paired.mjs [seconds per workload]
import { floor } from './contenders/floor.js';
import { ours } from './contenders/ours.js';
import type { Op } from './contenders/types.js';
import { CALL_WORKLOADS, checkAnswer } from './fixtures.js';
import { median } from './stats.js';
import type { PairedResult } from './types.js';

const seconds = Number(process.argv[2] ?? '1');
const [first, second] = ['floor', 'ours'] as const;

// About this long per batch: long enough that the timer's cost and a collection's are spread over
// many calls, short enough that the machine's speed is the same for both batches of a round.
const BATCH_MS = 20;

const contenders = [
  { id: first, contender: floor },
  { id: second, contender: ours },
];

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as PromiseLike<unknown> | undefined)?.then === 'function';

// Nanoseconds per call, over `calls` calls in a row.
async function batch(op: Op, body: string, calls: number, sync: boolean): Promise<number> {
  const start = performance.now();
  if (sync) for (let i = 0; i < calls; i++) op(body);
  else for (let i = 0; i < calls; i++) await op(body);
  return ((performance.now() - start) * 1e6) / calls;
}

for (const workload of CALL_WORKLOADS) {
  const timed: { id: string; op: Op; sync: boolean; calls: number }[] = [];
  const wrong: Record<string, string> = {};
  for (const { id, contender } of contenders) {
    try {
      const op = await contender.prepare(workload);
      const answer = op(workload.body);
      const verdict = checkAnswer(workload, isThenable(answer) ? await answer : answer);
      if (!verdict.ok) {
        wrong[id] = verdict.problem;
        continue;
      }
      // Warmed up, then its batch sized from the warm-up's pace.
      const sync = !isThenable(answer);
      const warmUntil = performance.now() + 200 * seconds;
      let warm = 0;
      const started = performance.now();
      while (warm < 2000 || performance.now() < warmUntil) {
        await batch(op, workload.body, 100, sync);
        warm += 100;
      }
      const perCall = (performance.now() - started) / warm;
      timed.push({ id, op, sync, calls: Math.max(10, Math.round(BATCH_MS / perCall)) });
    } catch (error) {
      wrong[id] = `threw ${String(error).split('\n')[0]!.slice(0, 200)}`;
    }
  }
  globalThis.gc?.();
  const rounds = Math.max(9, Math.round((seconds * 1000) / (BATCH_MS * timed.length)));
  const times = new Map<string, number[]>(timed.map(({ id }) => [id, []]));
  for (let round = 0; round < rounds; round++) {
    for (let turn = 0; turn < timed.length; turn++) {
      const { id, op, sync, calls } = timed[(round + turn) % timed.length]!;
      // Each batch from an emptied young generation: what the collector does within it is for
      // this contender's own garbage, not the other's. (A full collection before each batch made
      // handle()'s batches up to twice as slow, as if every one started cold.)
      (globalThis.gc as ((options: { type: 'minor' }) => void) | undefined)?.({ type: 'minor' });
      times.get(id)!.push(await batch(op, workload.body, calls, sync));
    }
  }
  const [a, b] = [times.get(first), times.get(second)];
  const each = a && b ? b.map((ns, round) => ns / a[round]!) : [];
  const result: PairedResult = {
    workload: workload.id,
    rounds,
    nsPerCall: Object.fromEntries([...times].map(([id, ns]) => [id, median(ns)])),
    ratio:
      each.length > 0
        ? { median: median(each), min: Math.min(...each), max: Math.max(...each) }
        : undefined,
    wrong,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
