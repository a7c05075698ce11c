/**
 * The protected resource metadata document (RFC 9728) that tells a client which authorization
 * server to ask for a token, and its handler at its well-known path.
 *
 * @module
 */

import { isScope } from '../core/oauth-scopes.js';
import { deepFreeze } from '../jsonrpc.js';
import type { ResourceMetadataLink } from './authorization.js';
import type { HttpRequest, HttpResponse } from './handler-types.js';

/** The protected resource metadata document (RFC 9728 §2), as it is served. */
export interface ProtectedResourceMetadata {
  /** The resource's identifier: the canonical URI of the MCP endpoint. */
  resource: string;
  /** The issuer URLs of the authorization servers that issue tokens for it. */
  authorization_servers: string[];
  /** The scopes a client asks for to use it. */
  scopes_supported?: string[];
  /** How a token is sent: `["header"]`, the `Authorization` header, the only way MCP allows. */
  bearer_methods_supported: string[];
  /** A human-readable name of the resource. */
  resource_name?: string;
  /** A page of documentation for developers. */
  resource_documentation?: string;
  /** Any other field of RFC 9728 §2, or of its registry. */
  [field: string]: unknown;
}

/** Options of {@link protectedResourceMetadata}. */
export interface ProtectedResourceOptions {
  /**
   * The canonical URI of the MCP endpoint, as its clients reach it: an absolute `https` URL (or
   * `http` in development) without fragment or query, e.g. `https://mcp.example.com/mcp`. Access
   * tokens must name it as their audience (RFC 8707).
   */
  resource: string;
  /** The issuer URLs of the authorization servers that issue tokens for it: at least one. */
  authorizationServers: readonly string[];
  /**
   * The scopes a client asks for to use the server (MCP: the least for its basic use; more are
   * asked for when a 403 names them): `scopes_supported`, and the `scope` of every 401.
   */
  scopesSupported?: readonly string[];
  /** A human-readable name of the resource: `resource_name`. */
  resourceName?: string;
  /** A page of documentation for developers: `resource_documentation`. */
  resourceDocumentation?: string;
  /** Other fields of the document, by their RFC 9728 names, e.g. `{ resource_policy_uri }`. */
  fields?: Readonly<Record<string, unknown>>;
}

/**
 * The handler of a protected resource metadata document, made by
 * {@link protectedResourceMetadata}: an `HttpHandler` (it reads no body) that answers whatever is
 * routed to it, and the link a `createHttpHandler` takes as its `resourceMetadata` option.
 */
export interface ProtectedResourceMetadataHandler extends ResourceMetadataLink {
  (request: HttpRequest): Promise<HttpResponse>;
  /** It reads no body: 0. */
  readonly maxBodyBytes: number;
  /** The document, frozen. */
  readonly document: Readonly<ProtectedResourceMetadata>;
  /**
   * The path to route to it: the well-known path with the resource's own path after it, e.g.
   * `/.well-known/oauth-protected-resource/operations/mcp` for
   * `https://host/operations/mcp` (RFC 9728 §3.1), at the origin's root.
   */
  readonly path: string;
  /** The document's URL: the resource's origin and {@link path}. */
  readonly url: string;
  /** The `scopesSupported` option. */
  readonly scopes: readonly string[];
}

/** The well-known path of protected resource metadata (RFC 9728 §3), at an origin's root. */
export const PROTECTED_RESOURCE_PATH = '/.well-known/oauth-protected-resource';

function absoluteUrl(value: unknown, what: string): URL {
  let url: URL | undefined;
  try {
    url = typeof value === 'string' ? new URL(value) : undefined;
  } catch {
    // Refused below.
  }
  if (url === undefined || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new TypeError(`${what} must be an absolute http or https URL, not ${String(value)}.`);
  }
  return url;
}

const METADATA_METHODS = 'GET, HEAD, OPTIONS';

/**
 * Serve the protected resource metadata (RFC 9728) of an MCP endpoint, which tells a client where
 * to get an access token for it: the handler of its well-known path, whose `url` every 401 and 403
 * of the endpoint names as `resource_metadata` when given to `createHttpHandler` as its
 * `resourceMetadata` option. It answers GET and HEAD with the document (with
 * `Access-Control-Allow-Origin: *`, for browser clients), OPTIONS with 204, and anything else with
 * 405; routing to it is yours: its `path`, and also the root well-known path when the endpoint is
 * its origin's only protected one.
 *
 * @param options - The resource, its authorization servers, its scopes.
 * @returns The handler, with its `path`, `url` and `document`.
 * @throws TypeError - When `resource` is not an absolute http(s) URL without fragment or query, no
 * authorization server is named, or a scope is not an OAuth scope.
 *
 * @example
 * ```ts
 * const metadata = protectedResourceMetadata({
 *   resource: 'https://mcp.example.com/mcp',
 *   authorizationServers: ['https://auth.example.com'],
 *   scopesSupported: ['notes:read'],
 * });
 * metadata.path; //=> '/.well-known/oauth-protected-resource/mcp'
 * const mcp = createHttpHandler(makeServer, { authorize, resourceMetadata: metadata });
 * // node:http: route metadata.path to nodeListener(metadata), /mcp to nodeListener(mcp)
 * ```
 */
export function protectedResourceMetadata(
  options: ProtectedResourceOptions,
): ProtectedResourceMetadataHandler {
  const { resource, authorizationServers, scopesSupported = [] } = options;
  const url = absoluteUrl(resource, 'resource');
  if (url.hash !== '' || url.search !== '' || resource.includes('#')) {
    throw new TypeError(`resource must have no fragment and no query, not ${resource}.`);
  }
  if (!Array.isArray(authorizationServers) || authorizationServers.length === 0) {
    throw new TypeError('authorizationServers must name at least one authorization server.');
  }
  for (const server of authorizationServers) absoluteUrl(server, 'an authorization server');
  if (!Array.isArray(scopesSupported) || !scopesSupported.every(isScope)) {
    throw new TypeError('scopesSupported must be an array of OAuth scopes.');
  }
  const document: ProtectedResourceMetadata = {
    ...options.fields,
    resource,
    authorization_servers: [...authorizationServers],
    bearer_methods_supported: ['header'],
  };
  if (scopesSupported.length > 0) document.scopes_supported = [...scopesSupported];
  if (options.resourceName !== undefined) document.resource_name = options.resourceName;
  if (options.resourceDocumentation !== undefined) {
    document.resource_documentation = options.resourceDocumentation;
  }
  const body = JSON.stringify(document);
  // A resource at the root has its document at the well-known path itself; one trailing slash of
  // a path is not part of it.
  const path = PROTECTED_RESOURCE_PATH + url.pathname.replace(/\/$/, '');
  const handler = async (request: HttpRequest): Promise<HttpResponse> => {
    const method = request.method.toUpperCase();
    if (method === 'GET' || method === 'HEAD') {
      const headers = { 'content-type': 'application/json', 'access-control-allow-origin': '*' };
      return method === 'GET' ? { status: 200, headers, body } : { status: 200, headers };
    }
    if (method === 'OPTIONS') {
      return {
        status: 204,
        headers: {
          'access-control-allow-origin': '*',
          'access-control-allow-methods': METADATA_METHODS,
          'access-control-allow-headers': '*',
        },
      };
    }
    return { status: 405, headers: { allow: METADATA_METHODS } };
  };
  return Object.assign(handler, {
    maxBodyBytes: 0,
    document: deepFreeze(document),
    path,
    url: url.origin + path,
    scopes: Object.freeze([...scopesSupported]),
  });
}
