/**
 * Questions to the client in the handshake era: `scope.elicit()`, `scope.sample()` and
 * `scope.listRoots()` send their request on the call's SSE answer, with an unguessable id, and
 * wait; the client POSTs its JSON-RPC response, which reaches the waiting method in this process,
 * or, through the bus, in the process that asked. A response counts only once, only for a
 * question still waiting, and only from the caller it was asked of (the same `Authorization`,
 * compared as a digest: no token ever travels on the bus).
 *
 * @module
 */
import type { Bus } from '../bus/bus.js';
import { ProtocolError } from '../core/errors.js';
import { ErrorCode, errorResponse, isObject } from '../jsonrpc.js';
import { authorizationHeader, type HttpHeaders } from '../wire/http-headers.js';
import type { InputRequest, JSONRPCError, JSONRPCRequest } from '../wire/types.js';
import { random128, sessionCapabilities, sessionFor } from './handshake-session.js';
import { type Asker, declares, InputUnavailableError, needs } from './input-requests.js';

/** Options of {@link questionsOn}. */
export interface QuestionsOptions {
  /**
   * The most milliseconds a method waits for the client's answer, e.g. for a person to confirm.
   * Default: the method's own time limit (a tool's `timeoutMs`, the server's `toolTimeoutMs`, 30 s).
   */
  readonly timeoutMs?: number;
  /**
   * The most milliseconds a process that receives an answer for a question asked in another
   * process waits to hear that it reached it: past it, the answer is refused (404), as one to no
   * question. Default 2,000.
   */
  readonly ackTimeoutMs?: number;
}

/** How a client's response was taken: 202 when it reached its question, else why not. */
export type ReplyOutcome =
  | {
      /** It reached the method that asked. */
      readonly status: 202;
    }
  | {
      /** 400 for a response that is not one, 404 for one no question waits for, 503 bus down. */
      readonly status: 400 | 404 | 503;
      /** The id-less JSON-RPC error to answer with. */
      readonly error: JSONRPCError;
    };

/**
 * A server's questions to its handshake-era clients, made once per process by
 * {@link questionsOn} and set as the server field `questions`.
 */
export interface Questions {
  /**
   * Take a client's JSON-RPC response to a question (what the HTTP handler does with a POSTed
   * response; a transport of one's own, or a test, calls it the same way).
   *
   * @param message - The response, parsed from JSON.
   * @param headers - The HTTP headers it came with: its `Authorization` must be the question's.
   * @returns 202 when it reached the method that asked, or the status and error to answer.
   */
  reply(message: unknown, headers?: HttpHeaders): Promise<ReplyOutcome>;

  /**
   * The `Mcp-Session-Id` to answer a client's `initialize` with. It carries the capabilities the
   * client declares to its later requests, which send it back: a question is put only to a client
   * that declared it, on whichever replica, with nothing kept. The HTTP handler sets it; a
   * transport of one's own sets it too.
   *
   * @param capabilities - The `initialize` request's `params.capabilities`.
   * @returns The session id.
   */
  session(capabilities: unknown): string;
}

/** What a server declares of its questions; merged into the server class. */
export interface QuestionsFeature {
  /**
   * The server's questions to handshake-era clients, made once per process by `questionsOn()`
   * over the bus every replica shares: `scope.elicit()`, `scope.sample()` and `scope.listRoots()`
   * then work in the handshake era, and a client's POSTed response reaches the method that asked.
   * None by default: a handshake-era client cannot be asked, and a POSTed response is taken
   * (202) and dropped.
   */
  readonly questions?: Questions | undefined;
}

/** @internal What questionsOn() makes: what a server holds, and what a method asks with. */
export interface QuestionsIn extends Questions, Asker {}

// A question's answer: the client's result, or its error.
type Answer = { result: Record<string, unknown> } | { error: Record<string, unknown> };

interface Waiting {
  readonly caller: string;
  settle(answer: Answer): void;
}

// 128 random bits, in base64url: the id of a question, and of an acknowledgement's channel.
const ID = /^q[A-Za-z0-9_-]{22}$/;
const randomId = (): string => `q${random128()}`;

