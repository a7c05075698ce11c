// Input requests of 2026-07-28 (multi round-trip requests, SEP-2322), through handle(): a method
// asks with scope.elicit/sample/listRoots, the request is answered input_required, and the client
// calls again with the answers and the signed requestState.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  definePrompt,
  defineResource,
  defineResourceTemplate,
  defineTool,
  httpStatusOf,
  InputUnavailableError,
  MCPServerBase,
  mcpserverToolCalled,
  promptsByName,
  RequestScope,
  resourcesByUri,
  type ToolOutcome,
  templatesByUriTemplate,
  toolsByName,
  withMethods,
} from '../src/index.js';
import { TestClient } from '../src/testing.js';

const KEY = 'a test key of thirty-two bytes, at least';
const ALL = { elicitation: {}, sampling: {}, roots: {} };

const nameForm = {
  message: 'What is your name?',
  requestedSchema: {
    type: 'object',
    properties: { name: { type: 'string', minLength: 1 } },
    required: ['name'],
  },
} as const;

const ageForm = {
  message: 'How old are you?',
  requestedSchema: {
    type: 'object',
    properties: { age: { type: 'integer', minimum: 0 }, unit: { type: 'string', default: 'y' } },
    required: ['age'],
  },
} as const;

const Greet = defineTool({
  name: 'greet',
  title: 'Greet',
  description: 'Asks for a name, then greets.',
  argumentsSchema: { type: 'object', properties: { greeting: { type: 'string' } } },
  async run({ greeting = 'Hello' }, scope) {
    const answer = await scope.elicit('user_name', nameForm);
    return answer.action === 'accept' ? `${greeting}, ${answer.content.name}!` : answer.action;
  },
});

// Two questions, one after the other, and a state of its own.
const Profile = defineTool({
  name: 'profile',
  title: 'Profile',
  description: 'Asks for a name, then an age.',
  argumentsSchema: { type: 'object', properties: { id: { type: 'integer' } } },
  async run(_args, scope) {
    const rounds = (scope.state as { rounds?: number } | undefined)?.rounds ?? 0;
    scope.state = { rounds: rounds + 1 };
    const name = await scope.elicit('user_name', nameForm);
    const age = await scope.elicit('age', ageForm);
    if (name.action !== 'accept' || age.action !== 'accept') return 'no profile';
    return `${name.content.name}, ${age.content.age}${age.content.unit}, after ${rounds} rounds`;
  },
});

// Three kinds at once.
const Everything = defineTool({
  name: 'everything',
  title: 'Everything',
  description: 'Asks for a name, a sampled message and the roots, at once.',
  argumentsSchema: { type: 'object' },
  async run(_args, scope) {
    const [name, message, roots] = await Promise.all([
      scope.elicit('user_name', nameForm),
      scope.sample('haiku', {
        messages: [{ role: 'user', content: { type: 'text', text: 'A haiku, please.' } }],
        maxTokens: 50,
      }),
      scope.listRoots(),
    ]);
    const who = name.action === 'accept' ? name.content.name : '?';
    return `${who}: ${message.model}, ${roots.map((root) => root.uri).join(' ')}`;
  },
});

// Asks what the client can answer, and does without the rest.
const Adaptive = defineTool({
  name: 'adaptive',
  title: 'Adaptive',
  description: 'Asks for a name if it can.',
  argumentsSchema: { type: 'object' },
  async run(_args, scope) {
    if (!scope.canAsk('elicitation')) return 'no one to ask';
    const answer = await scope.elicit('user_name', nameForm);
    return answer.action === 'accept' ? answer.content.name : answer.action;
  },
});

// Catches the refusal itself.
const Tolerant = defineTool({
  name: 'tolerant',
  title: 'Tolerant',
  description: 'Asks for the roots, and does without them.',
  argumentsSchema: { type: 'object' },
  async run(_args, scope) {
    try {
      return `roots: ${(await scope.listRoots()).length}`;
    } catch (error) {
      if (error instanceof InputUnavailableError) return `cannot ask: ${error.code}`;
      throw error;
    }
  },
});

// Swallows every error, the input request's too: it is asked all the same.
const Swallow = defineTool({
  name: 'swallow',
  title: 'Swallow',
  description: 'Catches everything.',
  argumentsSchema: { type: 'object' },
  async run(_args, scope) {
    try {
      await scope.elicit('user_name', nameForm);
      return 'answered';
    } catch {
      return 'caught';
    }
  },
});

