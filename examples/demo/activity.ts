// The demo's request log and metrics, written by receivers of the two signals.
import { mcpserverCalled, mcpserverToolCalled, type ToolOutcome } from 'mcp-protocol-core';

/** One entry of the request log. */
export interface Entry {
  /** Its number: 1 for the first request the servers answered, and so on. */
  number: number;
  time: string;
  server: string;
  method: string;
  /** For a request of the Tasks extension (tasks/get, tasks/update, tasks/cancel): its task. */
  task?: string;
  /** For a tool call: the tool, how it ended, and how long it took. */
  tool?: string;
  outcome?: ToolOutcome;
  durationMs?: number;
}

const MAX_ENTRIES = 10_000;

/** An entry as one line of text, e.g. `2026-12-01T10:00:00.000Z project tools/call read_document success 0.42`. */
export function lineOf({ time, server, method, task, tool, outcome, durationMs }: Entry): string {
  return [time, server, method, task, tool, outcome, durationMs?.toFixed(2)]
    .filter(Boolean)
    .join(' ');
}

/** The log of what the servers answered, and their tool-call times. */
export class Activity {
  readonly started = Date.now();
  readonly entries: Entry[] = [];
  requests = 0;
  readonly #durations: number[] = [];
  // The number of the latest entry: numbers go on after a clear, and never name two entries.
  #last = 0;
  /** Called after each change of the log: an entry added, entries cleared. */
  onChange: (() => void) | undefined;

  /** Connect the receivers; returns a function that disconnects them. */
  connect(print?: (line: string) => void): () => void {
    const offCalled = mcpserverCalled.connect(({ server, method, id, params }) => {
      if (id !== undefined) this.requests++;
      if (method === 'tools/call') return; // logged when it ends, with its outcome
      // Which task, so that a task's requests can be followed from replica to replica.
      const task =
        method.startsWith('tasks/') && typeof params?.taskId === 'string'
          ? params.taskId.slice(0, 64)
          : undefined;
      this.#add({ time: new Date().toISOString(), server, method, ...(task && { task }) });
      print?.(task === undefined ? `${server} ${method}` : `${server} ${method} ${task}`);
    });
    const offTool = mcpserverToolCalled.connect(({ server, tool, outcome, durationMs }) => {
      this.#add({
        time: new Date().toISOString(),
        server,
        method: 'tools/call',
        tool,
        outcome,
        durationMs,
      });
      this.#durations.push(durationMs);
      if (this.#durations.length > MAX_ENTRIES) this.#durations.shift();
      print?.(`${server} tools/call ${tool} ${outcome} ${durationMs.toFixed(2)} ms`);
    });
    return () => {
      offCalled();
      offTool();
    };
  }

  #add(entry: Omit<Entry, 'number'>): void {
    this.entries.push({ number: ++this.#last, ...entry });
    if (this.entries.length > MAX_ENTRIES) this.entries.shift();
    this.onChange?.();
  }

  /** The number of the latest entry; 0 before the first. */
  get last(): number {
    return this.#last;
  }

  /** Remove the entries up to a number, that one included; returns how many were removed. */
  clear(upTo: number): number {
    const cleared = this.entries.splice(0, this.count(upTo)).length;
    this.onChange?.();
    return cleared;
  }

  /** How many entries the log holds up to a number, that one included. */
  count(upTo: number): number {
    const count = this.entries.findIndex((entry) => entry.number > upTo);
    return count < 0 ? this.entries.length : count;
  }

  /** The entry of that number, while the log still holds it. */
  entry(number: number): Entry | undefined {
    const first = this.entries[0]?.number ?? 1;
    return this.entries[number - first];
  }

  /** Uptime, memory, requests served, and tool-call times (p50, p99). */
  health() {
    const { rss, heapUsed } = process.memoryUsage();
    const ms = (value: number | undefined) =>
      value === undefined ? 'n/a' : `${value.toFixed(2)} ms`;
    const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
    return {
      uptimeSeconds: Math.round((Date.now() - this.started) / 1000),
      rss: mib(rss),
      heapUsed: mib(heapUsed),
      requestsServed: this.requests,
      toolCallP50: ms(this.percentile(50)),
      toolCallP99: ms(this.percentile(99)),
    };
  }

  /** The p-th percentile of the tool-call times, in ms, or undefined before any call. */
  percentile(p: number): number | undefined {
    if (this.#durations.length === 0) return undefined;
    const sorted = [...this.#durations].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
  }
}
