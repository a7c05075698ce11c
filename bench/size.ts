// The size check: the core bundle a user ships, ajv excluded, twice: the whole core (every export
// of dist/index.js, the ESM build), and what a tools-only server bundles (the server and tool base
// classes, and what they reach). Each is bundled with esbuild, minified, with ajv and
// json-schema-to-ts left out (the build's chunk of ajv, which the core imports on demand;
// json-schema-to-ts is types only), then gzipped. Should a build
// inline ajv into dist/index.js itself, the core is bundled the same way from the sources the
// build is made of, src/index.ts, and both sizes are printed. Fails over the budget. Builds dist/
// first when it is missing or older than a file of src/. Needs root dev dependencies only.
// The tools-only bundle must also hold nothing of the other features (resources, templates, URI
// templates, prompts, completions): see FEATURE_MARKS. With `--modules`, both bundles are made
// from src/ as well, and the bytes each module adds to them are listed, largest first.
//
//   npx tsx bench/size.ts            (npm run size)
//   npx tsx bench/size.ts --modules
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'esbuild';

/**
 * The budget of the whole core, in gzipped bytes: 21.70 KiB measured (raised for the fast paths:
 * URI templates matched in one scan, lists written once, and tools/call, resources/read and
 * resources/list, prompts/get, input rounds, batches and the HTTP layer answered without a promise
 * when the answer is there at once; then for prompts and resources shaped per protocol version, and
 * what read() and list() return checked: 22.30 KiB; then for every method's time limit and
 * 2026-07-28's notifications/cancelled: 22.39 KiB; then 0.47 KiB for input requests' answers
 * bound to their questions, the params signed in RFC 8785 canonical JSON, and a list of state
 * keys; then 0.17 KiB for two instances of one tool or prompt class made two definitions, the
 * server's name written once and scope.server: 23.12 KiB; then 4.07 KiB for the Tasks extension:
 * its lifecycle, the embedded store, tasksIn() and the task methods, a task's run kept alive by
 * a serverless runtime's waitUntil, scope.state carried from one run of a task to the next:
 * 27.29 KiB; then 0.03 KiB for the server's logging, its fields' checks and the Tasks extension's
 * offer called from modules of their own: 27.32 KiB; then 0.15 KiB for the bus's interface and
 * memoryBus(): 27.47 KiB; then 0.30 KiB for tasks over the bus, a run woken at once by a
 * write made on another replica: 27.77 KiB; then 1.43 KiB for questionsOn(): handshake-era
 * questions on the call's SSE answer, their answers taken once from their caller, through the bus
 * with an acknowledgement: 29.20 KiB; then 2.09 KiB for changes announced over the bus and
 * subscriptions/listen, its listeners, their limits and their tasks: 31.29 KiB; then 0.11 KiB for
 * a task's run that outlives its store's moment away: 31.40 KiB; then 0.42 KiB for the session
 * id that carries a handshake-era client's capabilities to its questions: 31.82 KiB; then 0.05 KiB
 * for a task's subscription made again when the bus lost it: 31.87 KiB; then 0.63 KiB for Standard
 * Schema beside JSON Schema: its JSON Schema listed, its validator, a chunk of its own that the
 * first Standard Schema loads, and what it finds told as ajv's is: 32.50 KiB; then 4.81 KiB for the
 * Skills extension: defineSkill() and skillFromFiles() with SKILL.md's front matter written and
 * read, skillsIn() with its template, manifests and digests, skills/list, skills/get and
 * resources/directory/read, while the Tasks extension's offer moved to tasksIn(): 37.31 KiB; then
 * 0.06 KiB for prompts of a Standard Schema: 37.37 KiB; then MCP Apps: defineAppView(),
 * withAppView(), appsOn() and supportsApps(), 0.90 KiB: 38.27 KiB; then 0.03 KiB for a Standard
 * Schema matched by the JSON Schema it gives: 38.30 KiB), and a small margin. 14 KiB is the aim.
 */
export const BUDGET = 38.32 * 1024;

