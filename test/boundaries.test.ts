// The boundary check (scripts/check-boundaries.ts, rules in scripts/boundaries.json): the project
// passes it, and a copy of it in which a part imports what its rule does not allow fails it.
import { execFile } from 'node:child_process';
import {
  appendFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

const root = fileURLToPath(new URL('..', import.meta.url));
const script = join(root, 'scripts', 'check-boundaries.ts');

// The check's exit code and what it wrote, run on the project or on another tree.
async function check(tree?: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const args = ['--import', 'tsx', script, ...(tree === undefined ? [] : ['--root', tree])];
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, args, { cwd: root });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}

// A copy of the project's src/ and rules, changed by `change`, checked.
async function checkChanged(change: (tree: string) => void) {
  const tree = mkdtempSync(join(tmpdir(), 'boundaries-'));
  try {
    cpSync(join(root, 'src'), join(tree, 'src'), { recursive: true });
    mkdirSync(join(tree, 'scripts'));
    cpSync(join(root, 'scripts', 'boundaries.json'), join(tree, 'scripts', 'boundaries.json'));
    change(tree);
    return await check(tree);
  } finally {
    rmSync(tree, { recursive: true, force: true });
  }
}

const boundaries = suite('boundaries');

boundaries('the project imports only what its rules allow', async () => {
  const { code, stdout, stderr } = await check();
  assert.is(code, 0, stderr);
  assert.match(stdout, /^boundaries: \d+ files in \d+ parts import only what their rules allow/);
});

boundaries('a type import of the server class from the core fails, named', async () => {
  const { code, stderr } = await checkChanged((tree) =>
    appendFileSync(
      join(tree, 'src', 'core', 'method-registry.ts'),
      "import type { MCPServerBase } from '../server-base.js';\n",
    ),
  );
  assert.is(code, 1);
  assert.match(
    stderr,
    'src/core/method-registry.ts imports src/server-base.ts, which src/core/ may not import',
  );
});

boundaries(
  'the wire types importing the core fail, and so do tasks importing a feature',
  async () => {
    const { code, stderr } = await checkChanged((tree) => {
      appendFileSync(
        join(tree, 'src', 'wire', 'types.ts'),
        "export type { RequestScope } from '../core/request-scope.js';\n",
      );
      appendFileSync(
        join(tree, 'src', 'tasks', 'store.ts'),
        "export const TOOLS = import('../tools/tool-methods.js');\n",
      );
    });
    assert.is(code, 1);
    assert.match(stderr, 'src/wire/types.ts imports src/core/request-scope.ts');
    assert.match(stderr, 'src/tasks/store.ts imports src/tools/tool-methods.ts');
  },
);

boundaries('a folder without a rule fails until it says what it holds and may import', async () => {
  const { code, stderr } = await checkChanged((tree) => {
    mkdirSync(join(tree, 'src', 'notifications'));
    writeFileSync(join(tree, 'src', 'notifications', 'store.ts'), 'export const NONE = 0;\n');
  });
  assert.is(code, 1);
  assert.match(stderr, 'src/notifications/ has no rule in scripts/boundaries.json');
});

boundaries('a part the architecture page does not name fails', async () => {
  const { code, stderr } = await checkChanged((tree) => {
    mkdirSync(join(tree, 'docs'));
    const page = readFileSync(join(root, 'docs', 'architecture.md'), 'utf8');
    writeFileSync(join(tree, 'docs', 'architecture.md'), page.replaceAll('`completions/`', 'it'));
  });
  assert.is(code, 1);
  assert.match(stderr, 'docs/architecture.md does not name src/completions/');
});

boundaries.run();
