// The package as users get it: its version, a core free of runtimes, vendorable sources, the example.
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { SERVER_VERSION } from '../src/index.js';

const root = new URL('../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');
// Every file of src/, its folders' included, by its path in src/.
const sources = readdirSync(new URL('src/', root), { recursive: true, encoding: 'utf8' }).filter(
  (name) => name.endsWith('.ts'),
);

const pkg = suite('package');

pkg('SERVER_VERSION is the version in package.json', () => {
  assert.is(SERVER_VERSION, JSON.parse(read('package.json')).version);
});

pkg('the core imports nothing but its own files, ajv and json-schema-to-ts types', () => {
  for (const name of sources) {
    const code = read(`src/${name}`)
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');
    const specifiers = [...code.matchAll(/\bfrom\s+'([^']+)'|\bimport\(\s*'([^']+)'/g)].map(
      (match) => match[1] ?? match[2],
    );
    for (const specifier of specifiers) {
      assert.ok(
        // A file of src/, in its own folder or another: nothing outside src/.
        (/^(\.\/|(\.\.\/)+)([a-z\d-]+\/)*[a-z\d-]+\.js$/.test(specifier!) &&
          new URL(specifier!, new URL(`src/${name}`, root)).href.startsWith(
            new URL('src/', root).href,
          )) ||
          specifier === 'ajv' ||
          specifier === 'ajv/dist/2020.js' ||
          specifier === 'json-schema-to-ts',
        `${name} imports ${specifier}`,
      );
    }
    assert.not.match(code, /\brequire\(|process\.|Buffer\b/, name);
  }
});

pkg('json-schema-to-ts is imported for types only, so its code never reaches the bundle', () => {
  for (const name of sources) {
    for (const line of read(`src/${name}`).split('\n')) {
      if (line.includes("'json-schema-to-ts'"))
        assert.match(line, /^(import|export) type /, `${name}: ${line}`);
    }
  }
  const pkgJson = JSON.parse(read('package.json'));
  // ajv is bundled into dist (see tsup.config.ts): no runtime dependency at all.
  assert.is(pkgJson.dependencies, undefined);
  assert.equal(Object.keys(pkgJson.peerDependencies), ['json-schema-to-ts']);
  assert.ok(pkgJson.files.includes('THIRD-PARTY-NOTICES.md'));
});

// A child process that imports the build, verifies its server, answers one tools/call, and prints
// which of the build's files were loaded: an ESM loader hook sees each one and posts its URL back.
const TRACE = `
import { register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';
const { port1, port2 } = new MessageChannel();
const loaded = [];
port1.on('message', (url) => loaded.push(url));
const hooks = 'let port; export function initialize(data) { port = data.port; }' +
  'export async function load(url, context, next) { port.postMessage(url); return next(url, context); }';
register('data:text/javascript,' + encodeURIComponent(hooks), { data: { port: port2 }, transferList: [port2] });
const core = await import(process.argv[1]);
if (process.argv[2] === 'precompiled') core.setSchemaCompiler(() => Object.assign(() => true, { errors: null }));
class Echo extends core.MCPToolBase {
  name = 'echo'; title = 'Echo'; description = 'Echo.'; argumentsSchema = { type: 'object' };
  run() { return 'ok'; }
}
class Server extends core.MCPServerBase {
  name = 'trace'; tools = core.toolsByName(new Echo());
  serverInfo() { return { name: 'trace', version: '1' }; }
}
await new Server().verify();
const answer = await new Server().handle({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo' } });
await new Promise((resolve) => setTimeout(resolve, 20));
port1.close();
console.log(JSON.stringify({ answer, loaded: loaded.filter((url) => url.startsWith('file:')) }));
`;

pkg(
  'ajv is loaded with the first schema it compiles, never by a server with precompiled validators, verified or not',
  async () => {
    const run = async (mode: string) => {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--input-type=module', '-e', TRACE, new URL('dist/index.js', root).href, mode],
        { cwd: new URL('.', root) },
      );
      const { answer, loaded } = JSON.parse(stdout) as { answer: unknown; loaded: string[] };
      assert.equal(answer, {
        jsonrpc: '2.0',
        id: 1,
        result: { content: [{ type: 'text', text: 'ok' }] },
      });
      const withAjv = loaded.filter((url) =>
        readFileSync(new URL(url), 'utf8').includes('node_modules/ajv/'),
      );
      // The Redis store is an entry of its own, never part of what the core loads.
      const withRedis = loaded.filter((url) =>
        readFileSync(new URL(url), 'utf8').includes('EVALSHA'),
      );
      assert.equal(withRedis, []);
      return { loaded, withAjv };
    };
    const precompiled = await run('precompiled');
    assert.ok(
      precompiled.loaded.some((url) => url.endsWith('/dist/index.js')),
      'the trace sees the build',
    );
    assert.equal(precompiled.withAjv, []);
    const compiled = await run('ajv');
    assert.is(compiled.withAjv.length, 1, 'ajv is one chunk of the build, loaded on demand');
  },
);

