// A server for testing how an adapter streams, in this process or in another runtime's (Deno, Bun,
// workerd), where a test cannot reach a gate in memory: a tool that reports progress and a log
// message, then waits until a second request releases it, and two tools through which the test
// releases it and asks what became of it. The waiting calls are kept by key in this module, which
// every request of one process (one isolate, in workerd) shares.
import {
  defineTool,
  type JSONSchema,
  MCPServerBase,
  MCPToolBase,
  type RequestScope,
  type ToolArguments,
  toolsByName,
} from 'mcp-protocol-core';

/** What became of a call of `gated`, by its key. */
export interface Outcome {
  /** The adapter reported that the client went away (the HTTP request's signal aborted). */
  disconnected: boolean;
  /** The call's own signal aborted: its request was cancelled. */
  cancelled: boolean;
  /** The call was released, and ran to its end. */
  finished: boolean;
}

interface Waiting extends Outcome {
  release: () => void;
}

const calls = new Map<string, Waiting>();

const KEY = {
  type: 'object',
  properties: { key: { type: 'string', minLength: 1 } },
  required: ['key'],
} as const satisfies JSONSchema;

/** Waits until released by its key; made per request, with that request's HTTP signal. */
class Gated extends MCPToolBase<typeof KEY> {
  readonly name = 'gated';
  readonly title = 'Gated';
  readonly description = 'Reports progress and a log message, waits until released, reports again.';
  readonly argumentsSchema = KEY;
  readonly #httpSignal: AbortSignal | undefined;

  constructor(httpSignal: AbortSignal | undefined) {
    super();
    this.#httpSignal = httpSignal;
  }

  async run({ key }: ToolArguments<typeof KEY>, scope: RequestScope) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const call: Waiting = { disconnected: false, cancelled: false, finished: false, release };
    calls.set(key, call);
    this.#httpSignal?.addEventListener('abort', () => {
      call.disconnected = true;
    });
    const cancelled = new Promise<void>((resolve) =>
      scope.signal.addEventListener('abort', () => resolve(), { once: true }),
    );
    scope.progress(1, 2, 'waiting');
    scope.log('info', { key });
    await Promise.race([released, cancelled]);
    if (scope.signal.aborted) {
      call.cancelled = true;
      return 'cancelled';
    }
    call.finished = true;
    scope.progress(2, 2, 'released');
    return `released ${key}`;
  }
}

const Release = defineTool({
  name: 'release',
  title: 'Release',
  description: 'Releases the call of gated with this key: true when one was waiting.',
  argumentsSchema: KEY,
  run: ({ key }) => {
    const call = calls.get(key);
    const waiting = call !== undefined && !call.finished && !call.cancelled;
    // Only a waiting call: workerd warns of a promise resolved for a request that has ended.
    if (waiting) call.release();
    return String(waiting);
  },
});

const OutcomeOf = defineTool({
  name: 'outcome',
  title: 'Outcome',
  description: 'What became of the call of gated with this key, as JSON; null when none was made.',
  argumentsSchema: KEY,
  run: ({ key }) => {
    const call = calls.get(key);
    if (call === undefined) return 'null';
    const { disconnected, cancelled, finished } = call;
    return JSON.stringify({ disconnected, cancelled, finished });
  },
});

/** The server: made per request, with the HTTP request's signal, which the adapter aborts. */
export class GatedServer extends MCPServerBase {
  readonly name = 'gated';
  override readonly tools: MCPServerBase['tools'];

  constructor(httpSignal?: AbortSignal) {
    super();
    this.tools = toolsByName(new Gated(httpSignal), new Release(), new OutcomeOf());
  }

  serverInfo() {
    return { name: 'gated', version: '1.0.0' };
  }

  override instructions() {
    return 'Call gated, then release it by its key.';
  }
}
