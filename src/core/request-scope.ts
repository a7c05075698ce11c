/**
 * The scope of one request: what every method, and every tool, resource or prompt it runs, knows
 * of the request it answers.
 *
 * @module
 */

import { LOG_LEVELS } from '../era/modern-revision.js';
import type { Era } from '../era/protocol-versions.js';
import { readElicitation, readRoots, readSampling } from '../input/answer-readers.js';
import {
  ask,
  canAsk,
  type ElicitAnswer,
  type ElicitContent,
  type InputKind,
} from '../input/input-requests.js';
import type { HttpHeaders } from '../wire/http-headers.js';
import type {
  ClientCapabilities,
  CreateMessageRequestParams,
  CreateMessageResult,
  ElicitAction,
  ElicitationSchema,
  ElicitRequestFormParams,
  ElicitRequestURLParams,
  Implementation,
  JSONRPCNotification,
  JSONRPCRequest,
  LoggingLevel,
  ProgressToken,
  RequestId,
  Root,
} from '../wire/types.js';
import type { ServerCore } from './server-contract.js';

/**
 * Where the messages of one request go while it runs, e.g. its SSE answer: the sink `handle()` is
 * given. Notifications (progress, log messages), and in the handshake era the requests of a
 * server with `questions` (`elicitation/create`, …), whose answers the client POSTs. It may return
 * a promise while the client is not reading, which resolves once it has:
 * {@link RequestScope.progress} and {@link RequestScope.log} hand it to their caller.
 */
export type NotificationSink = (message: JSONRPCNotification | JSONRPCRequest) => void;

// What a sink may hand back: the HTTP layer's promise of room, while the client reads slowly.
type Sent = Promise<void> | undefined;

// Why a request stopped: the client went away (2026-07-28) or said so (notifications/cancelled).
const CANCELLED = 'cancelled';

const NO_SCOPES: readonly string[] = Object.freeze([]);

/**
 * The time a tool call, or any other method, may take by default: 30 s, under the minute clients
 * commonly wait.
 */
export const DEFAULT_TOOL_TIMEOUT_MS = 30_000;

// A scope's controller, made for a request that asks for its signal or runs out of time only.
const controllers = new WeakMap<RequestScope, AbortController>();
function controllerOf(scope: RequestScope): AbortController {
  let controller = controllers.get(scope);
  if (controller === undefined) {
    controller = new AbortController();
    controllers.set(scope, controller);
  }
  return controller;
}

/**
 * One request's scope: its era and version, what its client declared, its HTTP headers, and a
 * signal that aborts when its work should stop. Made once per request, by the server; a test may
 * make one to call a tool directly.
 *
 * @example
 * ```ts
 * run({ url }, scope) {
 *   if (scope.era === 'modern') ... // 2026-07-28
 *   return fetch(url, { signal: scope.signal }).then((response) => response.text());
 * }
 * ```
 */
