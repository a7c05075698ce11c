/**
 * The base class of an MCP server: it answers the JSON-RPC messages of one HTTP POST with its
 * tools, and keeps nothing between requests.
 *
 * @module
 */

import type { AppsFeature } from './apps/feature.js';
import {
  ANSWER,
  answerBatch,
  answerRouted,
  type HandleResult,
  signalCalled,
} from './core/answering.js';
import { ProtocolError } from './core/errors.js';
import {
  checkFeatures,
  type Method,
  type Methods,
  methodOf,
  withMethods,
} from './core/method-registry.js';
import { RequestScope } from './core/request-scope.js';
import { NO_CONTEXT, type RequestContext, route } from './core/routing.js';
import type { ServerInfo, ServerOptions } from './core/server-contract.js';
import { checkedFields, withoutFeatures } from './core/server-fields.js';
import { ServerLogger } from './core/server-logger.js';
import {
  CORE_METHODS,
  capabilitiesOf,
  discoverResult,
  initializeResult,
} from './core/server-methods.js';
import { mcpserverCalled } from './core/signals.js';
import { runWithInput } from './input/input-requests.js';
import type { QuestionsFeature } from './input/questions.js';
import { dump, ErrorCode, errorResponse, HANDLE_NOW } from './jsonrpc.js';
import type { PromptsFeature } from './prompts/prompt-methods.js';
import type { ResourcesFeature } from './resources/resource-methods.js';
import { type ChangesFeature, OFFER, type Offering } from './subscriptions/feature.js';
import type { TasksFeature } from './tasks/extension.js';
import {
  CALL_TOOL,
  callTool,
  listTools,
  TOOL_METHODS,
  type ToolsFeature,
  verifyTools,
} from './tools/tool-methods.js';
import type {
  CallToolResult,
  EmptyResult,
  InitializeResult,
  JSONRPCError,
  JSONRPCNotification,
  JSONRPCResponse,
  ListToolsResult,
  RequestId,
  Result,
  ServerCapabilities,
} from './wire/types.js';

// The options a subclass sets as fields, and its features: declared once, in the core's contract
// and in each feature, merged into the class, so that neither imports the class.
export interface MCPServerBase
  extends ServerOptions,
    ToolsFeature,
    ResourcesFeature,
    PromptsFeature,
    TasksFeature,
    QuestionsFeature,
    ChangesFeature,
    AppsFeature {}

/**
 * An MCP server: answers the JSON-RPC messages of one POST request with its tools.
 *
 * A subclass sets `name` and `tools`, and implements `serverInfo()` (its version; the name is
 * `name`) and, if it has any, `instructions()`. Everything
 * else, the initialize handshake, ping, tools/list and tools/call, batches and errors, is here. A
 * server holds no per-request state: make one per request (it is cheap), or share one.
 *
 * @example
 * ```ts
 * class WeatherServer extends MCPServerBase {
 *   readonly name = 'weather';
 *   readonly tools = toolsByName(new GetWeather());
 *   serverInfo() { return { version: '1.0.0' }; }
 *   override instructions() { return 'Call get_weather for the weather in a city.'; }
 * }
 *
 * await new WeatherServer().handle({ jsonrpc: '2.0', id: 1, method: 'ping' });
 * //=> { jsonrpc: '2.0', id: 1, result: {} }
 * ```
 */
export abstract class MCPServerBase extends ServerLogger {
  /** The server's name, e.g. `acme-docs`, for its identity and its logs. */
  abstract override readonly name: string;

  /**
   * The methods servers of this class answer, by name: the registry, looked up once per request.
   * It holds the core's methods and the tools'; those of resources, templates, prompts and
   * completions come with the maps that {@link resourcesByUri}, {@link templatesByUriTemplate}
   * and {@link promptsByName} build, so that a server without them does not carry their code.
   * A subclass adds a method with {@link withMethods}; an entry of its registry wins over a
   * feature's of the same name.
   */
  static readonly methods: Methods = withMethods<MCPServerBase>(new Map(), {
    ...CORE_METHODS,
    ...TOOL_METHODS,
  } satisfies Record<string, Method<MCPServerBase>>);

  /**
   * The server's identity, for the `initialize` result and 2026-07-28 results.
   *
   * @returns Its version, and its title, description, website and icons where set; its name is
   * {@link name} unless it says another.
   */
  abstract serverInfo(): ServerInfo;

  /**
   * The server's instructions, which clients add to the LLM's system prompt.
   *
   * @returns Plain text that says what the server is for and when to call each tool; an empty
   * string, the default, sends none.
   */
  instructions(): string {
    return '';
  }

  /**
   * Check the server's tools with {@link verifyTools}: await it at start-up, so that a schema
   * ajv cannot compile fails there, not on a client's first call. The validators it compiles are
   * those calls use, in every server of the same tool classes. It checks too that the server's
   * resources, templates and prompts were keyed by their helpers, as every request does.
   *
   * @throws Error - Listing every tool's problem.
   * @throws TypeError - For `resources`, `resourceTemplates` or `prompts` built without
   * {@link resourcesByUri}, {@link templatesByUriTemplate} or {@link promptsByName}.
   */
  async verify(): Promise<void> {
    checkFeatures(this);
    await verifyTools(this.tools.values());
  }

