// Failure isolation: a tool that throws what is not an Error, or returns what JSON cannot carry,
// and a signal receiver that throws, each fail their own call with a clean -32603 (or change no
// answer at all), reach the logger, and leave the server serving the very next request; and no
// promise is left to reject unhandled.
import { Console } from 'node:console';
import { Writable } from 'node:stream';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createHttpHandler, type HttpHandler } from '../src/http.js';
import {
  defineTool,
  MCPServerBase,
  mcpserverCalled,
  mcpserverToolCalled,
  type ToolOutput,
  toolsByName,
} from '../src/index.js';

// ---------------------------------------------------------------------------------------------
// What goes wrong.

/** An Error whose name, message and stack cannot be read. */
function hostileError(): Error {
  const error = new Error('hostile: secret detail');
  // The stack first: redefining it formats the pending one, which reads the name.
  for (const key of ['stack', 'name', 'message']) {
    Object.defineProperty(error, key, {
      get() {
        throw new Error(`the ${key} getter throws`);
      },
    });
  }
  return error;
}

/** A plain object whose every property throws when read, as if it were an error. */
function hostileObject(): object {
  const thrower = (key: string) => () => {
    throw new Error(`the ${key} getter throws`);
  };
  return Object.defineProperties(
    {},
    Object.fromEntries(
      ['name', 'message', 'stack', 'code', 'toString', 'toJSON', 'then'].map((key) => [
        key,
        { get: thrower(key), enumerable: true },
      ]),
    ),
  );
}

/** A Proxy of which every operation throws: reading, `instanceof`, listing keys. */
function hostileProxy(): object {
  return new Proxy(
    {},
    new Proxy(
      {},
      {
        get: (_target, trap) => () => {
          throw new Error(`the ${String(trap)} trap throws`);
        },
      },
    ),
  );
}

/** A tool result whose every field throws when read. */
function hostileOutput(): ToolOutput {
  return Object.defineProperties(
    {},
    Object.fromEntries(
      ['content', 'structuredContent', 'isError', '_meta', 'then', 'toJSON'].map((key) => [
        key,
        {
          get() {
            throw new Error(`the ${key} getter throws: secret detail`);
          },
          enumerable: true,
        },
      ]),
    ),
  ) as ToolOutput;
}

function cycle(): Record<string, unknown> {
  const value: Record<string, unknown> = { type: 'text', text: 'round and round' };
  value.self = value;
  return value;
}

/** What the last failing call threw, to find it in the log. */
let thrown: unknown;
const raise = (value: unknown): never => {
  thrown = value;
  throw value;
};

const THROWS: Record<string, () => ToolOutput | Promise<ToolOutput>> = {
  'a string': () => raise('a thrown string: secret detail'),
  null: () => raise(null),
  undefined: () => raise(undefined),
  'a number': () => raise(42),
  'a string, asynchronously': async () => {
    await Promise.resolve();
    return raise('a thrown string: secret detail');
  },
  'an object whose getters throw': () => raise(hostileObject()),
  'an Error whose name, message and stack getters throw': () => raise(hostileError()),
  'a Proxy whose every trap throws': () => raise(hostileProxy()),
  'a rejected promise of null': () => {
    thrown = null;
    return Promise.reject(null);
  },
};

// Each answered as -32603 over HTTP, where the answer is serialized, and in-process too: handle()
// resolves to JSON-RPC, and a caller that stringifies it (the test client, an adapter of its own)
// must not be the first to find that it is not JSON.
const UNSERIALIZABLE: Record<string, () => ToolOutput | Promise<ToolOutput>> = {
  'a BigInt': () => 10n as unknown as string,
  'a BigInt in structuredContent, with content': () => ({
    content: [{ type: 'text', text: 'ten' }],
    structuredContent: { n: 10n },
  }),
  'a BigInt in structuredContent, without content': () => ({ structuredContent: { n: 10n } }),
  'a BigInt in _meta': () => ({ content: [], _meta: { 'example.com/n': 10n } }),
  'a cycle in structuredContent, with content': () => ({
    content: [{ type: 'text', text: 'see structuredContent' }],
    structuredContent: cycle(),
  }),
  'a cycle in structuredContent, without content': () => ({ structuredContent: cycle() }),
  'a cycle in content': () => ({ content: [cycle() as never] }),
  'an object whose toJSON throws': () => ({
    content: [
      {
        type: 'text',
        text: 'fine',
        toJSON() {
          throw new Error('toJSON throws: secret detail');
        },
      } as never,
    ],
  }),
  'an object whose getters throw': hostileOutput,
  null: () => null as unknown as string,
};