export class RequestScope<Server extends ServerCore = ServerCore> {
  /**
   * The server that answers the request: how a tool, prompt or resource reaches what its server
   * is made with (a database, a store, the caller's identity). Annotate the scope with the
   * server's class to type it, e.g. `scope: RequestScope<NotesServer>`. Set by the server as it
   * routes a request; `undefined` in a scope made by hand.
   */
  declare server: Server;
  // Declared, not defined, as the server's options are: a scope is made for every request.
  /** The era the request came in. */
  declare readonly era: Era;
  /** Its protocol version: 2026-07-28's `_meta` one, or the handshake era's header, when known. */
  declare readonly protocolVersion: string | undefined;
  /** The capabilities its client declares (2026-07-28, per request). */
  declare readonly clientCapabilities: ClientCapabilities | undefined;
  /** Who its client says it is (2026-07-28, when sent): for logs, never for decisions. */
  declare readonly clientInfo: Implementation | undefined;
  /** Its HTTP headers, when it came over HTTP. */
  declare readonly headers: HttpHeaders | undefined;
  /**
   * The OAuth scopes its access token grants (`authorize`'s principal's `scopes` over HTTP; none
   * without a token): a tool, prompt, resource or template that requires others is not listed
   * for it, and refused.
   */
  declare grantedScopes: readonly string[];
  /** The most milliseconds a tool call may take, unless the tool sets its own `timeoutMs`. */
  declare timeoutMs: number;
  /** @internal Where its notifications go, while it runs; `undefined` when nothing listens. */
  declare notify: NotificationSink | undefined;
  /** The `progressToken` of its `_meta`, when the client asked for progress. */
  declare progressToken: ProgressToken | undefined;
  /**
   * The least severe log level sent to its client: 2026-07-28's `_meta` level (none sent when the
   * request names none), or, in the handshake era, the server's `logLevel`.
   */
  declare logLevel: LoggingLevel | undefined;
  /** The client cancelled it, or went away: its answer is dropped, and its work should stop. */
  declare cancelled: boolean;
  /** @internal A client that goes away cancels it. */
  declare cancellable: boolean;
  /** @internal The last progress sent, which the next must exceed. */
  declare lastProgress: number;
  /**
   * What the method keeps across the rounds of a request that asks for input (2026-07-28): set it
   * before asking, and the next round reads it back. A JSON value, signed into `requestState`
   * (which needs the server's `requestStateKey`): the client can read it, not change it.
   */
  declare state: unknown;
  /**
   * @internal The round of input of a method that may ask (2026-07-28): on the scope, not in a
   * `WeakMap`, whose entry every request would add for the collector to clear.
   */
  declare round: unknown;
  /** The request's JSON-RPC id (2026-07-28); `undefined` for a notification, or in-process. */
  declare requestId: RequestId | undefined;
  /** The id of the task the request runs in (the Tasks extension), when it runs in one. */
  declare task: string | undefined;
  /** @internal Makes the call a task: set while a tool that may run as one runs in its request. */
  declare toTask: (() => Promise<void>) | undefined;
  /** @internal What keeps work alive past the answer (a task's run): the request's context. */
  declare context:
    | { waitUntil?(work: Promise<unknown>): void; readonly signal?: AbortSignal | undefined }
    | undefined;

  /**
   * @param era - The request's era; the handshake era's by default.
   * @param protocolVersion - Its protocol version, when known.
   * @param clientCapabilities - What its client declares (2026-07-28).
   * @param clientInfo - Who its client says it is (2026-07-28).
   * @param headers - Its HTTP headers, when it came over HTTP.
   */
  constructor(
    era: Era = 'handshake',
    protocolVersion?: string,
    clientCapabilities?: ClientCapabilities,
    clientInfo?: Implementation,
    headers?: HttpHeaders,
  ) {
    this.server = undefined as unknown as Server;
    this.era = era;
    this.protocolVersion = protocolVersion;
    this.clientCapabilities = clientCapabilities;
    this.clientInfo = clientInfo;
    this.headers = headers;
    this.grantedScopes = NO_SCOPES;
    this.timeoutMs = DEFAULT_TOOL_TIMEOUT_MS;
    this.notify = undefined;
    this.progressToken = undefined;
    this.logLevel = undefined;
    this.cancelled = false;
    this.cancellable = false;
    this.lastProgress = Number.NEGATIVE_INFINITY;
    this.state = undefined;
    this.round = undefined;
    this.requestId = undefined;
    this.task = undefined;
    this.toTask = undefined;
    this.context = undefined;
  }

