import {
  defineTool,
  type JSONSchema,
  MCPServerBase,
  MCPToolBase,
  type ToolArguments,
  ToolError,
  toolsByName,
} from 'mcp-protocol-core';

const NOTES = new Map([
  ['welcome', 'Welcome to the notes server.'],
  ['todo', '- write tests\n- ship it'],
]);

// The shortest way to a tool: `limit` is typed `number` (it has a default), with no annotation.
const ListNotes = defineTool({
  name: 'list_notes',
  title: 'List the notes',
  description: 'The names of the notes, the first `limit` of them.',
  argumentsSchema: {
    type: 'object',
    properties: { limit: { type: 'integer', minimum: 1, default: 10 } },
  },
  run: ({ limit }) => [...NOTES.keys()].slice(0, limit).join('\n'),
});

// A tool class: the schema is written once, and the arguments' type comes from it.
const readNoteSchema = {
  type: 'object',
  properties: { name: { type: 'string', description: 'The note, e.g. welcome.' } },
  required: ['name'],
} as const satisfies JSONSchema;

class ReadNote extends MCPToolBase<typeof readNoteSchema> {
  readonly name = 'read_note';
  readonly title = 'Read a note';
  readonly description = 'The text of one note; list_notes gives their names.';
  readonly argumentsSchema = readNoteSchema;

  run({ name }: ToolArguments<typeof readNoteSchema>) {
    const text = NOTES.get(name);
    if (text === undefined) throw new ToolError(`no note is named ${name}; call list_notes`);
    return `# ${name}\n\n${text}`;
  }
}

class NotesServer extends MCPServerBase {
  readonly name = 'notes';
  override readonly tools = toolsByName(new ListNotes(), new ReadNote());
  serverInfo() {
    return { name: 'notes', version: '1.0.0' };
  }
  override instructions() {
    return 'Call list_notes for the names of the notes, then read_note.';
  }
}

// One POST body in, its answer out: no network, no state between requests.
const server = new NotesServer();
const show = async (body: unknown) => console.log(JSON.stringify(await server.handle(body)));
const call = (id: number, name: string, args: object) =>
  show({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });

await call(1, 'read_note', { name: 'todo' });
//=> {"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"# todo\n\n- write tests\n- ship it"}]}}
await call(2, 'list_notes', { limit: 0 });
//=> {"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"invalid arguments for list_notes: limit: must be >= 1"}],"isError":true}}
await call(3, 'read_note', { name: 'nope' });
//=> {"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"no note is named nope; call list_notes"}],"isError":true}}
await call(4, 'delete_note', {});
//=> {"jsonrpc":"2.0","id":4,"error":{"code":-32602,"message":"Unknown tool: delete_note"}}
await show({ jsonrpc: '2.0', method: 'notifications/initialized' });
//=> undefined
