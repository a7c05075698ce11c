/**
 * A server with two tools, answered by handle() with no network: `npm run example`.
 */
import {
  defineTool,
  type JSONSchema,
  MCPServerBase,
  MCPToolBase,
  type ToolArguments,
  ToolError,
  toolsByName,
} from '../src/index.js';

const NOTES = new Map([
  ['welcome', 'Welcome to the notes server.'],
  ['todo', '- write tests\n- ship it'],
]);

const readNoteSchema = {
  type: 'object',
  properties: { name: { type: 'string', description: 'The note, e.g. welcome.' } },
  required: ['name'],
} as const satisfies JSONSchema;

class ReadNote extends MCPToolBase<typeof readNoteSchema> {
  readonly name = 'read_note';
  readonly title = 'Read a note';
  readonly description = 'The text of one note. Call list_notes for their names.';
  readonly argumentsSchema = readNoteSchema;

  run({ name }: ToolArguments<typeof readNoteSchema>) {
    const text = NOTES.get(name);
    if (text === undefined) throw new ToolError(`no note is named ${name}; call list_notes`);
    return `# ${name}\n\n${text}`;
  }
}

const ListNotes = defineTool({
  name: 'list_notes',
  title: 'List the notes',
  description: 'The names of the notes, the first `limit` of them.',
  argumentsSchema: {
    type: 'object',
    properties: { limit: { type: 'integer', minimum: 1, maximum: 100, default: 10 } },
  },
  run: ({ limit }) => [...NOTES.keys()].slice(0, limit).join('\n'),
});

class NotesServer extends MCPServerBase {
  readonly name = 'notes';
  override readonly tools = toolsByName(new ListNotes(), new ReadNote());
  serverInfo() {
    return { name: this.name, version: '1.0.0' };
  }
  instructions() {
    return 'Notes: call list_notes, then read_note.';
  }
}

const server = new NotesServer();
const show = async (payload: unknown) => {
  const answer = await server.handle(payload);
  console.log(
    answer === undefined ? '(nothing: a notification is never answered)' : JSON.stringify(answer),
  );
};

await show({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
await show({
  jsonrpc: '2.0',
  id: 2,
  method: 'tools/call',
  params: { name: 'read_note', arguments: { name: 'todo' } },
});
await show({
  jsonrpc: '2.0',
  id: 3,
  method: 'tools/call',
  params: { name: 'list_notes', arguments: { limit: 0 } },
});
await show({
  jsonrpc: '2.0',
  id: 4,
  method: 'tools/call',
  params: { name: 'read_note', arguments: { name: 'nope' } },
});
await show({ jsonrpc: '2.0', method: 'notifications/initialized' });