  /**
   * Go on as a task (the Tasks extension, 2026-07-28): the client's `tools/call` is answered now
   * with a task, which it polls, and the tool goes on after the answer. For a tool with
   * `taskSupport`, whose client declares the extension; otherwise, and in a task already, it
   * resolves at once and the tool goes on as it was. Ask what a task needs to know (`elicit`)
   * before calling it, to ask it in the call itself; what is asked after puts the task in
   * `input_required`, answered with `tasks/update`.
   *
   * @returns A promise that resolves once the task exists.
   *
   * @example
   * ```ts
   * run: async ({ seconds }, scope) => {
   *   if (seconds > 1) await scope.runAsTask(); // the client is answered with a task here
   *   await sleep(seconds * 1000, scope.signal);
   *   return `slept ${seconds} s`;
   * }
   * ```
   */
  runAsTask(): Promise<void> {
    return this.toTask?.() ?? Promise.resolve();
  }

  /**
   * Ask the user to fill in a form, or to visit a URL (2026-07-28, in `tools/call`, `prompts/get`
   * and `resources/read`). Without the answer yet, the request is answered `input_required`, and
   * the method stops here: it runs again, from the start, when the client calls again with the
   * answer. Ask for several inputs at once with `Promise.all`; answers of earlier rounds come back
   * from this same call. In the handshake era, on a server with `questions` (`questionsOn()`), the
   * request goes on the call's SSE answer and this waits for the client's answer: the same code
   * serves both eras.
   *
   * @param key - The input's name, unique in the request, e.g. `user_name`.
   * @param params - The message, and the form's schema (or `mode: 'url'` and the URL).
   * @returns What the user did; an accepted form's values, checked against the schema and typed
   * from it.
   * @throws InputUnavailableError - When the client cannot answer (see {@link canAsk}).
   *
   * @example
   * ```ts
   * const answer = await scope.elicit('user_name', {
   *   message: 'What is your name?',
   *   requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
   * });
   * return answer.action === 'accept' ? `Hello, ${answer.content.name}!` : 'Hello!';
   * ```
   */
  elicit<const Schema extends ElicitationSchema>(
    key: string,
    params: ElicitRequestFormParams<Schema>,
  ): Promise<ElicitAnswer<ElicitContent<Schema>>>;
  elicit(
    key: string,
    params: ElicitRequestURLParams,
  ): Promise<{
    /** The user agreed to open the URL, declined, or dismissed the request. */
    action: ElicitAction;
  }>;
  elicit(key: string, params: ElicitRequestFormParams | ElicitRequestURLParams): Promise<unknown> {
    return ask(this, key, { method: 'elicitation/create', params }, readElicitation(params));
  }

  /**
   * Ask the client's LLM for a message (2026-07-28; deprecated there, as sampling is), as
   * {@link elicit} asks the user.
   *
   * @param key - The input's name, unique in the request.
   * @param params - The messages, and the most tokens to sample.
   * @returns The sampled message.
   * @throws InputUnavailableError - When the client cannot answer.
   */
  sample(key: string, params: CreateMessageRequestParams): Promise<CreateMessageResult> {
    return ask(this, key, { method: 'sampling/createMessage', params }, readSampling);
  }

  /**
   * Ask the client for its roots (2026-07-28; deprecated there, as roots are), as {@link elicit}
   * asks the user.
   *
   * @param key - The input's name, unique in the request.
   * @returns The roots.
   * @throws InputUnavailableError - When the client cannot answer.
   */
  listRoots(key = 'roots'): Promise<Root[]> {
    return ask(this, key, { method: 'roots/list' }, readRoots);
  }

  /**
   * Whether the client can be asked for input of a kind: a 2026-07-28 `tools/call`,
   * `prompts/get` or `resources/read` whose client declares the capability. In the handshake era,
   * one of these on a server with `questions` whose client accepts an SSE answer: its
   * capabilities are unknown there (no process kept its `initialize`), and a client that cannot
   * answer says so, which `elicit()` and the like throw as `InputUnavailableError`.
   *
   * @param kind - `elicitation` (a form), `elicitation.url`, `sampling`, `sampling.tools` or
   * `roots`.
   * @returns True when such a request can be sent.
   */
  canAsk(kind: InputKind): boolean {
    return canAsk(this, kind);
  }

