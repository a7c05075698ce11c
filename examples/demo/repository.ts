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

/** A blog post: one dated section of the changelog. */
export interface Post {
  title: string;
  body: string;
}

/** The changelog's sections, newest first, as the repository's blog. */
export function blogPosts(repository: Repository): Post[] {
  const changelog = repository.documents.get('CHANGELOG.md')?.text ?? '';
  const posts: Post[] = [];
  for (const section of changelog.split(/^## /m).slice(1)) {
    const [title = '', ...body] = section.split('\n');
    posts.push({ title: title.trim(), body: body.join('\n').trim() });
  }
  return posts;
}
