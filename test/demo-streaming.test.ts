// The demo's long tool over real HTTP, through the SDK 1.x Client: count_mentions reads every
// document in turn, and its progress and log messages reach the client on the SSE answer of the
// call's own POST, before the result. What it counts is checked against the files on disk.
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  CallToolResultSchema,
  LoggingMessageNotificationSchema,
  type Progress,
} from '@modelcontextprotocol/sdk/types.js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startDemo } from '../examples/demo/main.js';
import { loadRepository } from '../examples/demo/repository.js';

type Demo = Awaited<ReturnType<typeof startDemo>>;
type Text = { type: string; text: string }[];

const PHRASE = 'createHttpHandler';

// The mentions of the phrase, counted here with a regular expression: each document read from disk.
function expected() {
  const repository = loadRepository(fileURLToPath(new URL('../', import.meta.url)));
  const pattern = new RegExp(PHRASE, 'gi');
  const paths = [...repository.documents.keys()];
  const mentions = paths.flatMap((path) => {
    const count = repository.documents.get(path)!.text.match(pattern)?.length ?? 0;
    return count > 0 ? [{ path, mentions: count }] : [];
  });
  return { paths, mentions };
}

const streaming = suite<{ demo: Demo; lines: string[] }>('the demo: a long tool, streamed', {
  demo: undefined as never,
  lines: [],
});

streaming.before(async (context) => {
  context.demo = await startDemo({ port: 0, log: (line) => context.lines.push(line) });
});

streaming.after(async ({ demo }) => {
  await demo.close();
});

async function connect(demo: Demo) {
  const client = new Client({ name: 'demo-streaming-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${demo.base}/mcp`)));
  return client;
}

streaming(
  'count_mentions: progress per document and a log message per match, then the result',
  async ({ demo }) => {
    const { paths, mentions } = expected();
    const client = await connect(demo);
    // What arrives, in order: the notifications, then the result.
    const events: string[] = [];
    const logged: unknown[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, ({ params }) => {
      events.push('log');
      logged.push(params);
    });
    const progress: Progress[] = [];
    try {
      // Kept by no session: each request gets the server's level, info. Answered all the same.
      assert.equal(await client.setLoggingLevel('info'), {});
      const result = await client.callTool(
        { name: 'count_mentions', arguments: { phrase: PHRASE, limit: 3 } },
        CallToolResultSchema,
        {
          onprogress: (update) => {
            events.push('progress');
            progress.push(update);
          },
        },
      );
      events.push('result');
      assert.is(result.isError, undefined);
      // One notification per document, in the order the server read them, the last the whole.
      assert.equal(
        progress,
        paths.map((path, index) => ({ progress: index + 1, total: paths.length, message: path })),
      );
      assert.equal(
        logged,
        mentions.map((data) => ({ level: 'info', logger: 'count_mentions', data })),
      );
      assert.is(events.at(-1), 'result');
      assert.is(events.length, paths.length + mentions.length + 1);
      const total = mentions.reduce((sum, { mentions }) => sum + mentions, 0);
      const [first] = result.content as Text;
      assert.match(
        first!.text,
        `"${PHRASE}": ${total} mentions in ${mentions.length} of ${paths.length} documents\n`,
      );
      const top = [...mentions].sort(
        (a, b) => b.mentions - a.mentions || a.path.localeCompare(b.path),
      );
      assert.ok(first!.text.includes(`\n- ${top[0]!.path}: ${top[0]!.mentions}\n`), first!.text);
      assert.is(first!.text.split('\n- ').length - 1, 3);
    } finally {
      await client.close();
    }
  },
);

streaming('count_mentions without a progressToken, and no match: JSON', async ({ demo }) => {
  // A phrase no document holds, this one included.
  const phrase = randomUUID();
  const response = await fetch(`${demo.base}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-11-25',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'count_mentions', arguments: { phrase } },
    }),
  });
  // Log messages at info are sent only for a match: with none, nothing goes before the result.
  assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
  assert.equal((await response.json()).result, {
    content: [{ type: 'text', text: `no document mentions "${phrase}"` }],
  });
});

streaming('the log says how each call ended', ({ lines }) => {
  assert.ok(
    lines.some((line) => /^project tools\/call count_mentions success \d+\.\d\d ms$/.test(line)),
    lines.join('\n'),
  );
});

streaming.run();
