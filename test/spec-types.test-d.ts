/**
 * Compile-time checks of our hand-written wire types (`src/wire/types.ts`) against the MCP
 * specification's own types, as the official TypeScript SDK ships them. Checked by
 * `tsc -p tsconfig.test.json`; never run (the runtime runner matches `.test.ts` only).
 *
 * Which spec: `@modelcontextprotocol/sdk` 1.32.2, `dist/esm/spec.types.d.ts`, whose header says it
 * was pulled from `schema/draft/schema.ts` of modelcontextprotocol/modelcontextprotocol at commit
 * 35fa160caf287a9c48696e3ae452c0645c713669 (2025-12-02, "Correct LATEST_PROTOCOL_VERSION"); its
 * `LATEST_PROTOCOL_VERSION` is "DRAFT-2026-v1". At that commit the draft schema is the 2025-11-25
 * schema but for that constant and documentation links, so these checks are, in effect, against
 * 2025-11-25. (Later drafts, e.g. 2026-07-28, widen `Tool.inputSchema` to any JSON Schema object and
 * `CallToolResult.structuredContent` to `unknown`, and make `clientInfo` optional; the tripwire at
 * the end fails when the SDK's copy moves on, so that this comment and the checks are read again.)
 *
 * Direction matters:
 * - what our server SENDS must be assignable to the spec's type (a client typed by the spec accepts
 *   it);
 * - what it RECEIVES, as the spec types it, must be assignable to ours (we accept whatever a
 *   conforming client sends).
 *
 * The one deliberate difference: our `JSONRPCError` may carry `id: null`, see below.
 *
 * The specifier `@modelcontextprotocol/sdk/spec.types.js` goes through the package's `./*` export:
 * under `module: NodeNext`, TypeScript finds no `spec.types.js.d.ts` for the `types` condition and
 * resolves the `import` condition's `dist/esm/spec.types.js` to its sibling `spec.types.d.ts`.
 */
import type * as Spec from '@modelcontextprotocol/sdk/spec.types.js';
import type * as Ours from '../src/index.js';

