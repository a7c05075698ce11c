// MCPToolBase and defineTool on their own: schemas, validation, results, caching.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  defineTool,
  ErrorCode,
  type JSONSchema,
  MCPServerBase,
  MCPToolBase,
  ProtocolError,
  RequestScope,
  setSchemaCompiler,
  type ToolArguments,
  ToolTimeoutError,
  toolsByName,
} from '../src/index.js';

async function rejects(run: () => Promise<unknown>, expected: RegExp) {
  try {
    await run();
  } catch (error) {
    assert.match((error as Error).message, expected);
    return;
  }
  assert.unreachable('it resolved');
}

const tool = suite('MCPToolBase');

tool('inputSchema is closed unless the schema says otherwise', () => {
  const open = defineTool({
    name: 'open',
    title: 'Open',
    description: 'Takes anything.',
    argumentsSchema: { type: 'object', additionalProperties: true },
    run: () => 'ok',
  });
  const composed = defineTool({
    name: 'composed',
    title: 'Composed',
    description: 'Composes.',
    argumentsSchema: {
      type: 'object',
      allOf: [{ properties: { a: { type: 'string' } } }, { properties: { b: { type: 'number' } } }],
    },
    run: () => 'ok',
  });
  assert.equal(new open().inputSchema(), { type: 'object', additionalProperties: true });
  assert.equal(new composed().inputSchema(), {
    type: 'object',
    allOf: [{ properties: { a: { type: 'string' } } }, { properties: { b: { type: 'number' } } }],
  });
});

tool(
  'dependentSchemas at the root leaves the schema open, so that its properties are allowed',
  async () => {
    const Dependent = defineTool({
      name: 'dependent',
      title: 'Dependent',
      description: 'b comes with a.',
      argumentsSchema: {
        type: 'object',
        properties: { a: { type: 'string' } },
        dependentSchemas: { a: { properties: { b: { type: 'string' } } } },
      },
      run: () => 'ok',
    });
    assert.is(new Dependent().inputSchema().additionalProperties, undefined);
    assert.equal(await new Dependent().call({ a: 'x', b: 'y' }), {
      content: [{ type: 'text', text: 'ok' }],
    });
  },
);

tool('an arguments schema that is not of type object is refused when the tool is defined', () => {
  assert.throws(
    () =>
      defineTool({
        name: 'bad',
        title: 'Bad',
        description: 'Takes a string.',
        argumentsSchema: { type: 'string' },
        run: () => 'never',
      }),
    /bad: argumentsSchema must be a JSON Schema of type "object"/,
  );
  class Bad extends MCPToolBase {
    readonly name = 'bad';
    readonly title = 'Bad';
    readonly description = 'Takes a string.';
    readonly argumentsSchema = { type: 'string' } as const;
    run() {
      return 'never';
    }
  }
  assert.throws(
    () => new Bad().definition(),
    /bad: argumentsSchema must be a JSON Schema of type "object"/,
  );
});

tool('the validator is compiled once per tool class, not per server or per call', async () => {
  const schema = {
    type: 'object',
    properties: { n: { type: 'integer' } },
  } as const satisfies JSONSchema;
  class Count extends MCPToolBase<typeof schema> {
    readonly name = 'count';
    readonly title = 'Count';
    readonly description = 'Counts.';
    // Inline, so a new object in every instance: the cache must not be keyed by it.
    readonly argumentsSchema = { type: 'object', properties: { n: { type: 'integer' } } } as const;
    run({ n }: ToolArguments<typeof schema>) {
      return String(n ?? 0);
    }
  }
  class Server extends MCPServerBase {
    readonly name = 'count';
    override readonly tools = toolsByName(new Count());
    serverInfo() {
      return { name: 'count', version: '1' };
    }
    override instructions() {
      return '';
    }
  }
  const compile = Ajv2020.prototype.compile;
  let compiled = 0;
  Ajv2020.prototype.compile = function (this: Ajv2020, ...args: Parameters<typeof compile>) {
    compiled++;
    return compile.apply(this, args);
  } as typeof compile;
  try {
    for (let i = 0; i < 50; i++) {
      await new Server().handle({
        jsonrpc: '2.0',
        id: i,
        method: 'tools/call',
        params: { name: 'count', arguments: { n: i } },
      });
    }
    assert.is(compiled, 1);
  } finally {
    Ajv2020.prototype.compile = compile;
  }
});