const Bad = defineTool({
  name: 'bad',
  title: 'Bad',
  description: 'Fails as asked.',
  argumentsSchema: {
    type: 'object',
    properties: { throws: { type: 'string' }, returns: { type: 'string' } },
  },
  run: (args) => {
    thrown = undefined;
    if (args.throws !== undefined) return THROWS[args.throws]!();
    if (args.returns !== undefined) return UNSERIALIZABLE[args.returns]!();
    return 'fine';
  },
});

const Ok = defineTool({
  name: 'ok',
  title: 'OK',
  description: 'Answers ok.',
  argumentsSchema: { type: 'object' },
  run: () => 'ok',
});

// Rejects with a non-Error long after its time is up: nothing may be left unhandled.
const Late = defineTool({
  name: 'late',
  title: 'Late',
  description: 'Rejects after its time.',
  argumentsSchema: { type: 'object' },
  timeoutMs: 10,
  run: () =>
    new Promise<string>((_, reject) => {
      setTimeout(() => reject('rejected late: secret detail'), 40);
    }),
});

class FailingServer extends MCPServerBase {
  readonly name = 'failing';
  override readonly tools = toolsByName(new Bad(), new Ok(), new Late());
  readonly logged: { error: unknown; context: string }[] = [];
  serverInfo() {
    return { name: 'failing', version: '1.0.0' };
  }
  override instructions() {
    return '';
  }
  override logError(error: unknown, context: string): void {
    this.logged.push({ error, context });
  }
}

/** The same tools, with the default logger: console.error. */
class DefaultLoggerServer extends FailingServer {
  override logError(error: unknown, context: string): void {
    MCPServerBase.prototype.logError.call(this, error, context);
  }
}

// ---------------------------------------------------------------------------------------------
// Checking one failure.

const INTERNAL = { jsonrpc: '2.0', id: 1, error: { code: -32603, message: 'Internal error' } };
const OK = { jsonrpc: '2.0', id: 2, result: { content: [{ type: 'text', text: 'ok' }] } };
const call = (id: number, name: string, args: Record<string, unknown> = {}) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args },
});

