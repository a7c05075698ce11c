// The bench scripts that plain `node` runs, bundled with esbuild (a root dev dependency) into
// bench/.out/: the HTTP servers and the cold start, whose imports of this library point at the
// build (dist/), the cold start with the validators it may load instead of ajv; and the profiler,
// with the library's sources bundled in, unminified, with an inline source map.
import { writeFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { toolSchemas, validatorsModule } from '../examples/workers/build.js';
import { BenchServer } from './contenders/ours.js';

const bench = new URL('./', import.meta.url);
/** A file of bench/.out/, by its name there. */
export const out = (name: string) => new URL(`.out/${name}`, bench).pathname;

/** What every script here is bundled as: one ES module for plain `node`. */
export const NODE_SCRIPT = {
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  logLevel: 'warning',
} as const;

// `../src/index.js` (from bench/ and examples/) and `../../src/index.js` (from bench/contenders/) →
// the build, dist/index.js, by its file URL, whatever the depth of the output; `src/http.js`
// likewise.
const dist = (name: string) => pathToFileURL(new URL(`../dist/${name}.js`, bench).pathname).href;
export const libraryFromDist: Plugin = {
  name: 'library-from-dist',
  setup(esbuild) {
    esbuild.onResolve({ filter: /\/src\/(index|http)\.js$/ }, ({ path }) => ({
      path: dist(path.endsWith('/http.js') ? 'http' : 'index'),
      external: true,
    }));
  },
};

/**
 * Bundle bench/http-server.ts into bench/.out/http/http-server.mjs, this library's imports
 * pointing at the build, as a user's server runs it; the peers stay packages. Each server's code is
 * a chunk of its own, loaded only by that server: a floor never loads the library or a peer.
 * Returns the entry's path.
 */
export async function bundleHttpServer(): Promise<string> {
  await build({
    entryPoints: [new URL('http-server.ts', bench).pathname],
    outdir: out('http'),
    splitting: true,
    outExtension: { '.js': '.mjs' },
    ...NODE_SCRIPT,
    packages: 'external',
    plugins: [libraryFromDist],
  });
  return out('http/http-server.mjs');
}

/**
 * Bundle bench/inprocess.ts, bench/paired.ts and bench/heap.ts into bench/.out/inprocess/, this library's imports
 * pointing at the build, as a user's code runs it (tsx, which keeps every function's name, would
 * add a call to each closure made per request); each contender a chunk of its own. Returns the
 * scripts' paths.
 */
export async function bundleInProcess(): Promise<{
  inprocess: string;
  paired: string;
  heap: string;
}> {
  await build({
    entryPoints: ['inprocess.ts', 'paired.ts', 'heap.ts'].map(
      (name) => new URL(name, bench).pathname,
    ),
    outdir: out('inprocess'),
    splitting: true,
    outExtension: { '.js': '.mjs' },
    ...NODE_SCRIPT,
    packages: 'external',
    plugins: [libraryFromDist],
  });
  return {
    inprocess: out('inprocess/inprocess.mjs'),
    paired: out('inprocess/paired.mjs'),
    heap: out('inprocess/heap.mjs'),
  };
}

/**
 * Write bench/.out/validators.mjs: the benchmark's validators generated at build time, as
 * examples/workers/build.ts does for a worker, bundled with the ajv runtime helpers they require.
 * The cold start and the HTTP server `ours-generated` load it in place of ajv.
 */
export async function bundleValidators(): Promise<void> {
  const generated = out('validators.source.mjs');
  const tools = new BenchServer().tools.values();
  await writeFile(generated, validatorsModule(toolSchemas(tools)));
  await build({
    entryPoints: [generated],
    outfile: out('validators.mjs'),
    ...NODE_SCRIPT,
  });
}

/**
 * Bundle bench/cold-start.ts into bench/.out/cold-start.mjs, and beside it validators.mjs (see
 * {@link bundleValidators}). Returns the script's path.
 */
export async function bundleColdStart(): Promise<string> {
  await bundleValidators();
  const outfile = out('cold-start.mjs');
  await build({
    entryPoints: [new URL('cold-start.ts', bench).pathname],
    outfile,
    ...NODE_SCRIPT,
    plugins: [libraryFromDist],
  });
  return outfile;
}

/** Bundle bench/profile.ts, sources and all, into bench/.out/profile.mjs; returns its path. */
export async function bundleProfile(): Promise<string> {
  const outfile = out('profile.mjs');
  await build({
    entryPoints: [new URL('profile.ts', bench).pathname],
    outfile,
    ...NODE_SCRIPT,
    packages: 'external',
    sourcemap: 'inline',
    keepNames: false,
  });
  return outfile;
}
