// Many replicas: three processes of the demo, each on its own port, behind nginx in round robin
// (examples/replicas/nginx.conf, started by replicas.ts). The official clients complete their
// flows while consecutive requests land on different replicas: a paging cursor handed out by one replica is continued by
// another, and so are the rounds of a 2026-07-28 input request, whose state one replica signs and
// another reads with the key they share; an SSE answer passes through nginx event by event. nginx
// adds X-Upstream, the replica that answered. Without nginx, the suite is skipped.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernTransport,
} from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { loadRepository } from '../examples/demo/repository.js';
import {
  assertSpread,
  type Cluster,
  findNginx,
  type Hop,
  recording,
  root,
  startCluster,
} from './replicas.js';

const PAGE_SIZE = 2;
const STAFF_TOKEN = 'replica-token';
// One key in every replica: the state of an input request one signs, another reads.
const STATE_KEY = 'the replicas share this key, of 32 bytes or more';
const TOOLS = [
  'list_documents',
  'read_document',
  'search_documents',
  'read_blog',
  'count_mentions',
  'summarise_document',
  'index_documents',
  'write_note',
];
// How many pages tools/list takes.
const TOOL_PAGES = Math.ceil(TOOLS.length / PAGE_SIZE);
type Text = { type: string; text: string }[];

// The documents each replica serves: this repository's, read as the demo reads them.
const documentCount = () => loadRepository(root).documents.size;

const NGINX = findNginx();
if (NGINX === undefined) {
  console.log('replicas.test.ts: nginx is not installed (apt-get install -y nginx); skipped.');
}

const missing = Promise.reject<Cluster>(new Error('nginx is not installed'));
missing.catch(() => {});
const replicas = suite<{ cluster: Promise<Cluster> }>(
  'three replicas of the demo behind nginx, round robin',
  { cluster: missing },
);
const test = NGINX === undefined ? replicas.skip : replicas;

replicas.before((context) => {
  if (NGINX === undefined) return;
  context.cluster = startCluster(NGINX, {
    MCP_PAGE_SIZE: String(PAGE_SIZE),
    MCP_STAFF_TOKEN: STAFF_TOKEN,
    MCP_STATE_KEY: STATE_KEY,
  });
  // uvu does not report a hook's failure: every test awaits the cluster, and fails with it.
  context.cluster.catch(() => {});
});

replicas.after(async ({ cluster }) => {
  await (await cluster.catch(() => undefined))?.stop();
});

test('the SDK v1 client: the handshake on one replica, the rest on others', async ({ cluster }) => {
  const { url, addresses } = await cluster;
  const hops: Hop[] = [];
  const client = new Client({ name: 'replicas-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { fetch: recording(hops) }));
  try {
    assert.is(client.getServerVersion()?.name, 'project');
    // Each cursor, handed out by one replica, continued by the next.
    const listed: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor === undefined ? undefined : { cursor });
      assert.ok(page.tools.length <= PAGE_SIZE);
      listed.push(...page.tools.map((tool) => tool.name));
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    assert.equal(listed, TOOLS);
    const readme = await client.callTool({
      name: 'read_document',
      arguments: { path: 'README.md', max_lines: 1 },
    });
    assert.match((readme.content as Text)[0]!.text, /^# README\.md\n\n# mcp-protocol-core/);
    const found = await client.callTool({
      name: 'search_documents',
      arguments: { query: 'createFetchHandler', limit: 1 },
    });
    assert.match((found.content as Text)[0]!.text, /createFetchHandler/);
    // Resources: a page from one replica, the next from another, and a read.
    const firstPage = await client.listResources();
    assert.ok(firstPage.nextCursor);
    const secondPage = await client.listResources({ cursor: firstPage.nextCursor });
    const uris = [...firstPage.resources, ...secondPage.resources].map(({ uri }) => uri);
    assert.is(new Set(uris).size, 2 * PAGE_SIZE);
    const [read] = (await client.readResource({ uri: uris.at(-1)! })).contents;
    const path = uris.at(-1)!.replace(/^repo:\/\/[^/]+\//, '');
    assert.is((read as { text?: string }).text, await readFile(join(root, path), 'utf8'));
    // A long call's progress, on its SSE answer through nginx.
    const progress: number[] = [];
    const counted = await client.callTool(
      { name: 'count_mentions', arguments: { phrase: 'replica' } },
      undefined,
      { onprogress: (update) => progress.push(update.progress) },
    );
    assert.match(
      (counted.content as Text)[0]!.text,
      /^"replica": \d+ mentions in \d+ of \d+ documents/,
    );
    assert.equal(
      progress,
      Array.from({ length: documentCount() }, (_, index) => index + 1),
    );
  } finally {
    await client.close();
  }
  assertSpread(hops, addresses);
  for (const method of ['tools/list', 'resources/list']) {
    const pages = hops.filter((hop) => hop.method === method);
    assert.is(pages.length, method === 'tools/list' ? TOOL_PAGES : 2);
    // No page came from the replica that handed out its cursor.
    for (let i = 1; i < pages.length; i++) {
      assert.is.not(pages[i]!.upstream, pages[i - 1]!.upstream, `${method}, page ${i + 1}`);
    }
  }
  const handshake = hops.find((hop) => hop.method === 'initialize')!;
  const calls = hops.filter((hop) => hop.method === 'tools/call');
  assert.ok(calls.some((call) => call.upstream !== handshake.upstream));
});

test('the 2.x client in 2026-07-28: pages walked across replicas, calls spread', async ({
  cluster,
}) => {
  const { url, addresses } = await cluster;
  const hops: Hop[] = [];
  const client = new ModernClient(
    { name: 'replicas-test', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  await client.connect(new ModernTransport(new URL(url), { fetch: recording(hops) }));
  try {
    assert.is(client.getNegotiatedProtocolVersion(), '2026-07-28');
    // With no cursor, the client walks every page itself.
    const { tools } = await client.listTools();
    assert.equal(
      tools.map((tool) => tool.name),
      TOOLS,
    );
    for (const query of ['stateless', 'createHttpHandler']) {
      const found = await client.callTool({ name: 'search_documents', arguments: { query } });
      assert.is(found.isError, undefined);
      assert.match((found.content as Text)[0]!.text, new RegExp(query));
    }
  } finally {
    await client.close();
  }
  assertSpread(hops, addresses);
  const pages = hops.filter((hop) => hop.method === 'tools/list');
  assert.is(pages.length, TOOL_PAGES);
  // Each replica answered one page or more: there are more pages than replicas.
  assert.is(
    new Set(pages.map((page) => page.upstream)).size,
    Math.min(pages.length, addresses.length),
  );
});

test('tools/list over the wire: a cursor any replica continues, a forged one none', async ({
  cluster,
}) => {
  const { url } = await cluster;
  const list = async (cursor?: string) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'mcp-protocol-version': '2025-11-25' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { cursor } }),
    });
    const body = await response.json();
    return { upstream: response.headers.get('x-upstream'), ...body };
  };
  const first = await list();
  const second = await list(first.result.nextCursor);
  assert.is.not(second.upstream, first.upstream);
  assert.equal(
    second.result.tools.map((tool: { name: string }) => tool.name),
    TOOLS.slice(PAGE_SIZE, 2 * PAGE_SIZE),
  );
  // One no replica handed out is refused by whichever replica gets it.
  const forged = await list(btoa('2.tools.0'));
  assert.is(forged.error.code, -32602);
});

