/**
 * Signals: typed hooks that every server sends on every message it accepts and every tool call it
 * runs, for logging, metrics and audit. Silent until a receiver connects.
 *
 * @module
 */
import type { Era } from '../era/protocol-versions.js';
import type { Implementation, RequestId } from '../wire/types.js';

const NONE: unknown[] = [];

/** A function that receives a signal's payload. */
export type Receiver<Payload> = (payload: Payload) => void;

/**
 * A typed signal. Receivers run synchronously, in the order they connected, when a server sends
 * it; a receiver that throws never changes the answer: its error goes to the server's logger.
 *
 * @example
 * ```ts
 * const disconnect = mcpserverToolCalled.connect(({ tool, outcome, durationMs }) => {
 *   console.log(`${tool} ${outcome} in ${durationMs.toFixed(1)} ms`);
 * });
 * disconnect(); // when done
 * ```
 */
export class Signal<Payload> {
  /** The signal's name, for logs. */
  readonly name: string;
  // Replaced, never mutated, so that a receiver that connects or disconnects during send() does
  // not change the list being walked.
  #receivers: readonly Receiver<Payload>[] = [];

  /** @param name - The signal's name, e.g. `mcpserver_called`. */
  constructor(name: string) {
    this.name = name;
  }

  /** True when at least one receiver is connected: senders skip building a payload otherwise. */
  get connected(): boolean {
    return this.#receivers.length > 0;
  }

  /**
   * Connect a receiver.
   *
   * @param receiver - The function to call with each payload.
   * @returns A function that disconnects it; calling it twice is harmless.
   */
  connect(receiver: Receiver<Payload>): () => void {
    const entry: Receiver<Payload> = (payload) => receiver(payload);
    this.#receivers = [...this.#receivers, entry];
    return () => {
      this.#receivers = this.#receivers.filter((one) => one !== entry);
    };
  }

  /**
   * Send a payload to every receiver. A receiver that throws does not stop the others.
   *
   * @param payload - The payload.
   * @returns What the receivers threw, for the sender to log; empty when none did.
   */
  send(payload: Payload): unknown[] {
    let errors: unknown[] | undefined;
    for (const receiver of this.#receivers) {
      try {
        receiver(payload);
      } catch (error) {
        errors ??= [];
        errors.push(error);
      }
    }
    return errors ?? NONE;
  }
}

/** The payload of {@link mcpserverCalled}: one message that a server accepted. */
export interface ServerCalled {
  /** The server's name. */
  server: string;
  /** The message's method, e.g. `tools/list` or `notifications/initialized`. */
  method: string;
  /** The request's id, or `undefined` for a notification. */
  id: RequestId | undefined;
  /** The message's params, as the client sent them. */
  params: Record<string, unknown> | undefined;
  /** The era it came in. */
  era: Era;
  /** Its protocol version, when known: 2026-07-28's `_meta` one, or the handshake header. */
  protocolVersion: string | undefined;
  /** Who the client says it is, when a 2026-07-28 request says so. */
  clientInfo: Implementation | undefined;
}

/** How a tool call ended. */
export type ToolOutcome =
  /** The tool ran and answered. */
  | 'success'
  /** The arguments were not valid: the LLM was told which. */
  | 'invalid-arguments'
  /** The tool threw a `ToolError`: the LLM was told its message. */
  | 'tool-error'
  /** The call ran past its time: its signal aborted, and the LLM was told. */
  | 'timeout'
  /** The client cancelled the call, or went away: its signal aborted, its result was dropped. */
  | 'cancelled'
  /** The tool threw a `ProtocolError`: the client got its code. */
  | 'protocol-error'
  /** The tool asked for input (2026-07-28): the client was sent the input requests. */
  | 'input-required'
  /** Something unexpected failed: the client got -32603, the logger the error. */
  | 'internal-error';

/** The payload of {@link mcpserverToolCalled}: one tool call, after it ended. */
export interface ToolCalled {
  /** The server's name. */
  server: string;
  /** The tool's name. */
  tool: string;
  /** The arguments, as the client sent them. */
  arguments: Record<string, unknown> | undefined;
  /** How the call ended. */
  outcome: ToolOutcome;
  /** How long the call took, validation included, in milliseconds. */
  durationMs: number;
  /** What was thrown, unless the outcome is `success`. */
  error?: unknown;
  /** The era the call came in. */
  era: Era;
  /** Its protocol version, when known. */
  protocolVersion: string | undefined;
  /** Who the client says it is, when a 2026-07-28 request says so. */
  clientInfo: Implementation | undefined;
}

/** Sent for every request and notification that a server accepts, before it is answered. */
export const mcpserverCalled: Signal<ServerCalled> = new Signal('mcpserver_called');

/** Sent after every tool call, whether or not it failed. */
export const mcpserverToolCalled: Signal<ToolCalled> = new Signal('mcpserver_tool_called');