const Modes = defineTool({
  name: 'modes',
  title: 'Modes',
  description: 'A URL, or sampling with tools.',
  argumentsSchema: { type: 'object', properties: { kind: { enum: ['url', 'tools', 'context'] } } },
  async run({ kind }, scope) {
    if (kind === 'url') {
      const { action } = await scope.elicit('login', {
        mode: 'url',
        message: 'Sign in, please.',
        url: 'https://example.com/login',
      });
      return action;
    }
    const message = await scope.sample('plan', {
      messages: [{ role: 'user', content: { type: 'text', text: 'Plan.' } }],
      maxTokens: 10,
      ...(kind === 'tools' ? { tools: [] } : { includeContext: 'thisServer' as const }),
    });
    return message.model;
  },
});

// A form made per call: each compiled once, and a hundred at most kept.
const Choose = defineTool({
  name: 'choose',
  title: 'Choose',
  description: 'Asks to choose one of the options.',
  argumentsSchema: {
    type: 'object',
    properties: { options: { type: 'array', items: { type: 'string' } } },
    required: ['options'],
  },
  async run({ options }, scope) {
    const answer = await scope.elicit('choice', {
      message: 'Which one?',
      requestedSchema: {
        type: 'object',
        properties: { choice: { type: 'string', enum: options } },
        required: ['choice'],
      },
    });
    return answer.action === 'accept' ? String(answer.content.choice) : 'none';
  },
});

// What purge asks names what it would delete, read when it runs: it may change between rounds.
let pending = 3;
const confirmForm = {
  type: 'object',
  properties: { ok: { type: 'boolean' } },
  required: ['ok'],
} as const;

const Purge = defineTool({
  name: 'purge',
  title: 'Purge',
  description: 'Deletes the pending items, once confirmed, then asks why.',
  argumentsSchema: { type: 'object', properties: { why: { type: 'boolean' } } },
  async run({ why }, scope) {
    const count = pending;
    const answer = await scope.elicit('confirm', {
      message: `Delete ${count} items?`,
      requestedSchema: confirmForm,
    });
    if (answer.action !== 'accept' || !answer.content.ok) return 'kept';
    if (why) await scope.elicit('reason', nameForm);
    return `deleted ${count}`;
  },
});

// Arguments of any number, or null.
const Limited = defineTool({
  name: 'limited',
  title: 'Limited',
  description: 'Asks for a name, then answers with the limit.',
  argumentsSchema: { type: 'object', properties: { limit: { type: ['number', 'null'] } } },
  async run({ limit }, scope) {
    await scope.elicit('user_name', nameForm);
    return `limit ${limit}`;
  },
});

const Twice = defineTool({
  name: 'twice',
  title: 'Twice',
  description: 'Asks two questions under one key.',
  argumentsSchema: { type: 'object' },
  async run(_args, scope) {
    await Promise.all([scope.elicit('same', nameForm), scope.elicit('same', ageForm)]);
    return 'never';
  },
});

const Ask = definePrompt({
  name: 'ask',
  description: 'Asks for a topic first.',
  async get(_args, scope) {
    const answer = await scope.elicit('topic', {
      message: 'Which topic?',
      requestedSchema: { type: 'object', properties: { topic: { type: 'string' } } },
    });
    return `Tell me about ${answer.action === 'accept' ? answer.content.topic : 'anything'}.`;
  },
});

const Secret = defineResource({
  uri: 'vault://secret',
  name: 'secret',
  async read(scope) {
    const answer = await scope.elicit('confirm', {
      message: 'Show the secret?',
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } },
    });
    return answer.action === 'accept' && answer.content.ok === true ? 's3cret' : 'hidden';
  },
});

// Lists what it cannot: resources/list does not take input requests.
const Listing = defineResourceTemplate({
  uriTemplate: 'list://{id}',
  name: 'listing',
  read: ({ id }) => id,
  async list(scope) {
    await scope.elicit('which', nameForm);
    return [];
  },
});

class InputServer extends MCPServerBase {
  static override readonly methods = withMethods(MCPServerBase.methods, {
    'x/ask': {
      run: async (_server, _params, scope) => {
        await scope.elicit('nope', nameForm);
        return {};
      },
    },
  });
  readonly name = 'input';
  override readonly tools = toolsByName(
    new Greet(),
    new Profile(),
    new Everything(),
    new Adaptive(),
    new Tolerant(),
    new Swallow(),
    new Modes(),
    new Twice(),
    new Choose(),
    new Purge(),
    new Limited(),
  );
  override readonly prompts = promptsByName(new Ask());
  override readonly resources = resourcesByUri(new Secret());
  override readonly resourceTemplates = templatesByUriTemplate(new Listing());
  readonly logged: unknown[] = [];
  override readonly requestStateKey:
    | string
    | Uint8Array
    | readonly (string | Uint8Array)[]
    | undefined;
  override readonly principalId: string | undefined;
  override readonly requestStateTtlMs: number | undefined;

