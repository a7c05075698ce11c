// Writing bench/RESULTS.md and bench/chart.svg (a full run) or their bench/.out/ copies (a short
// one), from the results of bench/run.ts; bench/render.ts writes them again from the results saved
// in bench/.out/results.json, after a change to the report alone.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { renderChart, renderResults } from './report.js';
import type { Results } from './types.js';

/** Write the report and the chart; returns the report's text. */
export function writeResults(root: string, results: Results, full: boolean): string {
  const dir = full ? `${root}bench/` : `${root}bench/.out/`;
  mkdirSync(`${root}bench/.out`, { recursive: true });
  writeFileSync(`${dir}chart.svg`, renderChart(results));
  // The load test's section (npm run load, bench/soak.ts) is its own: kept as it is.
  let markdown = renderResults(results, full);
  try {
    const load = /<!-- load -->[\s\S]*<!-- \/load -->/.exec(
      readFileSync(`${root}bench/RESULTS.md`, 'utf8'),
    );
    if (load !== null && full) markdown = `${markdown.trimEnd()}\n\n${load[0]}\n`;
  } catch {
    // No RESULTS.md yet.
  }
  writeFileSync(`${dir}RESULTS.md`, markdown);
  return markdown;
}
