/**
 * `requestState`, the state of a request that asks for input (2026-07-28) between its rounds:
 * `v1.` base64url(JSON payload) `.` base64url(HMAC-SHA-256), with Web Crypto. Signed, not
 * encrypted: a client can read it, not change it. The signature also covers what the payload does
 * not carry: the caller, the method and the request's params (name or URI, arguments), so that
 * the state of one caller or request is refused for another.
 *
 * @module
 */
import { ProtocolError } from '../core/errors.js';
import type { ServerCore } from '../core/server-contract.js';
import { ErrorCode, isObject } from '../jsonrpc.js';
import { encodeBase64 } from '../wire/base64.js';

/** What a `requestState` carries. */
export interface Payload {
  /** When it expires, in milliseconds since the epoch. */
  expires: number;
  /** The answers of earlier rounds, by key. */
  answers?: Record<string, unknown> | undefined;
  /**
   * What was asked, by key: the digest ({@link questionDigest}) of each question the client was
   * sent or whose answer is carried. An answer is taken only for the question it was asked with.
   */
  asked?: Record<string, string> | undefined;
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
const HMAC = { name: 'HMAC', hash: 'SHA-256' };
// Imported keys, by the text or bytes they were made of: servers are made per request.
const imported = new Map<string | Uint8Array, Promise<CryptoKey>>();

// The server's keys, the first signing and every one verifying.
function keysOf(server: ServerCore): Promise<CryptoKey>[] {
  const raw = server.requestStateKey;
  const where = `${server.constructor.name}.requestStateKey`;
  const list = typeof raw === 'string' || raw instanceof Uint8Array ? [raw] : raw;
  if (list === undefined || list.length === 0) {
    throw new TypeError(
      `${where} is not set: a request that asks for input signs what it asked in requestState`,
    );
  }
  return list.map((one) => {
    let key = imported.get(one);
    if (key === undefined) {
      const bytes = typeof one === 'string' ? encoder.encode(one) : one;
      if (!(bytes instanceof Uint8Array) || bytes.byteLength < 32) {
        throw new TypeError(
          `${where} must be a string or bytes, at least 32 bytes long, or a list of them`,
        );
      }
      if (imported.size >= 64) imported.clear();
      key = crypto.subtle.importKey('raw', new Uint8Array(bytes), HMAC, false, ['sign', 'verify']);
      imported.set(one, key);
    }
    return key;
  });
}

// Warned of, once per server class: servers are made per request, a log line each would drown
// the log, and one class is one configuration.
const warned = new WeakSet<object>();

function signed(server: ServerCore, method: string, params: Record<string, unknown>, body: string) {
  const { inputResponses, requestState, _meta, ...request } = params;
  let text: string;
  try {
    text = canonical(request, 'params');
  } catch (error) {
    // What the client sent: a number past JSON's range (1e400 parses to Infinity), say.
    throw invalid(`${(error as Error).message}.`);
  }
  return encoder.encode(
    `v1.${body}\n${JSON.stringify([server.principalId ?? null, method])}${text}`,
  );
}

/**
 * JSON in the canonical form of RFC 8785 (JCS): keys sorted by their UTF-16 code units, numbers
 * and strings as ECMAScript writes them, no white space. Two values have the same form only if
 * JSON cannot tell them apart; what JSON cannot carry (a non-finite number, `undefined`, a
 * function, a bigint, a symbol, an object that is not plain) is refused, not written as `null`.
 *
 * @param value - A JSON value.
 * @param path - Where it is, for the error.
 * @returns Its canonical text.
 * @throws TypeError - When it holds what JSON cannot carry, naming where.
 */
export function canonical(value: unknown, path = '$'): string {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'boolean':
      return String(value);
    case 'number':
      if (Number.isFinite(value)) return JSON.stringify(value);
      break;
    case 'object': {
      if (value === null) return 'null';
      if (Array.isArray(value)) {
        return `[${value.map((item, i) => canonical(item, `${path}[${i}]`)).join(',')}]`;
      }
      const prototype = Object.getPrototypeOf(value);
      if (prototype !== Object.prototype && prototype !== null) break;
      const object = value as Record<string, unknown>;
      const keys = Object.keys(object).sort();
      return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(object[key], `${path}.${key}`)}`).join(',')}}`;
    }
  }
  const what =
    typeof value === 'number' || value === undefined
      ? String(value)
      : typeof value === 'object'
        ? 'not a plain object'
        : `a ${typeof value}`;
  throw new TypeError(`${path} is ${what}, which JSON cannot carry`);
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
  server: ServerCore,
  method: string,
  params: Record<string, unknown>,
  payload: Payload,
): Promise<string> {
  const [first] = keysOf(server);
  if (server.principalId === undefined && !warned.has(server.constructor)) {
    warned.add(server.constructor);
    server.log(
      'requestState is signed without a principalId: any caller given one can replay it until it expires.',
      'warning',
    );
  }
  const body = base64url(encoder.encode(JSON.stringify(payload)));
  const data = signed(server, method, params, body);
  const mac = await crypto.subtle.sign('HMAC', await first!, data);
  return `v1.${body}.${base64url(new Uint8Array(mac))}`;
}

/**
 * Check a `requestState` the request came with, against each of the server's keys.
 *
 * @param server - The server.
 * @param method - The request's method.
 * @param params - Its params.
 * @param state - The `requestState`.
 * @returns What it carries.
 * @throws ProtocolError - -32602 when it was not signed with one of the server's keys for this
 * caller and request, or has expired.
 */
export async function unseal(
  server: ServerCore,
  method: string,
  params: Record<string, unknown>,
  state: unknown,
): Promise<Payload> {
  if (typeof state !== 'string') throw invalid('requestState must be a string.');
  const [version, body = '', mac = '', ...rest] = state.split('.');
  const signature = bytesOf(mac);
  const raw = server.requestStateKey;
  let payload: unknown;
  if (version === 'v1' && rest.length === 0 && signature !== undefined && raw?.length) {
    const data = signed(server, method, params, body);
    for (const key of keysOf(server)) {
      if (await crypto.subtle.verify('HMAC', await key, signature, data)) {
        payload = JSON.parse(new TextDecoder().decode(bytesOf(body)));
        break;
      }
    }
  }
  if (!isObject(payload)) throw invalid('requestState is not valid for this request.');
  if (!(Number(payload.expires) > Date.now())) {
    throw invalid('requestState has expired: call again without it.');
  }
  return payload as unknown as Payload;
}

/**
 * The digest of a question (an input request), to bind its answer to it: base64url SHA-256 of
 * its canonical JSON.
 *
 * @param request - The input request, as the client is sent it.
 * @returns The digest.
 * @throws TypeError - When the request holds what JSON cannot carry.
 */
export async function questionDigest(request: object): Promise<string> {
  const text = canonical(request, 'the input request');
  return base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text))));
}
