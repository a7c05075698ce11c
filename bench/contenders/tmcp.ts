// tmcp: one McpServer with the ten tools and the tool that reports its progress (zod, through
// @tmcp/adapter-zod), the ten documents, the issue template and the prompt, each with its
// completer. Two ways in: its core, `receive(message)`, what its HTTP transports call for each
// message; and its HTTP transport (@tmcp/transport-http), `respond(request)` with a web Request,
// in-process, which answers every request with an SSE stream.
import { ZodJsonSchemaAdapter } from '@tmcp/adapter-zod';
import { HttpTransport } from '@tmcp/transport-http';
import { McpServer } from 'tmcp';
import { z } from 'zod';
import {
  completeRepository,
  DOCUMENTS,
  ISSUE_TEMPLATE,
  PROGRESS_TOOL,
  REVIEW_PROMPT,
} from '../features.js';
import { INSTRUCTIONS, SERVER_INFO } from '../fixtures.js';
import type { Contender } from './types.js';
import {
  annotations,
  PROGRESS_ANNOTATIONS,
  PROGRESS_SCHEMA,
  PROMPT_SHAPE,
  promptMessages,
  versionOf,
  ZOD_TOOLS,
} from './zod-tools.js';

const completion = (value: string) => {
  const values = completeRepository(value);
  return { completion: { values, total: values.length, hasMore: false } };
};

/** tmcp's server with the benchmark's tools, resources, template and prompt. */
export function createTmcpServer() {
  const server = new McpServer(SERVER_INFO, {
    adapter: new ZodJsonSchemaAdapter(),
    capabilities: { tools: {}, resources: {}, prompts: {}, completions: {} },
    instructions: INSTRUCTIONS,
  });
  for (const { tool, schema } of ZOD_TOOLS) {
    server.tool(
      {
        name: tool.name,
        title: tool.title,
        description: tool.description,
        schema,
        annotations: annotations(tool),
      },
      (args: object) => ({ content: [{ type: 'text' as const, text: tool.run(args) }] }),
    );
  }
  server.tool(
    {
      name: PROGRESS_TOOL.name,
      title: PROGRESS_TOOL.title,
      description: PROGRESS_TOOL.description,
      schema: PROGRESS_SCHEMA,
      annotations: PROGRESS_ANNOTATIONS,
    },
    (args) => {
      // tmcp types the arguments as they came in; they arrive validated, the default filled in.
      const { repository, steps = 10 } = args;
      for (let step = 1; step <= steps; step++) {
        server.progress(step, steps, PROGRESS_TOOL.message(step, steps));
      }
      return {
        content: [{ type: 'text' as const, text: PROGRESS_TOOL.run({ repository, steps }) }],
      };
    },
  );
  for (const document of DOCUMENTS) {
    server.resource(
      {
        uri: document.uri,
        name: document.name,
        title: document.title,
        description: document.description,
        mimeType: document.mimeType,
      },
      (uri) => ({ contents: [{ uri, mimeType: document.mimeType, text: document.text }] }),
    );
  }
  server.template(
    {
      uri: ISSUE_TEMPLATE.uriTemplate,
      name: ISSUE_TEMPLATE.name,
      title: ISSUE_TEMPLATE.title,
      description: ISSUE_TEMPLATE.description,
      mimeType: ISSUE_TEMPLATE.mimeType,
      complete: { repository: completion },
    },
    (uri, { repository, number }) => ({
      contents: [
        {
          uri,
          mimeType: ISSUE_TEMPLATE.mimeType,
          text: ISSUE_TEMPLATE.read(String(repository), String(number)),
        },
      ],
    }),
  );
  server.prompt(
    {
      name: REVIEW_PROMPT.name,
      title: REVIEW_PROMPT.title,
      description: REVIEW_PROMPT.description,
      schema: z.object(PROMPT_SHAPE),
      complete: { repository: completion },
    },
    (args) => ({ messages: promptMessages(args) }),
  );
  return server;
}

const version = versionOf('tmcp');

export const tmcp: Contender = {
  label: `tmcp ${version} core (receive)`,
  how: 'one server, made once; JSON.parse → await server.receive(message) → JSON.stringify',
  prepare() {
    const server = createTmcpServer();
    return async (text) => {
      const answer = await server.receive(JSON.parse(text));
      return answer == null ? undefined : JSON.stringify(answer);
    };
  },
};

/** tmcp's HTTP transport over one server, answering web Requests. */
export function tmcpFetchHandler(): (request: Request) => Promise<Response> {
  const transport = new HttpTransport(createTmcpServer(), { path: '/mcp' });
  return async (request) =>
    (await transport.respond(request)) ?? new Response('Not found', { status: 404 });
}

export const tmcpHttp: Contender = {
  label: `tmcp ${version} HTTP transport`,
  how:
    'one server and HttpTransport (@tmcp/transport-http), made once; transport.respond(new Request(headers, text)) → ' +
    'await response.text(); it answers every request with an SSE stream',
  streams: true,
  prepare(workload) {
    const handler = tmcpFetchHandler();
    const headers = workload.headers;
    return async (text) => {
      const response = await handler(
        new Request('http://127.0.0.1/mcp', { method: 'POST', headers, body: text }),
      );
      const answer = await response.text();
      return answer === '' ? undefined : answer;
    };
  },
};
