/**
 * What each protocol version defines of what a tools server sends: the fields of a tool, of a
 * server's identity and capabilities, and of a tool's result, its content blocks included. Both
 * parties must respect the negotiated version, so each version receives only what its own schema
 * defines: a field it lacks is left out, a content block it lacks becomes a text block that says
 * what it was. Prompts and resources are shaped in `prompt-resource-shaping.ts`.
 *
 * @module
 */

import { isObject } from '../jsonrpc.js';
import type {
  CallToolResult,
  ContentBlock,
  Implementation,
  ServerCapabilities,
  Tool,
} from '../wire/types.js';
import {
  type Era,
  type HandshakeProtocolVersion,
  isHandshakeVersion,
  isModernVersion,
  LATEST_HANDSHAKE_VERSION,
  type ModernProtocolVersion,
} from './protocol-versions.js';

/** A protocol version a server speaks, of either era. */
export type ProtocolVersion = HandshakeProtocolVersion | ModernProtocolVersion;

/**
 * The version a request is answered in: a 2026-07-28 request's own, a handshake-era request's
 * `MCP-Protocol-Version` (or 2025-03-26 over HTTP without it, as routing decides), and, in-process
 * without headers, the latest of the handshake era.
 *
 * @param call - What routing learned of the request.
 * @returns Its version.
 */
export function versionOf(call: {
  readonly era: Era;
  readonly protocolVersion: string | undefined;
}): ProtocolVersion {
  const version = call.protocolVersion;
  if (call.era === 'modern') return isModernVersion(version) ? version : '2026-07-28';
  return isHandshakeVersion(version) ? version : LATEST_HANDSHAKE_VERSION;
}

// What a version defines; each set names an object's fields, as the version's schema.json does.
interface Profile {
  readonly version: ProtocolVersion;
  readonly tool: ReadonlySet<string>;
  /** `object` when an outputSchema must be of type object, as the handshake era's must. */
  readonly outputSchema: 'object' | 'any';
  readonly implementation: ReadonlySet<string>;
  readonly capabilities: ReadonlySet<string>;
  /** The content blocks, by type, and their fields. */
  readonly blocks: ReadonlyMap<string, ReadonlySet<string>>;
  /** The fields of a block's `annotations`. */
  readonly annotations: ReadonlySet<string>;
  /** The fields of an embedded resource's contents. */
  readonly contents: ReadonlySet<string>;
  /** Whether a result may carry `structuredContent`, and what kind. */
  readonly structuredContent: 'none' | 'object' | 'any';
}

// The fields of each object, each with the first version that has it when 2024-11-05 has it not,
// and the last when a later one dropped it: `title>2025-06-18`, `execution>2025-11-25<2025-11-25`.
// 2026-07-28 moved tasks, and with them a tool's `execution`, to an extension.
const TOOL =
  'name description inputSchema annotations>2025-03-26 title>2025-06-18 outputSchema>2025-06-18 _meta>2025-06-18 icons>2025-11-25 execution>2025-11-25<2025-11-25';
const IMPLEMENTATION =
  'name version title>2025-06-18 description>2025-11-25 websiteUrl>2025-11-25 icons>2025-11-25';
const CAPABILITIES =
  'experimental logging prompts resources tools completions>2025-03-26 tasks>2025-11-25<2025-11-25 extensions>2026-07-28';
// A block type, with the version that brought it, and its fields; from 2025-06-18 every block and
// resource contents may carry `_meta`.
const BLOCKS: Record<string, string> = {
  text: 'type text annotations _meta>2025-06-18',
  image: 'type data mimeType annotations _meta>2025-06-18',
  audio: '>2025-03-26 type data mimeType annotations _meta>2025-06-18',
  resource_link:
    '>2025-06-18 type uri name title description mimeType annotations size icons>2025-11-25 _meta',
  resource: 'type resource annotations _meta>2025-06-18',
};
const ANNOTATIONS = 'audience priority lastModified>2025-06-18';
const CONTENTS = 'uri mimeType text blob _meta>2025-06-18';
/** @internal The fields a version has of those a list names. */
export function fields(list: string, version: ProtocolVersion): Set<string> {
  const set = new Set<string>();
  for (const word of list.split(' ')) {
    const [name = '', since = '', until = version] = word.split(/[<>]/);
    if (since <= version && version <= until) set.add(name);
  }
  return set;
}

