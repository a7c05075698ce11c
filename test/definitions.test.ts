// Definitions: two instances of one tool or prompt class are two definitions, each built and
// compiled once; names are unique in a server.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  type AnyPrompt,
  type AnyTool,
  definePrompt,
  defineResource,
  defineTool,
  type JSONSchema,
  MCPPromptBase,
  MCPServerBase,
  MCPToolBase,
  type PromptArgumentsSchema,
  promptsByName,
  type RequestScope,
  resourcesByUri,
  setSchemaCompiler,
  toolsByName,
} from '../src/index.js';
import { request } from './fixtures.js';

// One class, many tools: the name and the schema are the constructor's.
class Relay extends MCPToolBase {
  readonly title = 'Proxy';
  readonly description = 'Passes the arguments on.';
  constructor(
    readonly name: string,
    readonly argumentsSchema: JSONSchema,
  ) {
    super();
  }
  run(args: unknown) {
    return JSON.stringify(args);
  }
}

// One class, many prompts.
class Template extends MCPPromptBase {
  readonly description = 'A template.';
  constructor(
    readonly name: string,
    readonly argumentsSchema: PromptArgumentsSchema,
  ) {
    super();
  }
  get(args: Record<string, unknown>) {
    return `${this.name}: ${JSON.stringify(args)}`;
  }
}

class Server extends MCPServerBase {
  readonly name = 'definitions';
  override readonly tools: ReadonlyMap<string, AnyTool>;
  override readonly prompts: ReadonlyMap<string, AnyPrompt>;
  constructor(tools: AnyTool[], prompts: AnyPrompt[] = []) {
    super();
    this.tools = toolsByName(...tools);
    this.prompts = promptsByName(...prompts);
  }
  serverInfo() {
    return { name: 'definitions', version: '1.0.0' };
  }
  override instructions() {
    return '';
  }
}

const schemaOf = (property: string, type: string) =>
  ({
    type: 'object',
    properties: { [property]: { type } },
    required: [property],
  }) as Record<string, unknown> as JSONSchema & object;

async function call(server: MCPServerBase, name: string, args: Record<string, unknown>) {
  const answer = (await server.handle(
    request(1, 'tools/call', { name, arguments: args }),
  )) as unknown as {
    result: { content: { text: string }[]; isError?: boolean };
  };
  return answer.result;
}

const text = (result: { content: { text: string }[]; isError?: boolean }) =>
  `${result.isError ? 'error: ' : ''}${result.content[0]!.text}`;

const definitions = suite('definitions');

definitions('two instances of one tool class are two tools, each with its own schema', async () => {
  const server = new Server([
    new Relay('a', schemaOf('city', 'string')),
    new Relay('b', schemaOf('count', 'integer')),
  ]);
  const list = (await server.handle(request(1, 'tools/list'))) as unknown as {
    result: { tools: { name: string; inputSchema: object }[] };
  };
  assert.equal(
    list.result.tools.map(({ name, inputSchema }) => ({ name, inputSchema })),
    [
      { name: 'a', inputSchema: { ...schemaOf('city', 'string'), additionalProperties: false } },
      { name: 'b', inputSchema: { ...schemaOf('count', 'integer'), additionalProperties: false } },
    ],
  );
  assert.is(text(await call(server, 'a', { city: 'Oslo' })), '{"city":"Oslo"}');
  assert.is(text(await call(server, 'b', { count: 3 })), '{"count":3}');
  assert.is(
    text(await call(server, 'b', { city: 'Oslo' })),
    'error: invalid arguments for b: count: is required; city: is not an argument of this tool',
  );
});

definitions('one name with another schema in another server is validated by its own', async () => {
  const strict = new Server([new Relay('search', schemaOf('query', 'integer'))]);
  const loose = new Server([new Relay('search', schemaOf('query', 'string'))]);
  assert.is(text(await call(loose, 'search', { query: 'x' })), '{"query":"x"}');
  assert.is(
    text(await call(strict, 'search', { query: 'x' })),
    'error: invalid arguments for search: query: must be integer',
  );
  assert.is(text(await call(loose, 'search', { query: 'y' })), '{"query":"y"}');
});

definitions('a schema written inline is compiled once, not once per server', async () => {
  // A new schema object in every instance, as a class field written inline is.
  class Inline extends MCPToolBase {
    readonly name = 'inline';
    readonly title = 'Inline';
    readonly description = 'An inline schema.';
    readonly argumentsSchema = { type: 'object', properties: { n: { type: 'integer' } } } as const;
    run() {
      return 'ok';
    }
  }
  const compiled: unknown[] = [];
  // Watch every compilation, and leave it to ajv.
  setSchemaCompiler((schema) => {
    compiled.push(schema);
    return undefined;
  });
  try {
    for (let i = 0; i < 5; i++) {
      // A server per request, with its tools.
      assert.is(text(await call(new Server([new Inline()]), 'inline', { n: i })), 'ok');
    }
  } finally {
    setSchemaCompiler(undefined);
  }
  assert.equal(compiled, [
    { type: 'object', properties: { n: { type: 'integer' } }, additionalProperties: false },
  ]);
});

