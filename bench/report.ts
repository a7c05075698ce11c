// bench/RESULTS.md and bench/chart.svg, from what bench/run.ts gathered: the targets, the table of
// ratios, then every figure, for each Node binary the run used.
import { CALL_WORKLOADS, WORKLOADS, workload as workloadOf } from './fixtures.js';
import { BUDGET, TOOLS_ONLY_BUDGET } from './size.js';
import { median } from './stats.js';
import type {
  HttpResult,
  InProcessResult,
  LoadResult,
  NodeRun,
  OpStats,
  ProfileSummary,
  Results,
} from './types.js';

const MiB = 2 ** 20;

// Microseconds from nanoseconds, to three significant digits or so.
function us(ns: number): string {
  const value = ns / 1000;
  if (value < 10) return value.toFixed(2);
  if (value < 100) return value.toFixed(1);
  return Math.round(value).toLocaleString('en-US');
}

const ms = (value: number, digits = 2) => value.toFixed(digits);
const times = (ratio: number) => `${ratio >= 100 ? Math.round(ratio) : ratio.toFixed(2)}×`;
const percent = (ratio: number) => `${(100 * ratio).toFixed(1)}%`;
const mib = (bytes: number) => (bytes / MiB).toFixed(1);
const md = (text: string) => text.replace(/\|/g, '\\|');
const mark = (met: boolean | undefined) => (met === undefined ? '–' : met ? '✓' : '✗');

/** The in-process contenders, in the order of the tables. */
const ORDER = [
  'floor.floor',
  'ours.ours',
  'ours.oursPerRequest',
  'ours.oursHttp',
  'sdk.sdk',
  'tmcp.tmcp',
  'tmcp.tmcpHttp',
  'mcp-lite.mcpLite',
  'mcp-lite.mcpLiteFetch',
];

/** The contenders that stream, whose notification cost is told. */
const STREAMING = [
  'floor.floor',
  'ours.oursHttp',
  'sdk.sdk',
  'tmcp.tmcpHttp',
  'mcp-lite.mcpLiteFetch',
];

/** The peers that stream over HTTP, which the SSE target is about. */
const SSE_PEERS = ['sdk-sse', 'tmcp', 'mcp-lite'];

function byContender(run: NodeRun) {
  const rows = new Map<string, InProcessResult[]>();
  for (const result of run.inProcess) {
    if (!ORDER.includes(result.contender)) continue;
    rows.set(result.contender, [...(rows.get(result.contender) ?? []), result]);
  }
  return ORDER.filter((id) => rows.has(id)).map((id) => ({ id, results: rows.get(id)! }));
}

function cell(run: NodeRun, contender: string, workload: string): InProcessResult | undefined {
  return run.inProcess.find((r) => r.contender === contender && r.workload === workload);
}
function stats(run: NodeRun, contender: string, workload: string): OpStats | undefined {
  return cell(run, contender, workload)?.stats;
}
const mean = (run: NodeRun, contender: string, workload: string) =>
  stats(run, contender, workload)?.avg;

function best(run: NodeRun, workload: string, server: string): LoadResult | undefined {
  return run.http.find((one) => one.workload === workload && one.server === server)?.best;
}

// ---------------------------------------------------------------------------------------------
// Targets, as the performance issue states them.

interface Measured {
  text: string;
  met: boolean | undefined;
}
const notMeasured: Measured = { text: 'not measured', met: undefined };

interface Target {
  target: string;
  measure(run: NodeRun): Measured;
}

// The JSON floor and this library's server loaded in turns, when the run did so.
const httpPairedOf = (run: NodeRun, workload: string) =>
  run.httpPaired?.find((one) => one.workload === workload);

function httpShare(workload: string): Target {
  return {
    target: `HTTP ${workload}: ≥ 90% of the JSON floor’s req/s`,
    measure(run) {
      const paired = httpPairedOf(run, workload);
      if (paired !== undefined) {
        const r = median(paired.share);
        return {
          text: `${percent(r)} side by side (${Math.round(paired.requestsPerSecond.ours)} vs ${Math.round(paired.requestsPerSecond['floor-json'])}; rounds ${paired.share.map((one) => percent(one)).join(', ')})`,
          met: r >= 0.9,
        };
      }
      const ours = best(run, workload, 'ours');
      const floor = best(run, workload, 'floor-json');
      if (!ours || !floor) return notMeasured;
      const r = ours.requestsPerSecond / floor.requestsPerSecond;
      return {
        text: `${percent(r)} (${Math.round(ours.requestsPerSecond)} vs ${Math.round(floor.requestsPerSecond)})`,
        met: r >= 0.9,
      };
    },
  };
}

function httpP99(workload: string): Target {
  return {
    target: `HTTP ${workload}: p99 ≤ 1.3× the JSON floor’s`,
    measure(run) {
      const paired = httpPairedOf(run, workload);
      if (paired !== undefined) {
        const r = median(paired.p99);
        return {
          text: `${times(r)} side by side (rounds ${paired.p99.map((one) => one.toFixed(2)).join(', ')})`,
          met: r <= 1.3,
        };
      }
      const ours = best(run, workload, 'ours');
      const floor = best(run, workload, 'floor-json');
      if (!ours || !floor) return notMeasured;
      const r = ours.latency.p99 / floor.latency.p99;
      return {
        text: `${times(r)} (${ms(ours.latency.p99)} vs ${ms(floor.latency.p99)} ms)`,
        met: r <= 1.3,
      };
    },
  };
}

