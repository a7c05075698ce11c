// The method registry, through handle(): a subclass adds methods by adding entries, each era sees
// only its own, capabilities come from what a server has, and 2026-07-28 results are finished
// (resultType, serverInfo, cache hints) whatever the method.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  type AnyPrompt,
  definePrompt,
  defineResource,
  MCPServerBase,
  type Method,
  PROMPT_METHODS,
  promptsByName,
  resourcesByUri,
  withMethods,
} from '../src/index.js';
import { request, TestServer } from './fixtures.js';

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};
const modern = (id: number, method: string, params: object = {}) =>
  request(id, method, { ...params, _meta: META });

class CountingServer extends TestServer {
  static override readonly methods = withMethods(MCPServerBase.methods, {
    'notes/count': {
      cache: () => ({ ttlMs: 60_000, cacheScope: 'private' }),
      run: (server: CountingServer, params) => ({
        count: server.notes.length,
        echo: params.echo,
      }),
    },
    'notes/legacy': { era: 'handshake', otherEra: { use: 'notes/count' }, run: () => ({}) },
    // Replaces the base's ping: a registry entry wins over the one it replaces.
    ping: { era: 'handshake', run: () => ({ pong: true }) },
  } satisfies Record<string, Method<CountingServer>>);
  readonly notes = ['a', 'b', 'c'];
}

// A server with no tools, only a method of its own.
class ToollessServer extends MCPServerBase {
  static override readonly methods = withMethods(MCPServerBase.methods, {
    'notes/count': { run: () => ({ count: 0 }) },
  });
  readonly name = 'toolless';
  serverInfo() {
    return { name: 'toolless', version: '1.0.0' };
  }
  override instructions() {
    return '';
  }
}

const registry = suite('method registry');

registry('a subclass adds a method by adding an entry; the base keeps its own', async () => {
  const server = new CountingServer();
  assert.equal(await server.handle(request(1, 'notes/count', { echo: 'x' })), {
    jsonrpc: '2.0',
    id: 1,
    result: { count: 3, echo: 'x' },
  });
  assert.equal(await server.handle(request(2, 'ping')), {
    jsonrpc: '2.0',
    id: 2,
    result: { pong: true },
  });
  const listed = (await server.handle(request(3, 'tools/list'))) as unknown as {
    result: { tools: [] };
  };
  assert.ok(listed.result.tools.length > 0);
  // The base class's registry is unchanged.
  assert.equal(await new TestServer().handle(request(4, 'notes/count')), {
    jsonrpc: '2.0',
    id: 4,
    error: { code: -32601, message: 'Method not found' },
  });
});

registry('2026-07-28 finishes any method: complete, who answered, its cache hint', async () => {
  const answer = JSON.parse(
    JSON.stringify(await new CountingServer().handle(modern(1, 'notes/count'))),
  );
  assert.equal(answer.result, {
    resultType: 'complete',
    ttlMs: 60_000,
    cacheScope: 'private',
    count: 3,
    _meta: { 'io.modelcontextprotocol/serverInfo': new CountingServer().serverInfo() },
  });
});

registry('a method of one era is not found in the other, with what it says', async () => {
  const answer = await new CountingServer().handle(modern(1, 'notes/legacy'));
  assert.equal(JSON.parse(JSON.stringify(answer)), {
    jsonrpc: '2.0',
    id: 1,
    error: { code: -32601, message: 'Method not found', data: { use: 'notes/count' } },
  });
  assert.equal(await new CountingServer().handle(request(2, 'notes/legacy')), {
    jsonrpc: '2.0',
    id: 2,
    result: {},
  });
  // server/discover is 2026-07-28's.
  const discover = (await new CountingServer().handle(request(3, 'server/discover'))) as {
    error: { code: number };
  };
  assert.is(discover.error.code, -32601);
});

registry('capabilities come from what the server has: no tools, no tools methods', async () => {
  const server = new ToollessServer();
  const initialized = (await server.handle(
    request(1, 'initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'c', version: '1' },
    }),
  )) as unknown as { result: { capabilities: object } };
  assert.equal(initialized.result.capabilities, { logging: {} });
  for (const method of ['tools/list', 'tools/call']) {
    assert.equal(await server.handle(request(2, method, { name: 'x' })), {
      jsonrpc: '2.0',
      id: 2,
      error: { code: -32601, message: 'Method not found' },
    });
  }
  assert.equal(await server.handle(request(3, 'notes/count')), {
    jsonrpc: '2.0',
    id: 3,
    result: { count: 0 },
  });
  const tools = (await new TestServer().handle(modern(4, 'server/discover'))) as unknown as {
    result: { capabilities: object };
  };
  assert.equal(tools.result.capabilities, { logging: {}, tools: {} });
});

registry('an entry with a capability must say when a server has it', () => {
  assert.throws(
    () => withMethods(MCPServerBase.methods, { 'x/y': { capability: 'prompts', run: () => ({}) } }),
    /x\/y: a method with a capability says when a server has it/,
  );
});

registry.run();

// The features other than tools come with the maps their helpers build: a server answers, and
// declares, what its own maps bring, and nothing of what another server's do.
const features = suite('features');

const Greeting = definePrompt({
  name: 'greeting',
  description: 'Greets someone.',
  argumentsSchema: { type: 'object', properties: { who: { type: 'string' } }, required: ['who'] },
  get: ({ who }) => `Say hello to ${who}.`,
});

const Readme = defineResource({ uri: 'file:///README.md', name: 'README', read: () => '# Hi' });

