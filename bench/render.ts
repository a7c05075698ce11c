// Write bench/RESULTS.md and bench/chart.svg again from the last full run's results
// (bench/.out/results.json), after a change to the report or to bench/FINDINGS.md: no measuring.
//
//   npx tsx bench/render.ts
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Results } from './types.js';
import { writeResults } from './write.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const results = JSON.parse(readFileSync(`${root}bench/.out/results.json`, 'utf8')) as Results;
const findings = `${root}bench/FINDINGS.md`;
results.findings = existsSync(findings) ? readFileSync(findings, 'utf8') : undefined;
const full = results.seconds >= 10 && results.runs.every((run) => run.inProcess.length > 0);
writeResults(root, results, full);
process.stderr.write(`wrote ${full ? 'bench/' : 'bench/.out/'}RESULTS.md and chart.svg\n`);
