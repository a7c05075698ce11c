// Questions to the client in the handshake era: scope.elicit(), sample() and listRoots() send their
// request on the call's SSE answer, and the client's POSTed response reaches the waiting method, in
// this process or through the bus in another. Through TestClient and real HTTP: the answers taken
// (202), and those refused (forged, replayed, another caller's, late, malformed, forged on the bus).
import { createServer, type Server } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createHttpHandler, nodeListener } from '../src/http.js';
import {
  type Bus,
  defineTool,
  MCPServerBase,
  memoryBus,
  type Questions,
  questionsOn,
  toolsByName,
} from '../src/index.js';
import { TestClient } from '../src/testing.js';

const form = {
  message: 'Clear the log?',
  requestedSchema: {
    type: 'object',
    properties: { confirm: { type: 'boolean' } },
    required: ['confirm'],
  },
} as const;

// What each tool saw, to show that a refused answer never reached it.
let seen: string[] = [];

const Confirm = defineTool({
  name: 'confirm',
  title: 'Confirm',
  description: 'Asks for a confirmation.',
  argumentsSchema: { type: 'object' },
  async run(_args, scope) {
    const answer = await scope.elicit('confirm', form);
    const said = answer.action === 'accept' ? `confirm=${answer.content.confirm}` : answer.action;
    seen.push(said);
    return said;
  },
});

const Everything = defineTool({
  name: 'everything',
  title: 'Everything',
  description: 'Samples a message and lists the roots.',
  argumentsSchema: { type: 'object' },
  async run(_args, scope) {
    const message = await scope.sample('haiku', {
      messages: [{ role: 'user', content: { type: 'text', text: 'A haiku.' } }],
      maxTokens: 20,
    });
    const roots = await scope.listRoots();
    const text = message.content as { text?: string };
    return `${text.text} from ${message.model}; ${roots.map((root) => root.uri).join(' ')}`;
  },
});

function serverWith(questions: Questions | undefined) {
  return class AskingServer extends MCPServerBase {
    readonly name = 'asking';
    override readonly questions = questions;
    override readonly tools = toolsByName(new Confirm(), new Everything());
    serverInfo() {
      return { version: '1.0.0' };
    }
  };
}

const Asking = serverWith(questionsOn(memoryBus()));

const unit = suite('questions in process: TestClient answers in both eras');

unit.before.each(() => {
  seen = [];
});

unit(
  'a handshake-era tool asks and reads the answer, with the same code as in 2026-07-28',
  async () => {
    const answerInput = (request: { method: string }) =>
      request.method === 'elicitation/create'
        ? { action: 'accept', content: { confirm: true } }
        : request.method === 'sampling/createMessage'
          ? { role: 'assistant', content: { type: 'text', text: 'Old pond' }, model: 'm1' }
          : { roots: [{ uri: 'file:///work' }] };
    const handshake = new TestClient(new Asking(), {
      clientCapabilities: { elicitation: {}, sampling: {}, roots: {} },
      answerInput,
    });
    assert.equal((await handshake.callTool('confirm', {})).content, [
      { type: 'text', text: 'confirm=true' },
    ]);
    assert.equal((await handshake.callTool('everything', {})).content, [
      { type: 'text', text: 'Old pond from m1; file:///work' },
    ]);
  },
);

unit('in 2026-07-28 the same tool asks through input_required', async () => {
  class Signed extends Asking {
    override readonly requestStateKey = 'a test key of thirty-two bytes, at least';
  }
  const client = new TestClient(new Signed(), {
    protocolVersion: '2026-07-28',
    clientCapabilities: { elicitation: {} },
    answerInput: () => ({ action: 'decline' }),
  });
  assert.equal((await client.callTool('confirm', {})).content, [{ type: 'text', text: 'decline' }]);
});

unit('a question answerInput leaves unanswered is a client that cannot answer', async () => {
  const client = new TestClient(new Asking(), {
    clientCapabilities: { elicitation: {} },
    answerInput: () => undefined,
  });
  const result = await client.callTool('confirm', {});
  assert.is(result.isError, true);
  assert.equal(result.content, [
    {
      type: 'text',
      text: 'This request needs elicitation/create, which its client does not answer.',
    },
  ]);
});

unit('an answer that does not fit the form is a clear error, never the tool’s input', async () => {
  const client = new TestClient(new Asking(), {
    clientCapabilities: { elicitation: {} },
    answerInput: () => ({ action: 'accept', content: { confirm: 'yes' } }),
  });
  const error = await client.callTool('confirm', {}).then(
    () => undefined,
    (thrown: Error) => thrown,
  );
  assert.is(error?.message, "The client's answer to elicitation/create does not fit its request.");
  assert.equal(seen, []);
});