pkg('every file of the build is ASCII, and its chunk of ajv minified', () => {
  const built = readdirSync(new URL('dist/', root)).filter((name) => /\.c?js$/.test(name));
  assert.ok(built.includes('index.js') && built.includes('index.cjs'), 'the build is there');
  for (const name of built) {
    // One character past ASCII, in a comment even, and V8 holds and scans the whole file as
    // two-byte text: the import of dist/index.js took about a third longer.
    const at = read(`dist/${name}`).search(/[^\t\n\r -~]/);
    assert.is(at, -1, `dist/${name} has a non-ASCII character at ${at}`);
  }
  const ajv = built.filter((name) => name.startsWith('ajv-'));
  assert.is(ajv.length, 1);
  // Minified, the chunk is one line per module wrapper at most; as written, over seven thousand.
  assert.ok(read(`dist/${ajv[0]}`).split('\n').length < 100, `dist/${ajv[0]} is minified`);
});

pkg('THIRD-PARTY-NOTICES.md holds the licenses of what the build bundles', async () => {
  const { notices } = await import('../scripts/notices.js');
  assert.is(read('THIRD-PARTY-NOTICES.md'), notices());
});

pkg('the in-process example prints what its comments say', async () => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'examples/in-process.ts'],
    {
      cwd: root,
      // The child's coverage would be merged with this process's under other source maps.
      env: { ...process.env, NODE_V8_COVERAGE: '', FORCE_COLOR: '0' },
    },
  );
  const expected = [...read('examples/in-process.ts').matchAll(/^\/\/=> (.*)$/gm)].map(
    (match) => match[1],
  );
  assert.is(expected.length, 5);
  assert.equal(stdout.trim().split('\n'), expected);
});

pkg(
  'the 2026-07-28 client example holds a whole conversation with the demo, in plain fetch',
  async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'examples/modern-client.ts'],
      {
        cwd: root,
        env: { ...process.env, NODE_V8_COVERAGE: '', FORCE_COLOR: '0' },
      },
    );
    const answers = [...stdout.matchAll(/^← (\d+) (.*)$/gm)].map(([, status, body]) => [
      Number(status),
      JSON.parse(body!),
    ]);
    assert.equal(
      answers.map(([status]) => status),
      [200, 200, 200, 200, 404, 400],
    );
    assert.equal(answers[0]![1].result.supportedVersions[0], '2026-07-28');
    assert.is(answers[3]![1].result.isError, true);
    assert.is(answers[5]![1].error.code, -32020);
  },
);

pkg(
  'the README opens with the two commands; the protocol guide shows the in-process example',
  () => {
    const head = read('README.md').split('\n').slice(0, 10).join('\n');
    assert.match(head, /npm ci && npm start/);
    assert.match(head, /npm test/);
    const example = read('examples/in-process.ts');
    assert.ok(
      read('docs/protocol.md').includes(`\`\`\`ts\n${example}\`\`\``),
      'docs/protocol.md shows examples/in-process.ts',
    );
  },
);

pkg('every example imports the library by its name, so that it runs when copied out', () => {
  const examples = readdirSync(new URL('examples/', root), {
    recursive: true,
    encoding: 'utf8',
  }).filter((file) => file.endsWith('.ts') && !file.startsWith('workers/generated'));
  assert.ok(examples.length > 10, 'the examples are found');
  for (const file of examples) {
    const source = read(`examples/${file}`);
    assert.not.match(source, /from '(\.\.\/)+src\//, `${file} imports the library by path`);
  }
});

pkg('package.json says where the repository, its home page and its issues are', () => {
  const manifest = JSON.parse(read('package.json'));
  assert.match(manifest.repository.url, /^git\+https:\/\/github\.com\/.+\.git$/);
  assert.match(manifest.homepage, /^https:\/\//);
  assert.match(manifest.bugs.url, /\/issues$/);
});

pkg.run();
