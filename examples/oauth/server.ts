// A notes server as an OAuth 2.1 resource server, on node:http: its protected resource metadata
// (RFC 9728) at /.well-known/oauth-protected-resource/mcp, JWT access tokens verified with jose
// (verify-jwt.ts), and a tool that needs one scope more than reading does.
//
//   npx tsx examples/oauth/server.ts
//
// With AUTHORIZATION_SERVER (an issuer URL) it trusts that authorization server; without, it
// starts a local development one (authorization-server.ts). PORT from the environment (3000).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { defineTool, MCPServerBase, toolsByName } from 'mcp-protocol-core';
import { createHttpHandler, nodeListener, protectedResourceMetadata } from 'mcp-protocol-core/http';
import { startAuthorizationServer } from './authorization-server.js';
import { discoverJwksUri, jwtAuthorizer } from './verify-jwt.js';

const notes: string[] = ['Welcome to the notes server.'];

const ReadNotes = defineTool({
  name: 'read_notes',
  title: 'Read the notes',
  description: 'Every note, one a line.',
  readOnly: true,
  openWorld: false,
  argumentsSchema: { type: 'object' },
  run: () => notes.join('\n'),
});

// Listed, and called, only with an access token that grants notes:write.
const AddNote = defineTool({
  name: 'add_note',
  title: 'Add a note',
  description: 'Adds a note.',
  readOnly: false,
  destructive: false,
  openWorld: false,
  requiredScopes: ['notes:write'],
  argumentsSchema: {
    type: 'object',
    properties: { text: { type: 'string', minLength: 1 } },
    required: ['text'],
  },
  run: ({ text }) => {
    notes.push(text);
    return `Added note ${notes.length}.`;
  },
});

class NotesServer extends MCPServerBase {
  readonly name = 'notes';
  override readonly tools = toolsByName(new ReadNotes(), new AddNote());
  serverInfo() {
    return { name: 'notes', version: '1.0.0' };
  }
  override instructions() {
    return 'read_notes reads the notes; add_note adds one (it needs the scope notes:write).';
  }
}

/** Where the authorization server is, and its keys. */
export interface Trust {
  issuer: string;
  jwksUri: string;
}

/** Serve the notes server on 127.0.0.1 at /mcp; resolves when it listens. */
export async function startNotesServer(trust: Trust, port = 3000) {
  const http = createServer();
  await new Promise<void>((resolve) => http.listen(port, '127.0.0.1', resolve));
  // The canonical URI, as clients reach it: the audience its tokens must name.
  const resource = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
  const metadata = protectedResourceMetadata({
    resource,
    authorizationServers: [trust.issuer],
    scopesSupported: ['notes:read'],
    resourceName: 'Notes',
  });
  const authorize = jwtAuthorizer({ ...trust, resource, requiredScopes: ['notes:read'] });
  const mcp = createHttpHandler(() => new NotesServer(), { authorize, resourceMetadata: metadata });
  const routes = new Map([
    [metadata.path, nodeListener(metadata)],
    ['/mcp', nodeListener(mcp)],
  ]);
  http.on('request', (request, response) => {
    const route = routes.get(new URL(request.url ?? '/', resource).pathname);
    if (route !== undefined) void route(request, response);
    else response.writeHead(404).end();
  });
  const close = () =>
    new Promise<void>((resolve) => {
      http.close(() => resolve());
      http.closeAllConnections();
    });
  return { url: resource, metadata, close };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const issuer = process.env.AUTHORIZATION_SERVER;
  const local = issuer === undefined ? await startAuthorizationServer() : undefined;
  const trust = local ?? { issuer: issuer!, jwksUri: await discoverJwksUri(issuer!) };
  const { url, metadata } = await startNotesServer(trust, Number(process.env.PORT ?? 3000));
  console.log(`Notes server: ${url}\nIts metadata: ${metadata.url}`);
  console.log(`Authorization server: ${trust.issuer}${local ? ' (local, development only)' : ''}`);
}
