// The project server's one tool that writes: a note, kept in memory among the repository's
// documents under notes/, and announced to the listeners of subscriptions/listen: an update of
// its document, and a change of the list of resources when the note is new.
import {
  type Changes,
  type JSONSchema,
  MCPToolBase,
  type RequestScope,
  ToolError,
} from 'mcp-protocol-core';
import type { Document, Repository } from './repository.js';

const MAX_NOTES = 50;

const writeNoteSchema = {
  type: 'object',
  properties: {
    name: {
      type: 'string',
      pattern: '^[a-z0-9-]{1,40}$',
      description: 'The note, e.g. todo: it is the document notes/todo.md.',
    },
    text: { type: 'string', maxLength: 10_000, description: 'Its whole text, in Markdown.' },
  },
  required: ['name', 'text'],
  additionalProperties: false,
} as const satisfies JSONSchema;

/** Write a note: notes/<name>.md, made or rewritten, in the first repository served. */
export class WriteNote extends MCPToolBase<typeof writeNoteSchema> {
  readonly name = 'write_note';
  readonly title = 'Write a note';
  readonly description =
    'Writes notes/<name>.md among the documents (in memory, until the demo restarts): a new note, or a whole new text for one. Its listeners hear of it.';
  readonly argumentsSchema = writeNoteSchema;
  override readonly readOnly = false;
  override readonly destructive = true; // a note's old text is replaced
  override readonly idempotent = true;
  override readonly openWorld = false;

  constructor(private readonly repository: Repository) {
    super();
  }

  async run({ name, text }: { name: string; text: string }, scope: RequestScope) {
    const documents = this.repository.documents as Map<string, Document>;
    const path = `notes/${name}.md`;
    const isNew = !documents.has(path);
    if (isNew) {
      const notes = [...documents.keys()].filter((key) => key.startsWith('notes/')).length;
      if (notes >= MAX_NOTES) throw new ToolError(`there are ${MAX_NOTES} notes already`);
    }
    documents.set(path, { path, text });
    const uri = `repo://${this.repository.name}/${path}`;
    const { changes } = scope.server as { changes?: Changes };
    // Told once written, so that a listener that reads it then reads the new text; a bus that is
    // down loses the announcement, not the note.
    await changes?.resourceUpdated(uri).catch(() => {});
    if (isNew) await changes?.resourcesChanged().catch(() => {});
    return `${isNew ? 'Wrote' : 'Rewrote'} ${uri}.`;
  }
}
