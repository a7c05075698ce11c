// The README's first steps, as a newcomer runs them: the server, served over node:http and called
// by the official SDK client, and tried with the test client; the README shows each file as it is.
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

const root = new URL('../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');
// A child's coverage would be merged with this process's under other source maps.
const env = { ...process.env, NODE_V8_COVERAGE: '', FORCE_COLOR: '0', PORT: '0' };

const quickstart = suite('quickstart');

quickstart('the README shows the quickstart files as they are', () => {
  const readme = read('README.md');
  for (const file of ['server.ts', 'serve.ts', 'try.ts']) {
    const source = read(`examples/quickstart/${file}`);
    assert.ok(readme.includes(`\`\`\`ts\n${source}\`\`\``), `README shows ${file}`);
  }
});

quickstart('try.ts prints what its comments say', async () => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'examples/quickstart/try.ts'],
    { cwd: root, env },
  );
  const expected = [...read('examples/quickstart/try.ts').matchAll(/^\/\/=> (.*)$/gm)].map(
    (match) => match[1],
  );
  assert.is(expected.length, 2);
  assert.equal(stdout.trim().split('\n'), expected);
});

quickstart('serve.ts answers the SDK client over HTTP', async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'examples/quickstart/serve.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit');
  try {
    let stdout = '';
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`not listening: ${stdout}`)), 30_000);
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk;
        const found = /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stdout)?.[1];
        if (found === undefined) return;
        clearTimeout(timer);
        resolve(found);
      });
    });
    const client = new Client({ name: 'quickstart-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    try {
      const { tools } = await client.listTools();
      assert.equal(
        tools.map((tool) => [
          tool.name,
          tool.annotations?.readOnlyHint,
          tool.annotations?.openWorldHint,
        ]),
        [['greet', true, false]],
      );
      assert.equal(client.getServerVersion(), { name: 'greet', version: '1.0.0' });
      const result = await client.callTool({ name: 'greet', arguments: { name: 'Ada' } });
      assert.equal(result.content, [{ type: 'text', text: 'Hello, Ada!' }]);
    } finally {
      await client.close();
    }
  } finally {
    child.kill();
    await exited;
  }
});

quickstart.run();
