/**
 * The stateless 2026-07-28 revision: its `_meta` keys, and the HTTP headers that mirror the body
 * (`Mcp-Method`, `Mcp-Name`, `Mcp-Param-*`), decoded and checked.
 *
 * @module
 */

import { isObject } from '../jsonrpc.js';
import { type HttpHeaders, header, versionHeader } from '../wire/http-headers.js';
import type { ClientCapabilities, LoggingLevel } from '../wire/types.js';

/** The `_meta` keys of the 2026-07-28 revision. */
export const META = {
  /** The request's protocol version: required on every request. */
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  /** The client's capabilities for this request: required; the only source of them. */
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  /** Who the client is: optional, for logs only. */
  clientInfo: 'io.modelcontextprotocol/clientInfo',
  /** The log level the client asks for: optional, deprecated. */
  logLevel: 'io.modelcontextprotocol/logLevel',
  /** Who the server is, on every result. */
  serverInfo: 'io.modelcontextprotocol/serverInfo',
} as const;

/** The log levels, from the least to the most severe (RFC 5424, as MCP names them). */
export const LOG_LEVELS: readonly LoggingLevel[] = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
];

const SENTINEL = /^=\?base64\?(.*)\?=$/;
// What a header value may hold (RFC 9110 §5.5, the transport's Value Encoding): visible ASCII,
// space and tab. Anything else, non-ASCII above all, comes base64-encoded, or not at all.
const FIELD_VALUE = /^[\t\x20-\x7e]*$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Decode a header that mirrors a body value: trimmed, and, when it is `=?base64?…?=` (how clients
 * send values that are not plain visible ASCII), its UTF-8 text decoded strictly. A raw value
 * with other characters (non-ASCII, as an HTTP stack hands over bytes past 0x7F, or control
 * characters) is refused, never compared: only the base64 form carries them.
 *
 * @param raw - The header's value.
 * @returns The value, or `undefined` when it holds characters a header may not carry, or
 * malformed base64.
 */
export function decodeHeaderValue(raw: string): string | undefined {
  if (!FIELD_VALUE.test(raw)) return undefined;
  const value = raw.trim();
  const encoded = SENTINEL.exec(value)?.[1];
  if (encoded === undefined) return value;
  if (!BASE64.test(encoded)) return undefined;
  try {
    const binary = atob(encoded);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return utf8.decode(bytes);
  } catch {
    return undefined;
  }
}

/** An argument that a client mirrors in an `Mcp-Param-<header>` header. */
export interface HeaderParameter {
  /** The argument's path in the arguments, e.g. `['region']`. */
  readonly path: readonly string[];
  /** The header's name after `Mcp-Param-`, as the schema declares it. */
  readonly header: string;
}

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const HEADER_TYPES = new Set(['string', 'integer', 'boolean']);

/**
 * Find and check the `x-mcp-header` annotations of a tool's arguments schema. Each must be a
 * non-empty HTTP token, unique whatever its case, on a string, integer or boolean property that
 * is reached from the root through `properties` only: clients drop a tool that breaks a rule, so
 * the server refuses it when the tool is registered.
 *
 * @param schema - The arguments schema.
 * @param toolName - The tool, for the error.
 * @returns The annotated arguments.
 * @throws TypeError - Naming the annotation that breaks a rule.
 */
export function headerParameters(schema: unknown, toolName: string): HeaderParameter[] {
  const found: HeaderParameter[] = [];
  const names = new Set<string>();
  const fail = (where: string, why: string): never => {
    throw new TypeError(`${toolName}: x-mcp-header at ${where || 'the root'} ${why}`);
  };
  const walk = (node: unknown, where: string, path: string[] | undefined): void => {
    if (Array.isArray(node)) {
      for (const [index, child] of node.entries()) walk(child, `${where}/${index}`, undefined);
      return;
    }
    if (!isObject(node)) return;
    if ('x-mcp-header' in node) {
      const name = node['x-mcp-header'];
      if (path === undefined || path.length === 0)
        fail(where, 'must be on a property reached through properties only');
      if (typeof name !== 'string' || !TOKEN.test(name))
        fail(where, 'must be a non-empty HTTP token');
      if (typeof node.type !== 'string' || !HEADER_TYPES.has(node.type)) {
        fail(where, 'must be on a string, integer or boolean property');
      }
      const key = (name as string).toLowerCase();
      if (names.has(key)) fail(where, `repeats the header name ${name as string}`);
      names.add(key);
      found.push({ path: path as string[], header: name as string });
    }
    for (const key of Object.keys(node)) {
      if (key === 'properties' && isObject(node.properties) && path !== undefined) {
        for (const name of Object.keys(node.properties)) {
          walk(node.properties[name], `${where}/properties/${name}`, [...path, name]);
        }
      } else if (key !== 'x-mcp-header') walk(node[key], `${where}/${key}`, undefined);
    }
  };
  walk(schema, '', []);
  return found;
}

const INVALID_CHARACTERS = 'has characters other than visible ASCII, space and tab.';

