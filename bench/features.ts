// The benchmark's fixtures beyond the ten tools, the same for every contender: ten documents as
// fixed resources, a resource template of issues, a prompt, a completer of repository names (for
// the prompt's argument and the template's variable), and a tool that reports its progress. No
// dependency: the contenders build their resources, prompts and tools from these.

/** One fixed resource: a document of the handbook. */
export interface DocumentFixture {
  readonly uri: string;
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly mimeType: string;
  readonly text: string;
}

const TOPICS = [
  ['getting-started', 'Getting started', 'Install the library and answer a first request.'],
  ['tools', 'Tools', 'Define a tool from its JSON Schema, typed arguments included.'],
  ['resources', 'Resources', 'Serve documents and templates of documents.'],
  ['prompts', 'Prompts', 'Offer prompts with arguments and completions.'],
  ['http', 'HTTP', 'Serve the endpoint on node:http, Hono, Express or a worker.'],
  ['streaming', 'Streaming', 'Progress and log messages as an SSE answer.'],
  ['authorization', 'Authorization', 'Bearer tokens, scopes and refusals.'],
  ['deployment', 'Deployment', 'Serverless functions, replicas and proxies.'],
  ['testing', 'Testing', 'The in-process client and black-box tests.'],
  ['performance', 'Performance', 'What a request costs, and how it is measured.'],
] as const;

export const DOCUMENTS: readonly DocumentFixture[] = TOPICS.map(([slug, title, summary]) => ({
  uri: `docs://handbook/${slug}`,
  name: slug,
  title,
  description: summary,
  mimeType: 'text/markdown',
  text: `# ${title}\n\n${summary}\n\n${'This chapter walks through it step by step, with examples. '.repeat(6).trim()}`,
}));

/** The resource template: an issue of a repository. */
export const ISSUE_TEMPLATE = {
  uriTemplate: 'issues://{repository}/{number}',
  name: 'issue',
  title: 'An issue',
  description: 'An issue of a repository, by its number.',
  mimeType: 'text/markdown',
  read: (repository: string, number: string) =>
    `# ${repository}#${number}\n\nMemory leak in the parser.\n\nOpened by ada; 2 comments.`,
} as const;

/** The repositories the completer knows. */
export const REPOSITORIES = [
  'mcp-protocol-core',
  'mcp-inspector',
  'mcp-lite',
  'modelcontextprotocol',
  'node',
  'typescript',
  'tmcp',
  'zod',
  'ajv',
  'hono',
  'express',
  'fastify',
] as const;

/** The completer: the repositories whose name starts with what was typed. */
export function completeRepository(value: string): string[] {
  return REPOSITORIES.filter((name) => name.startsWith(value));
}

/** The prompt: two required arguments, one optional, all strings as prompt arguments are. */
export const REVIEW_PROMPT = {
  name: 'review_issue',
  title: 'Review an issue',
  description: 'Asks for a review of an issue and a plan to fix it.',
  arguments: [
    { name: 'repository', description: 'The repository, e.g. mcp-protocol-core.', required: true },
    { name: 'number', description: 'The issue number, e.g. 101.', required: true },
    { name: 'focus', description: 'What to look at first.', required: false },
  ],
  text: ({
    repository,
    number,
    focus,
  }: {
    repository: string;
    number: string;
    focus?: string | undefined;
  }) =>
    `Review issue #${number} of ${repository}, looking first at ${focus ?? 'the root cause'}. ` +
    'Then propose a fix and the tests that prove it.',
} as const;

/** The tool that reports its progress: `steps` notifications, then its text. */
export const PROGRESS_TOOL = {
  name: 'index_repository',
  title: 'Index a repository',
  description: 'Index the documents of a repository, reporting each step.',
  inputSchema: {
    type: 'object',
    properties: {
      repository: { type: 'string', minLength: 1 },
      steps: { type: 'integer', minimum: 0, maximum: 100, default: 10 },
    },
    required: ['repository'],
  },
  readOnly: false,
  run: ({ repository, steps }: { repository: string; steps: number }) =>
    `Indexed ${repository} in ${steps} steps.`,
  /** The message of step `step` of `steps`. */
  message: (step: number, steps: number) => `step ${step} of ${steps}`,
} as const;

/** The progress token the streaming workloads send. */
export const PROGRESS_TOKEN = 'bench-progress';