unit(
  'a client is asked only what its initialize declared, as its Mcp-Session-Id carries it',
  async () => {
    const asked: string[] = [];
    const answerInput = (request: { method: string }) => {
      asked.push(request.method);
      return { roots: [] };
    };
    // Nothing declared: nothing asked, and the tool is told why.
    const silent = new TestClient(new Asking(), { answerInput });
    const refused = await silent.callTool('confirm', {});
    assert.is(refused.isError, true);
    assert.equal(refused.content, [
      {
        type: 'text',
        text: 'This request needs elicitation/create, which its client did not declare in its initialize.',
      },
    ]);
    // Roots only: sampling, which comes first, is refused before anything is sent.
    const rooted = new TestClient(new Asking(), { clientCapabilities: { roots: {} }, answerInput });
    const sampled = await rooted.callTool('everything', {});
    assert.match(
      JSON.stringify(sampled.content),
      /needs sampling\/createMessage, which its client/,
    );
    // A form asked of a client that declared URL mode only: refused too.
    const urlOnly = new TestClient(new Asking(), {
      clientCapabilities: { elicitation: { url: {} } },
      answerInput,
    });
    assert.is((await urlOnly.callTool('confirm', {})).isError, true);
    assert.equal(asked, []);
    assert.equal(seen, []);
  },
);

unit('canAsk() says what the session declares, kind by kind', async () => {
  const Kinds = defineTool({
    name: 'kinds',
    title: 'Kinds',
    description: 'Says what it may ask.',
    argumentsSchema: { type: 'object' },
    run: (_args, scope) =>
      (['elicitation', 'elicitation.url', 'sampling', 'sampling.tools', 'roots'] as const)
        .filter((kind) => scope.canAsk(kind))
        .join(' '),
  });
  class KindsServer extends Asking {
    override readonly tools = toolsByName(new Kinds());
  }
  const canAsk = async (clientCapabilities: object) =>
    (await new TestClient(new KindsServer(), { clientCapabilities }).callTool('kinds', {})).content;
  assert.equal(await canAsk({}), [{ type: 'text', text: '' }]);
  assert.equal(await canAsk({ elicitation: { url: {} }, sampling: { tools: {} } }), [
    { type: 'text', text: 'elicitation.url sampling sampling.tools' },
  ]);
  assert.equal(await canAsk({ elicitation: {}, roots: {} }), [
    { type: 'text', text: 'elicitation roots' },
  ]);
});

unit('a session id carries the capabilities and proves nothing else', () => {
  const questions = questionsOn(memoryBus());
  const a = questions.session({ elicitation: { form: {}, url: {} }, sampling: { tools: {} } });
  const b = questions.session({ elicitation: { form: {}, url: {} }, sampling: { tools: {} } });
  assert.is.not(a, b); // unique: 128 random bits each
  assert.match(a, /^m[A-Za-z0-9_-]{22}\.eust$/);
  assert.match(questions.session({}), /^m[A-Za-z0-9_-]{22}\.$/);
  assert.match(questions.session('nonsense'), /^m[A-Za-z0-9_-]{22}\.$/);
  assert.match(questions.session({ roots: { listChanged: true } }), /\.r$/);
  for (const id of [a, questions.session({})]) assert.match(id, /^[\x21-\x7e]+$/);
});

unit('a server without questions still says that its client cannot be asked', async () => {
  const client = new TestClient(new (serverWith(undefined))());
  const result = await client.callTool('confirm', {});
  assert.equal(result.content, [
    {
      type: 'text',
      text: 'This request needs elicitation/create, which a client answers in protocol 2026-07-28 only.',
    },
  ]);
});

unit('questionsOn() refuses a bus that is not one and options out of range', () => {
  assert.throws(() => questionsOn({} as Bus), /the bus must be a Bus/);
  assert.throws(() => questionsOn(memoryBus(), { timeoutMs: 0 }), /timeoutMs must be a positive/);
  assert.throws(() => questionsOn(memoryBus(), { ackTimeoutMs: 1.5 }), /ackTimeoutMs must be/);
});

