// Every method has a time limit, not only tools/call: a hook that never answers is cut at the
// server's methodTimeoutMs, in both eras, with an error that says so, and its signal aborts.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  definePrompt,
  defineResource,
  defineResourceTemplate,
  defineTool,
  MCPServerBase,
  META,
  ProtocolError,
  promptsByName,
  type RequestScope,
  type Result,
  resourcesByUri,
  templatesByUriTemplate,
  toolsByName,
  withMethods,
} from '../src/index.js';

// The signals the hooks were given, by hook: each aborts when its method runs out of time.
const signals = new Map<string, AbortSignal>();
const hang = <T>(hook: string, signal: AbortSignal | undefined): Promise<T> => {
  if (signal !== undefined) signals.set(hook, signal);
  return new Promise<T>(() => {});
};

const Stuck = defineResource({
  uri: 'file:///stuck',
  name: 'stuck',
  read: (scope) => hang('read', scope.signal),
});

const Pages = defineResourceTemplate({
  uriTemplate: 'pages://{name}',
  name: 'pages',
  read: ({ name }, _uri, scope) =>
    name === 'quick' ? 'a page' : hang('template read', scope.signal),
  list: (scope) => hang('list', scope.signal),
  complete: (_variable, _value, context) => hang('complete', context.signal),
});

const Ask = definePrompt({
  name: 'ask',
  description: 'Never answers.',
  argumentsSchema: { type: 'object', properties: { what: { type: 'string' } } },
  get: (_args, scope) => hang('get', scope.signal),
});

const Wait = defineTool({
  name: 'wait',
  title: 'Wait',
  description: 'Never answers.',
  argumentsSchema: { type: 'object' },
  run: (_args, scope) => hang<string>('tool', scope.signal),
});

// Its hooks, with the default time limits.
class Hooks extends MCPServerBase {
  static override readonly methods = withMethods(MCPServerBase.methods, {
    'example/stuck': { run: (_server, _params, scope) => hang<Result>('own', scope.signal) },
  });
  readonly name = 'slow';
  override readonly tools = toolsByName(new Wait());
  override readonly resources = resourcesByUri(new Stuck());
  override readonly resourceTemplates = templatesByUriTemplate(new Pages());
  override readonly prompts = promptsByName(new Ask());
  serverInfo() {
    return { name: 'slow', version: '1' };
  }
  override instructions() {
    return '';
  }
  // The server's own hook of tools/list, as a subclass may write it.
  override listTools(params: Record<string, unknown>, scope: RequestScope) {
    return params.cursor === 'hang'
      ? hang<never>('tools/list', scope.signal)
      : super.listTools(params, scope);
  }
}

class Slow extends Hooks {
  override readonly methodTimeoutMs = 30;
  override readonly toolTimeoutMs = 60;
}

// The answer, or a failure after 2 s: a method that is never cut must fail its test, not hang it.
const timer = globalThis.setTimeout;
function inTime<T>(answer: Promise<T>): Promise<T> {
  let guard: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    guard = timer(() => reject(new Error('no answer within 2 s')), 2_000);
  });
  return Promise.race([answer, late]).finally(() => clearTimeout(guard));
}

const MODERN = { [META.protocolVersion]: '2026-07-28', [META.clientCapabilities]: {} };

// Each method whose hook never answers, with the hook it waits on.
const STUCK: [method: string, params: Record<string, unknown>, hook: string][] = [
  ['resources/read', { uri: 'file:///stuck' }, 'read'],
  ['resources/read', { uri: 'pages://slow' }, 'template read'],
  ['resources/list', {}, 'list'],
  ['prompts/get', { name: 'ask' }, 'get'],
  [
    'completion/complete',
    {
      ref: { type: 'ref/resource', uri: 'pages://{name}' },
      argument: { name: 'name', value: 'a' },
    },
    'complete',
  ],
  ['tools/list', { cursor: 'hang' }, 'tools/list'],
  ['example/stuck', {}, 'own'],
];

const ERAS = {
  '2025-11-25': (params: Record<string, unknown>) => ({
    params,
    context: { headers: { 'mcp-protocol-version': '2025-11-25' } },
  }),
  '2026-07-28': (params: Record<string, unknown>) => ({
    params: { ...params, _meta: MODERN },
    context: {},
  }),
};

const limits = suite('time limits');

for (const [era, shape] of Object.entries(ERAS)) {
  for (const [method, params, hook] of STUCK) {
    limits(
      `${era}: ${method} (${hook}) past methodTimeoutMs: -32603 that says so, and its signal aborts`,
      async () => {
        signals.delete(hook);
        const { params: sent, context } = shape(params);
        const started = Date.now();
        const answer = await inTime(
          new Slow().handle({ jsonrpc: '2.0', id: 7, method, params: sent }, context),
        );
        assert.equal(answer, {
          jsonrpc: '2.0',
          id: 7,
          error: { code: -32603, message: `${method} timed out after 30 ms.` },
        });
        assert.ok(Date.now() - started < 1_000, `answered in ${Date.now() - started} ms`);
        const signal = signals.get(hook);
        assert.is(signal?.aborted, true, `${hook}'s signal aborted`);
        assert.instance(signal?.reason, ProtocolError);
      },
    );
  }
}

limits('tools/call keeps its own time limit, told to the LLM', async () => {
  const answer = await inTime(
    new Slow().handle({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'wait' },
    }),
  );
  assert.equal(answer, {
    jsonrpc: '2.0',
    id: 1,
    result: { content: [{ type: 'text', text: 'wait timed out after 60 ms' }], isError: true },
  });
});

limits(
  'a request its caller may cancel (stdio) still gets the time-out as its answer',
  async () => {
    const server = new Slow();
    const context = { caller: 'stdio' };
    assert.equal(
      await inTime(
        server.handle(
          { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'wait' } },
          context,
        ),
      ),
      {
        jsonrpc: '2.0',
        id: 1,
        result: { content: [{ type: 'text', text: 'wait timed out after 60 ms' }], isError: true },
      },
    );
    for (const _meta of [undefined, MODERN]) {
      assert.equal(
        await inTime(
          server.handle(
            { jsonrpc: '2.0', id: 2, method: 'prompts/get', params: { name: 'ask', _meta } },
            context,
          ),
        ),
        {
          jsonrpc: '2.0',
          id: 2,
          error: { code: -32603, message: 'prompts/get timed out after 30 ms.' },
        },
      );
    }
  },
);

limits('the default is 30 s; a method that answers at once starts no timer', async () => {
  const real = globalThis.setTimeout;
  const delays: (number | undefined)[] = [];
  globalThis.setTimeout = ((handler: () => void, ms?: number) => {
    delays.push(ms);
    return real(handler, 0);
  }) as typeof setTimeout;
  try {
    const read = (uri: string) =>
      new Hooks().handle({ jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri } });
    const quick = await read('pages://quick');
    assert.is(
      (quick as unknown as { result: { contents: { text: string }[] } }).result.contents[0]!.text,
      'a page',
    );
    assert.equal(delays, []);
    await inTime(read('file:///stuck'));
    assert.equal(delays, [30_000]);
  } finally {
    globalThis.setTimeout = real;
  }
});

limits.run();
