/**
 * mcp-protocol-core: a framework-free, stateless Model Context Protocol server core. One pure
 * `handle(payload)` per HTTP POST; tools typed from their JSON Schema; no state between requests.
 *
 * The in-process test client is a separate entry, `mcp-protocol-core/testing`, so that it never
 * weighs on a server's bundle.
 *
 * @module
 */
export {
  InvalidArgumentsError,
  isProtocolError,
  isToolError,
  ProtocolError,
  ToolError,
} from './errors.js';
export { type HttpHeaders, header } from './headers.js';
export {
  bearerToken,
  createFetchHandler,
  createHttpHandler,
  DEFAULT_MAX_BODY_BYTES,
  type FetchHandler,
  forbidden,
  type HttpHandler,
  type HttpOptions,
  type HttpRequest,
  type HttpResponse,
  LOCAL_HOSTS,
  type Refusal,
  readBody,
  type ServerContext,
  unauthorized,
} from './http.js';
export {
  dump,
  ErrorCode,
  type ErrorCodeValue,
  errorResponse,
  httpStatusOf,
  isRequestId,
  withHttpStatus,
} from './jsonrpc.js';
export {
  checkParameterHeaders,
  decodeHeaderValue,
  encodeHeaderValue,
  type HeaderParameter,
  hasCapabilities,
  headerParameters,
  LOG_LEVELS,
  META,
  routingHeaderProblem,
} from './modern.js';
export {
  type Era,
  HANDSHAKE_PROTOCOL_VERSIONS,
  type HandshakeProtocolVersion,
  isHandshakeVersion,
  isModernVersion,
  LATEST_HANDSHAKE_VERSION,
  MODERN_PROTOCOL_VERSIONS,
  type ModernProtocolVersion,
  SUPPORTED_PROTOCOL_VERSIONS,
} from './protocol-versions.js';
export {
  AJV_OPTIONS,
  compileSchema,
  type FromSchema,
  invalidArguments,
  type JSONSchema,
  type SchemaCompiler,
  setSchemaCompiler,
  simplifySchema,
  type ValidationError,
  type Validator,
} from './schema.js';
export {
  type CacheHint,
  type CallContext,
  type HandleResult,
  MAX_BATCH_SIZE,
  MCPServerBase,
  type RequestContext,
  toolsByName,
} from './server-base.js';
export {
  mcpserverCalled,
  mcpserverToolCalled,
  type Receiver,
  type ServerCalled,
  Signal,
  type ToolCalled,
  type ToolOutcome,
} from './signals.js';
export {
  type AnyTool,
  DEFAULT_TOOL_TIMEOUT_MS,
  defineTool,
  MCPToolBase,
  type ToolArguments,
  type ToolClass,
  ToolContext,
  type ToolOutput,
  type ToolSpec,
  ToolTimeoutError,
} from './tool-base.js';
export type * from './types.js';
export { SERVER_VERSION } from './version.js';
