/**
 * The Skills extension (`io.modelcontextprotocol/skills`, 2026-07-28) on a server: `skills/list`
 * and `skills/get`, each skill's manifest with the SHA-256 digest and size of every file,
 * `resources/directory/read`, and the resource template that serves the files.
 *
 * @module
 */

import { ProtocolError } from '../core/errors.js';
import {
  cacheHint,
  type Methods,
  PUBLIC_FIVE_MINUTES,
  withMethods,
} from '../core/method-registry.js';
import { page, pageSizeOf } from '../core/paging.js';
import type { CacheHint, ServerCore } from '../core/server-contract.js';
import { deepFreeze, ErrorCode } from '../jsonrpc.js';
import type { AnyResourceTemplate } from '../resources/resource-base.js';
import type { ResourceContents } from '../resources/resource-contents.js';
import type { ResourcesServer } from '../resources/resource-methods.js';
import { encodeBase64 } from '../wire/base64.js';
import type { Resource, Result, ServerCapabilities } from '../wire/types.js';
import { isSkill, type Skill, type SkillFile, type SkillFrontmatter } from './define-skill.js';

/** The Skills extension's name, as `server/discover` lists it. */
export const SKILLS_EXTENSION = 'io.modelcontextprotocol/skills';

/**
 * A server's skills, made by {@link skillsIn}: the resource template (`skill://{+path}`) that serves
 * their files through `resources/read` and lists each SKILL.md in `resources/list`, and that
 * brings the Skills extension to the server whose `resourceTemplates` holds it.
 */
export interface Skills extends AnyResourceTemplate {
  /** The skills, in the order `skills/list` lists them. */
  readonly skills: readonly Skill[];
  /** Whether `resources/directory/read` is answered, and declared in `server/discover`. */
  readonly directoryRead: boolean;
}

/** Options of {@link skillsIn}. */
export interface SkillsOptions {
  /**
   * Answer `resources/directory/read` on every directory of every skill (its root, e.g.
   * `skill://pdf-processing`, and each subdirectory), and declare it. Default `false`.
   */
  readonly directoryRead?: boolean;
  /**
   * How long a client may keep `skills/list`, `skills/get`, and the reads of the skills' files,
   * and with whom. Default five minutes, public: skills are the same for every caller.
   */
  readonly cache?: CacheHint;
}

/** One file of a skill, as its entry lists it. */
export interface SkillResource {
  /** The file's URI. */
  readonly uri: string;
  /** `sha256:` and the 64 lowercase hex digits of the SHA-256 of its bytes. */
  readonly digest: string;
  /** Its length in bytes. */
  readonly size: number;
}

/** A skill as `skills/list` and `skills/get` give it: its SKILL.md, front matter and files. */
export interface SkillEntry {
  /** The URI of its SKILL.md. */
  readonly uri: string;
  /** Its SKILL.md's front matter, as JSON. */
  readonly frontmatter: SkillFrontmatter;
  /** Every file of the skill (those of skills nested in it too), SKILL.md first. */
  readonly resources: readonly SkillResource[];
}

// One file, as resources/read serves it.
interface Served {
  readonly content: SkillFile;
  readonly bytes: Uint8Array;
  readonly mimeType: string;
}

// The keys under which the template brings its methods and its offer (see templatesByUriTemplate).
const FEATURE = Symbol.for('mcp-protocol-core.methods');
const OFFER = Symbol.for('mcp-protocol-core.changes-offer');
const TEMPLATE = 'skill://{+path}';
const DIRECTORY = 'inode/directory';
/** The most files, and bytes, a skill may have: what every host must accept. */
const MAX_FILES = 512;
const MAX_BYTES = 16 * 1024 * 1024;

const TYPES: Record<string, string> = {
  md: 'text/markdown',
  txt: 'text/plain',
  json: 'application/json',
  yaml: 'application/yaml',
  yml: 'application/yaml',
  csv: 'text/csv',
  html: 'text/html',
  py: 'text/x-python',
  sh: 'text/x-shellscript',
  js: 'text/javascript',
  ts: 'text/typescript',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  pdf: 'application/pdf',
};

const mimeTypeOf = (path: string, content: SkillFile) =>
  TYPES[/\.([A-Za-z0-9]+)$/.exec(path)?.[1]?.toLowerCase() ?? ''] ??
  (typeof content === 'string' ? 'text/plain' : 'application/octet-stream');

const encoder = new TextEncoder();

// What skillsIn() makes: the public Skills, and what its methods read.
interface SkillsIn extends Skills {
  readonly cache: CacheHint;
  /** Every file of every skill, by URI. */
  readonly served: ReadonlyMap<string, Served>;
  /** Every directory of every skill, by URI: its children, as resources. */
  readonly directories: ReadonlyMap<string, readonly Resource[]>;
  /** The skills' entries, by the URI of their SKILL.md, in order: the digests computed once. */
  entries(): Promise<ReadonlyMap<string, SkillEntry>>;
}

