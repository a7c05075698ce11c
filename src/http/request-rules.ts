/**
 * The rules an HTTP request is checked by before a server is made: its host and origin, its media
 * types, its body's JSON; and the handler's own options.
 *
 * @module
 */
import { DEFAULT_KEEP_ALIVE_MS } from './sse.js';

/** The largest body served by default: 4 MiB. */
export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;

// The host of a Host header or an Origin, lower-case, with its port split off.
export function parseHost(value: string): { name: string; port: string } | undefined {
  const match = /^(\[[0-9a-f:.]+\]|[^:[\]/@\s]+)(?::(\d{1,5}))?$/i.exec(value.trim());
  if (match === null) return undefined;
  const port = match[2] ?? '';
  // Only a five-digit port can be past the last one.
  if (port.length === 5 && Number(port) > 65_535) return undefined;
  return { name: match[1]!.toLowerCase(), port };
}

// Whether an Origin is the request's own: the host and port of its Host header, a port left out
// being the default of the Origin's scheme (80 for http, 443 for https). A page of another port of
// the same host is another origin: it passes only as one of the `cors` origins.
export function isSameOrigin(origin: string, host: string | undefined): boolean {
  const match = /^(https?):\/\/([^/?#@]+)\/?$/i.exec(origin.trim());
  const own = match ? parseHost(match[2]!) : undefined;
  const served = host === undefined ? undefined : parseHost(host);
  if (own === undefined || served === undefined || own.name !== served.name) return false;
  const standard = match![1]!.toLowerCase() === 'https' ? '443' : '80';
  return (own.port || standard) === (served.port || standard);
}

export function hostAllowed(value: string | undefined, allowed: ReadonlySet<string>): boolean {
  if (allowed.has('*')) return true;
  if (value === undefined) return false;
  const host = parseHost(value);
  return host !== undefined && (allowed.has(host.name) || allowed.has(`${host.name}:${host.port}`));
}

/**
 * A host check for one set of allowed hosts that remembers the last value it allowed: a server's
 * clients send the same `Host` on every request, which is then one string comparison.
 */
export function hostCheck(allowed: ReadonlySet<string>): (value: string | undefined) => boolean {
  if (allowed.has('*')) return () => true;
  let last: string | undefined;
  return (value) => {
    if (value === last && value !== undefined) return true;
    if (!hostAllowed(value, allowed)) return false;
    last = value;
    return true;
  };
}

export function checkedLimit(
  value: number | undefined,
  name = 'maxBodyBytes',
  fallback = DEFAULT_MAX_BODY_BYTES,
): number {
  if (value === undefined) return fallback;
  // NaN or a negative limit would serve every body, or none.
  if (typeof value !== 'number' || !(value >= 0)) {
    throw new TypeError(`${name} must be a number of bytes, 0 or more.`);
  }
  return value;
}

export function isJsonMediaType(value: string | undefined): boolean {
  // What clients send, exactly, needs no pattern.
  return (
    value === 'application/json' ||
    (value !== undefined && /^\s*application\/json\s*(;|$)/i.test(value))
  );
}

// Whether an Accept header admits one of `ranges`, its type, its family's wildcard, or `*/*`. No
// Accept admits everything (RFC 9110).
function accepts(accept: string | undefined, ranges: readonly string[], fast: RegExp): boolean {
  // What MCP clients send, exactly, admits both: no pattern either.
  if (accept === undefined || accept === BOTH || accept.trim() === '') return true;
  // An Accept without a parameter is read without a parse.
  if (!accept.includes(';')) return fast.test(accept);
  return accept.split(',').some((range) => {
    const [type = '', ...params] = range.split(';').map((part) => part.trim().toLowerCase());
    if (!ranges.includes(type)) return false;
    const q = params.find((param) => param.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

const BOTH = 'application/json, text/event-stream';
const JSON_RANGES = ['application/json', 'application/*', '*/*'];
const JSON_FAST = /(^|,)\s*(application\/json|application\/\*|\*\/\*)\s*(,|$)/i;
const SSE_RANGES = ['text/event-stream', 'text/*', '*/*'];
const SSE_FAST = /(^|,)\s*(text\/event-stream|text\/\*|\*\/\*)\s*(,|$)/i;

/** Whether an Accept header admits JSON. */
export function acceptsJson(accept: string | undefined): boolean {
  return accepts(accept, JSON_RANGES, JSON_FAST);
}

/** Whether an Accept header admits an event stream. */
export function acceptsEventStream(accept: string | undefined): boolean {
  return accepts(accept, SSE_RANGES, SSE_FAST);
}

// The BOM is removed once, below, for text and bytes alike: two are not JSON.
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export function parse(
  body: string | Uint8Array | undefined,
): { ok: true; value: unknown } | { ok: false } {
  try {
    const text = typeof body === 'string' ? body : decoder.decode(body ?? new Uint8Array());
    return { ok: true, value: JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) };
  } catch {
    return { ok: false };
  }
}

export function checkedKeepAlive(value: number | undefined): number {
  if (value === undefined) return DEFAULT_KEEP_ALIVE_MS;
  if (typeof value !== 'number' || !(value >= 0)) {
    throw new TypeError('keepAliveMs must be a number of milliseconds, 0 or more.');
  }
  return value;
}