/**
 * The budget of a tools-only server's bundle, in gzipped bytes: every server has the handshake, the
 * 2026-07-28 ladder, streaming and cancellation, and input requests with their signed state; the
 * other features come with their helpers (`resourcesByUri()`, `promptsByName()`, …), so they are
 * not in it. 15.81 KiB measured (raised for tools called at once and answered without a promise,
 * invalid arguments answered without an error, enum problems told once, and a whole tools/list
 * marked for the HTTP layer to write its JSON once, and a tool hidden by scope refused before its
 * `Mcp-Param-*` headers are read; then for the shaping per protocol version that tools share with
 * prompts and resources: 15.94 KiB; then for every method's time limit: 16.00 KiB; then 0.46 KiB
 * for input requests' answers bound to their questions, RFC 8785 canonical params and a list of
 * state keys; then 0.17 KiB for two instances of one tool class made two tools, the server's name
 * written once and scope.server: 16.64 KiB; then 0.23 KiB for what a tool needs to run as a task
 * (taskSupport, scope.runAsTask(), the tasks' methods looked up: the tasks themselves come with
 * tasksIn()): 16.89 KiB; then 0.06 KiB for the hook of handshake-era questions: the round that
 * marks a method that may ask, and the disconnect that ends its wait; the questions themselves
 * come with questionsOn(): 16.95 KiB; then 0.06 KiB for the hooks of listening: its method looked
 * up with a server's changes, their offer in server/discover, and the request's id on its scope:
 * 17.01 KiB; then 0.02 KiB for a question put only to a client that declared it: 17.03 KiB; then
 * 0.20 KiB for the hooks of Standard Schema: its JSON Schema taken from it when the tool is
 * defined, and its validator's chunk imported, and its parsed arguments awaited, when one is the
 * schema: the validator itself is not in it: 17.23 KiB; then 0.01 KiB for a Standard Schema matched
 * by the JSON Schema it gives: 17.25 KiB, with the extensions' changes since); 8 KiB is the aim.
 */
export const TOOLS_ONLY_BUDGET = 17.27 * 1024;

/** What a tools-only server imports. */
export const TOOLS_ONLY_ENTRY =
  "export { defineTool, MCPServerBase, MCPToolBase, ToolError, toolsByName } from './dist/index.js';";

/**
 * What no tools-only bundle may hold: each feature's method names, and a message of each of the
 * modules that only the other features use (MCP Apps' MIME type among them). (`prompts/get` is named in an input request's error
 * message, which every server has: the registry's entry is looked for.)
 */
export const FEATURE_MARKS: readonly (string | RegExp)[] = [
  'resources/list',
  'resources/templates/list',
  /["']resources\/read["']:/,
  'prompts/list',
  /["']prompts\/get["']:/,
  'completion/complete',
  'must be a URI with a scheme',
  'invalid URI template',
  'prompt arguments are strings',
  'text/html;profile=mcp-app',
];

const root = fileURLToPath(new URL('../', import.meta.url));
const dist = `${root}dist/index.js`;

function stale(): boolean {
  if (!existsSync(dist)) return true;
  const built = statSync(dist).mtimeMs;
  return readdirSync(`${root}src`, { recursive: true, encoding: 'utf8' }).some(
    (name) => statSync(`${root}src/${name}`).mtimeMs > built,
  );
}

interface Bundle {
  entry: string;
  /** The minified code. */
  code: string;
  minified: number;
  gzipped: number;
  /** Bytes of the minified output by input file, largest first. */
  inputs: [string, number][];
}

// The build marks each module it inlines with its path, relative to the project, in a comment and,
// for a CommonJS module, as the key of its wrapper (all that minifying leaves): the path of a
// hoisted or linked node_modules starts with `../`.
const AJV_MODULE = /(?:^\/\/ |")(?:\.\.\/)*(?:[\w.-]+\/)*node_modules\/ajv\//m;

// The build's chunk of a Standard Schema's validator, which the core imports with the first
// Standard Schema it validates: a server of JSON Schemas never loads it. Counted in the whole core,
// left out of a tools-only server.
const STANDARD_CHUNK = /^\.\/standard-validator(?:-\w+)?\.js$/;

// The build's own chunk of ajv, which the core imports on demand: left out, as ajv is; and, for a
// tools-only server, the chunk of Standard Schema's validator.
const chunksExternal = (standardToo: boolean): Plugin => ({
  name: 'ajv-chunk-external',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^\.\/[\w-]+\.js$/ }, ({ path, resolveDir, kind }) => {
      if (kind !== 'dynamic-import') return undefined;
      const file = `${resolveDir}/${path.slice(2)}`;
      // From src/, `./ajv.js` is a TypeScript module, which imports ajv, left out as it is.
      if (!existsSync(file)) return undefined;
      return AJV_MODULE.test(readFileSync(file, 'utf8')) ||
        (standardToo && STANDARD_CHUNK.test(path))
        ? { path, external: true }
        : undefined;
    });
  },
});

