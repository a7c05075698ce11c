// What a tool's schemas and name must be, and when each mistake is found: the listed outputSchema
// accepts what results are checked against (the SDK's client checks them), dialects, schemas ajv
// refuses, tool names, unknown keywords.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createHttpHandler, nodeListener } from '../src/http.js';
import {
  type AnyTool,
  compileSchema,
  defineTool,
  type JSONSchema,
  MCPServerBase,
  MCPToolBase,
  schemaDialect,
  schemaProblems,
  setSchemaCompiler,
  toolsByName,
  verifyTools,
} from '../src/index.js';
import { TestClient } from '../src/testing.js';

function serverOf(...tools: AnyTool[]): MCPServerBase {
  return new (class extends MCPServerBase {
    readonly name = 'rules';
    override readonly tools = new Map(tools.map((tool) => [tool.name, tool]));
    serverInfo() {
      return { name: 'rules', version: '1.0.0' };
    }
    override instructions() {
      return '';
    }
  })();
}

async function rejects(run: () => Promise<unknown>, expected: RegExp): Promise<void> {
  try {
    await run();
  } catch (error) {
    assert.match((error as Error).message, expected);
    return;
  }
  assert.unreachable('it resolved');
}

const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

// A tool of the given arguments schema, defined as a class: the schema is checked when its
// definition is first built, not when the class is declared.
function classTool(name: string, argumentsSchema: unknown, outputSchema?: unknown): AnyTool {
  class Tool extends MCPToolBase {
    readonly name = name;
    readonly title = name;
    readonly description = `${name}.`;
    readonly argumentsSchema = argumentsSchema as JSONSchema;
    override readonly outputSchema = outputSchema as JSONSchema | undefined;
    run() {
      return { content: [], structuredContent: {} };
    }
  }
  return new Tool();
}

const output = suite('the listed outputSchema');