/**
 * Serve skills: the resource template this returns, in a server's `resourceTemplates`, serves every
 * file of every skill through `resources/read` (`skill://<path>/<name>/<file>`) and lists each
 * SKILL.md in `resources/list`; and it brings the Skills extension (2026-07-28) to the server:
 * `server/discover` lists it, `skills/list` and `skills/get` answer each skill's front matter and
 * the digest and size of each of its files, and, with `directoryRead`, `resources/directory/read`
 * lists a skill's directories. Make it once, at module level: the digests are computed once.
 *
 * A skill whose directory lies in another's is nested in it: its files are also the outer skill's,
 * as the extension says.
 *
 * @param skills - The skills, from {@link defineSkill} or {@link skillFromFiles}, in the order
 * `skills/list` lists them.
 * @param options - `directoryRead`, and the cache hint.
 * @returns The skills' resource template.
 * @throws TypeError - For a skill not made by those functions, two skills or files at one URI, a
 * skill of more than 512 files or 16 MiB (nested skills counted), or an option out of range.
 *
 * @example
 * ```ts
 * const skills = skillsIn([releaseNotes], { directoryRead: true });
 *
 * class ProjectServer extends MCPServerBase {
 *   override readonly resourceTemplates = templatesByUriTemplate(skills, new Docs());
 * }
 * ```
 */
export function skillsIn(skills: readonly Skill[], options: SkillsOptions = {}): Skills {
  if (!Array.isArray(skills)) throw new TypeError('skillsIn: skills must be an array of skills');
  const { directoryRead = false } = options;
  if (typeof directoryRead !== 'boolean') {
    throw new TypeError('skillsIn: directoryRead must be true or false');
  }
  const cache = cacheHint(
    { constructor: { name: 'skillsIn' } },
    'cache',
    options.cache,
    PUBLIC_FIVE_MINUTES,
  );
  const served = new Map<string, Served>();
  for (const skill of skills) {
    if (!isSkill(skill)) {
      throw new TypeError('skillsIn: each skill must be made by defineSkill() or skillFromFiles()');
    }
    const root = rootOf(skill.uri);
    for (const [path, content] of skill.files) {
      const uri = `${root}/${path}`;
      if (served.has(uri)) throw new TypeError(`skillsIn: two skills serve ${uri}`);
      const bytes = typeof content === 'string' ? encoder.encode(content) : content;
      served.set(uri, { content, bytes, mimeType: mimeTypeOf(path, content) });
    }
  }
  const directories = new Map<string, Resource[]>();
  const manifests = skills.map((skill) => {
    const root = rootOf(skill.uri);
    const files = [...served].filter(([uri]) => uri.startsWith(`${root}/`));
    const bytes = files.reduce((sum, [, file]) => sum + file.bytes.length, 0);
    if (files.length > MAX_FILES || bytes > MAX_BYTES) {
      throw new TypeError(
        `skillsIn: ${skill.uri} has ${files.length} files of ${bytes} bytes, over the ${MAX_FILES} files and 16 MiB every host accepts`,
      );
    }
    for (const [uri, file] of files) addToDirectories(directories, root, uri, file);
    return { skill, files };
  });
  for (const uri of directories.keys()) {
    if (served.has(uri)) throw new TypeError(`skillsIn: ${uri} is both a file and a directory`);
  }
  let entries: Promise<ReadonlyMap<string, SkillEntry>> | undefined;
  const feature: SkillsIn = {
    ...template(served, skills),
    cache,
    skills: Object.freeze([...skills]),
    directoryRead,
    served,
    directories,
    entries: () => {
      entries ??= Promise.all(
        manifests.map(async ({ skill, files }) => {
          const resources = await Promise.all(
            files.map(async ([uri, file]) => ({
              uri,
              digest: await digestOf(file.bytes),
              size: file.bytes.length,
            })),
          );
          const entry = { uri: skill.uri, frontmatter: skill.frontmatter, resources };
          return [skill.uri, deepFreeze(entry)] as const;
        }),
      ).then((all) => new Map(all));
      return entries;
    },
  };
  // What templatesByUriTemplate() brings to the server: the methods, and the offer.
  Object.defineProperty(feature, FEATURE, { value: [methodsOfSkills()] });
  Object.defineProperty(feature, OFFER, {
    value(result: Result) {
      const capabilities = result.capabilities as ServerCapabilities;
      capabilities.extensions = {
        ...capabilities.extensions,
        [SKILLS_EXTENSION]: directoryRead ? { directoryRead: true } : {},
      };
    },
  });
  return Object.freeze(feature);
}

