// The package as users get it: its version, a core free of runtimes, vendorable sources, the example.
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { SERVER_VERSION } from '../src/index.js';

const root = new URL('../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');
const sources = readdirSync(new URL('src/', root)).filter((name) => name.endsWith('.ts'));

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
        /^\.\/[a-z-]+\.js$/.test(specifier!) ||
          specifier === 'ajv/dist/2020.js' ||
          specifier === 'json-schema-to-ts',
        `${name} imports ${specifier}`,
      );
    }
    assert.not.match(read(`src/${name}`), /\brequire\(|process\.|Buffer\b/, name);
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

pkg('the README opens with the two commands, and shows the in-process example as it is', () => {
  const readme = read('README.md');
  const head = readme.split('\n').slice(0, 10).join('\n');
  assert.match(head, /npm ci && npm start/);
  assert.match(head, /npm test/);
  const example = read('examples/in-process.ts').replace(
    "from '../src/index.js'",
    "from 'mcp-protocol-core'",
  );
  assert.ok(readme.includes(`\`\`\`ts\n${example}\`\`\``), 'README shows examples/in-process.ts');
});

pkg.run();