  constructor(
    options: {
      key?: string | Uint8Array | readonly (string | Uint8Array)[] | undefined;
      principal?: string;
      ttlMs?: number;
    } = {},
  ) {
    super();
    this.requestStateKey = 'key' in options ? options.key : KEY;
    this.principalId = options.principal;
    this.requestStateTtlMs = options.ttlMs;
  }
  serverInfo() {
    return { name: 'input', version: '1.0.0' };
  }
  override instructions() {
    return '';
  }
  override logError(error: unknown, _context?: string) {
    this.logged.push(error);
  }
}

const SERVER_INFO = { 'io.modelcontextprotocol/serverInfo': { name: 'input', version: '1.0.0' } };
const meta = (capabilities: object = ALL) => ({
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': capabilities,
});

let nextId = 1;
// One 2026-07-28 request through handle(), in-process (no headers): its response, and its status.
async function post(
  server: MCPServerBase,
  method: string,
  params: Record<string, unknown>,
  capabilities: object = ALL,
) {
  const id = nextId++;
  const response = (await server.handle({
    jsonrpc: '2.0',
    id,
    method,
    params: { ...params, _meta: meta(capabilities) },
  })) as { id: number; result?: any; error?: any };
  assert.is(response.id, id);
  return { ...response, status: httpStatusOf(response) ?? 200 };
}

const call = (server: MCPServerBase, name: string, extra: object = {}, capabilities?: object) =>
  post(server, 'tools/call', { name, arguments: {}, ...extra }, capabilities);
const accept = (content: object) => ({ action: 'accept', content });

// A round that asks, then the same call with these answers and the round's requestState.
async function answered(
  server: MCPServerBase,
  method: string,
  params: Record<string, unknown>,
  inputResponses: object,
) {
  const first = await post(server, method, params);
  assert.is(first.result.resultType, 'input_required');
  return post(server, method, {
    ...params,
    inputResponses,
    requestState: first.result.requestState,
  });
}
const answer = (server: MCPServerBase, name: string, inputResponses: object, args: object = {}) =>
  answered(server, 'tools/call', { name, arguments: args }, inputResponses);
const STATE = /^v1\.[\w-]+\.[\w-]{43}$/;

const rounds = suite('input requests: the rounds');

rounds('one question: input_required, then the answer completes the call', async () => {
  const server = new InputServer();
  const first = await call(server, 'greet', { arguments: { greeting: 'Hi' } });
  const { requestState, ...asked } = first.result;
  assert.equal(asked, {
    resultType: 'input_required',
    inputRequests: { user_name: { method: 'elicitation/create', params: nameForm } },
    _meta: SERVER_INFO,
  });
  // What was asked is signed, for the answer to be taken for it only.
  assert.match(requestState, STATE);
  const second = await call(server, 'greet', {
    arguments: { greeting: 'Hi' },
    inputResponses: { user_name: accept({ name: 'Ada' }) },
    requestState,
  });
  assert.equal(second.result, {
    resultType: 'complete',
    content: [{ type: 'text', text: 'Hi, Ada!' }],
    _meta: SERVER_INFO,
  });
});

rounds('declined or dismissed: the method reads what the user did', async () => {
  const server = new InputServer();
  for (const action of ['decline', 'cancel']) {
    const { result } = await answer(server, 'greet', { user_name: { action } });
    assert.equal(result.content, [{ type: 'text', text: action }]);
  }
});

rounds('missing, malformed or invalid answers are asked again; others are ignored', async () => {
  const server = new InputServer();
  for (const inputResponses of [
    { wrong_key: accept({ name: 'Ada' }) },
    { user_name: accept({ name: '' }) }, // minLength 1
    { user_name: accept({ nom: 'Ada' }) },
    { user_name: { action: 'accept' } },
    { user_name: { action: 'maybe' } },
  ]) {
    const { result } = await answer(server, 'greet', inputResponses);
    assert.is(result.resultType, 'input_required', JSON.stringify(inputResponses));
    assert.equal(Object.keys(result.inputRequests), ['user_name']);
  }
  const extra = await answer(server, 'greet', {
    user_name: accept({ name: 'Ada' }),
    other: accept({ x: 1 }),
  });
  assert.equal(extra.result.content, [{ type: 'text', text: 'Hello, Ada!' }]);
});

rounds('forms made per call are each checked against their own schema', async () => {
  const server = new InputServer();
  for (let i = 0; i < 102; i++) {
    const options = [`a${i}`, `b${i}`];
    const chosen = await answer(
      server,
      'choose',
      { choice: accept({ choice: `b${i}` }) },
      {
        options,
      },
    );
    assert.equal(chosen.result.content, [{ type: 'text', text: `b${i}` }]);
  }
  const other = await answer(
    server,
    'choose',
    { choice: accept({ choice: 'b0' }) },
    {
      options: ['a0'],
    },
  );
  assert.is(other.result.resultType, 'input_required');
});

