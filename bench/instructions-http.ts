// Instructions per request of an HTTP server over real sockets, counted by valgrind's callgrind:
// the JSON floor and this library's node:http example (bench/http-server.ts, the library from the
// build), each in a process of its own under `node --predictable`, sent requests by this process
// one after another on one kept-alive connection. After a warm-up of COUNT requests, once COUNT
// more and once three times as many; the difference over 2 × COUNT is the figure. Node's own HTTP
// code is counted as a server runs it, sockets and parser included, which the in-process counts
// of bench/instructions.ts leave out. Where young collections fall moves a count by about 1%
// between runs (V8 scans its roots at each): an A/B of two builds is decided in-process, and this
// tells how far the example is from the floor. Needs valgrind and a build (npm run build); writes
// bench/.out/instructions-http.md.
//
//   npx tsx bench/instructions-http.ts                   tools/call and tools/list
//   npx tsx bench/instructions-http.ts tools/call ping   these workloads
//
//   INSTRUCTIONS_COUNT   requests per step (default 5000)
//   INSTRUCTIONS_NODE    the node binary that runs the servers (default this one)
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { writeAnswers } from './answers.js';
import { bundleHttpServer, out } from './bundle.js';
import { inParallel, node, underCallgrind } from './callgrind.js';
import { type Workload, workload as workloadOf } from './fixtures.js';

const count = Number(process.env.INSTRUCTIONS_COUNT ?? 5000);
const ids = process.argv.length > 2 ? process.argv.slice(2) : ['tools/call', 'tools/list'];
const KINDS = [
  { kind: 'floor-json', label: 'JSON floor' },
  { kind: 'ours', label: 'node:http example' },
] as const;

if (spawnSync('valgrind', ['--version']).status !== 0) {
  process.stderr.write('valgrind is not installed (apt-get install valgrind)\n');
  process.exit(1);
}

// `requests` requests of a workload, one after another on one connection; each answer must be a
// 200 (the answers themselves are checked by bench/run.ts before anything is timed).
async function send(port: number, workload: Workload, requests: number): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const headers = { ...workload.headers, 'content-length': Buffer.byteLength(workload.body) };
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const sent = request(
        { host: '127.0.0.1', port, method: 'POST', path: '/mcp', headers, agent },
        (response) => {
          response.resume();
          response.on('end', () =>
            response.statusCode === 200
              ? resolve()
              : reject(new Error(`${workload.id}: status ${response.statusCode}`)),
          );
        },
      );
      sent.on('error', reject);
      sent.end(workload.body);
    });
  try {
    for (let i = 0; i < requests; i++) await one();
  } finally {
    agent.destroy();
  }
}

// The instructions of a server that answered a warm-up and then `requests` requests.
async function serverCount(
  server: string,
  kind: string,
  workload: Workload,
  requests: number,
): Promise<number> {
  const { child, total } = underCallgrind([server, kind, workload.id]);
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let printed = '';
      child.stdout!.on('data', (chunk) => {
        printed += chunk;
        const line = /\{"port":\d+\}/.exec(printed)?.[0];
        if (line !== undefined) resolve((JSON.parse(line) as { port: number }).port);
      });
      total.then(() => reject(new Error(`${kind} exited before it listened`)), reject);
    });
    await send(port, workload, count);
    await send(port, workload, requests);
  } finally {
    child.kill('SIGTERM');
  }
  return total;
}

const workloads = ids.map(workloadOf);
await writeAnswers();
const server = await bundleHttpServer();
const cells = workloads.flatMap((workload) => KINDS.map(({ kind }) => ({ workload, kind })));
process.stderr.write(`counting ${cells.length} servers, ${count} requests a step, on ${node}\n`);
const perRequest = await inParallel(
  cells.map(({ workload, kind }) => async () => {
    const base = await serverCount(server, kind, workload, count);
    const more = await serverCount(server, kind, workload, 3 * count);
    const figure = (more - base) / (2 * count);
    process.stderr.write(`  ${workload.id}, ${kind}: ${figure.toFixed(0)}\n`);
    return figure;
  }),
);

const lines = [
  `Instructions per request over real sockets (callgrind, \`node --predictable\`: ${3 * count} requests`,
  `less ${count}, after ${count} of warm-up, one kept-alive connection), ${new Date().toISOString().slice(0, 16)} UTC,`,
  `${spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim()}:`,
  '',
  `| Workload | ${KINDS.map(({ label }) => label).join(' | ')} | ÷ floor |`,
  '| --- | ---: | ---: | ---: |',
];
for (const workload of workloads) {
  const [floor, ours] = KINDS.map(
    ({ kind }) => perRequest[cells.findIndex((c) => c.workload === workload && c.kind === kind)]!,
  ) as [number, number];
  lines.push(
    `| ${workload.id} | ${floor.toFixed(0)} | ${ours.toFixed(0)} | ${(ours / floor).toFixed(2)}× |`,
  );
}
const text = `${lines.join('\n')}\n`;
writeFileSync(out('instructions-http.md'), text);
process.stdout.write(text);