const rootOf = (uri: string) => uri.slice(0, -'/SKILL.md'.length);

// List a file in its directory, and each directory in the one above, up to the skill's root.
function addToDirectories(
  directories: Map<string, Resource[]>,
  root: string,
  uri: string,
  file: Served,
): void {
  let child: Resource = {
    uri,
    name: uri.slice(uri.lastIndexOf('/') + 1),
    mimeType: file.mimeType,
    size: file.bytes.length,
  };
  for (;;) {
    const parent = child.uri.slice(0, child.uri.lastIndexOf('/'));
    let children = directories.get(parent);
    if (children === undefined) {
      children = [];
      directories.set(parent, children);
    }
    if (!children.some((sibling) => sibling.uri === child.uri)) children.push(child);
    if (parent === root) return;
    child = { uri: parent, name: parent.slice(parent.lastIndexOf('/') + 1), mimeType: DIRECTORY };
  }
}

async function digestOf(bytes: Uint8Array): Promise<string> {
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as BufferSource));
  let hex = 'sha256:';
  for (const byte of hash) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

// What the template is: it serves the files, and lists each SKILL.md as its front matter says.
function template(served: ReadonlyMap<string, Served>, skills: readonly Skill[]) {
  const definition = deepFreeze({
    uriTemplate: TEMPLATE,
    name: 'skills',
    description: "The files of this server's skills: read a skill's SKILL.md first.",
  });
  const listed: Resource[] = skills.map((skill) => ({
    uri: skill.uri,
    name: skill.frontmatter.name,
    description: skill.frontmatter.description,
    mimeType: 'text/markdown',
    size: served.get(skill.uri)!.bytes.length,
  }));
  return {
    uriTemplate: TEMPLATE,
    definition: () => definition,
    match: (uri: string) => (served.has(uri) ? {} : undefined),
    resources: () => Promise.resolve(listed.map((resource) => ({ ...resource }))),
    contents(uri: string): Promise<ResourceContents[] | undefined> {
      const file = served.get(uri);
      if (file === undefined) return Promise.resolve(undefined);
      const { content, mimeType } = file;
      return Promise.resolve([
        typeof content === 'string'
          ? { uri, mimeType, text: content }
          : { uri, mimeType, blob: encodeBase64(content) },
      ]);
    },
  };
}

// The server's skills: its template that brought the method that runs.
function skillsOf(server: ServerCore): SkillsIn {
  const { resourceTemplates } = server as unknown as ResourcesServer;
  return resourceTemplates.get(TEMPLATE) as SkillsIn;
}

function uriOf(params: Record<string, unknown>): string {
  const { uri } = params;
  if (typeof uri !== 'string')
    throw new ProtocolError(ErrorCode.InvalidParams, 'uri must be a string.');
  return uri;
}

async function listSkills(server: ServerCore, params: Record<string, unknown>): Promise<Result> {
  const entries = await skillsOf(server).entries();
  const { items, nextCursor } = page(
    [...entries.values()],
    params.cursor,
    pageSizeOf(server),
    'skills',
  );
  return nextCursor === undefined ? { skills: items } : { skills: items, nextCursor };
}

async function getSkill(server: ServerCore, params: Record<string, unknown>): Promise<Result> {
  const skills = skillsOf(server);
  const uri = uriOf(params);
  const skill = (await skills.entries()).get(uri);
  if (skill === undefined) {
    throw new ProtocolError(ErrorCode.InvalidParams, 'No skill is served at this URI.', { uri });
  }
  return { skill };
}

function readDirectory(server: ServerCore, params: Record<string, unknown>): Result {
  const skills = skillsOf(server);
  const uri = uriOf(params);
  const children = skills.directories.get(uri);
  if (children === undefined) {
    const problem = skills.served.has(uri)
      ? 'This URI is a file, not a directory.'
      : 'No directory of a skill is served at this URI.';
    throw new ProtocolError(ErrorCode.InvalidParams, problem, { uri });
  }
  const { items, nextCursor } = page(children, params.cursor, pageSizeOf(server), `dir ${uri}`);
  return nextCursor === undefined ? { resources: items } : { resources: items, nextCursor };
}

let methods: Methods | undefined;

// The extension's methods, 2026-07-28's only: built on the first skillsIn(), not at module level.
function methodsOfSkills(): Methods {
  const cache = (server: ServerCore) => skillsOf(server).cache;
  methods ??= withMethods<ServerCore>(new Map(), {
    'skills/list': { era: 'modern', cache, run: listSkills },
    'skills/get': { era: 'modern', cache, run: getSkill },
    'resources/directory/read': {
      era: 'modern',
      has: (server) => skillsOf(server).directoryRead,
      run: readDirectory,
    },
  });
  return methods;
}
