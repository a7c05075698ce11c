// The public project server: a project's repositories, their documents, and its changelog as its
// blog, as tools, and as resources and prompts (project-resources.ts). Made per request, optionally
// scoped to one repository (`/mcp/<name>` or `/mcp?repository=`).
import {
  type AnyTool,
  type Apps,
  appsOn,
  type Changes,
  InputUnavailableError,
  type JSONSchema,
  MCPServerBase,
  MCPToolBase,
  promptsByName,
  type Questions,
  type RequestScope,
  resourcesByUri,
  SERVER_VERSION,
  type Tasks,
  type ToolArguments,
  ToolError,
  templatesByUriTemplate,
  toolsByName,
  withAppView,
} from 'mcp-protocol-core';
import { guideSkills } from './guides.js';
import { WriteNote } from './notes.js';
import { Documents, ExplainFile, Releases, SummariseChanges } from './project-resources.js';
import { blogPosts, type Document, type Repository } from './repository.js';
import { SearchView } from './search-view.js';

const repositoryArgument = {
  type: 'string',
  description:
    'The repository, e.g. mcp-protocol-core; every repository of the server when left out.',
} as const;

/** A tool of the project server: it sees the repositories the server is scoped to. */
abstract class ProjectTool<Schema extends JSONSchema> extends MCPToolBase<Schema> {
  // Every tool of it reads the repositories it was made with, and nothing else.
  override readonly readOnly = true;
  override readonly openWorld = false;

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

// Its hits, browsable, in a host that renders app views (MCP Apps); text everywhere else.
const SearchDocumentsWithView = withAppView(SearchDocuments, SearchView);
// The same for every request: keyed once.
const VIEWS = resourcesByUri(new SearchView());

const mentionsSchema = {
  type: 'object',
  properties: {
    phrase: { type: 'string', minLength: 2, description: 'The phrase to count, case-insensitive.' },
    repository: repositoryArgument,
    limit: {
      type: 'integer',
      minimum: 1,
      maximum: 100,
      default: 20,
      description: 'How many documents to list, those with the most mentions first.',
    },
  },
  required: ['phrase'],
} as const satisfies JSONSchema;

function occurrences(text: string, needle: string): number {
  let count = 0;
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length))
    count++;
  return count;
}

// A macrotask, not a microtask: the process serves other requests meanwhile, and the progress
// sent so far goes out on the wire before the next document is read.
const yieldToOthers = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Wait `ms` (a macrotask even for 0), or reject with the signal's reason once it aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    signal.throwIfAborted();
    const stop = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    signal.addEventListener('abort', stop, { once: true });
  });
}

class CountMentions extends ProjectTool<typeof mentionsSchema> {
  readonly name = 'count_mentions';
  readonly title = 'Count the mentions of a phrase';
  readonly description =
    'How often each document mentions a phrase, the most first. It reads every document in turn: a long call, which reports its progress per document and logs each document that mentions the phrase.';
  readonly argumentsSchema = mentionsSchema;

  async run(
    { phrase, repository, limit }: ToolArguments<typeof mentionsSchema>,
    scope: RequestScope,
  ) {
    const documents = this.select(repository).flatMap(({ documents }) => [...documents.values()]);
    const needle = phrase.toLowerCase();
    const found: { path: string; mentions: number }[] = [];
    scope.log('debug', `reading ${documents.length} documents for "${phrase}"`, this.name);
    for (const [index, { path, text }] of documents.entries()) {
      await yieldToOthers();
      // Past its time, or cancelled: no more documents are read.
      scope.signal.throwIfAborted();
      const mentions = occurrences(text.toLowerCase(), needle);
      if (mentions > 0) {
        found.push({ path, mentions });
        scope.log('info', { path, mentions }, this.name);
      }
      scope.progress(index + 1, documents.length, path);
    }
    if (found.length === 0) return `no document mentions "${phrase}"`;
    found.sort((a, b) => b.mentions - a.mentions || a.path.localeCompare(b.path));
    const total = found.reduce((sum, { mentions }) => sum + mentions, 0);
    const lines = found.slice(0, limit).map(({ path, mentions }) => `- ${path}: ${mentions}`);
    const more = found.length > limit ? `\n(and ${found.length - limit} more documents)` : '';
    return `"${phrase}": ${total} mentions in ${found.length} of ${documents.length} documents\n${lines.join('\n')}${more}`;
  }
}

const indexSchema = {
  type: 'object',
  properties: {
    repository: repositoryArgument,
    prefix: {
      type: 'string',
      description:
        'Only the documents whose path starts with it, e.g. docs/; every one when left out.',
    },
  },
} as const satisfies JSONSchema;

/** The most documents index_documents reads in the call itself; more, and the call becomes a task. */
export const INDEX_IN_CALL = 20;

