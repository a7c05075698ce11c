/**
 * The base class of an MCP server: it answers the JSON-RPC messages of one HTTP POST with its
 * tools, and keeps nothing between requests.
 *
 * @module
 */
import { isProtocolError, isToolError, ProtocolError } from './errors.js';
import { dump, ErrorCode, errorResponse, isObject, isRequestId } from './jsonrpc.js';
import { isHandshakeVersion, LATEST_HANDSHAKE_VERSION } from './protocol-versions.js';
import { mcpserverCalled, mcpserverToolCalled, type ToolOutcome } from './signals.js';
import type { AnyTool } from './tool-base.js';
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

/**
 * The most messages a JSON-RPC batch may hold (batches are part of protocol 2025-03-26). A larger
 * batch, or an empty one, is refused with one error, so that one POST cannot make a server run an
 * unbounded number of tool calls.
 */
export const MAX_BATCH_SIZE = 20;

/** What `handle()` resolves to: a response, a batch of them, or `undefined` when none is owed. */
export type HandleResult = JSONRPCResponse | JSONRPCResponse[] | undefined;

const NO_TOOLS: ReadonlyMap<string, AnyTool> = new Map();

/**
 * Key tools by name, in the order given, refusing two with one name. A `Map`, so that a tool
 * named `__proto__` or `constructor` is a tool like any other.
 *
 * @param tools - The tools, in the order `tools/list` lists them.
 * @returns The tools by name.
 * @throws Error - If two tools share a name.
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
    byName.set(tool.name, tool);
  }
  return byName;
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

  /** The server's tools by name, in the order `tools/list` lists them; see {@link toolsByName}. */
  readonly tools: ReadonlyMap<string, AnyTool> = NO_TOOLS;

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
   * Answer the body of one POST request: one message, or a batch of 1 to {@link MAX_BATCH_SIZE}.
   * A batch is answered with the responses of the messages that need one, in their order. An arrow
   * property: pass it around detached.
   *
   * @param payload - The request body, parsed from JSON.
   * @returns The response body, or `undefined` when nothing is owed, e.g. for a notification.
   */
  readonly handle = (payload: unknown): Promise<HandleResult> => this.#handle(payload);

  async #handle(payload: unknown): Promise<HandleResult> {
    if (!Array.isArray(payload)) return this.handleMessage(payload);
    if (payload.length === 0) {
      return errorResponse(
        null,
        ErrorCode.InvalidRequest,
        'A batch must hold at least one message.',
      );
    }
    if (payload.length > MAX_BATCH_SIZE) {
      return errorResponse(
        null,
        ErrorCode.InvalidRequest,
        `A batch may hold at most ${MAX_BATCH_SIZE} messages.`,
      );
    }
    // Answered concurrently, as JSON-RPC allows, and returned in the batch's order.
    const pending: (Promise<JSONRPCResponse | undefined> | JSONRPCError)[] = [];
    for (const message of payload) {
      if (isObject(message) && message.method === 'initialize') {
        const id = isRequestId(message.id) ? message.id : null;
        pending.push(
          errorResponse(id, ErrorCode.InvalidRequest, 'initialize must not be part of a batch.'),
        );
      } else pending.push(this.handleMessage(message));
    }
    const responses: JSONRPCResponse[] = [];
    for (const answer of await Promise.all(pending))
      if (answer !== undefined) responses.push(answer);
    return responses.length > 0 ? responses : undefined;
  }

  /**
   * Answer one JSON-RPC message. A message that is not a valid request is answered with
   * -32600, with its id when it could be read; a notification, and a response from the client, are
   * accepted and answered with nothing. What a method throws is answered with its code when it is
   * a {@link ProtocolError}, and otherwise with -32603, which is logged but whose detail never
   * reaches the client.
   *
   * @param message - The message, parsed from JSON.
   * @returns The response, or `undefined` for a notification or a client's response.
   */
  async handleMessage(message: unknown): Promise<JSONRPCResponse | undefined> {
    if (!isObject(message)) {
      return errorResponse(null, ErrorCode.InvalidRequest, 'A message must be a JSON object.');
    }
    const { id, method, params } = message;
    const replyTo = isRequestId(id) ? id : null;
    if (message.jsonrpc !== '2.0') {
      return errorResponse(replyTo, ErrorCode.InvalidRequest, 'jsonrpc must be "2.0".');
    }
    if (method === undefined && id !== undefined && ('result' in message || 'error' in message)) {
      return undefined; // A client's response to a server request; a stateless server sent none.
    }
    if (typeof method !== 'string') {
      return errorResponse(replyTo, ErrorCode.InvalidRequest, 'method must be a string.');
    }
    if (id !== undefined && replyTo === null) {
      return errorResponse(null, ErrorCode.InvalidRequest, 'id must be a string or an integer.');
    }
    if (params !== undefined && !isObject(params)) {
      return Array.isArray(params)
        ? errorResponse(replyTo, ErrorCode.InvalidParams, 'params must be an object.')
        : errorResponse(replyTo, ErrorCode.InvalidRequest, 'params must be an object.');
    }
    if (replyTo === null) {
      this.handleNotification(message as unknown as JSONRPCNotification);
      return undefined;
    }
    if (mcpserverCalled.connected) {
      this.#logReceiverErrors(
        mcpserverCalled.send({ server: this.name, method, id: replyTo, params }),
      );
    }
    try {
      return { jsonrpc: '2.0', id: replyTo, result: await this.dispatch(method, params ?? {}) };
    } catch (error) {
      if (isProtocolError(error)) return error.toResponse(replyTo);
      this.logError(error, `${method} failed`);
      return errorResponse(replyTo, ErrorCode.InternalError, 'Internal error');
    }
  }

  /**
   * Accept a notification, a message without an id, and ignore it: the server keeps no state
   * between requests, so `notifications/initialized` or `notifications/cancelled` changes nothing.
   * Sends {@link mcpserverCalled}, so that it is logged.
   *
   * @param message - The notification.
   */
  handleNotification(message: JSONRPCNotification): void {
    if (mcpserverCalled.connected) {
      this.#logReceiverErrors(
        mcpserverCalled.send({
          server: this.name,
          method: message.method,
          id: undefined,
          params: message.params,
        }),
      );
    }
  }

  /**
   * Run one JSON-RPC method. Override it to add methods, and call `super.dispatch()` for the rest.
   *
   * @param method - The method, e.g. `tools/call`.
   * @param params - Its params, or an empty object.
   * @returns Its result.
   * @throws ProtocolError - -32601 for a method the server does not implement, -32602 for params
   * that are not valid or a tool that does not exist.
   */
  async dispatch(method: string, params: Record<string, unknown>): Promise<Result> {
    switch (method) {
      case 'tools/call':
        return this.callTool(params);
      case 'tools/list':
        return this.listTools(params);
      case 'initialize':
        return this.initialize(params);
      case 'ping':
        return this.ping();
      default:
        throw new ProtocolError(ErrorCode.MethodNotFound, 'Method not found');
    }
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
   * @returns The tools' definitions, each built once per tool class.
   * @throws ProtocolError - -32602 for a cursor, which this server never hands out.
   */
  listTools(params: Record<string, unknown>): ListToolsResult {
    if (params.cursor !== undefined) {
      throw new ProtocolError(
        ErrorCode.InvalidParams,
        'Invalid cursor: every tool is on the first page.',
      );
    }
    const tools = [];
    for (const tool of this.tools.values()) tools.push(tool.definition());
    return { tools };
  }

  /**
   * Run a tool. A {@link ToolError} it throws, and arguments that are not valid, are answered as a
   * result with `isError`, so that the LLM can read what was wrong and call again. Sends
   * {@link mcpserverToolCalled} after every call, whether or not it failed.
   *
   * @param params - The tool's name and arguments.
   * @returns The tool's result.
   * @throws ProtocolError - -32602 for a name that is not a string, arguments that are not an
   * object, or a tool that does not exist.
   */
  async callTool(params: Record<string, unknown>): Promise<CallToolResult> {
    const { name, arguments: args } = params;
    if (typeof name !== 'string') {
      throw new ProtocolError(ErrorCode.InvalidParams, 'name must be a string.');
    }
    if (args !== undefined && !isObject(args)) {
      throw new ProtocolError(ErrorCode.InvalidParams, 'arguments must be an object.');
    }
    const tool = this.tools.get(name);
    if (tool === undefined)
      throw new ProtocolError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
    const started = performance.now();
    let outcome: ToolOutcome = 'success';
    let failure: unknown;
    try {
      return await tool.call(args);
    } catch (error) {
      failure = error;
      if (!isToolError(error)) {
        outcome = isProtocolError(error) ? 'protocol-error' : 'internal-error';
        throw error;
      }
      outcome = error.name === 'InvalidArgumentsError' ? 'invalid-arguments' : 'tool-error';
      return { content: [{ type: 'text', text: error.message }], isError: true };
    } finally {
      if (mcpserverToolCalled.connected) {
        const event = {
          server: this.name,
          tool: name,
          arguments: args,
          outcome,
          durationMs: performance.now() - started,
        };
        this.#logReceiverErrors(
          mcpserverToolCalled.send(outcome === 'success' ? event : { ...event, error: failure }),
        );
      }
    }
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
    console.error(`${this.formattedClassName}: ${context}:`, error);
  }

  #logReceiverErrors(errors: unknown[]): void {
    for (const error of errors) this.logError(error, 'a signal receiver failed');
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