function post(payload: unknown) {
  return {
    method: 'POST',
    url: '/mcp',
    headers: { host: 'localhost', 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  };
}

/** The answer, if JSON can carry it, else the reason it cannot. */
function asJson(answer: unknown): unknown {
  try {
    return JSON.parse(JSON.stringify(answer));
  } catch (error) {
    return `not JSON: ${(error as Error).message.split('\n')[0]}`;
  }
}

/** In-process: -32603 for the failing call, then the next one served. */
async function inProcess(server: FailingServer, args: Record<string, unknown>) {
  const answer = await server.handle(call(1, 'bad', args));
  assert.equal(asJson(answer), INTERNAL, 'a clean -32603 in-process');
  assert.equal(await server.handle(call(2, 'ok')), OK, 'the next request is served');
}

/** Over HTTP, the same server: 200 with -32603, then the next one served. */
async function overHttp(handler: HttpHandler, args: Record<string, unknown>) {
  const response = await handler(post(call(1, 'bad', args)));
  assert.equal(
    { status: response.status, body: response.body },
    { status: 200, body: JSON.stringify(INTERNAL) },
    'a clean -32603 over HTTP',
  );
  const next = await handler(post(call(2, 'ok')));
  assert.equal({ status: next.status, body: next.body }, { status: 200, body: JSON.stringify(OK) });
}

let unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

/** Nothing rejected unhandled, even a tick later. */
async function assertNothingUnhandled(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.equal(unhandled, [], 'no unhandled rejection');
}

function isolating(name: string) {
  const test = suite(name);
  test.before(() => {
    process.on('unhandledRejection', onUnhandled);
  });
  test.after(() => {
    process.off('unhandledRejection', onUnhandled);
  });
  test.before.each(() => {
    unhandled = [];
  });
  test.after.each(assertNothingUnhandled);
  return test;
}

// ---------------------------------------------------------------------------------------------

const throws = isolating('a tool that throws what is not an Error');

for (const what of Object.keys(THROWS)) {
  throws(`${what}: -32603 for that call, logged, and the next request is served`, async () => {
    const server = new FailingServer();
    await inProcess(server, { throws: what });
    assert.is(server.logged.length, 1, 'logged once');
    assert.is(server.logged[0]!.context, 'tools/call failed');
    if (what !== 'a Proxy whose every trap throws') {
      assert.ok(Object.is(server.logged[0]!.error, thrown), 'the logger got what was thrown');
    }
    await overHttp(
      createHttpHandler(() => server),
      { throws: what },
    );
    assert.is(server.logged.length, 2, 'logged again');
  });
}

throws.run();

// ---------------------------------------------------------------------------------------------

const returns = isolating('a tool that returns what JSON cannot carry');

for (const what of Object.keys(UNSERIALIZABLE)) {
  returns(`${what}: -32603 for that call, logged, and the next request is served`, async () => {
    const server = new FailingServer();
    await overHttp(
      createHttpHandler(() => server),
      { returns: what },
    );
    assert.ok(server.logged.length >= 1, 'logged over HTTP');
    const before = server.logged.length;
    await inProcess(server, { returns: what });
    assert.ok(server.logged.length > before, 'logged in-process');
  });
}

returns.run();

// ---------------------------------------------------------------------------------------------

const late = isolating('a tool that rejects after its time is up');

late('answered at its time limit; its late rejection is handled', async () => {
  const server = new FailingServer();
  assert.equal(await server.handle(call(1, 'late')), {
    jsonrpc: '2.0',
    id: 1,
    result: { content: [{ type: 'text', text: 'late timed out after 10 ms' }], isError: true },
  });
  await new Promise((resolve) => setTimeout(resolve, 60));
  assert.equal(await server.handle(call(2, 'ok')), OK);
  assert.equal(server.logged, []);
});

late.run();

// ---------------------------------------------------------------------------------------------

const receivers = isolating('a signal receiver that throws');

const RECEIVER_THROWS: Record<string, () => unknown> = {
  'an Error': () => new Error('the receiver broke: secret detail'),
  'a string': () => 'the receiver broke',
  null: () => null,
  'an object whose getters throw': hostileObject,
  'an Error whose getters throw': hostileError,
};

for (const [signalName, signal] of [
  ['mcpserverCalled', mcpserverCalled],
  ['mcpserverToolCalled', mcpserverToolCalled],
] as const) {
  for (const [what, make] of Object.entries(RECEIVER_THROWS)) {
    receivers(`${signalName}, throwing ${what}: no answer changes; logged`, async () => {
      const server = new FailingServer();
      const handler = createHttpHandler(() => server);
      let last: unknown;
      const disconnect = (signal as typeof mcpserverCalled).connect(() => {
        last = make();
        throw last;
      });
      try {
        assert.equal(await server.handle(call(2, 'ok')), OK);
        assert.equal(server.logged, [{ error: last, context: 'a signal receiver failed' }]);
        const response = await handler(post(call(2, 'ok')));
        assert.equal(
          { status: response.status, body: response.body },
          { status: 200, body: JSON.stringify(OK) },
        );
        // A failing tool is still answered as before, its receiver's error logged beside its own.
        assert.equal(asJson(await server.handle(call(1, 'bad', { throws: 'a string' }))), INTERNAL);
        assert.ok(server.logged.some((entry) => entry.context === 'tools/call failed'));
      } finally {
        disconnect();
      }
      assert.equal(await server.handle(call(2, 'ok')), OK, 'served once disconnected');
    });
  }
}

receivers.run();

// ---------------------------------------------------------------------------------------------

// The default logger is console.error, which formats what it is given: an error whose getters
// throw must not make it throw, or the request it logs for would fail.
const defaults = isolating('the default logger');

/** Run with console.error formatting into nothing, as it would to the terminal; its lines kept. */
async function withConsole(run: (lines: string[]) => Promise<void>): Promise<void> {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const original = console.error;
  const formatting = new Console(sink);
  console.error = (...args: unknown[]) => formatting.error(...args);
  try {
    await run(lines);
  } finally {
    console.error = original;
  }
}

for (const what of Object.keys(THROWS)) {
  defaults(`a tool that throws ${what}: -32603, written to console.error`, async () => {
    await withConsole(async (lines) => {
      const server = new DefaultLoggerServer();
      let answer: unknown;
      try {
        answer = await server.handle(call(1, 'bad', { throws: what }));
      } catch (error) {
        answer = `handle() rejected: ${String((error as Error).message)}`;
      }
      assert.equal(asJson(answer), INTERNAL);
      assert.ok(
        lines.some((line) => line.includes('DefaultLoggerServer(failing): tools/call failed:')),
        'written',
      );
      assert.equal(await server.handle(call(2, 'ok')), OK);
    });
  });
}

for (const [what, make] of Object.entries(RECEIVER_THROWS)) {
  defaults(`a receiver that throws ${what}: no answer changes, written`, async () => {
    await withConsole(async (lines) => {
      const server = new DefaultLoggerServer();
      const disconnect = mcpserverCalled.connect(() => {
        throw make();
      });
      let answer: unknown;
      try {
        answer = await server.handle(call(2, 'ok'));
      } catch (error) {
        answer = `handle() rejected: ${String((error as Error).message)}`;
      } finally {
        disconnect();
      }
      assert.equal(answer, OK);
      assert.ok(
        lines.some((line) => line.includes('a signal receiver failed')),
        'written',
      );
    });
  });
}

defaults.run();
