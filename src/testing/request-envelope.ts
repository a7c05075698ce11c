/**
 * What a test client adds to each message, as a real client of its version does: the `_meta` of a
 * 2026-07-28 request, and the HTTP headers of its era.
 *
 * @module
 */
import { encodeHeaderValue, type HeaderParameter, META } from '../era/modern-revision.js';
import { isHandshakeVersion, isModernVersion } from '../era/protocol-versions.js';
import { isObject } from '../jsonrpc.js';
import type { TestClientOptions } from './test-client-options.js';

/**
 * A request's params, with the `_meta` of its era: every request asks for progress, by its id.
 *
 * @param options - The client's options: its version, and what a 2026-07-28 request declares.
 * @param params - The params as the test gave them.
 * @param id - The request's id; none for a notification.
 * @returns The message's `params`, left out when there are none.
 */
export function paramsOfEra(
  options: TestClientOptions,
  params: object | undefined,
  id?: number,
): { params?: object } {
  const meta: Record<string, unknown> = {};
  if (id !== undefined) meta.progressToken = id;
  if (isModernVersion(options.protocolVersion)) {
    const { protocolVersion, clientCapabilities = {}, clientInfo, logLevel = 'debug' } = options;
    meta[META.protocolVersion] = protocolVersion;
    meta[META.clientCapabilities] = clientCapabilities;
    if (clientInfo !== undefined) meta[META.clientInfo] = clientInfo;
    if (id !== undefined) meta[META.logLevel] = logLevel;
  }
  if (Object.keys(meta).length === 0) return params === undefined ? {} : { params };
  const given = (params as { _meta?: object } | undefined)?._meta;
  return { params: { ...params, _meta: { ...given, ...meta } } };
}

/**
 * The headers a real client sends: after a handshake, the version it negotiated; in 2026-07-28,
 * the routing headers too, `Mcp-Param-*` from the tools' listed schemas.
 *
 * @param options - The client's options: its version.
 * @param method - The message's method.
 * @param params - Its params as the test gave them.
 * @param parametersOf - The header parameters of a tool, as its listed schema marks them.
 * @returns The headers, lower-case, or `undefined` when there are none.
 */
export async function headersOfEra(
  options: TestClientOptions,
  method: string,
  params: object | undefined,
  parametersOf: (tool: string) => Promise<readonly HeaderParameter[]>,
): Promise<Record<string, string> | undefined> {
  const version = options.protocolVersion;
  if (!isModernVersion(version)) {
    return !isHandshakeVersion(version) || method === 'initialize'
      ? undefined
      : { 'mcp-protocol-version': version };
  }
  const headers: Record<string, string> = {
    'mcp-protocol-version': version,
    'mcp-method': method,
  };
  const {
    name,
    uri,
    arguments: args,
  } = (params ?? {}) as { name?: unknown; uri?: unknown; arguments?: unknown };
  if (method === 'resources/read' && typeof uri === 'string') {
    headers['mcp-name'] = encodeHeaderValue(uri);
  }
  if (method === 'prompts/get' && typeof name === 'string') {
    headers['mcp-name'] = encodeHeaderValue(name);
  }
  if (method === 'tools/call' && typeof name === 'string') {
    headers['mcp-name'] = encodeHeaderValue(name);
    for (const { path, header } of await parametersOf(name)) {
      let value: unknown = args;
      for (const key of path) value = isObject(value) ? value[key] : undefined;
      if (value !== undefined && value !== null) {
        headers[`mcp-param-${header.toLowerCase()}`] = encodeHeaderValue(String(value));
      }
    }
  }
  return headers;
}
