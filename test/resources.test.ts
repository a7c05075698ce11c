// Resources and resource templates, through handle() in both eras and through the test client.
import fc from 'fast-check';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  defineResource,
  defineResourceTemplate,
  ErrorCode,
  encodeBase64,
  MCPResourceBase,
  MCPResourceTemplateBase,
  MCPServerBase,
  ProtocolError,
  RequestScope,
  resourcesByUri,
  templatesByUriTemplate,
} from '../src/index.js';
import { type ResponseError, TestClient } from '../src/testing.js';
import { request, TestServer } from './fixtures.js';

const V = '2026-07-28';
const META = {
  'io.modelcontextprotocol/protocolVersion': V,
  'io.modelcontextprotocol/clientCapabilities': {},
};
const SI = { 'io.modelcontextprotocol/serverInfo': { name: 'docs', version: '1.0.0' } };

const DOCS = new Map([
  ['guide/intro.md', '# Intro'],
  ['guide/é t.md', '# Accents'],
]);

class Readme extends MCPResourceBase {
  readonly uri = 'repo://readme';
  readonly name = 'readme';
  override readonly title = 'README';
  override readonly description = 'What the repository is.';
  override readonly mimeType = 'text/markdown';
  override readonly size = 9;
  override readonly annotations = { audience: ['user' as const], priority: 0.5 };
  override readonly icons = [{ src: 'https://example.com/readme.png', mimeType: 'image/png' }];
  read() {
    return '# Readme';
  }
}

const Logo = defineResource({
  uri: 'repo://logo.png',
  name: 'logo',
  mimeType: 'image/png',
  read: () => new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
});

const Docs = defineResourceTemplate({
  uriTemplate: 'repo://docs/{+path}',
  name: 'docs',
  description: 'The documents, by path.',
  mimeType: 'text/markdown',
  read: ({ path }) => DOCS.get(path),
  list: () =>
    [...DOCS.keys()].map((path) => ({ uri: `repo://docs/${encodeURI(path)}`, name: path })),
  complete: (_variable, value) => [...DOCS.keys()].filter((path) => path.startsWith(value)),
});

// A template that also matches the README's URI: the fixed resource is read first.
const Anything = defineResourceTemplate({
  uriTemplate: 'repo://{name}',
  name: 'anything',
  read: ({ name }) => (name === 'missing' ? undefined : `anything: ${name}`),
});

class DocsServer extends MCPServerBase {
  readonly name = 'docs';
  override readonly resources = resourcesByUri(new Readme(), new Logo());
  override readonly resourceTemplates = templatesByUriTemplate(new Docs(), new Anything());
  readonly logged: unknown[] = [];
  serverInfo() {
    return { name: 'docs', version: '1.0.0' };
  }
  override instructions() {
    return '';
  }
  override logError(error: unknown): void {
    this.logged.push(error);
  }
}

const README = {
  uri: 'repo://readme',
  name: 'readme',
  size: 9,
  title: 'README',
  description: 'What the repository is.',
  mimeType: 'text/markdown',
  annotations: { audience: ['user'], priority: 0.5 },
  icons: [{ src: 'https://example.com/readme.png', mimeType: 'image/png' }],
};
const LOGO = { uri: 'repo://logo.png', name: 'logo', mimeType: 'image/png' };
const LISTED = [
  { uri: 'repo://docs/guide/intro.md', name: 'guide/intro.md', mimeType: 'text/markdown' },
  { uri: 'repo://docs/guide/%C3%A9%20t.md', name: 'guide/é t.md', mimeType: 'text/markdown' },
];
const TEMPLATES = [
  {
    uriTemplate: 'repo://docs/{+path}',
    name: 'docs',
    description: 'The documents, by path.',
    mimeType: 'text/markdown',
  },
  { uriTemplate: 'repo://{name}', name: 'anything' },
];

const handshake = suite('resources, handshake era');

handshake('initialize declares resources, and nothing about subscriptions', async () => {
  const response = await new DocsServer().handle(
    request(1, 'initialize', { protocolVersion: '2025-11-25' }),
  );
  assert.equal(response, {
    jsonrpc: '2.0',
    id: 1,
    result: {
      protocolVersion: '2025-11-25',
      capabilities: { logging: {}, resources: {}, completions: {} },
      serverInfo: { name: 'docs', version: '1.0.0' },
    },
  });
});

