// The load test (`npm run load`): the demo (`npm start`'s node:http server) driven by autocannon at
// 100 connections for two minutes, on a mix of tools/list and tools/call. It passes when no request
// fails and the server's RSS after the second minute is within 10% of after the first; the figures
// go into bench/RESULTS.md, between the `load` markers (bench/run.ts keeps them).
//
//   npm run load            (LOAD_SECONDS=60 a minute; shorter for a quick look, not written)
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = fileURLToPath(new URL('../', import.meta.url));
const seconds = Number(process.env.LOAD_SECONDS ?? 60);
const connections = 100;

const headers = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2025-06-18',
};
const call = (id: number, name: string, args: object) =>
  JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
const bodies = [
  JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  call(2, 'read_document', { path: 'README.md', max_lines: 20 }),
  call(3, 'search_documents', { query: 'handle', limit: 5 }),
  call(4, 'read_blog', { limit: 1 }),
  call(5, 'read_document', { path: 'nope.md' }), // a tool error: still a 200
];

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

function minute(url: string): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        method: 'POST',
        headers,
        connections,
        duration: seconds,
        requests: bodies.map((body) => ({ method: 'POST', body })),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

const server = spawn(process.execPath, ['--import', 'tsx', 'examples/demo/main.ts'], {
  cwd: root,
  env: { ...process.env, PORT: '0', MCP_STAFF_TOKEN: 'load-test' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const base = await new Promise<string>((resolve, reject) => {
  let out = '';
  server.stdout.setEncoding('utf8');
  server.stdout.on('data', (chunk: string) => {
    out += chunk;
    const match = /Project server:\s+(http:\/\/\S+)\/mcp/.exec(out);
    if (match) resolve(match[1]!);
  });
  server.on('exit', (code) => reject(new Error(`the demo exited (${code}) before it listened`)));
});
server.stdout.resume();

try {
  const url = `${base}/mcp`;
  const started = rssMiB(server.pid!);
  console.log(
    `load: ${url}, ${connections} connections, ${seconds} s twice; RSS at start ${started.toFixed(1)} MiB`,
  );
  const first = await minute(url);
  const afterFirst = rssMiB(server.pid!);
  console.log(
    `first:  ${first.requests.total} requests, ${first.errors} errors, ${first.non2xx} non-2xx, RSS ${afterFirst.toFixed(1)} MiB`,
  );
  const second = await minute(url);
  const afterSecond = rssMiB(server.pid!);
  console.log(
    `second: ${second.requests.total} requests, ${second.errors} errors, ${second.non2xx} non-2xx, RSS ${afterSecond.toFixed(1)} MiB`,
  );

  const failures =
    first.errors + first.non2xx + first.timeouts + second.errors + second.non2xx + second.timeouts;
  const drift = (afterSecond - afterFirst) / afterFirst;
  const ok = failures === 0 && Math.abs(drift) <= 0.1;
  console.log(
    `${ok ? 'passed' : 'FAILED'}: ${failures} failed requests; RSS moved ${(drift * 100).toFixed(1)}% in the second period`,
  );

  if (seconds >= 60) {
    const row = (name: string, result: autocannon.Result, rss: number) =>
      `| ${name} | ${result.requests.total.toLocaleString('en')} | ${Math.round(result.requests.average).toLocaleString('en')} | ${result.latency.p50} | ${result.latency.p99} | ${result.errors} | ${result.non2xx} | ${result.timeouts} | ${rss.toFixed(1)} |`;
    const section = [
      '<!-- load -->',
      '## Load',
      '',
      `Written by \`npm run load\` (bench/soak.ts) on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model.trim()}).`,
      `The demo (\`npm start\`, node:http, a server made per request) driven by autocannon in the same process as this script, ${connections} connections, ${seconds} s twice, on a mix of tools/list, three tool calls and a tool error. RSS read from /proc. ${ok ? 'Passed' : 'Failed'}: ${failures} failed requests, RSS ${drift >= 0 ? '+' : ''}${(drift * 100).toFixed(1)}% in the second period (the bound is 10%).`,
      '',
      '| Period | requests | req/s | p50 ms | p99 ms | errors | non-2xx | timeouts | RSS after, MiB |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      row('first', first, afterFirst),
      row('second', second, afterSecond),
      '',
      `RSS at start: ${started.toFixed(1)} MiB.`,
      '<!-- /load -->',
    ].join('\n');
    const path = `${root}bench/RESULTS.md`;
    const results = readFileSync(path, 'utf8');
    const marked = /<!-- load -->[\s\S]*<!-- \/load -->/;
    writeFileSync(
      path,
      marked.test(results)
        ? results.replace(marked, section)
        : `${results.trimEnd()}\n\n${section}\n`,
    );
    console.log('wrote bench/RESULTS.md');
  }
  process.exitCode = ok ? 0 : 1;
} finally {
  server.kill('SIGTERM');
}
