/**
 * `requestState`, the state of a request that asks for input (2026-07-28) between its rounds:
 * `v1.` base64url(JSON payload) `.` base64url(HMAC-SHA-256), with Web Crypto. Signed, not
 * encrypted: a client can read it, not change it. The signature also covers what the payload does
 * not carry: the caller, the method and the request's params (name or URI, arguments), so that
 * the state of one caller or request is refused for another.
 *
 * @module
 */
import { ProtocolError } from './errors.js';
import { ErrorCode, isObject } from './jsonrpc.js';
import { encodeBase64 } from './resource-contents.js';
import type { MCPServerBase } from './server-base.js';

/** What a `requestState` carries. */
export interface Payload {
  /** When it expires, in milliseconds since the epoch. */
  expires: number;
  /** The answers of earlier rounds, by key. */
  answers?: Record<string, unknown> | undefined;
  /** The method's own `scope.state`. */
  state?: unknown;
}

/**
 * A -32602 error.
 *
 * @param message - What is wrong with the params.
 * @returns The error.
 */
export const invalid = (message: string) => new ProtocolError(ErrorCode.InvalidParams, message);

const encoder = new TextEncoder();
let cached: { raw: unknown; key: Promise<CryptoKey> } | undefined;

function keyOf(server: MCPServerBase): Promise<CryptoKey> {
  const raw = server.requestStateKey;
  const where = `${server.constructor.name}.requestStateKey`;
  if (raw === undefined) {
    throw new TypeError(
      `${where} is not set: answers and scope.state reach a later round in a signed requestState`,
    );
  }
  if (cached?.raw !== raw) {
    const bytes = typeof raw === 'string' ? encoder.encode(raw) : raw;
    if (!(bytes instanceof Uint8Array) || bytes.byteLength < 32) {
      throw new TypeError(`${where} must be a string or bytes, at least 32 bytes long`);
    }
    const algorithm = { name: 'HMAC', hash: 'SHA-256' };
    const key = crypto.subtle.importKey('raw', new Uint8Array(bytes), algorithm, false, [
      'sign',
      'verify',
    ]);
    cached = { raw, key };
  }
  return cached.key;
}

function signed(
  server: MCPServerBase,
  method: string,
  params: Record<string, unknown>,
  body: string,
) {
  const { inputResponses, requestState, _meta, ...request } = params;
  return encoder.encode(`v1.${body}\n${canonical([server.principalId ?? null, method, request])}`);
}

// JSON with sorted keys: the same params, however a client orders them, sign the same.
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (!isObject(value)) return JSON.stringify(value);
  const keys = Object.keys(value).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(',')}}`;
}

const base64url = (bytes: Uint8Array) =>
  encodeBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

// The bytes of base64url text, or `undefined` for text that is not base64url.
function bytesOf(text: string) {
  if (!/^[\w-]+$/.test(text)) return undefined;
  try {
    return Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) =>
      c.charCodeAt(0),
    );
  } catch {
    return undefined;
  }
}

/**
 * Sign a payload for a request's next round.
 *
 * @param server - The server, with its `requestStateKey` and `principalId`.
 * @param method - The request's method.
 * @param params - Its params.
 * @param payload - What the next round must know.
 * @returns The `requestState`.
 * @throws TypeError - When the server has no `requestStateKey`, or one shorter than 32 bytes.
 */
export async function seal(
  server: MCPServerBase,
  method: string,
  params: Record<string, unknown>,
  payload: Payload,
): Promise<string> {
  const key = await keyOf(server);
  const body = base64url(encoder.encode(JSON.stringify(payload)));
  const mac = await crypto.subtle.sign('HMAC', key, signed(server, method, params, body));
  return `v1.${body}.${base64url(new Uint8Array(mac))}`;
}

/**
 * Check a `requestState` the request came with.
 *
 * @param server - The server.
 * @param method - The request's method.
 * @param params - Its params.
 * @param state - The `requestState`.
 * @returns What it carries.
 * @throws ProtocolError - -32602 when it was not signed with the server's key for this caller and
 * request, or has expired.
 */
export async function unseal(
  server: MCPServerBase,
  method: string,
  params: Record<string, unknown>,
  state: unknown,
): Promise<Payload> {
  if (typeof state !== 'string') throw invalid('requestState must be a string.');
  const [version, body = '', mac = '', ...rest] = state.split('.');
  const signature = bytesOf(mac);
  let payload: unknown;
  if (
    version === 'v1' &&
    rest.length === 0 &&
    signature !== undefined &&
    server.requestStateKey !== undefined
  ) {
    const key = await keyOf(server);
    if (await crypto.subtle.verify('HMAC', key, signature, signed(server, method, params, body))) {
      payload = JSON.parse(new TextDecoder().decode(bytesOf(body)));
    }
  }
  if (!isObject(payload)) throw invalid('requestState is not valid for this request.');
  if (!(Number(payload.expires) > Date.now())) {
    throw invalid('requestState has expired: call again without it.');
  }
  return payload as unknown as Payload;
}
