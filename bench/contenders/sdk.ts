// The official SDK in its documented stateless pattern: a new McpServer, with the benchmark's
// tools, resources, template and prompt, and a new transport for every request (sessionIdGenerator
// undefined; JSON answers, or SSE for a request whose tool reports its progress). In-process, with
// no network, through the SDK's own web-standard transport (WebStandardStreamableHTTPServerTransport,
// which its node:http transport wraps): a web Request carries the headers, the body goes in parsed
// (`parsedBody`, as a body-parser middleware does), and the answer is the Response's text.
import { completable } from '@modelcontextprotocol/sdk/server/completable.js';
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  WebStandardStreamableHTTPServerTransport,
  type WebStandardStreamableHTTPServerTransportOptions,
} from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
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

// completable() marks the schema itself: made once, as the tools' schemas are.
const PROMPT_ARGS = {
  ...PROMPT_SHAPE,
  repository: completable(PROMPT_SHAPE.repository, completeRepository),
};

/** The SDK's server with the benchmark's features: what its stateless examples' getServer() builds. */
export function createSdkServer(): McpServer {
  const server = new McpServer(SERVER_INFO, {
    capabilities: { tools: {}, resources: {}, prompts: {}, completions: {} },
    instructions: INSTRUCTIONS,
  });
  for (const { tool, schema } of ZOD_TOOLS) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: schema,
        annotations: annotations(tool),
      },
      (args: object) => ({ content: [{ type: 'text' as const, text: tool.run(args) }] }),
    );
  }
  server.registerTool(
    PROGRESS_TOOL.name,
    {
      title: PROGRESS_TOOL.title,
      description: PROGRESS_TOOL.description,
      inputSchema: PROGRESS_SCHEMA,
      annotations: PROGRESS_ANNOTATIONS,
    },
    async (args, extra) => {
      const progressToken = extra._meta?.progressToken;
      if (progressToken !== undefined) {
        for (let step = 1; step <= args.steps; step++) {
          await extra.sendNotification({
            method: 'notifications/progress',
            params: {
              progressToken,
              progress: step,
              total: args.steps,
              message: PROGRESS_TOOL.message(step, args.steps),
            },
          });
        }
      }
      return { content: [{ type: 'text' as const, text: PROGRESS_TOOL.run(args) }] };
    },
  );
  for (const document of DOCUMENTS) {
    server.registerResource(
      document.name,
      document.uri,
      { title: document.title, description: document.description, mimeType: document.mimeType },
      (uri) => ({
        contents: [{ uri: uri.href, mimeType: document.mimeType, text: document.text }],
      }),
    );
  }
  server.registerResource(
    ISSUE_TEMPLATE.name,
    new ResourceTemplate(ISSUE_TEMPLATE.uriTemplate, {
      list: undefined,
      complete: { repository: completeRepository },
    }),
    {
      title: ISSUE_TEMPLATE.title,
      description: ISSUE_TEMPLATE.description,
      mimeType: ISSUE_TEMPLATE.mimeType,
    },
    (uri, { repository, number }) => ({
      contents: [
        {
          uri: uri.href,
          mimeType: ISSUE_TEMPLATE.mimeType,
          text: ISSUE_TEMPLATE.read(String(repository), String(number)),
        },
      ],
    }),
  );
  server.registerPrompt(
    REVIEW_PROMPT.name,
    {
      title: REVIEW_PROMPT.title,
      description: REVIEW_PROMPT.description,
      argsSchema: PROMPT_ARGS,
    },
    (args) => ({ messages: promptMessages(args) }),
  );
  return server;
}

/** The SDK's stateless options, as its docs write them (`undefined` is spelled out there). */
export const STATELESS = {
  sessionIdGenerator: undefined,
  enableJsonResponse: true,
} as object as WebStandardStreamableHTTPServerTransportOptions;

/** Stateless, answering with SSE: what a tool that reports its progress needs. */
export const STATELESS_SSE = {
  sessionIdGenerator: undefined,
} as object as WebStandardStreamableHTTPServerTransportOptions;

export const sdk: Contender = {
  label: `SDK ${versionOf('@modelcontextprotocol/sdk')}, server + transport per request`,
  how:
    'per request: new McpServer + 11 registerTool, 11 registerResource, registerPrompt + new WebStandardStreamableHTTPServerTransport' +
    '({ sessionIdGenerator: undefined, enableJsonResponse: true }, without enableJsonResponse for a streaming workload), connect, ' +
    'handleRequest(new Request(headers), { parsedBody: JSON.parse(text) }), await response.text(), close',
  streams: true,
  prepare(workload) {
    const headers = workload.headers;
    const options = workload.stream === undefined ? STATELESS : STATELESS_SSE;
    return async (text) => {
      const server = createSdkServer();
      const transport = new WebStandardStreamableHTTPServerTransport(options);
      await server.connect(transport);
      const response = await transport.handleRequest(
        new Request('http://127.0.0.1/mcp', { method: 'POST', headers }),
        { parsedBody: JSON.parse(text) },
      );
      const answer = await response.text();
      await transport.close();
      await server.close();
      return answer === '' ? undefined : answer;
    };
  },
};
