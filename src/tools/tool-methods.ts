/**
 * The tools feature: `tools/list` and `tools/call`, as entries of the method registry.
 *
 * @module
 */
import {
  InvalidArgumentsError,
  invalidArgumentsText,
  isProtocolError,
  isToolError,
  ProtocolError,
  withoutStack,
} from '../core/errors.js';
import { cacheHint, type Method, PUBLIC_FIVE_MINUTES } from '../core/method-registry.js';
import { isGranted, requireScopes } from '../core/oauth-scopes.js';
import { page, pageSizeOf } from '../core/paging.js';
import { DEFAULT_TOOL_TIMEOUT_MS, type RequestScope } from '../core/request-scope.js';
import type { ServerCore } from '../core/server-contract.js';
import { mcpserverToolCalled, type ToolOutcome } from '../core/signals.js';
import { checkParameterHeaders, hasCapabilities } from '../era/modern-revision.js';
import { resultFor, toolFor, versionOf } from '../era/version-shaping.js';
import { asksInput } from '../input/input-requests.js';
import { deepFreeze, ErrorCode, isObject, isPromiseLike, sharedResults } from '../jsonrpc.js';
import { type AnyTool, CALL, type CallAnswer, isRefusal, MCPToolBase } from '../tool-base.js';
import type { CallToolResult, ListToolsResult, Result, Tool } from '../wire/types.js';
import { argumentsProblem } from './argument-limits.js';

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
    if (byName.has(tool.name)) {
      throw new Error(`two tools are named ${tool.name}: rename one, or leave one out`);
    }
    // Built now, once per definition, so that a schema MCP forbids fails here, not on a client.
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

// The whole list of a tools map, by protocol version, when it is the same for every request:
// no tool hides behind a scope, and every definition is frozen. Its size guards against a map
// that grew or shrank after it was listed.
const listsByVersion = new WeakMap<
  ReadonlyMap<string, AnyTool>,
  Map<string, { readonly size: number; readonly result: ListToolsResult }>
>();

/**
 * List a server's tools, in the order of its `tools`: all on one page, or pages of the server's
 * `pageSize`. A tool whose `requiredScopes` the request is not granted is left out.
 *
 * @param server - The server.
 * @param params - The params of `tools/list`.
 * @param scope - The request's scope: its version, and the scopes it is granted.
 * @returns The tools' definitions, each built once per tool class.
 * @throws ProtocolError - -32602 for a cursor this list did not hand out.
 */
export function listTools(
  server: ToolsServer,
  params: Record<string, unknown>,
  scope: Pick<RequestScope, 'era' | 'protocolVersion' | 'grantedScopes'>,
): ListToolsResult {
  const version = versionOf(scope);
  const whole = params.cursor === undefined && pageSizeOf(server) === undefined;
  const cached = whole ? listsByVersion.get(server.tools)?.get(version) : undefined;
  if (cached !== undefined && cached.size === server.tools.size) return cached.result;
  const tools = [];
  let shared = whole;
  for (const tool of server.tools.values()) {
    const definition = tool.definition();
    // What a scope hides, or a definition that may change, makes a list for this request only.
    if (tool.requiredScopes?.length || !Object.isFrozen(definition)) shared = false;
    if (isGranted(scope, tool.requiredScopes)) tools.push(toolFor(definition, version));
  }
  if (shared) {
    // The same for every request of this version: built once, frozen so that no caller changes it.
    const result: ListToolsResult = deepFreeze({ tools: tools as Tool[] });
    sharedResults.add(result);
    let byVersion = listsByVersion.get(server.tools);
    if (byVersion === undefined) {
      byVersion = new Map();
      listsByVersion.set(server.tools, byVersion);
    }
    byVersion.set(version, { size: server.tools.size, result });
    return result;
  }
  const { items, nextCursor } = page(tools, params.cursor, pageSizeOf(server), 'tools');
  return nextCursor === undefined
    ? { tools: items as Tool[] }
    : { tools: items as Tool[], nextCursor };
}

/**
 * Run a server's tool. A {@link ToolError} it throws, arguments that are not valid, and, in the
 * handshake era, input it asks for (`InputUnavailableError`: no client there can be asked) are
 * answered as a result with `isError`, so that the LLM can read what was wrong.
 * Sends {@link mcpserverToolCalled} after every call, whether or not it failed.
 *
 * @param server - The server.
 * @param params - The tool's name and arguments.
 * @param scope - The request's scope: its era, and the client capabilities it declares.
 * @returns The tool's result: at once when the tool answered at once, else its promise.
 * @throws ProtocolError - -32602 for a name that is not a string, arguments that are not an
 * object, or a tool that does not exist; an `InsufficientScopeError` (403) when the request
 * is not granted the tool's `requiredScopes`; -32021 for a 2026-07-28 request that does not
 * declare the client capabilities the tool needs.
 */