rounds('inputResponses that are not an object of objects: -32602', async () => {
  const server = new InputServer();
  for (const [inputResponses, message] of [
    [null, 'inputResponses must be an object.'],
    [[], 'inputResponses must be an object.'],
    [{ user_name: 12345 }, 'inputResponses.user_name must be an object.'],
  ] as const) {
    const { error } = await call(server, 'greet', { inputResponses });
    assert.equal(error, { code: -32602, message });
  }
});

rounds('one question after another: earlier answers and scope.state come back signed', async () => {
  const server = new InputServer();
  const first = await call(server, 'profile', { arguments: { id: 7 } });
  assert.equal(Object.keys(first.result.inputRequests), ['user_name']);
  assert.match(first.result.requestState, /^v1\.[\w-]+\.[\w-]{43}$/);
  // Signed, not encrypted: the payload is readable.
  const payload = JSON.parse(atob(first.result.requestState.split('.')[1].replace(/-/g, '+')));
  assert.equal(payload.state, { rounds: 1 });
  const second = await call(server, 'profile', {
    arguments: { id: 7 },
    inputResponses: { user_name: accept({ name: 'Ada' }) },
    requestState: first.result.requestState,
  });
  assert.equal(second.result.inputRequests, {
    age: { method: 'elicitation/create', params: ageForm },
  });
  // The answer of round 1 is carried: round 3 does not send it again, nor can it change it.
  const third = await call(server, 'profile', {
    arguments: { id: 7 },
    inputResponses: { age: accept({ age: 36 }), user_name: accept({ name: 'Eve' }) },
    requestState: second.result.requestState,
  });
  assert.equal(third.result.content, [{ type: 'text', text: 'Ada, 36y, after 2 rounds' }]);
  assert.is(third.result.requestState, undefined);
});

rounds('several inputs at once: one round asks them all', async () => {
  const server = new InputServer();
  const first = await call(server, 'everything');
  assert.equal(first.result.inputRequests, {
    user_name: { method: 'elicitation/create', params: nameForm },
    haiku: {
      method: 'sampling/createMessage',
      params: {
        messages: [{ role: 'user', content: { type: 'text', text: 'A haiku, please.' } }],
        maxTokens: 50,
      },
    },
    roots: { method: 'roots/list' },
  });
  const message = { role: 'assistant', content: { type: 'text', text: '…' }, model: 'm1' };
  const roots = { roots: [{ uri: 'file:///a' }, { uri: 'file:///b', name: 'b' }] };
  // Part of them: the rest is asked again, the answer given is carried.
  const second = await call(server, 'everything', {
    inputResponses: { haiku: message, roots: { roots: [{ name: 'no uri' }] } },
    requestState: first.result.requestState,
  });
  assert.equal(Object.keys(second.result.inputRequests), ['user_name', 'roots']);
  const third = await call(server, 'everything', {
    inputResponses: { user_name: accept({ name: 'Ada' }), roots },
    requestState: second.result.requestState,
  });
  assert.equal(third.result.content, [{ type: 'text', text: 'Ada: m1, file:///a file:///b' }]);
  // Content may be several blocks (2025-11-25).
  const blocks = await answer(server, 'everything', {
    user_name: accept({ name: 'Ada' }),
    roots,
    haiku: { ...message, content: [message.content], model: 'm2' },
  });
  assert.equal(blocks.result.content, [{ type: 'text', text: 'Ada: m2, file:///a file:///b' }]);
  const unsampled = await answer(server, 'everything', {
    user_name: accept({ name: 'Ada' }),
    roots,
    haiku: { role: 'x' },
  });
  assert.equal(Object.keys(unsampled.result.inputRequests), ['haiku']);
});

rounds(
  'a method that swallows the refusal to go on is answered input_required all the same',
  async () => {
    const { result } = await call(new InputServer(), 'swallow');
    assert.equal(Object.keys(result.inputRequests), ['user_name']);
  },
);

