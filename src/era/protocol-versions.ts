/**
 * The MCP protocol versions a server speaks.
 *
 * @module
 */

/**
 * The versions of the initialize handshake era, oldest first: a server answers `initialize` with
 * the client's version when it is one of these.
 */
export const HANDSHAKE_PROTOCOL_VERSIONS = [
  '2024-11-05',
  '2025-03-26',
  '2025-06-18',
  '2025-11-25',
] as const;

/** One of {@link HANDSHAKE_PROTOCOL_VERSIONS}. */
export type HandshakeProtocolVersion = (typeof HANDSHAKE_PROTOCOL_VERSIONS)[number];

/** The version `initialize` answers when the client asks for one the server does not speak. */
export const LATEST_HANDSHAKE_VERSION: HandshakeProtocolVersion = '2025-11-25';

/**
 * Whether a value is a handshake-era version this server speaks.
 *
 * @param version - A protocol version, e.g. from `initialize`.
 * @returns True for one of {@link HANDSHAKE_PROTOCOL_VERSIONS}.
 */
export function isHandshakeVersion(version: unknown): version is HandshakeProtocolVersion {
  return (HANDSHAKE_PROTOCOL_VERSIONS as readonly unknown[]).includes(version);
}

/** The versions of the stateless era, with no handshake: the version travels with every request. */
export const MODERN_PROTOCOL_VERSIONS = ['2026-07-28'] as const;

/** One of {@link MODERN_PROTOCOL_VERSIONS}. */
export type ModernProtocolVersion = (typeof MODERN_PROTOCOL_VERSIONS)[number];

/**
 * Every version a server speaks, newest first, as `server/discover` lists them and as the
 * -32022 error's `data.supported` does.
 */
export const SUPPORTED_PROTOCOL_VERSIONS: readonly string[] = [
  ...MODERN_PROTOCOL_VERSIONS,
  ...[...HANDSHAKE_PROTOCOL_VERSIONS].reverse(),
];

/** The era a message came in: the initialize handshake's, or the stateless 2026-07-28 one's. */
export type Era = 'handshake' | 'modern';

/**
 * Whether a value is a stateless-era version this server speaks.
 *
 * @param version - A protocol version, e.g. from a request's `_meta`.
 * @returns True for one of {@link MODERN_PROTOCOL_VERSIONS}.
 */
export function isModernVersion(version: unknown): version is ModernProtocolVersion {
  return (MODERN_PROTOCOL_VERSIONS as readonly unknown[]).includes(version);
}
