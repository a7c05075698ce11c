// This library: the fixtures' ten tools as defineTool() classes, built once at module level (as
// the README asks), and one server class, reused or made per request.
import {
  type AnyTool,
  defineTool,
  type JSONSchema,
  MCPServerBase,
  type ToolClass,
  toolsByName,
} from '../../src/index.js';
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

// The tools do not depend on the request: built once, at module level, as the README advises, so
// that a server made per request is the server alone.
const SHARED_TOOLS: ReadonlyMap<string, AnyTool> = toolsByName(
  ...TOOL_CLASSES.map((Tool) => new Tool()),
);

/** The benchmark's server: the ten tools. Cheap to make: make one per request, or share one. */
export class BenchServer extends MCPServerBase {
  readonly name = 'bench';
  override readonly tools = SHARED_TOOLS;
  serverInfo() {
    return SERVER_INFO;
  }
  instructions() {
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
