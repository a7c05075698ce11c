// The demo's request log and metrics, written by receivers of the two signals.
import { mcpserverCalled, mcpserverToolCalled, type ToolOutcome } from 'mcp-protocol-core';

/** One entry of the request log. */
export interface Entry {
  time: string;
  server: string;
  method: string;
  /** For a tool call: the tool, how it ended, and how long it took. */
  tool?: string;
  outcome?: ToolOutcome;
  durationMs?: number;
}

const MAX_ENTRIES = 10_000;

/** The log of what the servers answered, and their tool-call times. */
export class Activity {
  readonly started = Date.now();
  readonly entries: Entry[] = [];
  requests = 0;
  readonly #durations: number[] = [];

  /** Connect the receivers; returns a function that disconnects them. */
  connect(print?: (line: string) => void): () => void {
    const offCalled = mcpserverCalled.connect(({ server, method, id }) => {
      if (id !== undefined) this.requests++;
      if (method === 'tools/call') return; // logged when it ends, with its outcome
      this.#add({ time: new Date().toISOString(), server, method });
      print?.(`${server} ${method}`);
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

  #add(entry: Entry): void {
    this.entries.push(entry);
    if (this.entries.length > MAX_ENTRIES) this.entries.shift();
  }

  /** The p-th percentile of the tool-call times, in ms, or undefined before any call. */
  percentile(p: number): number | undefined {
    if (this.#durations.length === 0) return undefined;
    const sorted = [...this.#durations].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
  }
}
