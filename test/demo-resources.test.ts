// The demo's resources, prompts and completions over real HTTP, through the official clients: the
// SDK 1.x Client (handshake era) and @modelcontextprotocol/client 2.x pinned to 2026-07-28. What
// they read is checked against the repository's files on disk.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
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

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const onDisk = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const CHANGELOG = onDisk('CHANGELOG.md');
// The releases, newest first, read here without the demo's parser: `## <version> …` headings.
const RELEASES = Array.from(CHANGELOG.matchAll(/^## \[?([^\]\s]+).*$/gm), (match) => {
  // The section as written: from its heading to the next one.
  const next = CHANGELOG.indexOf('\n## ', match.index);
  return {
    version: match[1]!,
    text: CHANGELOG.slice(match.index, next < 0 ? undefined : next).trim(),
  };
});
// In the demo's order: each folder's entries by name, a folder's files where its name falls.
const sourcesIn = (dir: string): string[] =>
  readdirSync(join(ROOT, dir), { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) =>
      entry.isDirectory()
        ? sourcesIn(`${dir}/${entry.name}`)
        : entry.name.endsWith('.ts')
          ? [`${dir}/${entry.name}`]
          : [],
    );
const SOURCES = sourcesIn('src');

interface Listed {
  uri: string;
  name: string;
  mimeType?: string;
  size?: number;
}
interface Contents {
  uri: string;
  mimeType?: string;
  text?: string;
}
interface Message {
  role: string;
  content: { type: string; text?: string; resource?: Contents };
}

// What both clients do, each in its own era.
interface AnyClient {
  listResources(params?: {
    cursor?: string;
  }): Promise<{ resources: Listed[]; nextCursor?: string }>;
  listResourceTemplates(): Promise<{ resourceTemplates: { uriTemplate: string }[] }>;
  readResource(params: { uri: string }): Promise<{ contents: Contents[] }>;
  listPrompts(): Promise<{ prompts: { name: string; arguments?: { name: string }[] }[] }>;
  getPrompt(params: {
    name: string;
    arguments?: Record<string, string>;
  }): Promise<{ messages: Message[] }>;
  complete(params: {
    ref: { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string };
    argument: { name: string; value: string };
    context?: { arguments: Record<string, string> };
  }): Promise<{ completion: { values: string[]; total?: number; hasMore?: boolean } }>;
}

/** Every page of resources/list, following the cursors (the 2.x client follows them itself). */
async function listAll(client: AnyClient): Promise<{ resources: Listed[]; pages: number }> {
  const resources: Listed[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await client.listResources(cursor === undefined ? undefined : { cursor });
    resources.push(...page.resources);
    cursor = page.nextCursor;
    pages++;
  } while (cursor !== undefined);
  return { resources, pages };
}

const textOf = (contents: unknown) => String((contents as { text?: string } | undefined)?.text);

async function failure(
  promise: Promise<unknown>,
): Promise<{ code: number | undefined; message: string }> {
  try {
    await promise;
  } catch (error) {
    return { code: (error as { code?: number }).code, message: String(error) };
  }
  throw new Error('it succeeded');
}

