// The demo's clear_log in the handshake era, over real HTTP in one process: the v1 Client of
// @modelcontextprotocol/sdk, with an elicitation handler, is asked on the call's SSE answer, and
// its handler's answer, POSTed, reaches the tool through the operations server's questions.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startDemo } from '../examples/demo/main.js';

type Demo = Awaited<ReturnType<typeof startDemo>>;

const STAFF = { Authorization: 'Bearer staff-secret' };

const textOf = (result: object) =>
  (result as { content: { type: string; text: string }[] }).content[0]!.text;

function connect(demo: Demo, capabilities: object = {}) {
  const client = new Client({ name: 'demo-questions-test', version: '1.0.0' }, { capabilities });
  const transport = new StreamableHTTPClientTransport(new URL(`${demo.base}/operations/mcp`), {
    requestInit: { headers: STAFF },
  });
  return { client, transport };
}

// The numbers of the log's entries, newest first.
async function logNumbers(demo: Demo): Promise<number[]> {
  const { client, transport } = connect(demo);
  await client.connect(transport);
  try {
    const [log] = (await client.readResource({ uri: 'operations://log' })).contents;
    return Array.from(String((log as { text: string }).text).matchAll(/^#(\d+) /gm), (match) =>
      Number(match[1]),
    );
  } finally {
    await client.close();
  }
}

const questions = suite<{ demo: Demo }>('the demo: clear_log asks the v1 Client', {
  demo: undefined as never,
});

questions.before(async (context) => {
  context.demo = await startDemo({ port: 0, token: 'staff-secret' });
});

questions.after(async ({ demo }) => {
  await demo.close();
});

questions('the v1 Client declines, then confirms, in its elicitation handler', async ({ demo }) => {
  const { client, transport } = connect(demo, { elicitation: {} });
  const asked: string[] = [];
  let answer: 'accept' | 'decline' = 'decline';
  client.setRequestHandler(ElicitRequestSchema, (request) => {
    asked.push(request.params.message);
    return answer === 'accept'
      ? { action: 'accept', content: { clear: true } }
      : { action: 'decline' };
  });
  await client.connect(transport);
  try {
    const declined = await client.callTool({ name: 'clear_log', arguments: {} });
    assert.is(textOf(declined), 'Nothing was cleared.');
    assert.is((await logNumbers(demo)).at(-1), 1);
    answer = 'accept';
    const cleared = await client.callTool({ name: 'clear_log', arguments: {} });
    assert.match(textOf(cleared), /^Cleared \d+ requests from the log, up to #\d+\.$/);
    const upTo = Number(/up to #(\d+)\.$/.exec(textOf(cleared))![1]);
    assert.is(asked.length, 2);
    assert.ok(asked[1]!.startsWith(`Clear the request log, up to request #${upTo}?`), asked[1]);
    // What is left of the log came after the request it was cleared up to.
    const left = await logNumbers(demo);
    assert.ok(left.length > 0 && left.every((number) => number > upTo), String(left));
  } finally {
    await client.close();
  }
});

questions.run();