output(
  'accepts null where the schema as written does, so the SDK client takes the result',
  async () => {
    const Note = defineTool({
      name: 'read_note',
      title: 'Read a note',
      description: 'The note, or null when there is none.',
      argumentsSchema: { type: 'object' },
      outputSchema: {
        title: 'Note',
        type: 'object',
        properties: {
          note: { type: ['string', 'null'], title: 'Note' },
          tag: { anyOf: [{ type: 'string' }, { type: 'null' }], default: null },
        },
        required: ['note', 'tag'],
      },
      run: () => ({ structuredContent: { note: null, tag: null } }),
    });
    assert.equal(new Note().definition().outputSchema, {
      type: 'object',
      properties: {
        note: { type: ['string', 'null'] },
        tag: { anyOf: [{ type: 'string' }, { type: 'null' }] },
      },
      required: ['note', 'tag'],
    });
    const http: Server = createServer(nodeListener(createHttpHandler(() => serverOf(new Note()))));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const { port } = http.address() as AddressInfo;
    const client = new Client({ name: 'schema-rules-test', version: '1.0.0' });
    try {
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`)),
      );
      // The client keeps the listed schemas, and checks every result against them.
      await client.listTools();
      const result = await client.callTool({ name: 'read_note', arguments: {} });
      assert.equal(result.structuredContent, { note: null, tag: null });
      assert.is(result.isError, undefined);
    } finally {
      await client.close();
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    }
  },
);

output.run();

const dialects = suite('JSON Schema dialects');

dialects(
  'a schema is validated by the dialect its $schema declares, 2020-12 by default',
  async () => {
    const Pair07 = defineTool({
      name: 'pair_07',
      title: 'Pair',
      description: 'A name and a count, as a draft-07 tuple.',
      argumentsSchema: {
        $schema: DRAFT_07,
        type: 'object',
        properties: {
          pair: {
            type: 'array',
            items: [{ type: 'string' }, { type: 'integer' }],
            additionalItems: false,
          },
        },
      } as JSONSchema,
      run: () => 'ok',
    });
    const Pair2020 = defineTool({
      name: 'pair_2020',
      title: 'Pair',
      description: 'A name and a count, as a 2020-12 tuple.',
      argumentsSchema: {
        type: 'object',
        properties: {
          pair: {
            type: 'array',
            prefixItems: [{ type: 'string' }, { type: 'integer' }],
            items: false,
          },
        },
      } as JSONSchema,
      run: () => 'ok',
    });
    const client = new TestClient(serverOf(new Pair07(), new Pair2020()));
    for (const name of ['pair_07', 'pair_2020']) {
      assert.equal(await client.callTool(name, { pair: ['a', 1] }), {
        content: [{ type: 'text', text: 'ok' }],
      });
      const wrong = await client.callTool(name, { pair: ['a', 'b'] });
      assert.equal(wrong.content, [
        { type: 'text', text: `invalid arguments for ${name}: pair.1: must be integer` },
      ]);
      const long = await client.callTool(name, { pair: ['a', 1, 2] });
      assert.is(long.isError, true, name);
    }
    assert.is(schemaDialect({ type: 'object' }), '2020-12');
    assert.is(schemaDialect({ $schema: DRAFT_07 }), 'draft-07');
    assert.is(
      schemaDialect({ $schema: 'https://json-schema.org/draft/2020-12/schema' }),
      '2020-12',
    );
  },
);

dialects('a $schema of another dialect is refused when the tool is defined, naming both', () => {
  assert.throws(
    () =>
      defineTool({
        name: 'old',
        title: 'Old',
        description: 'Draft-04.',
        argumentsSchema: { $schema: 'http://json-schema.org/draft-04/schema#', type: 'object' },
        run: () => 'never',
      }),
    (error: Error) =>
      error.message ===
      'old: argumentsSchema at /$schema: "http://json-schema.org/draft-04/schema#" is a JSON Schema dialect this server does not validate (it validates 2020-12 and draft-07)',
  );
});

dialects("each dialect's own keywords: a tuple of the other dialect is refused", () => {
  assert.equal(schemaProblems({ type: 'array', items: [{ type: 'string' }] }), [
    'at the root: items is an array of schemas, as in draft-07: JSON Schema 2020-12 names it prefixItems',
  ]);
  assert.equal(schemaProblems({ $schema: DRAFT_07, prefixItems: [{ type: 'string' }] }), [
    'at the root: unknown keyword "prefixItems" in JSON Schema draft-07 (an annotation of your own is named x-…)',
  ]);
});

dialects.run();

const broken = suite('a broken schema');

const BROKEN: [string, unknown, RegExp][] = [
  ['a bad type', { type: 'strng' }, /at \/properties\/x: type "strng" is not one of null, boolean/],
  ['a bad pattern', { type: 'string', pattern: '([' }, /at \/properties\/x: pattern "\(\[" is not/],
  ['a dangling $ref', { $ref: '#/$defs/nowhere' }, /\$ref "#\/\$defs\/nowhere" leads nowhere/],
  [
    'a remote $ref',
    { $ref: 'https://example.com/schema.json' },
    /\$ref "https:\/\/example.com\/schema.json" leads out of the schema, and no schema is fetched/,
  ],
  ['an unknown anchor', { $ref: '#nowhere' }, /\$ref "#nowhere" names no anchor/],
  ['a required that is no array', { type: 'object', required: 'a' }, /required must be an array/],
];

for (const [what, schema, expected] of BROKEN) {
  broken(`${what} is refused when the tool is defined, with its name and the reason`, () => {
    const argumentsSchema = { type: 'object', properties: { x: schema } };
    let message = '';
    try {
      defineTool({
        ...{ name: 'broken', title: 'Broken', description: 'Broken.' },
        argumentsSchema: argumentsSchema as JSONSchema,
        run: () => 'never',
      });
    } catch (error) {
      message = (error as Error).message;
    }
    assert.match(message, /^broken: argumentsSchema at /);
    assert.match(message, expected);
    // A class is checked when its definition is first built: toolsByName builds it.
    assert.throws(() => toolsByName(classTool('broken', argumentsSchema)), expected);
    // And so is an output schema.
    assert.throws(
      () => classTool('broken', { type: 'object' }, argumentsSchema).definition(),
      /^broken: outputSchema at /,
    );
  });
}

broken('local references, anchors and $ids resolve', () => {
  assert.equal(
    schemaProblems({
      $id: 'https://example.com/root',
      $defs: {
        a: { $anchor: 'first', type: 'string' },
        b: { $id: 'item', type: 'integer' },
        'c/d': { type: 'null' },
      },
      properties: {
        a: { $ref: '#/$defs/a' },
        anchor: { $ref: '#first' },
        item: { $ref: 'item' },
        absolute: { $ref: 'https://example.com/item' },
        escaped: { $ref: '#/$defs/c~1d' },
        root: { $ref: '#' },
      },
    }),
    [],
  );
  assert.equal(
    schemaProblems({ $schema: DRAFT_07, definitions: { a: { $id: '#a' } }, $ref: '#a' }),
    [],
  );
});

broken('what is no schema, no URI or no pointer is told too', () => {
  assert.equal(
    schemaProblems({
      properties: { a: 'string', b: { $id: 'http://[bad' }, c: { $ref: '#/%E0%A4%A' } },
      allOf: { type: 'string' },
      $defs: [],
      required: [1],
      pattern: 5,
    }),
    [
      'at /properties/a: a schema must be an object or a boolean',
      'at /properties/b: $id "http://[bad" is not a URI',
      'at the root: allOf must be an array of schemas',
      'at the root: $defs must be an object of schemas',
      'at the root: required must be an array of property names',
      'at the root: pattern 5 is not a regular expression',
      'at /properties/c: $ref "#/%E0%A4%A" leads nowhere',
    ],
  );
});

broken('compileSchema refuses a dialect it does not validate', async () => {
  await rejects(
    () => compileSchema({ $schema: 'https://json-schema.org/draft/2019-09/schema' } as JSONSchema),
    /^\$schema "https:\/\/json-schema.org\/draft\/2019-09\/schema" is a JSON Schema dialect this server does not validate/,
  );
});

broken('every problem of every schema is told at once', () => {
  assert.throws(
    () =>
      classTool(
        'many',
        { type: 'object', properties: { a: { type: 'text' }, b: { minimun: 1 } } },
        { type: 'object', required: 'a' },
      ).definition(),
    (error: Error) =>
      error.message ===
      'many: argumentsSchema at /properties/a: type "text" is not one of null, boolean, object, array, number, string, integer, or an array of them; argumentsSchema at /properties/b: unknown keyword "minimun" in JSON Schema 2020-12 (an annotation of your own is named x-…); outputSchema at the root: required must be an array of property names',
  );
});

// What only ajv finds: the value of a keyword this check does not look at.
const AJV_ONLY = { type: 'object', properties: { n: { type: 'number', minimum: 'one' } } };

broken(
  'what only ajv finds is found by verify(), for every tool at once, with their names',
  async () => {
    const server = serverOf(
      classTool('first', AJV_ONLY),
      classTool('second', { type: 'object' }, AJV_ONLY),
      classTool('fine', { type: 'object' }),
    );
    await rejects(
      () => server.verify(),
      /^tools that cannot be served:\n- first: argumentsSchema: minimum value must be \["number"\]\n- second: outputSchema: minimum value must be \["number"\]$/,
    );
    await verifyTools([classTool('fine_too', { type: 'object' })]);
  },
);

broken(
  "a TestClient verifies the server before its first request: the user's first test fails",
  async () => {
    const client = new TestClient(() => serverOf(classTool('late', AJV_ONLY)));
    await rejects(() => client.listTools(), /- late: argumentsSchema: minimum value must be/);
    await rejects(() => client.callTool('late', { n: 1 }), /- late: argumentsSchema/);
  },
);

broken('verify() compiles the validators calls use: ajv compiles each schema once', async () => {
  let compiled = 0;
  setSchemaCompiler(() => {
    compiled++;
    return Object.assign(() => true, { errors: null });
  });
  try {
    const tool = classTool('counted', { type: 'object' }, { type: 'object' });
    await serverOf(tool).verify();
    await tool.call({});
    await serverOf(tool).verify();
    assert.is(compiled, 2);
  } finally {
    setSchemaCompiler(undefined);
  }
});

broken('a compiler that throws what is not an Error is told as it is', async () => {
  setSchemaCompiler(() => {
    throw 'the compiler is broken';
  });
  try {
    await rejects(
      () => verifyTools([classTool('thrown', { type: 'object' })]),
      /- thrown: argumentsSchema: the compiler is broken$/,
    );
  } finally {
    setSchemaCompiler(undefined);
  }
});

broken.run();

const names = suite('tool names');

names('1 to 128 of A-Z a-z 0-9 _ - . and nothing else', () => {
  for (const name of ['a', 'get_weather', 'admin.tools.list', 'DATA-export_v2', 'x'.repeat(128)]) {
    assert.not.throws(() => classTool(name, { type: 'object' }).definition(), name);
  }
  for (const name of ['', 'get weather', 'tools/list', 'naïve', 'a,b', 'x'.repeat(129)]) {
    assert.throws(
      () => classTool(name, { type: 'object' }).definition(),
      (error: Error) =>
        error.message ===
        `${JSON.stringify(name)}: the tool name is not 1 to 128 of the characters A-Z a-z 0-9 _ - . that MCP allows`,
      name,
    );
  }
});

names.run();

const keywords = suite('keywords and formats');

keywords('a typo is refused; x- annotations and unknown formats are not', () => {
  assert.throws(
    () =>
      defineTool({
        ...{ name: 'typo', title: 'Typo', description: 'Typo.' },
        argumentsSchema: {
          type: 'object',
          properties: { n: { type: 'integer', minimun: 1 } },
        } as JSONSchema,
        run: () => 'never',
      }),
    /typo: argumentsSchema at \/properties\/n: unknown keyword "minimun" in JSON Schema 2020-12/,
  );
  assert.equal(
    schemaProblems({
      type: 'object',
      'x-internal': true,
      properties: {
        region: { type: 'string', 'x-mcp-header': 'Region' },
        // A property may be named as a keyword is, or as no keyword is.
        minimun: { type: 'string', format: 'my-own-format' },
        type: { type: 'string', format: 'email' },
      },
    }),
    [],
  );
});

keywords('format is an annotation: a value is not checked against it', async () => {
  const Mail = defineTool({
    ...{ name: 'mail', title: 'Mail', description: 'Mail.' },
    argumentsSchema: { type: 'object', properties: { to: { type: 'string', format: 'email' } } },
    run: ({ to }) => String(to),
  });
  assert.equal(await new Mail().call({ to: 'not an address' }), {
    content: [{ type: 'text', text: 'not an address' }],
  });
});

keywords.run();
