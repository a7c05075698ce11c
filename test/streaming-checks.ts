// What every adapter must do with an SSE answer, checked over real HTTP against the gated test
// server (test/gated-server.ts) behind it, wherever it runs: the first notification reaches the
// client while the tool still waits, and a client that goes away cancels a 2026-07-28 request but
// not a handshake-era one. The tool is released, and asked what became of it, by more requests.
import * as assert from 'uvu/assert';
import type { Outcome } from './gated-server.js';

const BOTH = 'application/json, text/event-stream';
const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/logLevel': 'debug',
};
/** How long a check waits for the server to report what it waits for: far more than it needs. */
const PATIENCE_MS = 10_000;

let calls = 0;
/** A key no other call of this process uses. */
export const uniqueKey = (name: string) => `${name.replace(/\W+/g, '-')}-${++calls}`;

function callTool(url: string, name: string, key: string, modern: boolean, signal?: AbortSignal) {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: BOTH };
  if (modern) {
    headers['mcp-protocol-version'] = '2026-07-28';
    headers['mcp-method'] = 'tools/call';
    headers['mcp-name'] = name;
  }
  const _meta = modern ? { ...MODERN_META, progressToken: key } : { progressToken: key };
  const params = { name, arguments: { key }, _meta };
  return fetch(url, {
    method: 'POST',
    headers,
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params }),
    signal: signal ?? AbortSignal.timeout(PATIENCE_MS),
  });
}

// The text of a quick tool's JSON answer.
async function textOf(url: string, name: 'release' | 'outcome', key: string): Promise<string> {
  const response = await callTool(url, name, key, false);
  assert.is(response.status, 200);
  assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
  const { result } = await response.json();
  return result.content[0].text;
}

const release = (url: string, key: string) => textOf(url, 'release', key);
const outcome = async (url: string, key: string) =>
  JSON.parse(await textOf(url, 'outcome', key)) as Outcome | null;

/** Ask until the call's outcome passes `done`; fail, saying what was awaited, past the patience. */
async function awaitOutcome(
  url: string,
  key: string,
  done: (outcome: Outcome) => boolean,
  what: string,
): Promise<Outcome> {
  const deadline = Date.now() + PATIENCE_MS;
  for (;;) {
    const seen = await outcome(url, key);
    if (seen !== null && done(seen)) return seen;
    if (Date.now() > deadline) {
      assert.unreachable(`${what}: not in ${PATIENCE_MS} ms (${JSON.stringify(seen)})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// Reads an SSE body until the text holds `text`, or it ends.
async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, text: string) {
  const decoder = new TextDecoder();
  let read = '';
  while (!read.includes(text)) {
    const { done, value } = await reader.read();
    if (done) break;
    read += decoder.decode(value, { stream: true });
  }
  return read;
}

// The messages of an SSE text, in order, named by method or `response <id>`; comments skipped.
function sequence(text: string): string[] {
  return text
    .split('\n\n')
    .filter((event) => event.includes('data: '))
    .map((event) => {
      assert.match(event, /^event: message\ndata: /);
      const message = JSON.parse(event.slice(event.indexOf('data: ') + 6));
      return message.method ?? `response ${message.id}`;
    });
}

/** Call `gated` and read its answer up to its first notification, which must come first. */
async function openGated(url: string, key: string, modern: boolean, signal?: AbortSignal) {
  const response = await callTool(url, 'gated', key, modern, signal);
  assert.is(response.status, 200);
  assert.is(response.headers.get('content-type'), 'text/event-stream');
  assert.is(response.headers.get('cache-control'), 'no-cache, no-transform');
  assert.is(response.headers.get('x-accel-buffering'), 'no');
  assert.is(response.headers.get('content-length'), null);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const first = await readUntil(reader, 'notifications/progress');
  assert.match(first, /notifications\/progress/);
  assert.not.match(first, /"result"/);
  return { reader, first };
}

/**
 * The first notification arrives while the tool waits: it is read before the second request
 * releases the tool, which finds it still waiting; then the rest, the response last.
 */
export async function streamsBeforeResult(url: string, name: string) {
  const key = uniqueKey(name);
  const { reader, first } = await openGated(url, key, false);
  assert.is(await release(url, key), 'true', 'the tool was still waiting');
  const rest = await readUntil(reader, '"result"');
  assert.equal(sequence(first + rest), [
    'notifications/progress',
    'notifications/message',
    'notifications/progress',
    'response 1',
  ]);
  assert.ok((await reader.read()).done, 'the answer ends after the response');
}

/** A 2026-07-28 client that goes away: the adapter reports it, and the request is cancelled. */
export async function modernDisconnectCancels(url: string, name: string) {
  const key = uniqueKey(name);
  const client = new AbortController();
  await openGated(url, key, true, client.signal);
  client.abort();
  const seen = await awaitOutcome(url, key, (o) => o.cancelled, 'the call cancelled');
  assert.equal(seen, { disconnected: true, cancelled: true, finished: false });
  assert.is(await release(url, key), 'false', 'nothing waits any more');
}

/**
 * A handshake-era client that goes away: the adapter reports it, and the request runs on, to its
 * end when released.
 */
export async function handshakeDisconnectRunsOn(url: string, name: string) {
  const key = uniqueKey(name);
  const client = new AbortController();
  await openGated(url, key, false, client.signal);
  client.abort();
  await awaitOutcome(url, key, (o) => o.disconnected, 'the disconnect reported');
  assert.equal(await outcome(url, key), { disconnected: true, cancelled: false, finished: false });
  assert.is(await release(url, key), 'true', 'the tool still waits');
  const seen = await awaitOutcome(url, key, (o) => o.finished, 'the call finished');
  assert.equal(seen, { disconnected: true, cancelled: false, finished: true });
}
