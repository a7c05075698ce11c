// Vendoring: a copy of src/ compiles in another TypeScript project, under both module resolutions.
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

const root = fileURLToPath(new URL('../', import.meta.url));
const vendor = suite('vendoring');

const consumer = `import { defineTool, MCPServerBase, toolsByName } from './vendor/mcp/index.js';
import { TestClient } from './vendor/mcp/testing.js';

const Add = defineTool({
  name: 'add',
  title: 'Add',
  description: 'Adds two numbers.',
  argumentsSchema: {
    type: 'object',
    properties: { a: { type: 'number' }, b: { type: 'number' } },
    required: ['a', 'b'],
  },
  run: ({ a, b }) => String(a + b),
});

class Calc extends MCPServerBase {
  readonly name = 'calc';
  override readonly tools = toolsByName(new Add());
  serverInfo() {
    return { name: 'calc', version: '1.0.0' };
  }
  override instructions() {
    return '';
  }
}

export const answer = new TestClient(new Calc()).callTool('add', { a: 2, b: 3 });
`;

for (const resolution of ['NodeNext', 'Bundler'] as const) {
  vendor(`a copy of src/ compiles with moduleResolution ${resolution}`, async () => {
    // Inside the repository, so that ajv and json-schema-to-ts resolve from its node_modules.
    mkdirSync(join(root, 'node_modules/.cache'), { recursive: true });
    const dir = mkdtempSync(join(root, 'node_modules/.cache/vendor-'));
    try {
      cpSync(join(root, 'src'), join(dir, 'vendor/mcp'), { recursive: true });
      writeFileSync(join(dir, 'consumer.ts'), consumer);
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
      writeFileSync(
        join(dir, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            target: 'ES2022',
            lib: ['ES2022', 'DOM'],
            module: resolution === 'NodeNext' ? 'NodeNext' : 'ESNext',
            moduleResolution: resolution,
            strict: true,
            skipLibCheck: true,
            noEmit: true,
            types: [],
          },
          include: ['.'],
        }),
      );
      const tsc = join(root, 'node_modules/typescript/bin/tsc');
      const { stdout } = await promisify(execFile)(process.execPath, [tsc, '-p', dir]).catch(
        (error: { stdout: string }) => ({ stdout: error.stdout }),
      );
      assert.is(stdout, '');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

vendor.run();