  /**
   * Tell the client how far the work has come: a `notifications/progress` on the request's own
   * answer, sent only when the client asked for progress (a `progressToken`) and can receive it
   * (an SSE answer); otherwise nothing.
   *
   * @param progress - How far, e.g. 3 (of 10): it must exceed the last one sent.
   * @param total - The whole, when known.
   * @param message - What is being done, for the user.
   * @returns A promise while the client does not read the answer as fast as it is sent, which
   * resolves once it has (never rejects); awaited, the method waits for a slow client instead of
   * its notifications being superseded or dropped (see the HTTP option `maxBufferedBytes`).
   * `undefined` otherwise.
   * @throws TypeError - If `progress` is not a finite number greater than the last one.
   *
   * @example
   * ```ts
   * for (const [i, file] of files.entries()) {
   *   await scope.progress(i + 1, files.length, `indexing ${file}`);
   *   await index(file);
   * }
   * ```
   */
  progress(progress: number, total?: number, message?: string): Promise<void> | undefined {
    if (!Number.isFinite(progress) || progress <= this.lastProgress) {
      throw new TypeError(
        `progress must be a finite number greater than the last one (${this.lastProgress}), not ${progress}`,
      );
    }
    this.lastProgress = progress;
    const { notify, progressToken } = this;
    if (notify === undefined || progressToken === undefined) return;
    const params: Record<string, unknown> = { progressToken, progress };
    if (total !== undefined) params.total = total;
    if (message !== undefined) params.message = message;
    return notify({ jsonrpc: '2.0', method: 'notifications/progress', params }) as Sent;
  }

  /**
   * Send a log message to the client: a `notifications/message` on the request's own answer, when
   * its level is at least the request's {@link logLevel} and the client can receive it.
   *
   * @param level - How severe, e.g. `info`.
   * @param data - What to say: a string or any JSON value. No secrets: it goes to the client.
   * @param logger - Who says it, e.g. `indexer`.
   * @returns As {@link progress} does: a promise while the client is slow to read, else `undefined`.
   * @throws TypeError - If `level` is not one of {@link LOG_LEVELS}.
   */
  log(level: LoggingLevel, data: unknown, logger?: string): Promise<void> | undefined {
    const rank = LOG_LEVELS.indexOf(level);
    if (rank < 0) throw new TypeError(`level must be one of ${LOG_LEVELS.join(', ')}`);
    const { notify, logLevel } = this;
    if (notify === undefined || logLevel === undefined) return;
    if (rank < LOG_LEVELS.indexOf(logLevel)) return;
    const params: Record<string, unknown> = { level, data };
    if (logger !== undefined) params.logger = logger;
    return notify({ jsonrpc: '2.0', method: 'notifications/message', params }) as Sent;
  }

  /** @internal Cancel the request: its signal aborts, and its answer is dropped. */
  cancel(): void {
    // A request that became a task is cancelled by tasks/cancel only.
    if (this.cancelled || this.task !== undefined) return;
    this.cancelled = true;
    this.cancellable = true;
    this.notify = undefined;
    this.abort(CANCELLED);
  }

  /**
   * Aborts when the request's work should stop (a tool call past its time): pass it to `fetch()`
   * and the like. Made on first use: a method that never asks pays nothing for it.
   */
  get signal(): AbortSignal {
    return controllerOf(this).signal;
  }

  /** @internal Abort the request's signal. */
  abort(reason: unknown): void {
    controllerOf(this).abort(reason);
  }
}

/**
 * @internal What a method has pending, or past `ms` the error that `late` makes: the scope's
 * signal then aborts with it, so that the work can stop. Only what is pending is timed: a method
 * that answers at once pays for no timer.
 */
export function timeLimited<T>(
  pending: PromiseLike<T>,
  ms: number,
  scope: RequestScope,
  late: () => Error,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      const error = late();
      scope.abort(error);
      reject(error);
    }, ms);
    pending.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
