// The public project server: a project's repositories, their documents, and its changelog as its
// blog. Made per request, optionally scoped to one repository (`/mcp/<name>` or `/mcp?repository=`).
import {
  type AnyTool,
  type JSONSchema,
  MCPServerBase,
  MCPToolBase,
  SERVER_VERSION,
  type ToolArguments,
  ToolError,
  toolsByName,
} from 'mcp-protocol-core';
import { blogPosts, type Document, type Repository } from './repository.js';

const repositoryArgument = {
  type: 'string',
  description:
    'The repository, e.g. mcp-protocol-core; every repository of the server when left out.',
} as const;

/** A tool of the project server: it sees the repositories the server is scoped to. */
abstract class ProjectTool<Schema extends JSONSchema> extends MCPToolBase<Schema> {
  constructor(protected readonly repositories: readonly Repository[]) {
    super();
  }

  protected select(name: string | undefined): readonly Repository[] {
    if (name === undefined) return this.repositories;
    const found = this.repositories.filter((repository) => repository.name === name);
    if (found.length === 0) {
      const names = this.repositories.map((repository) => repository.name).join(', ');
      throw new ToolError(`no repository is named ${name} here; the repositories are: ${names}`);
    }
    return found;
  }

  protected document(name: string | undefined, path: string): Document {
    // Paths are keys of an index built at start, never joined to a directory: `..` cannot escape.
    if (path === '' || path.startsWith('/') || /(^|\/)\.\.(\/|$)|\\|\0/.test(path)) {
      throw new ToolError(
        `${JSON.stringify(path)} is not a path in a repository; paths look like src/http.ts`,
      );
    }
    for (const repository of this.select(name)) {
      const document = repository.documents.get(path);
      if (document !== undefined) return document;
    }
    throw new ToolError(`no document at ${path}; call list_documents for the paths`);
  }
}

const listSchema = {
  type: 'object',
  properties: {
    repository: repositoryArgument,
    prefix: { type: 'string', description: 'Only paths that start with it, e.g. src/.' },
  },
} as const satisfies JSONSchema;

class ListDocuments extends ProjectTool<typeof listSchema> {
  readonly name = 'list_documents';
  readonly title = 'List the documents';
  readonly description =
    'The paths and sizes of the text documents of the repositories: code, docs, changelog.';
  readonly argumentsSchema = listSchema;

  run({ repository, prefix = '' }: ToolArguments<typeof listSchema>) {
    const lines: string[] = [];
    for (const { name, documents } of this.select(repository)) {
      lines.push(`# ${name}`, '');
      for (const { path, text } of documents.values()) {
        if (path.startsWith(prefix)) lines.push(`- ${path} (${text.length} characters)`);
      }
      lines.push('');
    }
    return lines.join('\n').trim();
  }
}

const readSchema = {
  type: 'object',
  properties: {
    path: { type: 'string', description: 'The path from list_documents, e.g. README.md.' },
    repository: repositoryArgument,
    start_line: { type: 'integer', minimum: 1, default: 1, description: 'The first line to read.' },
    max_lines: { type: 'integer', minimum: 1, maximum: 2000, default: 400 },
  },
  required: ['path'],
} as const satisfies JSONSchema;

class ReadDocument extends ProjectTool<typeof readSchema> {
  readonly name = 'read_document';
  readonly title = 'Read a document';
  readonly description = 'The text of one document, from a line, at most max_lines lines.';
  readonly argumentsSchema = readSchema;

  run({ path, repository, start_line, max_lines }: ToolArguments<typeof readSchema>) {
    const lines = this.document(repository, path).text.split('\n');
    if (start_line > lines.length) throw new ToolError(`${path} has ${lines.length} lines`);
    const end = Math.min(lines.length, start_line - 1 + max_lines);
    const more = end < lines.length ? `\n\n(lines ${start_line}-${end} of ${lines.length})` : '';
    return `# ${path}\n\n${lines.slice(start_line - 1, end).join('\n')}${more}`;
  }
}

const searchSchema = {
  type: 'object',
  properties: {
    query: { type: 'string', minLength: 2, description: 'The text to find, case-insensitive.' },
    repository: repositoryArgument,
    limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
  },
  required: ['query'],
} as const satisfies JSONSchema;

class SearchDocuments extends ProjectTool<typeof searchSchema> {
  readonly name = 'search_documents';
  readonly title = 'Search the documents';
  readonly description = 'The lines of the documents that contain a text, as path:line: text.';
  readonly argumentsSchema = searchSchema;

  run({ query, repository, limit }: ToolArguments<typeof searchSchema>) {
    const needle = query.toLowerCase();
    const hits: string[] = [];
    for (const { documents } of this.select(repository)) {
      for (const { path, text } of documents.values()) {
        text.split('\n').forEach((line, index) => {
          if (hits.length < limit && line.toLowerCase().includes(needle))
            hits.push(`${path}:${index + 1}: ${line.trim()}`);
        });
      }
    }
    return hits.length > 0 ? hits.join('\n') : `nothing contains "${query}"`;
  }
}

const blogSchema = {
  type: 'object',
  properties: {
    limit: { type: 'integer', minimum: 1, maximum: 20, default: 3, description: 'How many posts.' },
  },
} as const satisfies JSONSchema;

class ReadBlog extends ProjectTool<typeof blogSchema> {
  readonly name = 'read_blog';
  readonly title = 'Read the blog';
  readonly description = "The project's latest news, newest first: its changelog.";
  readonly argumentsSchema = blogSchema;

  run({ limit }: ToolArguments<typeof blogSchema>) {
    const posts = this.repositories.flatMap(blogPosts).slice(0, limit);
    return posts.map(({ title, body }) => `## ${title}\n\n${body}`).join('\n\n') || 'no posts yet';
  }
}

/** The public project server, of every repository or of one. */
export class ProjectServer extends MCPServerBase {
  readonly name: string;
  override readonly tools: ReadonlyMap<string, AnyTool>;
  declare readonly pageSize?: number;
  readonly #repositories: readonly Repository[];

  /**
   * @param repositories - Every repository served.
   * @param scope - The one repository a scoped endpoint serves.
   * @param pageSize - The most tools a page of `tools/list` holds; all on one page when left out.
   */
  constructor(repositories: readonly Repository[], scope?: Repository, pageSize?: number) {
    super();
    if (pageSize !== undefined) this.pageSize = pageSize;
    this.#repositories = scope === undefined ? repositories : [scope];
    this.name = scope === undefined ? 'project' : `project-${scope.name}`;
    this.tools = toolsByName(
      new ListDocuments(this.#repositories),
      new ReadDocument(this.#repositories),
      new SearchDocuments(this.#repositories),
      new ReadBlog(this.#repositories),
    );
  }

  serverInfo() {
    return {
      name: this.name,
      title: 'Project documents',
      version: SERVER_VERSION,
      description: 'The repositories, documentation and blog of the project.',
    };
  }

  instructions() {
    const names = this.#repositories.map((repository) => repository.name).join(', ');
    return `The documents of ${names}: call list_documents to see them, search_documents to find a text, read_document to read one, and read_blog for the news.`;
  }
}
