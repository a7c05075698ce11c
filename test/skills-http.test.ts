// The Skills extension over real HTTP, as a 2026-07-28 host speaks it (raw requests: the official
// clients do not speak the extension yet), against the conformance server's skills: discovered,
// listed, one fetched and verified against its digest and size, its directory read, and the
// refusals a host may meet, each a JSON-RPC error with status 200.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { type RunningServer, startConformanceServer } from '../examples/conformance-server.js';
import { rpc as post, verifiedFiles } from './skills-client.js';

const EXT = 'io.modelcontextprotocol/skills';

let server: RunningServer;

const rpc = (method: string, params: Record<string, unknown> = {}) =>
  post(server.url, method, params);

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
  const files = await verifiedFiles(server.url, skills[0]);
  assert.is(files.size, 4);
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
