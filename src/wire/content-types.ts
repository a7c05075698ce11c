/**
 * The wire types of tools, their content, and resources: written by hand in the style of the
 * specification's own `schema.ts`. Imported through `types.ts`.
 *
 * @module
 */
import type { Cursor, Icon, Meta, RequestParams, Result } from './message-types.js';

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
  /** Always `object`: arguments and structured results are objects. */
  type: 'object';
  /**
   * The schema of each property: an object, as the specification types it. A JSON Schema boolean
   * subschema (`true`, `false`) is refused here: the specification's schema, and the TypeScript SDK's
   * client, reject a tool whose property schema is not an object.
   */
  properties?: { [key: string]: object };
  /** The properties that must be present. */
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
  /** Marks a text block. */
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
  /** Marks an image block. */
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
  /** Marks an audio block. */
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
  /** Marks a link to a resource, which the client reads if it wants. */
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
  /** Marks a resource whose contents come along. */
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
