/**
 * The wire types of prompts, completion, and 2026-07-28's input requests: written by hand in the
 * style of the specification's own `schema.ts`. Imported through `types.ts`.
 *
 * @module
 */
import type { Cursor, Icon, Meta, RequestParams, Result } from './types.js';
import type {
  AudioContent,
  ContentBlock,
  ImageContent,
  Role,
  TextContent,
  Tool,
} from './types-content.js';

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
