// This library: the fixtures' ten tools and the tool that reports its progress as defineTool()
// classes, the ten documents, the issue template and the prompt, all built once at module level
// (as the README asks), and one server class, reused or made per request; and its HTTP layer,
// createHttpHandler, called in-process with plain requests (no sockets), as an adapter calls it.

import { createHttpHandler, type HttpResponse } from '../../src/http.js';
import {
  type AnyTool,
  definePrompt,
  defineResource,
  defineResourceTemplate,
  defineTool,
  type JSONSchema,
  MCPServerBase,
  promptsByName,
  resourcesByUri,
  type ToolClass,
  templatesByUriTemplate,
  toolsByName,
} from '../../src/index.js';
import {
  completeRepository,
  DOCUMENTS,
  ISSUE_TEMPLATE,
  PROGRESS_TOOL,
  REVIEW_PROMPT,
} from '../features.js';
import { INSTRUCTIONS, SERVER_INFO, TOOLS } from '../fixtures.js';
import type { Contender } from './types.js';

const TOOL_CLASSES: ToolClass[] = TOOLS.map((tool) =>
  defineTool<JSONSchema>({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    argumentsSchema: tool.inputSchema as JSONSchema,
    readOnly: tool.readOnly,
    run: (args) => tool.run(args),
  }),
);

const IndexRepository = defineTool({
  name: PROGRESS_TOOL.name,
  title: PROGRESS_TOOL.title,
  description: PROGRESS_TOOL.description,
  argumentsSchema: PROGRESS_TOOL.inputSchema,
  readOnly: PROGRESS_TOOL.readOnly,
  run(args, scope) {
    for (let step = 1; step <= args.steps; step++) {
      scope.progress(step, args.steps, PROGRESS_TOOL.message(step, args.steps));
    }
    return PROGRESS_TOOL.run(args);
  },
});

const DOCUMENT_CLASSES = DOCUMENTS.map((document) =>
  defineResource({
    uri: document.uri,
    name: document.name,
    title: document.title,
    description: document.description,
    mimeType: document.mimeType,
    read: () => document.text,
  }),
);

const Issues = defineResourceTemplate({
  uriTemplate: ISSUE_TEMPLATE.uriTemplate,
  name: ISSUE_TEMPLATE.name,
  title: ISSUE_TEMPLATE.title,
  description: ISSUE_TEMPLATE.description,
  mimeType: ISSUE_TEMPLATE.mimeType,
  read: ({ repository, number }) => ISSUE_TEMPLATE.read(repository, number),
  complete: (variable, value) => (variable === 'repository' ? completeRepository(value) : []),
});

const ReviewIssue = definePrompt({
  name: REVIEW_PROMPT.name,
  title: REVIEW_PROMPT.title,
  description: REVIEW_PROMPT.description,
  argumentsSchema: {
    type: 'object',
    properties: {
      repository: { type: 'string', description: REVIEW_PROMPT.arguments[0].description },
      number: { type: 'string', description: REVIEW_PROMPT.arguments[1].description },
      focus: { type: 'string', description: REVIEW_PROMPT.arguments[2].description },
    },
    required: ['repository', 'number'],
  },
  get: (args) => REVIEW_PROMPT.text(args),
  complete: (name, value) => (name === 'repository' ? completeRepository(value) : []),
});

// None of them depends on the request: built once, at module level, as the README advises, so
// that a server made per request is the server alone.
const SHARED_TOOLS: ReadonlyMap<string, AnyTool> = toolsByName(
  ...TOOL_CLASSES.map((Tool) => new Tool()),
  new IndexRepository(),
);
const SHARED_RESOURCES = resourcesByUri(...DOCUMENT_CLASSES.map((Resource) => new Resource()));
const SHARED_TEMPLATES = templatesByUriTemplate(new Issues());
const SHARED_PROMPTS = promptsByName(new ReviewIssue());

/** The benchmark's server. Cheap to make: make one per request, or share one. */
export class BenchServer extends MCPServerBase {
  readonly name = 'bench';
  override readonly tools = SHARED_TOOLS;
  override readonly resources = SHARED_RESOURCES;
  override readonly resourceTemplates = SHARED_TEMPLATES;
  override readonly prompts = SHARED_PROMPTS;
  serverInfo() {
    return SERVER_INFO;
  }
  override instructions() {
    return INSTRUCTIONS;
  }
}

/** `handle()` of one server, made once. */
export const ours: Contender = {
  label: 'mcp-protocol-core handle()',
  how: 'one server, made once; JSON.parse → await server.handle(payload) → JSON.stringify',
  prepare() {
    const server = new BenchServer();
    return async (text) => {
      const answer = await server.handle(JSON.parse(text));
      return answer === undefined ? undefined : JSON.stringify(answer);
    };
  },
};

/** `handle()` of a server made for each request, as the HTTP layer does. */
export const oursPerRequest: Contender = {
  label: 'mcp-protocol-core, new server per request',
  how: 'JSON.parse → await new BenchServer().handle(payload) → JSON.stringify',
  prepare() {
    return async (text) => {
      const answer = await new BenchServer().handle(JSON.parse(text));
      return answer === undefined ? undefined : JSON.stringify(answer);
    };
  },
};

/** The whole body of a plain response: its text, or its SSE events joined as they were sent. */
export async function bodyText(response: HttpResponse): Promise<string | undefined> {
  const { body } = response;
  if (body === undefined || typeof body === 'string') return body;
  let text = '';
  for await (const event of body) text += event;
  return text;
}

/** The HTTP layer as the benchmark's servers run it: a server per request, local hosts. */
export function benchHttpHandler() {
  return createHttpHandler(() => new BenchServer());
}

/**
 * The HTTP layer: createHttpHandler called with a plain request (headers, the body as bytes), as
 * the node:http adapter calls it, and the answer's body read whole. No sockets.
 */
export const oursHttp: Contender = {
  label: 'mcp-protocol-core HTTP layer (createHttpHandler, no sockets)',
  how:
    'createHttpHandler(() => new BenchServer()), made once; per request: await handler({ method, url, headers, body: bytes }), ' +
    'as examples/node-http.ts calls it, then the body read whole (an SSE answer’s events joined)',
  streams: true,
  prepare(workload) {
    const handle = benchHttpHandler();
    const headers = { host: '127.0.0.1:3000', ...workload.headers };
    // The adapter hands over the bytes it read: encoded once, as the socket delivered them.
    const bytes = new TextEncoder().encode(workload.body);
    return async (text) => {
      const body = text === workload.body ? bytes : new TextEncoder().encode(text);
      return bodyText(await handle({ method: 'POST', url: '/mcp', headers, body }));
    };
  },
};
