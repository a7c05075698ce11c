/**
 * Input requests (2026-07-28, multi round-trip requests): a `tools/call`, `prompts/get` or
 * `resources/read` asks its client for input (a form, a sampled message, the roots) by answering
 * `input_required`; the client gets the answers and calls again with them, and the method runs
 * again from the start, now with the answers. What earlier rounds asked and learned travels in
 * `requestState`, signed with HMAC-SHA-256, so that any process can take the next round and no
 * client can forge it; an answer counts only for the question it was asked with. Nothing is kept
 * between the rounds.
 *
 * @module
 */
import { ProtocolError } from '../core/errors.js';
import type { ServerCore } from '../core/server-contract.js';
import { hasCapabilities } from '../era/modern-revision.js';
import type { Era } from '../era/protocol-versions.js';
import type { ToolArguments } from '../json-schema/typed-arguments.js';
import { ErrorCode, isObject, isPromiseLike } from '../jsonrpc.js';
import type { JSONSchema } from '../schema.js';
import type { HttpHeaders } from '../wire/http-headers.js';
import type {
  ClientCapabilities,
  ElicitationSchema,
  InputRequest,
  InputRequiredResult,
  JSONRPCRequest,
  Result,
} from '../wire/types.js';
import { invalid, questionDigest, seal, unseal } from './request-state.js';

/**
 * @internal A request's scope, as far as asking goes: its era, what its client declares, and the
 * round and state that the request scope carries for this module.
 */
export interface AskingScope {
  readonly server: ServerCore;
  readonly headers: HttpHeaders | undefined;
  readonly signal: AbortSignal;
  readonly timeoutMs: number;
  readonly context: { readonly signal?: AbortSignal | undefined } | undefined;
  notify: ((message: JSONRPCRequest) => unknown) | undefined;
  readonly era: Era;
  readonly clientCapabilities: ClientCapabilities | undefined;
  state: unknown;
  round: unknown;
}

/** How long a `requestState` is honoured by default: ten minutes, for a person to answer. */
export const DEFAULT_REQUEST_STATE_TTL_MS = 600_000;

/** What a client may be asked, for `scope.canAsk()`: a form, a URL, sampling (with tools), roots. */
export type InputKind = 'elicitation' | 'elicitation.url' | 'sampling' | 'sampling.tools' | 'roots';

/** The values of an accepted form, typed from its schema. */
export type ElicitContent<Schema extends ElicitationSchema> = Schema extends JSONSchema
  ? ToolArguments<Schema>
  : { [key: string]: string | number | boolean | string[] };

/** What the user did with a form: accepted it, with its values; or declined or dismissed it. */
export type ElicitAnswer<Content> =
  | {
      /** The user submitted the form. */
      action: 'accept';
      /** Its values, checked against the form's schema. */
      content: Content;
    }
  | {
      /** The user declined (`decline`) or dismissed (`cancel`) the form. */
      action: 'decline' | 'cancel';
    };

/**
 * The client cannot answer an input request. Unless the method catches it, it is answered -32021
 * with `data.requiredCapabilities`: in 2026-07-28, to a request that does not declare the
 * capability (HTTP 400); in the handshake era, which has no input requests, with a message that
 * names the protocol needed. A tool's, in the handshake era, is a result with `isError` and that
 * message, for the LLM to read.
 */
export class InputUnavailableError extends ProtocolError {
  override name = 'InputUnavailableError';
  /** What the client would have to declare, e.g. `{ elicitation: {} }`. */
  readonly requiredCapabilities: ClientCapabilities;

  /**
   * @param request - The request that cannot be sent.
   * @param era - The era of the request that asked.
   */
  constructor(request: InputRequest, era: Era) {
    const requiredCapabilities = needs(request);
    if (era === 'handshake') {
      super(
        ErrorCode.MissingRequiredClientCapability,
        `This request needs ${request.method}, which a client answers in protocol 2026-07-28 only.`,
        { requiredCapabilities },
      );
    } else {
      super(
        ErrorCode.MissingRequiredClientCapability,
        `This request needs ${request.method}, which its client capabilities do not declare.`,
        { requiredCapabilities },
        400,
      );
    }
    this.requiredCapabilities = requiredCapabilities;
  }
}