/** `true` when A is assignable to B. Not distributive: a union passes only if every member does. */
type Assignable<A, B> = [A] extends [B] ? true : false;
/** `true` when X and Y are the same type. */
type Equal<X, Y> =
  (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? true : false;

// The helper itself: a mismatch is `false`, and `true` is not assignable to it.
// @ts-expect-error -- a string is not a number.
export const helperSelfTest: Assignable<{ a: string }, { a: number }> = true;
// @ts-expect-error -- a union passes only if every member does.
export const helperUnionSelfTest: Assignable<string | number, string> = true;

// The primitives are the same types.
export const primitives: [
  Equal<Ours.RequestId, Spec.RequestId>,
  Equal<Ours.ProgressToken, Spec.ProgressToken>,
  Equal<Ours.Cursor, Spec.Cursor>,
  Equal<Ours.Role, Spec.Role>,
  Equal<Ours.JSONRPCVersion, typeof Spec.JSONRPC_VERSION>,
] = [true, true, true, true, true];

// --- What the server SENDS: ours must be assignable to the spec's. ---------------------------

export const sent: {
  initializeResult: Assignable<Ours.InitializeResult, Spec.InitializeResult>;
  listToolsResult: Assignable<Ours.ListToolsResult, Spec.ListToolsResult>;
  tool: Assignable<Ours.Tool, Spec.Tool>;
  inputSchema: Assignable<Ours.ObjectSchema, Spec.Tool['inputSchema']>;
  outputSchema: Assignable<Ours.ObjectSchema, NonNullable<Spec.Tool['outputSchema']>>;
  toolAnnotations: Assignable<Ours.ToolAnnotations, Spec.ToolAnnotations>;
  icon: Assignable<Ours.Icon, Spec.Icon>;
  implementation: Assignable<Ours.Implementation, Spec.Implementation>;
  serverCapabilities: Assignable<Ours.ServerCapabilities, Spec.ServerCapabilities>;
  callToolResult: Assignable<Ours.CallToolResult, Spec.CallToolResult>;
  emptyResult: Assignable<Ours.EmptyResult, Spec.EmptyResult>;
  contentBlock: Assignable<Ours.ContentBlock, Spec.ContentBlock>;
  textContent: Assignable<Ours.TextContent, Spec.TextContent>;
  imageContent: Assignable<Ours.ImageContent, Spec.ImageContent>;
  audioContent: Assignable<Ours.AudioContent, Spec.AudioContent>;
  resourceLink: Assignable<Ours.ResourceLink, Spec.ResourceLink>;
  embeddedResource: Assignable<Ours.EmbeddedResource, Spec.EmbeddedResource>;
  resource: Assignable<Ours.Resource, Spec.Resource>;
  textResourceContents: Assignable<Ours.TextResourceContents, Spec.TextResourceContents>;
  blobResourceContents: Assignable<Ours.BlobResourceContents, Spec.BlobResourceContents>;
  annotations: Assignable<Ours.Annotations, Spec.Annotations>;
  resultResponse: Assignable<Ours.JSONRPCResultResponse, Spec.JSONRPCResultResponse>;
  initializeResponse: Assignable<
    Ours.JSONRPCResultResponse<Ours.InitializeResult>,
    Spec.JSONRPCResultResponse
  >;
  callToolResponse: Assignable<
    Ours.JSONRPCResultResponse<Ours.CallToolResult>,
    Spec.JSONRPCResultResponse
  >;
  errorObject: Assignable<Ours.ErrorObject, Spec.Error>;
  // Everything in an error response but a null id fits the spec.
  errorResponseWithId: Assignable<
    Ours.JSONRPCError & { id: Ours.RequestId },
    Spec.JSONRPCErrorResponse
  >;
} = {
  initializeResult: true,
  listToolsResult: true,
  tool: true,
  inputSchema: true,
  outputSchema: true,
  toolAnnotations: true,
  icon: true,
  implementation: true,
  serverCapabilities: true,
  callToolResult: true,
  emptyResult: true,
  contentBlock: true,
  textContent: true,
  imageContent: true,
  audioContent: true,
  resourceLink: true,
  embeddedResource: true,
  resource: true,
  textResourceContents: true,
  blobResourceContents: true,
  annotations: true,
  resultResponse: true,
  initializeResponse: true,
  callToolResponse: true,
  errorObject: true,
  errorResponseWithId: true,
};

// The deliberate difference. JSON-RPC 2.0 (section 5) requires an error response to carry `id`, and
// `null` when the request's id could not be read (a parse error, an invalid request, a batch refused
// as a whole); the server sends exactly that. The spec types `id?: RequestId`, which forbids null
// and omits the id instead. Ours keeps null, as JSON-RPC requires.
// @ts-expect-error -- our JSONRPCError allows `id: null`; the spec's JSONRPCErrorResponse does not.
export const errorResponse: Assignable<Ours.JSONRPCError, Spec.JSONRPCErrorResponse> = true;

// --- What the server RECEIVES: the spec's must be assignable to ours. ------------------------

export const received: {
  requestParams: Assignable<Spec.RequestParams, Ours.RequestParams>;
  initializeRequestParams: Assignable<Spec.InitializeRequestParams, Ours.InitializeRequestParams>;
  clientCapabilities: Assignable<Spec.ClientCapabilities, Ours.ClientCapabilities>;
  clientInfo: Assignable<Spec.Implementation, Ours.Implementation>;
  paginatedRequestParams: Assignable<Spec.PaginatedRequestParams, Ours.PaginatedRequestParams>;
  callToolRequestParams: Assignable<Spec.CallToolRequestParams, Ours.CallToolRequestParams>;
  request: Assignable<Spec.JSONRPCRequest, Ours.JSONRPCRequest>;
  notification: Assignable<Spec.JSONRPCNotification, Ours.JSONRPCNotification>;
  // A client's messages, but for an error response without an id (the same difference as above).
  messages: Assignable<
    Spec.JSONRPCRequest | Spec.JSONRPCNotification | Spec.JSONRPCResultResponse,
    Ours.JSONRPCMessage
  >;
} = {
  requestParams: true,
  initializeRequestParams: true,
  clientCapabilities: true,
  clientInfo: true,
  paginatedRequestParams: true,
  callToolRequestParams: true,
  request: true,
  notification: true,
  messages: true,
};

// A known limitation, of TypeScript's typing and not of the wire. The spec's whole requests and
// notifications (`CallToolRequest`, `InitializedNotification`, ...) type their params as interfaces,
// which have no index signature; the params of our generic `JSONRPCRequest` and
// `JSONRPCNotification` are open records of `unknown`, and TypeScript lets no interface into one.
// (The spec's own generic params are `{ [key: string]: any }`, which admits them and reads as `any`.)
// Each such message is still one of ours on the wire: its envelope and its params pass separately
// above. A value typed by the spec needs a cast to ours. When this starts to pass, drop the line.
// @ts-expect-error -- a spec-typed whole request is not assignable to our generic JSONRPCRequest.
export const wholeRequests: Assignable<
  Spec.InitializeRequest | Spec.PingRequest | Spec.ListToolsRequest | Spec.CallToolRequest,
  Ours.JSONRPCRequest
> = true;
// @ts-expect-error -- likewise for a spec-typed whole notification.
export const wholeNotifications: Assignable<
  Spec.InitializedNotification | Spec.CancelledNotification,
  Ours.JSONRPCNotification
> = true;

// --- Tripwire: the spec copy these checks were written against. ------------------------------
// When the SDK ships a newer draft, this fails: re-read the header and the checks, then update it.
export const specVersion: Equal<typeof Spec.LATEST_PROTOCOL_VERSION, 'DRAFT-2026-v1'> = true;
