// The demo over real HTTP, through the official TypeScript SDK's client.
import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernTransport,
} from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startDemo } from '../examples/demo/main.js';

type Demo = Awaited<ReturnType<typeof startDemo>>;
type Text = { type: string; text: string }[];

async function connect(url: string, headers: Record<string, string> = {}) {
  const client = new Client({ name: 'demo-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }),
  );
  return client;
}

const demo = suite<{ demo: Demo; log: string[] }>('demo, with the SDK client', {
  demo: undefined as never,
  log: [],
});

// A browser page's origin, as MCP_CORS_ORIGINS names it.
const PAGE = 'http://localhost:6274';

demo.before(async (context) => {
  context.demo = await startDemo({
    port: 0,
    token: 'staff-secret',
    log: (line) => context.log.push(line),
    corsOrigins: [PAGE],
  });
});

demo.after(async ({ demo }) => {
  await demo.close();
});

demo('the project server: initialize, list, call', async ({ demo }) => {
  const client = await connect(`${demo.base}/mcp`);
  assert.equal(client.getServerVersion()?.name, 'project');
  assert.match(String(client.getInstructions()), /list_documents/);
  const { tools } = await client.listTools();
  assert.equal(
    tools.map((tool) => tool.name),
    [
      'list_documents',
      'read_document',
      'search_documents',
      'read_blog',
      'count_mentions',
      'summarise_document',
      'index_documents',
      'write_note',
    ],
  );
  const readme = await client.callTool({
    name: 'read_document',
    arguments: { path: 'README.md', max_lines: 3 },
  });
  assert.is(readme.isError, undefined);
  assert.match((readme.content as Text)[0]!.text, /^# README\.md\n\n# mcp-protocol-core/);
  const blog = await client.callTool({ name: 'read_blog', arguments: {} });
  assert.match((blog.content as Text)[0]!.text, /^## Unreleased/);
  await client.close();
});

demo(
  'a tool error, invalid arguments and an unknown tool, as the client sees them',
  async ({ demo }) => {
    const client = await connect(`${demo.base}/mcp`);
    const missing = await client.callTool({
      name: 'read_document',
      arguments: { path: 'nope.md' },
    });
    assert.equal(missing, {
      content: [
        { type: 'text', text: 'no document at nope.md; call list_documents for the paths' },
      ],
      isError: true,
    });
    const outside = await client.callTool({
      name: 'read_document',
      arguments: { path: '../../etc/passwd' },
    });
    assert.is(outside.isError, true);
    assert.match((outside.content as Text)[0]!.text, /is not a path in a repository/);
    const invalid = await client.callTool({
      name: 'search_documents',
      arguments: { query: 'x', limit: 1000 },
    });
    assert.equal(invalid, {
      content: [
        {
          type: 'text',
          text: 'invalid arguments for search_documents: query: must NOT have fewer than 2 characters; limit: must be <= 100',
        },
      ],
      isError: true,
    });
    try {
      await client.callTool({ name: 'delete_everything', arguments: {} });
      assert.unreachable('an unknown tool must be an error');
    } catch (error) {
      assert.is((error as { code?: number }).code, -32602);
      assert.match(String(error), /Unknown tool: delete_everything/);
    }
    await client.close();
  },
);

demo('the project server, with the 2.x client in 2026-07-28', async ({ demo }) => {
  const client = new ModernClient(
    { name: 'demo-test', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  await client.connect(new ModernTransport(new URL(`${demo.base}/mcp`)));
  try {
    assert.is(client.getNegotiatedProtocolVersion(), '2026-07-28');
    const { tools } = await client.listTools();
    assert.equal(
      tools.map((tool) => tool.name),
      [
        'list_documents',
        'read_document',
        'search_documents',
        'read_blog',
        'count_mentions',
        'summarise_document',
        'index_documents',
        'write_note',
      ],
    );
    const found = await client.callTool({
      name: 'search_documents',
      arguments: { query: 'createFetchHandler', limit: 1 },
    });
    assert.is(found.isError, undefined);
    assert.match((found.content as Text)[0]!.text, /createFetchHandler/);
    const missing = await client.callTool({
      name: 'read_document',
      arguments: { path: 'nope.md' },
    });
    assert.is(missing.isError, true);
  } finally {
    await client.close();
  }
});

demo('the project server scoped to one repository', async ({ demo }) => {
  const client = await connect(`${demo.base}/mcp/${demo.repository}`);
  assert.is(client.getServerVersion()?.name, `project-${demo.repository}`);
  const other = await client.callTool({
    name: 'list_documents',
    arguments: { repository: 'elsewhere' },
  });
  assert.equal(other, {
    content: [
      {
        type: 'text',
        text: `no repository is named elsewhere here; the repositories are: ${demo.repository}`,
      },
    ],
    isError: true,
  });
  await client.close();
  const unknown = await fetch(`${demo.base}/mcp/elsewhere`, { method: 'POST' });
  assert.is(unknown.status, 404);
});

demo('the CORS origins reach every MCP endpoint, the operations server too', async ({ demo }) => {
  for (const path of ['/mcp', `/mcp/${demo.repository}`, '/operations/mcp']) {
    const preflight = (origin: string) =>
      fetch(`${demo.base}${path}`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type',
        },
      });
    const allowed = await preflight(PAGE);
    assert.is(allowed.status, 204, path);
    assert.is(allowed.headers.get('access-control-allow-origin'), PAGE, path);
    assert.match(allowed.headers.get('access-control-allow-headers') ?? '', /authorization/);
    const other = await preflight('http://localhost:9999');
    assert.equal([other.status, other.headers.get('vary')], [403, 'Origin'], path);
  }
  // The page can read the operations server's challenge, to ask for a token.
  const refused = await fetch(`${demo.base}/operations/mcp`, {
    method: 'POST',
    headers: { origin: PAGE, 'content-type': 'application/json' },
    body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
  });
  assert.is(refused.status, 401);
  assert.is(refused.headers.get('access-control-allow-origin'), PAGE);
  assert.match(refused.headers.get('access-control-expose-headers') ?? '', /www-authenticate/);
  assert.is(refused.headers.get('vary'), 'Origin');
});

demo('the operations server: nothing without the staff token', async ({ demo }) => {
  const refusals = [
    [{}, 401, 'A staff token or an access token is required: Authorization: Bearer <token>.'],
    [{ Authorization: 'Bearer wrong' }, 401, 'The access token is not valid.'],
    [
      { Authorization: 'Basic c3RhZmY6c2VjcmV0' },
      401,
      'A staff token or an access token is required',
    ],
  ] as const;
  for (const [headers, status, message] of refusals) {
    try {
      await connect(`${demo.base}/operations/mcp`, headers);
      assert.unreachable('connected without the token');
    } catch (error) {
      assert.is((error as { code?: number }).code, status);
      assert.ok(String(error).includes(message), String(error));
    }
  }
  const raw = await fetch(`${demo.base}/operations/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
  });
  assert.is(raw.status, 401);
  assert.is(
    raw.headers.get('www-authenticate'),
    `Bearer scope="operations", resource_metadata="${demo.metadata.url}"`,
  );
  assert.not.match(await raw.text(), /search_logs|get_health/);
});

demo('the operations server: a wrong token is 401 invalid_token, never 403', async ({ demo }) => {
  // The authorization spec: "Invalid or expired tokens MUST receive a HTTP 401"; RFC 6750 names
  // the case in the challenge, so that a client gets a new token rather than retry this one.
  for (const token of ['wrong', 'staff-secret-but-longer', 'STAFF-SECRET']) {
    const response = await fetch(`${demo.base}/operations/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
    });
    assert.is(response.status, 401);
    assert.match(response.headers.get('www-authenticate') ?? '', /^Bearer error="invalid_token"/);
    assert.equal(await response.json(), {
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'The access token is not valid.' },
    });
  }
});

