// Cold start: a fresh process until the first tools/call is answered. bench/run.ts bundles this file
// with esbuild into bench/.out/cold-start.mjs, where this library's import points at the build,
// dist/index.js, so that plain `node` runs it with no TypeScript loader.
//
//   node bench/.out/cold-start.mjs ours         import the library, build the server, answer one
//                                               call: ajv is loaded and compiles the schema
//   node bench/.out/cold-start.mjs precompiled  the same, with the validators generated at build
//                                               time (bench/.out/validators.mjs): ajv never loads
//   node bench/.out/cold-start.mjs floor        JSON.parse the same request, JSON.stringify an answer
//
// Prints one JSON line: the answer, and the milliseconds since the process started.
import type { Validator } from '../src/index.js';
import { VALID_CALL, WORKLOADS } from './fixtures.js';

const body = WORKLOADS.find((workload) => workload.id === 'tools/call')!.body;
let answer: string | undefined;
if (process.argv[2] === 'floor') {
  const request = JSON.parse(body) as { id: number };
  answer = JSON.stringify({
    jsonrpc: '2.0',
    id: request.id,
    result: { content: [{ type: 'text', text: VALID_CALL.expected }] },
  });
} else {
  if (process.argv[2] === 'precompiled') {
    const { setSchemaCompiler } = await import('../src/index.js');
    // Beside this script, written by bench/bundle.ts; a path esbuild leaves alone.
    const file = new URL('./validators.mjs', import.meta.url).href;
    const { validators } = (await import(file)) as { validators: Record<string, Validator> };
    setSchemaCompiler((schema) => {
      const validate = validators[JSON.stringify(schema)];
      // Not ajv in its place, which would time the other start: a wrong answer, reported.
      if (validate === undefined) throw new Error('no validator was generated for this schema');
      return validate;
    });
  }
  const { BenchServer } = await import('./contenders/ours.js');
  answer = JSON.stringify(await new BenchServer().handle(JSON.parse(body)));
}
process.stdout.write(`${JSON.stringify({ ms: performance.now(), answer })}\n`);