  /**
   * Answer the body of one POST request: one message, or a batch of 1 to `maxBatchSize`.
   * A batch is answered with the responses of the messages that need one, in their order. An arrow
   * property: pass it around detached.
   *
   * @param payload - The request body, parsed from JSON.
   * @param context - The request's HTTP headers, when it came over HTTP: a 2026-07-28 request's
   * headers are checked against its body.
   * @returns The response body, or `undefined` when nothing is owed, e.g. for a notification.
   */
  readonly handle = (payload: unknown, context?: RequestContext): Promise<HandleResult> => {
    let answer: HandleResult | Promise<HandleResult>;
    try {
      answer = this.#handle(payload, context ?? NO_CONTEXT);
    } catch (error) {
      return Promise.reject(error);
    }
    return answer instanceof Promise ? answer : Promise.resolve(answer);
  };

  // The handle() of this class, to tell a subclass's own from it.
  readonly #ownHandle = this.handle;

  /**
   * @internal {@link handle}, at once when the answer is known at once: for the HTTP layer. A
   * subclass's own `handle` or `handleMessage` is called as it asks. Throws what `handle()` would
   * reject with.
   */
  [HANDLE_NOW](payload: unknown, context: RequestContext): HandleResult | Promise<HandleResult> {
    return this.handle === this.#ownHandle
      ? this.#handle(payload, context)
      : this.handle(payload, context);
  }

  // Whether the options were found right: they are read-only fields, so once is enough.
  #checked = false;

  #handle(payload: unknown, context: RequestContext): HandleResult | Promise<HandleResult> {
    // The options a subclass sets as fields exist only once its constructor has run.
    if (!this.#checked) this.#checked = checkedFields(this);
    return Array.isArray(payload)
      ? answerBatch(this, payload, context)
      : this[ANSWER](payload, context);
  }

  /**
   * Answer one JSON-RPC message, in the era it came in: the handshake era's, or, when its `_meta`
   * or its `MCP-Protocol-Version` header says 2026-07-28, the stateless era's. A message that is
   * not a valid request is answered with -32600, with its id when it could be read; a
   * notification is accepted and answered with nothing, and so is, in the handshake era, a
   * response from the client. What a method throws is answered with its code when it is a
   * {@link ProtocolError}, and otherwise with -32603, which is logged but whose detail never
   * reaches the client.
   *
   * @param message - The message, parsed from JSON.
   * @param context - The request's HTTP headers, when it came over HTTP.
   * @returns The response, or `undefined` when none is owed.
   */
  handleMessage(
    message: unknown,
    context: RequestContext = NO_CONTEXT,
  ): Promise<JSONRPCResponse | undefined> {
    // Not an async function: one that returns the answer's promise costs two more turns.
    let answer: JSONRPCResponse | undefined | Promise<JSONRPCResponse | undefined>;
    try {
      answer = this.#answer(message, context);
    } catch (error) {
      return Promise.reject(error);
    }
    return answer instanceof Promise ? answer : Promise.resolve(answer);
  }

  /**
   * @internal One message of a batch, at once when it can be answered at once, unless a subclass
   * overrides {@link handleMessage}, which is then called as it asks.
   */
  [ANSWER](
    message: unknown,
    context: RequestContext,
  ): JSONRPCResponse | undefined | Promise<JSONRPCResponse | undefined> {
    return this.handleMessage === MCPServerBase.prototype.handleMessage
      ? this.#answer(message, context)
      : this.handleMessage(message, context);
  }