handshake(
  'a server with templates only declares resources; one with neither does not',
  async () => {
    class OnlyTemplates extends DocsServer {
      override readonly resources = resourcesByUri();
    }
    assert.equal(new OnlyTemplates().capabilities(), {
      logging: {},
      resources: {},
      completions: {},
    });
    assert.equal(new TestServer().capabilities(), { logging: {}, tools: {} });
    assert.equal(await new TestServer().handle(request(2, 'resources/read', { uri: 'repo://x' })), {
      jsonrpc: '2.0',
      id: 2,
      error: { code: -32601, message: 'Method not found' },
    });
  },
);

handshake('resources/list: the fixed resources, then those the templates list', async () => {
  assert.equal(await new DocsServer().handle(request(1, 'resources/list')), {
    jsonrpc: '2.0',
    id: 1,
    result: { resources: [README, LOGO, ...LISTED] },
  });
});

handshake('resources/list waits for a template that lists later, and keeps the order', async () => {
  const Later = defineResourceTemplate({
    uriTemplate: 'later://{name}',
    name: 'later',
    read: () => 'x',
    list: async () => [{ uri: 'later://a', name: 'a' }],
  });
  class Own extends MCPResourceTemplateBase<'own://{name}'> {
    readonly uriTemplate = 'own://{name}';
    readonly name = 'own';
    read() {
      return 'x';
    }
    override async resources() {
      return [{ uri: 'own://b', name: 'b' }];
    }
  }
  class Server extends DocsServer {
    override readonly resourceTemplates = templatesByUriTemplate(
      new Later(),
      new Own(),
      new Docs(),
    );
  }
  const answer = (await new Server().handle(request(1, 'resources/list'))) as unknown as {
    result: { resources: { uri: string }[] };
  };
  assert.equal(
    answer.result.resources.map(({ uri }) => uri),
    [README.uri, LOGO.uri, 'later://a', 'own://b', ...LISTED.map(({ uri }) => uri)],
  );
});

handshake('resources/templates/list', async () => {
  assert.equal(await new DocsServer().handle(request(1, 'resources/templates/list')), {
    jsonrpc: '2.0',
    id: 1,
    result: { resourceTemplates: TEMPLATES },
  });
});

handshake('reads that answer later, and a contents() of its own, are read in order', async () => {
  const Later = defineResourceTemplate({
    uriTemplate: 'later://{name}',
    name: 'later',
    read: async ({ name }) => (name === 'none' ? undefined : `later: ${name}`),
  });
  const Fallback = defineResourceTemplate({
    uriTemplate: 'later://{+name}',
    name: 'fallback',
    read: ({ name }) =>
      name === 'a/fail' ? Promise.reject(new Error('boom')) : `fallback: ${name}`,
  });
  class Own extends MCPResourceBase {
    readonly uri = 'own://x';
    readonly name = 'own';
    read() {
      return 'not this';
    }
    override async contents() {
      return [{ uri: this.uri, text: 'its own' }];
    }
  }
  class LaterServer extends DocsServer {
    override readonly resources = resourcesByUri(new Own());
    override readonly resourceTemplates = templatesByUriTemplate(new Later(), new Fallback());
  }
  const server = new LaterServer();
  const read = async (uri: string) =>
    ((await server.handle(request(1, 'resources/read', { uri }))) as { result?: unknown }).result;
  assert.equal(await read('later://a'), { contents: [{ uri: 'later://a', text: 'later: a' }] });
  assert.equal(await read('later://none'), {
    contents: [{ uri: 'later://none', text: 'fallback: none' }],
  });
  assert.equal(await read('own://x'), { contents: [{ uri: 'own://x', text: 'its own' }] });
  assert.equal(await server.handle(request(2, 'resources/read', { uri: 'later://a/fail' })), {
    jsonrpc: '2.0',
    id: 2,
    error: { code: -32603, message: 'Internal error' },
  });
  assert.equal(String(server.logged), 'Error: boom');
});

