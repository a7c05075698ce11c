// The method registry, through handle(): a subclass adds methods by adding entries, each era sees
// only its own, capabilities come from what a server has, and 2026-07-28 results are finished
// (resultType, serverInfo, cache hints) whatever the method.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { MCPServerBase, type Method, withMethods } from '../src/index.js';
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
  instructions() {
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