test('an SSE answer through nginx arrives event by event', async ({ cluster }) => {
  const { url, addresses } = await cluster;
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-11-25',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/call',
      params: {
        name: 'count_mentions',
        arguments: { phrase: 'nginx' },
        _meta: { progressToken: 'scan' },
      },
    }),
  });
  assert.is(response.status, 200);
  assert.match(response.headers.get('content-type') ?? '', /^text\/event-stream/);
  assert.ok(addresses.includes(response.headers.get('x-upstream') ?? ''));
  // The body as it was read: each piece as it came.
  const reads: string[] = [];
  const decoder = new TextDecoder();
  const reader = response.body!.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    reads.push(decoder.decode(read.value, { stream: true }));
  }
  const messages = reads
    .join('')
    .split('\n\n')
    .filter((event) => event.startsWith('event: message\ndata: '))
    .map((event) => JSON.parse(event.slice('event: message\ndata: '.length)));
  const progress = messages.filter((message) => message.method === 'notifications/progress');
  assert.equal(
    progress.map((message) => message.params.progress),
    Array.from({ length: documentCount() }, (_, index) => index + 1),
  );
  assert.ok(progress.every((message) => message.params.progressToken === 'scan'));
  const last = messages.at(-1);
  assert.is(last.id, 7);
  assert.match(last.result.content[0].text, /^"nginx": \d+ mentions/);
  // Not held back until the end: the first progress came in an earlier read than the result.
  const firstProgress = reads.findIndex((read) => read.includes('notifications/progress'));
  const result = reads.findIndex((read) => read.includes('"result"'));
  assert.ok(
    firstProgress >= 0 && firstProgress < result,
    `progress in read ${firstProgress}, the result in read ${result}`,
  );
});

test('the 2.x client in 2026-07-28: an input request whose rounds land on two replicas', async ({
  cluster,
}) => {
  const { url, addresses, output } = await cluster;
  const hops: Hop[] = [];
  const client = new ModernClient(
    { name: 'replicas-test', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } }, capabilities: { elicitation: {} } },
  );
  const asked: string[] = [];
  client.setRequestHandler('elicitation/create', async (request) => {
    asked.push(request.params.message);
    return { action: 'accept', content: { clear: true } };
  });
  const operations = new URL('/operations/mcp', url);
  await client.connect(
    new ModernTransport(operations, {
      fetch: recording(hops),
      requestInit: { headers: { authorization: `Bearer ${STAFF_TOKEN}` } },
    }),
  );
  try {
    const result = await client.callTool({ name: 'clear_log', arguments: {} });
    const upTo = /up to request #(\d+)\?/.exec(asked[0] ?? '')?.[1];
    assert.ok(upTo, asked.join('\n'));
    assert.match(
      (result.content as Text)[0]!.text,
      new RegExp(`^Cleared \\d+ requests from the log, up to #${upTo}\\.$`),
    );
  } finally {
    await client.close();
  }
  assertSpread(hops, addresses);
  const rounds = hops.filter((hop) => hop.method === 'tools/call');
  assert.is(rounds.length, 2);
  const [first, second] = rounds.map((round) => output(round.upstream));
  // Each replica's own log: the question on one, the answer and the clearing on another.
  assert.match(first!, /operations tools\/call clear_log input-required/);
  assert.not.match(first!, /clear_log success/);
  assert.match(second!, /operations tools\/call clear_log success/);
  assert.not.match(second!, /clear_log input-required/);
});

replicas.run();
