// AWS Lambda, behind an API Gateway HTTP API or a function URL (payload format 2.0): the event
// becomes the plain handler's request, its answer the function's result. No AWS library: the
// shapes are the documented JSON. Bundle it for the Node.js runtime, handler `index.handler`:
//   npx esbuild examples/serverless/lambda.ts --bundle --platform=node --format=esm --outfile=out/index.mjs
// ALLOWED_HOSTS (comma-separated): the hosts served, e.g. abc123.lambda-url.eu-west-1.on.aws;
// default localhost and 127.0.0.1 only.
import { createHttpHandler, type HttpHandler, LOCAL_HOSTS } from 'mcp-protocol-core/http';
import { GreetServer } from '../quickstart/server.js';

/** The fields of an HTTP API (payload 2.0) or function URL event that an MCP request needs. */
export interface LambdaHttpEvent {
  rawPath: string;
  rawQueryString: string;
  headers?: Record<string, string | undefined>;
  cookies?: string[];
  body?: string;
  isBase64Encoded: boolean;
  requestContext: { http: { method: string } };
}

/** The result API Gateway and function URLs turn into the HTTP response. */
export interface LambdaHttpResult {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
  isBase64Encoded: boolean;
}

// A buffered Lambda sends nothing before it returns: an answer that streams (SSE) goes out whole.
async function text(body: string | AsyncIterable<string> | undefined): Promise<string> {
  if (body === undefined || typeof body === 'string') return body ?? '';
  let whole = '';
  for await (const chunk of body) whole += chunk;
  return whole;
}

/** A Lambda handler that answers HTTP API and function URL events with an MCP handler. */
export function lambdaHandler(handle: HttpHandler) {
  return async (event: LambdaHttpEvent): Promise<LambdaHttpResult> => {
    // API Gateway keeps the client's spelling of header names; the handler reads lower-case ones.
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(event.headers ?? {})) {
      if (value !== undefined) headers[name.toLowerCase()] = value;
    }
    // Payload 2.0 moves the Cookie header to `cookies`: put it back, for an authorize hook.
    if (event.cookies?.length) headers.cookie = event.cookies.join('; ');
    const answer = await handle({
      method: event.requestContext.http.method,
      url: event.rawQueryString ? `${event.rawPath}?${event.rawQueryString}` : event.rawPath,
      headers,
      body: event.isBase64Encoded && event.body ? Buffer.from(event.body, 'base64') : event.body,
    });
    const body = await text(answer.body);
    return { statusCode: answer.status, headers: answer.headers, body, isBase64Encoded: false };
  };
}

// Made once, at module scope: a warm instance reuses it for every invocation. ajv is loaded, and a
// tool's validator compiled, at the first call that needs one, not during the cold start.
export const handler = lambdaHandler(
  createHttpHandler(() => new GreetServer(), {
    allowedHosts: process.env.ALLOWED_HOSTS?.split(',').map((host) => host.trim()) ?? LOCAL_HOSTS,
  }),
);