tool('call() validates, then runs; arguments may be left out', async () => {
  const Echo = defineTool({
    name: 'echo',
    title: 'Echo',
    description: 'Echoes.',
    argumentsSchema: {
      type: 'object',
      properties: { text: { type: 'string', default: 'nothing' } },
    },
    run: ({ text }) => text,
  });
  assert.equal(await new Echo().call(undefined), { content: [{ type: 'text', text: 'nothing' }] });
  assert.equal(await new Echo().call({ text: 'hi' }), { content: [{ type: 'text', text: 'hi' }] });
  await rejects(
    () => new Echo().call({ text: 1 }),
    /invalid arguments for echo: text: must be string/,
  );
});

tool("defineTool claims only what is declared: the specification's defaults otherwise", () => {
  const Write = defineTool({
    name: 'write',
    title: 'Write',
    description: 'Writes.',
    readOnly: false,
    argumentsSchema: { type: 'object' },
    run: () => 'written',
  });
  const Read = defineTool({
    name: 'read',
    title: 'Read',
    description: 'Reads.',
    readOnly: true,
    openWorld: false,
    argumentsSchema: { type: 'object' },
    run: () => 'read',
  });
  const Unsaid = defineTool({
    name: 'unsaid',
    title: 'Unsaid',
    description: 'Says nothing of itself.',
    argumentsSchema: { type: 'object' },
    run: () => 'done',
  });
  assert.equal(new Write().definition().annotations, {
    title: 'Write',
    readOnlyHint: false,
    idempotentHint: false,
    destructiveHint: true,
    openWorldHint: true,
  });
  assert.equal(new Read().definition().annotations, {
    title: 'Read',
    readOnlyHint: true,
    idempotentHint: true,
    destructiveHint: false,
    openWorldHint: false,
  });
  assert.equal(new Unsaid().definition().annotations, {
    title: 'Unsaid',
    readOnlyHint: false,
    idempotentHint: false,
    destructiveHint: true,
    openWorldHint: true,
  });
  assert.equal(new Unsaid().readOnly, undefined);
  assert.equal(new Unsaid().openWorld, undefined);
});

tool('a result with structuredContent but no outputSchema keeps its own content', async () => {
  const Both = defineTool({
    name: 'both',
    title: 'Both',
    description: 'Both.',
    argumentsSchema: { type: 'object' },
    run: () => ({ content: [{ type: 'text', text: 'two' }], structuredContent: { n: 2 } }),
  });
  assert.equal(await new Both().call({}), {
    content: [{ type: 'text', text: 'two' }],
    structuredContent: { n: 2 },
  });
});

tool('a tool may report its own failure as a result, and skip its outputSchema then', async () => {
  const Soft = defineTool({
    name: 'soft',
    title: 'Soft',
    description: 'Fails softly.',
    argumentsSchema: { type: 'object' },
    outputSchema: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] },
    run: () => ({ content: [{ type: 'text', text: 'no luck' }], isError: true }),
  });
  assert.equal(await new Soft().call({}), {
    content: [{ type: 'text', text: 'no luck' }],
    isError: true,
  });
});

tool(
  'content that is not an array, or output that is not a string or an object, is a server fault',
  async () => {
    const Broken = defineTool({
      name: 'broken',
      title: 'Broken',
      description: 'Broken.',
      argumentsSchema: { type: 'object', properties: { as: { type: 'string' } } },
      run: ({ as }) => (as === 'content' ? ({ content: 'text' } as never) : (null as never)),
    });
    await rejects(
      () => new Broken().call({ as: 'content' }),
      /broken: run\(\) returned content that is not an array/,
    );
    await rejects(
      () => new Broken().call({}),
      /broken: run\(\) must return a string or an object, not object/,
    );
  },
);

