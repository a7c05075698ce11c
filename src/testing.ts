/**
 * An in-process MCP client for unit tests: it talks to a server through `handle()`, with no
 * network, and round-trips every message through JSON, as the wire would.
 *
 * @module
 */
export { ResponseError } from './testing/response-error.js';
export { TestClient } from './testing/test-client.js';
export type {
  LogNotification,
  ProgressNotification,
  TestClientOptions,
  TestNotification,
} from './testing/test-client-options.js';
