/**
 * An in-process MCP client for unit tests: it talks to a server through `handle()`, with no
 * network, and round-trips every message through JSON, as the wire would.
 *
 * @module
 */
import { ProtocolError } from './errors.js';
import { isObject } from './jsonrpc.js';
import { LATEST_HANDSHAKE_VERSION } from './protocol-versions.js';
import type { MCPServerBase } from './server-base.js';
import type { CallToolResult, InitializeResult, Result, Tool } from './types.js';

/**
 * A client for testing a server without a network. Each call builds a JSON-RPC message, passes it
 * through `JSON.stringify` and `JSON.parse`, hands it to `handle()`, and does the same with the
 * answer, so a test sees exactly what a client would. A JSON-RPC error is thrown as a
 * {@link ProtocolError} with its code; a tool's failure is a result with `isError`, as on the wire.
 *
 * @example
 * ```ts
 * import { TestClient } from 'mcp-protocol-core/testing';
 *
 * const client = new TestClient(new WeatherServer());
 * const result = await client.callTool('get_weather', { city: 'Oslo' });
 * result.content[0]; //=> { type: 'text', text: 'It is sunny in Oslo.' }
 * ```
 */
export class TestClient {
  readonly #server: () => MCPServerBase;
  #nextId = 1;

  /**
   * @param server - The server, or a function that makes one per request, as an HTTP handler
   * would.
   */
  constructor(server: MCPServerBase | (() => MCPServerBase)) {
    this.#server = typeof server === 'function' ? server : () => server;
  }

  /**
   * Send any payload, a message or a batch, and return the parsed answer.
   *
   * @param payload - What a client would post, before JSON encoding.
   * @returns The answer, after JSON decoding, or `undefined` when none is owed.
   */
  async send(payload: unknown): Promise<unknown> {
    const answer = await this.#server().handle(JSON.parse(JSON.stringify(payload)));
    return answer === undefined ? undefined : JSON.parse(JSON.stringify(answer));
  }

  /**
   * Send a request and return its result.
   *
   * @param method - The method, e.g. `tools/list`.
   * @param params - Its params.
   * @returns The result.
   * @throws ProtocolError - With the code and message of a JSON-RPC error answer.
   */
  async request<R extends Result = Result>(method: string, params?: object): Promise<R> {
    const id = this.#nextId++;
    const message =
      params === undefined
        ? { jsonrpc: '2.0', id, method }
        : { jsonrpc: '2.0', id, method, params };
    const answer = await this.send(message);
    if (!isObject(answer) || answer.id !== id) {
      throw new Error(`expected a response to request ${id}, got ${JSON.stringify(answer)}`);
    }
    if (isObject(answer.error)) {
      const {
        code,
        message: text,
        data,
      } = answer.error as { code: number; message: string; data?: unknown };
      throw new ProtocolError(code, text, data);
    }
    return answer.result as R;
  }

  /**
   * Send a notification.
   *
   * @param method - The notification, e.g. `notifications/initialized`.
   * @param params - Its params.
   * @throws Error - If the server answered it, which it must never do.
   */
  async notify(method: string, params?: object): Promise<void> {
    const answer = await this.send(
      params === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params },
    );
    if (answer !== undefined)
      throw new Error(`a notification was answered: ${JSON.stringify(answer)}`);
  }

  /**
   * Run the initialize handshake.
   *
   * @param protocolVersion - The version to ask for.
   * @returns The server's answer.
   */
  initialize(protocolVersion: string = LATEST_HANDSHAKE_VERSION): Promise<InitializeResult> {
    return this.request<InitializeResult>('initialize', {
      protocolVersion,
      capabilities: {},
      clientInfo: { name: 'mcp-protocol-core-test-client', version: '1.0.0' },
    });
  }

  /**
   * List the server's tools.
   *
   * @returns The tools, as `tools/list` lists them.
   */
  async listTools(): Promise<Tool[]> {
    return (await this.request<{ tools: Tool[] }>('tools/list')).tools;
  }

  /**
   * Call a tool.
   *
   * @param name - The tool's name.
   * @param args - Its arguments; none when left out.
   * @returns The tool's result; a failed call is a result with `isError`.
   * @throws ProtocolError - For an unknown tool (-32602) or a server fault (-32603).
   */
  callTool(name: string, args?: Record<string, unknown>): Promise<CallToolResult> {
    return this.request<CallToolResult>(
      'tools/call',
      args === undefined ? { name } : { name, arguments: args },
    );
  }
}