// Who is asked, as a digest of the Authorization header: what a question is bound to.
async function callerOf(headers: HttpHeaders | undefined): Promise<string> {
  const token = headers === undefined ? undefined : authorizationHeader(headers);
  const digest = await crypto.subtle.digest(
    'SHA-256',
    new TextEncoder().encode(token === undefined ? '' : `:${token}`),
  );
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

// InputUnavailableError, with what the handshake era's question met.
function unavailable(request: InputRequest, message: string): InputUnavailableError {
  const error = new InputUnavailableError(request, 'handshake');
  error.message = message;
  return error;
}

const refused = (status: 400 | 404 | 503, message: string): ReplyOutcome => ({
  status,
  error: errorResponse(null, ErrorCode.InvalidRequest, message),
});

const NOT_WAITING =
  'No question waits for this response: its id is unknown, answered already, timed out, or asked of another caller.';

// The client's answer when the message is one: a result object, or an error with a code.
function answerOf(message: Record<string, unknown>): Answer | undefined {
  const { result, error } = message;
  if (result !== undefined) return error === undefined && isObject(result) ? { result } : undefined;
  return isObject(error) && Number.isInteger(error.code) && typeof error.message === 'string'
    ? { error }
    : undefined;
}

/**
 * Let a server's methods ask its handshake-era clients: with it as the server field `questions`,
 * `scope.elicit()`, `scope.sample()` and `scope.listRoots()` work in the handshake era as in
 * 2026-07-28. The request goes on the call's SSE answer (a client that accepts
 * `text/event-stream`; otherwise `InputUnavailableError`), and the method waits for the client's
 * POSTed response, which any process of the server may receive: it reaches the process that asked
 * through the bus. Make it once per process, with the bus every replica shares.
 *
 * @param bus - The bus: `memoryBus()` for one process, `redisBus()` for replicas.
 * @param options - How long a question waits, and how long a replica waits to hear that an
 * answer it passed on arrived.
 * @returns The server's `questions`.
 * @throws TypeError - For a bus that is not one, or an option that is not a positive integer.
 *
 * @example
 * ```ts
 * const questions = questionsOn(memoryBus());
 *
 * class OperationsServer extends MCPServerBase {
 *   override readonly questions = questions;
 * }
 * ```
 */
export function questionsOn(bus: Bus, options: QuestionsOptions = {}): Questions {
  const { timeoutMs, ackTimeoutMs = 2_000 } = options;
  for (const [name, value] of [
    ['timeoutMs', timeoutMs],
    ['ackTimeoutMs', ackTimeoutMs],
  ] as const) {
    if (value !== undefined && !(Number.isSafeInteger(value) && value > 0))
      throw new TypeError(`questionsOn: ${name} must be a positive integer, not ${value}`);
  }
  if (typeof bus?.publish !== 'function' || typeof bus.subscribe !== 'function')
    throw new TypeError('questionsOn: the bus must be a Bus (publish, subscribe)');
  const waiting = new Map<string, Waiting>();

  // An answer for a question of this process: taken once, from its caller only.
  function take(id: string, caller: string, answer: Answer): boolean {
    const question = waiting.get(id);
    if (question === undefined || question.caller !== caller) return false;
    waiting.delete(id);
    question.settle(answer);
    return true;
  }

  // What arrives on a question's channel from another process: checked as any input.
  function received(id: string, text: string): void {
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    if (!isObject(message)) return;
    const { caller, ack, reply } = message;
    if (typeof ack !== 'string' || !ID.test(ack) || typeof caller !== 'string') return;
    const answer = isObject(reply) ? answerOf(reply) : undefined;
    const ok = answer !== undefined && take(id, caller, answer);
    bus.publish(`answered:${ack}`, JSON.stringify({ ok })).catch(() => {});
  }

  // Passed on to the process that asked, which says within ackTimeoutMs whether it took it.
  async function passOn(id: string, caller: string, answer: Answer): Promise<ReplyOutcome> {
    const ack = randomId();
    let heard: (ok: boolean) => void = () => {};
    let lost: (error: Error) => void = () => {};
    const told = new Promise<boolean>((resolve, reject) => {
      heard = resolve;
      lost = reject;
    });
    const timer = setTimeout(() => heard(false), ackTimeoutMs);
    try {
      const stop = await bus.subscribe(
        `answered:${ack}`,
        (text) => {
          try {
            heard((JSON.parse(text) as { ok?: unknown }).ok === true);
          } catch {
            // Not an acknowledgement: the bound decides.
          }
        },
        lost,
      );
      try {
        await bus.publish(`answer:${id}`, JSON.stringify({ caller, ack, reply: answer }));
        return (await told) ? { status: 202 } : refused(404, NOT_WAITING);
      } finally {
        await stop().catch(() => {});
      }
    } catch {
      return refused(503, 'The response could not be passed on: try again.');
    } finally {
      clearTimeout(timer);
    }
  }

  const questions: QuestionsIn = {
    session: sessionFor,

    declared: (headers, need) => declares(sessionCapabilities(headers), need),

    async reply(message, headers) {
      if (
        !isObject(message) ||
        message.jsonrpc !== '2.0' ||
        message.method !== undefined ||
        (typeof message.id !== 'string' && typeof message.id !== 'number')
      ) {
        return refused(400, 'A response must be a JSON-RPC response with an id.');
      }
      const answer = answerOf(message);
      if (answer === undefined) {
        return refused(
          400,
          'A response must hold a result object or an error with a code and a message.',
        );
      }
      const { id } = message;
      if (typeof id !== 'string' || !ID.test(id)) return refused(404, NOT_WAITING);
      const caller = await callerOf(headers);
      if (waiting.has(id)) {
        return take(id, caller, answer) ? { status: 202 } : refused(404, NOT_WAITING);
      }
      return passOn(id, caller, answer);
    },

    async ask(scope, request, read) {
      const { notify } = scope;
      const { method } = request;
      // Only what the client declared in its initialize, which its session id carries.
      const declared = sessionCapabilities(scope.headers);
      if (!declares(declared, needs(request))) {
        throw unavailable(
          request,
          declared === undefined
            ? `This request needs ${method}, which its client did not declare: a handshake-era client declares it in initialize, and sends back the Mcp-Session-Id that initialize was answered with.`
            : `This request needs ${method}, which its client did not declare in its initialize.`,
        );
      }
      if (notify === undefined) {
        throw unavailable(
          request,
          `This request needs ${method}, which is sent to a client that accepts an SSE answer (text/event-stream).`,
        );
      }
      const ms = timeoutMs ?? scope.timeoutMs;
      const id = randomId();
      const caller = await callerOf(scope.headers);
      let settled = false;
      let resolve: (answer: Answer | Error) => void = () => {};
      const answered = new Promise<Answer | Error>((done) => {
        resolve = done;
      });
      const settle = (answer: Answer | Error) => {
        settled = true;
        resolve(answer);
      };
      const stopped = () =>
        settle(new ProtocolError(ErrorCode.InternalError, `${method} was cancelled.`));
      const signals = [scope.signal, scope.context?.signal];
      const timer = setTimeout(
        () =>
          settle(
            new ProtocolError(
              ErrorCode.InternalError,
              `The client did not answer ${method} within ${ms} ms.`,
            ),
          ),
        ms,
      );
      waiting.set(id, { caller, settle });
      let stop: (() => Promise<void>) | undefined;
      try {
        for (const signal of signals) {
          if (signal?.aborted) stopped();
          signal?.addEventListener('abort', stopped, { once: true });
        }
        stop = await bus.subscribe(
          `answer:${id}`,
          (text) => received(id, text),
          () => {},
        );
        // Stopped while it subscribed: the question is never sent.
        if (!settled)
          notify({
            jsonrpc: '2.0',
            id,
            method,
            params: (request.params ?? {}) as NonNullable<JSONRPCRequest['params']>,
          });
        const answer = await answered;
        if (answer instanceof Error) throw answer;
        if ('error' in answer) {
          const { code, message } = answer.error;
          // What a client without the capability answers.
          if (code === ErrorCode.MethodNotFound) {
            throw unavailable(
              request,
              `This request needs ${method}, which its client does not answer.`,
            );
          }
          throw new ProtocolError(
            ErrorCode.InternalError,
            `The client answered ${method} with error ${code}: ${String(message).slice(0, 200)}`,
          );
        }
        const value = await read(answer.result);
        if (value === undefined) {
          throw new ProtocolError(
            ErrorCode.InvalidParams,
            `The client's answer to ${method} does not fit its request.`,
          );
        }
        return value;
      } finally {
        waiting.delete(id);
        clearTimeout(timer);
        for (const signal of signals) signal?.removeEventListener('abort', stopped);
        stop?.().catch(() => {});
      }
    },
  };
  return questions;
}
