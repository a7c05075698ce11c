// The official SDK in its documented stateless pattern: a new McpServer, with its ten tools, and a
// new transport for every request (sessionIdGenerator undefined, JSON answers). In-process, with
// no network, through the SDK's own web-standard transport (WebStandardStreamableHTTPServerTransport,
// which its node:http transport wraps): a web Request carries the headers, the body goes in parsed
// (`parsedBody`, as a body-parser middleware does), and the answer is the Response's text.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  WebStandardStreamableHTTPServerTransport,
  type WebStandardStreamableHTTPServerTransportOptions,
} from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { INSTRUCTIONS, SERVER_INFO } from '../fixtures.js';
import type { Contender } from './types.js';
import { annotations, versionOf, ZOD_TOOLS } from './zod-tools.js';

/** The SDK's server with the ten tools: what its stateless examples' getServer() builds. */
export function createSdkServer(): McpServer {
  const server = new McpServer(SERVER_INFO, {
    capabilities: { tools: {} },
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
  return server;
}

/** The SDK's stateless options, as its docs write them (`undefined` is spelled out there). */
export const STATELESS = {
  sessionIdGenerator: undefined,
  enableJsonResponse: true,
} as object as WebStandardStreamableHTTPServerTransportOptions;

export const sdk: Contender = {
  label: `SDK ${versionOf('@modelcontextprotocol/sdk')}, server + transport per request`,
  how:
    'per request: new McpServer + 10 registerTool + new WebStandardStreamableHTTPServerTransport' +
    '({ sessionIdGenerator: undefined, enableJsonResponse: true }), connect, ' +
    'handleRequest(new Request(headers), { parsedBody: JSON.parse(text) }), await response.text(), close',
  prepare(workload) {
    const headers = workload.headers;
    return async (text) => {
      const server = createSdkServer();
      const transport = new WebStandardStreamableHTTPServerTransport(STATELESS);
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