/** A server with prompts only: no tools, no resources. */
class PromptsOnly extends MCPServerBase {
  readonly name = 'prompts-only';
  override readonly prompts: ReadonlyMap<string, AnyPrompt> = promptsByName(new Greeting());
  serverInfo() {
    return { name: 'prompts-only', version: '1.0.0' };
  }
  override instructions() {
    return '';
  }
}

const notFound = (id: number) => ({
  jsonrpc: '2.0',
  id,
  error: { code: -32601, message: 'Method not found' },
});

features('a prompts-only server declares prompts and answers them, and nothing else', async () => {
  // Another server's resources bring nothing to this one.
  resourcesByUri(new Readme());
  const server = new PromptsOnly();
  const initialized = (await server.handle(
    request(1, 'initialize', { protocolVersion: '2025-11-25', capabilities: {} }),
  )) as unknown as { result: { capabilities: object } };
  assert.equal(initialized.result.capabilities, { logging: {}, prompts: {} });
  const discovered = (await server.handle(modern(2, 'server/discover'))) as unknown as {
    result: { capabilities: object };
  };
  assert.equal(discovered.result.capabilities, { logging: {}, prompts: {} });
  const listed = (await server.handle(request(3, 'prompts/list'))) as unknown as {
    result: { prompts: { name: string }[] };
  };
  assert.equal(
    listed.result.prompts.map(({ name }) => name),
    ['greeting'],
  );
  const got = (await server.handle(
    request(4, 'prompts/get', { name: 'greeting', arguments: { who: 'Ada' } }),
  )) as unknown as { result: { messages: unknown[] } };
  assert.is(got.result.messages.length, 1);
  const missing = [
    'tools/list',
    'tools/call',
    'resources/list',
    'resources/templates/list',
    'resources/read',
    // Its prompts complete nothing.
    'completion/complete',
  ];
  for (const [i, method] of missing.entries()) {
    assert.equal(await server.handle(request(10 + i, method, {})), notFound(10 + i), method);
  }
  await server.verify();
});

features("a tools-only server has none of the features another server's maps bring", async () => {
  promptsByName(new Greeting());
  const server = new TestServer();
  assert.equal(server.capabilities(), { logging: {}, tools: {} });
  for (const [i, method] of ['prompts/list', 'resources/list', 'completion/complete'].entries()) {
    assert.equal(await server.handle(request(i, method)), notFound(i), method);
  }
});

features("a subclass's registry entry wins over a feature's of the same name", async () => {
  class Renamed extends PromptsOnly {
    static override readonly methods = withMethods(MCPServerBase.methods, {
      'prompts/list': { run: () => ({ prompts: [], custom: true }) },
    });
  }
  assert.equal(await new Renamed().handle(request(1, 'prompts/list')), {
    jsonrpc: '2.0',
    id: 1,
    result: { prompts: [], custom: true },
  });
  // Its other methods are the feature's.
  const got = (await new Renamed().handle(
    request(2, 'prompts/get', { name: 'greeting', arguments: { who: 'Ada' } }),
  )) as unknown as { result: object };
  assert.ok('result' in got);
});

features(
  'a map that its helper did not build is refused at the first request, and by verify()',
  async () => {
    const plain = [
      [
        'prompts',
        new Map([['greeting', new Greeting()]]),
        'NoHelper.prompts must be built with promptsByName(), which brings the methods that serve it',
      ],
      [
        'resources',
        new Map([['file:///README.md', new Readme()]]),
        'NoHelper.resources must be built with resourcesByUri(), which brings the methods that serve it',
      ],
      [
        'resourceTemplates',
        // A copy of a helper's map is a map of one's own.
        new Map(resourcesByUri(new Readme())),
        'NoHelper.resourceTemplates must be built with templatesByUriTemplate(), which brings the methods that serve it',
      ],
    ] as const;
    for (const [field, map, message] of plain) {
      class NoHelper extends MCPServerBase {
        readonly name = 'no-helper';
        serverInfo() {
          return { name: 'no-helper', version: '1.0.0' };
        }
        override instructions() {
          return '';
        }
      }
      const server = new NoHelper();
      Object.defineProperty(server, field, { value: map });
      for (const method of ['initialize', 'ping', 'tools/list']) {
        const error = await server.handle(request(1, method, {})).catch((error: unknown) => error);
        assert.instance(error, TypeError, `${field} ${method}`);
        assert.is((error as Error).message, message);
      }
      const error = await server.verify().catch((error: unknown) => error);
      assert.instance(error, TypeError);
      assert.is((error as Error).message, message);
    }
    // A class whose own registry serves the feature may key it as it likes.
    class OwnRegistry extends MCPServerBase {
      static override readonly methods = withMethods(MCPServerBase.methods, PROMPT_METHODS);
      readonly name = 'own';
      override readonly prompts = new Map([['greeting', new Greeting()]]);
      serverInfo() {
        return { name: 'own', version: '1.0.0' };
      }
      override instructions() {
        return '';
      }
    }
    const listed = (await new OwnRegistry().handle(request(1, 'prompts/list'))) as unknown as {
      result: { prompts: { name: string }[] };
    };
    assert.equal(
      listed.result.prompts.map(({ name }) => name),
      ['greeting'],
    );
    await new OwnRegistry().verify();
    // An empty map of one's own is no feature, and no mistake.
    const empty = new PromptsOnly();
    Object.defineProperty(empty, 'prompts', { value: new Map() });
    assert.equal(await empty.handle(request(1, 'ping')), { jsonrpc: '2.0', id: 1, result: {} });
    assert.equal(empty.capabilities(), { logging: {} });
  },
);

features.run();
