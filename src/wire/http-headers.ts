/**
 * Reading HTTP headers, whichever HTTP stack built them.
 *
 * @module
 */

/**
 * Request headers: a web `Headers`, or a plain object whose keys are lower-case, as Node's
 * `IncomingHttpHeaders` is.
 */
export type HttpHeaders =
  | Headers
  | { readonly [name: string]: string | readonly string[] | undefined };

/**
 * Read a header: its value, repeated values joined with `, ` as HTTP joins them, or `undefined`.
 *
 * @param headers - The request's headers.
 * @param name - The header's name, lower-case.
 * @returns The value.
 */
export function header(headers: HttpHeaders, name: string): string | undefined {
  return isWeb(headers) ? (headers.get(name) ?? undefined) : joined(headers[name]);
}

// A header of a plain object, as header() gives it.
function joined(value: string | readonly string[] | undefined): string | undefined {
  return typeof value === 'string' || value === undefined ? value : value.join(', ');
}

const isWeb = (headers: HttpHeaders): headers is Headers =>
  typeof (headers as Headers).get === 'function';

// The headers read on every request, each by its own name: one property load that reads many
// names, as header()'s does, is a megamorphic lookup every time.

/** @internal The `Host` header. */
export const hostHeader = (headers: HttpHeaders): string | undefined =>
  isWeb(headers) ? (headers.get('host') ?? undefined) : joined(headers.host);

/** @internal The `Origin` header. */
export const originHeader = (headers: HttpHeaders): string | undefined =>
  isWeb(headers) ? (headers.get('origin') ?? undefined) : joined(headers.origin);

/** @internal The `Content-Type` header. */
export const contentTypeHeader = (headers: HttpHeaders): string | undefined =>
  isWeb(headers) ? (headers.get('content-type') ?? undefined) : joined(headers['content-type']);

/** @internal The `Accept` header. */
export const acceptHeader = (headers: HttpHeaders): string | undefined =>
  isWeb(headers) ? (headers.get('accept') ?? undefined) : joined(headers.accept);

/** @internal The `Authorization` header. */
export const authorizationHeader = (headers: HttpHeaders): string | undefined =>
  isWeb(headers) ? (headers.get('authorization') ?? undefined) : joined(headers.authorization);

/** @internal The `MCP-Protocol-Version` header. */
export const versionHeader = (headers: HttpHeaders): string | undefined =>
  isWeb(headers)
    ? (headers.get('mcp-protocol-version') ?? undefined)
    : joined(headers['mcp-protocol-version']);