async function bundle(entry: string, contents?: string, toolsOnly = false): Promise<Bundle> {
  const result = await build({
    ...(contents === undefined
      ? { entryPoints: [entry] }
      : { stdin: { contents, resolveDir: root, sourcefile: entry } }),
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    external: ['ajv', 'ajv/*', 'json-schema-to-ts'],
    plugins: [chunksExternal(toolsOnly)],
    write: false,
    metafile: true,
    // The build imports its shared helper chunk bare; with `sideEffects: false`, nothing is lost.
    logOverride: { 'ignored-bare-import': 'silent' },
    absWorkingDir: root,
    logLevel: 'warning',
  });
  const code = result.outputFiles[0]!.contents;
  const output = Object.values(result.metafile.outputs)[0]!;
  return {
    entry: entry.slice(root.length),
    code: new TextDecoder().decode(code),
    minified: code.byteLength,
    gzipped: gzipSync(code, { level: 9 }).byteLength,
    inputs: Object.entries(output.inputs)
      .map(([file, { bytesInOutput }]): [string, number] => [file, bytesInOutput])
      .sort((a, b) => b[1] - a[1]),
  };
}

/** The core bundle's sizes, in bytes: what the budget is checked against, and the build's. */
export async function measureSize(): Promise<{
  minified: number;
  gzipped: number;
  entry: string;
  dist: { minified: number; gzipped: number; inlinesAjv: boolean };
  toolsOnly: { minified: number; gzipped: number; features: string[] };
}> {
  if (stale()) {
    const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('npm run build failed');
  }
  const fromDist = await bundle(dist);
  const inlinesAjv = fromDist.inputs.some(([file]) =>
    AJV_MODULE.test(readFileSync(`${root}${file}`, 'utf8')),
  );
  const core = inlinesAjv ? await bundle(`${root}src/index.ts`) : fromDist;
  const toolsOnly = await bundle(
    `${root}tools-only.js`,
    inlinesAjv ? TOOLS_ONLY_ENTRY.replace('./dist/index.js', './src/index.ts') : TOOLS_ONLY_ENTRY,
    true,
  );
  return {
    minified: core.minified,
    gzipped: core.gzipped,
    entry: core.entry,
    dist: { minified: fromDist.minified, gzipped: fromDist.gzipped, inlinesAjv },
    toolsOnly: {
      minified: toolsOnly.minified,
      gzipped: toolsOnly.gzipped,
      features: FEATURE_MARKS.filter((mark) =>
        typeof mark === 'string' ? toolsOnly.code.includes(mark) : mark.test(toolsOnly.code),
      ).map(String),
    },
  };
}

/**
 * The bytes each module of src/ adds to the minified bundles, largest first: the whole core, and a
 * tools-only server. Made from src/, since dist/ is flattened into a few files.
 */
export async function measureModules(): Promise<Record<'core' | 'toolsOnly', Bundle>> {
  return {
    core: await bundle(`${root}src/index.ts`),
    toolsOnly: await bundle(
      `${root}tools-only.js`,
      TOOLS_ONLY_ENTRY.replace('./dist/index.js', './src/index.ts'),
      true,
    ),
  };
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const size = await measureSize();
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(2)} KiB`;
  if (size.dist.inlinesAjv) {
    console.log(
      `dist/index.js inlines ajv (tsup noExternal): ${size.dist.minified} bytes minified, ` +
        `${size.dist.gzipped} bytes gzipped with it; the core without ajv is measured from ${size.entry}`,
    );
  }
  console.log(
    `core bundle (${size.entry}, esbuild --minify --format=esm, ajv and json-schema-to-ts external): ` +
      `${size.minified} bytes minified, ${size.gzipped} bytes gzipped (${kib(size.gzipped)}), ` +
      `${size.gzipped <= BUDGET ? 'within' : 'OVER'} the budget of ${BUDGET} bytes (${kib(BUDGET)})`,
  );
  console.log(
    `a tools-only server (${TOOLS_ONLY_ENTRY}): ${size.toolsOnly.minified} bytes minified, ` +
      `${size.toolsOnly.gzipped} bytes gzipped (${kib(size.toolsOnly.gzipped)}), ` +
      `${size.toolsOnly.gzipped <= TOOLS_ONLY_BUDGET ? 'within' : 'OVER'} the budget of ` +
      `${TOOLS_ONLY_BUDGET} bytes (${kib(TOOLS_ONLY_BUDGET)})`,
  );
  if (size.toolsOnly.features.length > 0) {
    console.log(
      `a tools-only server holds code of the other features: ${size.toolsOnly.features.join(', ')}`,
    );
  }
  if (
    size.gzipped > BUDGET ||
    size.toolsOnly.gzipped > TOOLS_ONLY_BUDGET ||
    size.toolsOnly.features.length > 0
  ) {
    process.exitCode = 1;
  }
  if (process.argv.includes('--modules')) {
    for (const [name, { minified, gzipped, inputs }] of Object.entries(await measureModules())) {
      console.log(`\n${name} from src/: ${minified} bytes minified, ${gzipped} gzipped`);
      for (const [file, bytes] of inputs)
        if (bytes > 0) console.log(`${String(bytes).padStart(7)}  ${file}`);
    }
  }
}
