/**
 * The in-process test client: it talks to a server through `handle()`, with no network, and
 * round-trips every message through JSON, as the wire would.
 *
 * @module
 */
import { type HeaderParameter, headerParameters } from '../era/modern-revision.js';
import {
  isHandshakeVersion,
  isModernVersion,
  LATEST_HANDSHAKE_VERSION,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '../era/protocol-versions.js';
import { httpStatusOf, isObject } from '../jsonrpc.js';
import type { MCPServerBase } from '../server-base.js';
import type {
  CallToolResult,
  CompleteRequestParams,
  CompleteResult,
  GetPromptResult,
  InitializeResult,
  InputRequest,
  InputRequiredResult,
  JSONRPCNotification,
  JSONRPCRequest,
  Prompt,
  ReadResourceResult,
  Resource,
  ResourceTemplate,
  Result,
  Tool,
} from '../wire/types.js';
import { notAsked, statusLost } from './refused-answers.js';
import { headersOfEra, paramsOfEra } from './request-envelope.js';
import { ResponseError } from './response-error.js';
import type { TestClientOptions, TestNotification } from './test-client-options.js';

// A server given as anything with handle() is not checked.
async function verify(server: MCPServerBase): Promise<void> {
  if (typeof server.verify === 'function') await server.verify();
}

/**
 * A client for testing a server without a network. Each call builds a JSON-RPC message, passes it
 * through `JSON.stringify` and `JSON.parse`, hands it to `handle()`, and does the same with the
 * answer, so a test sees exactly what a client would. Before its first request, it checks the
 * server's tools with `server.verify()`, and throws what that finds from every request: a schema
 * ajv cannot compile fails the first test, not a client's first call. A JSON-RPC error is thrown as a
 * {@link ResponseError} (a `ProtocolError`) with its code; a tool's failure is a result with
 * `isError`, as on the wire. Its requests ask for progress and log messages, which
 * `onNotification` receives, and `answerInput` answers a server's input requests: a 2026-07-28
 * `input_required`, or a handshake-era question of a server with `questions`.
 *
 * @example
 * ```ts
 * import { TestClient } from 'mcp-protocol-core/testing';
 *
 * const client = new TestClient(new WeatherServer());
 * const result = await client.callTool('get_weather', { city: 'Oslo' });
 * result.content[0]; //=> { type: 'text', text: 'It is sunny in Oslo.' }
 *
 * const modern = new TestClient(new WeatherServer(), { protocolVersion: '2026-07-28' });
 * (await modern.callTool('get_weather', { city: 'Oslo' })).resultType; //=> 'complete'
 * ```
 */
export class TestClient {
  readonly #server: () => MCPServerBase;
  readonly #options: TestClientOptions;
  #nextId = 1;
  #parameters: Map<string, HeaderParameter[]> | undefined;
  #session: string | undefined;
  #verified: Promise<void> | undefined;

  /**
   * @param server - The server, or a function that makes one per request, as an HTTP handler
   * would.
   * @param options - The protocol version to speak, and what a 2026-07-28 request declares.
   */
  constructor(server: MCPServerBase | (() => MCPServerBase), options: TestClientOptions = {}) {
    const { protocolVersion } = options;
    if (
      protocolVersion !== undefined &&
      !isHandshakeVersion(protocolVersion) &&
      !isModernVersion(protocolVersion)
    ) {
      throw new TypeError(
        `protocolVersion must be one of ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')}, not ${protocolVersion}; send() tests others.`,
      );
    }
    this.#server = typeof server === 'function' ? server : () => server;
    this.#options = options;
  }

  get #modern(): boolean {
    return isModernVersion(this.#options.protocolVersion);
  }

  get #handshakeVersion(): string | undefined {
    const version = this.#options.protocolVersion;
    return isHandshakeVersion(version) ? version : undefined;
  }

  /**
   * Send any payload, a message or a batch, and return the parsed answer.
   *
   * @param payload - What a client would post, before JSON encoding.
   * @param headers - HTTP headers to send with it, lower-case, e.g. to test their checks.
   * @returns The answer, after JSON decoding, or `undefined` when none is owed.
   * @throws Error - When an answer that has an HTTP status other than 200 follows a notification
   * of its request: over HTTP it would go in a 200 event stream, its status lost.
   */
  async send(payload: unknown, headers?: Record<string, string>): Promise<unknown> {
    const body = JSON.parse(JSON.stringify(payload));
    this.#verified ??= verify(this.#server());
    await this.#verified;
    const { grantedScopes, onNotification } = this.#options;
    const server = this.#server();
    let notified = 0;
    // As the HTTP layer streams them: each through JSON, one that JSON cannot carry dropped.
    const notify = (notification: JSONRPCNotification | JSONRPCRequest) => {
      let sent: TestNotification;
      try {
        sent = JSON.parse(JSON.stringify(notification));
      } catch (error) {
        server.log(error, 'a notification is not JSON');
        return;
      }
      notified++;
      // A question of the handshake era: answered as a client POSTs its response.
      if ('id' in notification)
        void this.#reply(server, sent as unknown as JSONRPCRequest, headers);
      else onNotification?.(sent);
    };
    const answer = await server.handle(body, { headers, grantedScopes, notify });
    if (answer === undefined) return undefined;
    const parsed = JSON.parse(JSON.stringify(answer));
    const status = Array.isArray(answer) ? undefined : httpStatusOf(answer);
    if (notified > 0 && status !== undefined && status !== 200) {
      throw new Error(statusLost(body, parsed, status));
    }
    // The status travels as it would over HTTP: beside the body, not in it.
    if (status !== undefined) Object.defineProperty(parsed, 'status', { value: status });
    return parsed;
  }

  // answerInput's answer to a handshake-era question, handed to the server's questions as a POST
  // would; a question it leaves unanswered is answered as a client without that capability does.
  async #reply(server: MCPServerBase, request: JSONRPCRequest, headers?: Record<string, string>) {
    const { answerInput } = this.#options;
    const { id, method, params } = request;
    let answer: unknown;
    try {
      answer = await answerInput?.({ method, params } as InputRequest, String(id));
    } catch (error) {
      server.log(error, 'answerInput threw');
    }
    const reply =
      answer === undefined
        ? { jsonrpc: '2.0', id, error: { code: -32601, message: `Method not found: ${method}` } }
        : { jsonrpc: '2.0', id, result: answer };
    await server.questions?.reply(JSON.parse(JSON.stringify(reply)), headers).catch(() => {});
  }

  /**
   * Send a request and return its result. In the 2026-07-28 era, `_meta` and the headers are
   * added, and, with `answerInput`, the input a result asks for is answered.
   *
   * @param method - The method, e.g. `tools/list`.
   * @param params - Its params.
   * @returns The result.
   * @throws ResponseError - With the code, message and HTTP status of a JSON-RPC error answer.
   * @throws Error - With `answerInput`, in the handshake era, when a server without `questions`
   * asked for input, which it can send in 2026-07-28 only.
   */
  async request<R extends Result = Result>(method: string, params?: object): Promise<R> {
    const { answerInput } = this.#options;
    if (answerInput !== undefined && !this.#modern && this.#server().questions === undefined)
      return this.#notAsked(method, params) as Promise<R>;
    let result = await this.#request(method, params);
    for (let round = 0; answerInput !== undefined && round < 10; round++) {
      if (result.resultType !== 'input_required') break;
      const { inputRequests = {}, requestState } = result as InputRequiredResult;
      const inputResponses: Record<string, unknown> = {};
      for (const [key, request] of Object.entries(inputRequests)) {
        const answer = await answerInput(request, key);
        if (answer !== undefined) inputResponses[key] = answer;
      }
      if (Object.keys(inputResponses).length === 0) break;
      // As a real client does: the answers, and the state it was given, sent back as they came.
      const retry: Record<string, unknown> = { ...params, inputResponses };
      if (requestState !== undefined) retry.requestState = requestState;
      result = await this.#request(method, retry);
    }
    return result as R;
  }

  // A handshake-era server cannot ask (it sends input requests in 2026-07-28 only): a tool says so
  // in a result with isError, a prompt or a resource with -32021, neither an answer to a test that
  // gave answerInput.
  async #notAsked(method: string, params: object | undefined): Promise<Result> {
    let said: string | undefined;
    let result: Result | undefined;
    try {
      result = await this.#request(method, params);
      const { content, isError } = result as Partial<CallToolResult>;
      const block = isError === true && content?.length === 1 ? content[0] : undefined;
      if (block?.type === 'text') said = block.text;
    } catch (error) {
      if (!(error instanceof ResponseError)) throw error;
      said = error.message;
      if (notAsked(said) === undefined) throw error;
    }
    const refused = notAsked(said);
    if (refused === undefined) return result!;
    throw refused;
  }

  async #request(method: string, params: object | undefined): Promise<Result> {
    const id = this.#nextId++;
    const headers = await this.#headers(method, params);
    const message = { jsonrpc: '2.0', id, method, ...paramsOfEra(this.#options, params, id) };
    const answer = await this.send(message, headers);
    if (!isObject(answer) || answer.id !== id) {
      throw new Error(`expected a response to request ${id}, got ${JSON.stringify(answer)}`);
    }
    if (isObject(answer.error)) {
      const {
        code,
        message: text,
        data,
      } = answer.error as { code: number; message: string; data?: unknown };
      throw new ResponseError(code, text, data, (answer as { status?: number }).status ?? 200);
    }
    return answer.result as Result;
  }

  /**
   * Send a notification.
   *
   * @param method - The notification, e.g. `notifications/initialized`.
   * @param params - Its params.
   * @throws Error - If the server answered it, which it must never do.
   */
  async notify(method: string, params?: object): Promise<void> {
    const headers = await this.#headers(method, params);
    const answer = await this.send(
      { jsonrpc: '2.0', method, ...paramsOfEra(this.#options, params) },
      headers,
    );
    if (answer !== undefined)
      throw new Error(`a notification was answered: ${JSON.stringify(answer)}`);
  }

  /**
   * Run the initialize handshake (handshake era).
   *
   * @param protocolVersion - The version to ask for: by default the client's handshake version,
   * or the latest.
   * @returns The server's answer.
   */
  initialize(
    protocolVersion: string = this.#handshakeVersion ?? LATEST_HANDSHAKE_VERSION,
  ): Promise<InitializeResult> {
    return this.request<InitializeResult>('initialize', {
      protocolVersion,
      capabilities: this.#options.clientCapabilities ?? {},
      clientInfo: { name: 'mcp-protocol-core-test-client', version: '1.0.0' },
    });
  }

  /**
   * Ask the server what it speaks (2026-07-28).
   *
   * @returns The `server/discover` result.
   */
  discover(): Promise<Result> {
    return this.request('server/discover');
  }

  /**
   * List the server's tools, every page of them.
   *
   * @returns The tools, as `tools/list` lists them.
   */
  listTools(): Promise<Tool[]> {
    return this.listAll<Tool>('tools/list', 'tools');
  }

  /**
   * Every item of a list that may page: its first page, then each `nextCursor`'s.
   *
   * @param method - The list's method, e.g. `prompts/list`.
   * @param key - The key of its items, e.g. `prompts`.
   * @returns The items of every page, in order.
   */
  async listAll<T>(method: string, key: string): Promise<T[]> {
    const items: T[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.request<Result>(method, cursor === undefined ? {} : { cursor });
      items.push(...(page[key] as T[]));
      cursor = page.nextCursor as string | undefined;
    } while (cursor !== undefined);
    return items;
  }

  /**
   * Call a tool.
   *
   * @param name - The tool's name.
   * @param args - Its arguments; none when left out.
   * @returns The tool's result; a failed call is a result with `isError`.
   * @throws ResponseError - For an unknown tool (-32602) or a server fault (-32603).
   */
  callTool(name: string, args?: Record<string, unknown>): Promise<CallToolResult> {
    return this.request<CallToolResult>(
      'tools/call',
      args === undefined ? { name } : { name, arguments: args },
    );
  }

  /**
   * List the server's resources, every page of them.
   *
   * @returns The resources, as `resources/list` lists them.
   */
  listResources(): Promise<Resource[]> {
    return this.listAll<Resource>('resources/list', 'resources');
  }

  /**
   * List the server's resource templates, every page of them.
   *
   * @returns The templates, as `resources/templates/list` lists them.
   */
  listResourceTemplates(): Promise<ResourceTemplate[]> {
    return this.listAll<ResourceTemplate>('resources/templates/list', 'resourceTemplates');
  }

  /**
   * Read a resource; in 2026-07-28, with its URI in the `Mcp-Name` header.
   *
   * @param uri - The resource's URI, fixed or matched by a template.
   * @returns Its contents.
   * @throws ResponseError - For a URI the server has no resource at (-32002 in the handshake era,
   * -32602 in 2026-07-28) or a server fault (-32603).
   */
  readResource(uri: string): Promise<ReadResourceResult> {
    return this.request<ReadResourceResult>('resources/read', { uri });
  }

  /**
   * List the server's prompts, every page of them.
   *
   * @returns The prompts, as `prompts/list` lists them.
   */
  listPrompts(): Promise<Prompt[]> {
    return this.listAll<Prompt>('prompts/list', 'prompts');
  }

  /**
   * Get a prompt, filled in with its arguments.
   *
   * @param name - The prompt's name.
   * @param args - Its arguments, strings; none when left out.
   * @returns The prompt's messages.
   * @throws ResponseError - For an unknown prompt or arguments that are not valid (-32602).
   */
  getPrompt(name: string, args?: Record<string, string>): Promise<GetPromptResult> {
    return this.request<GetPromptResult>(
      'prompts/get',
      args === undefined ? { name } : { name, arguments: args },
    );
  }

  /**
   * Ask for suggestions of a prompt's argument or a resource template's variable.
   *
   * @param ref - The prompt (`{ type: 'ref/prompt', name }`) or template
   * (`{ type: 'ref/resource', uri }`, its URI template).
   * @param argument - The argument's name, and what the user has typed of it.
   * @param context - The values of the arguments already filled in.
   * @returns The suggestions.
   * @throws ResponseError - For an unknown prompt or template (-32602).
   */
  complete(
    ref: CompleteRequestParams['ref'],
    argument: CompleteRequestParams['argument'],
    context?: Record<string, string>,
  ): Promise<CompleteResult> {
    return this.request<CompleteResult>(
      'completion/complete',
      context === undefined
        ? { ref, argument }
        : { ref, argument, context: { arguments: context } },
    );
  }

  // The headers of its era; a tool's Mcp-Param-* from its listed schema, the tools listed once.
  // In the handshake era, on a server with questions, the Mcp-Session-Id its initialize answers
  // with, which carries the client's capabilities: as though it had shaken hands.
  async #headers(
    method: string,
    params: object | undefined,
  ): Promise<Record<string, string> | undefined> {
    const headers = await headersOfEra(this.#options, method, params, async (tool) => {
      this.#parameters ??= await this.#listParameters();
      return this.#parameters.get(tool) ?? [];
    });
    const { questions } = this.#server();
    if (this.#modern || method === 'initialize' || questions === undefined) return headers;
    this.#session ??= questions.session(this.#options.clientCapabilities ?? {});
    return { ...headers, 'mcp-session-id': this.#session };
  }

  async #listParameters(): Promise<Map<string, HeaderParameter[]>> {
    const byTool = new Map<string, HeaderParameter[]>();
    this.#parameters = byTool; // listing the tools must not list them again
    for (const tool of await this.listTools())
      byTool.set(tool.name, headerParameters(tool.inputSchema, tool.name));
    return byTool;
  }
}