rounds('prompts/get and resources/read ask too; input_required has no cache hints', async () => {
  const server = new InputServer();
  const prompt = await post(server, 'prompts/get', { name: 'ask' });
  assert.equal(Object.keys(prompt.result.inputRequests), ['topic']);
  const got = await post(server, 'prompts/get', {
    name: 'ask',
    inputResponses: { topic: accept({ topic: 'owls' }) },
    requestState: prompt.result.requestState,
  });
  assert.equal(got.result.messages, [
    { role: 'user', content: { type: 'text', text: 'Tell me about owls.' } },
  ]);
  const asked = await post(server, 'resources/read', { uri: 'vault://secret' });
  const { requestState, ...result } = asked.result;
  assert.match(requestState, STATE);
  assert.equal(result, {
    resultType: 'input_required',
    inputRequests: {
      confirm: {
        method: 'elicitation/create',
        params: {
          message: 'Show the secret?',
          requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } },
        },
      },
    },
    _meta: SERVER_INFO,
  });
  const read = await post(server, 'resources/read', {
    uri: 'vault://secret',
    inputResponses: { confirm: accept({ ok: true }) },
    requestState,
  });
  assert.is(read.result.contents[0].text, 's3cret');
  assert.is(read.result.ttlMs, 60_000);
});

rounds('tools/call sends the outcome input-required', async () => {
  const outcomes: ToolOutcome[] = [];
  const disconnect = mcpserverToolCalled.connect(({ outcome }) => outcomes.push(outcome));
  try {
    await answer(new InputServer(), 'greet', { user_name: accept({ name: 'Ada' }) });
  } finally {
    disconnect();
  }
  assert.equal(outcomes, ['input-required', 'success']);
});

rounds.run();

const bound = suite('input requests: answers are bound to the questions asked');

bound('an answer sent before any question is ignored, and the question is asked', async () => {
  const server = new InputServer();
  const sent = { user_name: accept({ name: 'Ada' }) };
  for (const name of ['greet', 'profile']) {
    const { result } = await call(server, name, { inputResponses: sent });
    assert.equal(Object.keys(result.inputRequests), ['user_name'], name);
  }
  const prompt = await post(server, 'prompts/get', {
    name: 'ask',
    inputResponses: { topic: accept({ topic: 'owls' }) },
  });
  assert.equal(Object.keys(prompt.result.inputRequests), ['topic']);
});

bound('an answer without the requestState of the round that asked is asked again', async () => {
  const server = new InputServer();
  const first = await call(server, 'greet');
  assert.match(first.result.requestState, STATE);
  const again = await call(server, 'greet', {
    inputResponses: { user_name: accept({ name: 'Ada' }) },
  });
  assert.equal(Object.keys(again.result.inputRequests), ['user_name']);
});

bound('an answer to a key that was not asked yet is ignored', async () => {
  const server = new InputServer();
  const first = await call(server, 'profile');
  // Round 1 asked user_name only: the age sent with it is not taken, but asked.
  const second = await call(server, 'profile', {
    inputResponses: { user_name: accept({ name: 'Ada' }), age: accept({ age: 99 }) },
    requestState: first.result.requestState,
  });
  assert.equal(Object.keys(second.result.inputRequests), ['age']);
  const third = await call(server, 'profile', {
    inputResponses: { age: accept({ age: 36 }) },
    requestState: second.result.requestState,
  });
  assert.equal(third.result.content, [{ type: 'text', text: 'Ada, 36y, after 2 rounds' }]);
});

bound('an answer to another question than the one asked now is asked again', async () => {
  const server = new InputServer();
  const yes = { confirm: accept({ ok: true }) };
  pending = 3;
  const first = await call(server, 'purge');
  assert.is(first.result.inputRequests.confirm.params.message, 'Delete 3 items?');
  pending = 8;
  // Consent to delete 3 is not consent to delete 8.
  const second = await call(server, 'purge', {
    inputResponses: yes,
    requestState: first.result.requestState,
  });
  assert.is(second.result.inputRequests.confirm.params.message, 'Delete 8 items?');
  const third = await call(server, 'purge', {
    inputResponses: yes,
    requestState: second.result.requestState,
  });
  assert.equal(third.result.content, [{ type: 'text', text: 'deleted 8' }]);
  // An answer carried from an earlier round counts for its own question too.
  pending = 3;
  const asked = await answer(server, 'purge', yes, { why: true });
  assert.equal(Object.keys(asked.result.inputRequests), ['reason']);
  pending = 4;
  const changed = await call(server, 'purge', {
    arguments: { why: true },
    inputResponses: { reason: accept({ name: 'spring cleaning' }) },
    requestState: asked.result.requestState,
  });
  assert.is(changed.result.inputRequests.confirm.params.message, 'Delete 4 items?');
});

bound.run();

const state = suite('input requests: requestState');

async function stateOf(server: InputServer, extra: object = {}) {
  const first = await call(server, 'profile', { arguments: { id: 7 }, ...extra });
  return first.result.requestState as string;
}

const NOT_VALID = { code: -32602, message: 'requestState is not valid for this request.' };

