// Input requests over real HTTP, through the official TypeScript SDK's clients: the 2.x Client
// pinned to 2026-07-28 answers input_required with its own elicitation and roots handlers, and
// calls again, round after round; the 1.x Client (handshake era) cannot be asked.
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
import { bearerToken, createHttpHandler, nodeListener } from '../src/http.js';
import { defineTool, MCPServerBase, toolsByName } from '../src/index.js';

const Book = defineTool({
  name: 'book_table',
  title: 'Book a table',
  description: 'Books a table: asks who for, then confirms, in two rounds.',
  readOnly: false,
  argumentsSchema: {
    type: 'object',
    properties: { restaurant: { type: 'string' } },
    required: ['restaurant'],
  },
  async run({ restaurant }, scope) {
    const guest = await scope.elicit('guest', {
      message: `Who is the table at ${restaurant} for?`,
      requestedSchema: {
        type: 'object',
        properties: { name: { type: 'string' }, seats: { type: 'integer', minimum: 1 } },
        required: ['name', 'seats'],
      },
    });
    if (guest.action !== 'accept') return 'No table booked.';
    const [confirm, roots] = await Promise.all([
      scope.elicit('confirm', {
        message: `Book ${guest.content.seats} seats for ${guest.content.name}?`,
        requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } },
      }),
      scope.listRoots(),
    ]);
    const ok = confirm.action === 'accept' && confirm.content.ok === true;
    return ok
      ? `Booked ${restaurant} for ${guest.content.name} (${guest.content.seats}); receipt in ${roots[0]?.uri}.`
      : 'No table booked.';
  },
});

class BookingServer extends MCPServerBase {
  readonly name = 'booking';
  override readonly tools = toolsByName(new Book());
  override readonly requestStateKey = 'the key of the booking tests, 32 bytes or more';
  constructor(override readonly principalId: string | undefined) {
    super();
  }
  serverInfo() {
    return { name: 'booking', version: '1.0.0' };
  }
  override instructions() {
    return 'Books tables.';
  }
}

const clients = suite<{ http: Server; url: URL }>('input requests, with the SDK clients', {
  http: undefined as never,
  url: undefined as never,
});

clients.before(async (context) => {
  const handler = createHttpHandler<string | undefined>(
    ({ principal }) => new BookingServer(principal),
    {
      authorize: (request) => bearerToken(request.headers),
    },
  );
  context.http = createServer(nodeListener(handler));
  await new Promise<void>((resolve) => context.http.listen(0, '127.0.0.1', resolve));
  const { port } = context.http.address() as AddressInfo;
  context.url = new URL(`http://127.0.0.1:${port}/mcp`);
});

clients.after(async ({ http }) => {
  http.closeAllConnections();
  await new Promise((resolve) => http.close(resolve));
});

function modernClient(url: URL, token: string) {
  const client = new ModernClient(
    { name: 'booking-test', version: '1.0.0' },
    {
      versionNegotiation: { mode: { pin: '2026-07-28' } },
      capabilities: { elicitation: {}, roots: {} },
    },
  );
  const transport = new ModernTransport(url, {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  });
  return { client, transport };
}

clients('2.x Client pinned to 2026-07-28: elicitation and roots, three rounds', async ({ url }) => {
  const { client, transport } = modernClient(url, 'ada');
  const asked: string[] = [];
  client.setRequestHandler('elicitation/create', async (request) => {
    asked.push(request.params.message);
    return 'requestedSchema' in request.params &&
      'seats' in (request.params.requestedSchema.properties ?? {})
      ? { action: 'accept', content: { name: 'Ada', seats: 2 } }
      : { action: 'accept', content: { ok: true } };
  });
  client.setRequestHandler('roots/list', async () => ({
    roots: [{ uri: 'file:///home/ada', name: 'home' }],
  }));
  await client.connect(transport);
  try {
    assert.is(client.getNegotiatedProtocolVersion(), '2026-07-28');
    const result = await client.callTool({
      name: 'book_table',
      arguments: { restaurant: 'Chez Nous' },
    });
    assert.equal(result.content, [
      {
        type: 'text',
        text: 'Booked Chez Nous for Ada (2); receipt in file:///home/ada.',
      },
    ]);
    assert.equal(asked, ['Who is the table at Chez Nous for?', 'Book 2 seats for Ada?']);
  } finally {
    await client.close();
  }
});

clients('2.x Client: a declined form ends the call', async ({ url }) => {
  const { client, transport } = modernClient(url, 'eve');
  client.setRequestHandler('elicitation/create', async () => ({ action: 'decline' }));
  await client.connect(transport);
  try {
    const result = await client.callTool({ name: 'book_table', arguments: { restaurant: 'X' } });
    assert.equal(result.content, [{ type: 'text', text: 'No table booked.' }]);
  } finally {
    await client.close();
  }
});

clients("2.x Client: another caller's requestState is refused", async ({ url }) => {
  // Rounds 1 and 2 as ada, by hand; the state of round 2 replayed by eve.
  const post = (token: string, params: object) =>
    fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        authorization: `Bearer ${token}`,
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/call',
        'mcp-name': 'book_table',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: {
          name: 'book_table',
          arguments: { restaurant: 'Y' },
          ...params,
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientCapabilities': { elicitation: {}, roots: {} },
          },
        },
      }),
    }).then((response) => response.json());
  const guest = { action: 'accept', content: { name: 'Ada', seats: 2 } };
  const first = await post('ada', {});
  const second = await post('ada', {
    inputResponses: { guest },
    requestState: first.result.requestState,
  });
  assert.equal(Object.keys(second.result.inputRequests), ['confirm', 'roots']);
  const answers = {
    confirm: { action: 'accept', content: { ok: true } },
    roots: { roots: [{ uri: 'file:///home/eve' }] },
  };
  const replayed = await post('eve', {
    requestState: second.result.requestState,
    inputResponses: answers,
  });
  assert.equal(replayed.error, {
    code: -32602,
    message: 'requestState is not valid for this request.',
  });
  const own = await post('ada', {
    requestState: second.result.requestState,
    inputResponses: answers,
  });
  assert.match(own.result.content[0].text, /^Booked Y for Ada \(2\)/);
});

clients('1.x Client (handshake era): the tool cannot ask, and says why', async ({ url }) => {
  const client = new Client(
    { name: 'booking-test', version: '1.0.0' },
    { capabilities: { elicitation: {} } },
  );
  await client.connect(
    new StreamableHTTPClientTransport(url, {
      requestInit: { headers: { authorization: 'Bearer ada' } },
    }),
  );
  try {
    const result = await client.callTool({ name: 'book_table', arguments: { restaurant: 'Z' } });
    assert.equal(result, {
      content: [
        {
          type: 'text',
          text: 'This request needs elicitation/create, which a client answers in protocol 2026-07-28 only.',
        },
      ],
      isError: true,
    });
  } finally {
    await client.close();
  }
});

clients.run();