const httpRss: Target = {
  target: 'HTTP: RSS within 10% of the JSON floor’s (tools/call, tools/list)',
  measure(run) {
    const parts: string[] = [];
    let met: boolean | undefined = true;
    for (const workload of ['tools/call', 'tools/list']) {
      const ours = best(run, workload, 'ours')?.rss;
      const floor = best(run, workload, 'floor-json')?.rss;
      if (!ours || !floor) return notMeasured;
      const r = ours.after / floor.after;
      parts.push(`${workload} ${times(r)} (${mib(ours.after)} vs ${mib(floor.after)} MiB)`);
      met = met && r <= 1.1;
    }
    // ajv and what it compiles are most of the difference: without them, for reference.
    const generated = ['tools/call', 'tools/list'].flatMap((workload) => {
      const rss = best(run, workload, 'ours-generated')?.rss;
      const floor = best(run, workload, 'floor-json')?.rss;
      return rss && floor ? [`${workload} ${times(rss.after / floor.after)}`] : [];
    });
    if (generated.length > 0) {
      parts.push(`with validators generated at build time (no ajv): ${generated.join(', ')}`);
    }
    return { text: parts.join('; '), met };
  },
};

// Every workload's ratio, and the worst: the one a target is decided by.
function everyWorkload(ratio: (workload: string) => number | undefined): {
  ratios: { workload: string; ratio: number }[];
  skipped: string[];
} {
  const ratios: { workload: string; ratio: number }[] = [];
  const skipped: string[] = [];
  for (const workload of CALL_WORKLOADS) {
    const r = ratio(workload.id);
    if (r === undefined) skipped.push(workload.id);
    else ratios.push({ workload: workload.id, ratio: r });
  }
  return { ratios, skipped };
}

// handle()'s ratio to the floor timed side by side (bench/paired.ts), when the run has it.
const pairedOf = (run: NodeRun, workload: string) =>
  run.paired?.find((one) => one.workload === workload);

// Side by side when the run timed the pair so; else from each contender's own process.
const sideBySide = (run: NodeRun) => (run.paired?.length ?? 0) > 0;

const inProcessFloor: Target = {
  target: 'In-process: every workload ≤ 1.5× its floor (handle(), one server)',
  measure(run) {
    const { ratios } = everyWorkload((id) => {
      if (sideBySide(run)) return pairedOf(run, id)?.ratio?.median;
      const ours = mean(run, 'ours.ours', id);
      const floor = mean(run, 'floor.floor', id);
      return ours && floor ? ours / floor : undefined;
    });
    if (ratios.length === 0) return notMeasured;
    const over = ratios.filter((one) => one.ratio > 1.5);
    const worst = ratios.reduce((a, b) => (b.ratio > a.ratio ? b : a));
    return {
      text:
        `${ratios.length - over.length} of ${ratios.length} within${sideBySide(run) ? ' (side by side)' : ''}; worst ${worst.workload} ${times(worst.ratio)}` +
        (over.length > 0 ? `; over: ${over.map((one) => one.workload).join(', ')}` : ''),
      met: over.length === 0,
    };
  },
};

const inProcessTmcp: Target = {
  target: 'In-process: every workload ≥ 2× faster than tmcp’s core (where tmcp answers it)',
  measure(run) {
    const { ratios, skipped } = everyWorkload((id) => {
      const ours = mean(run, 'ours.ours', id);
      const tmcp = mean(run, 'tmcp.tmcp', id);
      return ours && tmcp ? tmcp / ours : undefined;
    });
    if (ratios.length === 0) return notMeasured;
    const under = ratios.filter((one) => one.ratio < 2);
    const worst = ratios.reduce((a, b) => (b.ratio < a.ratio ? b : a));
    return {
      text:
        `${ratios.length - under.length} of ${ratios.length} at 2× or more; least ${worst.workload} ${times(worst.ratio)} faster` +
        (under.length > 0 ? `; under: ${under.map((one) => one.workload).join(', ')}` : '') +
        (skipped.length > 0 ? `; tmcp does not answer ${skipped.join(', ')}` : ''),
      met: under.length === 0,
    };
  },
};

const sseAhead: Target = {
  target: 'SSE (10 progress notifications, then the result): more req/s than every peer',
  measure(run) {
    const ours = best(run, 'sse', 'ours');
    const peers = SSE_PEERS.map((server) => ({ server, run: best(run, 'sse', server) })).filter(
      (peer): peer is { server: string; run: LoadResult } => peer.run !== undefined,
    );
    if (!ours || peers.length === 0) return notMeasured;
    const top = peers.reduce((a, b) => (b.run.requestsPerSecond > a.run.requestsPerSecond ? b : a));
    const r = ours.requestsPerSecond / top.run.requestsPerSecond;
    const p99 = peers.every((peer) => ours.latency.p99 < peer.run.latency.p99);
    return {
      text:
        `${times(r)} the best peer’s (${top.server}: ${Math.round(ours.requestsPerSecond)} vs ${Math.round(top.run.requestsPerSecond)} req/s)` +
        `; p99 ${ms(ours.latency.p99)} ms, ${p99 ? 'below' : 'not below'} every peer’s`,
      met: peers.every((peer) => ours.requestsPerSecond > peer.run.requestsPerSecond),
    };
  },
};