handshake('resources/read: text, bytes as base64, and a template with its variables', async () => {
  const server = new DocsServer();
  assert.equal(await server.handle(request(1, 'resources/read', { uri: 'repo://readme' })), {
    jsonrpc: '2.0',
    id: 1,
    result: { contents: [{ uri: 'repo://readme', mimeType: 'text/markdown', text: '# Readme' }] },
  });
  assert.equal(await server.handle(request(2, 'resources/read', { uri: 'repo://logo.png' })), {
    jsonrpc: '2.0',
    id: 2,
    result: { contents: [{ uri: 'repo://logo.png', mimeType: 'image/png', blob: 'iVBORw==' }] },
  });
  const accented = 'repo://docs/guide/%C3%A9%20t.md';
  assert.equal(await server.handle(request(3, 'resources/read', { uri: accented })), {
    jsonrpc: '2.0',
    id: 3,
    result: { contents: [{ uri: accented, mimeType: 'text/markdown', text: '# Accents' }] },
  });
});

handshake(
  'fixed resources are looked up before templates; a template with none passes',
  async () => {
    const server = new DocsServer();
    const read = async (uri: string) =>
      ((await server.handle(request(1, 'resources/read', { uri }))) as { result?: unknown }).result;
    assert.equal(await read('repo://readme'), {
      contents: [{ uri: 'repo://readme', mimeType: 'text/markdown', text: '# Readme' }],
    });
    assert.equal(await read('repo://other'), {
      contents: [{ uri: 'repo://other', text: 'anything: other' }],
    });
    // docs has no such document, and anything does not match a path: not found.
    assert.is(await read('repo://docs/nope.md'), undefined);
  },
);

handshake('a URI nothing has is -32002 with data.uri, never empty contents', async () => {
  const server = new DocsServer();
  for (const uri of ['repo://missing', 'repo://docs/nope.md', 'other://readme', '']) {
    assert.equal(await server.handle(request(7, 'resources/read', { uri })), {
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32002, message: 'Resource not found', data: { uri } },
    });
  }
});

handshake('a path that would escape its directory matches no template', async () => {
  const server = new DocsServer();
  for (const uri of [
    'repo://docs/../secret',
    'repo://docs/guide/%2e%2e/%2e%2e/x',
    'repo://docs//etc',
  ]) {
    const response = (await server.handle(request(1, 'resources/read', { uri }))) as {
      error?: { code: number };
    };
    assert.is(response.error?.code, -32002, uri);
  }
});

handshake('a Windows drive or UNC path matches no template, percent-encoded or not', async () => {
  // A template that reads whatever it is given: only the traversal check stands between.
  const Files = defineResourceTemplate({
    uriTemplate: 'file:///srv/{+path}',
    name: 'files',
    read: ({ path }) => `read ${path}`,
  });
  class FilesServer extends TestServer {
    override readonly resourceTemplates = templatesByUriTemplate(new Files());
  }
  const client = new TestClient(() => new FilesServer());
  assert.equal((await client.readResource('file:///srv/a/b.txt')).contents, [
    { uri: 'file:///srv/a/b.txt', text: 'read a/b.txt' },
  ]);
  for (const uri of [
    'file:///srv/C:%5CWindows%5Cwin.ini',
    'file:///srv/C:/Windows/win.ini',
    'file:///srv/D:secret',
    'file:///srv/C%3A%5Cx',
    'file:///srv/%5C%5Chost%5Cshare',
    'file:///srv///host/share',
  ]) {
    try {
      await client.readResource(uri);
      assert.unreachable(uri);
    } catch (error) {
      assert.is((error as ResponseError).code, -32002, uri);
    }
  }
});

handshake('a uri that is not a string is -32602', async () => {
  for (const params of [{}, { uri: 1 }, { uri: null }]) {
    assert.equal(await new DocsServer().handle(request(1, 'resources/read', params)), {
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32602, message: 'uri must be a string.' },
    });
  }
});

handshake(
  'a ProtocolError from a read passes through; another error is -32603, logged',
  async () => {
    const Denied = defineResourceTemplate({
      uriTemplate: 'secret://{id}',
      name: 'secret',
      read: ({ id }) => {
        if (id === 'denied') throw new ProtocolError(-32001, 'Not yours.', { id });
        throw new Error('disk on fire');
      },
    });
    class Server extends DocsServer {
      override readonly resourceTemplates = templatesByUriTemplate(new Denied());
    }
    const server = new Server();
    assert.equal(await server.handle(request(1, 'resources/read', { uri: 'secret://denied' })), {
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32001, message: 'Not yours.', data: { id: 'denied' } },
    });
    assert.equal(await server.handle(request(2, 'resources/read', { uri: 'secret://other' })), {
      jsonrpc: '2.0',
      id: 2,
      error: { code: -32603, message: 'Internal error' },
    });
    assert.match(String(server.logged[0]), /disk on fire/);
  },
);

