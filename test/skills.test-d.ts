/**
 * Compile-time checks of a skill's definition: `defineSkill()` takes the Agent Skills front matter
 * by name (a misspelt field is refused, not passed through), text or bytes for its files, and
 * strings for its metadata; `skillsIn()`'s template goes where resource templates go. Checked by
 * `tsc -p tsconfig.test.json`; never run. Every `@ts-expect-error` is a use the types must refuse.
 */
import {
  defineSkill,
  MCPServerBase,
  type Skill,
  skillFromFiles,
  skillsIn,
  templatesByUriTemplate,
} from '../src/index.js';

const ok = defineSkill({
  name: 'release-notes',
  description: 'Write release notes.',
  license: 'MIT',
  compatibility: 'Needs git.',
  metadata: { owner: 'docs' },
  'allowed-tools': 'Read',
  frontmatter: { tags: ['docs'], level: 2, draft: false, reviewer: null },
  instructions: '# Release notes',
  files: { 'templates/notes.md': '## {version}', 'logo.png': new Uint8Array([1]) },
  path: 'acme',
});
const uri: `skill://${string}/SKILL.md` = ok.uri;
const name: string = ok.frontmatter.name;
void uri;
void name;

// @ts-expect-error: a description is required
defineSkill({ name: 'a', instructions: 'b' });
// @ts-expect-error: instructions are required
defineSkill({ name: 'a', description: 'b' });
// @ts-expect-error: a misspelt field is not front matter
defineSkill({ name: 'a', description: 'b', instructions: 'c', licence: 'MIT' });
// @ts-expect-error: a file is text or bytes
defineSkill({ name: 'a', description: 'b', instructions: 'c', files: { 'a.md': 1 } });
// @ts-expect-error: metadata maps to strings
defineSkill({ name: 'a', description: 'b', instructions: 'c', metadata: { version: 1 } });
// @ts-expect-error: other front matter is JSON
defineSkill({ name: 'a', description: 'b', instructions: 'c', frontmatter: { when: new Date() } });

const fromFiles: Skill = skillFromFiles({ 'SKILL.md': '---\nname: a\ndescription: b\n---\n' });
// @ts-expect-error: a file is text or bytes
skillFromFiles({ 'SKILL.md': 1 });

const skills = skillsIn([ok, fromFiles], {
  directoryRead: true,
  cache: { ttlMs: 0, cacheScope: 'private' },
});
// @ts-expect-error: skills, not their specs
skillsIn([{ name: 'a', description: 'b', instructions: 'c' }]);
// @ts-expect-error: a cache scope is public or private
skillsIn([ok], { cache: { ttlMs: 0, cacheScope: 'shared' } });

export class SkillsServer extends MCPServerBase {
  readonly name = 'skills';
  override readonly resourceTemplates = templatesByUriTemplate(skills);
  serverInfo() {
    return { version: '1.0.0' };
  }
}