const coldStart: Target = {
  target: 'Cold start to the first tools/call ≤ bare node + 15 ms',
  measure(run) {
    const wall = (which: string) => {
      const result = run.cold.find((one) => one.which === which);
      return result && result.wallMs.length > 0 ? median(result.wallMs) : undefined;
    };
    const lazy = wall('ours');
    const precompiled = wall('precompiled');
    const floor = wall('floor');
    if (lazy === undefined || precompiled === undefined || floor === undefined) return notMeasured;
    // Either way to start fast counts ("compile lazily, or precompile"): both are told.
    return {
      text:
        `${signed(precompiled - floor)} ms with validators generated at build time; ` +
        `${signed(lazy - floor)} ms compiled lazily (medians of 5; bare ${ms(floor, 1)} ms)`,
      // Both ways to start, as the target asks.
      met: Math.max(precompiled, lazy) - floor <= 15,
    };
  },
};

const signed = (value: number) => `${value < 0 ? '−' : '+'}${ms(Math.abs(value), 1)}`;

const heapGrowth: Target = {
  target: 'Heap growth < 2 MiB, every workload in turn',
  measure(run) {
    const heap = run.heap;
    if (heap === undefined) return notMeasured;
    return {
      text:
        `${(heap.shared.growth / MiB).toFixed(3)} MiB over ${heap.shared.calls.toLocaleString('en-US')} calls of handle(); ` +
        `${(heap.http.growth / MiB).toFixed(3)} MiB over ${heap.http.calls.toLocaleString('en-US')} through the HTTP layer`,
      met: heap.shared.growth < 2 * MiB && heap.http.growth < 2 * MiB,
    };
  },
};

const TARGETS: Target[] = [
  httpShare('tools/call'),
  httpShare('tools/list'),
  httpP99('tools/call'),
  httpP99('tools/list'),
  httpRss,
  inProcessFloor,
  inProcessTmcp,
  sseAhead,
  coldStart,
  heapGrowth,
];

function targetsSection(results: Results): string[] {
  const runs = results.runs;
  const out = [
    '## Targets',
    '',
    `| Target | ${runs.map((run) => `Node ${run.node}`).join(' | ')} |`,
    `| --- | ${runs.map(() => '---').join(' | ')} |`,
  ];
  for (const target of TARGETS) {
    const cells = runs.map((run) => {
      const { text, met } = target.measure(run);
      return `${mark(met)} ${md(text)}`;
    });
    out.push(`| ${target.target} | ${cells.join(' | ')} |`);
  }
  out.push('');
  const size = results.size;
  if (size !== undefined) {
    out.push(
      'The bundle, the same on every Node (bench/size.ts):',
      '',
      '| Target | Measured | |',
      '| --- | --- | --- |',
      `| A tools-only server (ESM, minified, gzipped, ajv out) ≤ ${TOOLS_ONLY_AIM / 1024} KiB | ${size.toolsOnly.gzipped} bytes (${kib(size.toolsOnly.gzipped)} KiB; \`npm test\` holds it within ${TOOLS_ONLY_BUDGET / 1024} KiB) | ${mark(size.toolsOnly.gzipped <= TOOLS_ONLY_AIM)} |`,
      `| The whole core (ESM, minified, gzipped, ajv out) ≤ ${CORE_AIM / 1024} KiB | ${size.gzipped} bytes (${kib(size.gzipped)} KiB, from ${size.entry}; \`npm test\` holds it within ${BUDGET / 1024} KiB) | ${mark(size.gzipped <= CORE_AIM)} |`,
      '',
    );
  }
  return out;
}

/** The sizes aimed at: a tools-only server and the whole core, gzipped bytes. */
const TOOLS_ONLY_AIM = 8 * 1024;
const CORE_AIM = 14 * 1024;
const kib = (bytes: number) => (bytes / 1024).toFixed(2);

// ---------------------------------------------------------------------------------------------
// The table of ratios: each workload against its floor and its peers, in-process and over HTTP.

function ratiosSection(run: NodeRun): string[] {
  if (run.inProcess.length === 0) return [];
  const ratio = (a: number | undefined, b: number | undefined) =>
    a !== undefined && b !== undefined ? times(a / b) : '✗';
  const out = [
    `### In-process ratios, Node ${run.node}`,
    '',
    'Mean µs per operation; “÷ floor” is the time over the floor’s; a peer’s column is how many times',
    'longer it takes than handle() (✗: a wrong answer, not timed; –: not run).',
    '',
    '| Workload | floor µs | handle() µs | ÷ floor | HTTP layer µs | ÷ floor | tmcp core ÷ handle() | SDK ÷ handle() | mcp-lite core ÷ handle() |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const workload of WORKLOADS) {
    const floor = mean(run, 'floor.floor', workload.id);
    const ours = mean(run, 'ours.ours', workload.id);
    const http = mean(run, 'ours.oursHttp', workload.id);
    const peer = (contender: string) =>
      cell(run, contender, workload.id) === undefined
        ? '–'
        : ratio(mean(run, contender, workload.id), ours);
    const streamed = workload.stream !== undefined;
    out.push(
      `| ${md(workload.label)} | ${floor ? us(floor) : '–'} | ${ours ? us(ours) : '–'} | ${ours && floor ? times(ours / floor) : '–'} | ${http ? us(http) : '–'} | ${http && floor ? times(http / floor) : '–'} | ${streamed ? '–' : peer('tmcp.tmcp')} | ${streamed ? '–' : peer('sdk.sdk')} | ${streamed ? '–' : peer('mcp-lite.mcpLite')} |`,
    );
  }
  out.push('');
  // What one notification costs: the stream of 10 against the stream of 1, over 9.
  const notes = STREAMING.map((contender) => {
    const ten = mean(run, contender, 'sse');
    const one = mean(run, contender, 'sse-1');
    const label = cell(run, contender, 'sse')?.label ?? contender;
    return ten !== undefined && one !== undefined
      ? `${label} ${us((ten - one) / 9)} µs`
      : undefined;
  }).filter((note) => note !== undefined);
  if (notes.length > 0) {
    out.push(
      `One progress notification in-process, (10 notifications − 1) ÷ 9: ${notes.join('; ')}.`,
      '',
    );
  }
  return out;
}