function profile(version: ProtocolVersion): Profile {
  const blocks = new Map<string, ReadonlySet<string>>();
  for (const [type, list] of Object.entries(BLOCKS)) {
    const keys = fields(list, version);
    // The block type's own version, if it has one, is the name ''.
    if (keys.delete('') || !list.startsWith('>')) blocks.set(type, keys);
  }
  return {
    version,
    tool: fields(TOOL, version),
    // A handshake client requires an outputSchema of type object.
    outputSchema: isModernVersion(version) ? 'any' : 'object',
    implementation: fields(IMPLEMENTATION, version),
    capabilities: fields(CAPABILITIES, version),
    blocks,
    annotations: fields(ANNOTATIONS, version),
    contents: fields(CONTENTS, version),
    // 2026-07-28's may be any JSON value.
    structuredContent:
      version < '2025-06-18' ? 'none' : isModernVersion(version) ? 'any' : 'object',
  };
}

/** @internal What a version defines, built on first use of each version, once. */
const profiles: Partial<Record<ProtocolVersion, Profile>> = {};
export const profileOf = (version: ProtocolVersion) => (profiles[version] ??= profile(version));

/**
 * @internal The fields of an object that a set names, or the object itself when it has no other:
 * most objects pass whole, and cost no copy (`for in` walks a plain object's keys without an array).
 */
export function pick<T extends object>(value: T, keys: ReadonlySet<string>): T {
  for (const key in value) {
    if (keys.has(key)) continue;
    const out: Record<string, unknown> = {};
    for (const kept of Object.keys(value)) {
      if (keys.has(kept)) out[kept] = (value as Record<string, unknown>)[kept];
    }
    return out as T;
  }
  return value;
}

/** @internal Each object of a list with the fields a set names: the list itself when none changes. */
export function pickEach<T extends object>(list: readonly T[], keys: ReadonlySet<string>): T[] {
  let out: T[] | undefined;
  for (let i = 0; i < list.length; i++) {
    const item = list[i] as T;
    const kept = isObject(item) ? pick(item, keys) : item;
    if (kept === item) continue;
    out ??= list.slice();
    out[i] = kept;
  }
  return out ?? (list as T[]);
}

const ANNOTATION_KEYS: ReadonlySet<string> = new Set([
  'title',
  'readOnlyHint',
  'destructiveHint',
  'idempotentHint',
  'openWorldHint',
]);

function shapeTool(definition: Tool, version: ProtocolVersion): Tool {
  const { tool: keys, outputSchema } = profileOf(version);
  const out: Record<string, unknown> = {};
  let changed = false;
  for (const key of Object.keys(definition)) {
    const value = (definition as unknown as Record<string, unknown>)[key];
    // A handshake client requires an outputSchema of type object: a tool whose output is of
    // another kind lists none, and its results carry their JSON as text only.
    const dropped =
      !keys.has(key) ||
      (key === 'outputSchema' &&
        outputSchema === 'object' &&
        !(isObject(value) && value.type === 'object'));
    if (dropped) {
      changed = true;
      continue;
    }
    const kept = key === 'annotations' && isObject(value) ? pick(value, ANNOTATION_KEYS) : value;
    if (kept !== value) changed = true;
    out[key] = kept;
  }
  return changed ? (Object.freeze(out) as unknown as Tool) : definition;
}

// Frozen definitions, shaped once per version: the lists answer from here.
const shapedDefinitions = new WeakMap<object, Map<ProtocolVersion, object>>();

/**
 * @internal A definition shaped for a version, once if it is frozen; one that is not may change,
 * and is shaped anew each time.
 */
export function shapedOnce<T extends object>(
  definition: T,
  version: ProtocolVersion,
  shape: (definition: T, version: ProtocolVersion) => T,
): T {
  if (!Object.isFrozen(definition)) return shape(definition, version);
  let byVersion = shapedDefinitions.get(definition);
  if (byVersion === undefined) {
    byVersion = new Map();
    shapedDefinitions.set(definition, byVersion);
  }
  let shaped = byVersion.get(version) as T | undefined;
  if (shaped === undefined) {
    shaped = shape(definition, version);
    byVersion.set(version, shaped);
  }
  return shaped;
}

/**
 * A tool's definition as a version defines it: the fields it lacks left out (2024-11-05 lists
 * name, description and inputSchema only), and, in the handshake era, an outputSchema that is not
 * of type object left out too. Shaped once per frozen definition and version.
 *
 * @param definition - The tool's definition, as `definition()` builds it.
 * @param version - The request's version.
 * @returns The definition for that version; the same object when nothing is left out.
 */
export function toolFor(definition: Tool, version: ProtocolVersion): Tool {
  return shapedOnce(definition, version, shapeTool);
}

