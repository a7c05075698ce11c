/**
 * The methods every server has, for the registry: the handshake's `initialize`, `ping` and
 * `logging/setLevel`, and 2026-07-28's `server/discover`.
 *
 * @module
 */

import { LOG_LEVELS } from '../era/modern-revision.js';
import {
  isHandshakeVersion,
  LATEST_HANDSHAKE_VERSION,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '../era/protocol-versions.js';
import { capabilitiesFor, implementationFor } from '../era/version-shaping.js';
import { ErrorCode, isObject } from '../jsonrpc.js';
import type { EmptyResult, InitializeResult, Result, ServerCapabilities } from '../wire/types.js';
import { ProtocolError } from './errors.js';
import { cacheHint, capabilityTests, type Method } from './method-registry.js';
import type { CacheHint, ServerCore } from './server-contract.js';

/** @internal What the methods every server has ask of it: its answers to them. */
export interface HandshakeServer extends ServerCore {
  initialize(params: Record<string, unknown>): InitializeResult;
  ping(): EmptyResult;
  discover(): Result;
  capabilities(protocolVersion?: string): ServerCapabilities;
  instructions(): string;
}

/** How long `server/discover` may be kept by default: an hour, by anyone. */
export const PUBLIC_ONE_HOUR: CacheHint = Object.freeze({ ttlMs: 3_600_000, cacheScope: 'public' });

/** The methods every server has. */
export const CORE_METHODS: Readonly<Record<string, Method<HandshakeServer>>> = {
  initialize: {
    era: 'handshake',
    // 2026-07-28 has no handshake: say which versions would have one.
    otherEra: { supported: SUPPORTED_PROTOCOL_VERSIONS },
    run: (server, params) => server.initialize(params),
  },
  ping: { era: 'handshake', run: (server) => server.ping() },
  'logging/setLevel': {
    era: 'handshake',
    capability: 'logging',
    has: () => true,
    run(_server, { level }) {
      if (!(LOG_LEVELS as readonly unknown[]).includes(level)) {
        throw new ProtocolError(
          ErrorCode.InvalidParams,
          `level must be one of ${LOG_LEVELS.join(', ')}.`,
        );
      }
      // Nothing to keep it in: each request's own level applies (see logLevel).
      return {};
    },
  },
  'server/discover': {
    era: 'modern',
    cache: (server) => cacheHint(server, 'discoverCache', server.discoverCache, PUBLIC_ONE_HOUR),
    run: (server) => server.discover(),
  },
};

/**
 * @internal What a server can do: each capability of its registries' methods that it has, those
 * the handshake's version does not know yet left out.
 */
export function capabilitiesOf(server: ServerCore, protocolVersion?: string): ServerCapabilities {
  const capabilities: ServerCapabilities = {};
  for (const { capability, since, has } of capabilityTests(server)) {
    if (since !== undefined && protocolVersion !== undefined && protocolVersion < since) continue;
    // Once a capability is there, another method's test cannot take it away: not run again.
    if (capabilities[capability] === undefined && has(server as never)) {
      capabilities[capability] = {};
    }
  }
  return capabilities;
}

/** @internal The answer to `initialize`: the version, capabilities, identity and instructions. */
export function initializeResult(
  server: HandshakeServer,
  params: Record<string, unknown>,
): InitializeResult {
  const requested = params.protocolVersion;
  if (typeof requested !== 'string') {
    throw new ProtocolError(ErrorCode.InvalidParams, 'protocolVersion must be a string.');
  }
  for (const field of ['capabilities', 'clientInfo']) {
    if (params[field] !== undefined && !isObject(params[field])) {
      throw new ProtocolError(ErrorCode.InvalidParams, `${field} must be an object.`);
    }
  }
  const version = isHandshakeVersion(requested) ? requested : LATEST_HANDSHAKE_VERSION;
  const result: InitializeResult = {
    protocolVersion: version,
    capabilities: capabilitiesFor(server.capabilities(version), version),
    serverInfo: implementationFor({ name: server.name, ...server.serverInfo() }, version),
  };
  const instructions = server.instructions();
  if (instructions !== '') result.instructions = instructions;
  return result;
}

/** @internal The answer to `server/discover`: the versions, capabilities and instructions. */
export function discoverResult(server: HandshakeServer): Result {
  const result: Result = {
    supportedVersions: SUPPORTED_PROTOCOL_VERSIONS,
    capabilities: capabilitiesFor(server.capabilities(), '2026-07-28'),
  };
  const instructions = server.instructions();
  if (instructions !== '') result.instructions = instructions;
  return result;
}