class IndexDocuments extends ProjectTool<typeof indexSchema> {
  readonly name = 'index_documents';
  readonly title = 'Index the documents';
  readonly description =
    `Reads every document (or those under a prefix) into an index of their words, and says what it holds: how many documents and words, and the most frequent. Long: more than ${INDEX_IN_CALL} documents run as a task, for a client that can poll one (the Tasks extension), and report their progress per document.`;
  readonly argumentsSchema = indexSchema;
  override readonly taskSupport = 'optional';

  constructor(
    repositories: readonly Repository[],
    private readonly delayMs: number,
  ) {
    super(repositories);
  }

  async run({ repository, prefix = '' }: ToolArguments<typeof indexSchema>, scope: RequestScope) {
    const documents = this.select(repository)
      .flatMap(({ documents }) => [...documents.values()])
      .filter(({ path }) => path.startsWith(prefix));
    if (documents.length === 0)
      throw new ToolError(`no document's path starts with ${prefix}; call list_documents`);
    // Many documents: the client gets a task to poll, rather than a request held open; the rest
    // of this run goes on after that answer, in this process.
    if (documents.length > INDEX_IN_CALL) await scope.runAsTask();
    const words = new Map<string, number>();
    let total = 0;
    for (const [index, { path, text }] of documents.entries()) {
      // The work of a real index, slowed as MCP_INDEX_DELAY_MS says; stopped when the task is
      // cancelled, or the call's time is up.
      await pause(this.delayMs, scope.signal);
      for (const word of text.toLowerCase().match(/[a-z][a-z0-9_]{2,}/g) ?? []) {
        words.set(word, (words.get(word) ?? 0) + 1);
        total++;
      }
      await scope.progress(index + 1, documents.length, path);
    }
    const frequent = [...words]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, 10)
      .map(([word, count]) => `${word} (${count})`);
    return `Indexed ${documents.length} documents: ${total} words, ${words.size} distinct. The most frequent: ${frequent.join(', ')}.`;
  }
}

const summariseSchema = {
  type: 'object',
  properties: {
    path: { type: 'string', description: 'The path from list_documents, e.g. src/http.ts.' },
    repository: repositoryArgument,
  },
  required: ['path'],
} as const satisfies JSONSchema;

// What the client's LLM is given of a document: enough for a summary, not a whole big file.
const MAX_SAMPLED_CHARACTERS = 24_000;

/**
 * A document's first paragraph: a source file's leading comment, without its markers; else its
 * first block of lines that is not a heading.
 */
export function firstParagraph(text: string): string {
  const comment = /^\s*(\/\*\*?[\s\S]*?\*\/|(?:\/\/.*\n?)+)/.exec(text)?.[1];
  const paragraph =
    comment === undefined
      ? (text
          .split(/\n\s*\n/)
          .map((block) => block.trim())
          .find((block) => block !== '' && !block.startsWith('#')) ?? '')
      : comment
          .replace(/^\/\*\*?|\*\/$/g, '')
          .split('\n')
          .map((line) => line.replace(/^\s*(\*|\/\/) ?/, '').trimEnd())
          .join('\n')
          .split(/\n\s*\n/)[0]!
          .trim();
  return paragraph.length > 1000 ? `${paragraph.slice(0, 1000)}…` : paragraph;
}

class SummariseDocument extends ProjectTool<typeof summariseSchema> {
  readonly name = 'summarise_document';
  readonly title = 'Summarise a document';
  readonly description =
    "A few sentences on what a document is for, written by the client's LLM when the client can be asked (sampling: in 2026-07-28, or in the handshake era on an SSE answer); otherwise the document's first paragraph.";
  readonly argumentsSchema = summariseSchema;

  // Asking needs the server's requestStateKey, to sign the question.
  constructor(
    repositories: readonly Repository[],
    private readonly asks: boolean,
  ) {
    super(repositories);
  }