unit('a response the bus cannot carry is 503, never taken blindly', async () => {
  const down: Bus = {
    publish: () => Promise.reject(new Error('connection lost')),
    subscribe: () => Promise.resolve(() => Promise.resolve()),
  };
  const outcome = await questionsOn(down).reply({
    jsonrpc: '2.0',
    id: 'qAAAAAAAAAAAAAAAAAAAAAA',
    result: {},
  });
  assert.is(outcome.status, 503);
  // Lost while it waits for the acknowledgement: the same.
  const dropping: Bus = {
    publish: () => Promise.resolve(),
    subscribe: (_channel, _receive, lost) => {
      setTimeout(() => lost(new Error('connection lost')), 5);
      return Promise.resolve(() => Promise.resolve());
    },
  };
  const lostOutcome = await questionsOn(dropping).reply({
    jsonrpc: '2.0',
    id: 'qAAAAAAAAAAAAAAAAAAAAAA',
    result: {},
  });
  assert.is(lostOutcome.status, 503);
  assert.equal((lostOutcome as { error: unknown }).error, {
    jsonrpc: '2.0',
    id: null,
    error: { code: -32600, message: 'The response could not be passed on: try again.' },
  });
});

unit.run();

// ---- Over real HTTP ----

interface Running {
  url: string;
  close(): Promise<void>;
}

async function serve(Server_: new () => MCPServerBase): Promise<Running> {
  const server: Server = createServer(nodeListener(createHttpHandler(() => new Server_())));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const JSON_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2025-11-25',
};

const EVERY_QUESTION = { elicitation: {}, sampling: {}, roots: {} };

/** The handshake: initialize, declaring `capabilities`; its answer's Mcp-Session-Id. */
async function shake(url: string, capabilities: object = EVERY_QUESTION): Promise<string> {
  const response = await fetch(url, {
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        capabilities,
        clientInfo: { name: 'raw', version: '1.0.0' },
      },
    }),
  });
  await response.text();
  const session = response.headers.get('mcp-session-id');
  assert.ok(session !== null, 'initialize was answered without an Mcp-Session-Id');
  return session;
}

const sessions = new Map<string, Promise<string>>();

/**
 * A tools/call whose SSE answer is read event by event: the question first, then the result. It
 * carries the Mcp-Session-Id of a handshake that declared every question, unless `headers` gives
 * its own.
 */
async function call(url: string, tool: string, headers: Record<string, string> = {}) {
  if (!sessions.has(url)) sessions.set(url, shake(url));
  const response = await fetch(url, {
    method: 'POST',
    headers: { ...JSON_HEADERS, 'mcp-session-id': await sessions.get(url)!, ...headers },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/call',
      params: { name: tool, arguments: {} },
    }),
  });
  assert.is(response.headers.get('content-type'), 'text/event-stream');
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const next = async (): Promise<Record<string, unknown>> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const event = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = event
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).trim())
          .join('');
        if (data !== '') return JSON.parse(data);
        continue;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('the stream ended');
      buffer += value;
    }
  };
  return { next, cancel: () => reader.cancel() };
}

async function reply(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { ...JSON_HEADERS, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
}

const accept = (id: unknown) => ({
  jsonrpc: '2.0',
  id,
  result: { action: 'accept', content: { confirm: true } },
});

const http = suite<{ one: Running; two: Running; late: Running; bus: Bus }>(
  'questions over real HTTP',
  {
    one: undefined as never,
    two: undefined as never,
    late: undefined as never,
    bus: undefined as never,
  },
);

http.before(async (context) => {
  // Two processes' worth of questions on one bus, behind two endpoints: replicas in one test.
  context.bus = memoryBus();
  context.one = await serve(serverWith(questionsOn(context.bus, { ackTimeoutMs: 200 })));
  context.two = await serve(serverWith(questionsOn(context.bus, { ackTimeoutMs: 200 })));
  context.late = await serve(serverWith(questionsOn(memoryBus(), { timeoutMs: 150 })));
});

http.after(async ({ one, two, late }) => {
  await Promise.all([one.close(), two.close(), late.close()]);
});

http.before.each(() => {
  seen = [];
});

http(
  'the v1 SDK Client with an elicitation handler answers a handshake-era question',
  async ({ one }) => {
    const client = new Client(
      { name: 'questions-test', version: '1.0.0' },
      { capabilities: { elicitation: {}, sampling: {}, roots: {} } },
    );
    const asked: string[] = [];
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      asked.push(request.params.message);
      return { action: 'accept', content: { confirm: true } };
    });
    client.setRequestHandler(CreateMessageRequestSchema, () => ({
      role: 'assistant',
      content: { type: 'text', text: 'Old pond' },
      model: 'm1',
    }));
    client.setRequestHandler(ListRootsRequestSchema, () => ({ roots: [{ uri: 'file:///w' }] }));
    await client.connect(new StreamableHTTPClientTransport(new URL(one.url)));
    try {
      const result = await client.callTool({ name: 'confirm', arguments: {} });
      assert.equal(result.content, [{ type: 'text', text: 'confirm=true' }]);
      assert.equal(asked, ['Clear the log?']);
      const both = await client.callTool({ name: 'everything', arguments: {} });
      assert.equal(both.content, [{ type: 'text', text: 'Old pond from m1; file:///w' }]);
    } finally {
      await client.close();
    }
  },
);

