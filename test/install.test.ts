// Installing from the repository, as a newcomer does before the package is published: a fresh
// clone holds no dist/, so packing it must build it (the `prepare` script, which npm also runs for
// `npm install github:…`), and the package it makes must work once installed in a new project,
// imported from ESM and required from CommonJS, each of its entries.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

const root = fileURLToPath(new URL('../', import.meta.url));
const run = (command: string, args: string[], cwd: string) =>
  promisify(execFile)(command, args, {
    cwd,
    // A child's coverage would be merged with this process's; npm's chatter stays out of the way.
    env: { ...process.env, NODE_V8_COVERAGE: '', FORCE_COLOR: '0', npm_config_loglevel: 'error' },
    maxBuffer: 16 * 1024 * 1024,
  });

// What a project does with the installed package: a server with one tool, called through the
// core, and through the test client of the `testing` entry.
const USE = (load: (entry: string) => string) => `
const core = ${load('mcp-protocol-core')};
const testing = ${load('mcp-protocol-core/testing')};
const redis = ${load('mcp-protocol-core/redis')};
const Greet = core.defineTool({
  name: 'greet', title: 'Greet', description: 'Says hello.',
  argumentsSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
  run: ({ name }) => 'Hello, ' + name + '!',
});
class Server extends core.MCPServerBase {
  name = 'greet';
  tools = core.toolsByName(new Greet());
  serverInfo() { return { name: 'greet', version: '1.0.0' }; }
}
const direct = await new Server().handle({
  jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'greet', arguments: { name: 'Ada' } },
});
const client = new testing.TestClient(() => new Server());
const viaClient = await client.callTool('greet', { name: 'Grace' });
const invalid = await client.callTool('greet', {});
// The Redis store, over a client that finds no task: the entry loads, and reads a reply.
const sent = [];
const tasks = redis.redisTaskStore({ sendCommand: async (args) => (sent.push(args[0]), [null, null]) });
const missing = (await tasks.get('t1')) === undefined && sent.join() === 'HMGET';
console.log(JSON.stringify({ direct: direct.result, viaClient, invalid: invalid.isError, missing }));
`;

const install = suite('install');
let work = '';

install.before(() => {
  work = mkdtempSync(join(tmpdir(), 'mcp-install-'));
});
install.after(() => {
  if (work !== '') rmSync(work, { recursive: true, force: true });
});

install('a fresh clone packs into a package that ESM and CommonJS projects import', async () => {
  // The committed tree, as `git clone` gives it: no dist/, no node_modules.
  const clone = join(work, 'clone');
  const { stdout: head } = await run('git', ['rev-parse', 'HEAD'], root);
  await run('git', ['clone', '--quiet', '--no-hardlinks', '--no-checkout', root, clone], work);
  await run('git', ['checkout', '--quiet', head.trim()], clone);
  assert.not.ok(existsSync(join(clone, 'dist')), 'a clone has no build');
  // The dependencies `npm ci` would install, without downloading them again.
  symlinkSync(join(root, 'node_modules'), join(clone, 'node_modules'), 'dir');

  await run('npm', ['pack', '--pack-destination', work], clone);
  const tarballs = readdirSync(work).filter((name) => name.endsWith('.tgz'));
  assert.equal(tarballs.length, 1);
  const { stdout: listing } = await run('tar', ['-tzf', join(work, tarballs[0]!)], work);
  for (const file of [
    'index.js',
    'index.cjs',
    'index.d.ts',
    'http.js',
    'testing.cjs',
    'redis.js',
    'redis.cjs',
    'redis.d.cts',
  ]) {
    assert.ok(listing.includes(`package/dist/${file}`), `the package holds dist/${file}`);
  }

  // A new project installs the tarball. The peer json-schema-to-ts is for types only: nothing
  // here needs it at run time, so it is left out, and the install needs no network.
  const app = join(work, 'app');
  await run('mkdir', [app], work);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true }));
  await run(
    'npm',
    [
      'install',
      '--offline',
      '--legacy-peer-deps',
      '--no-audit',
      '--no-fund',
      join(work, tarballs[0]!),
    ],
    app,
  );
  writeFileSync(
    join(app, 'esm.mjs'),
    USE((entry) => `await import('${entry}')`),
  );
  writeFileSync(
    join(app, 'cjs.cjs'),
    `(async () => {${USE((entry) => `require('${entry}')`)}})();`,
  );
  const expected = {
    direct: { content: [{ type: 'text', text: 'Hello, Ada!' }] },
    viaClient: { content: [{ type: 'text', text: 'Hello, Grace!' }] },
    invalid: true,
    missing: true,
  };
  for (const file of ['esm.mjs', 'cjs.cjs']) {
    const { stdout } = await run(process.execPath, [file], app);
    assert.equal(JSON.parse(stdout), expected, file);
  }
  // Each loaded the build of its own kind.
  const { stdout: resolved } = await run(
    process.execPath,
    ['-e', "console.log(require.resolve('mcp-protocol-core'))"],
    app,
  );
  assert.match(resolved.trim(), /node_modules\/mcp-protocol-core\/dist\/index\.cjs$/);
});

install.run();
