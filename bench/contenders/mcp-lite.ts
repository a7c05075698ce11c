// mcp-lite: one server with the ten tools and the tool that reports its progress (zod, converted to
// JSON Schema by z.toJSONSchema, as its README does), the ten documents, the issue template and the
// prompt (mcp-lite has no completion/complete: it answers that it is not implemented). Two ways in: its core, `_dispatch(message)` (what its transport calls; public in
// its types, though named as internal), and its public fetch handler, StreamableHttpTransport's
// bind(), stateless (no session adapter), in-process with a web Request.
import { McpServer, StreamableHttpTransport } from 'mcp-lite';
import { z } from 'zod';
import { DOCUMENTS, ISSUE_TEMPLATE, PROGRESS_TOOL, REVIEW_PROMPT } from '../features.js';
import { SERVER_INFO } from '../fixtures.js';
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

/** mcp-lite's server with the benchmark's tools, resources, template and prompt. */
export function createMcpLiteServer(): McpServer {
  const server = new McpServer({
    ...SERVER_INFO,
    schemaAdapter: (schema) => z.toJSONSchema(schema as z.ZodType),
  });
  for (const { tool, schema } of ZOD_TOOLS) {
    server.tool(tool.name, {
      title: tool.title,
      description: tool.description,
      annotations: annotations(tool),
      inputSchema: schema,
      handler: (args: object) => ({ content: [{ type: 'text', text: tool.run(args) }] }),
    });
  }
  server.tool(PROGRESS_TOOL.name, {
    title: PROGRESS_TOOL.title,
    description: PROGRESS_TOOL.description,
    annotations: PROGRESS_ANNOTATIONS,
    inputSchema: PROGRESS_SCHEMA,
    handler: async (args: { repository: string; steps: number }, ctx) => {
      for (let step = 1; step <= args.steps; step++) {
        await ctx.progress?.({
          progress: step,
          total: args.steps,
          message: PROGRESS_TOOL.message(step, args.steps),
        });
      }
      return { content: [{ type: 'text', text: PROGRESS_TOOL.run(args) }] };
    },
  });
  for (const document of DOCUMENTS) {
    server.resource(
      document.uri,
      {
        name: document.name,
        description: document.description,
        mimeType: document.mimeType,
      },
      async (uri) => ({
        // mcp-lite's types ask for a `type` the specification does not have.
        contents: [
          { uri: uri.href, type: 'text', mimeType: document.mimeType, text: document.text },
        ],
      }),
    );
  }
  server.resource(
    ISSUE_TEMPLATE.uriTemplate,
    {
      name: ISSUE_TEMPLATE.name,
      description: ISSUE_TEMPLATE.description,
      mimeType: ISSUE_TEMPLATE.mimeType,
    },
    async (uri, { repository, number }) => ({
      contents: [
        {
          uri: uri.href,
          type: 'text',
          mimeType: ISSUE_TEMPLATE.mimeType,
          text: ISSUE_TEMPLATE.read(String(repository), String(number)),
        },
      ],
    }),
  );
  server.prompt(REVIEW_PROMPT.name, {
    title: REVIEW_PROMPT.title,
    description: REVIEW_PROMPT.description,
    arguments: z.object(PROMPT_SHAPE),
    handler: (args: { repository: string; number: string; focus?: string | undefined }) => ({
      messages: promptMessages(args),
    }),
  });
  return server;
}

const version = versionOf('mcp-lite');

export const mcpLite: Contender = {
  label: `mcp-lite ${version} core (_dispatch)`,
  how: 'one server, made once; JSON.parse → await server._dispatch(message) → JSON.stringify',
  prepare() {
    const server = createMcpLiteServer();
    return async (text) => {
      const answer = await server._dispatch(JSON.parse(text));
      return answer === null ? undefined : JSON.stringify(answer);
    };
  },
};

export const mcpLiteFetch: Contender = {
  label: `mcp-lite ${version} fetch handler`,
  streams: true,
  how:
    'one server and transport, made once; handler(new Request(headers, text)) → await response.text(); ' +
    'it answers with an SSE stream, since the Accept header admits one (as MCP clients send it)',
  prepare(workload) {
    const handler = new StreamableHttpTransport().bind(createMcpLiteServer());
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
