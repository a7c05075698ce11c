// What a newcomer meets first: the README's curl example answered as it shows, what a request
// without MCP-Protocol-Version is served as, what `npm start` says first, and the Inspector's Node
// requirement as its own package states it.
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { GreetServer } from '../examples/quickstart/server.js';
import { createHttpHandler } from '../src/http.js';

const root = new URL('../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');
const readme = read('README.md');

const front = suite('front door');

// The README's curl command, its headers and body, and the answer it says comes back.
function curlExample() {
  const block = /```sh\n(curl [^`]*?)```/.exec(readme)?.[1];
  assert.ok(block, 'the README has a curl example');
  const command = block!.replace(/\\\n\s*/g, '');
  const headers = Object.fromEntries(
    [...command.matchAll(/-H '([^:']+):\s*([^']*)'/g)].map(([, name, value]) => [
      name!.toLowerCase(),
      value!,
    ]),
  );
  const body = /-d '([^']*)'/.exec(command)?.[1];
  const answer = /^#=> (.*)$/m.exec(block!)?.[1];
  return { command, headers, body: body!, answer: answer! };
}

front('the README curl example is answered as it shows, with no MCP-Protocol-Version', async () => {
  const { command, headers, body, answer } = curlExample();
  assert.not.match(command, /mcp-protocol-version/i, 'the example sends no version header');
  const mcp = createHttpHandler(() => new GreetServer());
  const response = await mcp({
    method: 'POST',
    url: '/mcp',
    headers: { host: '127.0.0.1:3000', ...headers },
    body,
  });
  assert.is(response.status, 200);
  assert.equal(JSON.parse(response.body as string), JSON.parse(answer));
});

front('without the header a request is served as 2025-03-26, as the README says', async () => {
  assert.match(
    readme,
    /no `MCP-Protocol-Version` header[\s\S]{0,80}served as\s+protocol 2025-03-26/,
  );
  const mcp = createHttpHandler(() => new GreetServer());
  const list = async (version?: string) => {
    const response = await mcp({
      method: 'POST',
      url: '/mcp',
      headers: {
        host: '127.0.0.1:3000',
        'content-type': 'application/json',
        ...(version === undefined ? {} : { 'mcp-protocol-version': version }),
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    return JSON.parse(response.body as string).result.tools[0];
  };
  // A tool's title came with 2025-06-18: 2025-03-26 has none, 2025-11-25 has it.
  const bare = await list();
  assert.is(bare.name, 'greet');
  assert.is(bare.title, undefined);
  assert.equal(bare, await list('2025-03-26'));
  assert.is((await list('2025-11-25')).title, 'Greet someone');
});

front('npm start opens with what the demo is, and warns of nothing', async () => {
  // As a newcomer runs it: nothing set but a free port.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    NODE_V8_COVERAGE: '',
    FORCE_COLOR: '0',
  };
  for (const name of Object.keys(env)) if (name.startsWith('MCP_')) delete env[name];
  const child = spawn(process.execPath, ['--import', 'tsx', 'examples/demo/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  try {
    const deadline = Date.now() + 60_000;
    while (!stdout.includes('Ctrl-C stops it') && Date.now() < deadline) {
      if (child.exitCode !== null) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.match(stdout, /Ctrl-C stops it/, `the demo started: ${stderr}`);
  } finally {
    child.kill('SIGTERM');
    if (child.exitCode === null) await once(child, 'exit');
  }
  const first = stdout.split('\n')[0]!;
  assert.match(first, /^The mcp-protocol-core demo: /);
  assert.not.match(stdout + stderr, /replica/i, 'replicas are for the guide that deploys them');
  assert.is(stderr, '');
});

front('the Inspector and the Node it needs are stated as its package says', () => {
  const lock = JSON.parse(read('conformance/package-lock.json'));
  const inspector = lock.packages['node_modules/@modelcontextprotocol/inspector'];
  const version = inspector.version as string;
  const node = /^>=(\d+\.\d+\.\d+)$/.exec(inspector.engines.node)?.[1];
  assert.ok(node, `the Inspector's engines: ${inspector.engines.node}`);
  const need = new RegExp(`Inspector ${version}.{0,200}?needs Node ${node} or later`);
  for (const file of ['README.md', 'examples/demo/README.md', 'examples/demo/main.ts']) {
    const text = read(file).replace(/\s+/g, ' ');
    assert.match(text, need, `${file} says the Inspector ${version} needs Node ${node} or later`);
    for (const [, used] of text.matchAll(/inspector@(\d+\.\d+\.\d+)/g)) assert.is(used, version);
  }
});

// check:guides on a tree of its own: links from every guide and README, and the README's length.
async function checkGuides(files: Record<string, string>) {
  const tree = mkdtempSync(join(tmpdir(), 'check-guides-'));
  try {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(tree, path)), { recursive: true });
      writeFileSync(join(tree, path), text);
    }
    const script = new URL('scripts/check-guides.ts', root).pathname;
    const args = ['--import', 'tsx', script, '--links-only', '--root', tree];
    const env = { ...process.env, NODE_V8_COVERAGE: '', FORCE_COLOR: '0' };
    return await promisify(execFile)(process.execPath, args, { env }).then(
      ({ stdout }) => ({ ok: true, output: stdout }),
      (error: { stderr: string }) => ({ ok: false, output: error.stderr }),
    );
  } finally {
    rmSync(tree, { recursive: true, force: true });
  }
}

front(
  'check:guides follows the links of the guides and of every README, and counts the README',
  async () => {
    const good = {
      'README.md': '# Front\n\n[A guide](docs/a.md#a-guide), [the demo](examples/demo/README.md)\n',
      'docs/a.md': '# A guide\n\n[Its demo](../examples/demo/README.md#the-demo)\n',
      'examples/demo/README.md': '# The demo\n\n[The bench](../../bench/README.md)\n',
      'bench/README.md': '# Bench\n\n[A guide](../docs/a.md)\n',
    };
    const passed = await checkGuides(good);
    assert.ok(passed.ok, passed.output);
    assert.match(passed.output, /in 4 files lead somewhere, README\.md 3 lines/);

    const failed = await checkGuides({
      ...good,
      'README.md': `# Front\n\n[A guide](docs/a.md#nowhere)\n${'line\n'.repeat(298)}`,
      'examples/demo/README.md': '# The demo\n\n[Gone](gone.md)\n',
      'bench/README.md': '# Bench\n\n[A guide](../docs/a.md#the-bench)\n',
    });
    assert.not.ok(failed.ok);
    assert.match(failed.output, 'README.md:3: docs/a.md#nowhere: no such heading');
    assert.match(failed.output, 'examples/demo/README.md:3: gone.md leads to no file');
    assert.match(failed.output, 'bench/README.md:3: ../docs/a.md#the-bench: no such heading');
    assert.match(failed.output, 'README.md: 301 lines, more than 300');
  },
);

front.run();