/** @internal One round of a request: the answers it came with, what the method read and asked. */
export interface Round {
  /** The answers: this call's `inputResponses`, then earlier rounds' (which win). */
  readonly answers: Readonly<Record<string, unknown>>;
  /** What the signed state says was asked: the digest of each key's question. */
  readonly bound: Readonly<Record<string, unknown>>;
  /** The answers the method read, and their questions' digests: carried to the next round. */
  used: Map<string, { answer: unknown; digest: string }> | undefined;
  /** The requests to send, by key. Made when first needed: most rounds ask nothing. */
  asked: Map<string, InputRequest> | undefined;
  /** The asks in flight, settled before the round is answered. */
  reading: Promise<unknown>[] | undefined;
  /** A mistake of the method's, e.g. two requests under one key: it fails the round. */
  fault?: TypeError;
}

/** @internal The round a scope is in. */
export const roundOf = (scope: AskingScope) => scope.round as Round | undefined;

/** @internal How a server's questions ask, for the handshake era (`questionsOn()`). */
export interface Asker {
  /** Whether a request's client declared `need` (in its session id: see handshake-session.ts). */
  declared(headers: HttpHeaders | undefined, need: ClientCapabilities): boolean;
  ask<T>(
    scope: AskingScope,
    request: InputRequest,
    read: (answer: Record<string, unknown>) => T | undefined | Promise<T | undefined>,
  ): Promise<T>;
}

const questionsOf = (scope: AskingScope): Asker =>
  (scope.server as unknown as { questions: Asker }).questions;

/**
 * @internal The round of a handshake-era method that may ask (in a server with questions, which
 * sends them on the call's SSE answer): empty, since nothing is carried between POSTs.
 */
export const ASKING = {} as Round;

// What a missing answer throws, to stop the method: its round answers input_required.
class InputRequired extends Error {
  override name = 'InputRequired';
}

/** @internal What a client must declare to be sent `request`. */
export function needs({ method, params }: InputRequest): ClientCapabilities {
  if (method === 'roots/list') return { roots: {} };
  if (method === 'elicitation/create')
    return { elicitation: params.mode === 'url' ? { url: {} } : {} };
  const sampling: { tools?: object; context?: object } = {};
  if (params.tools !== undefined || params.toolChoice !== undefined) sampling.tools = {};
  if (params.includeContext !== undefined && params.includeContext !== 'none')
    sampling.context = {};
  return { sampling };
}

/** @internal Whether `declared` has `need`: a bare `elicitation: {}` is form mode, and a client
 * that names its modes must name `form`. */
export function declares(
  declared: ClientCapabilities | undefined,
  need: ClientCapabilities,
): boolean {
  if (!hasCapabilities(declared, need)) return false;
  const modes = declared?.elicitation;
  const form = need.elicitation !== undefined && need.elicitation.url === undefined;
  return !form || modes?.url === undefined || modes.form !== undefined;
}

const KINDS: Record<InputKind, ClientCapabilities> = {
  elicitation: { elicitation: {} },
  'elicitation.url': { elicitation: { url: {} } },
  sampling: { sampling: {} },
  'sampling.tools': { sampling: { tools: {} } },
  roots: { roots: {} },
};

/**
 * Whether a request's client can be asked for input of a kind: a 2026-07-28 `tools/call`,
 * `prompts/get` or `resources/read` whose client declares the capability.
 *
 * @param scope - The request's scope.
 * @param kind - What to ask.
 * @returns True when an input request of that kind can be sent.
 */
