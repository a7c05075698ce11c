// The examples a user copies, compiled as in a project of the user's with every strict flag on,
// against the package's published declarations (dist/*.d.ts), as an install sees them; and the
// lengths the serving guide gives them, true.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

const root = fileURLToPath(new URL('../', import.meta.url));
const test = suite('examples');

const examples = [
  'examples/node-http.ts',
  ...['adapters', 'quickstart', 'serverless'].flatMap((folder) =>
    readdirSync(join(root, 'examples', folder))
      .filter((name) => name.endsWith('.ts'))
      .map((name) => `examples/${folder}/${name}`),
  ),
  'examples/workers/worker.ts',
];

// dist/ as the sources are now: built when missing or older than a source file.
function builtDeclarations(): void {
  const built = (() => {
    try {
      return statSync(join(root, 'dist/http.d.ts')).mtimeMs;
    } catch {
      return 0;
    }
  })();
  const src = join(root, 'src');
  if (readdirSync(src).every((name) => statSync(join(src, name)).mtimeMs <= built)) return;
  execFileSync(process.execPath, [join(root, 'node_modules/tsup/dist/cli-default.js')], {
    cwd: root,
    stdio: 'ignore',
  });
}

test('every example compiles under strict, exactOptionalPropertyTypes, noUncheckedIndexedAccess, noPropertyAccessFromIndexSignature', () => {
  builtDeclarations();
  const project = mkdtempSync(join(tmpdir(), 'mcp-strict-'));
  try {
    const dist = (entry: string) => [join(root, `dist/${entry}.d.ts`)];
    const config = {
      compilerOptions: {
        target: 'ES2022',
        lib: ['ES2022', 'DOM'],
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        types: ['node'],
        typeRoots: [join(root, 'node_modules/@types')],
        strict: true,
        exactOptionalPropertyTypes: true,
        noUncheckedIndexedAccess: true,
        noPropertyAccessFromIndexSignature: true,
        noImplicitOverride: true,
        noImplicitReturns: true,
        noFallthroughCasesInSwitch: true,
        noUnusedLocals: true,
        noUnusedParameters: true,
        verbatimModuleSyntax: true,
        isolatedModules: true,
        // The declarations of the libraries too: a user may not skip them.
        skipLibCheck: false,
        noEmit: true,
        paths: {
          'mcp-protocol-core': dist('index'),
          'mcp-protocol-core/http': dist('http'),
          'mcp-protocol-core/testing': dist('testing'),
        },
      },
      files: examples.map((file) => join(root, file)),
    };
    writeFileSync(join(project, 'tsconfig.json'), JSON.stringify(config));
    let output = '';
    try {
      execFileSync(
        process.execPath,
        [join(root, 'node_modules/typescript/bin/tsc'), '-p', project],
        { cwd: project, encoding: 'utf8' },
      );
    } catch (error) {
      output = String((error as { stdout?: string }).stdout ?? error);
    }
    assert.is(output, '', output);
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
});

test('docs/serving.md gives the adapters their true length', () => {
  const guide = readFileSync(join(root, 'docs/serving.md'), 'utf8');
  for (const file of ['examples/node-http.ts', 'examples/adapters/stdio.ts']) {
    const lines = readFileSync(join(root, file), 'utf8').trimEnd().split('\n').length;
    const stated = new RegExp(`\`${file}\` \\((\\d+) lines`).exec(guide)?.[1];
    assert.is(Number(stated), lines, `${file} is ${lines} lines; the guide says ${stated}`);
  }
});

test.run();
