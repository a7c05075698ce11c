// tmcp's core: one McpServer with the ten tools (zod, through @tmcp/adapter-zod), and its
// `receive(message)`, what its HTTP transports call for each message.
import { ZodJsonSchemaAdapter } from '@tmcp/adapter-zod';
import { McpServer } from 'tmcp';
import { INSTRUCTIONS, SERVER_INFO } from '../fixtures.js';
import type { Contender } from './types.js';
import { annotations, versionOf, ZOD_TOOLS } from './zod-tools.js';

function createTmcpServer() {
  const server = new McpServer(SERVER_INFO, {
    adapter: new ZodJsonSchemaAdapter(),
    capabilities: { tools: {} },
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
  return server;
}

export const tmcp: Contender = {
  label: `tmcp ${versionOf('tmcp')} core (receive)`,
  how: 'one server, made once; JSON.parse → await server.receive(message) → JSON.stringify',
  prepare() {
    const server = createTmcpServer();
    return async (text) => {
      const answer = await server.receive(JSON.parse(text));
      return answer == null ? undefined : JSON.stringify(answer);
    };
  },
};
