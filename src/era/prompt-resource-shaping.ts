/**
 * What each protocol version defines of the prompts and resources a server lists and sends: the
 * fields of a prompt and its arguments, of a resource and a template, of a resource's contents, and
 * a prompt's messages, whose content blocks are shaped as a tool's are.
 *
 * @module
 */

import type {
  BlobResourceContents,
  GetPromptResult,
  Prompt,
  Resource,
  ResourceTemplate,
  TextResourceContents,
} from '../wire/types.js';
import type { Era } from './protocol-versions.js';
import {
  fields,
  type ProtocolVersion,
  pick,
  pickEach,
  profileOf,
  shapeBlock,
  shapedOnce,
  shapeObject,
  versionOf,
} from './version-shaping.js';

const PROMPT = 'name description arguments title>2025-06-18 _meta>2025-06-18 icons>2025-11-25';
const ARGUMENT = 'name description required title>2025-06-18';
// What a resource and a template share.
const DESCRIBED =
  'name description mimeType annotations title>2025-06-18 _meta>2025-06-18 icons>2025-11-25';

// The fields of what prompts and resources list, apart from the profile, so that a bundle
// without them leaves them out.
interface Listed {
  readonly prompt: ReadonlySet<string>;
  readonly argument: ReadonlySet<string>;
  readonly resource: ReadonlySet<string>;
  readonly template: ReadonlySet<string>;
}

// The first version that defines every field the lists and reads of prompts and resources carry:
// from it on they are sent as built, at no cost on a request's path (what the base classes build
// holds no other field; a hand-written definition is the developer's to keep so).
const WHOLE = '2025-11-25';

/**
 * @internal The version a request's prompts and resources are shaped for, or `undefined` when
 * they are sent as built: in 2025-11-25 and later, as most requests are, in a comparison or two.
 */
export function listsFor(call: {
  readonly era: Era;
  readonly protocolVersion: string | undefined;
}): ProtocolVersion | undefined {
  const version = call.protocolVersion;
  return typeof version === 'string' && version < WHOLE && call.era !== 'modern'
    ? versionOf(call)
    : undefined;
}

const listed: Partial<Record<ProtocolVersion, Listed>> = {};
const listedOf = (version: ProtocolVersion) =>
  (listed[version] ??= {
    prompt: fields(PROMPT, version),
    argument: fields(ARGUMENT, version),
    resource: fields(`uri size ${DESCRIBED}`, version),
    template: fields(`uriTemplate ${DESCRIBED}`, version),
  });

function shapePrompt(prompt: Prompt, version: ProtocolVersion): Prompt {
  const keys = listedOf(version);
  const out = pick(prompt, keys.prompt);
  const { arguments: listed } = out;
  const kept = listed && pickEach(listed, keys.argument);
  return kept === listed ? out : { ...out, arguments: kept! };
}

const shapeResource = (resource: Resource, version: ProtocolVersion) =>
  shapeObject(resource, listedOf(version).resource, profileOf(version));
const shapeTemplate = (template: ResourceTemplate, version: ProtocolVersion) =>
  shapeObject(template, listedOf(version).template, profileOf(version));

/**
 * @internal A prompt's definition as a version defines it: `title` and `_meta` (its arguments'
 * `title` too) from 2025-06-18, `icons` from 2025-11-25.
 */
export function promptFor(definition: Prompt, version: ProtocolVersion | undefined): Prompt {
  return version === undefined ? definition : shapedOnce(definition, version, shapePrompt);
}

/**
 * @internal A resource as a version lists it: `title` and `_meta` from 2025-06-18, `icons` from
 * 2025-11-25, and the annotations it defines (`lastModified` from 2025-06-18).
 */
export function resourceFor(resource: Resource, version: ProtocolVersion | undefined): Resource {
  return version === undefined ? resource : shapedOnce(resource, version, shapeResource);
}

/** @internal A resource template as a version lists it, as {@link resourceFor} shapes a resource. */
export function templateFor(
  template: ResourceTemplate,
  version: ProtocolVersion | undefined,
): ResourceTemplate {
  return version === undefined ? template : shapedOnce(template, version, shapeTemplate);
}

/** @internal The contents of `resources/read` as a version defines them: `_meta` from 2025-06-18. */
export function contentsFor(
  contents: (TextResourceContents | BlobResourceContents)[],
  version: ProtocolVersion | undefined,
): (TextResourceContents | BlobResourceContents)[] {
  return version === undefined ? contents : pickEach(contents, profileOf(version).contents);
}

const MESSAGE: ReadonlySet<string> = new Set(['role', 'content']);

/**
 * @internal A prompt's result as a version defines it: each message's content block shaped as
 * {@link resultFor} shapes a tool's (audio before 2025-03-26 and a resource link before
 * 2025-06-18 become text that says what they were).
 */
export function promptResultFor(
  result: GetPromptResult,
  version: ProtocolVersion,
): GetPromptResult {
  const shape = profileOf(version);
  let messages = result.messages;
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i]!;
    const content = shapeBlock(message.content, shape);
    const kept = pick(message, MESSAGE);
    if (content === message.content && kept === message) continue;
    if (messages === result.messages) messages = messages.slice();
    messages[i] = { ...kept, content };
  }
  return messages === result.messages ? result : { ...result, messages };
}
