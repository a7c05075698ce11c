/**
 * CORS for browser clients: which pages of other origins may call an MCP endpoint, the answer to
 * their preflight, and the headers their answers carry. Used by the HTTP layer's `cors` option.
 *
 * @module
 */

import { ErrorCode, errorResponse } from '../jsonrpc.js';
import { header } from '../wire/http-headers.js';
import type { CorsOptions, HttpRequest, HttpResponse } from './handler-types.js';

/** The CORS rules of one handler, checked once when it is made. */
export interface CorsPolicy {
  readonly origins: ReadonlySet<string>;
  readonly allowHeaders: ReadonlySet<string>;
  readonly preflightHeaders: Readonly<Record<string, string>>;
  readonly exposeHeaders: string;
}

const REQUEST_HEADERS = [
  'content-type',
  'accept',
  'authorization',
  'mcp-protocol-version',
  'mcp-method',
  'mcp-name',
  'mcp-session-id',
  'last-event-id',
];

const RESPONSE_HEADERS = ['www-authenticate', 'mcp-session-id', 'mcp-protocol-version'];

// `Mcp-Param-<name>` names depend on each tool's schema, and a browser matches allowed headers
// by literal name: so any of them a preflight asks for is echoed back.
const PARAMETER_HEADER = /^mcp-param-[!#$%&'*+.^_`|~0-9a-z-]+$/;

const TOKEN = /^[!#$%&'*+.^_`|~0-9a-z-]+$/i;

function checkedOrigin(entry: string): string {
  let url: URL | undefined;
  try {
    url = new URL(entry);
  } catch {
    // Reported below, as any other entry that is not an origin.
  }
  if (url === undefined || url.origin === 'null' || url.href !== `${url.origin}/`) {
    throw new TypeError(`cors.origins: ${entry} is not an origin such as https://app.example.com.`);
  }
  return url.origin;
}

function checkedNames(names: readonly string[] | undefined, option: string): string[] {
  return (names ?? []).map((name) => {
    if (!TOKEN.test(name)) throw new TypeError(`cors.${option}: ${name} is not a header name.`);
    return name.toLowerCase();
  });
}

/**
 * Check a `cors` option and build its rules, once per handler.
 *
 * @param options - The option, or `undefined` for no CORS.
 * @returns The rules, or `undefined` when there is no option.
 * @throws TypeError - When an origin, a header name or `maxAge` is not valid.
 */
export function corsPolicy(options: CorsOptions | undefined): CorsPolicy | undefined {
  if (options === undefined) return undefined;
  const { maxAge = 7200 } = options;
  if (!Number.isInteger(maxAge) || maxAge < 0) {
    throw new TypeError('cors.maxAge must be a whole number of seconds, 0 or more.');
  }
  const allowHeaders = new Set([
    ...REQUEST_HEADERS,
    ...checkedNames(options.allowHeaders, 'allowHeaders'),
  ]);
  return {
    origins: new Set(options.origins.map(checkedOrigin)),
    allowHeaders,
    preflightHeaders: {
      'access-control-allow-methods': 'POST',
      'access-control-max-age': String(maxAge),
      // The allowed headers are echoed from the request, so a cache must tell requests apart.
      vary: 'Origin, Access-Control-Request-Headers',
    },
    exposeHeaders: [
      ...new Set([...RESPONSE_HEADERS, ...checkedNames(options.exposeHeaders, 'exposeHeaders')]),
    ].join(', '),
  };
}

/**
 * Whether an `Origin` is one of the CORS origins.
 *
 * @param policy - The handler's CORS rules, if any.
 * @param origin - The request's `Origin` header.
 * @returns `true` when the origin is listed.
 */
export function corsAllows(policy: CorsPolicy | undefined, origin: string): boolean {
  return policy?.origins.has(origin) === true;
}

// The allowed headers, and each `Mcp-Param-*` the preflight asks for. A header not allowed is
// left out rather than refused with 403: the browser then names it in its console.
function allowedHeaders(policy: CorsPolicy, requested: string | undefined): string {
  const names = new Set(policy.allowHeaders);
  for (const part of (requested ?? '').split(',')) {
    const name = part.trim().toLowerCase();
    if (PARAMETER_HEADER.test(name)) names.add(name);
  }
  return [...names].join(', ');
}

function preflight(policy: CorsPolicy, origin: string, request: HttpRequest): HttpResponse {
  if (!policy.origins.has(origin)) {
    return {
      status: 403,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(
        errorResponse(null, ErrorCode.InvalidRequest, 'This origin is not allowed.'),
      ),
    };
  }
  return {
    status: 204,
    headers: {
      'access-control-allow-origin': origin,
      ...policy.preflightHeaders,
      'access-control-allow-headers': allowedHeaders(
        policy,
        header(request.headers, 'access-control-request-headers'),
      ),
    },
  };
}

/**
 * Add CORS to a handler: answer preflights, give the answers to a listed origin the headers its
 * page needs to read them, and mark every answer `Vary: Origin`. Without rules, the handler
 * itself.
 *
 * @param policy - The handler's CORS rules, if any.
 * @param answer - The handler.
 * @returns The handler with CORS.
 */
export function withCors(
  policy: CorsPolicy | undefined,
  answer: (request: HttpRequest) => Promise<HttpResponse>,
): (request: HttpRequest) => Promise<HttpResponse> {
  if (policy === undefined) return answer;
  return async (request) => {
    const origin = header(request.headers, 'origin');
    // A preflight is an OPTIONS that names the method to come; any other OPTIONS is answered as
    // before, 405. Its Host is not checked: a preflight grants nothing by itself, and the request
    // that follows it is checked in full.
    const isPreflight =
      origin !== undefined &&
      request.method.toUpperCase() === 'OPTIONS' &&
      header(request.headers, 'access-control-request-method') !== undefined;
    const response = isPreflight ? preflight(policy, origin, request) : await answer(request);
    // Every answer depends on the Origin, refusals and answers without one included: a cache
    // must not hand one origin's answer (or its lack of CORS headers) to another.
    const { vary } = response.headers;
    const headers: Record<string, string> = {
      ...response.headers,
      vary: vary === undefined ? 'Origin' : /\borigin\b/i.test(vary) ? vary : `${vary}, Origin`,
    };
    if (!isPreflight && origin !== undefined && policy.origins.has(origin)) {
      headers['access-control-allow-origin'] = origin;
      headers['access-control-expose-headers'] = policy.exposeHeaders;
    }
    return { ...response, headers };
  };
}
