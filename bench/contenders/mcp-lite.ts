// mcp-lite: one server with the ten tools (zod, converted to JSON Schema by z.toJSONSchema, as its
// README does). Two ways in: its core, `_dispatch(message)` (what its transport calls; public in
// its types, though named as internal), and its public fetch handler, StreamableHttpTransport's
// bind(), stateless (no session adapter), in-process with a web Request.
import { McpServer, StreamableHttpTransport } from 'mcp-lite';
import { z } from 'zod';
import { SERVER_INFO } from '../fixtures.js';
import type { Contender } from './types.js';
import { annotations, versionOf, ZOD_TOOLS } from './zod-tools.js';

function createMcpLiteServer(): McpServer {
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
