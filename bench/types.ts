// The shapes of what each measuring process prints and bench/run.ts gathers. Types only, so that
// the orchestrator and the report type-check without the bench's own dependencies installed.
import type { Verdict } from './fixtures.js';

/** Timings of one operation, in nanoseconds: one call per sample. */
export interface OpStats {
  min: number;
  p50: number;
  avg: number;
  p99: number;
  samples: number;
}

/** How one in-process contender did on one workload (printed by bench/inprocess.ts). */
export interface InProcessResult {
  contender: string;
  label: string;
  how: string;
  workload: string;
  verdict: Verdict;
  /** When the answer was right: a wrong one is reported, not timed. */
  stats?: OpStats;
  /** The mean of every round, nanoseconds; `stats` is the fastest round's. */
  means?: number[];
}

/** What one load run measured (printed by bench/load.ts). */
export interface LoadResult {
  requestsPerSecond: number;
  total: number;
  seconds: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Milliseconds, from every 2xx response. */
  latency: { mean: number; p50: number; p90: number; p99: number; max: number };
  /** Requests answered during the warm-up, which the server's CPU time includes. */
  warmupTotal: number;
  /**
   * The server's CPU time (user and system, every thread) per request answered, warm-up included,
   * in µs: what the server spends, whatever limits the load generator. Linux only.
   */
  cpuUsPerRequest?: number | undefined;
  /** The server's resident set after the run, and its peak (VmRSS, VmHWM), in bytes. Linux only. */
  rss?: { after: number; peak: number } | undefined;
}

/** One HTTP server under load, on one workload. */
export interface HttpResult {
  /** The workload's id (bench/fixtures.ts). */
  workload: string;
  server: string;
  label: string;
  how: string;
  verdict: Verdict;
  runs: LoadResult[];
  /** The round with the most requests per second. */
  best?: LoadResult | undefined;
}

/** Cold start: milliseconds from spawn to the first answer, five times each, alternating. */
export interface ColdResult {
  /** ours: ajv compiles at the first call; precompiled: validators generated at build time. */
  which: 'floor' | 'ours' | 'precompiled';
  /** Measured by the parent: from spawn() to the answer on the child's stdout. */
  wallMs: number[];
  /** Measured by the child: performance.now() when it answered (from its own time origin). */
  selfMs: number[];
  verdict: Verdict;
}

/** What one run of calls did to the heap (printed by bench/heap.ts). */
export interface HeapRun {
  calls: number;
  /** The workloads cycled, by id. */
  workloads: string[];
  before: number;
  after: number;
  growth: number;
  /** The heap in use after a full collection, every tenth of the run. */
  samples: number[];
  seconds: number;
}

/** A function of a profile, and its self time. */
export interface Hot {
  name: string;
  where: string;
  part: string;
  selfMs: number;
  percent: number;
}

/** A function of an allocation profile, and what it allocated. */
export interface Allocating {
  name: string;
  where: string;
  part: string;
  bytes: number;
  percent: number;
}

/** The summary of one CPU profile and one allocation profile (printed by bench/profile.ts). */
export interface ProfileSummary {
  workload: string;
  file: string;
  /** The allocation (heap sampling) profile. */
  heapFile: string;
  /** Bytes allocated per call, sampled (an estimate), and by whom. */
  allocation: {
    calls: number;
    bytesPerCall: number;
    parts: { part: string; bytes: number; percent: number }[];
    functions: Allocating[];
  };
  calls: number;
  totalMs: number;
  usPerCall: number;
  functions: Hot[];
  parts: { part: string; selfMs: number; percent: number }[];
  lines: { where: string; code: string; percent: number }[];
}

/** What was measured with one Node binary (the child processes' node). */
export interface NodeRun {
  /** Its version, e.g. v22.11.0. */
  node: string;
  /** The binary, as a reader can run it again (relative to the repository when inside it). */
  binary: string;
  inProcess: InProcessResult[];
  /** The in-process ratios side by side (bench/paired.ts); absent from runs made before it. */
  paired?: PairedResult[] | undefined;
  http: HttpResult[];
  /** The JSON floor and this library's server loaded in turns (bench/run.ts); absent before it. */
  httpPaired?: HttpPairedResult[] | undefined;
  cold: ColdResult[];
  /** Calls cycling every workload: through handle() with one server, and through the HTTP layer. */
  heap: { shared: HeapRun; http: HeapRun } | undefined;
}

/** Everything one run of bench/run.ts measured. */
export interface Results {
  date: string;
  /** bench/FINDINGS.md: what the profiles found and what changed because of them, by hand. */
  findings?: string | undefined;
  seconds: number;
  rounds: number;
  heapCalls: number;
  profileSeconds: number;
  inProcessSeconds: number;
  /** Seconds per workload and pair side by side (bench/paired.ts); absent from runs before it. */
  pairedSeconds?: number | undefined;
  inProcessRounds: number;
  machine: {
    cpu: string;
    cores: number;
    hypervisor: string | undefined;
    memoryGiB: number;
    os: string;
    /** The node that ran bench/run.ts and the load generator. */
    node: string;
    taskset: boolean;
    loadAverage: number[];
  };
  versions: Record<string, string>;
  size:
    | {
        minified: number;
        gzipped: number;
        budget: number;
        /** What was bundled: dist/index.js, or src/index.ts when the build inlines ajv. */
        entry: string;
        dist: { minified: number; gzipped: number; inlinesAjv: boolean };
        /** A tools-only server's bundle. */
        toolsOnly: { minified: number; gzipped: number };
      }
    | undefined;
  /** One per Node binary, in the order given. */
  runs: NodeRun[];
  /** Profiles of the HTTP layer, with the first Node binary. */
  profile: ProfileSummary[];
  /** The node the profiles were taken with. */
  profileNode: string | undefined;
  commands: string[];
}

/** The floor and handle() timed in turns in one process, on one workload (bench/paired.ts). */
export interface PairedResult {
  workload: string;
  rounds: number;
  /** The median of each contender's batches, nanoseconds per call. */
  nsPerCall: Record<string, number>;
  /** Each round's handle() over floor: the median, least and greatest; none when one was wrong. */
  ratio?: { median: number; min: number; max: number } | undefined;
  /** A contender whose answer was wrong or that threw: what was wrong, not timed. */
  wrong: Record<string, string>;
}

/** The JSON floor and this library's node:http server loaded in turns, on one workload. */
export interface HttpPairedResult {
  workload: string;
  rounds: number;
  /** Seconds of each load run. */
  seconds: number;
  /** Each round's requests per second of this library over the floor's. */
  share: number[];
  /** Each round's p99 of this library over the floor's. */
  p99: number[];
  /** The median of each server's runs. */
  requestsPerSecond: Record<'floor-json' | 'ours', number>;
}
