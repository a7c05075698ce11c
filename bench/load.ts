// The load generator, in a process of its own (on its own core where taskset exists): autocannon's
// API, 10 connections, POSTing one body for a while after a warm-up, and every response's latency
// kept at full precision (autocannon's own histogram rounds to whole milliseconds, too coarse for a
// server that answers in a fraction of one). Prints one JSON line.
//
//   node --import tsx bench/load.ts '{"url":…,"body":…,"headers":{…},"seconds":10,"warmup":2}'
import autocannon from 'autocannon';
import type { LoadResult } from './types.js';

interface LoadOptions {
  url: string;
  body: string;
  headers: Record<string, string>;
  seconds: number;
  warmup: number;
  connections?: number;
}

const options = JSON.parse(process.argv[2] ?? '{}') as LoadOptions;
const connections = options.connections ?? 10;

function run(seconds: number, onLatency?: (ms: number) => void): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        method: 'POST',
        headers: options.headers,
        body: options.body,
        connections,
        duration: seconds,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    if (onLatency !== undefined) {
      instance.on('response', (_client, status, _bytes, ms) => {
        if (status >= 200 && status < 300) onLatency(ms);
      });
    }
  });
}

const percentile = (sorted: Float64Array, p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * (sorted.length - 1)))] ?? Number.NaN;

const warmupTotal = options.warmup > 0 ? (await run(options.warmup)).requests.total : 0;

let latencies = new Float64Array(1 << 20);
let count = 0;
const result = await run(options.seconds, (ms) => {
  if (count === latencies.length) {
    const grown = new Float64Array(latencies.length * 2);
    grown.set(latencies);
    latencies = grown;
  }
  latencies[count++] = ms;
});
const sorted = latencies.subarray(0, count).sort();
let sum = 0;
for (const ms of sorted) sum += ms;

const out: LoadResult = {
  requestsPerSecond: result.requests.total / result.duration,
  total: result.requests.total,
  seconds: result.duration,
  non2xx: result.non2xx,
  errors: result.errors,
  timeouts: result.timeouts,
  latency: {
    mean: sum / count,
    p50: percentile(sorted, 0.5),
    p90: percentile(sorted, 0.9),
    p99: percentile(sorted, 0.99),
    max: sorted[count - 1] ?? Number.NaN,
  },
  warmupTotal,
};
process.stdout.write(`${JSON.stringify(out)}\n`);
