/**
 * The base class of an MCP server: it answers the JSON-RPC messages of one HTTP POST with its
 * tools, and keeps nothing between requests.
 *
 * @module
 */
import {
  InvalidArgumentsError,
  isProtocolError,
  isToolError,
  ProtocolError,
  withoutStack,
} from './errors.js';
import { header } from './headers.js';
import { dump, ErrorCode, errorResponse, isObject, utf8Length, withHttpStatus } from './jsonrpc.js';
import { hasCapabilities, META } from './modern.js';
import {
  isHandshakeVersion,
  LATEST_HANDSHAKE_VERSION,
  SUPPORTED_PROTOCOL_VERSIONS,
} from './protocol-versions.js';
import {
  type CallContext,
  HANDSHAKE,
  NO_CONTEXT,
  type RequestContext,
  type Routed,
  refusedInBatch,
  route,
} from './routing.js';
import { mcpserverCalled, mcpserverToolCalled, type ToolOutcome } from './signals.js';
import { type AnyTool, DEFAULT_TOOL_TIMEOUT_MS, ToolContext } from './tool-base.js';
import type {
  CallToolResult,
  EmptyResult,
  Implementation,
  InitializeResult,
  JSONRPCError,
  JSONRPCNotification,
  JSONRPCResponse,
  ListToolsResult,
  RequestId,
  Result,
  ServerCapabilities,
} from './types.js';

export type { CallContext, RequestContext };

/**
 * The most messages a JSON-RPC batch may hold (batches are part of protocol 2025-03-26). A larger
 * batch, or an empty one, is refused with one error, so that one POST cannot make a server run an
 * unbounded number of tool calls.
 */
export const MAX_BATCH_SIZE = 20;

/** What `handle()` resolves to: a response, a batch of them, or `undefined` when none is owed. */
export type HandleResult = JSONRPCResponse | JSONRPCResponse[] | undefined;

// An upper bound of a value's JSON size in bytes, without serializing it: a string's every unit
// may take 6 bytes (`\u001f`), a number 24; -1 when it nests deeper than `max` levels (recursion
// stops there, so a value nested 100,000 deep costs no more than one nested `max` deep), and
// Infinity for a value JSON cannot carry, which the exact count then finds.
function sizeBound(value: unknown, max: number, depth = 1): number {
  switch (typeof value) {
    case 'string':
      return 2 + 6 * value.length;
    case 'number':
      return 24;
    case 'boolean':
      return 5;
    case 'undefined':
      return 0;
    case 'object':
      break;
    default:
      return Number.POSITIVE_INFINITY;
  }
  if (value === null) return 4;
  if (depth > max) return -1;
  let bound = 2;
  if (Array.isArray(value)) {
    for (const item of value) {
      const size = sizeBound(item, max, depth + 1);
      if (size < 0) return -1;
      bound += size + 1;
    }
    return bound;
  }
  for (const key in value) {
    const size = sizeBound((value as Record<string, unknown>)[key], max, depth + 1);
    if (size < 0) return -1;
    bound += 6 * key.length + size + 4;
  }
  return bound;
}

/** A 2026-07-28 caching hint: how long a result stays fresh, and who may share it. */
export interface CacheHint {
  /** Milliseconds the result stays fresh; 0 is stale at once. */
  readonly ttlMs: number;
  /** `public`: the same for every caller; `private`: only within one authorization context. */
  readonly cacheScope: 'public' | 'private';
}

const PUBLIC_FIVE_MINUTES: CacheHint = Object.freeze({ ttlMs: 300_000, cacheScope: 'public' });
const PUBLIC_ONE_HOUR: CacheHint = Object.freeze({ ttlMs: 3_600_000, cacheScope: 'public' });

/**
 * Key tools by name, in the order given, refusing two with one name. A `Map`, so that a tool
 * named `__proto__` or `constructor` is a tool like any other.
 *
 * @param tools - The tools, in the order `tools/list` lists them.
 * @returns The tools by name.
 * @throws Error - If two tools share a name, or a tool's schema breaks a rule of MCP (see
 * `MCPToolBase.definition()` and `headerParameters()`).
 *
 * @example
 * ```ts
 * readonly tools = toolsByName(new SearchDocs(), new ReadDoc());
 * ```
 */
export function toolsByName(...tools: AnyTool[]): Map<string, AnyTool> {
  const byName = new Map<string, AnyTool>();
  for (const tool of tools) {
    if (byName.has(tool.name)) throw new Error(`two tools are named ${tool.name}`);
    // Built now, once per class, so that a schema MCP forbids fails here, not on a client.
    tool.definition();
    tool.headerParameters();
    byName.set(tool.name, tool);
  }
  return byName;
}

