// Instructions per operation, counted by valgrind's callgrind: what a change does to the code's
// cost on a machine whose timings move too much from run to run to tell a few percent. Each
// operation of bench/instructions-op.ts (the floor, handle() of one server, the HTTP layer with
// plain request objects) runs in a process of its own under `node --predictable`, which runs V8
// on one thread and repeats a count within about 1%: after a warm-up, once with COUNT operations
// and once with three times as many; the difference over 2 × COUNT is the figure (what a process
// costs once, its start and its end, cancels out). The cold start
// (bench/cold-start.ts) is counted whole, from `node` to its first tools/call answered. Needs
// valgrind (Debian's package) and a build (npm run build); writes bench/.out/instructions.md.
//
//   npx tsx bench/instructions.ts                  every workload, and the cold start
//   npx tsx bench/instructions.ts tools/call ping  these workloads only, no cold start
//
//   INSTRUCTIONS_COUNT   operations counted per run (default 5000)
//   INSTRUCTIONS_NODE    the node binary that runs the counted processes (default this one)
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { build } from 'esbuild';
import { bundleColdStart, libraryFromDist, NODE_SCRIPT, out } from './bundle.js';
import { counted, inParallel, node } from './callgrind.js';
import { CALL_WORKLOADS, WORKLOADS } from './fixtures.js';

const count = Number(process.env.INSTRUCTIONS_COUNT ?? 5000);
const only = process.argv.slice(2);

if (spawnSync('valgrind', ['--version']).status !== 0) {
  process.stderr.write('valgrind is not installed (apt-get install valgrind)\n');
  process.exit(1);
}

const CONTENDERS = [
  { module: 'floor', name: 'floor', label: 'floor', streams: true },
  { module: 'ours', name: 'ours', label: 'handle()', streams: false },
  { module: 'ours', name: 'oursHttp', label: 'HTTP layer', streams: true },
] as const;

const script = out('instructions/instructions-op.mjs');
await build({
  entryPoints: [new URL('instructions-op.ts', import.meta.url).pathname],
  outfile: script,
  ...NODE_SCRIPT,
  packages: 'external',
  plugins: [libraryFromDist],
});

const workloads = only.length > 0 ? WORKLOADS.filter((w) => only.includes(w.id)) : WORKLOADS;
const unknown = only.filter((id) => !WORKLOADS.some((workload) => workload.id === id));
if (unknown.length > 0) throw new Error(`no workload ${unknown.join(', ')}`);

const cells = workloads.flatMap((workload) =>
  CONTENDERS.filter((contender) => contender.streams || CALL_WORKLOADS.includes(workload)).map(
    (contender) => ({ workload, contender }),
  ),
);
process.stderr.write(`counting ${cells.length} operations, ${count} each, on ${node}\n`);
const perOperation = await inParallel(
  cells.map(({ workload, contender }) => async () => {
    const argv = [script, contender.module, contender.name, workload.id];
    const base = await counted([...argv, String(count)]);
    const more = await counted([...argv, String(3 * count)]);
    const figure = (more - base) / (2 * count);
    process.stderr.write(`  ${workload.id}, ${contender.label}: ${figure.toFixed(0)}\n`);
    return figure;
  }),
);

const lines = [
  `Instructions per operation (callgrind, \`node --predictable\`: ${3 * count} operations less ${count},`,
  `after 10,000 of warm-up), ${new Date().toISOString().slice(0, 16)} UTC, ${spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim()}:`,
  '',
  '| Workload | floor | handle() | ÷ floor | HTTP layer | ÷ floor |',
  '| --- | ---: | ---: | ---: | ---: | ---: |',
];
for (const workload of workloads) {
  const of = (label: string) => {
    const at = cells.findIndex(
      (cell) => cell.workload === workload && cell.contender.label === label,
    );
    return at < 0 ? undefined : perOperation[at];
  };
  const floor = of('floor')!;
  const cell = (figure: number | undefined) =>
    figure === undefined ? '– | –' : `${figure.toFixed(0)} | ${(figure / floor).toFixed(2)}×`;
  lines.push(
    `| ${workload.id} | ${floor.toFixed(0)} | ${cell(of('handle()'))} | ${cell(of('HTTP layer'))} |`,
  );
}

if (only.length === 0) {
  const cold = await bundleColdStart();
  const starts = await inParallel(
    (['floor', 'precompiled', 'ours'] as const).map((which) => () => counted([cold, which])),
  );
  const [floor, precompiled, ours] = starts as [number, number, number];
  const over = (figure: number) =>
    `${(figure / 1e6).toFixed(1)} million, +${(((figure - floor) / floor) * 100).toFixed(1)}%`;
  lines.push(
    '',
    `Cold start to the first tools/call: bare node ${(floor / 1e6).toFixed(1)} million; validators`,
    `generated at build time ${over(precompiled)}; ajv compiling at the first call ${over(ours)}.`,
  );
}

const text = `${lines.join('\n')}\n`;
writeFileSync(out('instructions.md'), text);
process.stdout.write(text);
