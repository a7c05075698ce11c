/**
 * What a test client is told: the protocol version it speaks, what its 2026-07-28 requests
 * declare, and how it answers input requests; and the notifications it hands on.
 *
 * @module
 */
import type {
  ClientCapabilities,
  Implementation,
  InputRequest,
  LoggingLevel,
  ProgressToken,
} from '../wire/types.js';

/** Options of a {@link TestClient}. */
export interface TestClientOptions {
  /**
   * The protocol version to speak. `2026-07-28` speaks the stateless era: `_meta` on every
   * request, and the HTTP headers a real client sends (`MCP-Protocol-Version`, `Mcp-Method`,
   * `Mcp-Name`, `Mcp-Param-*`), so that the server checks them as it would over HTTP. A handshake
   * version (`2024-11-05` … `2025-11-25`) is the one `initialize()` asks for, and every later
   * request carries it in `MCP-Protocol-Version`, as a client that negotiated it does over HTTP:
   * the server answers in that version. Default: the handshake era with no header, which the
   * server answers in its latest handshake version.
   *
   * @throws TypeError - From the constructor, for a version the library does not speak.
   */
  protocolVersion?: string;
  /**
   * The client capabilities it declares: in each 2026-07-28 request; in the handshake era, in
   * `initialize()`, and to a server with `questions` in the `Mcp-Session-Id` that initialize
   * answers with, sent with every request. Default `{}`: a server asks it nothing.
   */
  clientCapabilities?: ClientCapabilities;
  /** Who the client says it is, in 2026-07-28 requests. Default: left out. */
  clientInfo?: Implementation;
  /**
   * Answer the input requests of a 2026-07-28 `input_required` result, as a real client asks its
   * user or its LLM: the request is then sent again with the answers and the `requestState` it was
   * given, up to 10 rounds. Its answer is the client's result (an `ElicitResult`, a
   * `CreateMessageResult`, a `ListRootsResult`), or anything else to test how the server reads
   * it; `undefined` leaves its request unanswered. With none
   * answered, the `input_required` result is returned as it is, as it is without this option.
   *
   * In the handshake era, it answers the questions of a server with `questions` (`questionsOn()`),
   * asked of it as its {@link clientCapabilities} declare, as they arrive on the request's answer, as a client POSTs its response (`key` is then the
   * question's JSON-RPC id); `undefined`, or no `answerInput`, answers as a client without the
   * capability does (-32601), which the method sees as `InputUnavailableError`. A server without
   * `questions` cannot ask a handshake-era client: a request that asks then throws an `Error` that
   * says so, rather than let the test believe it was answered.
   *
   * @example
   * ```ts
   * answerInput: (request) =>
   *   request.method === 'elicitation/create' ? { action: 'accept', content: { name: 'Ada' } } : undefined,
   * ```
   */
  answerInput?: (request: InputRequest, key: string) => unknown;
  /**
   * Receives each notification a request sends while it runs (progress, log messages), as the
   * events of its SSE answer would bring them, before the request's result. Every request asks
   * for progress (its `progressToken` is its id) and, in 2026-07-28, for log messages from
   * {@link logLevel}; in the handshake era the server's own `logLevel` applies.
   *
   * @example
   * ```ts
   * const seen: TestNotification[] = [];
   * const client = new TestClient(server, { onNotification: (notification) => seen.push(notification) });
   * await client.callTool('count_mentions', { phrase: 'handle' });
   * seen.filter((n) => n.method === 'notifications/progress').length; //=> one per document
   * ```
   */
  onNotification?: (notification: TestNotification) => void;
  /** The least severe log message a 2026-07-28 request asks for. Default `debug`: every one. */
  logLevel?: LoggingLevel;
  /**
   * The OAuth scopes its requests are granted, as an access token's would be over HTTP: a tool,
   * prompt, resource or template that requires others is not listed, and refused with a
   * `ResponseError` of status 403. Default: none.
   */
  grantedScopes?: readonly string[];
}

/** A `notifications/progress`: how far a request has come. */
export interface ProgressNotification {
  /** Always `2.0`. */
  jsonrpc: '2.0';
  /** The notification. */
  method: 'notifications/progress';
  /** What the progress is of, and how far it has come. */
  params: {
    /** The token of the request it is about: its id, as `TestClient` asks. */
    progressToken: ProgressToken;
    /** How far, greater than the last. */
    progress: number;
    /** The whole, when known. */
    total?: number;
    /** What is being done. */
    message?: string;
  };
}

/** A `notifications/message`: a log message of a request. */
export interface LogNotification {
  /** Always `2.0`. */
  jsonrpc: '2.0';
  /** The notification. */
  method: 'notifications/message';
  /** What is said. */
  params: {
    /** How severe. */
    level: LoggingLevel;
    /** What it says: a string or any JSON value. */
    data: unknown;
    /** Who says it. */
    logger?: string;
  };
}

/** A notification a request sends while it runs, which {@link TestClientOptions.onNotification} receives. */
export type TestNotification = ProgressNotification | LogNotification;
