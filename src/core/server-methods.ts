/**
 * The methods every server has, for the registry: the handshake's `initialize`, `ping` and
 * `logging/setLevel`, and 2026-07-28's `server/discover`.
 *
 * @module
 */

import { LOG_LEVELS } from '../era/modern-revision.js';
import { SUPPORTED_PROTOCOL_VERSIONS } from '../era/protocol-versions.js';
import { ErrorCode } from '../jsonrpc.js';
import type { EmptyResult, InitializeResult, Result } from '../wire/types.js';
import { ProtocolError } from './errors.js';
import { cacheHint, type Method } from './method-registry.js';
import type { CacheHint, ServerCore } from './server-contract.js';

/** @internal What the methods every server has ask of it: its answers to them. */
export interface HandshakeServer extends ServerCore {
  initialize(params: Record<string, unknown>): InitializeResult;
  ping(): EmptyResult;
  discover(): Result;
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
