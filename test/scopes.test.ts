// OAuth scopes in the core: definitions that require scopes, listed and used only by requests
// granted them, through the test client and handle(), in both eras.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  definePrompt,
  defineResource,
  defineResourceTemplate,
  defineTool,
  InsufficientScopeError,
  isScope,
  MCPServerBase,
  promptsByName,
  requireScopes,
  resourcesByUri,
  templatesByUriTemplate,
  toolsByName,
  withImpliedScopes,
} from '../src/index.js';
import { type ResponseError, TestClient } from '../src/testing.js';

const NOTES = new Map([
  ['1', 'public one'],
  ['2', 'public two'],
]);

const ReadNote = defineTool({
  name: 'read_note',
  title: 'Read a note',
  description: 'One note.',
  argumentsSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
  run: ({ id }) => NOTES.get(id) ?? 'no such note',
});

const WriteNote = defineTool({
  name: 'write_note',
  title: 'Write a note',
  description: 'Writes a note.',
  readOnly: false,
  requiredScopes: ['notes:write'],
  argumentsSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  run: ({ text }) => `written: ${text}`,
});

// The scope depends on the arguments: decided in run(), all of it in one refusal.
const Share = defineTool({
  name: 'share',
  title: 'Share a note',
  description: 'Shares a note, with everyone when asked.',
  argumentsSchema: { type: 'object', properties: { everyone: { type: 'boolean' } } },
  run: ({ everyone }, scope) => {
    if (everyone) requireScopes(scope, ['notes:write', 'notes:share'], 'sharing with everyone');
    return 'shared';
  },
});

const Summary = definePrompt({
  name: 'summary',
  description: 'Summarize the notes.',
  get: () => 'Summarize.',
});

const Audit = definePrompt({
  name: 'audit',
  description: 'Audit the notes.',
  requiredScopes: ['notes:admin'],
  argumentsSchema: { type: 'object', properties: { who: { type: 'string' } } },
  get: ({ who }) => `Audit ${who ?? 'everyone'}.`,
  complete: () => ['ada', 'alan'],
});

const Index = defineResource({ uri: 'notes://index', name: 'index', read: () => 'the index' });
const Keys = defineResource({
  uri: 'notes://keys',
  name: 'keys',
  requiredScopes: ['notes:admin'],
  cache: { ttlMs: 1000, cacheScope: 'public' },
  read: () => 'the keys',
});
const Public = defineResourceTemplate({
  uriTemplate: 'notes://public/{id}',
  name: 'public',
  read: ({ id }) => NOTES.get(id),
  list: () => [...NOTES.keys()].map((id) => ({ uri: `notes://public/${id}`, name: id })),
});
const Private = defineResourceTemplate({
  uriTemplate: 'notes://private/{id}',
  name: 'private',
  requiredScopes: ['notes:admin'],
  read: ({ id }) => `private ${id}`,
  list: () => [{ uri: 'notes://private/9', name: 'nine' }],
  complete: () => ['9'],
});

class NotesServer extends MCPServerBase {
  readonly name = 'notes';
  override readonly tools = toolsByName(new ReadNote(), new WriteNote(), new Share());
  override readonly prompts = promptsByName(new Summary(), new Audit());
  override readonly resources = resourcesByUri(new Index(), new Keys());
  override readonly resourceTemplates = templatesByUriTemplate(new Public(), new Private());
  serverInfo() {
    return { name: 'notes', version: '1.0.0' };
  }
  override instructions() {
    return '';
  }
}

class PlainServer extends MCPServerBase {
  readonly name = 'plain';
  override readonly tools = toolsByName(new ReadNote());
  serverInfo() {
    return { name: 'plain', version: '1.0.0' };
  }
  override instructions() {
    return '';
  }
}

async function refused(promise: Promise<unknown>): Promise<ResponseError> {
  try {
    await promise;
  } catch (error) {
    return error as ResponseError;
  }
  throw new Error('expected a refusal');
}

