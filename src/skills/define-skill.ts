/**
 * A skill (the Agent Skills format): a directory of files under a `SKILL.md` whose YAML front matter
 * names and describes it, defined in code with {@link defineSkill} or from its files with
 * {@link skillFromFiles}, and checked there.
 *
 * @module
 */

import { deepFreeze, isObject } from '../jsonrpc.js';
import { type JsonValue, readFrontMatter, writeFrontMatter } from './front-matter.js';

export type { JsonValue };

/** The content of one file of a skill: text (sent as UTF-8), or bytes. */
export type SkillFile = string | Uint8Array;

/**
 * A SKILL.md's front matter, as JSON: `name` and `description`, which the Agent Skills format
 * requires, and every other field its author wrote (`license`, `compatibility`, `metadata`,
 * `allowed-tools`, …), which passes through unchanged.
 */
export interface SkillFrontmatter {
  /** The skill's name: 1 to 64 of `a-z`, `0-9` and `-`, no `-` first, last or twice in a row. */
  readonly name: string;
  /** What the skill does and when to use it: 1 to 1,024 characters. */
  readonly description: string;
  /** The license the skill is under, e.g. `Apache-2.0`. */
  readonly license?: string;
  /** What the skill needs of its environment: at most 500 characters. */
  readonly compatibility?: string;
  /** More about the skill, as strings; keys under `io.modelcontextprotocol/` are reserved. */
  readonly metadata?: Readonly<Record<string, string>>;
  /** Other fields, as the author wrote them. */
  readonly [field: string]: JsonValue | undefined;
}

/**
 * What {@link defineSkill} takes: a skill's name, description and other front matter, its
 * instructions and its other files.
 */
export interface SkillSpec {
  /** As {@link SkillFrontmatter.name}: the last segment of its URI. */
  readonly name: string;
  /** As {@link SkillFrontmatter.description}. */
  readonly description: string;
  /** As {@link SkillFrontmatter.license}. */
  readonly license?: string;
  /** As {@link SkillFrontmatter.compatibility}. */
  readonly compatibility?: string;
  /** As {@link SkillFrontmatter.metadata}. */
  readonly metadata?: Readonly<Record<string, string>>;
  /** The tools the skill asks to use, space-separated (experimental in Agent Skills). */
  readonly 'allowed-tools'?: string;
  /** Other front matter fields, written after these. */
  readonly frontmatter?: Readonly<Record<string, JsonValue>>;
  /** The body of its SKILL.md, after the front matter: Markdown instructions for the agent. */
  readonly instructions: string;
  /**
   * Its other files, by their path in the skill's directory, e.g. `references/FORMS.md` (each
   * segment of `A-Z a-z 0-9 . _ ~ -`, no `.` nor `..`); not `SKILL.md`, which is written from the
   * rest.
   */
  readonly files?: Readonly<Record<string, SkillFile>>;
  /**
   * The segments before its name in its URI, e.g. `acme/billing` for
   * `skill://acme/billing/refunds/SKILL.md`; none by default. The first is the URI's authority:
   * lowercase.
   */
  readonly path?: string;
}

/**
 * A skill, defined and checked: give it to `skillsIn()`. Its files are served as resources under
 * `skill://<path>/<name>/`, its SKILL.md first.
 */
export interface Skill {
  /** The URI of its SKILL.md, e.g. `skill://pdf-processing/SKILL.md`. */
  readonly uri: `skill://${string}/SKILL.md`;
  /** Its SKILL.md's front matter, frozen: what `skills/list` and `skills/get` publish. */
  readonly frontmatter: SkillFrontmatter;
  /** Its files by their path in its directory, SKILL.md first, exactly as they are served. */
  readonly files: ReadonlyMap<string, SkillFile>;
}

// The skills these functions made: skillsIn() takes no other.
const defined = new WeakSet<Skill>();

/** @internal Whether a value is a skill {@link defineSkill} or {@link skillFromFiles} made. */
export const isSkill = (value: unknown): value is Skill => defined.has(value as Skill);

