/**
 * The MCP wire types a tools server reads and writes, written by hand in the style of the
 * specification's own `schema.ts`, with the specification's names. They describe the handshake era
 * (2024-11-05 … 2025-11-25); a field that a later version added says so.
 *
 * @module
 */

/** The JSON-RPC version every message carries. */
export type JSONRPCVersion = '2.0';

/** A uniquely identifying id for a request: a string or an integer. */
export type RequestId = string | number;

/** How severe a log message is, from the least to the most (RFC 5424). */
export type LoggingLevel =
  | 'debug'
  | 'info'
  | 'notice'
  | 'warning'
  | 'error'
  | 'critical'
  | 'alert'
  | 'emergency';

/** An opaque token a client attaches to a request to receive progress notifications. */
export type ProgressToken = string | number;

/** An opaque token that marks a position in a paginated list. */
export type Cursor = string;

/** The `_meta` object that requests, notifications, results and many objects may carry. */
export interface Meta {
  [key: string]: unknown;
}

/**
 * What the params of every request may carry: an optional `_meta`. Closed, as the specification's
 * is, so that the specification's params types (interfaces, without an index signature) are
 * assignable to the params types that extend it; {@link JSONRPCRequest} adds the other names.
 */
export interface RequestParams {
  /** Metadata, e.g. a `progressToken`; opaque to a server but for the keys it knows. */
  _meta?: Meta & {
    /** Asks for `notifications/progress` about this request, each carrying this token. */
    progressToken?: ProgressToken;
  };
}

/** A request that expects a response. */
export interface JSONRPCRequest {
  /** Always `2.0`. */
  jsonrpc: JSONRPCVersion;
  /** The id the response will carry. Never null. */
  id: RequestId;
  /** The method to run, e.g. `tools/call`. */
  method: string;
  /** The method's named params. */
  params?: RequestParams & { [key: string]: unknown };
}

/** A notification: a message without an id, which is never answered. */
export interface JSONRPCNotification {
  /** Always `2.0`. */
  jsonrpc: JSONRPCVersion;
  /** The notification, e.g. `notifications/initialized`. */
  method: string;
  /** Its named params. */
  params?: {
    /** Metadata about the notification. */
    _meta?: Meta;
    [key: string]: unknown;
  };
}

/** The result of a request. Every result may carry `_meta`. */
export interface Result {
  /** Metadata about the result. */
  _meta?: Meta;
  [key: string]: unknown;
}

/** A result with nothing in it, e.g. the answer to `ping`. */
export type EmptyResult = Result;

/** A successful response to a request. */
export interface JSONRPCResultResponse<R extends Result = Result> {
  /** Always `2.0`. */
  jsonrpc: JSONRPCVersion;
  /** The id of the request answered. */
  id: RequestId;
  /** What the method returned. */
  result: R;
}

/** The error object of an error response. */
export interface ErrorObject {
  /** The error code, e.g. -32602 for invalid params. */
  code: number;
  /** One plain sentence that says what went wrong. */
  message: string;
  /** More about the error, as the code defines it. */
  data?: unknown;
}

/**
 * A response that reports an error. Its `id` is `null` when the request's id could not be read,
 * as JSON-RPC 2.0 requires.
 */
export interface JSONRPCError {
  /** Always `2.0`. */
  jsonrpc: JSONRPCVersion;
  /** The id of the request answered, or `null` when it could not be read. */
  id: RequestId | null;
  /** What went wrong. */
  error: ErrorObject;
}

/** The answer to one request: a result, or an error. */
export type JSONRPCResponse<R extends Result = Result> = JSONRPCResultResponse<R> | JSONRPCError;

/** Any message a client may post. */
export type JSONRPCMessage = JSONRPCRequest | JSONRPCNotification | JSONRPCResponse;

/** An icon a client may show for a server or a tool (2025-11-25). */
export interface Icon {
  /** An HTTP(S) URL or a `data:` URI of the image. */
  src: string;
  /** The image's MIME type, e.g. `image/png`. */
  mimeType?: string;
  /** The sizes it suits, each `WxH` (e.g. `48x48`) or `any`. */
  sizes?: string[];
  /** The background it is drawn for. */
  theme?: 'light' | 'dark';
}

/** The name and version of an MCP implementation, a client's or a server's. */
export interface Implementation {
  /** The programmatic name, e.g. `acme-docs`. */
  name: string;
  /** A human-readable name (2025-06-18). */
  title?: string;
  /** The implementation's version, e.g. `1.2.0`. */
  version: string;
  /** What it does, in a sentence (2025-11-25). */
  description?: string;
  /** Its website (2025-11-25). */
  websiteUrl?: string;
  /** Icons a client may show (2025-11-25). */
  icons?: Icon[];
}

/**
 * What a client says it can do, in `initialize`. A client may send keys that a later version
 * adds; they are not typed here, and no index signature admits them, so that the specification's
 * `ClientCapabilities` (an interface) is assignable to this one.
 */
export interface ClientCapabilities {
  /** Non-standard capabilities. */
  experimental?: { [key: string]: object };
  /** The client can list its roots. */
  roots?: {
    /** The client notifies when its list of roots changes. */
    listChanged?: boolean;
  };
  /** The client can sample from an LLM for the server. */
  sampling?: {
    /** The client honours `includeContext` other than `none` (2025-11-25). */
    context?: object;
    /** The client lets the LLM use the `tools` a request offers (2025-11-25). */
    tools?: object;
  };
  /** The client can ask its user for input for the server (2025-06-18). */
  elicitation?: {
    /** The client shows forms; an empty `elicitation` object means this too (2025-11-25). */
    form?: object;
    /** The client sends its user to a URL (2025-11-25). */
    url?: object;
  };
  /** The client runs task-augmented requests. */
  tasks?: object;
  /** Extensions the client supports, by identifier. */
  extensions?: { [key: string]: object };
}

/** What a server says it can do. */
export interface ServerCapabilities {
  /** Non-standard capabilities. */
  experimental?: { [key: string]: object };
  /** The server sends log messages. */
  logging?: object;
  /** The server completes arguments (2025-03-26). */
  completions?: object;
  /** The server offers prompts. */
  prompts?: {
    /** The server notifies when its list of prompts changes. */
    listChanged?: boolean;
  };
  /** The server offers resources. */
  resources?: {
    /** A client may subscribe to updates of a resource. */
    subscribe?: boolean;
    /** The server notifies when its list of resources changes. */
    listChanged?: boolean;
  };
  /** The server offers tools. */
  tools?: {
    /** The server notifies when its list of tools changes: a stateless server cannot. */
    listChanged?: boolean;
  };
  /** Extensions the server supports, by identifier. */
  extensions?: { [key: string]: object };
}

/** The params of `initialize`: the client's offer. */
export interface InitializeRequestParams extends RequestParams {
  /** The latest protocol version the client speaks. */
  protocolVersion: string;
  /** What the client can do. */
  capabilities: ClientCapabilities;
  /** Who the client is. */
  clientInfo: Implementation;
}

/** The server's answer to `initialize`. */
export interface InitializeResult extends Result {
  /** The version the server will speak: the client's, when the server speaks it. */
  protocolVersion: string;
  /** What the server can do. */
  capabilities: ServerCapabilities;
  /** Who the server is. */
  serverInfo: Implementation;
  /** Text a client may add to the LLM's system prompt. */
  instructions?: string;
}
