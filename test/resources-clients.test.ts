// Resources over real HTTP, through the official clients: the SDK 1.x Client (handshake era) and
// @modelcontextprotocol/client 2.x pinned to 2026-07-28. Each lists the resources and templates,
// and reads a text, a binary and a templated resource, and a URI nothing has.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernTransport,
} from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createHttpHandler, nodeListener } from '../src/http.js';
import {
  defineResource,
  defineResourceTemplate,
  MCPServerBase,
  resourcesByUri,
  templatesByUriTemplate,
} from '../src/index.js';

const NOTES = new Map([
  ['todo', 'Buy milk.'],
  ['ideas/é', 'An idea with an accent.'],
]);

const Readme = defineResource({
  uri: 'notes://readme',
  name: 'readme',
  title: 'README',
  mimeType: 'text/markdown',
  read: () => '# Notes',
});

const Pixel = defineResource({
  uri: 'notes://pixel.png',
  name: 'pixel',
  mimeType: 'image/png',
  read: () => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
});

const Note = defineResourceTemplate({
  uriTemplate: 'notes://note/{+name}',
  name: 'note',
  mimeType: 'text/plain',
  read: ({ name }) => NOTES.get(name),
  list: () => [...NOTES.keys()].map((name) => ({ uri: `notes://note/${encodeURI(name)}`, name })),
});

class NotesServer extends MCPServerBase {
  readonly name = 'notes';
  override readonly resources = resourcesByUri(new Readme(), new Pixel());
  override readonly resourceTemplates = templatesByUriTemplate(new Note());
  serverInfo() {
    return { name: 'notes', version: '1.0.0' };
  }
  override instructions() {
    return 'Read the notes.';
  }
}

const RESOURCES = [
  { uri: 'notes://readme', name: 'readme', title: 'README', mimeType: 'text/markdown' },
  { uri: 'notes://pixel.png', name: 'pixel', mimeType: 'image/png' },
  { uri: 'notes://note/todo', name: 'todo', mimeType: 'text/plain' },
  { uri: 'notes://note/ideas/%C3%A9', name: 'ideas/é', mimeType: 'text/plain' },
];
const TEMPLATES = [{ uriTemplate: 'notes://note/{+name}', name: 'note', mimeType: 'text/plain' }];

// What every client does: the same calls, the same answers, in either era.
interface AnyClient {
  listResources(): Promise<{ resources: unknown[] }>;
  listResourceTemplates(): Promise<{ resourceTemplates: unknown[] }>;
  readResource(params: { uri: string }): Promise<{ contents: unknown[] }>;
}

async function exercise(client: AnyClient, notFound: number) {
  assert.equal((await client.listResources()).resources, RESOURCES);
  assert.equal((await client.listResourceTemplates()).resourceTemplates, TEMPLATES);
  assert.equal((await client.readResource({ uri: 'notes://readme' })).contents, [
    { uri: 'notes://readme', mimeType: 'text/markdown', text: '# Notes' },
  ]);
  assert.equal((await client.readResource({ uri: 'notes://pixel.png' })).contents, [
    { uri: 'notes://pixel.png', mimeType: 'image/png', blob: 'iVBORw0KGgo=' },
  ]);
  const accented = 'notes://note/ideas/%C3%A9';
  assert.equal((await client.readResource({ uri: accented })).contents, [
    { uri: accented, mimeType: 'text/plain', text: 'An idea with an accent.' },
  ]);
  try {
    await client.readResource({ uri: 'notes://note/nothing' });
    assert.unreachable('a note that does not exist');
  } catch (error) {
    assert.is((error as { code?: number }).code, notFound);
  }
}

const clients = suite<{ server: Server; url: string }>('resources, with the official clients', {
  server: undefined as never,
  url: '',
});

clients.before(async (context) => {
  context.server = createServer(nodeListener(createHttpHandler(() => new NotesServer())));
  await new Promise<void>((resolve) => context.server.listen(0, '127.0.0.1', resolve));
  context.url = `http://127.0.0.1:${(context.server.address() as AddressInfo).port}/mcp`;
});

clients.after(async ({ server }) => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

clients('the SDK 1.x client, in the handshake era', async ({ url }) => {
  const client = new Client({ name: 'resources-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  try {
    assert.equal(client.getServerCapabilities(), { logging: {}, resources: {} });
    await exercise(client, -32002);
  } finally {
    await client.close();
  }
});

clients('the 2.x client, pinned to 2026-07-28', async ({ url }) => {
  const client = new ModernClient(
    { name: 'resources-test', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  await client.connect(new ModernTransport(new URL(url)));
  try {
    assert.is(client.getNegotiatedProtocolVersion(), '2026-07-28');
    await exercise(client as unknown as AnyClient, -32602);
  } finally {
    await client.close();
  }
});

clients.run();