const names = (items: { name: string }[]) => items.map((item) => item.name);

const scopes = suite('requiredScopes');

scopes('a request without the scopes sees nothing that requires them', async () => {
  const client = new TestClient(() => new NotesServer());
  assert.equal(names(await client.listTools()), ['read_note', 'share']);
  assert.equal(names(await client.listPrompts()), ['summary']);
  assert.equal(
    (await client.listResources()).map(({ uri }) => uri),
    ['notes://index', 'notes://public/1', 'notes://public/2'],
  );
  assert.equal(
    (await client.listResourceTemplates()).map(({ uriTemplate }) => uriTemplate),
    ['notes://public/{id}'],
  );
});

scopes('and its use is refused: 403, -32600, with every scope it needs', async () => {
  const client = new TestClient(() => new NotesServer(), { grantedScopes: ['notes:read'] });
  const write = await refused(client.callTool('write_note', { text: 'x' }));
  assert.is(write.status, 403);
  assert.is(write.code, -32600);
  assert.is(write.message, 'write_note needs the scope notes:write.');
  assert.equal(write.data, { requiredScopes: ['notes:write'] });
  const refusals = [
    [client.getPrompt('audit'), 'prompt audit needs the scope notes:admin.'],
    [client.readResource('notes://keys'), 'notes://keys needs the scope notes:admin.'],
    [client.readResource('notes://private/3'), 'notes://private/3 needs the scope notes:admin.'],
    [
      client.callTool('share', { everyone: true }),
      'sharing with everyone needs the scopes notes:write, notes:share.',
    ],
  ] as const;
  for (const [promise, message] of refusals) {
    const error = await refused(promise);
    assert.is(error.status, 403, message);
    assert.is(error.message, message);
  }
  // What needs no scope is served as before; an unknown name is still unknown.
  assert.equal((await client.callTool('share', {})).content, [{ type: 'text', text: 'shared' }]);
  assert.equal((await client.readResource('notes://public/1')).contents, [
    { uri: 'notes://public/1', text: 'public one' },
  ]);
  assert.is((await refused(client.callTool('nope', {}))).code, -32602);
  const unknown = await refused(client.readResource('notes://elsewhere'));
  assert.equal([unknown.code, unknown.status], [-32002, 200]);
});

scopes('completion/complete tells a caller nothing of what it may not see', async () => {
  const completion = (ref: object, name: string, context?: object) => ({
    jsonrpc: '2.0',
    id: 3,
    method: 'completion/complete',
    params: { ref, argument: { name, value: '' }, ...(context && { context }) },
  });
  const unknown = (message: string) => ({
    jsonrpc: '2.0',
    id: 3,
    error: { code: -32602, message },
  });
  const audit = { type: 'ref/prompt', name: 'audit' } as const;
  const absent = { type: 'ref/prompt', name: 'absent' } as const;
  const priv = { type: 'ref/resource', uri: 'notes://private/{id}' };
  const keys = { type: 'ref/resource', uri: 'notes://keys' };
  const server = new NotesServer();
  // Whatever the argument's name, right or wrong, the answer is that of a prompt that is not there.
  for (const name of ['who', 'nope']) {
    assert.equal(await server.handle(completion(absent, name)), unknown('Unknown prompt: absent'));
    assert.equal(await server.handle(completion(audit, name)), unknown('Unknown prompt: audit'));
    assert.equal(
      await server.handle(completion(audit, 'who', { arguments: { [name]: 'x' } })),
      unknown('Unknown prompt: audit'),
    );
    assert.equal(
      await server.handle(completion(priv, name)),
      unknown('Unknown resource template: notes://private/{id}'),
    );
    assert.equal(
      await server.handle(completion(keys, name)),
      unknown('Unknown resource template: notes://keys'),
    );
  }
  // Over HTTP too, in both eras: the status of an unknown one, not a 403 that names scopes.
  for (const protocolVersion of ['2025-11-25', '2026-07-28']) {
    const client = new TestClient(() => new NotesServer(), { protocolVersion });
    const hidden = await refused(client.complete(audit, { name: 'who', value: '' }));
    const missing = await refused(client.complete(absent, { name: 'who', value: '' }));
    assert.equal(
      [hidden.status, hidden.code, hidden.data],
      [missing.status, missing.code, missing.data],
    );
  }
  // Granted, the prompt's argument names are checked as they are for any other prompt.
  const granted = { grantedScopes: ['notes:admin'] };
  assert.equal(
    await server.handle(completion(audit, 'nope'), granted),
    unknown('audit has no argument nope.'),
  );
  assert.equal(
    await server.handle(completion(priv, 'nope'), granted),
    unknown('notes://private/{id} has no variable nope.'),
  );
});