/** The Agent Skills format's rule for a name. */
export const SKILL_NAME = /^(?!.*--)[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;

// The front matter fields a spec names: not given again in its `frontmatter`.
const FIELDS = ['name', 'description', 'license', 'compatibility', 'metadata', 'allowed-tools'];

// A segment of a path or a URI that needs no percent-encoding, and is not `.` nor `..`.
const SEGMENT = /^(?!\.\.?$)[A-Za-z0-9._~-]+$/;

/**
 * Define a skill in code: its SKILL.md is written from its front matter and its instructions, and
 * its other files are given as text or bytes. Everything is checked here, so that a mistake fails
 * where the skill is defined, not on a client.
 *
 * @param spec - Its name, description and other front matter, its instructions, its other files,
 * and the path before its name.
 * @returns The skill.
 * @throws TypeError - Naming the skill and its mistake: a name the Agent Skills format refuses, a
 * description that is empty or too long, a field that is not JSON, a file path that is not a plain
 * relative path, a reserved `metadata` key.
 *
 * @example
 * ```ts
 * const releaseNotes = defineSkill({
 *   name: 'release-notes',
 *   description: 'Write the release notes of a version from its merged changes.',
 *   license: 'MIT',
 *   instructions: '# Release notes\n\nRead `templates/notes.md`, then fill it in.',
 *   files: { 'templates/notes.md': '## {version}\n\n{changes}\n' },
 * });
 * ```
 */
export function defineSkill(spec: SkillSpec): Skill {
  if (!isObject(spec)) throw new TypeError('defineSkill: the spec must be an object');
  const { instructions, files = {}, path, frontmatter: more = {}, ...fields } = spec;
  if (!isObject(more)) throw new TypeError('defineSkill: frontmatter must be an object');
  const taken = Object.keys(more).find((field) => FIELDS.includes(field));
  if (taken !== undefined)
    throw new TypeError(`defineSkill: give ${taken} beside frontmatter, not in it`);
  // name and description first, as a reader expects them.
  const frontmatter: Record<string, unknown> = Object.assign(
    { name: undefined, description: undefined },
    fields,
    more,
  );
  const where = `defineSkill(${named(frontmatter.name)})`;
  if (typeof instructions !== 'string') {
    throw new TypeError(`${where}: instructions must be a string of Markdown`);
  }
  checkFrontmatter(where, frontmatter);
  if (!isObject(files)) throw new TypeError(`${where}: files must be an object of paths`);
  if (Object.hasOwn(files, 'SKILL.md')) {
    throw new TypeError(
      `${where}: SKILL.md is written from the spec; give its body as instructions`,
    );
  }
  const text = `---\n${writeFrontMatter(frontmatter as Record<string, JsonValue>)}---\n\n${instructions}`;
  return made(where, frontmatter as unknown as SkillFrontmatter, path, {
    'SKILL.md': text,
    ...files,
  });
}

/**
 * Define a skill from its files, as they would lie in its directory: its SKILL.md, whose front
 * matter gives its name and description, and the others. The front matter is read as the subset of
 * YAML front matter uses (block mappings and lists, plain, quoted and `|`/`>` values, JSON flow
 * collections); anything else, or a value YAML versions read differently (`yes`, `010`, a date), is
 * refused with its line, so that every host reads what `skills/list` publishes.
 *
 * @param files - Every file by its path in the skill's directory, `SKILL.md` included (text).
 * @param options - The path before the skill's name in its URI, e.g. `acme/billing`.
 * @returns The skill.
 * @throws TypeError - As {@link defineSkill}, and for a SKILL.md that is missing or whose front
 * matter cannot be read.
 *
 * @example
 * ```ts
 * // Node: every file of a directory, by its path in it.
 * const dir = 'skills/pdf-processing';
 * const files = Object.fromEntries(
 *   readdirSync(dir, { recursive: true, withFileTypes: true })
 *     .filter((entry) => entry.isFile())
 *     .map((entry) => {
 *       const file = join(entry.parentPath, entry.name);
 *       const bytes = readFileSync(file);
 *       return [relative(dir, file), file.endsWith('.md') ? bytes.toString('utf8') : bytes];
 *     }),
 * );
 * const pdfProcessing = skillFromFiles(files);
 * ```
 */
export function skillFromFiles(
  files: Readonly<Record<string, SkillFile>>,
  options: { readonly path?: string } = {},
): Skill {
  if (!isObject(files)) throw new TypeError('skillFromFiles: files must be an object of paths');
  const text = files['SKILL.md'];
  if (typeof text !== 'string') {
    throw new TypeError('skillFromFiles: a skill has a SKILL.md, given as text');
  }
  let frontmatter: Record<string, JsonValue>;
  try {
    frontmatter = readFrontMatter(text).frontmatter;
  } catch (error) {
    throw new TypeError(`skillFromFiles: SKILL.md: ${(error as Error).message}`);
  }
  const where = `skillFromFiles(${named(frontmatter.name)})`;
  checkFrontmatter(where, frontmatter);
  return made(where, frontmatter as unknown as SkillFrontmatter, options.path, files);
}

// The skill's name, as its errors name it.
const named = (name: unknown) =>
  typeof name === 'string' ? JSON.stringify(name.slice(0, 64)) : '';

function checkFrontmatter(where: string, frontmatter: Record<string, unknown>): void {
  const { name, description, compatibility, metadata } = frontmatter;
  if (typeof name !== 'string' || !SKILL_NAME.test(name)) {
    throw new TypeError(
      `${where}: name must be 1 to 64 of a-z, 0-9 and -, with no - first, last or twice in a row`,
    );
  }
  if (typeof description !== 'string' || description.trim() === '' || description.length > 1024) {
    throw new TypeError(`${where}: description must be a string of 1 to 1,024 characters`);
  }
  if (
    compatibility !== undefined &&
    (typeof compatibility !== 'string' || compatibility.length > 500)
  ) {
    throw new TypeError(`${where}: compatibility must be a string of at most 500 characters`);
  }
  if (metadata !== undefined) {
    if (!isObject(metadata) || Object.values(metadata).some((value) => typeof value !== 'string')) {
      throw new TypeError(`${where}: metadata must map its keys to strings`);
    }
    const reserved = Object.keys(metadata).find((key) =>
      key.startsWith('io.modelcontextprotocol/'),
    );
    if (reserved !== undefined) {
      throw new TypeError(`${where}: metadata key ${reserved} is reserved for MCP extensions`);
    }
  }
  for (const [field, value] of Object.entries(frontmatter)) {
    if (!isJson(value)) throw new TypeError(`${where}: ${field} must be JSON`);
  }
}

function isJson(value: unknown, depth = 0): boolean {
  if (depth > 32) return false;
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every((item) => isJson(item, depth + 1));
  return (
    isObject(value) &&
    Object.getPrototypeOf(value) === Object.prototype &&
    Object.values(value).every((item) => isJson(item, depth + 1))
  );
}

function made(
  where: string,
  frontmatter: SkillFrontmatter,
  path: unknown,
  files: Readonly<Record<string, SkillFile>>,
): Skill {
  if (path !== undefined && typeof path !== 'string') {
    throw new TypeError(`${where}: path must be a string such as acme/billing`);
  }
  const prefix = path === undefined || path === '' ? [] : path.split('/');
  if (prefix.some((segment) => !SEGMENT.test(segment))) {
    throw new TypeError(`${where}: each segment of path must be of A-Z a-z 0-9 . _ ~ -`);
  }
  if (prefix[0] !== undefined && prefix[0] !== prefix[0].toLowerCase()) {
    throw new TypeError(`${where}: the first segment of path is the URI's authority: lowercase`);
  }
  const byPath = new Map<string, SkillFile>();
  for (const [file, content] of Object.entries(files)) {
    if (!file.split('/').every((segment) => SEGMENT.test(segment))) {
      throw new TypeError(
        `${where}: the file ${JSON.stringify(file)} must be a relative path of segments of A-Z a-z 0-9 . _ ~ -`,
      );
    }
    if (typeof content !== 'string' && !(content instanceof Uint8Array)) {
      throw new TypeError(`${where}: the file ${file} must be a string or a Uint8Array`);
    }
    // A copy: bytes changed after the definition would no longer match their digest.
    byPath.set(file, typeof content === 'string' ? content : content.slice());
  }
  // SKILL.md first: the order of the skill's resources.
  const ordered = new Map([['SKILL.md', byPath.get('SKILL.md')!], ...byPath]);
  for (const file of ordered.keys()) {
    for (let end = file.indexOf('/'); end > 0; end = file.indexOf('/', end + 1)) {
      if (ordered.has(file.slice(0, end))) {
        throw new TypeError(`${where}: ${file.slice(0, end)} is both a file and a directory`);
      }
    }
  }
  const skill: Skill = Object.freeze({
    uri: `skill://${[...prefix, frontmatter.name].join('/')}/SKILL.md` as const,
    frontmatter: deepFreeze(structuredClone(frontmatter)),
    files: ordered,
  });
  defined.add(skill);
  return skill;
}