export function canAsk(scope: AskingScope, kind: InputKind): boolean {
  // Only a handshake-era method of a server with questions is in this round: what its client
  // declared in its initialize comes back with each request, in the Mcp-Session-Id it was given.
  const round = roundOf(scope);
  return round === ASKING
    ? scope.notify !== undefined && questionsOf(scope).declared(scope.headers, KINDS[kind])
    : round !== undefined && declares(scope.clientCapabilities, KINDS[kind]);
}

/**
 * Whether a request's method has asked for input it has not got: its answer is `input_required`.
 *
 * @param scope - The request's scope.
 * @returns True when it has.
 */
export function asksInput(scope: AskingScope): boolean {
  return roundOf(scope)?.asked !== undefined;
}

/**
 * Ask for input: the answer when the request came with one that `read` accepts, else the request
 * is sent with the round's `input_required`, and the method stops here (the returned promise
 * rejects).
 *
 * @param scope - The request's scope.
 * @param key - The request's key, unique in the request; the answer comes back under it.
 * @param request - The input request.
 * @param read - The answer as the method sees it, or `undefined` for an answer to ask again.
 * @returns The answer.
 * @throws InputUnavailableError - When the client cannot answer it.
 */
export function ask<T>(
  scope: AskingScope,
  key: string,
  request: InputRequest,
  read: (answer: Record<string, unknown>) => T | undefined | Promise<T | undefined>,
): Promise<T> {
  const promise = answer(scope, key, request, read);
  const round = roundOf(scope);
  if (round !== undefined && round !== ASKING) {
    round.reading ??= [];
    round.reading.push(promise);
  }
  return promise;
}

async function answer<T>(
  scope: AskingScope,
  key: string,
  request: InputRequest,
  read: (answer: Record<string, unknown>) => T | undefined | Promise<T | undefined>,
): Promise<T> {
  const round = roundOf(scope);
  if (round === ASKING) return questionsOf(scope).ask(scope, request, read);
  if (scope.era === 'handshake') throw new InputUnavailableError(request, 'handshake');
  if (round === undefined) {
    throw new TypeError(
      `${request.method} can be asked in tools/call, prompts/get and resources/read only`,
    );
  }
  if (!declares(scope.clientCapabilities, needs(request))) {
    throw new InputUnavailableError(request, 'modern');
  }
  // An answer counts only where an earlier round signed that this key was asked this question:
  // not one sent before any question, nor one to another question (the spec: ignore the rest).
  const given = Object.hasOwn(round.answers, key) ? round.answers[key] : undefined;
  const bound = Object.hasOwn(round.bound, key) ? round.bound[key] : undefined;
  if (isObject(given) && typeof bound === 'string') {
    const digest = await questionDigest(request).catch((error: TypeError) => {
      round.fault = error;
      throw error;
    });
    const value = digest === bound ? await read(given) : undefined;
    if (value !== undefined) {
      round.used ??= new Map();
      round.used.set(key, { answer: given, digest });
      return value;
    }
  }
  if (round.asked?.has(key) === true) {
    round.fault = new TypeError(`two input requests have the key ${key}`);
    throw round.fault;
  }
  round.asked ??= new Map();
  round.asked.set(key, request);
  throw new InputRequired(`input required: ${key}`);
}

/**
 * Run a method that may answer `input_required` (2026-07-28): check the answers and the state the
 * request came with, run it, and, if it asked for input it has not got, answer the requests, with
 * a signed `requestState` of what was asked, the answers read and `scope.state`. In the
 * handshake era, the method runs as it is: its input requests go on its SSE answer when the
 * server has `questions`, and fail with {@link InputUnavailableError} otherwise.
 *
 * @param server - The server.
 * @param method - The method, e.g. `tools/call`.
 * @param params - Its params.
 * @param scope - The request's scope.
 * @param run - Runs the method.
 * @returns Its result (at once when the method answered at once and no state came to unseal), or
 * an {@link InputRequiredResult}.
 * @throws ProtocolError - -32602 for `inputResponses` that are not an object of objects, or a
 * `requestState` that is not valid for the request, or has expired.
 */