scopes(
  '2026-07-28: a hidden tool is refused for its scope before its Mcp-Param headers',
  async () => {
    const Deploy = defineTool({
      name: 'deploy',
      title: 'Deploy',
      description: 'Deploys to a region.',
      requiredScopes: ['ops:deploy'],
      argumentsSchema: {
        type: 'object',
        properties: { secretRegion: { type: 'string', 'x-mcp-header': 'Secret-Region' } },
        required: ['secretRegion'],
      },
      run: ({ secretRegion }) => `deployed to ${secretRegion}`,
    });
    class OpsServer extends PlainServer {
      override readonly tools = toolsByName(new ReadNote(), new Deploy());
    }
    // The client does not list the tool, so it sends no Mcp-Param header for it.
    const client = new TestClient(() => new OpsServer(), { protocolVersion: '2026-07-28' });
    const error = await refused(client.callTool('deploy', { secretRegion: 'eu' }));
    assert.equal([error.status, error.code], [403, -32600]);
    assert.is(error.message, 'deploy needs the scope ops:deploy.');
    assert.not.match(JSON.stringify(error), /Secret-Region|secretRegion/i);
    // Granted the scope, its headers are checked as before.
    const granted = new TestClient(() => new OpsServer(), {
      protocolVersion: '2026-07-28',
      grantedScopes: ['ops:deploy'],
    });
    assert.equal((await granted.callTool('deploy', { secretRegion: 'eu' })).content, [
      { type: 'text', text: 'deployed to eu' },
    ]);
  },
);

scopes('a request granted the scopes sees and uses everything', async () => {
  const client = new TestClient(() => new NotesServer(), {
    grantedScopes: ['notes:write', 'notes:admin', 'notes:share'],
  });
  assert.equal(names(await client.listTools()), ['read_note', 'write_note', 'share']);
  assert.equal(names(await client.listPrompts()), ['summary', 'audit']);
  assert.equal((await client.listResources()).length, 5);
  assert.equal((await client.listResourceTemplates()).length, 2);
  assert.equal((await client.callTool('write_note', { text: 'x' })).content, [
    { type: 'text', text: 'written: x' },
  ]);
  assert.equal((await client.callTool('share', { everyone: true })).content, [
    { type: 'text', text: 'shared' },
  ]);
  assert.equal((await client.readResource('notes://private/3')).contents, [
    { uri: 'notes://private/3', text: 'private 3' },
  ]);
  assert.equal(
    (await client.complete({ type: 'ref/prompt', name: 'audit' }, { name: 'who', value: 'a' }))
      .completion.values,
    ['ada', 'alan'],
  );
});