  async run({ path, repository }: ToolArguments<typeof summariseSchema>, scope: RequestScope) {
    const { text } = this.document(repository, path);
    const unasked = `${firstParagraph(text)}\n\n(The first paragraph of ${path}: this client cannot be asked for a summary, which needs sampling.)`;
    if (!this.asks || !scope.canAsk('sampling')) return unasked;
    const cut = text.length > MAX_SAMPLED_CHARACTERS;
    // A handshake-era client declared its capabilities to no process that kept them: it is asked,
    // and one without sampling says so.
    const message = await scope
      .sample('summary', {
        systemPrompt: 'You summarise the documents of a software repository for a developer.',
        messages: [
          {
            role: 'user',
            content: {
              type: 'text',
              text: `Summarise ${path} in three sentences at most: what it is for, and what a reader should know first.${cut ? ` (Its first ${MAX_SAMPLED_CHARACTERS} characters.)` : ''}\n\n${text.slice(0, MAX_SAMPLED_CHARACTERS)}`,
            },
          },
        ],
        maxTokens: 400,
        modelPreferences: { speedPriority: 0.8, intelligencePriority: 0.4 },
      })
      .catch((error: unknown) => {
        if (error instanceof InputUnavailableError) return undefined;
        throw error;
      });
    if (message === undefined) return unasked;
    const blocks = Array.isArray(message.content) ? message.content : [message.content];
    const summary = blocks
      .flatMap((block) => (block.type === 'text' ? [block.text] : []))
      .join('\n')
      .trim();
    if (summary === '') {
      return `${firstParagraph(text)}\n\n(The first paragraph of ${path}: the client's model, ${message.model}, answered no text.)`;
    }
    return `${summary}\n\n(A summary of ${path} by ${message.model}.)`;
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

/** What the project server needs to run index_documents as a task. */
export interface ProjectTasks {
  /** Made once per process by `tasksIn()`, over a store every replica shares. */
  readonly tasks: Tasks;
  /** How long index_documents pauses per document, in milliseconds. */
  readonly indexDelayMs: number;
  /**
   * Its changes, made once per process by `changesOn()`: with them, listeners are served, and
   * write_note, which they hear of.
   */
  readonly changes?: Changes | undefined;
}

/** The public project server, of every repository or of one. */
export class ProjectServer extends MCPServerBase {
  readonly name: string;
  override readonly tools: ReadonlyMap<string, AnyTool>;
  override readonly resources = VIEWS;
  override readonly resourceTemplates;
  override readonly prompts;
  override readonly apps: Apps;
  override readonly pageSize: number;
  override readonly tasks: Tasks | undefined;
  override readonly changes: Changes | undefined;
  // Read once at start, the same for every caller: reads too may be kept, and shared.
  override readonly resourcesCache = { ttlMs: 300_000, cacheScope: 'public' } as const;
  readonly #repositories: readonly Repository[];

  /**
   * @param repositories - Every repository served.
   * @param scope - The one repository a scoped endpoint serves.
   * @param pageSize - The most items a page of each list holds (tools, resources, templates,
   * prompts): with a hundred-odd documents, 50 when left out. Any process continues any list.
   * @param requestStateKey - The key that signs summarise_document's question to the client
   * (`requestStateKey`); without it, that tool gives the first paragraph.
   * @param work - The server's tasks, made once per process: with them, index_documents is
   * served, and its pause per document (`indexDelayMs`, the time a real index would take).
   * @param questions - Its questions to handshake-era clients, made once per process:
   * summarise_document asks them for a summary too.
   */
  constructor(
    repositories: readonly Repository[],
    scope?: Repository,
    pageSize = 50,
    override readonly requestStateKey?: string,
    work?: ProjectTasks,
    override readonly questions?: Questions,
  ) {
    super();
    this.pageSize = pageSize;
    this.#repositories = scope === undefined ? repositories : [scope];
    this.name = scope === undefined ? 'project' : `project-${scope.name}`;
    this.tools = toolsByName(
      new ListDocuments(this.#repositories),
      new ReadDocument(this.#repositories),
      new SearchDocumentsWithView(this.#repositories),
      new ReadBlog(this.#repositories),
      new CountMentions(this.#repositories),
      new SummariseDocument(this.#repositories, requestStateKey !== undefined),
      // A long call worth a task: served where the server has tasks to run it in.
      ...(work === undefined ? [] : [new IndexDocuments(this.#repositories, work.indexDelayMs)]),
      // The one tool that writes: served where listeners can hear of what it writes.
      ...(work?.changes === undefined ? [] : [new WriteNote(this.#repositories[0]!)]),
    );
    // search_documents' view is among its resources: checked here, and declared in server/discover.
    this.apps = appsOn(this);
    this.changes = work?.changes;
    // Its tasks belong to no principal: the server is public, and anonymous. A task's id, 144
    // random bits, is what reads it, as a document's path is; what it holds is public too.
    this.tasks = work?.tasks;
    this.resourceTemplates = templatesByUriTemplate(
      new Documents(this.#repositories),
      new Releases(this.#repositories),
      // The guides as skills: their files, and the Skills extension (2026-07-28).
      guideSkills(this.#repositories),
    );
    this.prompts = promptsByName(
      new ExplainFile(this.#repositories),
      new SummariseChanges(this.#repositories),
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

  override instructions() {
    const names = this.#repositories.map((repository) => repository.name).join(', ');
    return `The documents of ${names}: call list_documents to see them, search_documents to find a text, read_document to read one, summarise_document for what one is for, count_mentions for the documents that mention a phrase most, ${this.tools.has('index_documents') ? 'index_documents for the words of every document, ' : ''}and read_blog for the news.`;
  }
}