// handle()'s ratios to the floor side by side (bench/paired.ts), which the target is decided by.
function pairedSection(results: Results, run: NodeRun): string[] {
  if (!sideBySide(run)) return [];
  const out = [
    `### In-process ratios to the floor side by side, Node ${run.node}`,
    '',
    'The floor and handle() in one process, timed in turns: each round a batch of about 20 ms of',
    'each, back to back, the order turning; the ratio is the median of the rounds’ ratios, their',
    `least and greatest beside it; ${results.pairedSeconds ?? '?'} s per workload. µs per call: the median of the`,
    'batches. The target is decided by these: a burst of load on the machine falls on both batches',
    'of a round, where in the table above it falls on one contender’s process.',
    '',
    '| Workload | floor µs | handle() µs | ÷ floor | least | greatest | rounds |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const workload of CALL_WORKLOADS) {
    const result = pairedOf(run, workload.id);
    const ns = (id: string) => {
      const value = result?.nsPerCall[id];
      return value === undefined ? '–' : us(value);
    };
    const ratio = result?.ratio;
    out.push(
      `| ${md(workload.label)} | ${ns('floor')} | ${ns('ours')} | ${ratio ? times(ratio.median) : '✗'} | ${ratio ? times(ratio.min) : '–'} | ${ratio ? times(ratio.max) : '–'} | ${result?.rounds ?? '–'} |`,
    );
  }
  out.push('');
  return out;
}

