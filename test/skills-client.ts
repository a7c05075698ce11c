// Raw 2026-07-28 requests of a host of the Skills extension, for the tests that drive a server's
// skills over real HTTP (the official clients do not speak the extension yet), and the check a host
// makes of each file it reads against the skill's entry.
import { createHash } from 'node:crypto';
import * as assert from 'uvu/assert';

const VERSION = '2026-07-28';
let nextId = 1;

/** POST one request to `url`; its status and JSON-RPC body (the answer must be JSON). */
export async function rpc(
  url: string,
  method: string,
  params: Record<string, unknown> = {},
): Promise<{ status: number; body: any }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': VERSION,
      'mcp-method': method,
      // What resources/read mirrors; the skills' methods have no such header.
      ...(method === 'resources/read' && { 'mcp-name': String(params.uri) }),
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: nextId++,
      method,
      params: {
        ...params,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': VERSION,
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    }),
  });
  assert.is(response.headers.get('content-type'), 'application/json');
  return { status: response.status, body: (await response.json()) as any };
}

/**
 * Read every file of a skill's entry, as a host does before it loads the skill, and check each
 * against the entry's digest and size.
 *
 * @returns The files' bytes, by URI.
 */
export async function verifiedFiles(
  url: string,
  entry: { resources: { uri: string; digest: string; size: number }[] },
): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const { uri, digest, size } of entry.resources) {
    const read = await rpc(url, 'resources/read', { uri });
    assert.is(read.status, 200, uri);
    const [contents] = read.body.result.contents;
    const bytes =
      contents.text === undefined
        ? Buffer.from(contents.blob, 'base64')
        : Buffer.from(contents.text, 'utf8');
    assert.is(bytes.length, size, uri);
    assert.is(`sha256:${createHash('sha256').update(bytes).digest('hex')}`, digest, uri);
    files.set(uri, bytes);
  }
  return files;
}