state('changed, cut or forged: -32602, before the method runs', async () => {
  const server = new InputServer();
  const good = await stateOf(server);
  const [, body, mac] = good.split('.');
  const forged = btoa(JSON.stringify({ expires: Date.now() + 1e6, state: { rounds: 99 } }))
    .replace(/=+$/, '')
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
  for (const requestState of [
    `${good}-TAMPERED`,
    `${good}.more`,
    `v2.${body}.${mac}`,
    `v1.${forged}.${mac}`,
    `v1.${body}`,
    `v1.${body}.${mac?.slice(1)}`,
    `v1.${body}.not+base64url`,
    `v1.${body}.A`, // no base64 is 1 character long
    'garbage',
  ]) {
    const { error } = await call(server, 'profile', { arguments: { id: 7 }, requestState });
    assert.equal(error, NOT_VALID, requestState);
  }
  const { error } = await call(server, 'profile', { arguments: { id: 7 }, requestState: 42 });
  assert.equal(error, { code: -32602, message: 'requestState must be a string.' });
});

state('bound to the caller, the method, the name and the arguments, and the key', async () => {
  const ada = new InputServer({ principal: 'ada' });
  const good = await stateOf(ada);
  const retry = (server: InputServer, method: string, params: object) =>
    post(server, method, { ...params, requestState: good });
  // The same request, its params in another order, with other _meta: accepted.
  const same = await retry(ada, 'tools/call', { arguments: { id: 7 }, name: 'profile' });
  assert.is(same.result.resultType, 'input_required');
  for (const [server, method, params] of [
    [
      new InputServer({ principal: 'eve' }),
      'tools/call',
      { name: 'profile', arguments: { id: 7 } },
    ],
    [new InputServer(), 'tools/call', { name: 'profile', arguments: { id: 7 } }],
    [ada, 'tools/call', { name: 'profile', arguments: { id: 8 } }],
    [ada, 'tools/call', { name: 'profile', arguments: {} }],
    [ada, 'tools/call', { name: 'greet', arguments: { id: 7 } }],
    [ada, 'prompts/get', { name: 'ask' }],
    [
      new InputServer({ principal: 'ada', key: `${KEY} but another` }),
      'tools/call',
      { name: 'profile', arguments: { id: 7 } },
    ],
    [new InputServer({ principal: 'ada', key: undefined }), 'tools/call', { name: 'profile' }],
  ] as const) {
    const { error } = await retry(server, method, params);
    assert.equal(error, NOT_VALID, JSON.stringify([server.principalId, method, params]));
  }
});

state('a key of bytes signs as well as a string', async () => {
  const server = new InputServer({ key: new Uint8Array(32).fill(7) });
  const good = await stateOf(server);
  const { result } = await call(server, 'profile', {
    arguments: { id: 7 },
    requestState: good,
    inputResponses: { user_name: accept({ name: 'Ada' }) },
  });
  assert.equal(Object.keys(result.inputRequests), ['age']);
});

state('expired: -32602, saying so', async () => {
  const server = new InputServer({ ttlMs: 0 });
  const requestState = await stateOf(server);
  const { error } = await call(server, 'profile', { arguments: { id: 7 }, requestState });
  assert.equal(error, {
    code: -32602,
    message: 'requestState has expired: call again without it.',
  });
});

state(
  'no key, or one too short, where a state must be signed: -32603, and the log says why',
  async () => {
    for (const [key, why] of [
      [undefined, /InputServer\.requestStateKey is not set/],
      ['short', /InputServer\.requestStateKey must be a string or bytes, at least 32 bytes long/],
      [new Uint8Array(31), /at least 32 bytes long/],
    ] as const) {
      const server = new InputServer({ key });
      const { error } = await call(server, 'profile');
      assert.equal(error, { code: -32603, message: 'Internal error' });
      assert.match(String(server.logged[0]), why);
    }
  },
);

state(
  'a number JSON cannot carry is refused, not signed as the null it would be written as',
  async () => {
    const server = new InputServer({ principal: 'ada' });
    const first = await call(server, 'limited', { arguments: { limit: null } });
    const { requestState } = first.result;
    // What the client sends, as the server parses it: 1e400 is Infinity.
    const replayed = JSON.parse('{"limit":1e400}');
    assert.is(replayed.limit, Number.POSITIVE_INFINITY);
    const { error } = await call(server, 'limited', {
      arguments: replayed,
      inputResponses: { user_name: accept({ name: 'Ada' }) },
      requestState,
    });
    assert.equal(error, {
      code: -32602,
      message: 'params.arguments.limit is Infinity, which JSON cannot carry.',
    });
    const honest = await call(server, 'limited', {
      arguments: { limit: null },
      inputResponses: { user_name: accept({ name: 'Ada' }) },
      requestState,
    });
    assert.equal(honest.result.content, [{ type: 'text', text: 'limit null' }]);
  },
);

