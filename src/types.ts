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
  _meta?: Meta & { progressToken?: ProgressToken };
}

/** A request that expects a response. */
export interface JSONRPCRequest {
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
  jsonrpc: JSONRPCVersion;
  /** The notification, e.g. `notifications/initialized`. */
  method: string;
  /** Its named params. */
  params?: { _meta?: Meta; [key: string]: unknown };
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
  roots?: { listChanged?: boolean };
  /** The client can sample from an LLM for the server. */
  sampling?: { context?: object; tools?: object };
  /** The client can ask its user for input for the server. */
  elicitation?: { form?: object; url?: object };
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
  prompts?: { listChanged?: boolean };
  /** The server offers resources. */
  resources?: { subscribe?: boolean; listChanged?: boolean };
  /** The server offers tools. `listChanged` promises notifications a stateless server cannot send. */
  tools?: { listChanged?: boolean };
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

/** The params of `tools/list`. */
export interface PaginatedRequestParams extends RequestParams {
  /** Where to continue: a `nextCursor` the server gave before. */
  cursor?: Cursor;
}

/** Hints about a tool's behaviour (2025-03-26). Hints only: a client must not trust them blindly. */
export interface ToolAnnotations {
  /** A human-readable title. */
  title?: string;
  /** The tool does not change its environment. */
  readOnlyHint?: boolean;
  /** The tool may destroy or overwrite, rather than only add (meaningful when not read-only). */
  destructiveHint?: boolean;
  /** Calling it again with the same arguments changes nothing more. */
  idempotentHint?: boolean;
  /** The tool reaches beyond the server's own data, e.g. to the web. */
  openWorldHint?: boolean;
}

/** A JSON Schema object, as a tool's `inputSchema` or `outputSchema` carries it. */
export interface ObjectSchema {
  /** The dialect; 2020-12 when absent (2025-11-25). */
  $schema?: string;
  type: 'object';
  /**
   * The schema of each property: an object, as the specification types it. A JSON Schema boolean
   * subschema (`true`, `false`) is refused here: the specification's schema, and the TypeScript SDK's
   * client, reject a tool whose property schema is not an object.
   */
  properties?: { [key: string]: object };
  required?: string[];
  [key: string]: unknown;
}

/** A tool, as `tools/list` lists it. */
export interface Tool {
  /** The name a client calls it by. */
  name: string;
  /** A human-readable name (2025-06-18). */
  title?: string;
  /** What the tool does and when to call it, for the LLM. */
  description?: string;
  /** The JSON Schema of its arguments: always of type object. */
  inputSchema: ObjectSchema;
  /** The JSON Schema of its `structuredContent` (2025-06-18). */
  outputSchema?: ObjectSchema;
  /** Hints about its behaviour (2025-03-26). */
  annotations?: ToolAnnotations;
  /** Icons a client may show (2025-11-25). */
  icons?: Icon[];
  /** Metadata (2025-06-18). */
  _meta?: Meta;
}

/** The answer to `tools/list`. */
export interface ListToolsResult extends Result {
  /** The tools, in a stable order. */
  tools: Tool[];
  /** Where the next page starts, when there is one. */
  nextCursor?: Cursor;
}

/** The params of `tools/call`. */
export interface CallToolRequestParams extends RequestParams {
  /** The tool's name. */
  name: string;
  /** The arguments, an object that the tool's `inputSchema` describes. */
  arguments?: { [key: string]: unknown };
}

/** Who a piece of content is for. */
export type Role = 'user' | 'assistant';

/** Hints to a client about a piece of content. */
export interface Annotations {
  /** Who the content is for. */
  audience?: Role[];
  /** How important it is, from 0 (optional) to 1 (required). */
  priority?: number;
  /** When it last changed, as ISO 8601 (2025-06-18). */
  lastModified?: string;
}

/** Text for the LLM. */
export interface TextContent {
  type: 'text';
  /** The text. */
  text: string;
  /** Hints to the client. */
  annotations?: Annotations;
  /** Metadata. */
  _meta?: Meta;
}

/** An image, base64-encoded. */
export interface ImageContent {
  type: 'image';
  /** The image's bytes, base64-encoded. */
  data: string;
  /** Its MIME type, e.g. `image/png`. */
  mimeType: string;
  /** Hints to the client. */
  annotations?: Annotations;
  /** Metadata. */
  _meta?: Meta;
}

/** Audio, base64-encoded (2025-03-26). */
export interface AudioContent {
  type: 'audio';
  /** The audio's bytes, base64-encoded. */
  data: string;
  /** Its MIME type, e.g. `audio/wav`. */
  mimeType: string;
  /** Hints to the client. */
  annotations?: Annotations;
  /** Metadata. */
  _meta?: Meta;
}

/** A resource the server can read, as a list or a link shows it. */
export interface Resource {
  /** Its URI. */
  uri: string;
  /** Its programmatic name. */
  name: string;
  /** A human-readable name (2025-06-18). */
  title?: string;
  /** What it is. */
  description?: string;
  /** Its MIME type, when known. */
  mimeType?: string;
  /** Hints to the client. */
  annotations?: Annotations;
  /** Its size in bytes, before any encoding, when known. */
  size?: number;
  /** Icons a client may show (2025-11-25). */
  icons?: Icon[];
  /** Metadata. */
  _meta?: Meta;
}

/** A template of resources a server can read: every URI its RFC 6570 template expands to. */
export interface ResourceTemplate {
  /** The URI template (RFC 6570), e.g. `repo://docs/{+path}`. */
  uriTemplate: string;
  /** Its programmatic name. */
  name: string;
  /** A human-readable name (2025-06-18). */
  title?: string;
  /** What its resources are. */
  description?: string;
  /** The MIME type of all its resources, when they share one. */
  mimeType?: string;
  /** Hints to the client. */
  annotations?: Annotations;
  /** Icons a client may show (2025-11-25). */
  icons?: Icon[];
  /** Metadata (2025-06-18). */
  _meta?: Meta;
}

/** The answer to `resources/list`. */
export interface ListResourcesResult extends Result {
  /** The resources, in a stable order. */
  resources: Resource[];
  /** Where the next page starts, when there is one. */
  nextCursor?: Cursor;
}

/** The answer to `resources/templates/list`. */
export interface ListResourceTemplatesResult extends Result {
  /** The templates, in a stable order. */
  resourceTemplates: ResourceTemplate[];
  /** Where the next page starts, when there is one. */
  nextCursor?: Cursor;
}

/** The params of `resources/read`. */
export interface ReadResourceRequestParams extends RequestParams {
  /** The URI of the resource to read. */
  uri: string;
}

/** The answer to `resources/read`: one or more contents, text or bytes. */
export interface ReadResourceResult extends Result {
  /** The contents, e.g. the files of a directory read at once. */
  contents: (TextResourceContents | BlobResourceContents)[];
}

/** A link to a resource, in a tool's result (2025-06-18). */
export interface ResourceLink extends Resource {
  type: 'resource_link';
}

/** The text of a resource. */
export interface TextResourceContents {
  /** The resource's URI. */
  uri: string;
  /** Its MIME type, when known. */
  mimeType?: string;
  /** Its text. */
  text: string;
  /** Metadata. */
  _meta?: Meta;
}

/** The bytes of a resource, base64-encoded. */
export interface BlobResourceContents {
  /** The resource's URI. */
  uri: string;
  /** Its MIME type, when known. */
  mimeType?: string;
  /** Its bytes, base64-encoded. */
  blob: string;
  /** Metadata. */
  _meta?: Meta;
}

/** A resource's contents, embedded in a tool's result. */
export interface EmbeddedResource {
  type: 'resource';
  /** The contents: text or bytes. */
  resource: TextResourceContents | BlobResourceContents;
  /** Hints to the client. */
  annotations?: Annotations;
  /** Metadata. */
  _meta?: Meta;
}

/** One piece of a tool's result. */
export type ContentBlock =
  | TextContent
  | ImageContent
  | AudioContent
  | ResourceLink
  | EmbeddedResource;

/** The answer to `tools/call`. */
export interface CallToolResult extends Result {
  /** What the tool returned, for the LLM. */
  content: ContentBlock[];
  /**
   * The same as a JSON object that the tool's `outputSchema` describes (2025-06-18). 2026-07-28
   * allows any JSON value; a handshake-era answer carries an object only.
   */
  structuredContent?: { [key: string]: unknown };
  /** The call failed: the content says why, for the LLM to correct its call. */
  isError?: boolean;
}

// --- Prompts and completion ---

/** One argument of a prompt, as `prompts/list` lists it. */
export interface PromptArgument {
  /** The argument's name. */
  name: string;
  /** A human-readable name (2025-06-18). */
  title?: string;
  /** What the argument is for. */
  description?: string;
  /** Whether the argument must be given. */
  required?: boolean;
}

/** A prompt, as `prompts/list` lists it. */
export interface Prompt {
  /** The name a client gets it by. */
  name: string;
  /** A human-readable name (2025-06-18). */
  title?: string;
  /** What the prompt provides. */
  description?: string;
  /** The arguments that fill it in; all strings. */
  arguments?: PromptArgument[];
  /** Icons a client may show (2025-11-25). */
  icons?: Icon[];
  /** Metadata (2025-06-18). */
  _meta?: Meta;
}

/** The answer to `prompts/list`. */
export interface ListPromptsResult extends Result {
  /** The prompts, in a stable order. */
  prompts: Prompt[];
  /** Where the next page starts, when there is one. */
  nextCursor?: Cursor;
}

/** The params of `prompts/get`. */
export interface GetPromptRequestParams extends RequestParams {
  /** The prompt's name. */
  name: string;
  /** The values of its arguments: strings only. */
  arguments?: { [key: string]: string };
}

/** One message of a prompt. */
export interface PromptMessage {
  /** Who says it. */
  role: Role;
  /** What is said: text, an image, audio, a resource link or an embedded resource. */
  content: ContentBlock;
}

/** The answer to `prompts/get`. */
export interface GetPromptResult extends Result {
  /** What the prompt is, for this answer. */
  description?: string;
  /** The messages, in order. */
  messages: PromptMessage[];
}

/** A prompt, named in `completion/complete`. */
export interface PromptReference {
  type: 'ref/prompt';
  /** The prompt's name. */
  name: string;
  /** A human-readable name (2025-06-18). */
  title?: string;
}

/** A resource template, named in `completion/complete` by its URI template. */
export interface ResourceTemplateReference {
  type: 'ref/resource';
  /** The template's URI template, e.g. `file:///{path}`. */
  uri: string;
}

/** The params of `completion/complete`. */
export interface CompleteRequestParams extends RequestParams {
  /** The prompt or resource template whose argument is being filled in. */
  ref: PromptReference | ResourceTemplateReference;
  /** The argument, and what the user has typed of it so far. */
  argument: { name: string; value: string };
  /** The values of the other arguments, already filled in (2025-06-18). */
  context?: { arguments?: { [key: string]: string } };
}

/** The answer to `completion/complete`. */
export interface CompleteResult extends Result {
  completion: {
    /** The suggestions, best first: at most 100. */
    values: string[];
    /** How many suggestions there are in all, when more than were sent. */
    total?: number;
    /** Whether there are more suggestions than were sent. */
    hasMore?: boolean;
  };
}

/**
 * A field of an elicitation form: a string, a number, an integer, a boolean, an enum of strings,
 * or (2025-11-25) an array of enum strings. Forms are flat: no object fields.
 */
export interface ElicitationField {
  readonly type: 'string' | 'number' | 'integer' | 'boolean' | 'array';
  readonly title?: string;
  readonly description?: string;
  /** `enum`, `oneOf`, `minLength`, `maximum`, `format`, `default`, `items`, … */
  readonly [keyword: string]: unknown;
}

/** The schema of an elicitation form: an object of flat fields. */
export interface ElicitationSchema {
  readonly $schema?: string;
  readonly type: 'object';
  readonly properties: { readonly [name: string]: ElicitationField };
  readonly required?: readonly string[];
}

/** The params of `elicitation/create` in form mode: never ask for secrets so. */
export interface ElicitRequestFormParams<Schema extends ElicitationSchema = ElicitationSchema> {
  mode?: 'form';
  /** What the user is asked, and why. */
  message: string;
  /** The fields to fill in. */
  requestedSchema: Schema;
}

/** The params of `elicitation/create` in URL mode (2025-11-25): the user visits a page. */
export interface ElicitRequestURLParams {
  mode: 'url';
  /** Why the user should visit it. */
  message: string;
  /** The page. */
  url: string;
}

/** What the user did: submitted (`accept`), refused (`decline`) or dismissed (`cancel`). */
export type ElicitAction = 'accept' | 'decline' | 'cancel';

/** The client's answer to `elicitation/create`. */
export interface ElicitResult {
  action: ElicitAction;
  /** The form's values, when a form was accepted. */
  content?: { [key: string]: string | number | boolean | string[] };
}

/** The content of a sampled message: text, an image, audio, or (2025-11-25) tool use and results. */
export type SamplingContent =
  | TextContent
  | ImageContent
  | AudioContent
  | { type: 'tool_use' | 'tool_result'; [key: string]: unknown };

/** A message of `sampling/createMessage`, asked or answered. */
export interface SamplingMessage {
  role: Role;
  content: SamplingContent | SamplingContent[];
  _meta?: Meta;
}

/** The params of `sampling/createMessage`: messages for the client's LLM. */
export interface CreateMessageRequestParams {
  messages: SamplingMessage[];
  /** The most tokens to sample. */
  maxTokens: number;
  systemPrompt?: string;
  modelPreferences?: {
    hints?: { name?: string }[];
    costPriority?: number;
    speedPriority?: number;
    intelligencePriority?: number;
  };
  /** Other than `none`, it needs the client's `sampling.context`; deprecated. */
  includeContext?: 'none' | 'thisServer' | 'allServers';
  temperature?: number;
  stopSequences?: string[];
  metadata?: object;
  /** Tools the LLM may use (2025-11-25): they need the client's `sampling.tools`. */
  tools?: Tool[];
  toolChoice?: { mode?: 'auto' | 'required' | 'none' };
}

/** The client's answer to `sampling/createMessage`. */
export interface CreateMessageResult extends SamplingMessage {
  /** The model that answered. */
  model: string;
  /** Why it stopped, e.g. `endTurn`. */
  stopReason?: string;
}

/** A root of the client's: a directory or a file the server may work in. */
export interface Root {
  /** A `file://` URI. */
  uri: string;
  name?: string;
  _meta?: Meta;
}

/** The client's answer to `roots/list`. */
export interface ListRootsResult {
  roots: Root[];
}

/** A request a 2026-07-28 server asks its client to answer before it calls again. */
export type InputRequest =
  | { method: 'elicitation/create'; params: ElicitRequestFormParams | ElicitRequestURLParams }
  | { method: 'sampling/createMessage'; params: CreateMessageRequestParams }
  | { method: 'roots/list'; params?: { _meta?: Meta } };

/**
 * The answer of a 2026-07-28 `tools/call`, `prompts/get` or `resources/read` that needs input:
 * the client answers `inputRequests` and calls again with `inputResponses` and `requestState`.
 */
export interface InputRequiredResult extends Result {
  resultType: 'input_required';
  /** The requests to answer, by key. */
  inputRequests?: { [key: string]: InputRequest };
  /** To send back as it is. */
  requestState?: string;
}
