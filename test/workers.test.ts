// The demo's project server on Cloudflare's runtime: built by examples/workers/build.ts, served by
// workerd, asked over real HTTP. Validation works there only with the validators generated at
// build time: two more builds show what workerd does without them.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'esbuild';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  build,
  bundleWorker,
  toolSchemas,
  validatorsModule,
  workerdConfig,
} from '../examples/workers/build.js';
import { GatedServer } from './gated-server.js';
import {
  handshakeDisconnectRunsOn,
  modernDisconnectCancels,
  streamsBeforeResult,
} from './streaming-checks.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const WORKERD = join(root, 'node_modules', '.bin', 'workerd');
const READY_TIMEOUT_MS = 20_000;

/** Free ports on 127.0.0.1, held together so that they differ, then let go for workerd. */
async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from({ length: count }, async () => {
      const server = createServer();
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
      return server;
    }),
  );
  const ports = servers.map((server) => (server.address() as { port: number }).port);
  await Promise.all(servers.map((server) => new Promise((done) => server.close(done))));
  return ports;
}

interface Workerd {
  url: string;
  /** What workerd wrote to stderr: the worker's console.error, among others. */
  stderr: () => string;
  stop: () => Promise<void>;
}

const started = new Set<ChildProcess>();
// Should the run end without the suite's after(), no workerd outlives it.
process.once('exit', () => {
  for (const child of started) child.kill('SIGKILL');
});

/** `workerd serve config` on 127.0.0.1:port; resolves when the worker answers a ping. */
async function serve(config: string, port: number): Promise<Workerd> {
  // --socket-addr: the port asked for, whatever the config says (another run may have rewritten it).
  const child = spawn(WORKERD, ['serve', config, `--socket-addr=http=127.0.0.1:${port}`], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  const exited = once(child, 'exit');
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk;
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk;
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    started.delete(child);
  };
  const url = `http://127.0.0.1:${port}/mcp`;
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let last: unknown;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(
        `workerd serve ${config}: not ready (${last})\nstdout: ${output}\nstderr: ${stderr}`,
      );
    }
    const answer = await rpc(url, 'ping').catch((error: unknown) => {
      last = error;
    });
    if (answer !== undefined) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url, stderr: () => stderr, stop };
}

async function rpc(url: string, method: string, params?: object) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  assert.is(response.status, 200);
  return response.json() as Promise<{
    result?: { content: { type: string; text: string }[]; isError?: true; tools: unknown[] };
    error?: { code: number; message: string };
  }>;
}

const callTool = (url: string, name: string, args: object) =>
  rpc(url, 'tools/call', { name, arguments: args });

// A worker.ts whose generated validators are replaced by none at all.
const noValidators: Plugin = {
  name: 'no-validators',
  setup(build) {
    build.onResolve({ filter: /\/generated\/validators\.js$/ }, ({ path }) => ({
      path,
      namespace: 'no-validators',
    }));
    build.onLoad({ filter: /.*/, namespace: 'no-validators' }, () => ({
      contents: 'export const validators = {};',
    }));
  },
};

// The validators of the gated test server's tools, in place of the demo's.
const gatedValidators: Plugin = {
  name: 'gated-validators',
  setup(build) {
    build.onResolve({ filter: /\/generated\/validators\.js$/ }, ({ path }) => ({
      path,
      namespace: 'gated-validators',
    }));
    build.onLoad({ filter: /.*/, namespace: 'gated-validators' }, () => ({
      contents: validatorsModule(toolSchemas(new GatedServer().tools.values())),
      // Where the generated code's require()s of ajv's runtime helpers are resolved from.
      resolveDir: root,
    }));
  },
};

interface Servers {
  /** The worker as built. */
  worker: Workerd;
  /** The same with ajv's own compiler put back: what a worker built without the step does. */
  ajv: Workerd;
  /** The same with none of the validators generated. */
  missing: Workerd;
  /** The worker serving the gated test server (test/runtimes/worker-gated.ts). */
  gated: Workerd;
}

/** Build the four workers into `dir` (the real one into its own folder) and serve them. */
async function start(dir: string): Promise<Servers> {
  const [port, ajvPort, missingPort, gatedPort] = await freePorts(4);
  const built = await build({ port: port! });
  const ajvEntry = join(dir, 'ajv.ts');
  await writeFile(
    ajvEntry,
    [
      `import worker from ${JSON.stringify(join(root, 'examples/workers/worker.ts'))};`,
      `import { setSchemaCompiler } from ${JSON.stringify(join(root, 'src/index.ts'))};`,
      'setSchemaCompiler(undefined);',
      'export default worker;',
    ].join('\n'),
  );
  await bundleWorker({ entry: ajvEntry, outfile: join(dir, 'ajv', 'worker.js') });
  await bundleWorker({ outfile: join(dir, 'missing', 'worker.js'), plugins: [noValidators] });
  await bundleWorker({
    entry: join(root, 'test/runtimes/worker-gated.ts'),
    outfile: join(dir, 'gated', 'worker.js'),
    plugins: [gatedValidators],
  });
  await writeFile(join(dir, 'ajv', 'config.capnp'), workerdConfig(ajvPort!));
  await writeFile(join(dir, 'missing', 'config.capnp'), workerdConfig(missingPort!));
  await writeFile(join(dir, 'gated', 'config.capnp'), workerdConfig(gatedPort!));
  const servers = await Promise.allSettled([
    serve(built.config, port!),
    serve(join(dir, 'ajv', 'config.capnp'), ajvPort!),
    serve(join(dir, 'missing', 'config.capnp'), missingPort!),
    serve(join(dir, 'gated', 'config.capnp'), gatedPort!),
  ]);
  const running = servers.flatMap((server) =>
    server.status === 'fulfilled' ? [server.value] : [],
  );
  const failed = servers.find((server) => server.status === 'rejected');
  if (failed !== undefined) {
    await Promise.all(running.map((server) => server.stop()));
    throw failed.reason;
  }
  const [worker, ajv, missing, gated] = running as [Workerd, Workerd, Workerd, Workerd];
  return { worker, ajv, missing, gated };
}