export function callTool(
  server: ToolsServer,
  params: Record<string, unknown>,
  scope: RequestScope,
): CallToolResult | Promise<CallToolResult> {
  const { name, arguments: args } = params;
  if (typeof name !== 'string') {
    throw new ProtocolError(ErrorCode.InvalidParams, 'name must be a string.');
  }
  if (args !== undefined && !isObject(args)) {
    throw new ProtocolError(ErrorCode.InvalidParams, 'arguments must be an object.');
  }
  const tool = server.tools.get(name);
  if (tool === undefined) {
    throw new ProtocolError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
  }
  requireScopes(scope, tool.requiredScopes, name);
  const needs = tool.requiredClientCapabilities;
  if (
    scope.era === 'modern' &&
    needs !== undefined &&
    !hasCapabilities(scope.clientCapabilities, needs)
  ) {
    throw new ProtocolError(
      ErrorCode.MissingRequiredClientCapability,
      `${name} needs client capabilities that this request does not declare.`,
      { requiredCapabilities: needs },
      400,
    );
  }
  // A call that its tasks take on keeps the time they give it.
  if (scope.task === undefined) scope.timeoutMs = server.toolTimeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS;
  const support = tool.taskSupport;
  // A tool that may run as a task, in a 2026-07-28 request not yet in one: its tasks decide.
  if (
    (support === 'optional' || support === 'required') &&
    scope.era === 'modern' &&
    scope.task === undefined
  ) {
    const tasks = (server as { tasks?: unknown }).tasks as TaskCaller | undefined;
    if (tasks !== undefined) {
      return tasks.call(server, tool, scope, (inScope) =>
        runTool(server, tool, name, args, inScope),
      ) as never;
    }
    if (support === 'required') {
      throw new TypeError(`${name} must run as a task, and its server has no tasks (tasksIn())`);
    }
  }
  return runTool(server, tool, name, args, scope);
}

// What the tools' call needs of a server's tasks (see tasksIn), without a dependency on them.
interface TaskCaller {
  call(
    server: ToolsServer,
    tool: AnyTool,
    scope: RequestScope,
    run: (scope: RequestScope) => CallToolResult | Promise<CallToolResult>,
  ): Result | Promise<Result>;
}

function runTool(
  server: ToolsServer,
  tool: AnyTool,
  name: string,
  args: Record<string, unknown> | undefined,
  scope: RequestScope,
): CallToolResult | Promise<CallToolResult> {
  const call: ToolCall = {
    server,
    scope,
    name,
    args,
    started: mcpserverToolCalled.connected ? performance.now() : 0,
  };
  let answer: CallAnswer | PromiseLike<CallAnswer>;
  try {
    // Too deep or too large, arguments are told to the LLM as any other invalid argument.
    const problem = args === undefined ? undefined : argumentsProblem(server, args);
    if (problem !== undefined) throw withoutStack(() => new InvalidArgumentsError(name, [problem]));
    // The base class's call, at once: no promise for a tool that answers at once, and no rejection
    // for arguments that are not valid. A tool that overrides call() is called as it asks.
    answer =
      tool.call === MCPToolBase.prototype.call
        ? (tool as MCPToolBase)[CALL](args, scope)
        : tool.call(args, scope);
  } catch (error) {
    return failed(call, error);
  }
  // No turn of the event loop for a tool that answered at once.
  return isPromiseLike(answer)
    ? Promise.resolve(answer).then(
        (result) => succeeded(call, result),
        (error: unknown) => failed(call, error),
      )
    : succeeded(call, answer as CallAnswer);
}

// A call under way: what its signal reports when it ends.
interface ToolCall {
  readonly server: ToolsServer;
  readonly scope: RequestScope;
  readonly name: string;
  readonly args: Record<string, unknown> | undefined;
  readonly started: number;
}

function succeeded(call: ToolCall, answer: CallAnswer): CallToolResult {
  if (isRefusal(answer)) return refused(call, answer);
  let result: CallToolResult;
  try {
    result = resultFor(answer, versionOf(call.scope));
  } catch (error) {
    return failed(call, error);
  }
  reported(call, 'success', undefined);
  return result;
}