handshake('what a read returns that is not contents is -32603, logged with the URI', async () => {
  const outputs: unknown[] = [42, { text: 'a', blob: 'b' }, [{}], [{ text: 'a', mimeType: 1 }]];
  for (const output of outputs) {
    const Bad = defineResource({ uri: 'bad://x', name: 'bad', read: () => output as never });
    class Server extends DocsServer {
      override readonly resources = resourcesByUri(new Bad());
    }
    const server = new Server();
    assert.equal(await server.handle(request(1, 'resources/read', { uri: 'bad://x' })), {
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32603, message: 'Internal error' },
    });
    assert.match(String(server.logged[0]), /bad:\/\/x/);
  }
});

handshake('a read of no contents is not found, in each era as the era says it', async () => {
  const Empty = defineResource({ uri: 'empty://x', name: 'empty', read: () => [] });
  const Hollow = defineResourceTemplate({
    uriTemplate: 'hollow://{name}',
    name: 'hollow',
    read: () => [],
  });
  class Server extends DocsServer {
    override readonly resources = resourcesByUri(new Empty());
    override readonly resourceTemplates = templatesByUriTemplate(new Hollow());
  }
  for (const uri of ['empty://x', 'hollow://y']) {
    assert.equal(await new Server().handle(request(1, 'resources/read', { uri })), {
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32002, message: 'Resource not found', data: { uri } },
    });
    const modern = (await new Server().handle(
      request(2, 'resources/read', { uri, _meta: META }),
    )) as { error?: unknown };
    assert.equal(modern.error, { code: -32602, message: 'Resource not found', data: { uri } });
  }
});

handshake('a blob that is not base64 is -32603, logged with the URI, and never sent', async () => {
  for (const blob of ['not base64!', 'QUJD=', 'QQ=Q', 'QUJDRA']) {
    const Bad = defineResource({ uri: 'bad://blob', name: 'bad', read: () => [{ blob }] });
    class Server extends DocsServer {
      override readonly resources = resourcesByUri(new Bad());
    }
    const server = new Server();
    assert.equal(await server.handle(request(1, 'resources/read', { uri: 'bad://blob' })), {
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32603, message: 'Internal error' },
    });
    assert.match(String(server.logged[0]), /bad:\/\/blob: a part's blob string must be base64/);
  }
});

handshake('a size list() gives that is not a number of bytes is -32603, logged', async () => {
  for (const size of [-1, 1.5, Number.NaN, '3']) {
    const Sized = defineResourceTemplate({
      uriTemplate: 'sized://{name}',
      name: 'sized',
      read: () => '',
      list: () => [{ uri: 'sized://a', name: 'a', size: size as number }],
    });
    class Server extends DocsServer {
      override readonly resourceTemplates = templatesByUriTemplate(new Sized());
    }
    const server = new Server();
    assert.equal(await server.handle(request(1, 'resources/list')), {
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32603, message: 'Internal error' },
    });
    assert.match(String(server.logged[0]), /sized:\/\/a: list\(\) returned a size that is not/);
  }
});

handshake('a read may return several parts, each text or bytes, with its own uri', async () => {
  const Folder = defineResource({
    uri: 'repo://folder',
    name: 'folder',
    mimeType: 'text/plain',
    read: () => [
      'one',
      new Uint8Array([255]),
      { uri: 'repo://folder/a.json', mimeType: 'application/json', text: '{}' },
      { uri: 'repo://folder/b.bin', blob: new Uint8Array([1, 2]), _meta: { x: 1 } },
      { blob: 'AAAA' },
    ],
  });
  class Server extends DocsServer {
    override readonly resources = resourcesByUri(new Folder());
  }
  const client = new TestClient(new Server());
  assert.equal(await client.readResource('repo://folder'), {
    contents: [
      { uri: 'repo://folder', mimeType: 'text/plain', text: 'one' },
      { uri: 'repo://folder', mimeType: 'text/plain', blob: '/w==' },
      { uri: 'repo://folder/a.json', mimeType: 'application/json', text: '{}' },
      { uri: 'repo://folder/b.bin', mimeType: 'text/plain', blob: 'AQI=', _meta: { x: 1 } },
      { uri: 'repo://folder', mimeType: 'text/plain', blob: 'AAAA' },
    ],
  });
});