function httpRatiosSection(run: NodeRun): string[] {
  if (run.http.length === 0) return [];
  const out = [
    `### HTTP ratios, Node ${run.node}`,
    '',
    'Each server against the JSON floor on the same workload: requests per second (its share of the',
    'floor’s), p99 latency and RSS after the run (over the floor’s), and the server’s CPU per request.',
    '',
    '| Workload | Server | req/s | ÷ JSON floor | p99 ms | ÷ JSON floor | RSS MiB | ÷ JSON floor | CPU µs/request |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const result of run.http) {
    const floor = best(run, result.workload, 'floor-json');
    const own = result.best;
    if (!result.verdict.ok || own === undefined) {
      out.push(
        `| ${result.workload} | ${md(result.label)} | ✗ ${md(result.verdict.ok ? 'not run' : result.verdict.problem)} | | | | | | |`,
      );
      continue;
    }
    out.push(
      `| ${result.workload} | ${md(result.label)} | ${Math.round(own.requestsPerSecond).toLocaleString('en-US')} | ${floor ? percent(own.requestsPerSecond / floor.requestsPerSecond) : ''} | ${ms(own.latency.p99, 3)} | ${floor ? times(own.latency.p99 / floor.latency.p99) : ''} | ${own.rss ? mib(own.rss.after) : ''} | ${own.rss && floor?.rss ? times(own.rss.after / floor.rss.after) : ''} | ${own.cpuUsPerRequest?.toFixed(1) ?? ''} |`,
    );
  }
  out.push('');
  // Server CPU per notification: the stream of 10 against the stream of 1, over 9.
  const servers = [...new Set(run.http.filter((r) => r.workload === 'sse').map((r) => r.server))];
  const notes = servers
    .map((server) => {
      const ten = best(run, 'sse', server)?.cpuUsPerRequest;
      const one = best(run, 'sse-1', server)?.cpuUsPerRequest;
      const label = run.http.find((r) => r.server === server)?.label ?? server;
      return ten !== undefined && one !== undefined
        ? `${label} ${((ten - one) / 9).toFixed(1)} µs`
        : undefined;
    })
    .filter((note) => note !== undefined);
  if (notes.length > 0) {
    out.push(
      `One progress notification over HTTP, server CPU per request (10 notifications − 1) ÷ 9: ${notes.join('; ')}.`,
      '',
    );
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Every figure.

function inProcessSection(results: Results, run: NodeRun): string[] {
  const out: string[] = [];
  const rows = byContender(run);
  if (rows.length === 0) return out;
  const notes: string[] = [];
  const forms: string[] = [];
  out.push(
    `### In-process, Node ${run.node}`,
    '',
    `Microseconds per operation, the mean of one-operation samples. ${results.inProcessRounds} round${results.inProcessRounds === 1 ? '' : 's'}; each timing is the`,
    'fastest round’s. ✗: the answer was wrong, so it was not timed (why, below the table); –: not run',
    '(the streaming workloads run only where the contender streams).',
    '',
    `| Contender | ${WORKLOADS.map((w) => md(w.label)).join(' | ')} |`,
    `| --- | ${WORKLOADS.map(() => '---:').join(' | ')} |`,
  );
  for (const { results: cells } of rows) {
    const label = cells[0]!.label;
    const row = WORKLOADS.map((workload) => {
      const one = cells.find((c) => c.workload === workload.id);
      if (one === undefined) return '–';
      if (!one.verdict.ok) {
        notes.push(`${label}, ${workload.label}: ${one.verdict.problem}`);
        return `✗ [${notes.length}]`;
      }
      if (one.verdict.form !== undefined)
        forms.push(`${label}, ${workload.label}: ${one.verdict.form}`);
      return one.stats ? us(one.stats.avg) : '';
    });
    out.push(`| ${md(label)} | ${row.join(' | ')} |`);
  }
  out.push('');
  for (const [index, note] of notes.entries()) out.push(`${index + 1}. ${md(note)}`);
  if (notes.length > 0) out.push('');
  if (forms.length > 0) {
    out.push(
      '<details><summary>How the right answers were given, where more than one form is right</summary>',
      '',
      ...forms.map((form) => `- ${md(form)}`),
      '',
      '</details>',
      '',
    );
  }
  const harness = run.inProcess.filter((r) => r.contender === 'harness');
  if (harness.length > 0) {
    out.push(
      `The harness’s own cost per sample (included above, for every contender alike): ${harness
        .map((r) => `${r.label} ${us(r.stats!.avg)} µs`)
        .join(', ')}.`,
    );
  }
  const construct = mean(run, 'ours.new', 'new-server');
  if (construct !== undefined) out.push(`\`new BenchServer()\` alone: ${us(construct)} µs.`);
  out.push(
    '',
    '<details><summary>Every timing: mean, p50, p99, samples, and the ratio to the floor</summary>',
    '',
  );
  for (const workload of WORKLOADS) {
    const floor = stats(run, 'floor.floor', workload.id);
    out.push(
      `#### ${workload.label}`,
      '',
      '| Contender | mean µs | p50 µs | p99 µs | ops/s | samples | mean ÷ floor | every round, mean µs |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    );
    for (const { results: cells } of rows) {
      const one = cells.find((c) => c.workload === workload.id);
      if (one === undefined) continue;
      const s = one.stats;
      out.push(
        s === undefined
          ? `| ${md(one.label)} | ✗ | | | | | | |`
          : `| ${md(one.label)} | ${us(s.avg)} | ${us(s.p50)} | ${us(s.p99)} | ${Math.round(1e9 / s.avg).toLocaleString('en-US')} | ${s.samples.toLocaleString('en-US')} | ${floor ? times(s.avg / floor.avg) : ''} | ${(one.means ?? []).map(us).join(', ')} |`,
      );
    }
    out.push('');
  }
  out.push('</details>', '');
  return out;
}

function contendersSection(results: Results): string[] {
  const run = results.runs.find((one) => one.inProcess.length > 0);
  if (run === undefined) return [];
  return [
    'How each in-process contender is driven:',
    '',
    ...byContender(run).map(
      ({ results: cells }) => `- **${md(cells[0]!.label)}**: ${cells[0]!.how}`,
    ),
    '',
  ];
}

function httpSection(run: NodeRun): string[] {
  if (run.http.length === 0) return [];
  const out = [
    `### Over HTTP, Node ${run.node}`,
    '',
    '| Workload | Server | req/s | ÷ JSON floor | ÷ bare floor | CPU µs/request | p50 ms | p90 ms | p99 ms | mean ms | RSS MiB, peak | requests | non-2xx, errors | every round, req/s |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const result of run.http) {
    const own = result.best;
    if (!result.verdict.ok || own === undefined) {
      out.push(
        `| ${result.workload} | ${md(result.label)} | ✗ ${md(result.verdict.ok ? 'not run' : result.verdict.problem)} | | | | | | | | | | | |`,
      );
      continue;
    }
    const share = (server: string) => {
      const base = best(run, result.workload, server);
      return base ? percent(own.requestsPerSecond / base.requestsPerSecond) : '';
    };
    out.push(
      `| ${result.workload} | ${md(result.label)} | ${Math.round(own.requestsPerSecond).toLocaleString('en-US')} | ${share('floor-json')} | ${share('floor')} | ${own.cpuUsPerRequest?.toFixed(1) ?? ''} | ${ms(own.latency.p50, 3)} | ${ms(own.latency.p90, 3)} | ${ms(own.latency.p99, 3)} | ${ms(own.latency.mean, 3)} | ${own.rss ? `${mib(own.rss.after)}, ${mib(own.rss.peak)}` : ''} | ${own.total.toLocaleString('en-US')} | ${own.non2xx}, ${own.errors} | ${result.runs.map((r) => Math.round(r.requestsPerSecond)).join(', ')} |`,
    );
  }
  out.push('');
  return out;
}

function httpServersSection(results: Results): string[] {
  const run = results.runs.find((one) => one.http.length > 0);
  if (run === undefined) return [];
  const seen = new Map<string, HttpResult>();
  for (const result of run.http) if (!seen.has(result.server)) seen.set(result.server, result);
  return [
    'The servers (bench/http-server.ts):',
    '',
    ...[...seen.values()].map((result) => `- **${md(result.label)}**: ${result.how}`),
    '',
  ];
}

const COLD_LABELS = {
  floor: 'bare node: JSON.parse + JSON.stringify',
  ours: 'mcp-protocol-core (dist), validators compiled lazily (ajv at the first call)',
  precompiled: 'mcp-protocol-core (dist), validators generated at build time',
} as const;

function coldSection(run: NodeRun): string[] {
  if (run.cold.length === 0) return [];
  const out = [
    `### Cold start, Node ${run.node}`,
    '',
    '| Script | median wall ms | every start, ms | median in-process ms |',
    '| --- | ---: | --- | ---: |',
  ];
  for (const result of run.cold) {
    out.push(
      `| ${COLD_LABELS[result.which]}${result.verdict.ok ? '' : ` ✗ ${md(result.verdict.problem)}`} | ${ms(median(result.wallMs), 1)} | ${result.wallMs.map((v) => ms(v, 1)).join(', ')} | ${ms(median(result.selfMs), 1)} |`,
    );
  }
  out.push('');
  return out;
}

function heapSection(run: NodeRun): string[] {
  const heap = run.heap;
  if (heap === undefined) return [];
  const out = [
    `### Heap growth, Node ${run.node}`,
    '',
    '| Path | calls | workloads | before MiB | after MiB | growth | seconds | heap after each tenth, MiB |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const [name, one] of [
    ['handle(), one server', heap.shared],
    ['the HTTP layer, a server per request', heap.http],
  ] as const) {
    out.push(
      `| ${name} | ${one.calls.toLocaleString('en-US')} | ${one.workloads.length} | ${(one.before / MiB).toFixed(2)} | ${(one.after / MiB).toFixed(2)} | ${(one.growth / 1024).toFixed(0)} KiB | ${one.seconds.toFixed(1)} | ${one.samples.map((v) => (v / MiB).toFixed(2)).join(', ')} |`,
    );
  }
  out.push('');
  return out;
}

function sizeSection(results: Results): string[] {
  const size = results.size;
  if (size === undefined) return [];
  const out = [
    '## Core bundle',
    '',
    `\`npm run size\` (bench/size.ts): ${size.entry} bundled by esbuild \`--minify --format=esm\`, ajv and`,
    `json-schema-to-ts external: ${size.minified.toLocaleString('en-US')} bytes minified,`,
    `**${size.gzipped.toLocaleString('en-US')} bytes gzipped**; the budget is ${size.budget.toLocaleString('en-US')}.`,
    `A tools-only server, bundled the same way: ${size.toolsOnly.gzipped.toLocaleString('en-US')} bytes gzipped;`,
    `the budget is ${TOOLS_ONLY_BUDGET.toLocaleString('en-US')}.`,
    '',
  ];
  if (size.dist.inlinesAjv) {
    out.push(
      'The build inlines ajv (tsup `noExternal`), so ajv cannot be left out of dist/index.js: the',
      'core is bundled the same way from src/index.ts. dist/index.js, ajv and all:',
      `${size.dist.minified.toLocaleString('en-US')} bytes minified, ${size.dist.gzipped.toLocaleString('en-US')} gzipped.`,
      '',
    );
  }
  return out;
}

function profileSummary(summary: ProfileSummary): string[] {
  const json = summary.functions
    .filter(
      (hot) =>
        /^(parse|serialize|stringify|write)$/.test(hot.name) &&
        /^src\/http\/(request-rules|plain-responses)\.ts/.test(hot.where),
    )
    .reduce((sum, hot) => sum + hot.percent, 0);
  const alloc = summary.allocation;
  return [
    `### ${workloadOf(summary.workload).label}`,
    '',
    `${summary.calls.toLocaleString('en-US')} calls, ${ms(summary.usPerCall)} µs each under the profiler;` +
      ` the body’s JSON.parse and the answer’s JSON.stringify (src/http/request-rules.ts \`parse\`, src/http/plain-responses.ts \`serialize\`, \`write\`, \`stringify\`): ${json.toFixed(1)}% of the time.` +
      ` About ${Math.round(alloc.bytesPerCall).toLocaleString('en-US')} bytes allocated per call (sampled).` +
      ` Profiles: ${summary.file}, ${summary.heapFile}.`,
    '',
    '| Part | CPU self % | allocated % |',
    '| --- | ---: | ---: |',
    ...summary.parts.map(
      (part) =>
        `| ${md(part.part)} | ${part.percent.toFixed(1)} | ${(alloc.parts.find((a) => a.part === part.part)?.percent ?? 0).toFixed(1)} |`,
    ),
    '',
    'The functions with the most self time:',
    '',
    '| CPU self % | function | where | part |',
    '| ---: | --- | --- | --- |',
    ...summary.functions
      .slice(0, 15)
      .map(
        (hot) =>
          `| ${hot.percent.toFixed(1)} | \`${md(hot.name)}\` | ${hot.where} | ${md(hot.part)} |`,
      ),
    '',
    'The hottest lines of src/ (share of all line ticks):',
    '',
    '| % | line | code |',
    '| ---: | --- | --- |',
    ...summary.lines
      .slice(0, 10)
      .map((line) => `| ${line.percent.toFixed(1)} | ${line.where} | \`${md(line.code)}\` |`),
    '',
    'The functions that allocate the most (sampled, collected objects included):',
    '',
    '| allocated % | bytes per call | function | where | part |',
    '| ---: | ---: | --- | --- | --- |',
    ...alloc.functions
      .slice(0, 12)
      .map(
        (one) =>
          `| ${one.percent.toFixed(1)} | ${Math.round(one.bytes / alloc.calls).toLocaleString('en-US')} | \`${md(one.name)}\` | ${one.where} | ${md(one.part)} |`,
      ),
    '',
  ];
}

function profileSection(results: Results): string[] {
  if (results.profile.length === 0) return [];
  return [
    '## Where the time goes: the HTTP layer',
    '',
    `\`createHttpHandler(() => new BenchServer())\` called in-process with plain requests (the body as`,
    'bytes, as examples/node-http.ts hands it over; no sockets), its answer read to the end, in a loop,',
    `after a second of warm-up, on Node ${results.profileNode}: V8’s sampling CPU profiler (50 µs) for ${results.profileSeconds} s, then its sampling`,
    'heap profiler (every 1 KiB allocated, collected objects included) for half that. Positions are',
    'mapped back to the TypeScript. Open the profiles (bench/.out/) in Chrome DevTools.',
    '',
    ...results.profile.flatMap(profileSummary),
  ];
}

const METHOD = (results: Results) => [
  '## How it is measured',
  '',
  '- **mitata**: its measuring loop is code generated for the function under test, so the harness',
  '  adds the same few tens of nanoseconds to every contender (measured above); batching is off',
  '  (`batch_threshold: -1`): each sample is one operation, timed by itself, after a warm-up of',
  `  ${(results.inProcessSeconds * 0.6).toFixed(2)} s and at least 200 calls; then ${results.inProcessSeconds} s of samples. Each contender runs in a process`,
  '  of its own (`node --expose-gc`, bench/inprocess.ts bundled with esbuild, this library from',
  '  dist/), every round of all of them interleaved; each timing is kept from its fastest round.',
  '- **Over HTTP side by side**, for the targets: the JSON floor and this library’s node:http server',
  '  both up, each idle while the other is loaded, in rounds of one short run of each (the order',
  '  turning); each round’s share of requests per second and ratio of p99 taken, their medians told.',
  '  The rounds of every server above stay for the other figures and the peers.',
  '- **Side by side** (bench/paired.ts): the floor and handle() in one process, for each workload',
  `  ${results.pairedSeconds ?? '?'} s of rounds, each a batch of about 20 ms of each back to back (the order turning, a young`,
  '  collection before each batch, a call awaited only when it answers with a promise); each round’s',
  '  ratio taken, and their median told. The in-process target is decided by it. Peers keep their',
  '  own processes: in one, each would run amid the other’s heap and V8’s process-wide caches.',
  '- **The same fixtures** for every contender (bench/fixtures.ts, bench/features.ts): ten tools',
  '  and one that reports its progress (JSON Schema here, the same constraints in zod for the',
  '  others), ten documents as resources, a template of issues, a prompt, and a completer of',
  '  repository names for the prompt’s argument and the template’s variable. Every answer is',
  '  checked before it is timed: envelope and id, the tools and resources listed, the tool’s exact',
  '  text (defaults filled in), the three problems of the invalid call named, the twenty answers of',
  '  the batch, `resultType` and the server’s identity at 2026-07-28, the resource’s and the',
  '  prompt’s text, the completions, and for a stream every progress notification (token, progress,',
  '  total, message, in order) before the result.',
  '- **The floors**: in-process, `JSON.parse` of the request and `JSON.stringify` of this library’s',
  '  own answer (built beforehand; its id copied from the parsed request; a stream’s messages each',
  '  framed as an SSE event). Over HTTP, the JSON floor does the same on node:http, reading the',
  '  headers a server needs; the bare floor, which answers a fixed body without parsing, is a',
  '  reference.',
  '- **Over HTTP, the library runs from its build** (bench/http-server.ts bundled with esbuild, its',
  '  imports of the library pointing at dist/), as a user’s server does. autocannon runs in its own',
  `  process on this script’s node, 10 connections, ${results.seconds} s after a warm-up,` +
    (results.machine.taskset
      ? ' the server on core 0 and the load on core 1 (`taskset`).'
      : ' without `taskset`.'),
  `  ${results.rounds} round${results.rounds === 1 ? '' : 's'}, the servers interleaved; the round with the most requests per second is kept.`,
  '  Latencies are every 2xx response’s, to the end of its body, at full precision. Server CPU is',
  '  the server process’s user and system time (/proc), warm-up included, over the requests it',
  '  answered; RSS is its VmRSS after the run (and VmHWM, its peak).',
  '- **A notification’s cost** is the difference between the stream of 10 and the stream of 1,',
  '  over 9: both are SSE answers, so only the notifications differ.',
  '- **Cold start**: a fresh `node` until the first tools/call is answered (bench/cold-start.ts',
  '  bundled, the library from dist/), against the same script answering with `JSON.parse` and',
  '  `JSON.stringify` alone; five starts each, alternating, after one untimed start each.',
  `- **Heap**: ${results.heapCalls.toLocaleString('en-US')} calls cycling every workload, through handle() and through the HTTP`,
  '  layer, the heap in use after full collections (`--expose-gc`) before, after, and every tenth.',
  '- **Ratios** are of means. The machine is shared: compare within a run, and within a Node.',
  '',
];

/** bench/RESULTS.md. `full` is false for a short or partial run, whose figures are not the results. */
export function renderResults(results: Results, full = true): string {
  const m = results.machine;
  const out = [
    '# Benchmark results',
    '',
    `Written by \`npm run bench\` (bench/run.ts) on ${results.date.replace('T', ' ').slice(0, 16)} UTC.`,
    '',
  ];
  if (!full) {
    out.push(
      `> **A short run** (BENCH_SECONDS=${results.seconds}, ${results.rounds} HTTP round${results.rounds === 1 ? '' : 's'}, ${results.inProcessRounds} in-process): the harness working end to end,`,
      '> not results. Its figures are noisy; the full run writes bench/RESULTS.md.',
      '',
    );
  }
  out.push(
    `- Machine: ${m.cpu}${m.hypervisor ? ` (${m.hypervisor} guest)` : ''}, ${m.cores} cores, ${m.memoryGiB} GiB; ${m.os}; shared (load average ${m.loadAverage.map((v) => v.toFixed(2)).join(', ')} at the start).`,
    `- Node: ${results.runs.map((run) => `${run.node} (\`${run.binary}\`)`).join(', ')} for the measured processes; ${m.node} for this script and the load generator.`,
    `- BENCH_SECONDS=${results.seconds}.`,
    `- Versions: ${Object.entries(results.versions)
      .map(([name, version]) => `${name} ${version}`)
      .join(', ')}.`,
    '',
    '![tools/call and tools/list, µs per operation](chart.svg)',
    '',
    ...targetsSection(results),
    '## Ratios',
    '',
    ...results.runs.flatMap((run) => [
      ...ratiosSection(run),
      ...pairedSection(results, run),
      ...httpRatiosSection(run),
    ]),
    '## In-process',
    '',
    ...results.runs.flatMap((run) => inProcessSection(results, run)),
    ...contendersSection(results),
    '## Over HTTP',
    '',
    ...results.runs.flatMap(httpSection),
    ...httpServersSection(results),
    '## Cold start',
    '',
    ...results.runs.flatMap(coldSection),
    '## Heap growth',
    '',
    ...results.runs.flatMap(heapSection),
    ...sizeSection(results),
    ...profileSection(results),
    ...(results.findings === undefined ? [] : [results.findings.trim(), '']),
    ...METHOD(results),
    '## Commands',
    '',
    '```sh',
    'npm run bench   # (test -d bench/node_modules || npm ci --prefix bench) && tsx bench/run.ts',
    'BENCH_SECONDS=1 npm run bench   # a short run, written to bench/.out/',
    'npm run bench:profile   # the HTTP layer’s CPU and allocation profiles, in bench/.out/',
    ...results.commands,
    '```',
    '',
  );
  return out.join('\n');
}

// -----------------------------------------------------------------------------------------------

/** bench/chart.svg: µs per operation of tools/call and tools/list, per contender, log scale. */
export function renderChart(results: Results): string {
  const run = results.runs.find((one) => one.inProcess.length > 0) ?? results.runs[0];
  const rows = run === undefined ? [] : byContender(run);
  const panels = ['tools/call', 'tools/list'];
  const width = 760;
  const labelWidth = 330;
  const barWidth = width - labelWidth - 90;
  const barHeight = 18;
  const gap = 6;
  const panelHeight = 34 + rows.length * (barHeight + gap);
  const height = 40 + panels.length * panelHeight + 24;
  const values = rows.flatMap(({ id }) =>
    panels
      .map((panel) => (run ? stats(run, id, panel)?.avg : undefined))
      .filter((v): v is number => v !== undefined),
  );
  const low = values.length ? Math.floor(Math.log10(Math.min(...values) / 1000)) : 0;
  const high = values.length ? Math.ceil(Math.log10(Math.max(...values) / 1000)) : 1;
  const x = (ns: number) =>
    labelWidth + (barWidth * (Math.log10(ns / 1000) - low)) / Math.max(1, high - low);
  const color = (id: string) =>
    id === 'floor.floor' ? '#9aa0a6' : id.startsWith('ours.') ? '#1a73e8' : '#e8710a';
  const text = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif" font-size="12" role="img" aria-labelledby="title">`,
    '<title id="title">In-process microseconds per tools/call and tools/list, per MCP server library</title>',
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
    `<text x="${width / 2}" y="22" text-anchor="middle" font-size="15" font-weight="600">In-process µs per operation (log scale; shorter is faster)</text>`,
  ];
  panels.forEach((panel, p) => {
    const top = 40 + p * panelHeight;
    const label = workloadOf(panel).label;
    parts.push(
      `<text x="8" y="${top + 14}" font-size="13" font-weight="600">${text(label)}</text>`,
    );
    for (let power = low; power <= high; power++) {
      const gx = x(10 ** power * 1000);
      parts.push(
        `<line x1="${gx}" y1="${top + 20}" x2="${gx}" y2="${top + panelHeight - 8}" stroke="#e0e0e0"/>`,
        `<text x="${gx}" y="${top + 16}" text-anchor="middle" fill="#666" font-size="10">${(10 ** power).toLocaleString('en-US')} µs</text>`,
      );
    }
    rows.forEach(({ id, results: cells }, r) => {
      const y = top + 24 + r * (barHeight + gap);
      const one = cells.find((c) => c.workload === panel);
      parts.push(
        `<text x="${labelWidth - 8}" y="${y + 13}" text-anchor="end">${text(cells[0]!.label)}</text>`,
      );
      if (one?.stats === undefined) {
        parts.push(
          `<text x="${labelWidth + 4}" y="${y + 13}" fill="#c5221f">wrong answer: not timed</text>`,
        );
        return;
      }
      const end = x(one.stats.avg);
      parts.push(
        `<rect x="${labelWidth}" y="${y}" width="${Math.max(1, end - labelWidth).toFixed(1)}" height="${barHeight}" fill="${color(id)}"/>`,
        `<text x="${(end + 4).toFixed(1)}" y="${y + 13}">${us(one.stats.avg)} µs</text>`,
      );
    });
  });
  parts.push(
    `<text x="8" y="${height - 8}" fill="#666" font-size="10">${text(`${results.machine.cpu}, ${results.machine.cores} cores, Node ${run?.node ?? results.machine.node}, ${results.date.slice(0, 10)}; bench/RESULTS.md`)}</text>`,
    '</svg>',
    '',
  );
  return parts.join('\n');
}
