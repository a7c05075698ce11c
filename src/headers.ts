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
  if (typeof (headers as Headers).get === 'function') {
    return (headers as Headers).get(name) ?? undefined;
  }
  const value = (headers as Record<string, string | readonly string[] | undefined>)[name];
  return typeof value === 'string' || value === undefined ? value : value.join(', ');
}