handshake('resources/subscribe and unsubscribe are not found', async () => {
  for (const method of ['resources/subscribe', 'resources/unsubscribe']) {
    assert.equal(await new DocsServer().handle(request(1, method, { uri: 'repo://readme' })), {
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32601, message: 'Method not found' },
    });
  }
});

handshake('the lists page by pageSize, and refuse a cursor they did not hand out', async () => {
  class Paged extends DocsServer {
    override readonly pageSize = 3;
  }
  const client = new TestClient(new Paged());
  assert.equal(await client.listResources(), [README, LOGO, ...LISTED]);
  assert.equal(await client.listResourceTemplates(), TEMPLATES);
  const first = await client.request('resources/list');
  assert.is(typeof first.nextCursor, 'string');
  for (const method of ['resources/list', 'resources/templates/list']) {
    try {
      await new TestClient(new Paged()).request(method, {
        cursor: first.nextCursor === undefined ? 'x' : `${first.nextCursor}x`,
      });
      assert.unreachable('a cursor of nothing');
    } catch (error) {
      assert.is((error as ResponseError).code, ErrorCode.InvalidParams);
    }
  }
});

handshake('a listed resource whose URI its template does not match is -32603', async () => {
  const Liar = defineResourceTemplate({
    uriTemplate: 'repo://docs/{+path}',
    name: 'liar',
    read: () => 'x',
    list: () => [{ uri: 'elsewhere://a', name: 'a' }],
  });
  class Server extends DocsServer {
    override readonly resourceTemplates = templatesByUriTemplate(new Liar());
  }
  const server = new Server();
  assert.equal(await server.handle(request(1, 'resources/list')), {
    jsonrpc: '2.0',
    id: 1,
    error: { code: -32603, message: 'Internal error' },
  });
  assert.match(String(server.logged[0]), /elsewhere:\/\/a/);
});

handshake('a listed resource keeps its own MIME type; the others get the template’s', async () => {
  const Mixed = defineResourceTemplate({
    uriTemplate: 'files://{name}',
    name: 'files',
    mimeType: 'text/plain',
    read: () => 'x',
    list: () => [
      { uri: 'files://a', name: 'a' },
      { uri: 'files://b', name: 'b', mimeType: 'image/png', size: 3 },
    ],
  });
  class Server extends DocsServer {
    override readonly resources = resourcesByUri();
    override readonly resourceTemplates = templatesByUriTemplate(new Mixed());
  }
  assert.equal(await new TestClient(new Server()).listResources(), [
    { uri: 'files://a', name: 'a', mimeType: 'text/plain' },
    { uri: 'files://b', name: 'b', mimeType: 'image/png', size: 3 },
  ]);
});

const modern = suite('resources, 2026-07-28');

modern('the lists and a read carry the default cache hints', async () => {
  const server = new DocsServer();
  const send = (id: number, method: string, params: object = {}) =>
    server.handle({ jsonrpc: '2.0', id, method, params: { ...params, _meta: META } });
  assert.equal(await send(1, 'resources/list'), {
    jsonrpc: '2.0',
    id: 1,
    result: {
      resultType: 'complete',
      ttlMs: 300_000,
      cacheScope: 'public',
      resources: [README, LOGO, ...LISTED],
      _meta: SI,
    },
  });
  assert.equal(await send(2, 'resources/templates/list'), {
    jsonrpc: '2.0',
    id: 2,
    result: {
      resultType: 'complete',
      ttlMs: 300_000,
      cacheScope: 'public',
      resourceTemplates: TEMPLATES,
      _meta: SI,
    },
  });
  assert.equal(await send(3, 'resources/read', { uri: 'repo://readme' }), {
    jsonrpc: '2.0',
    id: 3,
    result: {
      resultType: 'complete',
      ttlMs: 60_000,
      cacheScope: 'private',
      contents: [{ uri: 'repo://readme', mimeType: 'text/markdown', text: '# Readme' }],
      _meta: SI,
    },
  });
  assert.equal(await send(4, 'server/discover'), {
    jsonrpc: '2.0',
    id: 4,
    result: {
      resultType: 'complete',
      ttlMs: 3_600_000,
      cacheScope: 'public',
      supportedVersions: ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'],
      capabilities: { logging: {}, resources: {}, completions: {} },
      _meta: SI,
    },
  });
});