// Why decodeHeaderValue refused a value; run on the failure path only.
const undecodable = (raw: string) =>
  FIELD_VALUE.test(raw)
    ? 'is not valid base64.'
    : 'has characters other than visible ASCII, space and tab: send such a value as =?base64?<base64>?=.';

function valueAt(args: unknown, path: readonly string[]): unknown {
  let value = args;
  for (const key of path)
    value = isObject(value) && Object.hasOwn(value, key) ? value[key] : undefined;
  return value;
}

function matches(value: unknown, text: string): boolean {
  if (typeof value === 'string') return value === text;
  if (typeof value === 'boolean') return text === String(value);
  if (typeof value === 'number') {
    return Number.isSafeInteger(value) && /^[+-]?\d+(\.0*)?$/.test(text) && Number(text) === value;
  }
  return false;
}

/**
 * Check the `Mcp-Param-*` headers of a tool call against its arguments: an argument that is
 * present and not null needs its header, equal after decoding (integers compared as numbers, so
 * `42.0` is 42); an absent or null one must have none.
 *
 * @param parameters - The tool's annotated arguments.
 * @param args - The call's arguments.
 * @param headers - The request's headers.
 * @returns The first problem, as a sentence, or `undefined` when the headers match.
 */
export function checkParameterHeaders(
  parameters: readonly HeaderParameter[],
  args: unknown,
  headers: HttpHeaders,
): string | undefined {
  for (const { path, header: name } of parameters) {
    const raw = header(headers, `mcp-param-${name.toLowerCase()}`);
    const value = valueAt(args, path);
    if (value === undefined || value === null) {
      if (raw !== undefined) return `Mcp-Param-${name} is sent, but ${path.join('.')} is not.`;
      continue;
    }
    if (raw === undefined) return `Mcp-Param-${name} is required with ${path.join('.')}.`;
    const text = decodeHeaderValue(raw);
    if (text === undefined) return `Mcp-Param-${name} ${undecodable(raw)}`;
    if (!matches(value, text)) return `Mcp-Param-${name} does not match ${path.join('.')}.`;
  }
  return undefined;
}

/**
 * Whether a client declares every capability a request needs, keys nested as deep as the need.
 *
 * @param declared - The request's `clientCapabilities`.
 * @param required - What the request needs, e.g. `{ sampling: {} }`.
 * @returns True when nothing is missing.
 */
export function hasCapabilities(declared: unknown, required: ClientCapabilities): boolean {
  if (!isObject(declared)) return false;
  for (const [key, need] of Object.entries(required)) {
    if (!Object.hasOwn(declared, key) || !isObject(declared[key])) return false;
    if (isObject(need) && !hasCapabilities(declared[key], need)) return false;
  }
  return true;
}

// The methods whose body names what `Mcp-Name` must repeat, and where.
/**
 * Check the headers that route a 2026-07-28 request against its body: `MCP-Protocol-Version`
 * equals the `_meta` version, `Mcp-Method` the method (exactly: `TOOLS/LIST` is not
 * `tools/list`), and, for `tools/call`, `prompts/get` and `resources/read`, `Mcp-Name` the name or
 * URI, after decoding.
 *
 * @param headers - The request's headers.
 * @param method - The body's method.
 * @param params - The body's params.
 * @param version - The body's `_meta` protocol version.
 * @param field - The param that `Mcp-Name` mirrors, for a method that names one.
 * @returns The first problem, as a sentence, or `undefined` when the headers match.
 */
export function routingHeaderProblem(
  headers: HttpHeaders,
  method: string,
  params: unknown,
  version: unknown,
  field?: string,
): string | undefined {
  if (versionHeader(headers)?.trim() !== version) {
    return "MCP-Protocol-Version must equal _meta's protocol version.";
  }
  const routed = header(headers, 'mcp-method');
  if (routed === undefined) return 'Mcp-Method is required.';
  // Never base64: a method the header cannot carry as it is never matches.
  if (!FIELD_VALUE.test(routed)) return `Mcp-Method ${INVALID_CHARACTERS}`;
  if (routed.trim() !== method) return 'Mcp-Method must equal the method in the body.';
  if (field === undefined) return undefined;
  const named = header(headers, 'mcp-name');
  if (named === undefined) return `Mcp-Name is required for ${method}.`;
  const decoded = decodeHeaderValue(named);
  if (decoded === undefined) return `Mcp-Name ${undecodable(named)}`;
  if (!isObject(params) || decoded !== params[field]) {
    return `Mcp-Name must equal the ${field} in the body.`;
  }
  return undefined;
}

/**
 * Encode a value for a header that mirrors it, as a client does: as it is when it is plain
 * visible ASCII without edge spaces and does not look like the sentinel, else
 * `=?base64?<base64 of its UTF-8>?=`.
 *
 * @param value - The value, e.g. a tool's name.
 * @returns The header's value.
 */
export function encodeHeaderValue(value: string): string {
  if (/^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/.test(value) && !SENTINEL.test(value))
    return value;
  let binary = '';
  for (const byte of new TextEncoder().encode(value)) binary += String.fromCharCode(byte);
  return `=?base64?${btoa(binary)}?=`;
}