/**
 * @internal An object with the fields a set names, and within it the annotations and embedded
 * contents the version defines: the object itself when nothing is left out.
 */
export function shapeObject<T extends object>(
  value: T,
  keys: ReadonlySet<string>,
  profile: Profile,
): T {
  let out = pick(value, keys) as Record<string, unknown>;
  const { annotations, resource } = out;
  if (isObject(annotations)) {
    const kept = pick(annotations, profile.annotations);
    if (kept !== annotations) out = { ...out, annotations: kept };
  }
  if (isObject(resource)) {
    const kept = pick(resource, profile.contents);
    if (kept !== resource) out = { ...out, resource: kept };
  }
  return out as T;
}

/**
 * A server's identity as a version defines it: `title` from 2025-06-18, `description`,
 * `websiteUrl` and `icons` from 2025-11-25.
 *
 * @param info - The server's identity.
 * @param version - The negotiated version.
 * @returns The fields the version defines.
 */
export function implementationFor(info: Implementation, version: ProtocolVersion): Implementation {
  return pick(info, profileOf(version).implementation);
}

/**
 * A server's capabilities as a version defines them: `completions` from 2025-03-26, `tasks` in
 * 2025-11-25 only, `extensions` from 2026-07-28.
 *
 * @param capabilities - The server's capabilities.
 * @param version - The negotiated version.
 * @returns The capabilities the version defines.
 */
export function capabilitiesFor(
  capabilities: ServerCapabilities,
  version: ProtocolVersion,
): ServerCapabilities {
  return pick(capabilities, profileOf(version).capabilities);
}

// The bytes base64 text encodes.
function decodedSize(data: unknown): number {
  if (typeof data !== 'string') return 0;
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((data.length * 3) / 4) - padding);
}

// What a block the version lacks was, as text for the LLM.
function describe(block: Record<string, unknown>, version: ProtocolVersion): string {
  const { type } = block;
  if (type === 'resource_link') {
    const name = typeof block.title === 'string' ? block.title : String(block.name);
    const mimeType = typeof block.mimeType === 'string' ? ` (${block.mimeType})` : '';
    const description =
      typeof block.description === 'string' && block.description !== ''
        ? `: ${block.description}`
        : '';
    return `[resource link: ${name} <${String(block.uri)}>${mimeType}${description}]`;
  }
  if (type === 'audio') {
    return `[audio (${String(block.mimeType)}, ${decodedSize(block.data)} bytes) not shown: protocol ${version} has no audio content]`;
  }
  return `[${String(type)} content not shown: protocol ${version} has no such content]`;
}

/** @internal A content block as a version defines it, or text that says what it was. */
export function shapeBlock(block: ContentBlock, profile: Profile): ContentBlock {
  if (!isObject(block)) return block;
  const keys = profile.blocks.get(block.type as string);
  if (keys === undefined) {
    const text: Record<string, unknown> = {
      type: 'text',
      text: describe(block, profile.version),
    };
    if (isObject(block.annotations))
      text.annotations = pick(block.annotations, profile.annotations);
    if (isObject(block._meta) && profile.blocks.get('text')?.has('_meta')) text._meta = block._meta;
    return text as unknown as ContentBlock;
  }
  return shapeObject(block, keys, profile);
}

/**
 * A tool's result as a version defines it. Each content block keeps the fields the version
 * defines; a block the version lacks (audio before 2025-03-26, a resource link before 2025-06-18)
 * becomes a text block that says what it was. `structuredContent` is left out before 2025-06-18,
 * and in the handshake era when it is not a JSON object, which is all that era can carry; a result
 * without content of its own carries the same JSON as text (see `MCPToolBase`).
 *
 * @param result - The tool's result.
 * @param version - The request's version.
 * @returns The result for that version; the same object when nothing changes.
 */
export function resultFor(result: CallToolResult, version: ProtocolVersion): CallToolResult {
  const shape = profileOf(version);
  let content = result.content;
  for (let i = 0; i < content.length; i++) {
    const block = content[i] as ContentBlock;
    const shaped = shapeBlock(block, shape);
    if (shaped === block) continue;
    if (content === result.content) content = content.slice();
    content[i] = shaped;
  }
  const structured = result.structuredContent;
  const dropStructured =
    structured !== undefined &&
    (shape.structuredContent === 'none' ||
      (shape.structuredContent === 'object' && !isObject(structured)));
  if (content === result.content && !dropStructured) return result;
  const out: CallToolResult = { ...result, content };
  if (dropStructured) delete out.structuredContent;
  return out;
}
