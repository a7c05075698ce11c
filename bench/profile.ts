// Where the time and the memory go in the HTTP layer alone: createHttpHandler (a server per
// request, as a user runs it) called in-process with plain request objects, no sockets, in a loop
// on tools/call, tools/list and the tools/call that streams 10 progress notifications (its SSE
// answer read to its end), under V8's sampling profiler (the inspector's Profiler, as `node
// --cpu-prof` uses it) and then its sampling heap profiler (HeapProfiler, every allocation
// sampled, collected or not). Each profile is saved to bench/.out/http-<workload>.cpuprofile and
// .heapprofile (open them in Chrome DevTools), and summarised: self time and allocated bytes by
// function and by part (the HTTP layer, the rest of this library, ajv, V8 builtins, GC, …), and
// the hottest lines of src/. bench/run.ts bundles this file with esbuild, unminified and with an
// inline source map, into bench/.out/profile.mjs (tsx puts a whole module on one line, which
// leaves V8's line ticks nothing to tell apart); every position is mapped back to the TypeScript
// through that map (hence --enable-source-maps). Prints one JSON line.
//
//   node --enable-source-maps bench/.out/profile.mjs [seconds]
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { findSourceMap } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { oursHttp } from './contenders/ours.js';
import { checkAnswer, workload as workloadOf } from './fixtures.js';
import type { Allocating, Hot, ProfileSummary } from './types.js';

const seconds = Number(process.argv[2] ?? 3);
// The repository: this file runs from bench/ or, bundled, from bench/.out/.
const root = fileURLToPath(import.meta.url).replace(/\/bench\/[^/]*(\/[^/]*)?$/, '/');
const outDir = pathToFileURL(`${root}bench/.out/`);

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  positionTicks?: { line: number; ticks: number }[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

// The original position of a generated one, through the module's source map (tsx inlines one).
function original(url: string, line: number, column: number) {
  const map = url.startsWith('file:') ? findSourceMap(url) : undefined;
  const entry = map?.findEntry(line, column) as
    | { originalSource?: string; originalLine?: number }
    | undefined;
  if (entry?.originalLine === undefined) return { file: url, line: line + 1 };
  return { file: entry.originalSource ?? url, line: entry.originalLine + 1 };
}

function shorten(file: string): string {
  const path = file.startsWith('file:') ? fileURLToPath(file) : file;
  return path.startsWith(root) ? path.slice(root.length) : path;
}

// The files of the HTTP layer; the rest of src/ is the core that handle() runs.
const HTTP_LAYER = /\/src\/(http|http\/[a-z-]+|wire\/http-headers)\.ts$/;

function partOf(name: string, file: string): string {
  if (name.startsWith('(')) return name; // (garbage collector), (program), (idle), (root)
  if (HTTP_LAYER.test(file))
    return 'HTTP layer (src/http*.ts, fetch-handler.ts, sse.ts, cors.ts, headers.ts)';
  if (file.includes('/src/')) return 'mcp-protocol-core core (src/)';
  if (file.includes('/node_modules/ajv')) return 'ajv (library)';
  if (file.includes('/bench/')) return 'bench (the request, reading the body, tool run())';
  if (file.startsWith('node:')) return 'node internals';
  if (file === '' && /^validate\d+$/.test(name)) return 'ajv (generated validators)';
  if (file === '') return 'V8 builtins';
  return 'other';
}

const lineCache = new Map<string, string[]>();
function sourceLine(file: string, line: number, trim = true): string {
  let lines = lineCache.get(file);
  if (lines === undefined) {
    try {
      lines = readFileSync(file.startsWith('file:') ? fileURLToPath(file) : file, 'utf8').split(
        '\n',
      );
    } catch {
      lines = [];
    }
    lineCache.set(file, lines);
  }
  const text = lines[line - 1] ?? '';
  return trim ? text.trim().slice(0, 100) : text;
}

function summarise(
  workload: string,
  file: string,
  calls: number,
  profile: Profile,
): Omit<ProfileSummary, 'heapFile' | 'allocation'> {
  const totalMs = (profile.endTime - profile.startTime) / 1000;
  const counts = new Map<number, number>();
  for (const id of profile.samples) counts.set(id, (counts.get(id) ?? 0) + 1);
  const msPerSample = totalMs / profile.samples.length;
  const byFunction = new Map<string, Hot>();
  const byPart = new Map<string, number>();
  const byLine = new Map<string, { where: string; code: string; ticks: number }>();
  let lineTicks = 0;
  for (const node of profile.nodes) {
    const count = counts.get(node.id) ?? 0;
    const frame = node.callFrame;
    const at = original(frame.url, frame.lineNumber, frame.columnNumber);
    const name = frame.functionName || '(anonymous)';
    const part = partOf(frame.functionName, frame.url === '' ? '' : at.file);
    if (count > 0) {
      const where = frame.url === '' ? '' : `${shorten(at.file)}:${at.line}`;
      const key = `${name} ${where}`;
      const hot = byFunction.get(key) ?? { name, where, part, selfMs: 0, percent: 0 };
      hot.selfMs += count * msPerSample;
      byFunction.set(key, hot);
      byPart.set(part, (byPart.get(part) ?? 0) + count * msPerSample);
    }
    for (const { line, ticks } of node.positionTicks ?? []) {
      lineTicks += ticks;
      if (!at.file.includes('/src/')) continue;
      // The statement that starts the generated line (the bundle is unminified: one a line).
      const column = Math.max(0, sourceLine(frame.url, line, false).search(/\S/));
      const source = original(frame.url, line - 1, column);
      const where = `${shorten(source.file)}:${source.line}`;
      const entry = byLine.get(where) ?? {
        where,
        code: sourceLine(source.file, source.line),
        ticks: 0,
      };
      entry.ticks += ticks;
      byLine.set(where, entry);
    }
  }
  const percent = (ms: number) => (100 * ms) / totalMs;
  return {
    workload,
    file,
    calls,
    totalMs,
    usPerCall: (totalMs * 1000) / calls,
    functions: [...byFunction.values()]
      .map((hot) => ({ ...hot, percent: percent(hot.selfMs) }))
      .sort((a, b) => b.selfMs - a.selfMs)
      .slice(0, 25),
    parts: [...byPart.entries()]
      .map(([part, selfMs]) => ({ part, selfMs, percent: percent(selfMs) }))
      .sort((a, b) => b.selfMs - a.selfMs),
    lines: [...byLine.values()]
      .sort((a, b) => b.ticks - a.ticks)
      .slice(0, 15)
      .map(({ where, code, ticks }) => ({
        where,
        code,
        percent: (100 * ticks) / (lineTicks || 1),
      })),
  };
}

interface HeapNode {
  callFrame: CallFrame;
  selfSize: number;
  children: HeapNode[];
}

// What each function allocated, by its self size in the sampled profile.
function summariseHeap(calls: number, head: HeapNode): ProfileSummary['allocation'] {
  const byFunction = new Map<string, Allocating>();
  const byPart = new Map<string, number>();
  let total = 0;
  const visit = (node: HeapNode) => {
    const frame = node.callFrame;
    if (node.selfSize > 0) {
      const at = original(frame.url, frame.lineNumber, frame.columnNumber);
      const name = frame.functionName || '(anonymous)';
      const part = partOf(frame.functionName, frame.url === '' ? '' : at.file);
      const where = frame.url === '' ? '' : `${shorten(at.file)}:${at.line}`;
      const key = `${name} ${where}`;
      const entry = byFunction.get(key) ?? { name, where, part, bytes: 0, percent: 0 };
      entry.bytes += node.selfSize;
      byFunction.set(key, entry);
      byPart.set(part, (byPart.get(part) ?? 0) + node.selfSize);
      total += node.selfSize;
    }
    for (const child of node.children) visit(child);
  };
  visit(head);
  const percent = (bytes: number) => (100 * bytes) / (total || 1);
  return {
    calls,
    bytesPerCall: total / calls,
    parts: [...byPart.entries()]
      .map(([part, bytes]) => ({ part, bytes, percent: percent(bytes) }))
      .sort((a, b) => b.bytes - a.bytes),
    functions: [...byFunction.values()]
      .map((entry) => ({ ...entry, percent: percent(entry.bytes) }))
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, 20),
  };
}