modern('a URI nothing has is -32602 with data.uri (SEP-2164), with status 200', async () => {
  const client = new TestClient(new DocsServer(), { protocolVersion: V });
  try {
    await client.readResource('repo://missing');
    assert.unreachable('not found');
  } catch (error) {
    const { code, message, data, status } = error as ResponseError;
    assert.equal(
      { code, message, data, status },
      {
        code: -32602,
        message: 'Resource not found',
        data: { uri: 'repo://missing' },
        status: 200,
      },
    );
  }
});

modern('the cache hint is the resource’s or template’s, else the server’s', async () => {
  const FIVE_SECONDS = { ttlMs: 5000, cacheScope: 'private' } as const;
  const Cached = defineResource({
    uri: 'repo://cached',
    name: 'cached',
    cache: { ttlMs: 0, cacheScope: 'public' },
    read: () => 'fresh',
  });
  const CachedDocs = defineResourceTemplate({
    uriTemplate: 'cached://{id}',
    name: 'cached-docs',
    cache: { ttlMs: 1000, cacheScope: 'public' },
    read: ({ id }) => id,
  });
  class Server extends DocsServer {
    override readonly resources = resourcesByUri(new Readme(), new Cached());
    override readonly resourceTemplates = templatesByUriTemplate(new CachedDocs());
    override readonly resourcesCache = FIVE_SECONDS;
  }
  const client = new TestClient(new Server(), { protocolVersion: V });
  const hint = (result: object) => {
    const { ttlMs, cacheScope } = result as { ttlMs?: unknown; cacheScope?: unknown };
    return { ttlMs, cacheScope };
  };
  assert.equal(hint(await client.readResource('repo://cached')), {
    ttlMs: 0,
    cacheScope: 'public',
  });
  assert.equal(hint(await client.readResource('cached://7')), {
    ttlMs: 1000,
    cacheScope: 'public',
  });
  assert.equal(hint(await client.readResource('repo://readme')), FIVE_SECONDS);
  assert.equal(hint(await client.request('resources/list')), FIVE_SECONDS);
  assert.equal(hint(await client.request('resources/templates/list')), FIVE_SECONDS);
  // The handshake era has no cache hints.
  const old = await new TestClient(new Server()).readResource('repo://cached');
  assert.equal(old, { contents: [{ uri: 'repo://cached', text: 'fresh' }] });
});

modern('resources/read needs Mcp-Name equal to the uri, decoded', async () => {
  const client = new TestClient(new DocsServer(), { protocolVersion: V });
  const uri = 'repo://docs/guide/%C3%A9%20t.md';
  const body = { jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri, _meta: META } };
  const headers = { 'mcp-protocol-version': V, 'mcp-method': 'resources/read' };
  const wrong = (await client.send(body, { ...headers, 'mcp-name': 'repo://readme' })) as {
    error: unknown;
    status: number;
  };
  assert.equal(wrong.error, {
    code: -32020,
    message: 'Mcp-Name must equal the uri in the body.',
  });
  assert.is(wrong.status, 400);
  const missing = (await client.send(body, headers)) as { error: { code: number } };
  assert.is(missing.error.code, -32020);
  // The test client sends it, so a read works.
  assert.equal((await client.readResource(uri)).contents, [
    { uri, mimeType: 'text/markdown', text: '# Accents' },
  ]);
});

modern('resources/subscribe is not found, a 404', async () => {
  const client = new TestClient(new DocsServer(), { protocolVersion: V });
  try {
    await client.request('resources/subscribe', { uri: 'repo://readme' });
    assert.unreachable('found');
  } catch (error) {
    assert.is((error as ResponseError).code, -32601);
    assert.is((error as ResponseError).status, 404);
  }
});

const bases = suite('resource base classes');