tool('a tool may throw a ProtocolError, answered with its code', async () => {
  const Strict = defineTool({
    name: 'strict',
    title: 'Strict',
    description: 'Strict.',
    argumentsSchema: { type: 'object' },
    run: () => {
      throw new ProtocolError(ErrorCode.InvalidParams, 'the resource does not exist.');
    },
  });
  class Server extends MCPServerBase {
    readonly name = 'strict';
    override readonly tools = toolsByName(new Strict());
    serverInfo() {
      return { name: 'strict', version: '1' };
    }
    override instructions() {
      return '';
    }
  }
  assert.equal(
    await new Server().handle({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'strict' },
    }),
    { jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'the resource does not exist.' } },
  );
});

tool('setSchemaCompiler replaces ajv, e.g. with validators generated at build time', async () => {
  const seen: unknown[] = [];
  const Pre = defineTool({
    name: 'pre',
    title: 'Pre',
    description: 'Validated by a precompiled validator.',
    argumentsSchema: { type: 'object', properties: { n: { type: 'integer' } } },
    run: ({ n }) => String(n),
  });
  const rejectAll = Object.assign(() => false, {
    errors: [
      {
        instancePath: '/n',
        keyword: 'type',
        message: 'says the precompiled validator',
        params: {},
        schemaPath: '',
      },
    ],
  });
  setSchemaCompiler((schema) => {
    seen.push(schema);
    return rejectAll as never;
  });
  try {
    await rejects(
      () => new Pre().call({ n: 1 }),
      /invalid arguments for pre: n: says the precompiled validator/,
    );
    assert.equal(seen, [new Pre().validationSchema()]);
    assert.equal(new Pre().validationSchema(), {
      type: 'object',
      properties: { n: { type: 'integer' } },
      additionalProperties: false,
    });
  } finally {
    setSchemaCompiler(undefined);
  }
  const After = defineTool({
    ...{ name: 'after', title: 'After', description: 'After.' },
    argumentsSchema: { type: 'object' },
    run: () => 'ok',
  });
  assert.equal(await new After().call({}), { content: [{ type: 'text', text: 'ok' }] });
});

tool('a schema the compiler returns no validator for is compiled by ajv', async () => {
  const asked: unknown[] = [];
  setSchemaCompiler((schema) => {
    asked.push(schema);
    return undefined;
  });
  try {
    const Fallback = defineTool({
      ...{ name: 'fallback', title: 'Fallback', description: 'Validated by ajv.' },
      argumentsSchema: { type: 'object', properties: { n: { type: 'integer' } } },
      run: ({ n }) => String(n),
    });
    await rejects(
      () => new Fallback().call({ n: 'one' }),
      /invalid arguments for fallback: n: must be integer/,
    );
    assert.equal(await new Fallback().call({ n: 1 }), { content: [{ type: 'text', text: '1' }] });
    assert.is(asked.length, 1);
  } finally {
    setSchemaCompiler(undefined);
  }
});

tool('a schema is compiled once, however many first calls wait for it', async () => {
  let compiled = 0;
  setSchemaCompiler(() => {
    compiled++;
    return Object.assign(() => true, { errors: null });
  });
  try {
    const Once = defineTool({
      ...{ name: 'once', title: 'Once', description: 'Compiled once.' },
      argumentsSchema: { type: 'object' },
      outputSchema: { type: 'object', properties: { ok: { type: 'boolean' } } },
      run: () => ({ structuredContent: { ok: true } }),
    });
    const results = await Promise.all(Array.from({ length: 5 }, () => new Once().call({})));
    assert.is(results.length, 5);
    for (const result of results) assert.equal(result.structuredContent, { ok: true });
    // One for the arguments and one for the output, for all five calls.
    assert.is(compiled, 2);
  } finally {
    setSchemaCompiler(undefined);
  }
});

