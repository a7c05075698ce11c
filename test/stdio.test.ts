// The stdio adapter: started as a child process by the official SDK's client, and driven through
// serveStdio with streams of our own.
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { type StdioOptions, serveStdio } from '../examples/adapters/stdio.js';
import { loadRepository } from '../examples/demo/repository.js';
import {
  defineTool,
  LATEST_HANDSHAKE_VERSION,
  type MCPServerBase,
  META,
  type RequestScope,
  type Result,
  toolsByName,
} from '../src/index.js';
import { call, request, TestServer } from './fixtures.js';

const root = fileURLToPath(new URL('../', import.meta.url));
type Text = { type: string; text: string }[];

const child = suite('stdio, a child process of the SDK client');

child(
  'initialize, list, call, read, get a prompt, close: the child exits 0 on its own',
  async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', 'examples/adapters/stdio.ts'],
      cwd: root,
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk;
    });
    const client = new Client({ name: 'stdio-test', version: '1.0.0' });
    const errors: Error[] = [];
    client.onerror = (error) => errors.push(error);
    try {
      await client.connect(transport);
      // The SDK keeps the child to itself; its exit code is read from there.
      const process_ = (transport as unknown as { _process: ChildProcess })._process;
      const exited = once(process_, 'exit');
      assert.is(client.getServerVersion()?.name, 'project');
      const { tools } = await client.listTools();
      assert.equal(
        tools.map((tool) => tool.name),
        [
          'list_documents',
          'read_document',
          'search_documents',
          'read_blog',
          'count_mentions',
          'summarise_document',
        ],
      );
      const readme = await client.callTool({
        name: 'read_document',
        arguments: { path: 'README.md', max_lines: 3 },
      });
      assert.is(readme.isError, undefined);
      assert.match((readme.content as Text)[0]!.text, /^# README\.md\n\n# mcp-protocol-core/);
      // Its resources and prompts, as on disk.
      const { name } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
      const { resources, nextCursor } = await client.listResources();
      assert.ok(resources.length > 0 && nextCursor !== undefined, 'a first page, of many');
      for (const { uri } of resources) {
        assert.ok(existsSync(join(root, uri.slice(`repo://${name}/`.length))), uri);
      }
      const uri = `repo://${name}/src/version.ts`;
      const version = readFileSync(join(root, 'src/version.ts'), 'utf8');
      assert.equal((await client.readResource({ uri })).contents, [
        { uri, mimeType: 'text/x-typescript', text: version },
      ]);
      const prompt = await client.getPrompt({
        name: 'explain_file',
        arguments: { path: 'src/version.ts' },
      });
      assert.equal(prompt.messages[0]!.content, {
        type: 'resource',
        resource: { uri, mimeType: 'text/x-typescript', text: version },
      });
      // A long call's progress, each notification a line of its own before the answer.
      const progress: number[] = [];
      const counted = await client.callTool(
        { name: 'count_mentions', arguments: { phrase: 'stdio' } },
        undefined,
        { onprogress: (update) => progress.push(update.progress) },
      );
      assert.match((counted.content as Text)[0]!.text, /^"stdio": \d+ mentions/);
      const documents = loadRepository(root).documents.size;
      // The SDK's stdio client hands the lines of a chunk over in one go, and notifications a
      // microtask later: the last progress, read with the answer, may come after the call has
      // ended, and is reported to onerror. Between them, every one arrives, in order.
      const late = errors.filter(({ message }) => message.includes('for an unknown token'));
      errors.splice(0, errors.length, ...errors.filter((error) => !late.includes(error)));
      const seen = [
        ...progress,
        ...late.map(
          ({ message }) => JSON.parse(message.slice(message.indexOf('{'))).params.progress,
        ),
      ];
      assert.equal(
        seen,
        Array.from({ length: documents }, (_, index) => index + 1),
      );
      const started = Date.now();
      await client.close();
      // The transport ends stdin, then waits 2 s before SIGTERM: the child was quicker.
      assert.equal(await exited, [0, null]);
      assert.ok(Date.now() - started < 2000, `closed in ${Date.now() - started} ms`);
      // Anything but JSON-RPC on stdout would have reached onerror.
      assert.equal(errors, []);
      assert.match(stderr, /project server, on stdio/);
    } finally {
      await transport.close();
    }
  },
);

child.run();

