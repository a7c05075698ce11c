// One contender's operation on one workload, `count` times after a warm-up, for bench/instructions.ts
// to count the instructions of under callgrind. bench/instructions.ts bundles this file into
// bench/.out/instructions/instructions-op.mjs, this library's imports pointing at the build.
//
//   node --predictable bench/.out/instructions/instructions-op.mjs <module> <export> <workload> <count>
//
// The answer is checked before anything is counted; a wrong one exits with status 1.
import type { Contender } from './contenders/types.js';
import { checkAnswer, workload as workloadOf } from './fixtures.js';

const [moduleName = 'ours', exportName = 'ours', workloadId = 'tools/call', countArg = '0'] =
  process.argv.slice(2);
const count = Number(countArg);

const MODULES: Record<string, () => Promise<unknown>> = {
  floor: () => import('./contenders/floor.js'),
  ours: () => import('./contenders/ours.js'),
  tmcp: () => import('./contenders/tmcp.js'),
};
const load = MODULES[moduleName];
if (load === undefined) throw new Error(`no contender module ${moduleName}`);
const contender = ((await load()) as Record<string, Contender>)[exportName];
if (contender === undefined)
  throw new Error(`bench/contenders/${moduleName}.ts has no ${exportName}`);

const workload = workloadOf(workloadId);
const op = await contender.prepare(workload);
const verdict = checkAnswer(workload, await op(workload.body));
if (!verdict.ok) {
  process.stderr.write(`${contender.label}, ${workloadId}: ${verdict.problem}\n`);
  process.exit(1);
}
// Enough for V8 to have optimized the operation, so that no compilation falls among the counted
// ones: with 2,000, a tools/call counted half again as many instructions over 2,000 as over 5,000.
for (let i = 0; i < 10_000; i++) await op(workload.body);
for (let i = 0; i < count; i++) await op(workload.body);
