// The demo's input requests over real HTTP, through the official clients: summarise_document asks
// the 2.x Client's LLM for a summary (sampling), clear_log asks the person for a confirmation
// (elicitation), each answered by the client's own handler and called again (2026-07-28); in the
// handshake era clear_log asks the v1 Client on the call's SSE answer (demo-questions.test.ts).
// A client that cannot be asked gets the first paragraph, or a tool error naming what is needed.
import { readFileSync } from 'node:fs';
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
type Text = { type: string; text: string }[];

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const onDisk = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const STAFF = { Authorization: 'Bearer staff-secret' };

/** One POST a client sent: its method, and its params. */
interface Sent {
  method: string;
  params: Record<string, unknown>;
}

/** A fetch that notes what the client sends. */
function recording(sent: Sent[]) {
  return (input: string | URL | Request, init?: RequestInit) => {
    if (typeof init?.body === 'string') {
      const { method, params } = JSON.parse(init.body);
      sent.push({ method, params });
    }
    return fetch(input, init);
  };
}

function modern(
  url: string,
  capabilities: Record<string, object>,
  sent: Sent[] = [],
  headers: Record<string, string> = {},
) {
  const client = new ModernClient(
    { name: 'demo-input-test', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } }, capabilities },
  );
  const transport = new ModernTransport(new URL(url), {
    fetch: recording(sent),
    requestInit: { headers },
  });
  return { client, transport };
}

