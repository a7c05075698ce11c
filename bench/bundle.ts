// The two bench scripts that plain `node` runs, bundled with esbuild (a root dev dependency) into
// bench/.out/: the cold start, whose import of this library points at the build (dist/index.js),
// and the profiler, with the library's sources bundled in, unminified, with an inline source map.
import { build, type Plugin } from 'esbuild';

const bench = new URL('./', import.meta.url);
const out = (name: string) => new URL(`.out/${name}`, bench).pathname;

// `../src/index.js` (from bench/) and `../../src/index.js` (from bench/contenders/) → the build,
// as seen from bench/.out/.
const libraryFromDist: Plugin = {
  name: 'library-from-dist',
  setup(esbuild) {
    esbuild.onResolve({ filter: /\/src\/index\.js$/ }, () => ({
      path: '../../dist/index.js',
      external: true,
    }));
  },
};

/** Bundle bench/cold-start.ts into bench/.out/cold-start.mjs; returns its path. */
export async function bundleColdStart(): Promise<string> {
  const outfile = out('cold-start.mjs');
  await build({
    entryPoints: [new URL('cold-start.ts', bench).pathname],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    plugins: [libraryFromDist],
    logLevel: 'warning',
  });
  return outfile;
}

/** Bundle bench/profile.ts, sources and all, into bench/.out/profile.mjs; returns its path. */
export async function bundleProfile(): Promise<string> {
  const outfile = out('profile.mjs');
  await build({
    entryPoints: [new URL('profile.ts', bench).pathname],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: 'inline',
    keepNames: false,
    logLevel: 'warning',
  });
  return outfile;
}
