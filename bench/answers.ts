// This library's answer to every workload, as its HTTP layer gives it, written where the floors of
// bench/http-server.ts read them: they send the same answers without loading the library.
import { mkdirSync, writeFileSync } from 'node:fs';
import { oursHttp } from './contenders/ours.js';
import { WORKLOADS } from './fixtures.js';

/** Write bench/.out/answers.json: each workload's answer, by workload id. */
export async function writeAnswers(): Promise<void> {
  const answers: Record<string, string | undefined> = {};
  for (const workload of WORKLOADS) {
    answers[workload.id] = await (await oursHttp.prepare(workload))(workload.body);
  }
  const dir = new URL('.out/', import.meta.url);
  mkdirSync(dir, { recursive: true });
  writeFileSync(new URL('answers.json', dir), `${JSON.stringify(answers)}\n`);
}