demo('the operations server with the token: logs, health and users', async ({ demo, log }) => {
  const client = await connect(`${demo.base}/operations/mcp`, {
    Authorization: 'Bearer staff-secret',
  });
  const { tools } = await client.listTools();
  assert.equal(
    tools.map((tool) => tool.name),
    ['search_logs', 'get_health', 'list_users', 'get_user', 'clear_log', 'purge_log'],
  );
  const logs = await client.callTool({
    name: 'search_logs',
    arguments: { query: 'read_document' },
  });
  assert.match((logs.content as Text)[0]!.text, /project tools\/call read_document tool-error/);
  const health = await client.callTool({ name: 'get_health', arguments: {} });
  const structured = health.structuredContent as { requestsServed: number; toolCallP50: string };
  assert.ok(structured.requestsServed > 5);
  assert.match(structured.toolCallP50, /ms$/);
  const user = await client.callTool({
    name: 'get_user',
    arguments: { email: 'grace@example.com' },
  });
  assert.is((user.structuredContent as { name: string }).name, 'Grace Hopper');
  const nobody = await client.callTool({ name: 'get_user', arguments: { id: 99 } });
  assert.equal(nobody.content, [{ type: 'text', text: 'no user has id 99; call list_users' }]);
  const members = await client.callTool({ name: 'list_users', arguments: { role: 'member' } });
  assert.equal((members.content as Text)[0]!.text.split('\n').length, 2);
  await client.close();
  assert.ok(
    log.some((line) => /^operations tools\/call get_user success \d+\.\d\d ms$/.test(line)),
  );
});

demo.run();
