// Questions across processes on a real redis-server: two endpoints, each with its own Redis bus
// (its own connections, as two replicas have), the question asked through one and its answer
// POSTed to the other. Skipped, saying so, without redis-server.
import { createServer, type Server } from 'node:http';
import { createClient } from 'redis';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createHttpHandler, nodeListener } from '../src/http.js';
import { defineTool, MCPServerBase, questionsOn, toolsByName } from '../src/index.js';
import { redisBus } from '../src/redis.js';
import { type RedisServer, skipWithoutRedis, startRedisServer } from './redis-server.js';

const NO_REDIS = skipWithoutRedis('questions-redis.test.ts');

const Confirm = defineTool({
  name: 'confirm',
  title: 'Confirm',
  description: 'Asks for a confirmation.',
  argumentsSchema: { type: 'object' },
  async run(_args, scope) {
    const answer = await scope.elicit('confirm', {
      message: 'Go on?',
      requestedSchema: {
        type: 'object',
        properties: { go: { type: 'boolean' } },
        required: ['go'],
      },
    });
    return answer.action === 'accept' ? `go=${answer.content.go}` : answer.action;
  },
});

interface Replica {
  url: string;
  close(): Promise<void>;
}

async function replica(url: string): Promise<Replica> {
  const client = createClient({ url });
  client.on('error', () => {});
  await client.connect();
  const subscriber = client.duplicate();
  await subscriber.connect();
  const questions = questionsOn(redisBus(client, subscriber, { channelPrefix: 'test:' }), {
    ackTimeoutMs: 500,
  });
  class Asking extends MCPServerBase {
    readonly name = 'asking';
    override readonly questions = questions;
    override readonly tools = toolsByName(new Confirm());
    serverInfo() {
      return { version: '1.0.0' };
    }
  }
  const server: Server = createServer(nodeListener(createHttpHandler(() => new Asking())));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}/mcp`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      client.destroy();
      subscriber.destroy();
    },
  };
}

const HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2025-11-25',
  authorization: 'Bearer dana',
};

const post = (url: string, body: object, headers: Record<string, string> = HEADERS) =>
  fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });

// The SSE events of an answer, as they come.
function events(response: Response) {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  return async (): Promise<any> => {
    while (!buffer.includes('\n\n')) {
      const { value, done } = await reader.read();
      if (done) throw new Error('the stream ended');
      buffer += value;
    }
    const event = buffer.slice(0, buffer.indexOf('\n\n'));
    buffer = buffer.slice(event.length + 2);
    return JSON.parse(event.slice(event.indexOf('data: ') + 6));
  };
}

const redis = suite<{ server: RedisServer; one: Replica; two: Replica }>(
  'questions over a Redis bus',
  { server: undefined as never, one: undefined as never, two: undefined as never },
);

redis.before(async (context) => {
  if (NO_REDIS) return;
  context.server = await startRedisServer();
  context.one = await replica(context.server.url);
  context.two = await replica(context.server.url);
});

redis.after(async ({ server, one, two }) => {
  if (NO_REDIS) return;
  await Promise.all([one.close(), two.close()]);
  await server.close();
});

redis(
  'an answer POSTed to the other replica reaches the tool; a replay and a stranger do not',
  async ({ one, two }) => {
    if (NO_REDIS) return;
    // The handshake on one replica, the call on the other: what the client declared comes with
    // it, in the session id it was given.
    const shaken = await post(two.url, {
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        capabilities: { elicitation: {} },
        clientInfo: { name: 'raw', version: '1.0.0' },
      },
    });
    await shaken.text();
    const session = shaken.headers.get('mcp-session-id') ?? '';
    const call = await post(
      one.url,
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'confirm', arguments: {} } },
      { ...HEADERS, 'mcp-session-id': session },
    );
    const next = events(call);
    const question = await next();
    assert.is(question.method, 'elicitation/create');
    const answer = {
      jsonrpc: '2.0',
      id: question.id,
      result: { action: 'accept', content: { go: true } },
    };
    const stranger = await post(two.url, answer, { ...HEADERS, authorization: 'Bearer eve' });
    assert.is(stranger.status, 404);
    assert.is((await post(two.url, answer)).status, 202);
    assert.equal((await next()).result.content, [{ type: 'text', text: 'go=true' }]);
    assert.is((await post(two.url, answer)).status, 404);
    assert.is((await post(one.url, answer)).status, 404);
  },
);

redis.run();
