// The public project server's data: this library's own repository, read once at start into memory.
// Tools read from that index only, so no path a client sends can ever reach the file system.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** A text file of a repository. */
export interface Document {
  /** Its path from the repository's root, with `/`, e.g. `src/http.ts`. */
  path: string;
  text: string;
}

/** A repository: its documents by path, and its changelog as blog posts. */
export interface Repository {
  name: string;
  description: string;
  documents: ReadonlyMap<string, Document>;
}

const TEXT = /\.(md|ts|json|ya?ml|txt)$/;
const MIME_TYPES: Readonly<Record<string, string>> = {
  md: 'text/markdown',
  // Not video/mp2t, which the extension means to most MIME databases.
  ts: 'text/x-typescript',
  json: 'application/json',
  yml: 'application/yaml',
  yaml: 'application/yaml',
};
const SKIPPED = new Set(['node_modules', 'dist', 'coverage', 'results', '.git', '.cache']);
const SKIPPED_FILES = new Set(['package-lock.json']);
const MAX_FILE_BYTES = 512 * 1024;

/** Read a repository's text files. */
export function loadRepository(root: string): Repository {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    name: string;
    description: string;
  };
  const documents = new Map<string, Document>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = join(dir, entry.name);
      if (entry.isDirectory() && !SKIPPED.has(entry.name) && !entry.name.startsWith('.'))
        walk(full);
      else if (
        entry.isFile() &&
        TEXT.test(entry.name) &&
        !SKIPPED_FILES.has(entry.name) &&
        statSync(full).size <= MAX_FILE_BYTES
      ) {
        const path = relative(root, full).split(sep).join('/');
        documents.set(path, { path, text: readFileSync(full, 'utf8') });
      }
    }
  };
  walk(root);
  return { name: pkg.name, description: pkg.description, documents };
}

/** The MIME type of a document, from its extension. */
export function mimeTypeOf(path: string): string {
  return MIME_TYPES[path.slice(path.lastIndexOf('.') + 1)] ?? 'text/plain';
}

/** A blog post: one release of the changelog. */
export interface Post {
  /** The release: the heading's first word, e.g. `Unreleased`, or `1.2.0` of `## [1.2.0] - 2026-12-01`. */
  version: string;
  /** The heading, e.g. `1.2.0 (2026-12-01)`. */
  title: string;
  body: string;
}

/** The changelog's sections, newest first, as the repository's blog. */
export function blogPosts(repository: Repository): Post[] {
  const changelog = repository.documents.get('CHANGELOG.md')?.text ?? '';
  const posts: Post[] = [];
  for (const section of changelog.split(/^## /m).slice(1)) {
    const [heading = '', ...body] = section.split('\n');
    const title = heading.trim();
    const version = /^\[?([^\]\s]+)/.exec(title)?.[1];
    if (version !== undefined) posts.push({ version, title, body: body.join('\n').trim() });
  }
  return posts;
}
