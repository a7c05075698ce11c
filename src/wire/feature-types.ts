/**
 * The wire types of prompts, completion, and 2026-07-28's input requests: written by hand in the
 * style of the specification's own `schema.ts`. Imported through `types.ts`.
 *
 * @module
 */

import type {
  AudioContent,
  ContentBlock,
  ImageContent,
  Role,
  TextContent,
  Tool,
} from './content-types.js';
import type { Cursor, Icon, Meta, RequestParams, Result } from './message-types.js';

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
  /** Marks a reference to a prompt. */
  type: 'ref/prompt';
  /** The prompt's name. */
  name: string;
  /** A human-readable name (2025-06-18). */
  title?: string;
}

/** A resource template, named in `completion/complete` by its URI template. */
export interface ResourceTemplateReference {
  /** Marks a reference to a resource template. */
  type: 'ref/resource';
  /** The template's URI template, e.g. `file:///{path}`. */
  uri: string;
}

/** The params of `completion/complete`. */
export interface CompleteRequestParams extends RequestParams {
  /** The prompt or resource template whose argument is being filled in. */
  ref: PromptReference | ResourceTemplateReference;
  /** The argument, and what the user has typed of it so far. */
  argument: {
    /** The argument's name. */
    name: string;
    /** What the user has typed so far, to match suggestions against. */
    value: string;
  };
  /** What else is known for completing it (2025-06-18). */
  context?: {
    /** The values of the other arguments or template variables, already filled in. */
    arguments?: { [key: string]: string };
  };
}

/** The answer to `completion/complete`. */
export interface CompleteResult extends Result {
  /** The suggestions for the argument. */
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
  /** The field's type: `array` (2025-11-25) for a choice of several enum strings. */
  readonly type: 'string' | 'number' | 'integer' | 'boolean' | 'array';
  /** The field's label. */
  readonly title?: string;
  /** What to fill in, for the user. */
  readonly description?: string;
  /** `enum`, `oneOf`, `minLength`, `maximum`, `format`, `default`, `items`, … */
  readonly [keyword: string]: unknown;
}

/** The schema of an elicitation form: an object of flat fields. */
export interface ElicitationSchema {
  /** The JSON Schema dialect (2025-11-25). */
  readonly $schema?: string;
  /** Always `object`: a form is an object of fields. */
  readonly type: 'object';
  /** The fields, by name. */
  readonly properties: { readonly [name: string]: ElicitationField };
  /** The fields the user must fill in. */
  readonly required?: readonly string[];
}

/** The params of `elicitation/create` in form mode: never ask for secrets so. */
export interface ElicitRequestFormParams<Schema extends ElicitationSchema = ElicitationSchema> {
  /** Form mode, the default when absent (2025-11-25). */
  mode?: 'form';
  /** What the user is asked, and why. */
  message: string;
  /** The fields to fill in. */
  requestedSchema: Schema;
}

/** The params of `elicitation/create` in URL mode (2025-11-25): the user visits a page. */
export interface ElicitRequestURLParams {
  /** URL mode. */
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
  /** What the user did. */
  action: ElicitAction;
  /** The form's values, when a form was accepted. */
  content?: { [key: string]: string | number | boolean | string[] };
}

/** The content of a sampled message: text, an image, audio, or (2025-11-25) tool use and results. */
export type SamplingContent =
  | TextContent
  | ImageContent
  | AudioContent
  | {
      /** The LLM's call of a tool, or that call's result. */
      type: 'tool_use' | 'tool_result';
      [key: string]: unknown;
    };

/** A message of `sampling/createMessage`, asked or answered. */
export interface SamplingMessage {
  /** Who speaks: the user or the LLM. */
  role: Role;
  /** What is said: one block, or several (2025-11-25). */
  content: SamplingContent | SamplingContent[];
  /** Metadata (2025-11-25). */
  _meta?: Meta;
}

/** The params of `sampling/createMessage`: messages for the client's LLM. */
export interface CreateMessageRequestParams {
  /** The conversation so far. */
  messages: SamplingMessage[];
  /** The most tokens to sample. */
  maxTokens: number;
  /** A system prompt the server asks for, which the client may change or leave out. */
  systemPrompt?: string;
  /** How the server would have the client choose a model: advice, which the client may ignore. */
  modelPreferences?: {
    /** Names to match models by, the first match winning; they come before the priorities. */
    hints?: {
      /** A model name or part of one, e.g. `sonnet`; a client may map it to a similar model. */
      name?: string;
    }[];
    /** How much a low cost matters, from 0 (not at all) to 1 (most). */
    costPriority?: number;
    /** How much a fast answer matters, from 0 (not at all) to 1 (most). */
    speedPriority?: number;
    /** How much a capable model matters, from 0 (not at all) to 1 (most). */
    intelligencePriority?: number;
  };
  /** Other than `none`, it needs the client's `sampling.context`; deprecated. */
  includeContext?: 'none' | 'thisServer' | 'allServers';
  /** The sampling temperature. */
  temperature?: number;
  /** Sequences that end the sampling. */
  stopSequences?: string[];
  /** Passed to the LLM provider as it is, in the provider's format. */
  metadata?: object;
  /** Tools the LLM may use (2025-11-25): they need the client's `sampling.tools`. */
  tools?: Tool[];
  /** How the LLM may use the tools (2025-11-25); `auto` when absent. */
  toolChoice?: {
    /** `auto`: the LLM decides; `required`: it must call a tool; `none`: it must not. */
    mode?: 'auto' | 'required' | 'none';
  };
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
  /** A human-readable name for it. */
  name?: string;
  /** Metadata (2025-06-18). */
  _meta?: Meta;
}

/** The client's answer to `roots/list`. */
export interface ListRootsResult {
  /** The roots. */
  roots: Root[];
}

/** A request a 2026-07-28 server asks its client to answer before it calls again. */
export type InputRequest =
  | {
      /** Ask the user, through a form or a page. */
      method: 'elicitation/create';
      /** The form or the page, and why. */
      params: ElicitRequestFormParams | ElicitRequestURLParams;
    }
  | {
      /** Sample the client's LLM. */
      method: 'sampling/createMessage';
      /** The messages, and how to sample. */
      params: CreateMessageRequestParams;
    }
  | {
      /** List the client's roots. */
      method: 'roots/list';
      /** Nothing but metadata. */
      params?: {
        /** Metadata. */
        _meta?: Meta;
      };
    };

/**
 * The answer of a 2026-07-28 `tools/call`, `prompts/get` or `resources/read` that needs input:
 * the client answers `inputRequests` and calls again with `inputResponses` and `requestState`.
 */
export interface InputRequiredResult extends Result {
  /** Marks a result that asks for input, not the method's own result. */
  resultType: 'input_required';
  /** The requests to answer, by key. */
  inputRequests?: { [key: string]: InputRequest };
  /** To send back as it is. */
  requestState?: string;
}
