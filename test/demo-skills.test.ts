// The demo's project server serves the repository's guides (docs/*.md) as skills, over real HTTP:
// one skill per guide on disk, named after its file, whose SKILL.md is the guide after front
// matter that names and describes it, every file verified against its entry as a host would.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startDemo } from '../examples/demo/main.js';
import { skillFromFiles } from '../src/index.js';
import { rpc, verifiedFiles } from './skills-client.js';

type Demo = Awaited<ReturnType<typeof startDemo>>;

const DOCS = fileURLToPath(new URL('../docs/', import.meta.url));
const GUIDES = readdirSync(DOCS)
  .filter((name) => name.endsWith('.md'))
  .sort()
  .map((name) => ({ name: name.slice(0, -3), text: readFileSync(join(DOCS, name), 'utf8') }));

const skills = suite<{ demo: Demo }>('the demo: its guides as skills');

skills.before(async (context) => {
  context.demo = await startDemo({ port: 0, token: 'staff-secret' });
});

skills.after(async ({ demo }) => {
  await demo.close();
});

skills(
  'every guide is a skill whose SKILL.md is the guide, verified as a host would',
  async ({ demo }) => {
    const url = `${demo.base}/mcp`;
    const discovered = await rpc(url, 'server/discover');
    assert.equal(discovered.body.result.capabilities.extensions['io.modelcontextprotocol/skills'], {
      directoryRead: true,
    });
    const { skills: listed, nextCursor } = (await rpc(url, 'skills/list')).body.result;
    assert.is(nextCursor, undefined);
    assert.equal(
      listed.map((skill: { uri: string }) => skill.uri),
      GUIDES.map(({ name }) => `skill://${demo.repository}/${name}/SKILL.md`),
    );
    for (const [index, { name, text }] of GUIDES.entries()) {
      const entry = listed[index];
      const files = await verifiedFiles(url, entry);
      assert.is(files.size, 1);
      const skillMd = files.get(entry.uri)!.toString('utf8');
      // The guide, whole, after the front matter; and the front matter is the entry's.
      assert.ok(skillMd.endsWith(`---\n\n${text}`), name);
      assert.equal(skillFromFiles({ 'SKILL.md': skillMd }).frontmatter, entry.frontmatter);
      const title = /^# (.+)$/m.exec(text)![1]!;
      assert.is(entry.frontmatter.name, name);
      assert.ok(entry.frontmatter.description.startsWith(`${title}: `), name);
      assert.ok(entry.frontmatter.description.length <= 1024, name);
    }
    // Scoped to the repository, the same skills.
    const scoped = (await rpc(`${demo.base}/mcp/${demo.repository}`, 'skills/list')).body.result;
    assert.equal(scoped.skills, listed);
  },
);

skills.run();
