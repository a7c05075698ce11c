// The Skills extension over real HTTP, as a 2026-07-28 host speaks it (raw requests: the official
// clients do not speak the extension yet), against the conformance server's skills: discovered,
// listed, one fetched and verified against its digest and size, its directory read, and the
// refusals a host may meet, each a JSON-RPC error with status 200.
import { createHash } from 'node:crypto';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { type RunningServer, startConformanceServer } from '../examples/conformance-server.js';

const VERSION = '2026-07-28';
const EXT = 'io.modelcontextprotocol/skills';

let server: RunningServer;
let nextId = 1;

async function rpc(method: string, params: Record<string, unknown> = {}) {
  const response = await fetch(server.url, {
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

const http = suite('skills over HTTP');

http.before(async () => {
  server = await startConformanceServer(0);
});

http.after(async () => {
  await server.close();
});

http('discovered, listed, and every file of a skill verified against its entry', async () => {
  const discovered = await rpc('server/discover');
  assert.equal(discovered.body.result.capabilities.extensions[EXT], { directoryRead: true });
  assert.ok(discovered.body.result.capabilities.resources);
  const listed = await rpc('skills/list');
  assert.is(listed.status, 200);
  const { skills, ttlMs, cacheScope } = listed.body.result;
  assert.equal([ttlMs, cacheScope], [300_000, 'public']);
  assert.equal(
    skills.map((skill: { uri: string }) => skill.uri),
    ['skill://pdf-processing/SKILL.md', 'skill://acme/git-workflow/SKILL.md'],
  );
  const got = await rpc('skills/get', { uri: skills[0].uri });
  assert.equal(got.body.result.skill, skills[0]);
  // What a host does before it loads a skill: each file read, and checked against its entry.
  for (const { uri, digest, size } of skills[0].resources) {
    const read = await rpc('resources/read', { uri });
    assert.is(read.status, 200, uri);
    const [contents] = read.body.result.contents;
    const bytes = Buffer.from(
      contents.text ?? contents.blob,
      contents.text === undefined ? 'base64' : 'utf8',
    );
    assert.is(bytes.length, size, uri);
    assert.is(`sha256:${createHash('sha256').update(bytes).digest('hex')}`, digest, uri);
  }
});

http('a skill’s directory is read, and each refusal is -32602 with status 200', async () => {
  const root = await rpc('resources/directory/read', { uri: 'skill://pdf-processing' });
  assert.is(root.status, 200);
  assert.equal(
    root.body.result.resources.map((child: { name: string; mimeType: string }) => [
      child.name,
      child.mimeType,
    ]),
    [
      ['SKILL.md', 'text/markdown'],
      ['templates', 'inode/directory'],
      ['references', 'inode/directory'],
    ],
  );
  for (const [method, params] of [
    ['skills/get', { uri: 'skill://mcp-conformance-nonexistent-skill-9f3a2b/SKILL.md' }],
    ['skills/get', {}],
    ['resources/directory/read', { uri: 'skill://pdf-processing/SKILL.md' }],
    ['resources/directory/read', { uri: 'skill://nowhere' }],
    ['skills/list', { cursor: 'not one of ours' }],
  ] as const) {
    const { status, body } = await rpc(method, params);
    assert.is(status, 200, method);
    assert.is(body.error.code, -32602, `${method} ${JSON.stringify(params)}`);
  }
});

http.run();
