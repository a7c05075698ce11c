// Prompts and completion over real HTTP, through the official TypeScript SDK's clients: the 1.x
// Client in the handshake era, and the 2.x Client pinned to 2026-07-28.
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
import { definePrompt, MCPServerBase, promptsByName } from '../src/index.js';

const CITIES = ['Oslo', 'Osaka', 'Ottawa', 'Paris'];

const Trip = definePrompt({
  name: 'plan_trip',
  title: 'Plan a trip',
  description: 'Asks for a plan of a trip to a city.',
  argumentsSchema: {
    type: 'object',
    properties: {
      city: { type: 'string', description: 'Where to.' },
      days: { type: 'string', description: 'How many days.' },
    },
    required: ['city'],
  },
  get: ({ city, days }) => ({
    description: `A trip to ${city}`,
    messages: [
      { role: 'user', content: { type: 'text', text: `Plan ${days ?? 'a few'} days in ${city}.` } },
    ],
  }),
  complete: (name, value) =>
    name === 'city' ? CITIES.filter((city) => city.startsWith(value)) : [],
});

class TripServer extends MCPServerBase {
  readonly name = 'trips';
  override readonly prompts = promptsByName(new Trip());
  serverInfo() {
    return { name: 'trips', version: '1.0.0' };
  }
  override instructions() {
    return 'Prompts for planning trips.';
  }
}

const clients = suite<{ http: Server; url: URL }>('prompts, with the SDK clients', {
  http: undefined as never,
  url: undefined as never,
});

clients.before(async (context) => {
  context.http = createServer(nodeListener(createHttpHandler(() => new TripServer())));
  await new Promise<void>((resolve) => context.http.listen(0, '127.0.0.1', resolve));
  const { port } = context.http.address() as AddressInfo;
  context.url = new URL(`http://127.0.0.1:${port}/mcp`);
});

clients.after(async ({ http }) => {
  http.closeAllConnections();
  await new Promise((resolve) => http.close(resolve));
});

const LISTED = [
  {
    name: 'plan_trip',
    title: 'Plan a trip',
    description: 'Asks for a plan of a trip to a city.',
    arguments: [
      { name: 'city', description: 'Where to.', required: true },
      { name: 'days', description: 'How many days.', required: false },
    ],
  },
];

const MESSAGES = [{ role: 'user', content: { type: 'text', text: 'Plan 3 days in Oslo.' } }];

clients('1.x Client (handshake era): list, get, complete', async ({ url }) => {
  const client = new Client({ name: 'prompts-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(url));
  try {
    assert.equal(client.getServerCapabilities(), { logging: {}, prompts: {}, completions: {} });
    assert.equal((await client.listPrompts()).prompts, LISTED);
    const trip = await client.getPrompt({
      name: 'plan_trip',
      arguments: { city: 'Oslo', days: '3' },
    });
    assert.equal(trip, { description: 'A trip to Oslo', messages: MESSAGES });
    const completed = await client.complete({
      ref: { type: 'ref/prompt', name: 'plan_trip' },
      argument: { name: 'city', value: 'O' },
    });
    assert.equal(completed.completion, {
      values: ['Oslo', 'Osaka', 'Ottawa'],
      total: 3,
      hasMore: false,
    });
    try {
      await client.getPrompt({ name: 'plan_trip', arguments: {} });
      assert.unreachable('a missing argument must be an error');
    } catch (error) {
      assert.is((error as { code?: number }).code, -32602);
      assert.match(String(error), /invalid arguments for prompt plan_trip: city: is required/);
    }
  } finally {
    await client.close();
  }
});

clients('2.x Client pinned to 2026-07-28: list, get (Mcp-Name), complete', async ({ url }) => {
  const client = new ModernClient(
    { name: 'prompts-test', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  await client.connect(new ModernTransport(url));
  try {
    assert.is(client.getNegotiatedProtocolVersion(), '2026-07-28');
    assert.equal((await client.listPrompts()).prompts, LISTED);
    const trip = await client.getPrompt({
      name: 'plan_trip',
      arguments: { city: 'Oslo', days: '3' },
    });
    assert.equal(trip.messages, MESSAGES);
    assert.is(trip.description, 'A trip to Oslo');
    const completed = await client.complete({
      ref: { type: 'ref/prompt', name: 'plan_trip' },
      argument: { name: 'city', value: 'Os' },
    });
    assert.equal(completed.completion.values, ['Oslo', 'Osaka']);
    try {
      await client.getPrompt({ name: 'no_such_prompt' });
      assert.unreachable('an unknown prompt must be an error');
    } catch (error) {
      assert.match(String(error), /Unknown prompt: no_such_prompt/);
    }
  } finally {
    await client.close();
  }
});

clients.run();
