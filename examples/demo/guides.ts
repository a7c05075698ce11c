// The repository's guides (docs/*.md) as skills (the Skills extension): each guide is a skill
// named after its file, whose instructions are the guide and whose description is its first
// paragraph, under skill://<repository>/<guide>/SKILL.md. Made once per set of repositories: the
// digests are computed once, for every server made per request.
import { defineSkill, type Skill, type Skills, skillsIn } from 'mcp-protocol-core';
import type { Repository } from './repository.js';

const GUIDE = /^docs\/([a-z0-9]+(?:-[a-z0-9]+)*)\.md$/;

// A guide's title and first paragraph, as plain text: what the skill is for.
function descriptionOf(text: string, name: string): string {
  const title = /^# (.+)$/m.exec(text)?.[1]?.trim() ?? name;
  const paragraph =
    text
      .split(/\n\s*\n/)
      .map((block) => block.trim())
      .find((block) => block !== '' && !block.startsWith('#') && !block.startsWith('```')) ?? '';
  const plain = `${title}: ${paragraph}`
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= 1024) return plain;
  const cut = plain.slice(0, 1024);
  return cut.slice(0, cut.lastIndexOf('. ') + 1) || `${cut.slice(0, 1023)}…`;
}

const byRepository = new WeakMap<Repository, readonly Skill[]>();
const byNames = new Map<string, Skills>();

/** The guides of a repository, as skills, in the order of their paths. */
export function guidesOf(repository: Repository): readonly Skill[] {
  let skills = byRepository.get(repository);
  if (skills === undefined) {
    skills = [...repository.documents.values()].flatMap(({ path, text }) => {
      const name = GUIDE.exec(path)?.[1];
      if (name === undefined) return [];
      return [
        defineSkill({
          name,
          path: repository.name,
          description: descriptionOf(text, name),
          metadata: { source: `repo://${repository.name}/${path}` },
          instructions: text,
        }),
      ];
    });
    byRepository.set(repository, skills);
  }
  return skills;
}

/** The skills of the guides of these repositories: made once for each set. */
export function guideSkills(repositories: readonly Repository[]): Skills {
  const key = repositories.map((repository) => repository.name).join('\n');
  let skills = byNames.get(key);
  if (skills === undefined) {
    skills = skillsIn(repositories.flatMap(guidesOf), { directoryRead: true });
    byNames.set(key, skills);
  }
  return skills;
}