http(
  'the question has an unguessable id; its answer is taken once (202), a replay refused',
  async ({ one }) => {
    const stream = await call(one.url, 'confirm');
    const question = await stream.next();
    assert.is(question.method, 'elicitation/create');
    assert.match(String(question.id), /^q[A-Za-z0-9_-]{22}$/);
    assert.equal((await reply(one.url, accept(question.id))).status, 202);
    const result = await stream.next();
    assert.equal((result.result as { content: unknown }).content, [
      { type: 'text', text: 'confirm=true' },
    ]);
    const replayed = await reply(one.url, accept(question.id));
    assert.is(replayed.status, 404);
    assert.is(replayed.body.id, null);
    assert.match(replayed.body.error.message, /No question waits for this response/);
    assert.equal(seen, ['confirm=true']);
  },
);

http(
  'a forged answer (a guessed id) and a malformed one are refused and reach no method',
  async ({ one }) => {
    const stream = await call(one.url, 'confirm');
    const question = await stream.next();
    for (const id of ['q0000000000000000000000', 0, 'elicit-1']) {
      const forged = await reply(one.url, accept(id));
      assert.is(forged.status, 404, `id ${id}`);
    }
    for (const body of [
      { jsonrpc: '2.0', id: question.id, result: 'yes' },
      { jsonrpc: '2.0', id: question.id, error: { message: 'no code' } },
      { jsonrpc: '2.0', id: question.id, result: {}, error: { code: 1, message: 'both' } },
      { jsonrpc: '1.0', id: question.id, result: {} },
      { jsonrpc: '2.0', id: null, result: {} },
    ]) {
      const malformed = await reply(one.url, body);
      assert.is(malformed.status, 400, JSON.stringify(body));
      assert.is(malformed.body.id, null);
      assert.is(malformed.body.error.code, -32600);
    }
    assert.equal(seen, []);
    // The question still waits for its own answer.
    assert.is((await reply(one.url, accept(question.id))).status, 202);
    await stream.next();
    assert.equal(seen, ['confirm=true']);
  },
);

http(
  'an answer from another caller is refused: a question is bound to its Authorization',
  async ({ one }) => {
    const alice = { authorization: 'Bearer alice' };
    const stream = await call(one.url, 'confirm', alice);
    const question = await stream.next();
    assert.is((await reply(one.url, accept(question.id))).status, 404);
    assert.is(
      (await reply(one.url, accept(question.id), { authorization: 'Bearer mallory' })).status,
      404,
    );
    assert.equal(seen, []);
    assert.is((await reply(one.url, accept(question.id), alice)).status, 202);
    await stream.next();
    assert.equal(seen, ['confirm=true']);
  },
);

http(
  'an answer POSTed to another replica reaches the method through the bus',
  async ({ one, two }) => {
    const bob = { authorization: 'Bearer bob' };
    const stream = await call(one.url, 'confirm', bob);
    const question = await stream.next();
    // Another caller's, through the other replica: the waiting process refuses, and says so.
    assert.is((await reply(two.url, accept(question.id))).status, 404);
    assert.equal(seen, []);
    assert.is((await reply(two.url, accept(question.id), bob)).status, 202);
    const result = await stream.next();
    assert.equal((result.result as { content: unknown }).content, [
      { type: 'text', text: 'confirm=true' },
    ]);
    // Replayed through either replica: no question waits.
    assert.is((await reply(two.url, accept(question.id), bob)).status, 404);
    assert.is((await reply(one.url, accept(question.id), bob)).status, 404);
  },
);

