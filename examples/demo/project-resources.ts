// The public project server's resources and prompts: every document of a repository and every
// release of its changelog by URI, two prompts that embed them, and the completion of their
// arguments. Each is made per server with the repositories that server serves.
import {
  type CompletionContext,
  ErrorCode,
  MCPPromptBase,
  MCPResourceTemplateBase,
  type PromptArguments,
  type PromptArgumentsSchema,
  type PromptOutput,
  ProtocolError,
  type TemplateVariables,
  type TextResourceContents,
  UriTemplate,
} from 'mcp-protocol-core';
import { blogPosts, type Document, mimeTypeOf, type Repository } from './repository.js';

// A scheme of our own, as MCP allows: file:// would name a file of the client's machine, and a
// git:// URL a remote to clone. The repository is the authority, so that a document has one URI
// on every endpoint that serves it (/mcp and /mcp/<repository>).
const DOCUMENT = 'repo://{repository}/{+path}';
const RELEASE = 'changelog://{repository}/{version}';
const documentUri = new UriTemplate(DOCUMENT);
const releaseUri = new UriTemplate(RELEASE);

// Sizes in bytes, as resources/list gives them: counted once per document, not per request.
const encoder = new TextEncoder();
const sizes = new WeakMap<Document, number>();
function sizeOf(document: Document): number {
  let size = sizes.get(document);
  if (size === undefined) {
    size = encoder.encode(document.text).byteLength;
    sizes.set(document, size);
  }
  return size;
}

// The repositories a value may be in: the one named, or every one when none is.
const among = (repositories: readonly Repository[], name: string | undefined) =>
  name === undefined ? repositories : repositories.filter((repository) => repository.name === name);

// A document, as `resources/read` reads it and a prompt embeds it: in the repository named, or in
// the first that has it.
function documentContents(
  repositories: readonly Repository[],
  name: string | undefined,
  path: string,
): TextResourceContents | undefined {
  for (const repository of among(repositories, name)) {
    const document = repository.documents.get(path);
    if (document === undefined) continue;
    const uri = documentUri.expand({ repository: repository.name, path });
    return { uri, mimeType: mimeTypeOf(path), text: document.text };
  }
  return undefined;
}

// A release of the changelog, the same way.
function releaseContents(
  repositories: readonly Repository[],
  name: string | undefined,
  version: string,
): TextResourceContents | undefined {
  for (const repository of among(repositories, name)) {
    const post = blogPosts(repository).find((one) => one.version === version);
    if (post === undefined) continue;
    const uri = releaseUri.expand({ repository: repository.name, version });
    return { uri, mimeType: 'text/markdown', text: `## ${post.title}\n\n${post.body}` };
  }
  return undefined;
}

// What matches what the user typed, case-insensitively: those that start with it first, then
// those that contain it, so that `http` finds src/http.ts.
function matching(values: Iterable<string>, typed: string): string[] {
  const needle = typed.toLowerCase();
  const starts: string[] = [];
  const contains: string[] = [];
  for (const value of new Set(values)) {
    const at = value.toLowerCase().indexOf(needle);
    if (at === 0) starts.push(value);
    else if (at > 0) contains.push(value);
  }
  return [...starts, ...contains];
}

// One completion for the templates' variables and the prompts' arguments, which share names.
function complete(
  repositories: readonly Repository[],
  name: string,
  value: string,
  { arguments: filled }: CompletionContext,
): string[] {
  const scoped = among(repositories, filled['repository']);
  switch (name) {
    case 'repository':
      return matching(
        repositories.map((repository) => repository.name),
        value,
      );
    case 'path':
      return matching(
        scoped.flatMap((repository) => [...repository.documents.keys()]),
        value,
      );
    case 'version':
      return matching(
        scoped.flatMap((repository) => blogPosts(repository).map((post) => post.version)),
        value,
      );
    default:
      return [];
  }
}

/** Every document of the repositories, at `repo://<repository>/<path>`. */
export class Documents extends MCPResourceTemplateBase<typeof DOCUMENT> {
  readonly uriTemplate = DOCUMENT;
  readonly name = 'document';
  override readonly title = 'Documents';
  override readonly description =
    'A text file of a repository: code, documentation, configuration.';

  constructor(private readonly repositories: readonly Repository[]) {
    super();
  }

  read({ repository, path }: TemplateVariables<typeof DOCUMENT>) {
    const found = documentContents(this.repositories, repository, path);
    // A part, not the bare text, for its own type (the template has none); its uri is the one read.
    return found && [{ text: found.text, mimeType: mimeTypeOf(path) }];
  }