async function exercise(client: AnyClient, repository: string, notFound: number) {
  // resources/list: every document, each a file on disk with its size, then the releases.
  const { resources, pages } = await listAll(client);
  const documents = resources.filter((resource) => resource.uri.startsWith('repo://'));
  const releases = resources.filter((resource) => resource.uri.startsWith('changelog://'));
  const paths = documents.map((document) => document.name);
  // The guides, as skills: each SKILL.md (demo-skills.test.ts reads them).
  const guides = resources.filter((resource) => resource.uri.startsWith('skill://'));
  // The app view of search_documents (apps-browser.test.ts renders it).
  const views = resources.filter((resource) => resource.uri.startsWith('ui://'));
  assert.equal(
    views.map((view) => view.uri),
    ['ui://project/search'],
  );
  assert.is(documents.length + releases.length + guides.length + views.length, resources.length);
  assert.equal(
    guides.map((guide) => guide.uri),
    paths
      .filter((path) => /^docs\/[^/]+\.md$/.test(path))
      .map((path) => `skill://${repository}/${path.slice(5, -3)}/SKILL.md`),
  );
  for (const { uri, name, size } of documents) {
    assert.is(uri, `repo://${repository}/${name}`);
    assert.is(size, statSync(join(ROOT, name)).size, name);
  }
  for (const source of SOURCES) assert.ok(paths.includes(source), source);
  assert.not.ok(paths.some((path) => path.startsWith('node_modules/')));
  assert.equal(
    releases.map((release) => release.uri),
    RELEASES.map(({ version }) => `changelog://${repository}/${encodeURIComponent(version)}`),
  );
  assert.ok(pages === 1 || pages === Math.ceil(resources.length / 50), `${pages} pages`);

  assert.equal(
    (await client.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate),
    ['repo://{repository}/{+path}', 'changelog://{repository}/{version}', 'skill://{+path}'],
  );

  // resources/read: the file as it is on disk; a release as the changelog says it.
  for (const path of ['README.md', 'src/http.ts', 'package.json']) {
    const uri = `repo://${repository}/${path}`;
    const [contents, ...more] = (await client.readResource({ uri })).contents;
    assert.is(more.length, 0);
    assert.is(contents!.uri, uri);
    assert.is(contents!.text, onDisk(path));
    assert.is(contents!.mimeType, documents.find((document) => document.name === path)!.mimeType);
  }
  const [latest] = RELEASES;
  const release = await client.readResource({ uri: releases[0]!.uri });
  assert.equal(release.contents, [
    { uri: releases[0]!.uri, mimeType: 'text/markdown', text: latest!.text },
  ]);
  for (const uri of [
    `repo://${repository}/nothing.md`,
    `repo://${repository}/src/../package.json`,
    `repo://elsewhere/README.md`,
    `changelog://${repository}/0.0.0-never`,
  ]) {
    assert.is((await failure(client.readResource({ uri }))).code, notFound, uri);
  }

  // prompts/list and prompts/get: the document or release embedded, as resources/read reads it.
  const { prompts } = await client.listPrompts();
  assert.equal(
    prompts.map(({ name, arguments: args }) => [name, args?.map((arg) => arg.name)]),
    [
      ['explain_file', ['path', 'repository']],
      ['summarise_changes', ['version', 'repository']],
    ],
  );
  const explained = await client.getPrompt({
    name: 'explain_file',
    arguments: { path: 'src/resources/uri-template.ts' },
  });
  assert.equal(explained.messages[0], {
    role: 'user',
    content: {
      type: 'resource',
      resource: {
        uri: `repo://${repository}/src/resources/uri-template.ts`,
        mimeType: 'text/x-typescript',
        text: onDisk('src/resources/uri-template.ts'),
      },
    },
  });
  assert.match(explained.messages[1]!.content.text!, /^Explain src\/resources\/uri-template\.ts/);
  const summary = await client.getPrompt({
    name: 'summarise_changes',
    arguments: { version: latest!.version, repository },
  });
  assert.is(summary.messages[0]!.content.resource!.text, latest!.text);
  const missing = await failure(
    client.getPrompt({ name: 'explain_file', arguments: { path: 'nothing.md' } }),
  );
  assert.is(missing.code, -32602);
  assert.match(missing.message, /invalid arguments for prompt explain_file: no document is at/);

  // completion/complete: the first 100 of every path, with how many in all; a prefix; a context.
  const complete = (ref: { type: 'ref/prompt'; name: string }, name: string, value: string) =>
    client.complete({ ref, argument: { name, value } });
  const explain = { type: 'ref/prompt', name: 'explain_file' } as const;
  assert.equal((await complete(explain, 'path', '')).completion, {
    values: paths.slice(0, 100),
    total: paths.length,
    hasMore: paths.length > 100,
  });
  assert.equal((await complete(explain, 'path', 'src/')).completion, {
    values: SOURCES,
    total: SOURCES.length,
    hasMore: false,
  });
  const summarise = { type: 'ref/prompt', name: 'summarise_changes' } as const;
  assert.equal(
    (await complete(summarise, 'version', '')).completion.values,
    RELEASES.map(({ version }) => version),
  );
  const template = { type: 'ref/resource', uri: 'repo://{repository}/{+path}' } as const;
  const inContext = (name: string) =>
    client.complete({
      ref: template,
      argument: { name: 'path', value: 'READ' },
      context: { arguments: { repository: name } },
    });
  // What starts with it first, then what contains it, whatever the case.
  const readmes = (await inContext(repository)).completion.values;
  assert.is(readmes[0], 'README.md');
  assert.equal(
    [...readmes].sort(),
    paths.filter((path) => path.toLowerCase().includes('read')).sort(),
  );
  assert.equal((await inContext('elsewhere')).completion.values, []);
}

const clients = suite<{ demo: Demo }>('the demo project server: resources and prompts', {
  demo: undefined as never,
});

clients.before(async (context) => {
  context.demo = await startDemo({ port: 0, token: 'staff-secret' });
});

clients.after(async ({ demo }) => {
  await demo.close();
});