http(
  'a forged message on the bus is checked, acknowledged as refused, and reaches no method',
  async ({ one, bus }) => {
    const stream = await call(one.url, 'confirm');
    const question = await stream.next();
    const channel = `answer:${question.id}`;
    const acks: string[] = [];
    await bus.subscribe(
      'answered:qAAAAAAAAAAAAAAAAAAAAAA',
      (text) => acks.push(text),
      () => {},
    );
    for (const message of [
      'not json',
      '[]',
      JSON.stringify({ caller: 'x' }),
      JSON.stringify({ caller: 'x', ack: '../../etc', reply: accept(question.id) }),
      JSON.stringify({ caller: 'x', ack: 'qAAAAAAAAAAAAAAAAAAAAAA', reply: accept(question.id) }),
      JSON.stringify({ caller: 'x', ack: 'qAAAAAAAAAAAAAAAAAAAAAA', reply: { result: 5 } }),
    ]) {
      await bus.publish(channel, message);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(acks, ['{"ok":false}', '{"ok":false}']);
    assert.equal(seen, []);
    assert.is((await reply(one.url, accept(question.id))).status, 202);
    await stream.next();
    assert.equal(seen, ['confirm=true']);
  },
);

http(
  'a question never answered ends with its time-out error, and a late answer is refused',
  async ({ late }) => {
    const stream = await call(late.url, 'confirm');
    const question = await stream.next();
    const result = await stream.next();
    assert.equal(result.error, {
      code: -32603,
      message: 'The client did not answer elicitation/create within 150 ms.',
    });
    assert.is((await reply(late.url, accept(question.id))).status, 404);
    assert.equal(seen, []);
  },
);

http('notifications/cancelled stops the wait: the answer is then refused', async ({ one }) => {
  const carol = { authorization: 'Bearer carol' };
  const stream = await call(one.url, 'confirm', carol);
  const question = await stream.next();
  const cancelled = await reply(
    one.url,
    { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 7 } },
    carol,
  );
  assert.is(cancelled.status, 202);
  assert.is((await reply(one.url, accept(question.id), carol)).status, 404);
  assert.equal(seen, []);
  await stream.cancel();
});

http('a client that answers with an error: the method gets it, with its code', async ({ one }) => {
  const stream = await call(one.url, 'confirm');
  const question = await stream.next();
  const refusal = {
    jsonrpc: '2.0',
    id: question.id,
    error: { code: -1, message: 'No one is here' },
  };
  assert.is((await reply(one.url, refusal)).status, 202);
  const result = await stream.next();
  assert.equal(result.error, {
    code: -32603,
    message: 'The client answered elicitation/create with error -1: No one is here',
  });
  assert.equal(seen, []);
});

http('a client that goes away stops the wait', async ({ one }) => {
  const stream = await call(one.url, 'confirm');
  const question = await stream.next();
  await stream.cancel();
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.is((await reply(one.url, accept(question.id))).status, 404);
  assert.equal(seen, []);
});

http('a client that accepts JSON only cannot be asked: a clear error', async ({ one }) => {
  const response = await fetch(one.url, {
    method: 'POST',
    headers: {
      ...JSON_HEADERS,
      accept: 'application/json',
      'mcp-session-id': await shake(one.url),
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'confirm', arguments: {} },
    }),
  });
  const { result } = await response.json();
  assert.equal(result.content, [
    {
      type: 'text',
      text: 'This request needs elicitation/create, which is sent to a client that accepts an SSE answer (text/event-stream).',
    },
  ]);
});

http('a client that declared nothing, or sends no session, is never asked', async ({ one }) => {
  const declaredNothing = await shake(one.url, {});
  for (const [session, said] of [
    [declaredNothing, 'which its client did not declare in its initialize.'],
    [
      undefined,
      'which its client did not declare: a handshake-era client declares it in initialize, and sends back the Mcp-Session-Id that initialize was answered with.',
    ],
    ['mAAAAAAAAAAAAAAAAAAAAAA.e<script>', 'did not declare:'],
  ] as const) {
    const response = await fetch(one.url, {
      method: 'POST',
      headers: { ...JSON_HEADERS, ...(session !== undefined && { 'mcp-session-id': session }) },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/call',
        params: { name: 'confirm', arguments: {} },
      }),
    });
    // Answered in JSON: nothing went before the result, no question among it.
    assert.is(response.headers.get('content-type'), 'application/json');
    const { result } = await response.json();
    assert.is(result.isError, true);
    assert.ok(result.content[0].text.includes(said), result.content[0].text);
  }
  assert.equal(seen, []);
});

http(
  'the v1 SDK Client that declares no elicitation is not asked, and the tool says so',
  async ({ one }) => {
    const client = new Client({ name: 'questions-test', version: '1.0.0' }, { capabilities: {} });
    await client.connect(new StreamableHTTPClientTransport(new URL(one.url)));
    try {
      const result = await client.callTool({ name: 'confirm', arguments: {} });
      assert.is(result.isError, true);
      assert.equal(result.content, [
        {
          type: 'text',
          text: 'This request needs elicitation/create, which its client did not declare in its initialize.',
        },
      ]);
      assert.equal(seen, []);
    } finally {
      await client.close();
    }
  },
);

http.run();
