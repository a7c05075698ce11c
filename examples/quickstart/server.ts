import { defineTool, MCPServerBase, toolsByName } from 'mcp-protocol-core';

// A tool: its arguments are a JSON Schema, checked before run() sees them; `name` is a string.
const Greet = defineTool({
  name: 'greet',
  title: 'Greet someone',
  description: 'Says hello to a person, by name.',
  readOnly: true, // it changes nothing
  openWorld: false, // and reaches nothing beyond the server
  argumentsSchema: {
    type: 'object',
    properties: { name: { type: 'string', minLength: 1 } },
    required: ['name'],
  },
  run: ({ name }) => `Hello, ${name}!`,
});

export class GreetServer extends MCPServerBase {
  readonly name = 'greet';
  override readonly tools = toolsByName(new Greet());
  serverInfo() {
    return { version: '1.0.0' }; // its name is `name`
  }
  override instructions() {
    return 'Call greet with a name.';
  }
}
