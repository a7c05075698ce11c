// AWS Lambda, behind an API Gateway HTTP API or a function URL (payload format 2.0): the event
// becomes the plain handler's request, its answer the function's result. No AWS library: the
// shapes are the documented JSON. Bundle it for the Node.js runtime:
//   npx esbuild examples/serverless/lambda.ts --bundle --platform=node --format=esm --outfile=out/index.mjs
// Handler `index.handler` is buffered: an SSE answer goes out whole, at the end, as an HTTP API
// takes it anyway. Handler `index.streaming`, for a function URL in invoke mode RESPONSE_STREAM,
// writes each event as it comes; only Lambda's Node.js runtime defines it, with its `awslambda`
// global, which no offline emulator provides. (A REST API can stream too, but sends payload 1.0
// events, which this file does not read.)
// ALLOWED_HOSTS (comma-separated): the hosts served, e.g. abc123.lambda-url.eu-west-1.on.aws;
// default localhost and 127.0.0.1 only.
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import {
  createHttpHandler,
  type HttpHandler,
  type HttpRequest,
  LOCAL_HOSTS,
} from 'mcp-protocol-core/http';
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

function toRequest(event: LambdaHttpEvent, signal?: AbortSignal): HttpRequest {
  // API Gateway keeps the client's spelling of header names; the handler reads lower-case ones.
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(event.headers ?? {})) {
    if (value !== undefined) headers[name.toLowerCase()] = value;
  }
  // Payload 2.0 moves the Cookie header to `cookies`: put it back, for an authorize hook.
  if (event.cookies?.length) headers['cookie'] = event.cookies.join('; ');
  return {
    method: event.requestContext.http.method,
    url: event.rawQueryString ? `${event.rawPath}?${event.rawQueryString}` : event.rawPath,
    headers,
    body: event.isBase64Encoded && event.body ? Buffer.from(event.body, 'base64') : event.body,
    signal,
  };
}

/** A Lambda handler that answers HTTP API and function URL events with an MCP handler. */
export function lambdaHandler(handle: HttpHandler) {
  return async (event: LambdaHttpEvent): Promise<LambdaHttpResult> => {
    const answer = await handle(toRequest(event));
    const body = await text(answer.body);
    return { statusCode: answer.status, headers: answer.headers, body, isBase64Encoded: false };
  };
}

/** A handler that streams: the runtime hands it a Node writable for the response. */
export type LambdaStreamingHandler = (
  event: LambdaHttpEvent,
  responseStream: Writable,
) => Promise<void>;

/**
 * What the `awslambda` global of Lambda's Node.js runtime offers a function that streams. No npm
 * package or offline emulator provides it; a test hands in a stand-in.
 */
export interface LambdaStreamingRuntime {
  /** Marks a handler as one that streams, for the runtime to call with a response stream. */
  streamifyResponse(handler: LambdaStreamingHandler): LambdaStreamingHandler;
  /** Sets a response stream's status and headers. */
  HttpResponseStream: {
    /** Writes them (JSON, then 8 NUL bytes) just before the stream's first write. */
    from(
      stream: Writable,
      prelude: { statusCode: number; headers: Record<string, string> },
    ): Writable;
  };
}

/**
 * A Lambda handler that streams its answers to function URL events (invoke mode RESPONSE_STREAM):
 * each SSE event is written as it comes, and the stream ended after the response. A response
 * stream that closes or fails before its end means the client went away: the request's signal
 * aborts, which cancels a 2026-07-28 request.
 */
export function lambdaStreamingHandler(
  handle: HttpHandler,
  { HttpResponseStream }: Pick<LambdaStreamingRuntime, 'HttpResponseStream'>,
): LambdaStreamingHandler {
  return async (event, responseStream) => {
    const gone = new AbortController();
    const goneAway = () => {
      if (!responseStream.writableFinished) gone.abort();
    };
    responseStream.once('close', goneAway);
    responseStream.on('error', goneAway);
    const answer = await handle(toRequest(event, gone.signal));
    const stream = HttpResponseStream.from(responseStream, {
      statusCode: answer.status,
      headers: answer.headers,
    });
    if (typeof answer.body === 'object') {
      const events = answer.body[Symbol.asyncIterator]();
      gone.signal.addEventListener('abort', () => events.return?.(), { once: true });
      for (let next = await events.next(); !next.done; next = await events.next()) {
        // The next event only once the stream has taken this one: a slow client holds it back.
        if (!stream.write(next.value) && !gone.signal.aborted) {
          await once(stream, 'drain', { signal: gone.signal }).catch(() => {});
        }
      }
    } else {
      // The prelude goes out with the first write: a 202, bodiless, still needs one.
      stream.write(answer.body ?? '');
    }
    if (!gone.signal.aborted) stream.end();
  };
}

// Made once, at module scope: a warm instance reuses it for every invocation. ajv is loaded, and a
// tool's validator compiled, at the first call that needs one, not during the cold start.
const mcp = createHttpHandler(() => new GreetServer(), {
  allowedHosts: process.env['ALLOWED_HOSTS']?.split(',').map((host) => host.trim()) ?? LOCAL_HOSTS,
});

/** The server, buffered, for an HTTP API or a function URL: handler `index.handler`. */
export const handler = lambdaHandler(mcp);

const runtime = (globalThis as { awslambda?: LambdaStreamingRuntime }).awslambda;

/**
 * The same server, streaming, for a function URL in invoke mode RESPONSE_STREAM: handler
 * `index.streaming`. Undefined outside Lambda's Node.js runtime.
 */
export const streaming = runtime?.streamifyResponse(lambdaStreamingHandler(mcp, runtime));