// Arguments that are not valid, told to the LLM: the error is built only for a receiver to see.
function refused(call: ToolCall, problems: readonly string[]): CallToolResult {
  if (mcpserverToolCalled.connected) {
    return failed(
      call,
      withoutStack(() => new InvalidArgumentsError(call.name, problems)),
    );
  }
  return {
    content: [{ type: 'text', text: invalidArgumentsText(call.name, problems) }],
    isError: true,
  };
}

// A tool's error as a result the LLM reads; a protocol error or a fault thrown on.
function failed(call: ToolCall, error: unknown): CallToolResult {
  let outcome: ToolOutcome = 'tool-error';
  try {
    // A handshake-era client cannot be asked for input: the LLM reads what the tool needs.
    if (call.scope.era === 'handshake' && isInputUnavailable(error)) {
      return { content: [{ type: 'text', text: error.message }], isError: true };
    }
    if (!isToolError(error)) {
      outcome = isProtocolError(error) ? 'protocol-error' : 'internal-error';
      throw error;
    }
    if (error.name === 'InvalidArgumentsError') outcome = 'invalid-arguments';
    else if (error.name === 'ToolTimeoutError') outcome = 'timeout';
    return { content: [{ type: 'text', text: error.message }], isError: true };
  } finally {
    reported(call, outcome, error);
  }
}

function reported(call: ToolCall, outcome: ToolOutcome, failure: unknown): void {
  const { scope } = call;
  if (scope.cancelled) outcome = 'cancelled';
  else if (asksInput(scope)) outcome = 'input-required';
  if (!mcpserverToolCalled.connected) return;
  const event = {
    server: call.server.name,
    tool: call.name,
    arguments: call.args,
    outcome,
    durationMs: performance.now() - call.started,
    era: scope.era,
    protocolVersion: scope.protocolVersion,
    clientInfo: scope.clientInfo,
  };
  call.server.logReceiverErrors(
    mcpserverToolCalled.send(outcome === 'success' ? event : { ...event, error: failure }),
  );
}

/** @internal The key of the server's `tools/call`, which answers at once when it can. */
export const CALL_TOOL = Symbol('callTool');

/** A server's tools, declared by the tools feature and merged into `MCPServerBase`. */
export interface ToolsFeature {
  /**
   * The server's tools by name, in the order `tools/list` lists them; see {@link toolsByName}. Build
   * the map once, at module level, when the tools do not depend on the request: a server made per
   * request then costs next to nothing. None by default: a server without tools does not declare
   * the `tools` capability.
   */
  readonly tools: ReadonlyMap<string, AnyTool>;
}

/** @internal What the tools feature asks of a server: its tools, typed, and its list and call. */
export interface ToolsServer extends ServerCore {
  readonly tools: ReadonlyMap<string, AnyTool>;
  listTools(
    params: Record<string, unknown>,
    scope: RequestScope,
  ): ListToolsResult | Promise<ListToolsResult>;
  [CALL_TOOL](
    params: Record<string, unknown>,
    scope: RequestScope,
  ): CallToolResult | Promise<CallToolResult>;
}

// By name, as a copy of the library thrown in another realm is still one.
const isInputUnavailable = (error: unknown): error is Error =>
  isProtocolError(error) && error.name === 'InputUnavailableError';

const hasTools = (server: ToolsServer) => server.tools.size > 0;

/** The methods of the tools feature, for the registry. */
export const TOOL_METHODS: Readonly<Record<string, Method<ToolsServer>>> = {
  'tools/list': {
    capability: 'tools',
    has: hasTools,
    cache: (server) => cacheHint(server, 'toolsCache', server.toolsCache, PUBLIC_FIVE_MINUTES),
    run: (server, params, scope) => server.listTools(params, scope),
  },
  'tools/call': {
    capability: 'tools',
    has: hasTools,
    named: 'name',
    input: true,
    ownTimeLimit: true,
    checkHeaders(server, params, headers, scope) {
      const name = params?.name;
      const tool = typeof name === 'string' ? server.tools.get(name) : undefined;
      // A tool the caller may not use is refused for its scope when it runs: its headers, whose
      // problems would name its arguments, are not looked at.
      if (tool && isGranted(scope, tool.requiredScopes))
        return checkParameterHeaders(tool.headerParameters(), params?.arguments, headers);
    },
    run: (server, params, scope) => server[CALL_TOOL](params, scope),
  },
};
