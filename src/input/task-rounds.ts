/**
 * The rounds of a method that runs in a task (the Tasks extension): what it asks is returned, with
 * each question's digest, for the task to hold, rather than answered `input_required`.
 *
 * @module
 */
import type { InputRequest, Result } from '../wire/types.js';
import { type AskingScope, type Round, roundOf } from './input-requests.js';
import { questionDigest } from './request-state.js';

/** @internal How one run of a method in a task ended: its result, its error, or its questions. */
export type TaskRunOutcome =
  | { readonly result: Result }
  | { readonly error: unknown }
  | {
      readonly ask: Map<string, { question: InputRequest; digest: string }>;
      readonly state: unknown;
    };

/**
 * @internal Begin a run of a method in a task: its round holds the task's answers, each bound to
 * the digest of the question it answers, as a signed state binds them.
 */
export function enterTaskRound(
  scope: AskingScope,
  answers: Readonly<Record<string, unknown>>,
  bound: Readonly<Record<string, unknown>>,
  state: unknown,
): void {
  const round: Round = { answers, bound, used: undefined, asked: undefined, reading: undefined };
  scope.round = round;
  scope.state = state;
}

/** @internal The answers a request's round read, with their questions' digests: a task keeps them. */
export function answersRead(scope: AskingScope): {
  answers: Record<string, unknown>;
  digests: Record<string, string>;
} {
  const answers: Record<string, unknown> = {};
  const digests: Record<string, string> = {};
  for (const [key, { answer, digest }] of roundOf(scope)?.used ?? []) {
    answers[key] = answer;
    digests[key] = digest;
  }
  return { answers, digests };
}

/**
 * @internal Settle a run of a method in a task: what it asked, with each question's digest, when
 * it stopped for input; else its result or its error.
 */
export async function settleTaskRun(
  scope: AskingScope,
  pending: PromiseLike<Result> | Result,
): Promise<TaskRunOutcome> {
  let outcome: TaskRunOutcome;
  try {
    outcome = { result: await pending };
  } catch (error) {
    outcome = { error };
  }
  const round = roundOf(scope);
  if (round?.reading !== undefined) await Promise.allSettled(round.reading);
  if (round?.fault !== undefined) return { error: round.fault };
  if (round?.asked === undefined) return outcome;
  const ask = new Map<string, { question: InputRequest; digest: string }>();
  for (const [key, question] of round.asked) {
    ask.set(key, { question, digest: await questionDigest(question) });
  }
  return { ask, state: scope.state };
}
