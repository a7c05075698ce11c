// Any MCP server over stdio, for a local client that starts it as a child process: one JSON-RPC
// message per line on stdin, one per line on stdout, logs on stderr. Here, the demo's project
// server: `node --import tsx examples/adapters/stdio.ts` (not `npm run`: npm prints on stdout).
import type { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import {
  ErrorCode,
  errorResponse,
  type JSONRPCResponse,
  type MCPServerBase,
} from 'mcp-protocol-core';
import { DEFAULT_MAX_BODY_BYTES } from 'mcp-protocol-core/http';
import { ProjectServer } from '../demo/project-server.js';
import { loadRepository } from '../demo/repository.js';

/** Where {@link serveStdio} reads and writes; the process's own streams when left out. */
export interface StdioOptions {
  input?: AsyncIterable<Uint8Array | string>; // the client's messages, one per line
  output?: Writable; // what the client reads, and nothing else
  error?: NodeJS.WritableStream; // the adapter's own logs
  maxLineBytes?: number; // a longer line is answered -32600, its bytes dropped as they come
}

/**
 * Serve an MCP server until the input ends and every answer is written. Requests are answered
 * concurrently, each on its own line when ready. While the client does not read the output, no
 * more input is read, and a notification's `notify()` promise waits for the output to drain.
 */
export async function serveStdio(createServer: () => MCPServerBase, options: StdioOptions = {}) {
  const { input = process.stdin, output = process.stdout, error = process.stderr } = options;
  const server = createServer();
  const maxLineBytes = options.maxLineBytes ?? DEFAULT_MAX_BODY_BYTES;
  const [decoder, pending] = [new TextDecoder('utf-8', { fatal: true }), new Set<Promise<void>>()];
  let drained: Promise<void> | undefined; // while the output is full: the client is not reading
  const write = (line: string) => {
    if (output.write(`${line}\n`) || output.destroyed) return drained;
    drained ??= new Promise((resolve) => {
      const done = () => {
        output.off('drain', done).off('close', done).off('error', done);
        drained = undefined;
        resolve();
      };
      output.on('drain', done).on('close', done).on('error', done);
    });
    return drained;
  };
  const json = (response: JSONRPCResponse) => {
    try {
      return JSON.stringify(response);
    } catch (thrown) {
      server.log(thrown, 'the answer is not JSON'); // a BigInt in _meta, say: -32603 instead
      return JSON.stringify(errorResponse(response.id, ErrorCode.InternalError, 'Internal error'));
    }
  };
  const send = (answer: JSONRPCResponse | JSONRPCResponse[] | undefined) =>
    answer && write(Array.isArray(answer) ? `[${answer.map(json).join(',')}]` : json(answer));
  const refuse = (code: number, message: string) => {
    error.write(`stdio: ${message}\n`);
    send(errorResponse(null, code, message));
  };
  const writeFailed = (thrown: Error) =>
    error.write(`stdio: an answer was not written: ${thrown}\n`);
  output.on('error', writeFailed);
  const endLine = (bytes: Uint8Array | undefined) => {
    if (!bytes)
      return refuse(ErrorCode.InvalidRequest, `A line is longer than ${maxLineBytes} bytes.`);
    let payload: unknown;
    try {
      const text = decoder.decode(bytes); // a BOM is dropped; a CR before LF is JSON whitespace
      if (text.trim() === '') return;
      payload = JSON.parse(text);
    } catch {
      return refuse(ErrorCode.ParseError, 'A line is not valid JSON.');
    }
    // One client, one caller: its notifications/cancelled may cancel its requests.
    const notify = (notification: object) => write(JSON.stringify(notification));
    const answered = server
      .handle(payload, { caller: 'stdio', notify })
      .then(send, (thrown) => server.log(thrown, 'handle failed'))
      .finally(() => pending.delete(answered));
    pending.add(answered);
  };
  let [parts, size] = [[] as Uint8Array[], 0];
  for await (const chunk of input) {
    let rest = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    for (let newline = rest.indexOf(10); ; newline = rest.indexOf(10)) {
      const piece = newline === -1 ? rest : rest.subarray(0, newline);
      size += piece.length;
      if (size <= maxLineBytes) parts.push(piece); // past it, dropped: memory stays bounded
      if (newline === -1) break;
      endLine(size > maxLineBytes ? undefined : Buffer.concat(parts, size));
      [parts, size, rest] = [[], 0, rest.subarray(newline + 1)];
    }
    await drained; // no more requests while the client does not read the answers
  }
  if (size > 0) endLine(size > maxLineBytes ? undefined : Buffer.concat(parts, size));
  await Promise.all(pending);
  output.off('error', writeFailed);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log = console.info = console.debug = console.error; // stdout carries MCP messages only
  const repository = loadRepository(fileURLToPath(new URL('../../', import.meta.url)));
  console.error(`The ${repository.name} project server, on stdio: one JSON-RPC message per line.`);
  await serveStdio(() => new ProjectServer([repository])); // exits 0 once stdin ends
}