state(
  'several keys: the first signs, every one is accepted, so that a key can be rotated',
  async () => {
    const OLD = `${KEY} (the old one)`;
    const NEW = `${KEY} (the new one)`;
    const before = new InputServer({ principal: 'ada', key: OLD });
    const inFlight = await stateOf(before);
    const rotated = new InputServer({ principal: 'ada', key: [NEW, OLD] });
    // A state signed before the rotation is still good.
    const second = await call(rotated, 'profile', {
      arguments: { id: 7 },
      inputResponses: { user_name: accept({ name: 'Ada' }) },
      requestState: inFlight,
    });
    assert.equal(Object.keys(second.result.inputRequests), ['age']);
    // A new one is signed with the new key: the old key alone refuses it, the new one takes it.
    const retry = (server: InputServer) =>
      call(server, 'profile', {
        arguments: { id: 7 },
        inputResponses: { age: accept({ age: 36 }) },
        requestState: second.result.requestState,
      });
    assert.equal((await retry(before)).error, NOT_VALID);
    const done = await retry(new InputServer({ principal: 'ada', key: NEW }));
    assert.equal(done.result.content, [{ type: 'text', text: 'Ada, 36y, after 2 rounds' }]);
    // Once the old key is dropped, its states are not valid.
    const after = new InputServer({ principal: 'ada', key: [NEW] });
    assert.equal(
      (await call(after, 'profile', { arguments: { id: 7 }, requestState: inFlight })).error,
      NOT_VALID,
    );
    // Every key of the list is checked: a short one fails the server, naming it.
    const short = new InputServer({ key: [NEW, 'short'] });
    assert.equal((await call(short, 'greet')).error, { code: -32603, message: 'Internal error' });
    assert.match(String(short.logged[0]), /at least 32 bytes long, or a list of them/);
    const none = new InputServer({ key: [] });
    await call(none, 'greet');
    assert.match(String(none.logged[0]), /requestStateKey is not set/);
  },
);

state(
  'a server class that signs without a principalId says so once, through logError',
  async () => {
    const warnings: string[] = [];
    class Anonymous extends InputServer {
      override logError(error: unknown, context: string) {
        if (context === 'warning') warnings.push(String(error));
        else super.logError(error);
      }
    }
    class Bound extends Anonymous {}
    for (let i = 0; i < 5; i++) await call(new Anonymous(), 'greet');
    assert.is(warnings.length, 1);
    assert.match(
      warnings[0]!,
      /^requestState is signed without a principalId: any caller given one can replay it/,
    );
    // Per class: another one is warned of too, but not one that has a principal.
    for (let i = 0; i < 3; i++) await call(new Bound({ principal: 'ada' }), 'greet');
    assert.is(warnings.length, 1);
    await call(new Bound(), 'greet');
    assert.is(warnings.length, 2);
    // Nothing is signed, nothing is said.
    class Quiet extends Anonymous {}
    await call(new Quiet(), 'adaptive', {}, {});
    assert.is(warnings.length, 2);
  },
);

state.run();

const unavailable = suite('input requests: what the client cannot answer');

unavailable('a capability the request does not declare: -32021, HTTP 400', async () => {
  const server = new InputServer();
  const refused = await call(server, 'greet', {}, { sampling: {} });
  assert.is(refused.status, 400);
  assert.equal(refused.error, {
    code: -32021,
    message: 'This request needs elicitation/create, which its client capabilities do not declare.',
    data: { requiredCapabilities: { elicitation: {} } },
  });
  for (const [capabilities, kind, needs] of [
    [{ elicitation: {} }, 'url', { elicitation: { url: {} } }],
    [{ elicitation: { form: {} } }, 'url', { elicitation: { url: {} } }],
    [{ sampling: {} }, 'tools', { sampling: { tools: {} } }],
    [{ sampling: { tools: {} } }, 'context', { sampling: { context: {} } }],
  ] as const) {
    const { error } = await call(server, 'modes', { arguments: { kind } }, capabilities);
    assert.equal(error.data, { requiredCapabilities: needs }, JSON.stringify(capabilities));
  }
  // Naming its modes, a client that names only url has no form mode.
  const urlOnly = await call(server, 'greet', {}, { elicitation: { url: {} } });
  assert.is(urlOnly.error.code, -32021);
  const formOnly = await call(server, 'greet', {}, { elicitation: { form: {} } });
  assert.is(formOnly.result.resultType, 'input_required');
  const url = await call(
    server,
    'modes',
    { arguments: { kind: 'url' } },
    { elicitation: { url: {} } },
  );
  assert.equal(url.result.inputRequests.login.params.mode, 'url');
  const done = await call(
    server,
    'modes',
    {
      arguments: { kind: 'url' },
      inputResponses: { login: { action: 'accept' } },
      requestState: url.result.requestState,
    },
    { elicitation: { url: {} } },
  );
  assert.equal(done.result.content, [{ type: 'text', text: 'accept' }]);
});