scopes('2026-07-28: a list that depends on the scopes is private, granted or not', async () => {
  for (const grantedScopes of [[], ['notes:write', 'notes:admin']]) {
    const client = new TestClient(() => new NotesServer(), {
      protocolVersion: '2026-07-28',
      grantedScopes,
    });
    for (const method of [
      'tools/list',
      'prompts/list',
      'resources/list',
      'resources/templates/list',
    ]) {
      const result = await client.request(method);
      assert.is(result.cacheScope, 'private', `${method} with ${grantedScopes}`);
      assert.is(result.ttlMs, 300_000);
    }
    // A resource that requires scopes is read privately, whatever its own hint says.
    if (grantedScopes.length > 0) {
      const read = await client.request('resources/read', { uri: 'notes://keys' });
      assert.equal([read.ttlMs, read.cacheScope], [1000, 'private']);
    }
    if (grantedScopes.length > 0) {
      assert.is((await client.callTool('write_note', { text: 'x' })).resultType, 'complete');
    } else {
      const refusal = await refused(client.callTool('write_note', { text: 'x' }));
      assert.equal([refusal.status, refusal.code], [403, -32600]);
    }
  }
  // Nothing requires a scope: the list is the same for everyone.
  const plain = new TestClient(() => new PlainServer(), { protocolVersion: '2026-07-28' });
  assert.is((await plain.request('tools/list')).cacheScope, 'public');
});

scopes('handle() takes the granted scopes in its context', async () => {
  const server = new NotesServer();
  const call = {
    jsonrpc: '2.0',
    id: 7,
    method: 'tools/call',
    params: { name: 'write_note', arguments: { text: 'y' } },
  };
  assert.equal(await server.handle(call), {
    jsonrpc: '2.0',
    id: 7,
    error: {
      code: -32600,
      message: 'write_note needs the scope notes:write.',
      data: { requiredScopes: ['notes:write'] },
    },
  });
  const granted = await server.handle(call, { grantedScopes: ['notes:write'] });
  assert.equal(granted, {
    jsonrpc: '2.0',
    id: 7,
    result: { content: [{ type: 'text', text: 'written: y' }] },
  });
});

scopes('requiredScopes are checked where they are defined', () => {
  const tool = (requiredScopes: unknown) => () =>
    defineTool({
      name: 'bad',
      title: 'Bad',
      description: 'Bad.',
      argumentsSchema: { type: 'object' },
      requiredScopes: requiredScopes as string[],
      run: () => '',
    });
  for (const wrong of [['two words'], ['say "no"'], [''], 'notes:read', [1]]) {
    assert.throws(tool(wrong), /bad: requiredScopes must be an array of OAuth scopes/);
  }
  tool(['notes:read', 'https://api.example.com/notes.read'])();
  const Prompt = definePrompt({
    name: 'p',
    description: 'P.',
    requiredScopes: ['a b'],
    get: () => '',
  });
  assert.throws(() => promptsByName(new Prompt()), /p: requiredScopes must be/);
  const Resource = defineResource({
    uri: 'x://r',
    name: 'r',
    requiredScopes: ['a\\b'],
    read: () => '',
  });
  assert.throws(() => resourcesByUri(new Resource()), /x:\/\/r: requiredScopes must be/);
  const Template = defineResourceTemplate({
    uriTemplate: 'x://t/{id}',
    name: 't',
    requiredScopes: [' '],
    read: () => '',
  });
  assert.throws(() => templatesByUriTemplate(new Template()), /x:\/\/t\/\{id\}: requiredScopes/);
});

scopes('isScope, withImpliedScopes, InsufficientScopeError', () => {
  assert.ok(isScope('files:read'));
  for (const wrong of ['', 'a b', 'a"b', 'caf\u00e9', 7]) assert.not.ok(isScope(wrong));
  const implies = { 'notes:admin': ['notes:write'], 'notes:write': ['notes:read', 'notes:admin'] };
  assert.equal(withImpliedScopes(['notes:admin'], implies), [
    'notes:admin',
    'notes:write',
    'notes:read',
  ]);
  assert.equal(withImpliedScopes(['other'], implies), ['other']);
  assert.equal(withImpliedScopes(['toString'], implies), ['toString']);
  const error = new InsufficientScopeError('x', ['a', 'b']);
  assert.equal(
    [error.name, error.httpStatus, error.requiredScopes],
    ['InsufficientScopeError', 403, ['a', 'b']],
  );
});

scopes.run();