// Run the operation for a time; how many calls it made.
async function loop(op: () => Promise<unknown>, ms: number): Promise<number> {
  let calls = 0;
  for (const until = performance.now() + ms; performance.now() < until; calls++) await op();
  return calls;
}

const session = new Session();
session.connect();
const summaries: ProfileSummary[] = [];
for (const id of ['tools/call', 'tools/list', 'sse']) {
  const workload = workloadOf(id);
  const handle = await oursHttp.prepare(workload);
  const op = () => handle(workload.body) as Promise<string | undefined>;
  const verdict = checkAnswer(workload, await op());
  if (!verdict.ok) throw new Error(`${id}: wrong answer: ${verdict.problem}`);
  // Warm up, so that the profile shows the optimised code a long-running server runs.
  await loop(op, 1000);
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 50 });
  await session.post('Profiler.start');
  const calls = await loop(op, seconds * 1000);
  const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: Profile };
  await session.post('Profiler.disable');
  const name = `http-${id.replace('/', '-')}`;
  const file = new URL(`${name}.cpuprofile`, outDir);
  writeFileSync(file, JSON.stringify(profile));

  await session.post('HeapProfiler.enable');
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 1024,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  } as object);
  const heapCalls = await loop(op, Math.max(500, (seconds * 1000) / 2));
  const { profile: heap } = (await session.post('HeapProfiler.stopSampling')) as unknown as {
    profile: { head: HeapNode };
  };
  await session.post('HeapProfiler.disable');
  const heapFile = new URL(`${name}.heapprofile`, outDir);
  writeFileSync(heapFile, JSON.stringify(heap));

  summaries.push({
    ...summarise(id, shorten(fileURLToPath(file)), calls, profile),
    heapFile: shorten(fileURLToPath(heapFile)),
    allocation: summariseHeap(heapCalls, heap.head),
  });
}
session.disconnect();
process.stdout.write(`${JSON.stringify(summaries)}\n`);