export function runWithInput(
  server: ServerCore,
  method: string,
  params: Record<string, unknown>,
  scope: AskingScope,
  run: () => Result | Promise<Result>,
): Result | Promise<Result> {
  if (scope.era === 'handshake') {
    scope.round = ASKING;
    return run();
  }
  const { inputResponses, requestState } = params;
  if (inputResponses !== undefined && !isObject(inputResponses)) {
    throw invalid('inputResponses must be an object.');
  }
  for (const key in inputResponses) {
    if (Object.hasOwn(inputResponses, key) && !isObject(inputResponses[key])) {
      throw invalid(`inputResponses.${key} must be an object.`);
    }
  }
  const request: InputRound = { server, method, params, scope, run, answers: undefined };
  if (requestState === undefined) return runRound(request, NO_ANSWERS);
  return unseal(server, method, params, requestState).then((state) => {
    request.answers = isObject(state.answers)
      ? { ...inputResponses, ...state.answers }
      : inputResponses;
    scope.state = state.state;
    return runRound(request, isObject(state.asked) ? state.asked : NO_ANSWERS);
  });
}

// One round of a method that may ask for input: what it runs with.
interface InputRound {
  readonly server: ServerCore;
  readonly method: string;
  readonly params: Record<string, unknown>;
  readonly scope: AskingScope;
  readonly run: () => Result | Promise<Result>;
  // The answers given, and those carried in the request state, which win.
  answers: Record<string, unknown> | undefined;
}

type Outcome = { result: Result } | { error: unknown };

const NO_ANSWERS: Readonly<Record<string, unknown>> = Object.freeze({});

function runRound(
  request: InputRound,
  bound: Readonly<Record<string, unknown>>,
): Result | Promise<Result> {
  // The answers are only read: the client's own object serves.
  const round: Round = {
    answers: request.answers ?? NO_ANSWERS,
    bound,
    used: undefined,
    asked: undefined,
    reading: undefined,
  };
  request.scope.round = round;
  let result: Result | Promise<Result>;
  try {
    result = request.run();
  } catch (error) {
    return roundEnded(request, round, { error });
  }
  return isPromiseLike(result)
    ? Promise.resolve(result).then(
        (settled) => roundEnded(request, round, { result: settled }),
        (error: unknown) => roundEnded(request, round, { error }),
      )
    : roundEnded(request, round, { result: result as Result });
}

function roundEnded(request: InputRound, round: Round, outcome: Outcome): Result | Promise<Result> {
  // A request asked alongside one that failed first (Promise.all) is asked too. (Most rounds read
  // nothing: no turn to wait for then.)
  return round.reading !== undefined
    ? Promise.allSettled(round.reading).then(() => roundAnswer(request, round, outcome))
    : roundAnswer(request, round, outcome);
}

function roundAnswer(
  request: InputRound,
  round: Round,
  outcome: Outcome,
): Result | Promise<Result> {
  if (round.fault !== undefined) throw round.fault;
  if (round.asked === undefined) {
    if ('error' in outcome) throw outcome.error;
    return outcome.result;
  }
  const result: InputRequiredResult = {
    resultType: 'input_required',
    inputRequests: Object.fromEntries(round.asked),
  };
  const { server, method, params, scope } = request;
  // What is asked is signed, for the next round to take answers to these questions only.
  return signRound(round).then(async ({ answers, asked }) => {
    result.requestState = await seal(server, method, params, {
      expires: Date.now() + (server.requestStateTtlMs ?? DEFAULT_REQUEST_STATE_TTL_MS),
      answers,
      asked,
      state: scope.state,
    });
    return result;
  });
}

async function signRound(round: Round) {
  const asked: Record<string, string> = {};
  let answers: Record<string, unknown> | undefined;
  for (const [key, { answer, digest }] of round.used ?? []) {
    answers ??= {};
    answers[key] = answer;
    asked[key] = digest;
  }
  for (const [key, request] of round.asked ?? []) asked[key] = await questionDigest(request);
  return { answers, asked };
}