/**
 * Check tools as far as they can be checked before a client calls them: build each definition
 * (which checks the name and the schemas, see `MCPToolBase.definition()`) and compile each
 * validator with ajv (or the compiler set with `setSchemaCompiler()`), which a call then reuses.
 * `TestClient` runs it before its first request; a server may await it at start-up, so that a
 * schema ajv cannot compile fails there and not on a client's first call.
 *
 * @param tools - The tools, e.g. a server's `tools.values()`.
 * @throws Error - Listing every tool's problem, one line each, with the tool's name.
 *
 * @example
 * ```ts
 * await verifyTools([new SearchDocs(), new ReadDoc()]);
 * ```
 */
export async function verifyTools(tools: Iterable<AnyTool>): Promise<void> {
  const problems = await Promise.all(
    Array.from(tools, async (tool) => {
      try {
        tool.definition();
        tool.headerParameters();
        await tool.compileSchemas?.();
        return undefined;
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
    }),
  );
  const found = problems.filter((problem) => problem !== undefined);
  if (found.length > 0) {
    throw new Error(`tools that cannot be served:\n${found.map((line) => `- ${line}`).join('\n')}`);
  }
}

/**
 * An MCP server: answers the JSON-RPC messages of one POST request with its tools.
 *
 * A subclass sets `name` and `tools`, and implements `serverInfo()` and `instructions()`. Everything
 * else, the initialize handshake, ping, tools/list and tools/call, batches and errors, is here. A
 * server holds no per-request state: make one per request (it is cheap), or share one.
 *
 * @example
 * ```ts
 * class WeatherServer extends MCPServerBase {
 *   readonly name = 'weather';
 *   readonly tools = toolsByName(new GetWeather());
 *   serverInfo() { return { name: this.name, version: '1.0.0' }; }
 *   instructions() { return 'Call get_weather for the weather in a city.'; }
 * }
 *
 * await new WeatherServer().handle({ jsonrpc: '2.0', id: 1, method: 'ping' });
 * //=> { jsonrpc: '2.0', id: 1, result: {} }
 * ```
 */
export abstract class MCPServerBase {
  /** The server's name, e.g. `acme-docs`, for its identity and its logs. */
  abstract readonly name: string;

  /**
   * The server's tools by name, in the order `tools/list` lists them; see {@link toolsByName}. Build
   * the map once, at module level, when the tools do not depend on the request: a server made per
   * request then costs next to nothing.
   */
  abstract readonly tools: ReadonlyMap<string, AnyTool>;

  /**
   * The server's identity, for the `initialize` result.
   *
   * @returns Its name and version, and its title, description, website and icons where set.
   */
  abstract serverInfo(): Implementation;

  /**
   * The server's instructions, which clients add to the LLM's system prompt.
   *
   * @returns Plain text that says what the server is for and when to call each tool; an empty
   * string sends none.
   */
  abstract instructions(): string;

  /**
   * Check the server's tools with {@link verifyTools}: await it at start-up, so that a schema
   * ajv cannot compile fails there, not on a client's first call. The validators it compiles are
   * those calls use, in every server of the same tool classes.
   *
   * @throws Error - Listing every tool's problem.
   */
  verify(): Promise<void> {
    return verifyTools(this.tools.values());
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
  readonly handle = (payload: unknown, context?: RequestContext): Promise<HandleResult> =>
    this.#handle(payload, context ?? NO_CONTEXT);

  #handle(payload: unknown, context: RequestContext): Promise<HandleResult> {
    return Array.isArray(payload)
      ? this.#batch(payload, context)
      : this.handleMessage(payload, context);
  }

  async #batch(payload: unknown[], context: RequestContext): Promise<HandleResult> {
    // Batches are part of protocol 2025-03-26 only, which is what a request without the header is.
    const version =
      context.headers === undefined
        ? undefined
        : header(context.headers, 'mcp-protocol-version')?.trim();
    if (version !== undefined && version !== '2025-03-26') {
      return withHttpStatus(
        errorResponse(
          null,
          ErrorCode.InvalidRequest,
          `Protocol ${version} does not allow batches.`,
        ),
        400,
      );
    }
    if (payload.length === 0) {
      return errorResponse(
        null,
        ErrorCode.InvalidRequest,
        'A batch must hold at least one message.',
      );
    }
    const { maxBatchSize = MAX_BATCH_SIZE } = this;
    if (payload.length > maxBatchSize) {
      return errorResponse(
        null,
        ErrorCode.InvalidRequest,
        `A batch may hold at most ${maxBatchSize} messages.`,
      );
    }
    // Answered concurrently, as JSON-RPC allows, and returned in the batch's order.
    const pending: (Promise<JSONRPCResponse | undefined> | JSONRPCError)[] = [];
    for (const message of payload) {
      const refused = refusedInBatch(message);
      pending.push(refused ?? this.handleMessage(message, context));
    }
    const responses: JSONRPCResponse[] = [];
    for (const answer of await Promise.all(pending)) {
      if (answer !== undefined) responses.push(answer);
    }
    return responses.length > 0 ? responses : undefined;
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
  async handleMessage(
    message: unknown,
    context: RequestContext = NO_CONTEXT,
  ): Promise<JSONRPCResponse | undefined> {
    const routed = route(message, context, this.tools);
    return routed === undefined || !('call' in routed) ? routed : this.#answer(routed);
  }

  // Signal, dispatch, and turn what was thrown into an error response.
  async #answer({ method, params, replyTo, call }: Routed): Promise<JSONRPCResponse | undefined> {
    if (replyTo === null) {
      const notification: JSONRPCNotification = { jsonrpc: '2.0', method };
      if (params !== undefined) notification.params = params;
      this.handleNotification(notification, call);
      return undefined;
    }
    if (mcpserverCalled.connected) {
      this.#logReceiverErrors(
        mcpserverCalled.send({
          server: this.name,
          method,
          id: replyTo,
          params,
          era: call.era,
          protocolVersion: call.protocolVersion,
          clientInfo: call.clientInfo,
        }),
      );
    }
    try {
      const result = await this.dispatch(method, params ?? {}, call);
      if (call.era === 'handshake') return { jsonrpc: '2.0', id: replyTo, result };
      // 2026-07-28: every result says it is complete, and who answered.
      const _meta = { ...result._meta, [META.serverInfo]: this.serverInfo() };
      return { jsonrpc: '2.0', id: replyTo, result: { resultType: 'complete', ...result, _meta } };
    } catch (error) {
      if (isProtocolError(error)) {
        const response = error.toResponse(replyTo);
        // 2026-07-28: an unknown method is a 404, whoever threw it.
        return call.era === 'modern' && error.code === ErrorCode.MethodNotFound
          ? withHttpStatus(response, 404)
          : response;
      }
      this.log(error, `${method} failed`);
      return errorResponse(replyTo, ErrorCode.InternalError, 'Internal error');
    }
  }

  /**
   * Accept a notification, a message without an id, and ignore it: the server keeps no state
   * between requests, so `notifications/initialized` or `notifications/cancelled` changes nothing.
   * Sends {@link mcpserverCalled}, so that it is logged.
   *
   * @param message - The notification.
   * @param call - The era and version it came in.
   */
  handleNotification(message: JSONRPCNotification, call: CallContext = HANDSHAKE): void {
    if (mcpserverCalled.connected) {
      this.#logReceiverErrors(
        mcpserverCalled.send({
          server: this.name,
          method: message.method,
          id: undefined,
          params: message.params,
          era: call.era,
          protocolVersion: call.protocolVersion,
          clientInfo: call.clientInfo,
        }),
      );
    }
  }

  /**
   * Run one JSON-RPC method. Override it to add methods, and call `super.dispatch()` for the rest.
   *
   * @param method - The method, e.g. `tools/call`.
   * @param params - Its params, or an empty object.
   * @param call - The era and version of the request, and what its client declared.
   * @returns Its result.
   * @throws ProtocolError - -32601 for a method the server does not implement in the request's
   * era, -32602 for params that are not valid or a tool that does not exist.
   */
  async dispatch(
    method: string,
    params: Record<string, unknown>,
    call: CallContext = HANDSHAKE,
  ): Promise<Result> {
    switch (method) {
      case 'tools/call':
        return this.callTool(params, call);
      case 'tools/list':
        return this.listTools(params, call);
      case 'initialize':
        if (call.era === 'handshake') return this.initialize(params);
        // 2026-07-28 has no handshake: say which versions would have one.
        throw new ProtocolError(ErrorCode.MethodNotFound, 'Method not found', {
          supported: SUPPORTED_PROTOCOL_VERSIONS,
        });
      case 'ping':
        if (call.era === 'handshake') return this.ping();
        break;
      case 'server/discover':
        if (call.era === 'modern') return this.discover();
        break;
    }
    throw new ProtocolError(ErrorCode.MethodNotFound, 'Method not found');
  }

  /**
   * How long a 2026-07-28 client may keep the answer to `tools/list`, and whether it may share it
   * between callers: `private` when the list depends on who asks. Default five minutes, public.
   */
  declare readonly toolsCache?: CacheHint;

  /**
   * The most milliseconds a tool call may take, unless the tool sets its own `timeoutMs`: past it,
   * the call's signal aborts and the LLM reads that it timed out. Default 30 s.
   */
  declare readonly toolTimeoutMs?: number;

  /**
   * The most messages a batch may hold: a larger one is refused with one error. Default
   * {@link MAX_BATCH_SIZE} (20).
   */
  declare readonly maxBatchSize?: number;

  /**
   * The deepest a tool call's arguments may nest (objects and arrays), the arguments object being
   * level 1: deeper ones are refused as invalid arguments before any validation. Default 32.
   */
  declare readonly maxArgumentsDepth?: number;

  /**
   * The most bytes a tool call's arguments may take as JSON: larger ones are refused as invalid
   * arguments. Default 1 MiB; over HTTP, the body limit (4 MiB by default) applies first.
   */
  declare readonly maxArgumentsBytes?: number;

  /**
   * How long a 2026-07-28 client may keep the answer to `server/discover`, and with whom. Default
   * one hour, public.
   */
  declare readonly discoverCache?: CacheHint;

  /**
   * Answer `server/discover` (2026-07-28): the versions, capabilities and instructions.
   *
   * @returns The discovery result, with its caching hints.
   */
  discover(): Result {
    const result: Result = {
      supportedVersions: SUPPORTED_PROTOCOL_VERSIONS,
      capabilities: this.capabilities(),
    };
    const instructions = this.instructions();
    if (instructions !== '') result.instructions = instructions;
    return { ...result, ...(this.discoverCache ?? PUBLIC_ONE_HOUR) };
  }

  /**
   * What the server can do. Only tools, and no `listChanged`: a stateless server cannot send the
   * notification that it promises.
   *
   * @returns The server's capabilities.
   */
  capabilities(): ServerCapabilities {
    return { tools: {} };
  }

  /**
   * Answer the initialize handshake. Nothing is stored: later requests are served with or without
   * one.
   *
   * @param params - The client's offer: its protocol version, capabilities and identity.
   * @returns The client's protocol version if the server speaks it, else the latest it speaks,
   * which the client may refuse; the server's capabilities, identity and instructions.
   * @throws ProtocolError - -32602 if `protocolVersion` is not a string.
   */
  initialize(params: Record<string, unknown>): InitializeResult {
    const requested = params.protocolVersion;
    if (typeof requested !== 'string') {
      throw new ProtocolError(ErrorCode.InvalidParams, 'protocolVersion must be a string.');
    }
    for (const field of ['capabilities', 'clientInfo']) {
      if (params[field] !== undefined && !isObject(params[field])) {
        throw new ProtocolError(ErrorCode.InvalidParams, `${field} must be an object.`);
      }
    }
    const result: InitializeResult = {
      protocolVersion: isHandshakeVersion(requested) ? requested : LATEST_HANDSHAKE_VERSION,
      capabilities: this.capabilities(),
      serverInfo: this.serverInfo(),
    };
    const instructions = this.instructions();
    if (instructions !== '') result.instructions = instructions;
    return result;
  }

  /**
   * Answer `ping`.
   *
   * @returns An empty result.
   */
  ping(): EmptyResult {
    return {};
  }

  /**
   * List the server's tools, in the order of `tools`, all on one page.
   *
   * @param params - The params of `tools/list`.
   * @param call - The era of the request: 2026-07-28 answers carry {@link toolsCache}.
   * @returns The tools' definitions, each built once per tool class.
   * @throws ProtocolError - -32602 for a cursor, which this server never hands out.
   */
  listTools(params: Record<string, unknown>, call: CallContext = HANDSHAKE): ListToolsResult {
    if (params.cursor !== undefined) {
      throw new ProtocolError(
        ErrorCode.InvalidParams,
        'Invalid cursor: every tool is on the first page.',
      );
    }
    const tools = [];
    for (const tool of this.tools.values()) tools.push(tool.definition());
    return call.era === 'modern'
      ? { tools, ...(this.toolsCache ?? PUBLIC_FIVE_MINUTES) }
      : { tools };
  }

  /**
   * Run a tool. A {@link ToolError} it throws, and arguments that are not valid, are answered as a
   * result with `isError`, so that the LLM can read what was wrong and call again. Sends
   * {@link mcpserverToolCalled} after every call, whether or not it failed.
   *
   * @param params - The tool's name and arguments.
   * @param call - The era of the request, and the client capabilities it declares.
   * @returns The tool's result.
   * @throws ProtocolError - -32602 for a name that is not a string, arguments that are not an
   * object, or a tool that does not exist; -32021 for a 2026-07-28 request that does not declare
   * the client capabilities the tool needs.
   */
  async callTool(
    params: Record<string, unknown>,
    call: CallContext = HANDSHAKE,
  ): Promise<CallToolResult> {
    const { name, arguments: args } = params;
    if (typeof name !== 'string') {
      throw new ProtocolError(ErrorCode.InvalidParams, 'name must be a string.');
    }
    if (args !== undefined && !isObject(args)) {
      throw new ProtocolError(ErrorCode.InvalidParams, 'arguments must be an object.');
    }
    const tool = this.tools.get(name);
    if (tool === undefined) {
      throw new ProtocolError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
    }
    const needs = tool.requiredClientCapabilities;
    if (
      call.era === 'modern' &&
      needs !== undefined &&
      !hasCapabilities(call.clientCapabilities, needs)
    ) {
      throw new ProtocolError(
        ErrorCode.MissingRequiredClientCapability,
        `${name} needs client capabilities that this request does not declare.`,
        { requiredCapabilities: needs },
        400,
      );
    }
    const started = mcpserverToolCalled.connected ? performance.now() : 0;
    let outcome: ToolOutcome = 'success';
    let failure: unknown;
    try {
      // Too deep or too large, arguments are told to the LLM as any other invalid argument.
      const problem = args === undefined ? undefined : this.#argumentsProblem(args);
      if (problem !== undefined)
        throw withoutStack(() => new InvalidArgumentsError(name, [problem]));
      return await tool.call(
        args,
        new ToolContext(call, this.toolTimeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS),
      );
    } catch (error) {
      failure = error;
      if (!isToolError(error)) {
        outcome = isProtocolError(error) ? 'protocol-error' : 'internal-error';
        throw error;
      }
      outcome =
        error.name === 'InvalidArgumentsError'
          ? 'invalid-arguments'
          : error.name === 'ToolTimeoutError'
            ? 'timeout'
            : 'tool-error';
      return { content: [{ type: 'text', text: error.message }], isError: true };
    } finally {
      if (mcpserverToolCalled.connected) {
        const event = {
          server: this.name,
          tool: name,
          arguments: args,
          outcome,
          durationMs: performance.now() - started,
          era: call.era,
          protocolVersion: call.protocolVersion,
          clientInfo: call.clientInfo,
        };
        this.#logReceiverErrors(
          mcpserverToolCalled.send(outcome === 'success' ? event : { ...event, error: failure }),
        );
      }
    }
  }

  #argumentsProblem(args: Record<string, unknown>): string | undefined {
    const { maxArgumentsDepth = 32, maxArgumentsBytes = 1024 * 1024 } = this;
    const bound = sizeBound(args, maxArgumentsDepth);
    if (bound < 0) return `arguments: nest deeper than ${maxArgumentsDepth} levels`;
    if (bound <= maxArgumentsBytes) return undefined;
    let json: string;
    try {
      json = JSON.stringify(args);
    } catch {
      return 'arguments: are not JSON';
    }
    const size = utf8Length(json);
    return size > maxArgumentsBytes
      ? `arguments: are ${size} bytes of JSON, more than ${maxArgumentsBytes}`
      : undefined;
  }

  /** The class and the server's name, for the start of a log line, e.g. `DocsServer(acme-docs)`. */
  get formattedClassName(): string {
    return `${this.constructor.name}(${this.name})`;
  }

  /**
   * The logger hook: called with every error that the client is not told about, an unexpected
   * exception or a signal receiver's, with its stack. Writes to `console.error`; override it to
   * send errors to your own logger.
   *
   * @param error - What was thrown.
   * @param context - Where, e.g. `tools/call failed`.
   */
  logError(error: unknown, context: string): void {
    const line = `${this.formattedClassName}: ${context}:`;
    try {
      console.error(line, error);
    } catch {
      // An error whose getters throw cannot be printed; that it happened still can.
      console.error(line, 'an error that could not be printed');
    }
  }

  /**
   * Hand an error to {@link logError}, which must never change an answer: what it throws in turn
   * (a logger that fails, an error whose getters throw while it is printed) is dropped.
   *
   * @param error - What was thrown.
   * @param context - Where.
   */
  log(error: unknown, context: string): void {
    try {
      this.logError(error, context);
    } catch {
      // Nowhere left to report it.
    }
  }

  #logReceiverErrors(errors: unknown[]): void {
    for (const error of errors) this.log(error, 'a signal receiver failed');
  }

  /**
   * Build a JSON-RPC error response, e.g. for an error answered before a server is created.
   *
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