unavailable('canAsk() and InputUnavailableError let a method do without', async () => {
  const server = new InputServer();
  assert.equal((await call(server, 'adaptive', {}, {})).result.content, [
    { type: 'text', text: 'no one to ask' },
  ]);
  assert.equal(Object.keys((await call(server, 'adaptive')).result.inputRequests), ['user_name']);
  assert.equal((await call(server, 'tolerant', {}, { elicitation: {} })).result.content, [
    { type: 'text', text: 'cannot ask: -32021' },
  ]);
});

unavailable(
  'the handshake era has no input requests: a tool error, -32021 elsewhere, or the method does without',
  async () => {
    const server = new InputServer();
    const client = new TestClient(() => server);
    const outcomes: ToolOutcome[] = [];
    const disconnect = mcpserverToolCalled.connect(({ outcome }) => outcomes.push(outcome));
    try {
      // The LLM reads what the tool needs; no -32603, which carries no detail.
      assert.equal(await client.callTool('greet'), {
        content: [
          {
            type: 'text',
            text: 'This request needs elicitation/create, which a client answers in protocol 2026-07-28 only.',
          },
        ],
        isError: true,
      });
      assert.equal(outcomes, ['tool-error']);
    } finally {
      disconnect();
    }
    for (const [method, params, needs] of [
      ['prompts/get', { name: 'ask' }, { elicitation: {} }],
      ['resources/read', { uri: 'vault://secret' }, { elicitation: {} }],
    ] as const) {
      const response = (await server.handle({ jsonrpc: '2.0', id: 1, method, params })) as {
        error?: unknown;
      };
      assert.equal(
        response.error,
        {
          code: -32021,
          message:
            'This request needs elicitation/create, which a client answers in protocol 2026-07-28 only.',
          data: { requiredCapabilities: needs },
        },
        method,
      );
      assert.is(httpStatusOf(response as never), undefined, method);
    }
    assert.equal(server.logged, []);
    assert.equal((await client.callTool('adaptive')).content, [
      { type: 'text', text: 'no one to ask' },
    ]);
    assert.equal((await client.callTool('tolerant')).content, [
      { type: 'text', text: 'cannot ask: -32021' },
    ]);
    // inputResponses mean nothing there.
    const ignored = await client.request('tools/call', {
      name: 'adaptive',
      inputResponses: { user_name: accept({ name: 'Ada' }) },
    });
    assert.equal(ignored.content, [{ type: 'text', text: 'no one to ask' }]);
  },
);

unavailable(
  'a method the specification does not let ask, or two asks of one key: -32603',
  async () => {
    for (const [method, params, why] of [
      [
        'x/ask',
        {},
        /elicitation\/create can be asked in tools\/call, prompts\/get and resources\/read only/,
      ],
      ['resources/list', {}, /can be asked in tools\/call/],
      ['tools/call', { name: 'twice', arguments: {} }, /two input requests have the key same/],
    ] as const) {
      const server = new InputServer();
      const { error } = await post(server, method, params);
      assert.equal(error, { code: -32603, message: 'Internal error' }, method);
      assert.match(String(server.logged[0]), why);
    }
    // A scope made by hand, as a test of a tool would: no round to ask in.
    try {
      await new RequestScope('modern').elicit('user_name', nameForm);
      assert.unreachable('no round');
    } catch (error) {
      assert.instance(error, TypeError);
    }
  },
);

unavailable.run();

const testing = suite('input requests: TestClient');

testing('answerInput answers each round, as a client asks its user', async () => {
  const seen: string[] = [];
  const client = new TestClient(() => new InputServer(), {
    protocolVersion: '2026-07-28',
    clientCapabilities: ALL,
    answerInput: (request, key) => {
      seen.push(`${key}:${request.method}`);
      return key === 'age' ? accept({ age: 3 }) : accept({ name: 'Ada' });
    },
  });
  const result = await client.callTool('profile', { id: 1 });
  assert.equal(result.content, [{ type: 'text', text: 'Ada, 3y, after 2 rounds' }]);
  assert.equal(seen, ['user_name:elicitation/create', 'age:elicitation/create']);
  // Without it, input_required is returned as it is.
  const plain = new TestClient(() => new InputServer(), {
    protocolVersion: '2026-07-28',
    clientCapabilities: ALL,
  });
  assert.is((await plain.callTool('greet')).resultType, 'input_required');
});

testing.run();