tool('a schema that failed to compile is tried again by the next call', async () => {
  let attempts = 0;
  setSchemaCompiler(() => {
    attempts++;
    if (attempts === 1) throw new Error('the compiler is not ready');
    return Object.assign(() => true, { errors: null });
  });
  try {
    const Retry = defineTool({
      ...{ name: 'retry', title: 'Retry', description: 'Compiled on the second try.' },
      argumentsSchema: { type: 'object' },
      run: () => 'ok',
    });
    await rejects(() => new Retry().call({}), /the compiler is not ready/);
    assert.equal(await new Retry().call({}), { content: [{ type: 'text', text: 'ok' }] });
    assert.is(attempts, 2);
  } finally {
    setSchemaCompiler(undefined);
  }
});

tool('a call past its timeout is a tool error, and its signal aborts', async () => {
  let signal: AbortSignal | undefined;
  const Slow = defineTool({
    name: 'slow',
    title: 'Slow',
    description: 'Waits for its signal.',
    argumentsSchema: { type: 'object' },
    timeoutMs: 30,
    run: (_args, context) =>
      new Promise<string>((resolve) => {
        signal = context.signal;
        const timer = setTimeout(() => resolve('finished'), 5_000);
        context.signal.addEventListener('abort', () => clearTimeout(timer));
      }),
  });
  class Server extends MCPServerBase {
    readonly name = 'slow';
    override readonly tools = toolsByName(new Slow());
    serverInfo() {
      return { name: 'slow', version: '1' };
    }
    override instructions() {
      return '';
    }
  }
  const started = Date.now();
  assert.equal(
    await new Server().handle({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'slow' },
    }),
    {
      jsonrpc: '2.0',
      id: 1,
      result: { content: [{ type: 'text', text: 'slow timed out after 30 ms' }], isError: true },
    },
  );
  assert.ok(Date.now() - started < 1_000);
  assert.is(signal?.aborted, true);
  assert.instance(signal?.reason, ToolTimeoutError);
});

tool(
  "the server's toolTimeoutMs applies to a tool without its own; a quick tool is never cut",
  async () => {
    const Wait = defineTool({
      name: 'wait',
      title: 'Wait',
      description: 'Waits ms.',
      argumentsSchema: {
        type: 'object',
        properties: { ms: { type: 'integer' } },
        required: ['ms'],
      },
      run: ({ ms }) =>
        new Promise<string>((resolve) => setTimeout(() => resolve(`waited ${ms}`), ms)),
    });
    class Server extends MCPServerBase {
      readonly name = 'wait';
      override readonly tools = toolsByName(new Wait());
      override readonly toolTimeoutMs = 40;
      serverInfo() {
        return { name: 'wait', version: '1' };
      }
      override instructions() {
        return '';
      }
    }
    const call = (ms: number) =>
      new Server().handle({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'wait', arguments: { ms } },
      });
    assert.equal(await call(1), {
      jsonrpc: '2.0',
      id: 1,
      result: { content: [{ type: 'text', text: 'waited 1' }] },
    });
    assert.equal(await call(500), {
      jsonrpc: '2.0',
      id: 1,
      result: { content: [{ type: 'text', text: 'wait timed out after 40 ms' }], isError: true },
    });
  },
);

tool('a signal asked for after the call was aborted is aborted already', () => {
  const context = new RequestScope();
  context.abort('late');
  assert.is(context.signal.aborted, true);
  assert.is(context.signal.reason, 'late');
  assert.is(new RequestScope().signal.aborted, false);
});

tool('toolsByName keeps the order and refuses two tools with one name', () => {
  const make = (name: string) =>
    new (defineTool({
      name,
      title: name,
      description: name,
      argumentsSchema: { type: 'object' },
      run: () => name,
    }))();
  assert.equal(
    [...toolsByName(make('b'), make('a'), make('__proto__')).keys()],
    ['b', 'a', '__proto__'],
  );
  assert.throws(() => toolsByName(make('a'), make('a')), /two tools are named a/);
});

tool.run();
