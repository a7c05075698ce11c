// `npm run fuzz`: the properties of test/properties.test.ts, a million cases in all, shared among
// them as their runs in `npm test` are. Prints the seed and the progress; on a failure, prints the
// counterexample and how to replay it, and exits 1.
//
//   npm run fuzz                                  # 1,000,000 cases, a new seed
//   npm run fuzz -- --runs 200000 --seed 42       # fewer cases, a given seed
//   npm run fuzz -- --only "any bytes" --seed 42 --runs 5000   # one property (a name's start)
import fc from 'fast-check';

// The test file runs its suites when imported, unless uvu is told that a runner will: this one
// never does, and only borrows the properties.
const uvu = globalThis as { UVU_DEFER?: number; UVU_QUEUE?: unknown[][] };
uvu.UVU_DEFER = 1;
uvu.UVU_QUEUE = [[null]];
const { PROPERTIES, connectReceivers, loggerFailures } = await import('../test/properties.test.js');

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}

const total = Number(option('runs') ?? process.env.FUZZ_RUNS ?? 1_000_000);
const seed = Number(
  option('seed') ?? process.env.FUZZ_SEED ?? (Date.now() ^ (Math.random() * 2 ** 31)) | 0,
);
const only = option('only');
const CHUNK = 10_000;

if (!Number.isInteger(total) || total <= 0 || !Number.isInteger(seed)) {
  console.error('usage: npm run fuzz -- [--runs N] [--seed S] [--only NAME]');
  process.exit(2);
}

const chosen = PROPERTIES.filter((one) => only === undefined || one.name.startsWith(only));
if (chosen.length === 0) {
  console.error(`no property is named ${only}`);
  process.exit(2);
}
const weight = chosen.reduce((sum, one) => sum + one.runs, 0);
const plan = chosen.map((one, index) => ({
  ...one,
  cases:
    index === chosen.length - 1
      ? total -
        chosen.slice(0, -1).reduce((sum, o) => sum + Math.floor((total * o.runs) / weight), 0)
      : Math.floor((total * one.runs) / weight),
}));

let unhandled: unknown;
process.on('unhandledRejection', (reason) => {
  unhandled = reason;
});

console.log(`fuzz: ${total.toLocaleString('en')} cases, seed ${seed}`);
const disconnect = connectReceivers();
const started = performance.now();
let done = 0;

for (const [index, { name, cases, property }] of plan.entries()) {
  const propertyStarted = performance.now();
  console.log(`\n[${index + 1}/${plan.length}] ${name}: ${cases.toLocaleString('en')} cases`);
  for (let offset = 0, chunk = 0; offset < cases; offset += CHUNK, chunk++) {
    const numRuns = Math.min(CHUNK, cases - offset);
    // Each chunk its own seed, derived from the run's: replay one with --seed and --runs.
    const chunkSeed = (seed + index * 1_000_003 + chunk) | 0;
    const details = await fc.check(property(), { seed: chunkSeed, numRuns });
    if (details.failed || unhandled !== undefined) {
      console.error(`\nFAILED: ${name}`);
      if (details.failed) {
        console.error(fc.defaultReportMessage(details));
        console.error('\nthe error:', details.errorInstance);
      }
      if (unhandled !== undefined) console.error('an unhandled rejection:', unhandled);
      if (loggerFailures.length > 0) console.error('the logger threw:', loggerFailures);
      console.error(
        `\nreplay: npm run fuzz -- --only "${name.slice(0, 30)}" --seed ${chunkSeed} --runs ${numRuns}`,
      );
      process.exit(1);
    }
    done += numRuns;
    const seconds = (performance.now() - propertyStarted) / 1000;
    console.log(
      `  ${(offset + numRuns).toLocaleString('en')}/${cases.toLocaleString('en')}` +
        ` (${Math.round((offset + numRuns) / seconds).toLocaleString('en')}/s;` +
        ` ${done.toLocaleString('en')}/${total.toLocaleString('en')} in all)`,
    );
  }
}

disconnect();
const seconds = (performance.now() - started) / 1000;
console.log(
  `\nfuzz: ${done.toLocaleString('en')} cases passed in ${seconds.toFixed(1)} s` +
    ` (${Math.round(done / seconds).toLocaleString('en')}/s), seed ${seed}`,
);