/** Serve `chunks` as they are (bytes or text, lines split anywhere) and collect what is written. */
async function serve(
  chunks: (string | Uint8Array)[],
  server: () => MCPServerBase = () => new TestServer(),
  options: StdioOptions = {},
) {
  const out: string[] = [];
  const err: string[] = [];
  const collect = (into: string[]) =>
    new Writable({
      write(chunk, _encoding, done) {
        into.push(String(chunk));
        done();
      },
    });
  async function* input() {
    for (const chunk of chunks) {
      await new Promise((resolve) => setImmediate(resolve));
      yield chunk;
    }
  }
  const output = collect(out);
  await serveStdio(server, { input: input(), output, error: collect(err), ...options });
  // Every write is one whole line of JSON, nothing else.
  for (const line of out) {
    assert.ok(line.endsWith('\n') && line.indexOf('\n') === line.length - 1, line);
    JSON.parse(line);
  }
  return { answers: out.map((line) => JSON.parse(line)), log: err.join('') };
}

const line = (message: unknown) => `${JSON.stringify(message)}\n`;
const NOT_JSON = {
  jsonrpc: '2.0',
  id: null,
  error: { code: -32700, message: 'A line is not valid JSON.' },
};

const streams = suite('stdio, serveStdio with streams');

streams('initialize negotiates the version, with no headers', async () => {
  const params = (protocolVersion: string) => ({
    protocolVersion,
    capabilities: {},
    clientInfo: { name: 'c', version: '1' },
  });
  const { answers } = await serve([
    line(request(1, 'initialize', params('2025-06-18'))),
    line(request(2, 'initialize', params('2099-01-01'))),
  ]);
  const versions = new Map(answers.map((answer) => [answer.id, answer.result.protocolVersion]));
  assert.is(versions.get(1), '2025-06-18');
  assert.is(versions.get(2), LATEST_HANDSHAKE_VERSION);
});

streams('a 2026-07-28 request: its _meta alone decides the era', async () => {
  const _meta = { [META.protocolVersion]: '2026-07-28', [META.clientCapabilities]: {} };
  const { answers } = await serve([
    line(request(1, 'tools/call', { name: 'search_logs', arguments: { query: 'full' }, _meta })),
  ]);
  assert.equal(answers, [
    {
      jsonrpc: '2.0',
      id: 1,
      result: {
        resultType: 'complete',
        content: [{ type: 'text', text: 'error disk full\nerror disk full again' }],
        _meta: { [META.serverInfo]: new TestServer().serverInfo() },
      },
    },
  ]);
});

streams(
  'a line that is not JSON: -32700 with id null, logged; the next line is served',
  async () => {
    const { answers, log } = await serve(['{"jsonrpc":\n', line(request(1, 'ping'))]);
    assert.equal(answers, [NOT_JSON, { jsonrpc: '2.0', id: 1, result: {} }]);
    assert.is(log, 'stdio: A line is not valid JSON.\n');
  },
);

streams('bytes that are not UTF-8: -32700', async () => {
  const { answers } = await serve([new Uint8Array([0x22, 0xff, 0x22, 0x0a])]);
  assert.equal(answers, [NOT_JSON]);
});

streams('a notification: no line', async () => {
  const { answers, log } = await serve([
    line({ jsonrpc: '2.0', method: 'notifications/initialized' }),
  ]);
  assert.equal(answers, []);
  assert.is(log, '');
});

streams('blank lines, CRLF, a BOM, and a last line without its newline', async () => {
  const { answers } = await serve([
    '\n\r\n   \n',
    `\ufeff${JSON.stringify(request(1, 'ping'))}\r\n`,
    JSON.stringify(request(2, 'ping')),
  ]);
  assert.equal(answers, [
    { jsonrpc: '2.0', id: 1, result: {} },
    { jsonrpc: '2.0', id: 2, result: {} },
  ]);
});

streams('a batch, with no headers, is 2025-03-26: one line, its answers in order', async () => {
  const { answers } = await serve([
    line([
      call('a', 'search_logs', { query: 'ready' }),
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      request('b', 'ping'),
    ]),
    line([{ jsonrpc: '2.0', method: 'notifications/initialized' }]),
    line([]),
  ]);
  const [batch, empty] = answers;
  assert.equal(
    batch.map((answer: { id: string }) => answer.id),
    ['a', 'b'],
  );
  assert.is(batch[0].result.content[0].text, 'info ready');
  assert.equal(empty, {
    jsonrpc: '2.0',
    id: null,
    error: { code: -32600, message: 'A batch must hold at least one message.' },
  });
  assert.is(answers.length, 2);
});