definitions('two instances of one prompt class are two prompts', async () => {
  const server = new Server(
    [],
    [
      new Template('short', { type: 'object', properties: { a: { type: 'string' } } }),
      new Template('long', {
        type: 'object',
        properties: { b: { type: 'string' } },
        required: ['b'],
      }),
    ],
  );
  const list = (await server.handle(request(1, 'prompts/list'))) as unknown as {
    result: { prompts: { name: string; arguments: object[] }[] };
  };
  assert.equal(
    list.result.prompts.map(({ name, arguments: listed }) => ({ name, listed })),
    [
      { name: 'short', listed: [{ name: 'a', required: false }] },
      { name: 'long', listed: [{ name: 'b', required: true }] },
    ],
  );
  const get = (name: string, args: Record<string, string>) =>
    server.handle(request(2, 'prompts/get', { name, arguments: args }));
  assert.equal(await get('long', { b: 'x' }), {
    jsonrpc: '2.0',
    id: 2,
    result: { messages: [{ role: 'user', content: { type: 'text', text: 'long: {"b":"x"}' } }] },
  });
  assert.equal(await get('short', { b: 'x' }), {
    jsonrpc: '2.0',
    id: 2,
    error: {
      code: -32602,
      message: 'invalid arguments for prompt short: b: is not an argument of this prompt',
    },
  });
});

definitions('two tools or two prompts of one name in a server are refused', () => {
  assert.throws(
    () => new Server([new Relay('a', schemaOf('x', 'string')), new Relay('a', { type: 'object' })]),
    (error: Error) => error.message === 'two tools are named a: rename one, or leave one out',
  );
  const prompt = (name: string) => new Template(name, { type: 'object' });
  assert.throws(
    () => new Server([], [prompt('p'), prompt('q'), prompt('p')]),
    (error: Error) => error.message === 'two prompts are named p: rename one, or leave one out',
  );
});

definitions("the server's name is written once: serverInfo() may leave it out", async () => {
  class Named extends MCPServerBase {
    readonly name = 'named';
    serverInfo() {
      return { version: '2.0.0' };
    }
    override instructions() {
      return '';
    }
  }
  const handshake = (await new Named().handle(
    request(1, 'initialize', { protocolVersion: '2025-11-25', capabilities: {} }),
  )) as unknown as { result: { serverInfo: object } };
  assert.equal(handshake.result.serverInfo, { name: 'named', version: '2.0.0' });
  const modern = (await new Named().handle({
    jsonrpc: '2.0',
    id: 2,
    method: 'server/discover',
    params: {
      _meta: {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientCapabilities': {},
      },
    },
  })) as unknown as { result: { _meta: Record<string, unknown> } };
  assert.equal(modern.result._meta['io.modelcontextprotocol/serverInfo'], {
    name: 'named',
    version: '2.0.0',
  });
});

// What a server is made with, reached from its definitions through the scope.
const AddNote = defineTool({
  name: 'add_note',
  title: 'Add a note',
  description: "Adds a note to the server's store.",
  readOnly: false,
  destructive: false,
  openWorld: false,
  argumentsSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  run: ({ text }, scope: RequestScope<NotesServer>) => {
    scope.server.store.push(text);
    return `${scope.server.store.length} notes`;
  },
});
const Recap = definePrompt({
  name: 'recap',
  description: 'The notes, to recap.',
  get: (_args, scope: RequestScope<NotesServer>) => scope.server.store.join('\n'),
});
const All = defineResource({
  uri: 'notes://all',
  name: 'all',
  read: (scope: RequestScope<NotesServer>) => scope.server.store.join('\n'),
});

class NotesServer extends MCPServerBase {
  readonly name = 'notes';
  override readonly tools = toolsByName(new AddNote());
  override readonly prompts = promptsByName(new Recap());
  override readonly resources = resourcesByUri(new All());
  constructor(readonly store: string[]) {
    super();
  }
  serverInfo() {
    return { version: '1.0.0' };
  }
  override instructions() {
    return '';
  }
}

definitions('a definition reaches what its server is made with, through scope.server', async () => {
  const store = ['first'];
  // A server per request, each made with the same store.
  assert.is(text(await call(new NotesServer(store), 'add_note', { text: 'second' })), '2 notes');
  assert.equal(store, ['first', 'second']);
  const prompt = (await new NotesServer(store).handle(
    request(2, 'prompts/get', { name: 'recap' }),
  )) as unknown as { result: { messages: { content: { text: string } }[] } };
  assert.is(prompt.result.messages[0]!.content.text, 'first\nsecond');
  const read = (await new NotesServer(['other']).handle(
    request(3, 'resources/read', { uri: 'notes://all' }),
  )) as unknown as { result: { contents: { text: string }[] } };
  assert.is(read.result.contents[0]!.text, 'other');
});

definitions.run();