clients('the SDK 1.x client, in the handshake era, pages by hand', async ({ demo }) => {
  const client = new Client({ name: 'demo-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${demo.base}/mcp`)));
  try {
    const first = await client.listResources();
    assert.is(first.resources.length, 50);
    assert.type(first.nextCursor, 'string');
    await exercise(client as unknown as AnyClient, demo.repository, -32002);
  } finally {
    await client.close();
  }
});

clients('the 2.x client, pinned to 2026-07-28', async ({ demo }) => {
  const client = new ModernClient(
    { name: 'demo-test', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  await client.connect(new ModernTransport(new URL(`${demo.base}/mcp`)));
  try {
    assert.is(client.getNegotiatedProtocolVersion(), '2026-07-28');
    await exercise(client as unknown as AnyClient, demo.repository, -32602);
  } finally {
    await client.close();
  }
});

clients('one URI per document, on every endpoint that serves it', async ({ demo }) => {
  const list = async (path: string) => {
    const client = new Client({ name: 'demo-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${demo.base}${path}`)));
    try {
      return (await listAll(client as unknown as AnyClient)).resources;
    } finally {
      await client.close();
    }
  };
  assert.equal(await list(`/mcp/${demo.repository}`), await list('/mcp'));
});

clients.run();

// 2026-07-28, by hand: what the 2.x client keeps to itself, the cache hints of a read.
async function modernRead(url: string, uri: string, token: string) {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      authorization: `Bearer ${token}`,
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'resources/read',
      'mcp-name': uri,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'resources/read',
      params: {
        uri,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    }),
  });
  return ((await response.json()) as { result: { ttlMs: number; cacheScope: string } }).result;
}

const operations = suite<{ demo: Demo }>('the demo operations server: its log as resources', {
  demo: undefined as never,
});

operations.before(async (context) => {
  context.demo = await startDemo({ port: 0, token: 'staff-secret' });
});

operations.after(async ({ demo }) => {
  await demo.close();
});

operations('the SDK 1.x client: the log, one request of it, the health', async ({ demo }) => {
  const client = new Client({ name: 'demo-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${demo.base}/operations/mcp`), {
      requestInit: { headers: { Authorization: 'Bearer staff-secret' } },
    }),
  );
  try {
    const { resources } = await client.listResources();
    assert.equal(
      resources.map((resource) => resource.uri),
      ['operations://log', 'operations://health'],
    );
    const { resourceTemplates } = await client.listResourceTemplates();
    assert.equal(
      resourceTemplates.map((template) => template.uriTemplate),
      ['operations://log/{number}'],
    );
    await client.callTool({ name: 'get_user', arguments: { id: 2 } });
    const [log] = (await client.readResource({ uri: 'operations://log' })).contents;
    const lines = textOf(log).split('\n');
    // Newest first: this read, the call before it, and what the client sent before that.
    assert.match(lines[0]!, /^#(\d+) \S+ operations resources\/read$/);
    assert.match(lines[1]!, /^#\d+ \S+ operations tools\/call get_user success \d+\.\d\d$/);
    const number = Number(/^#(\d+)/.exec(lines[1]!)![1]);
    const [entry] = (await client.readResource({ uri: `operations://log/${number}` })).contents;
    assert.equal(
      { ...JSON.parse(textOf(entry)), time: undefined, durationMs: undefined },
      {
        number,
        time: undefined,
        server: 'operations',
        method: 'tools/call',
        tool: 'get_user',
        outcome: 'success',
        durationMs: undefined,
      },
    );
    const completed = await client.complete({
      ref: { type: 'ref/resource', uri: 'operations://log/{number}' },
      argument: { name: 'number', value: String(number) },
    });
    assert.is(completed.completion.values[completed.completion.values.length - 1], String(number));
    const [health] = (await client.readResource({ uri: 'operations://health' })).contents;
    assert.ok(JSON.parse(textOf(health)).requestsServed >= lines.length);
    const gone = await failure(client.readResource({ uri: 'operations://log/0' }));
    assert.is(gone.code, -32002);
  } finally {
    await client.close();
  }
});

operations('2026-07-28: private cache hints, by what each resource is', async ({ demo }) => {
  const url = `${demo.base}/operations/mcp`;
  const log = await modernRead(url, 'operations://log', 'staff-secret');
  assert.equal([log.ttlMs, log.cacheScope], [0, 'private']);
  const first = await modernRead(url, 'operations://log/1', 'staff-secret');
  assert.equal([first.ttlMs, first.cacheScope], [3_600_000, 'private']);
  const health = await modernRead(url, 'operations://health', 'staff-secret');
  assert.equal([health.ttlMs, health.cacheScope], [5_000, 'private']);
  // The project's documents are the same for every caller.
  const readme = await modernRead(`${demo.base}/mcp`, `repo://${demo.repository}/README.md`, '');
  assert.equal([readme.ttlMs, readme.cacheScope], [300_000, 'public']);
});

operations('the 2.x client keeps what the hints let it keep', async ({ demo }) => {
  const client = new ModernClient(
    { name: 'demo-test', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  await client.connect(
    new ModernTransport(new URL(`${demo.base}/operations/mcp`), {
      requestInit: { headers: { Authorization: 'Bearer staff-secret' } },
    }),
  );
  try {
    const read = async (uri: string) =>
      String(((await client.readResource({ uri })).contents[0] as { text: string }).text);
    // The log is stale at once: read again, it has a line more. The health keeps five seconds.
    const log = await read('operations://log');
    assert.is.not(await read('operations://log'), log);
    const health = await read('operations://health');
    assert.is(await read('operations://health'), health);
  } finally {
    await client.close();
  }
});

operations.run();