  override list() {
    return this.repositories.flatMap(({ name, documents }) =>
      Array.from(documents.values(), (document) => ({
        uri: documentUri.expand({ repository: name, path: document.path }),
        name: document.path,
        mimeType: mimeTypeOf(document.path),
        size: sizeOf(document),
      })),
    );
  }

  override complete(variable: string, value: string, context: CompletionContext) {
    return complete(this.repositories, variable, value, context);
  }
}

/** Every release of the changelogs, the project's blog, at `changelog://<repository>/<version>`. */
export class Releases extends MCPResourceTemplateBase<typeof RELEASE> {
  readonly uriTemplate = RELEASE;
  readonly name = 'release';
  override readonly title = 'Releases';
  override readonly description =
    "What changed in one release, from the repository's CHANGELOG.md.";
  override readonly mimeType = 'text/markdown';

  constructor(private readonly repositories: readonly Repository[]) {
    super();
  }

  read({ repository, version }: TemplateVariables<typeof RELEASE>) {
    return releaseContents(this.repositories, repository, version)?.text;
  }

  override list() {
    return this.repositories.flatMap((repository) =>
      blogPosts(repository).map(({ version, title }) => ({
        uri: releaseUri.expand({ repository: repository.name, version }),
        name: version,
        title: `${repository.name} ${title}`,
      })),
    );
  }

  override complete(variable: string, value: string, context: CompletionContext) {
    return complete(this.repositories, variable, value, context);
  }
}

const repositoryArgument = {
  type: 'string',
  description: 'The repository, e.g. mcp-protocol-core; the first that has it when left out.',
} as const;

// An argument that names nothing is the client's mistake, as a schema violation is: -32602.
const invalid = (prompt: string, problem: string) =>
  new ProtocolError(ErrorCode.InvalidParams, `invalid arguments for prompt ${prompt}: ${problem}`);

const explainSchema = {
  type: 'object',
  properties: {
    path: { type: 'string', description: 'The document, e.g. src/http.ts.' },
    repository: repositoryArgument,
  },
  required: ['path'],
} as const satisfies PromptArgumentsSchema;

/** A prompt: explain one document, embedded as `resources/read` reads it. */
export class ExplainFile extends MCPPromptBase<typeof explainSchema> {
  readonly name = 'explain_file';
  override readonly title = 'Explain a file';
  readonly description = 'Explains one document of a repository: what it is for, how it works.';
  readonly argumentsSchema = explainSchema;

  constructor(private readonly repositories: readonly Repository[]) {
    super();
  }

  get({ path, repository }: PromptArguments<typeof explainSchema>): PromptOutput {
    const resource = documentContents(this.repositories, repository, path);
    if (resource === undefined) throw invalid(this.name, `no document is at ${path}`);
    return {
      description: `Explain ${path}`,
      messages: [
        { role: 'user', content: { type: 'resource', resource } },
        {
          role: 'user',
          content: {
            type: 'text',
            text: `Explain ${path}, above: what it is for, how it works, and what to read next to understand it.`,
          },
        },
      ],
    };
  }

  override complete(argument: string, value: string, context: CompletionContext) {
    return complete(this.repositories, argument, value, context);
  }
}

const summariseSchema = {
  type: 'object',
  properties: {
    version: { type: 'string', description: 'The release, e.g. Unreleased or 1.2.0.' },
    repository: repositoryArgument,
  },
  required: ['version'],
} as const satisfies PromptArgumentsSchema;

/** A prompt: summarise a release for the people who use it, from its changelog. */
export class SummariseChanges extends MCPPromptBase<typeof summariseSchema> {
  readonly name = 'summarise_changes';
  override readonly title = 'Summarise the changes of a release';
  readonly description = 'Summarises what changed in one release, for those who use the project.';
  readonly argumentsSchema = summariseSchema;

  constructor(private readonly repositories: readonly Repository[]) {
    super();
  }

  get({ version, repository }: PromptArguments<typeof summariseSchema>): PromptOutput {
    const resource = releaseContents(this.repositories, repository, version);
    if (resource === undefined) throw invalid(this.name, `${version} is not a release`);
    return {
      description: `What changed in ${version}`,
      messages: [
        { role: 'user', content: { type: 'resource', resource } },
        {
          role: 'user',
          content: {
            type: 'text',
            text: `Summarise for its users what changed in ${version}, above: what they can do now, and what they must change when they upgrade. At most ten points, the most important first.`,
          },
        },
      ],
    };
  }

  override complete(argument: string, value: string, context: CompletionContext) {
    return complete(this.repositories, argument, value, context);
  }
}
