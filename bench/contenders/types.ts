// What every in-process contender gives the benchmark: for each workload, one operation that takes
// the request's text and resolves to the answer's text (parse → handle → stringify).
import type { Workload } from '../fixtures.js';

/** One request's text in, its answer's text out (or `undefined` when nothing is owed). */
export type Op = (text: string) => Promise<string | undefined> | string | undefined;

/** A contender of the in-process benchmark. */
export interface Contender {
  /** What the table calls it. */
  readonly label: string;
  /** How it is driven, in one line, for RESULTS.md. */
  readonly how: string;
  /**
   * Whether it answers a request with an SSE stream of the notifications a method sends, then the
   * response: only such contenders run the streaming workloads.
   */
  readonly streams?: boolean;
  /** Build the operation for one workload (once, before it is checked and timed). */
  prepare(workload: Workload): Promise<Op> | Op;
}
