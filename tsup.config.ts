import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts', 'src/http.ts', 'src/testing.ts'],
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  target: 'es2022',
  sourcemap: false,
  // ajv's compiler, bundled: loaded from one file, it starts in a fifth of the time its hundred
  // CommonJS modules take, which is most of a server's cold start. Its types are not part of the
  // public API, so the declarations need it not.
  noExternal: ['ajv'],
});