const workers = suite<{ dir: string; servers: Promise<Servers> }>(
  'the demo on workerd, its validators generated at build time',
);

workers.before(async (context) => {
  context.dir = await mkdtemp(join(tmpdir(), 'mcp-workers-'));
  context.servers = start(context.dir);
  // uvu does not report a hook's failure: every test awaits the servers, and fails with it.
  context.servers.catch(() => {});
});

workers.after(async ({ dir, servers }) => {
  const running = await servers.catch(() => undefined);
  if (running !== undefined) await Promise.all(Object.values(running).map((w) => w.stop()));
  await rm(dir, { recursive: true, force: true });
});

workers('tools/list: the six tools', async ({ servers }) => {
  const { worker } = await servers;
  const { result } = await rpc(worker.url, 'tools/list');
  assert.equal(
    (result!.tools as { name: string }[]).map((tool) => tool.name),
    [
      'list_documents',
      'read_document',
      'search_documents',
      'read_blog',
      'count_mentions',
      'summarise_document',
    ],
  );
});

workers('read_document README.md: its text, from the embedded documents', async ({ servers }) => {
  const { worker } = await servers;
  const { result } = await callTool(worker.url, 'read_document', { path: 'README.md' });
  assert.is(result!.isError, undefined);
  // start_line and max_lines were left out: without their defaults, not one line would be read.
  assert.match(result!.content[0]!.text, /^# README\.md\n\n# mcp-protocol-core\n/);
});

workers('prompts/get explain_file: the prompt validator is generated too', async ({ servers }) => {
  const { worker } = await servers;
  const answer = (await rpc(worker.url, 'prompts/get', {
    name: 'explain_file',
    arguments: { path: 'README.md' },
  })) as unknown as { result?: { messages: { content: { resource?: { text: string } } }[] } };
  const readme = await readFile(join(root, 'README.md'), 'utf8');
  assert.is(answer.result?.messages[0]?.content.resource?.text, readme);
});

workers('invalid arguments: a result with isError, naming path', async ({ servers }) => {
  const { worker } = await servers;
  const { result } = await callTool(worker.url, 'read_document', { path: 5, extra: true });
  assert.equal(result, {
    content: [
      {
        type: 'text',
        text: 'invalid arguments for read_document: extra: is not an argument of this tool; path: must be string',
      },
    ],
    isError: true,
  });
  const short = await callTool(worker.url, 'search_documents', { query: 'x' });
  assert.is(
    short.result!.content[0]!.text,
    'invalid arguments for search_documents: query: must NOT have fewer than 2 characters',
  );
});

workers('search_documents: limit filled in with its default, 20', async ({ servers }) => {
  const { worker } = await servers;
  const { result } = await callTool(worker.url, 'search_documents', { query: 'export' });
  assert.is(result!.isError, undefined);
  const hits = result!.content[0]!.text.split('\n');
  assert.is(hits.length, 20);
  assert.match(hits[0]!, /^[\w/.-]+:\d+: .*\bexport\b/);
});

workers('GET: 405; another path: 404', async ({ servers }) => {
  const { worker } = await servers;
  const get = await fetch(worker.url);
  assert.is(get.status, 405);
  assert.is(get.headers.get('allow'), 'POST');
  await get.body?.cancel();
  const other = await fetch(worker.url.replace('/mcp', '/elsewhere'), { method: 'POST' });
  assert.is(other.status, 404);
  await other.body?.cancel();
});

workers(
  'without them, ajv compiles at run time, and workerd refuses: -32603',
  async ({ servers }) => {
    const { ajv } = await servers;
    const { result } = await rpc(ajv.url, 'tools/list');
    assert.is(result!.tools.length, 6);
    const answer = await callTool(ajv.url, 'read_document', { path: 'README.md' });
    assert.equal(answer.error, { code: -32603, message: 'Internal error' });
    assert.match(
      ajv.stderr(),
      /tools\/call failed: EvalError: Code generation from strings disallowed/,
    );
  },
);

workers('a schema nobody generated: -32603, and the log says why', async ({ servers }) => {
  const { missing } = await servers;
  const answer = await callTool(missing.url, 'read_blog', {});
  assert.equal(answer.error, { code: -32603, message: 'Internal error' });
  assert.match(missing.stderr(), /No validator was generated for the schema \{"type":"object"/);
});

// workerd learns that a client went away when it next writes to it: here a keep-alive comment,
// every 100 ms (15 s by default). ctx.waitUntil keeps a handshake-era request's work alive.
workers('SSE: the first notification arrives while the tool still runs', async ({ servers }) => {
  await streamsBeforeResult((await servers).gated.url, 'workerd');
});

workers('SSE: a 2026-07-28 client that goes away cancels its request', async ({ servers }) => {
  await modernDisconnectCancels((await servers).gated.url, 'workerd');
});

workers('SSE: a handshake-era client that goes away does not cancel', async ({ servers }) => {
  await handshakeDisconnectRunsOn((await servers).gated.url, 'workerd');
});

workers.run();

const step = suite('the build step of validators');

step('a draft-07 schema is refused: it would be compiled as 2020-12', () => {
  assert.throws(
    () =>
      validatorsModule([
        { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object' } as never,
      ]),
    /this build compiles JSON Schema 2020-12 only/,
  );
  assert.match(validatorsModule([{ type: 'object' }]), /export const validators = \{/);
});

step.run();