  #answer(
    message: unknown,
    context: RequestContext,
  ): JSONRPCResponse | undefined | Promise<JSONRPCResponse | undefined> {
    const routed = route(message, context, this);
    return routed === undefined || !('scope' in routed)
      ? routed
      : answerRouted(this, routed, context.caller);
  }

  /**
   * Accept a notification, a message without an id, and ignore it: the server keeps no state
   * between requests, so `notifications/initialized` changes nothing. (`notifications/cancelled`,
   * from its request's caller, has cancelled it already.) Sends {@link mcpserverCalled}, to log it.
   * @param message - The notification.
   * @param scope - The era and version it came in.
   */
  handleNotification(message: JSONRPCNotification, scope = new RequestScope()): void {
    if (mcpserverCalled.connected) {
      signalCalled(this, message.method, undefined, message.params, scope);
    }
  }

  /**
   * Run one JSON-RPC method: look it up in the registry ({@link MCPServerBase.methods}) and run
   * it. Override it to watch or wrap every method; add methods to the registry.
   *
   * @param method - The method, e.g. `tools/call`.
   * @param params - Its params, or an empty object.
   * @param scope - The request's scope: its era and version, and what its client declared.
   * @returns Its result, before the era's finishing.
   * @throws ProtocolError - -32601 for a method the server does not have in the request's era,
   * and what the method throws.
   */
  dispatch(
    method: string,
    params: Record<string, unknown>,
    scope = new RequestScope(),
  ): Result | Promise<Result> {
    const entry = methodOf(this, method);
    if (entry === undefined || (entry.has !== undefined && !entry.has(this as never))) {
      throw new ProtocolError(ErrorCode.MethodNotFound, 'Method not found');
    }
    if (entry.era !== undefined && entry.era !== scope.era) {
      throw new ProtocolError(ErrorCode.MethodNotFound, 'Method not found', entry.otherEra);
    }
    const run = () => entry.run(this as never, params, scope);
    // A handshake-era request asks only a server with questions: otherwise run at once.
    return entry.input === true && (scope.era !== 'handshake' || this.questions !== undefined)
      ? runWithInput(this, method, params, scope, run)
      : run();
  }

  /**
   * Answer `server/discover` (2026-07-28): the versions, capabilities and instructions.
   * @returns The discovery result; its caching hints ({@link discoverCache}) are added after.
   */
  discover(): Result {
    const result = discoverResult(this);
    // What the changes, the tasks, the apps and an extension's resource template (skills) declare.
    for (const f of [this.changes, this.tasks, this.apps, this.resourceTemplates]) {
      (f as Partial<Offering> | undefined)?.[OFFER]?.(result);
    }
    return result;
  }

  /**
   * What the server can do, derived from what it has: a capability of the registry's methods that
   * the server has (`tools` with some tools, say). No `listChanged` nor `subscribe`: only
   * `server/discover` adds them, for a server with `changes` (the handshake era has no listen).
   * @param protocolVersion - The handshake's version: a capability it does not know yet (e.g.
   * `completions` before 2025-03-26) is left out. Every capability when left out.
   * @returns The server's capabilities.
   */
  capabilities(protocolVersion?: string): ServerCapabilities {
    return capabilitiesOf(this, protocolVersion);
  }

  /**
   * Answer the initialize handshake. Nothing is stored: later requests are served with or without
   * one. Its capabilities are {@link capabilities}'s.
   *
   * @param params - The client's offer: its protocol version, capabilities and identity.
   * @returns The client's protocol version if the server speaks it, else the latest it speaks,
   * which the client may refuse; the server's capabilities, identity and instructions.
   * @throws ProtocolError - -32602 if `protocolVersion` is not a string.
   */
  initialize(params: Record<string, unknown>): InitializeResult {
    return initializeResult(this, params);
  }

  /** Answer `ping`: with an empty result. */
  ping(): EmptyResult {
    return {};
  }

  /**
   * List the server's tools, in the order of `tools`, all on one page.
   *
   * @param params - The params of `tools/list`.
   * @param scope - The request's scope: each version lists the fields it defines.
   * @returns The tools' definitions, each built once per tool class; a 2026-07-28 answer gets
   * {@link toolsCache} after.
   * @throws ProtocolError - -32602 for a cursor, which this server never hands out.
   */
  listTools(
    params: Record<string, unknown>,
    scope: RequestScope = new RequestScope(),
  ): ListToolsResult | Promise<ListToolsResult> {
    return listTools(this, params, scope);
  }

  /**
   * Run a tool. A {@link ToolError} it throws, and arguments that are not valid, are answered as a
   * result with `isError`, so that the LLM can read what was wrong and call again. Sends
   * {@link mcpserverToolCalled} after every call, whether or not it failed.
   *
   * @param params - The tool's name and arguments.
   * @param scope - The request's scope: its era, and the client capabilities it declares.
   * @returns The tool's result.
   * @throws ProtocolError - -32602 for a name that is not a string, arguments that are not an
   * object, or a tool that does not exist; -32021 for a 2026-07-28 request that does not declare
   * the client capabilities the tool needs.
   */
  callTool(params: Record<string, unknown>, scope = new RequestScope()): Promise<CallToolResult> {
    try {
      return Promise.resolve(callTool(this, params, scope));
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /**
   * @internal `tools/call`, at once when the tool answers at once, unless a subclass overrides
   * {@link callTool}, which is then called as it asks.
   */
  [CALL_TOOL](
    params: Record<string, unknown>,
    scope: RequestScope,
  ): CallToolResult | Promise<CallToolResult> {
    return this.callTool === MCPServerBase.prototype.callTool
      ? callTool(this, params, scope)
      : this.callTool(params, scope);
  }

  /**
   * Build a JSON-RPC error response, e.g. for an error answered before a server is created.
   * @param id - The id of the request that failed, or `null` if it could not be read.
   * @param code - The error code, e.g. `ErrorCode.InvalidRequest`.
   * @param message - One plain sentence that says what went wrong.
   * @returns The error response.
   */
  static error(id: RequestId | null, code: number, message: string): JSONRPCError {
    return errorResponse(id, code, message);
  }

  /**
   * Return a response ready for `JSON.stringify`: empty fields of a result left out, an error's
   * `id` kept even when `null`.
   *
   * @param response - The response, error or batch.
   * @returns A cleaned copy.
   */
  static dump<T extends JSONRPCResponse | JSONRPCResponse[]>(response: T): T {
    return dump(response);
  }
}

withoutFeatures(MCPServerBase.prototype);