streams('a request split across chunks, inside a character too', async () => {
  const bytes = new TextEncoder().encode(line(request('héllo', 'ping')));
  const at = bytes.indexOf(0xc3) + 1; // between the two bytes of é
  const { answers } = await serve([
    bytes.subarray(0, 5),
    bytes.subarray(5, at),
    bytes.subarray(at),
  ]);
  assert.equal(answers, [{ jsonrpc: '2.0', id: 'héllo', result: {} }]);
});

streams('a line past the limit: -32600, its bytes dropped; the next line is served', async () => {
  const long = line(call(1, 'search_logs', { query: 'x'.repeat(200) }));
  const { answers, log } = await serve(
    [long.slice(0, 100), long.slice(100), line(request(2, 'ping'))],
    undefined,
    { maxLineBytes: 150 },
  );
  const tooLong = 'A line is longer than 150 bytes.';
  assert.equal(answers, [
    { jsonrpc: '2.0', id: null, error: { code: -32600, message: tooLong } },
    { jsonrpc: '2.0', id: 2, result: {} },
  ]);
  assert.is(log, `stdio: ${tooLong}\n`);
});

/** A tool that answers after `ms` milliseconds. */
const Slow = defineTool({
  name: 'slow',
  title: 'Slow',
  description: 'Answers late.',
  argumentsSchema: { type: 'object', properties: { ms: { type: 'integer' } }, required: ['ms'] },
  run: async ({ ms }) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    return `after ${ms} ms`;
  },
});

class SlowServer extends TestServer {
  override readonly tools = toolsByName(new Slow());
  // A method of its own whose result JSON cannot carry: the adapter must still answer.
  override async dispatch(method: string, params: Record<string, unknown>, call: RequestScope) {
    if (method === 'example/bigint') return { n: 10n } as unknown as Result;
    return super.dispatch(method, params, call);
  }
}

const Steps = defineTool({
  name: 'steps',
  title: 'Steps',
  description: 'Reports two steps of progress, then answers.',
  argumentsSchema: { type: 'object' },
  run: (_args, scope) => {
    scope.progress(1, 2);
    scope.progress(2, 2);
    return 'stepped';
  },
});

class StepsServer extends TestServer {
  override readonly tools = toolsByName(new Steps(), new Slow());
}

streams(
  'progress goes out as lines before the answer; notifications/cancelled cancels',
  async () => {
    const progress = {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'steps', _meta: { progressToken: 'tok' } },
    };
    const cancel = {
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: 2 },
    };
    const { answers } = await serve(
      [line(progress), line(call(2, 'slow', { ms: 100 })), line(cancel)],
      () => new StepsServer(),
    );
    assert.equal(
      answers.map((answer) => answer.method ?? answer.id),
      ['notifications/progress', 'notifications/progress', 1],
    );
    assert.equal(answers[1].params, { progressToken: 'tok', progress: 2, total: 2 });
  },
);

streams('concurrent requests answer as they finish; the end of input waits for them', async () => {
  const { answers } = await serve(
    [line(call(1, 'slow', { ms: 50 })), line(call(2, 'slow', { ms: 0 })), line(request(3, 'ping'))],
    () => new SlowServer(),
  );
  // The slow one was read first, answered last, and still before serveStdio resolved.
  assert.is(answers.length, 3);
  assert.is(answers[2].id, 1);
  assert.is(answers[2].result.content[0].text, 'after 50 ms');
});

streams('an answer JSON cannot carry: -32603 with its id, logged by the server', async () => {
  const server = new SlowServer();
  const { answers } = await serve([line(request(7, 'example/bigint'))], () => server);
  assert.equal(answers, [
    { jsonrpc: '2.0', id: 7, error: { code: -32603, message: 'Internal error' } },
  ]);
  assert.equal(
    server.logged.map(({ context }) => context),
    ['the answer is not JSON'],
  );
});

streams('an output that fails: logged, and the input still read to its end', async () => {
  const err: string[] = [];
  let read = 0;
  async function* input() {
    for (const id of [1, 2]) {
      await new Promise((resolve) => setImmediate(resolve));
      read++;
      yield line(request(id, 'ping'));
    }
  }
  const output = new Writable({
    write(_chunk, _encoding, done) {
      done(new Error('EPIPE'));
    },
  });
  const error = new Writable({
    write(chunk, _encoding, done) {
      err.push(String(chunk));
      done();
    },
  });
  await serveStdio(() => new TestServer(), { input: input(), output, error });
  assert.is(read, 2);
  assert.match(err.join(''), /^stdio: an answer was not written: Error: EPIPE\n/);
});

streams.run();