async function handshake(url: string, headers: Record<string, string> = {}) {
  const client = new Client({ name: 'demo-input-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }),
  );
  return client;
}

const textOf = (result: object) => (result as { content: Text }).content[0]!.text;

const input = suite<{ demo: Demo }>('the demo: input requests, with the SDK clients', {
  demo: undefined as never,
});

input.before(async (context) => {
  context.demo = await startDemo({ port: 0, token: 'staff-secret' });
});

input.after(async ({ demo }) => {
  await demo.close();
});

input(
  'summarise_document: the 2.x Client samples the summary with its handler',
  async ({ demo }) => {
    const sent: Sent[] = [];
    const { client, transport } = modern(`${demo.base}/mcp`, { sampling: {} }, sent);
    const asked: { systemPrompt?: string; messages: { content: unknown }[]; maxTokens: number }[] =
      [];
    client.setRequestHandler('sampling/createMessage', async (request) => {
      asked.push(request.params as never);
      return {
        role: 'assistant',
        content: { type: 'text', text: 'It names the version of the package.' },
        model: 'test-model',
        stopReason: 'endTurn',
      };
    });
    await client.connect(transport);
    try {
      const result = await client.callTool({
        name: 'summarise_document',
        arguments: { path: 'src/version.ts' },
      });
      assert.equal(result.content, [
        {
          type: 'text',
          text: 'It names the version of the package.\n\n(A summary of src/version.ts by test-model.)',
        },
      ]);
      // The LLM was given the whole document, as it is on disk.
      assert.is(asked.length, 1);
      const [message] = asked[0]!.messages;
      const { text } = message!.content as { text: string };
      assert.ok(text.endsWith(`\n\n${onDisk('src/version.ts')}`), text);
      assert.is(asked[0]!.maxTokens, 400);
      // Two rounds: the call, then the call again with the sampled message.
      const calls = sent.filter((one) => one.method === 'tools/call');
      assert.is(calls.length, 2);
      assert.is(calls[0]!.params.inputResponses, undefined);
      assert.equal((calls[1]!.params.inputResponses as { summary: object }).summary, {
        role: 'assistant',
        content: { type: 'text', text: 'It names the version of the package.' },
        model: 'test-model',
        stopReason: 'endTurn',
      });
      // The second round carries the signed state of the first, which names what was asked.
      assert.type(calls[1]!.params.requestState, 'string');
    } finally {
      await client.close();
    }
  },
);

input('summarise_document, no one to sample: the first paragraph, and why', async ({ demo }) => {
  // README.md's first paragraph: its first block of lines that is not a heading.
  const paragraph = onDisk('README.md')
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .find((block) => !block.startsWith('#'))!;
  const expected = `${paragraph}\n\n(The first paragraph of README.md: this client cannot be asked for a summary, which needs sampling.)`;
  const old = await handshake(`${demo.base}/mcp`);
  try {
    const result = await old.callTool({
      name: 'summarise_document',
      arguments: { path: 'README.md' },
    });
    assert.equal(result.content, [{ type: 'text', text: expected }]);
  } finally {
    await old.close();
  }
  const { client, transport } = modern(`${demo.base}/mcp`, {});
  await client.connect(transport);
  try {
    const result = await client.callTool({
      name: 'summarise_document',
      arguments: { path: 'README.md' },
    });
    assert.equal(result.content, [{ type: 'text', text: expected }]);
  } finally {
    await client.close();
  }
});

// The numbers of the log's entries, newest first.
async function logNumbers(demo: Demo): Promise<number[]> {
  const client = await handshake(`${demo.base}/operations/mcp`, STAFF);
  try {
    const [log] = (await client.readResource({ uri: 'operations://log' })).contents;
    return Array.from(String((log as { text: string }).text).matchAll(/^#(\d+) /gm), (match) =>
      Number(match[1]),
    );
  } finally {
    await client.close();
  }
}

input(
  'clear_log in the handshake era, a client without elicitation: a tool error',
  async ({ demo }) => {
    const client = await handshake(`${demo.base}/operations/mcp`, STAFF);
    try {
      const { tools } = await client.listTools();
      const clear = tools.find((tool) => tool.name === 'clear_log')!;
      assert.equal(clear.annotations, {
        readOnlyHint: false,
        destructiveHint: true,
        idempotentHint: false,
        openWorldHint: false,
        title: 'Clear the request log',
      });
      // The v1 client declared no elicitation in its initialize, which its session id carries:
      // it is not asked, and the LLM reads why.
      const result = await client.callTool({ name: 'clear_log', arguments: {} });
      assert.equal(result, {
        content: [
          {
            type: 'text',
            text: 'This request needs elicitation/create, which its client did not declare in its initialize.',
          },
        ],
        isError: true,
      });
    } finally {
      await client.close();
    }
    // Nothing was cleared: the first request is still there.
    assert.is((await logNumbers(demo)).at(-1), 1);
  },
);

input('clear_log in 2026-07-28 without elicitation: -32021, nothing cleared', async ({ demo }) => {
  const { client, transport } = modern(`${demo.base}/operations/mcp`, {}, [], STAFF);
  await client.connect(transport);
  try {
    await client.callTool({ name: 'clear_log', arguments: {} });
    assert.unreachable('a client that cannot be asked cannot confirm');
  } catch (error) {
    assert.is((error as { code?: number }).code, -32021);
  } finally {
    await client.close();
  }
  assert.is((await logNumbers(demo)).at(-1), 1);
});

input('clear_log, declined in the form: nothing cleared', async ({ demo }) => {
  const { client, transport } = modern(
    `${demo.base}/operations/mcp`,
    { elicitation: {} },
    [],
    STAFF,
  );
  client.setRequestHandler('elicitation/create', async () => ({ action: 'decline' }));
  await client.connect(transport);
  try {
    const result = await client.callTool({ name: 'clear_log', arguments: {} });
    assert.is(textOf(result), 'Nothing was cleared.');
  } finally {
    await client.close();
  }
  assert.is((await logNumbers(demo)).at(-1), 1);
});

// One 2026-07-28 tools/call to the operations server, as any client may send it.
async function callOperations(
  demo: Demo,
  params: Record<string, unknown>,
  headers: Record<string, string> = STAFF,
): Promise<any> {
  const response = await fetch(`${demo.base}/operations/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': 'clear_log',
      ...headers,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: {
        name: 'clear_log',
        arguments: {},
        ...params,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientCapabilities': { elicitation: {} },
        },
      },
    }),
  });
  return response.json();
}

const CONFIRMED = { confirm: { action: 'accept', content: { clear: true } } };
const upToOf = (result: any) =>
  Number(/up to request #(\d+)\?/.exec(result.inputRequests.confirm.params.message)![1]);

input(
  'clear_log: a confirmation sent before any form was shown clears nothing',
  async ({ demo }) => {
    const { result } = await callOperations(demo, { inputResponses: CONFIRMED });
    assert.is(result.resultType, 'input_required');
    assert.equal(Object.keys(result.inputRequests), ['confirm']);
    assert.is((await logNumbers(demo)).at(-1), 1);
  },
);

input(
  'clear_log: consent to clear up to one request is not consent to clear up to a later one',
  async ({ demo }) => {
    const first = await callOperations(demo, {});
    const asked = upToOf(first.result);
    await logNumbers(demo); // more requests are logged meanwhile
    // The same consent, without the state of the round that asked: asked again, for the log now.
    const replayed = await callOperations(demo, { inputResponses: CONFIRMED });
    assert.is(replayed.result.resultType, 'input_required');
    assert.ok(upToOf(replayed.result) > asked);
    assert.is((await logNumbers(demo)).at(-1), 1);
  },
);

input(
  "the local authorization server's tokens name their client: a state is its caller's only",
  async ({ demo }) => {
    const { tokenEndpoint } = demo.authorization!;
    const tokenOf = async (client: string) => {
      const response = await fetch(tokenEndpoint, {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: client,
          scope: 'operations',
          resource: demo.metadata.document.resource,
        }),
      });
      const { access_token } = (await response.json()) as { access_token: string };
      const payload = JSON.parse(Buffer.from(access_token.split('.')[1]!, 'base64url').toString());
      assert.is(payload.sub, client);
      return { Authorization: `Bearer ${access_token}` };
    };
    const ada = await tokenOf('ada');
    const first = await callOperations(demo, {}, ada);
    const { requestState } = first.result;
    const declined = { confirm: { action: 'decline' } };
    const eve = await callOperations(
      demo,
      { inputResponses: declined, requestState },
      await tokenOf('eve'),
    );
    assert.equal(eve.error, {
      code: -32602,
      message: 'requestState is not valid for this request.',
    });
    const own = await callOperations(demo, { inputResponses: declined, requestState }, ada);
    assert.is(textOf(own.result), 'Nothing was cleared.');
    assert.is((await logNumbers(demo)).at(-1), 1);
  },
);

input(
  'clear_log, confirmed by the 2.x Client: the log up to what was asked is gone',
  async ({ demo }) => {
    const sent: Sent[] = [];
    const { client, transport } = modern(
      `${demo.base}/operations/mcp`,
      { elicitation: {} },
      sent,
      STAFF,
    );
    const asked: string[] = [];
    client.setRequestHandler('elicitation/create', async (request) => {
      asked.push(request.params.message);
      return { action: 'accept', content: { clear: true } };
    });
    await client.connect(transport);
    let upTo: number;
    try {
      const result = await client.callTool({ name: 'clear_log', arguments: {} });
      assert.is(asked.length, 1);
      const named = /^Clear the request log, up to request #(\d+)\? It cannot be undone\.$/.exec(
        asked[0]!,
      );
      assert.ok(named, asked[0]);
      upTo = Number(named[1]);
      const cleared = /^Cleared (\d+) requests from the log, up to #(\d+)\.$/.exec(textOf(result));
      assert.ok(cleared, textOf(result));
      assert.is(Number(cleared[2]), upTo);
      // Nothing was removed before: every entry from #1 to it is cleared.
      assert.is(Number(cleared[1]), upTo);
      // Two rounds; the second carries the answer and the signed state naming the entry.
      const calls = sent.filter((one) => one.method === 'tools/call');
      assert.is(calls.length, 2);
      assert.equal(calls[1]!.params.inputResponses, {
        confirm: { action: 'accept', content: { clear: true } },
      });
      assert.type(calls[1]!.params.requestState, 'string');
    } finally {
      await client.close();
    }
    // What came after the question stays, the clear_log call's own line among it.
    const numbers = await logNumbers(demo);
    assert.ok(numbers.length > 0);
    assert.ok(
      numbers.every((number) => number > upTo),
      `${numbers} after clearing up to ${upTo}`,
    );
    const client2 = await handshake(`${demo.base}/operations/mcp`, STAFF);
    try {
      const found = await client2.callTool({
        name: 'search_logs',
        arguments: { query: 'clear_log' },
      });
      assert.match(textOf(found), /operations tools\/call clear_log success/);
      assert.match(textOf(found), /operations tools\/call clear_log input-required/);
    } finally {
      await client2.close();
    }
  },
);

input('a state key shorter than 32 bytes: the demo does not start', async () => {
  try {
    await startDemo({ port: 0, stateKey: 'thirty-one bytes, one too few..' });
    assert.unreachable('started with a short key');
  } catch (error) {
    assert.instance(error, TypeError);
    assert.is((error as Error).message, 'The state key must be 32 bytes or more.');
  }
});

input.run();
