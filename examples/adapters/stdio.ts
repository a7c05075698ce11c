// Any MCP server over stdio, for a local client that starts it as a child process: one JSON-RPC
// message per line on stdin, one answer per line on stdout, logs on stderr. Here, the demo's
// public project server: `node --import tsx examples/adapters/stdio.ts` from the repository's root.
// Not `npm run start:stdio` in a client's configuration: npm prints a header on stdout first
// (unless --silent), and stdout may carry MCP messages only.
import { fileURLToPath } from 'node:url';
import {
  ErrorCode,
  errorResponse,
  type JSONRPCNotification,
  type JSONRPCResponse,
  type MCPServerBase,
} from 'mcp-protocol-core';
import { DEFAULT_MAX_BODY_BYTES } from 'mcp-protocol-core/http';
import { ProjectServer } from '../demo/project-server.js';
import { loadRepository } from '../demo/repository.js';

/** Where {@link serveStdio} reads and writes; the process's own streams when left out. */
export interface StdioOptions {
  /** The client's messages, one per line. */
  input?: AsyncIterable<Uint8Array | string>;
  /** The answers, one per line, and nothing else. */
  output?: NodeJS.WritableStream;
  /** The adapter's own logs: lines refused, answers that could not be written. */
  error?: NodeJS.WritableStream;
  /** The longest line read, in bytes; a longer one is answered -32600 and dropped as it comes. */
  maxLineBytes?: number;
}

/**
 * Serve an MCP server over stdio until the input ends, then wait for every answer. Requests are
 * answered concurrently, each answer written whole on its own line as soon as it is ready, so
 * they may come out of order, as JSON-RPC allows. No headers: a 2026-07-28 request is known by its
 * `_meta`, and a batch is 2025-03-26's. The server's `logError` writes with console.error, to the
 * process's stderr.
 *
 * @param createServer - Makes the server, once: one client talks to it for the process's life.
 * @param options - The streams, and the longest line.
 * @returns When the input has ended and every answer is written.
 *
 * @example
 * ```ts
 * await serveStdio(() => new NotesServer());
 * ```
 */
export async function serveStdio(
  createServer: () => MCPServerBase,
  options: StdioOptions = {},
): Promise<void> {
  const { input = process.stdin, output = process.stdout, error = process.stderr } = options;
  const { maxLineBytes = DEFAULT_MAX_BODY_BYTES } = options;
  const server = createServer();
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const pending = new Set<Promise<void>>();
  // An answer JSON cannot carry (a BigInt in a tool's _meta, say) becomes -32603, logged.
  const json = (response: JSONRPCResponse) => {
    try {
      return JSON.stringify(response);
    } catch (thrown) {
      server.log(thrown, 'the answer is not JSON');
      return JSON.stringify(errorResponse(response.id, ErrorCode.InternalError, 'Internal error'));
    }
  };
  const send = (answer: JSONRPCResponse | JSONRPCResponse[] | undefined) => {
    if (answer === undefined) return;
    output.write(`${Array.isArray(answer) ? `[${answer.map(json).join(',')}]` : json(answer)}\n`);
  };
  const notify = (notification: JSONRPCNotification) =>
    output.write(`${JSON.stringify(notification)}\n`);
  const refuse = (code: number, message: string) => {
    error.write(`stdio: ${message}\n`);
    send(errorResponse(null, code, message));
  };
  const writeFailed = (thrown: Error) =>
    error.write(`stdio: an answer was not written: ${thrown}\n`);
  output.on('error', writeFailed);

  let parts: Uint8Array[] = [];
  let size = 0;
  const endLine = () => {
    const bytes = size > maxLineBytes ? undefined : Buffer.concat(parts, size);
    parts = [];
    size = 0;
    if (bytes === undefined)
      return refuse(ErrorCode.InvalidRequest, `A line is longer than ${maxLineBytes} bytes.`);
    let payload: unknown;
    try {
      const text = decoder.decode(bytes); // a BOM is dropped; a CR before LF is JSON whitespace
      if (text.trim() === '') return;
      payload = JSON.parse(text);
    } catch {
      return refuse(ErrorCode.ParseError, 'A line is not valid JSON.');
    }
    // One client: its notifications/cancelled may cancel its requests; progress and log
    // messages go out as lines before the answer.
    const answered = server
      .handle(payload, { caller: 'stdio', notify })
      .then(send, (thrown) => server.log(thrown, 'handle failed'))
      .finally(() => pending.delete(answered));
    pending.add(answered);
  };
  for await (const chunk of input) {
    let rest = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    for (let newline = rest.indexOf(10); ; newline = rest.indexOf(10)) {
      const piece = newline === -1 ? rest : rest.subarray(0, newline);
      size += piece.length;
      // Past the limit, the line's bytes are dropped as they come: memory stays bounded.
      if (size <= maxLineBytes) parts.push(piece);
      if (newline === -1) break;
      endLine();
      rest = rest.subarray(newline + 1);
    }
  }
  if (size > 0) endLine(); // a last line without its newline
  await Promise.all(pending);
  output.off('error', writeFailed);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // Whatever prints with console.log would break the stream: it goes to stderr.
  console.log = console.info = console.debug = console.error;
  const repository = loadRepository(fileURLToPath(new URL('../../', import.meta.url)));
  console.error(`The ${repository.name} project server, on stdio: one JSON-RPC message per line.`);
  // Once stdin has ended and every answer is written, nothing is left to do: the process exits 0.
  await serveStdio(() => new ProjectServer([repository]));
}
