/**
 * Stateless Streamable HTTP, with no framework and no runtime: a plain request in, a plain
 * response out ({@link createHttpHandler}), or a web `Request` in and a `Response` out
 * ({@link createFetchHandler}). Every check that can refuse a request runs before a server is
 * created, so a server can be made per request, scoped to its caller.
 *
 * @module
 */
export {
  type BearerChallenge,
  bearerChallenge,
  bearerToken,
  forbidden,
  isRefusal,
  type Refusal,
  type ResourceMetadataLink,
  unauthorized,
} from './http/authorization.js';
export {
  createFetchHandler,
  type FetchContext,
  type FetchHandler,
  readBody,
} from './http/fetch-handler.js';
export type { CorsOptions } from './http/handler-types.js';
export {
  type NodeRequest,
  type NodeResponse,
  nodeListener,
  readNodeBody,
} from './http/node-listener.js';
export {
  createHttpHandler,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_BUFFERED_BYTES,
  type HttpHandler,
  type HttpOptions,
  type HttpRequest,
  type HttpResponse,
  LOCAL_HOSTS,
  type ServerContext,
} from './http/plain-handler.js';
export {
  PROTECTED_RESOURCE_PATH,
  type ProtectedResourceMetadata,
  type ProtectedResourceMetadataHandler,
  type ProtectedResourceOptions,
  protectedResourceMetadata,
} from './http/protected-resource-metadata.js';
export { DEFAULT_KEEP_ALIVE_MS } from './http/sse.js';
