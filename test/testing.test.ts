// The in-process test client, used as a user would to test a server without a network.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { defineTool, MCPServerBase, ProtocolError, toolsByName } from '../src/index.js';
import { TestClient } from '../src/testing.js';
import { Media, TestServer, Weather } from './fixtures.js';

const client = suite('TestClient');

client('initialize, listTools and callTool return parsed results', async () => {
  const mcp = new TestClient(new TestServer());
  assert.is((await mcp.initialize()).protocolVersion, '2025-11-25');
  assert.is((await mcp.initialize('2025-03-26')).protocolVersion, '2025-03-26');
  assert.equal(
    (await mcp.listTools()).map((tool) => tool.name),
    ['search_logs', 'fail', 'weather', 'media'],
  );
  assert.equal(await mcp.callTool('search_logs', { query: 'ready' }), {
    content: [{ type: 'text', text: 'info ready' }],
  });
  assert.equal(await mcp.callTool('fail', { how: 'tool' }), {
    content: [{ type: 'text', text: 'the disk is full; try a smaller limit' }],
    isError: true,
  });
  assert.equal(await mcp.callTool('search_logs'), {
    content: [{ type: 'text', text: 'invalid arguments for search_logs: query: is required' }],
    isError: true,
  });
});

client('a JSON-RPC error is thrown as a ProtocolError with its code', async () => {
  const mcp = new TestClient(() => new TestServer());
  try {
    await mcp.callTool('nope');
    assert.unreachable();
  } catch (error) {
    assert.instance(error, ProtocolError);
    assert.is((error as ProtocolError).code, -32602);
    assert.is((error as ProtocolError).message, 'Unknown tool: nope');
  }
});

client('messages go through JSON both ways, as on the wire', async () => {
  const Dated = defineTool({
    name: 'dated',
    title: 'Dated',
    description: 'Returns a Date, which JSON turns into a string.',
    argumentsSchema: { type: 'object', properties: { big: { type: 'boolean' } } },
    run: ({ big }) =>
      big
        ? { structuredContent: { n: 1n } }
        : { content: [{ type: 'text', text: 'now' }], _meta: { when: new Date(0) } },
  });
  class Server extends MCPServerBase {
    readonly name = 'dated';
    override readonly tools = toolsByName(new Dated());
    readonly logged: unknown[] = [];
    serverInfo() {
      return { name: 'dated', version: '1' };
    }
    instructions() {
      return '';
    }
    override logError(error: unknown) {
      this.logged.push(error);
    }
  }
  const server = new Server();
  const mcp = new TestClient(server);
  assert.equal(await mcp.callTool('dated'), {
    content: [{ type: 'text', text: 'now' }],
    _meta: { when: '1970-01-01T00:00:00.000Z' },
  });
  try {
    await mcp.callTool('dated', { big: true });
    assert.unreachable();
  } catch (error) {
    assert.is((error as ProtocolError).code, -32603);
  }
  assert.match(String(server.logged[0]), /BigInt/);
});

client('notify sends a notification, which is never answered', async () => {
  const mcp = new TestClient(new TestServer());
  await mcp.notify('notifications/initialized');
  await mcp.notify('notifications/cancelled', { requestId: 1, reason: 'done' });
  const answering = new TestClient({
    handle: async () => ({ jsonrpc: '2.0', id: 1, result: {} }),
  } as never);
  try {
    await answering.notify('notifications/initialized');
    assert.unreachable();
  } catch (error) {
    assert.match(String(error), /a notification was answered/);
  }
});

client('an answer that is not the response to the request is reported', async () => {
  const silent = new TestClient({ handle: async () => undefined } as never);
  try {
    await silent.request('ping');
    assert.unreachable();
  } catch (error) {
    assert.match(String(error), /expected a response to request 1, got undefined/);
  }
});

client('a client of 2024-11-05 is answered in 2024-11-05', async () => {
  const seen: (string | undefined)[] = [];
  const Version = defineTool({
    name: 'version',
    title: 'Version',
    description: 'Says which version the server answers in.',
    argumentsSchema: { type: 'object' },
    run: (_, scope) => {
      seen.push(scope.protocolVersion);
      return 'ok';
    },
  });
  class Server extends TestServer {
    override readonly tools = toolsByName(new Weather(), new Media(), new Version());
  }
  const old = new TestClient(() => new Server(), { protocolVersion: '2024-11-05' });
  const initialized = await old.initialize();
  assert.is(initialized.protocolVersion, '2024-11-05');
  assert.is(initialized.capabilities.completions, undefined);
  await old.callTool('version');
  assert.equal(seen, ['2024-11-05']);
  // 2024-11-05 has no tool titles, annotations or outputSchema, and no audio or link blocks.
  for (const tool of await old.listTools()) {
    assert.equal(Object.keys(tool).sort(), ['description', 'inputSchema', 'name'], tool.name);
  }
  const { content } = await old.callTool('media');
  assert.equal(
    content.map((block) => block.type),
    ['text', 'image', 'text', 'text', 'resource'],
  );
  assert.is((await new TestClient(new Server()).initialize()).protocolVersion, '2025-11-25');
});

client('a version the library does not speak is refused when the client is made', () => {
  assert.throws(
    () => new TestClient(new TestServer(), { protocolVersion: '2024-10-07' }),
    /protocolVersion must be one of 2026-07-28, .*2024-11-05, not 2024-10-07/,
  );
});

client.run();
