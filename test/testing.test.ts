// The in-process test client, used as a user would to test a server without a network.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { defineTool, MCPServerBase, ProtocolError, toolsByName } from '../src/index.js';
import { TestClient } from '../src/testing.js';
import { TestServer } from './fixtures.js';

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

client.run();