bases('a read gets the request’s scope; a template its variables and the URI', async () => {
  const seen: unknown[] = [];
  const Who = defineResource({
    uri: 'who://me',
    name: 'me',
    read: (scope) => {
      seen.push(scope.era);
      return 'me';
    },
  });
  const Query = defineResourceTemplate({
    uriTemplate: 'search://{index}{?q,limit}',
    name: 'search',
    read: (variables, uri, scope) => {
      seen.push(variables, uri, scope.protocolVersion);
      return 'found';
    },
  });
  class Server extends DocsServer {
    override readonly resources = resourcesByUri(new Who());
    override readonly resourceTemplates = templatesByUriTemplate(new Query());
  }
  const client = new TestClient(new Server(), { protocolVersion: V });
  await client.readResource('who://me');
  await client.readResource('search://docs?q=a%26b');
  assert.equal(seen, ['modern', { index: 'docs', q: 'a&b' }, 'search://docs?q=a%26b', V]);
});

bases('complete() is the template’s, for completion/complete', async () => {
  const docs = new Docs();
  assert.equal(await docs.complete?.('path', 'guide/i', { arguments: {} }), ['guide/intro.md']);
  assert.is(new Anything().complete, undefined);
  const server = new DocsServer();
  assert.is(
    server.resourceTemplates.get('repo://docs/{+path}'),
    server.resourceTemplates.get(docs.uriTemplate),
  );
});

bases('a definition is built once per class, and frozen', () => {
  const first = new Readme().definition();
  assert.is(new Readme().definition(), first);
  assert.ok(Object.isFrozen(first) && Object.isFrozen(first.icons));
  assert.is(new Docs().definition(), new Docs().definition());
});

bases('mistakes are refused where the server is built', () => {
  const NoScheme = defineResource({ uri: 'readme.md', name: 'readme', read: () => '' });
  assert.throws(() => resourcesByUri(new NoScheme()), /uri must be a URI with a scheme/);
  const NoName = defineResource({ uri: 'a://b', name: '', read: () => '' });
  assert.throws(() => resourcesByUri(new NoName()), /name must be a non-empty string/);
  for (const size of [-1, 1.5]) {
    const BadSize = defineResource({ uri: 'a://c', name: 'c', size, read: () => '' });
    assert.throws(() => resourcesByUri(new BadSize()), /size must be a number of bytes/);
  }
  assert.throws(
    () => resourcesByUri(new Readme(), new Readme()),
    /two resources have the URI repo:\/\/readme/,
  );
  const Malformed = defineResourceTemplate({ uriTemplate: 'a://{b', name: 'b', read: () => '' });
  assert.throws(() => templatesByUriTemplate(new Malformed()), /invalid URI template/);
  const Level4 = defineResourceTemplate({ uriTemplate: 'a://{b*}', name: 'b', read: () => '' });
  assert.throws(() => templatesByUriTemplate(new Level4()), /level 4/);
  assert.throws(() => templatesByUriTemplate(new Docs(), new Docs()), /two templates are/);
  class File extends MCPResourceBase {
    readonly name = 'file';
    constructor(readonly uri: string) {
      super();
    }
    read() {
      return '';
    }
  }
  assert.throws(
    () => resourcesByUri(new File('file:///a'), new File('file:///b')),
    /one class per resource/,
  );
  class Pattern extends MCPResourceTemplateBase {
    readonly name = 'pattern';
    constructor(readonly uriTemplate: string) {
      super();
    }
    read() {
      return '';
    }
  }
  assert.throws(
    () => templatesByUriTemplate(new Pattern('a://{x}'), new Pattern('b://{x}')),
    /one class per template/,
  );
});

bases('encodeBase64 is base64, at every length, past its chunks too', () => {
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 20_000 }), (bytes) => {
      assert.is(encodeBase64(bytes), Buffer.from(bytes).toString('base64'));
    }),
    { numRuns: 200 },
  );
  const big = new Uint8Array(3 * 0x2000 + 7).map((_, i) => i % 251);
  assert.is(encodeBase64(big), Buffer.from(big).toString('base64'));
});

bases('contents() reads with a scope made by hand', async () => {
  assert.equal(await new Readme().contents(new RequestScope()), [
    { uri: 'repo://readme', mimeType: 'text/markdown', text: '# Readme' },
  ]);
  assert.is(await new Docs().contents('repo://other', new RequestScope()), undefined);
});

handshake.run();
modern.run();
bases.run();
