// The limits, each at its edge: arguments' depth and size, batch size and body bytes are tested
// with their own features (server.test.ts, http.test.ts).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  defineTool,
  MCPServerBase,
  mcpserverToolCalled,
  type ToolCalled,
  toolsByName,
} from '../src/index.js';

const Echo = defineTool({
  name: 'echo',
  title: 'Echo',
  description: 'Says how many keys it got.',
  argumentsSchema: { type: 'object', additionalProperties: true },
  run: (args) => `${Object.keys(args).length} keys`,
});

class Limited extends MCPServerBase {
  readonly name = 'limited';
  override readonly tools = toolsByName(new Echo());
  override readonly maxArgumentsDepth: number = 4;
  override readonly maxArgumentsBytes: number = 64;
  serverInfo() {
    return { name: 'limited', version: '1' };
  }
  override instructions() {
    return '';
  }
}

class Defaults extends Limited {
  override readonly maxArgumentsDepth = 32;
  override readonly maxArgumentsBytes = 1024 * 1024;
}

const call = (args: unknown, server: MCPServerBase = new Limited()) =>
  server.handle({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: 'echo', arguments: args },
  });
const ok = (text: string) => ({
  jsonrpc: '2.0',
  id: 1,
  result: { content: [{ type: 'text', text }] },
});
const refused = (problem: string) => ({
  jsonrpc: '2.0',
  id: 1,
  result: {
    content: [{ type: 'text', text: `invalid arguments for echo: ${problem}` }],
    isError: true,
  },
});

function nested(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = {};
  for (let level = 1; level < levels; level++) value = { a: value };
  return value;
}

const limits = suite('limits');

limits('arguments may nest maxArgumentsDepth levels, not one more', async () => {
  assert.equal(await call(nested(4)), ok('1 keys'));
  assert.equal(await call(nested(5)), refused('arguments: nest deeper than 4 levels'));
  assert.equal(await call({ list: [[[[1]]]] }), refused('arguments: nest deeper than 4 levels'));
  assert.equal(await call({ list: [[[1]]] }), ok('1 keys'));
});

limits('a value nested 100,000 deep is refused at once, by default at 32 levels', async () => {
  const started = performance.now();
  assert.equal(
    await call(nested(100_000), new Defaults()),
    refused('arguments: nest deeper than 32 levels'),
  );
  assert.ok(performance.now() - started < 500);
  assert.equal(await call(nested(32), new Defaults()), ok('1 keys'));
  assert.equal(
    await call(nested(33), new Defaults()),
    refused('arguments: nest deeper than 32 levels'),
  );
});

limits(
  'arguments may take maxArgumentsBytes bytes of JSON, not one more, counted in UTF-8',
  async () => {
    const fits = { text: 'x'.repeat(53) }; // {"text":"…"} is 11 bytes around it
    assert.is(JSON.stringify(fits).length, 64);
    assert.equal(await call(fits), ok('1 keys'));
    assert.equal(
      await call({ text: 'x'.repeat(54) }),
      refused('arguments: are 65 bytes of JSON, more than 64'),
    );
    assert.equal(await call({ text: `${'x'.repeat(51)}é` }), ok('1 keys'));
    assert.equal(
      await call({ text: `${'x'.repeat(52)}é` }),
      refused('arguments: are 65 bytes of JSON, more than 64'),
    );
  },
);

limits('the default size limit is 1 MiB', async () => {
  const server = new Defaults();
  assert.equal(await call({ text: 'x'.repeat(1024 * 1024 - 11) }, server), ok('1 keys'));
  assert.equal(
    await call({ text: 'x'.repeat(1024 * 1024 - 10) }, server),
    refused('arguments: are 1048577 bytes of JSON, more than 1048576'),
  );
});

limits('arguments that are not JSON (in-process only) are refused, not a crash', async () => {
  const cycle: Record<string, unknown> = { a: 1 };
  cycle.self = { back: cycle };
  const big = { n: 1n };
  assert.equal(await call(cycle, new Defaults()), refused('arguments: nest deeper than 32 levels'));
  assert.equal(await call(big, new Defaults()), refused('arguments: are not JSON'));
});

limits('a refusal is signalled as invalid arguments', async () => {
  const seen: ToolCalled[] = [];
  const off = mcpserverToolCalled.connect((event) => seen.push(event));
  await call(nested(9));
  off();
  assert.equal(
    seen.map(({ tool, outcome }) => [tool, outcome]),
    [['echo', 'invalid-arguments']],
  );
});

limits('a batch may hold maxBatchSize messages, not one more', async () => {
  class Small extends Limited {
    override readonly maxBatchSize = 3;
  }
  const ping = (id: number) => ({ jsonrpc: '2.0', id, method: 'ping' });
  assert.equal(await new Small().handle([ping(1), ping(2), ping(3)]), [
    { jsonrpc: '2.0', id: 1, result: {} },
    { jsonrpc: '2.0', id: 2, result: {} },
    { jsonrpc: '2.0', id: 3, result: {} },
  ]);
  assert.equal(await new Small().handle([ping(1), ping(2), ping(3), ping(4)]), {
    jsonrpc: '2.0',
    id: null,
    error: { code: -32600, message: 'A batch may hold at most 3 messages.' },
  });
});

limits.run();
