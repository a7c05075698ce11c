/**
 * What a prompt's `get()` returns, checked, and the result of `prompts/get` it is sent as.
 *
 * @module
 */
import { carriable, isObject } from '../jsonrpc.js';
import type { GetPromptResult, Meta, PromptMessage } from '../wire/types.js';

/**
 * What a prompt's `get()` may return: one user message's text, the messages, or the messages
 * with a description.
 */
export type PromptOutput =
  | string
  | PromptMessage[]
  | {
      /** What the prompt is, for this answer. */
      description?: string;
      /** The messages, in order. */
      messages: PromptMessage[];
      /** Metadata for the client. */
      _meta?: Meta;
    };

function invalidPrompt(name: string, problem: string): TypeError {
  return new TypeError(`${name}: get() ${problem}`);
}

// A message of get()'s output, checked: a role and a content block.
function checkMessage(name: string, message: unknown): void {
  if (
    !isObject(message) ||
    (message.role !== 'user' && message.role !== 'assistant') ||
    !isObject(message.content) ||
    typeof message.content.type !== 'string'
  ) {
    throw invalidPrompt(name, 'returned a message without a role (user or assistant) and content');
  }
}

/** @internal get()'s output, checked, as the result of prompts/get. */
export function resultOf(name: string, output: PromptOutput): GetPromptResult {
  if (typeof output === 'string') {
    return { messages: [{ role: 'user', content: { type: 'text', text: output } }] };
  }
  const { description, messages, _meta } = Array.isArray(output)
    ? { messages: output, description: undefined, _meta: undefined }
    : isObject(output)
      ? output
      : { messages: undefined, description: undefined, _meta: undefined };
  if (!Array.isArray(messages)) {
    throw invalidPrompt(name, 'must return a string, messages, or { messages }');
  }
  for (const message of messages) checkMessage(name, message);
  const result: GetPromptResult = { messages };
  if (description !== undefined) {
    if (typeof description !== 'string') {
      throw invalidPrompt(name, 'returned a description that is not a string');
    }
    result.description = description;
  }
  if (_meta !== undefined) result._meta = _meta;
  if (!carriable(result)) {
    throw invalidPrompt(name, 'returned what JSON cannot carry (a BigInt, a cycle)');
  }
  return result;
}
