// Tools whose arguments are a Standard Schema (Zod 4, Valibot through its JSON Schema adapter,
// ArkType) beside a tool of JSON Schema: listed as the JSON Schema each library gives, validated
// by the library itself, with invalid arguments told as a JSON Schema's are; and over real HTTP
// with the SDK's 1.x client.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { toStandardJsonSchema } from '@valibot/to-json-schema';
import { type } from 'arktype';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import * as v from 'valibot';
import { z } from 'zod';
import { createHttpHandler, nodeListener } from '../src/http.js';
import {
  type AnyTool,
  definePrompt,
  defineTool,
  MCPPromptBase,
  MCPServerBase,
  MCPToolBase,
  promptsByName,
  type StandardSchemaWithJSON,
  type ToolArguments,
  ToolError,
  toolsByName,
} from '../src/index.js';
import { TestClient } from '../src/testing.js';

const ForecastZod = defineTool({
  name: 'forecast_zod',
  title: 'Forecast',
  description: 'The weather in a city for some days.',
  argumentsSchema: z.object({
    city: z.string().describe('The city.'),
    days: z.number().int().min(1).max(7).default(3),
    units: z.enum(['metric', 'imperial']).optional(),
  }),
  readOnly: true,
  // days is a number, filled in by Zod's default: what Zod parsed is what run() receives.
  run: ({ city, days, units }) => `${city}: ${days} days${units ? ` in ${units}` : ''}`,
});

const ForecastValibot = defineTool({
  name: 'forecast_valibot',
  title: 'Forecast',
  description: 'The weather in a city for some days.',
  argumentsSchema: toStandardJsonSchema(
    v.object({
      city: v.string(),
      days: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(7)), 3),
    }),
  ),
  run: ({ city, days }) => `${city}: ${days} days`,
});

const ForecastArk = defineTool({
  name: 'forecast_ark',
  title: 'Forecast',
  description: 'The weather in a city for some days.',
  argumentsSchema: type({
    city: 'string',
    'days?': '1 <= number.integer <= 7',
    'tags?': 'string[]',
  }),
  outputSchema: type({ city: 'string', days: 'number' }),
  run: ({ city, days = 3 }) => ({ structuredContent: { city, days } }),
});

// Zod validates asynchronously when a refinement is async: the call waits for it.
const Reserve = defineTool({
  name: 'reserve',
  title: 'Reserve',
  description: 'Reserves a name that is free.',
  argumentsSchema: z.object({
    name: z.string().refine(async (name) => name !== 'taken', 'is taken'),
  }),
  run: ({ name }) => `reserved ${name}`,
});

const forecastJson = {
  type: 'object',
  properties: { city: { type: 'string' }, days: { type: 'integer', minimum: 1, maximum: 7 } },
  required: ['city'],
} as const;

const ForecastJson = defineTool({
  name: 'forecast_json',
  title: 'Forecast',
  description: 'The weather in a city for some days.',
  argumentsSchema: forecastJson,
  run: ({ city, days }) => `${city}: ${days ?? 3} days`,
});

// The base class takes one as well: run() is typed from the schema given as its type argument.
const lookup = z.object({ id: z.string().regex(/^[a-z]+-\d+$/) });
class Lookup extends MCPToolBase<typeof lookup> {
  readonly name = 'lookup';
  readonly title = 'Look up';
  readonly description = 'Looks a record up by its id.';
  readonly argumentsSchema = lookup;
  run({ id }: z.output<typeof lookup>) {
    if (id === 'no-0') throw new ToolError(`no record ${id}`);
    return `record ${id}`;
  }
}

class Weather extends MCPServerBase {
  readonly name = 'weather';
  override readonly tools = toolsByName(
    new ForecastJson(),
    new ForecastZod(),
    new ForecastValibot(),
    new ForecastArk(),
    new Reserve(),
    new Lookup(),
  );
  serverInfo() {
    return { name: 'weather', version: '1.0.0' };
  }
}

const text = (result: { content: unknown }) =>
  (result.content as { type: string; text: string }[])[0]?.text;

const tools = suite('tools of Standard Schema');

// A Standard Schema written by hand, as any library may: what each of its results is told as.
const handWritten = (
  validate: (value: unknown) => unknown,
  json: Record<string, unknown> = { type: 'object' },
) => ({
  '~standard': {
    version: 1 as const,
    vendor: 'by-hand',
    validate: validate as never,
    jsonSchema: { input: () => json, output: () => json },
  },
});

// A server of the tools given, whose log is kept.
const oneServer = (...tools: AnyTool[]) => {
  class One extends MCPServerBase {
    readonly name = 'one';
    readonly logged: unknown[] = [];
    override readonly tools = toolsByName(...tools);
    serverInfo() {
      return { name: 'one', version: '1.0.0' };
    }
    override logError(error: unknown) {
      this.logged.push(error);
    }
  }
  return new One();
};

tools(
  'each is listed as the JSON Schema its library gives, closed as a JSON Schema tool is',
  async () => {
    const listed = new Map(
      (await new TestClient(new Weather()).listTools()).map((t) => [t.name, t]),
    );
    assert.equal(listed.get('forecast_zod')?.inputSchema, {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        city: { type: 'string', description: 'The city.' },
        days: { default: 3, type: 'integer', minimum: 1, maximum: 7 },
        units: { type: 'string', enum: ['metric', 'imperial'] },
      },
      required: ['city'],
      additionalProperties: false,
    });
    assert.equal(listed.get('forecast_zod')?.annotations?.readOnlyHint, true);
    assert.equal(listed.get('forecast_valibot')?.inputSchema, {
      type: 'object',
      properties: {
        city: { type: 'string' },
        days: { type: 'integer', minimum: 1, maximum: 7, default: 3 },
      },
      required: ['city'],
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      additionalProperties: false,
    });
    assert.equal(listed.get('forecast_ark')?.inputSchema, {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        city: { type: 'string' },
        days: { type: 'integer', maximum: 7, minimum: 1 },
        tags: { type: 'array', items: { type: 'string' } },
      },
      required: ['city'],
      additionalProperties: false,
    });
    assert.equal(listed.get('forecast_ark')?.outputSchema, {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { city: { type: 'string' }, days: { type: 'number' } },
      required: ['city', 'days'],
    });
  },
);

tools('run() receives what the library parsed, defaults filled in', async () => {
  const client = new TestClient(new Weather());
  assert.equal(await client.callTool('forecast_zod', { city: 'Oslo' }), {
    content: [{ type: 'text', text: 'Oslo: 3 days' }],
  });
  assert.equal(
    text(await client.callTool('forecast_zod', { city: 'Oslo', units: 'metric' })),
    'Oslo: 3 days in metric',
  );
  assert.equal(
    text(await client.callTool('forecast_valibot', { city: 'Rome', days: 2 })),
    'Rome: 2 days',
  );
  assert.equal(await client.callTool('forecast_ark', { city: 'Lima' }), {
    content: [{ type: 'text', text: '{"city":"Lima","days":3}' }],
    structuredContent: { city: 'Lima', days: 3 },
  });
  assert.equal(text(await client.callTool('lookup', { id: 'ab-1' })), 'record ab-1');
  assert.equal(await client.callTool('lookup', { id: 'no-0' }), {
    content: [{ type: 'text', text: 'no record no-0' }],
    isError: true,
  });
});

tools(
  'invalid arguments are told as a JSON Schema tool tells them: every problem, by its path',
  async () => {
    const client = new TestClient(new Weather());
    // The JSON Schema tool, for the shape: "invalid arguments for NAME: path: message; …".
    assert.equal(await client.callTool('forecast_json', { days: 0 }), {
      content: [
        {
          type: 'text',
          text: 'invalid arguments for forecast_json: city: is required; days: must be >= 1',
        },
      ],
      isError: true,
    });
    assert.equal(await client.callTool('forecast_zod', { days: 0, units: 'kelvin' }), {
      content: [
        {
          type: 'text',
          text:
            'invalid arguments for forecast_zod: city: Invalid input: expected string, received undefined; ' +
            'days: Too small: expected number to be >=1; units: Invalid option: expected one of "metric"|"imperial"',
        },
      ],
      isError: true,
    });
    assert.equal(
      text(await client.callTool('forecast_valibot', { days: 1.5 })),
      'invalid arguments for forecast_valibot: city: Invalid key: Expected "city" but received undefined; ' +
        'days: Invalid integer: Received 1.5',
    );
    // ArkType names the path in its messages: it is told once, before them.
    assert.equal(
      text(await client.callTool('forecast_ark', { tags: ['a', 2] })),
      'invalid arguments for forecast_ark: city: must be a string (was missing); tags.1: must be a string (was a number)',
    );
    // No arguments at all are an empty object, as for a JSON Schema tool.
    assert.equal(
      text(await client.callTool('lookup')),
      'invalid arguments for lookup: id: Invalid input: expected string, received undefined',
    );
    assert.equal(
      text(await client.callTool('lookup', { id: 'AB' })),
      'invalid arguments for lookup: id: Invalid string: must match pattern /^[a-z]+-\\d+$/',
    );
  },
);

tools('a schema that validates asynchronously is awaited', async () => {
  const client = new TestClient(new Weather());
  assert.equal(text(await client.callTool('reserve', { name: 'free' })), 'reserved free');
  assert.equal(await client.callTool('reserve', { name: 'taken' }), {
    content: [{ type: 'text', text: 'invalid arguments for reserve: name: is taken' }],
    isError: true,
  });
});

tools("structuredContent is checked by the output schema's library", async () => {
  const Wrong = defineTool({
    name: 'wrong',
    title: 'Wrong',
    description: 'Returns what its output schema refuses.',
    argumentsSchema: z.object({}),
    outputSchema: z.object({ count: z.number() }),
    run: () => ({ structuredContent: { count: 'three' as unknown as number } }),
  });
  const server = oneServer(new Wrong());
  const error = await new TestClient(server).callTool('wrong', {}).then(
    () => undefined,
    (caught: Error) => caught,
  );
  assert.is((error as Error).message, 'Internal error');
  assert.is(
    (server.logged[0] as Error).message,
    'wrong: run() returned structuredContent that does not match its outputSchema: count: Invalid input: expected number, received string',
  );
});

tools(
  'issues are told by their path, as keys or as segments, the whole value as arguments',
  async () => {
    const Picky = defineTool({
      name: 'picky',
      title: 'Picky',
      description: 'Finds fault.',
      argumentsSchema: handWritten((value) =>
        (value as { empty?: boolean }).empty
          ? { issues: [] }
          : {
              issues: [
                { message: 'is not what was asked' },
                { message: 'is too deep', path: [{ key: 'filters' }, { key: 0 }, 'name'] },
                { message: 'is too deep', path: ['filters', 0, 'name'] },
              ],
            },
      ),
      run: () => 'never',
    });
    const client = new TestClient(oneServer(new Picky()));
    assert.equal(
      text(await client.callTool('picky', {})),
      'invalid arguments for picky: arguments: is not what was asked; filters.0.name: is too deep',
    );
    assert.equal(
      text(await client.callTool('picky', { empty: true })),
      'invalid arguments for picky: arguments: is not valid',
    );
  },
);

tools(
  'an output schema that validates asynchronously is a server fault, told in the log',
  async () => {
    const Later = defineTool({
      name: 'later',
      title: 'Later',
      description: 'Its output schema answers later.',
      argumentsSchema: z.object({}),
      outputSchema: handWritten(async (value) => ({ value })),
      run: () => ({ structuredContent: {} }),
    });
    const server = oneServer(new Later());
    const error = await new TestClient(server).callTool('later', {}).then(
      () => undefined,
      (caught: Error) => caught,
    );
    assert.is((error as Error).message, 'Internal error');
    assert.is(
      (server.logged[0] as Error).message,
      'later: run() returned structuredContent that does not match its outputSchema: structuredContent: is checked by a schema of by-hand that validates asynchronously, which an outputSchema cannot',
    );
  },
);

tools('an x-mcp-header in the JSON Schema a library gives is read as one written by hand', () => {
  const Regional = defineTool({
    name: 'regional',
    title: 'Regional',
    description: 'Mirrors its region in a header.',
    argumentsSchema: z.object({ region: z.string().meta({ 'x-mcp-header': 'Region' }) }),
    run: ({ region }) => region,
  });
  assert.equal(new Regional().headerParameters(), [{ path: ['region'], header: 'Region' }]);
  assert.throws(
    () =>
      defineTool({
        name: 'regional_number',
        title: 'Regional',
        description: 'Mirrors an object in a header.',
        argumentsSchema: z.object({ region: z.object({}).meta({ 'x-mcp-header': 'Region' }) }),
        run: () => 'never',
      }),
    /regional_number: x-mcp-header at/,
  );
});

// A tree: Zod's schema refers to itself, and its JSON is cyclic.
const TreeNode: z.ZodType<{ name: string; children?: { name: string }[] | undefined }> = z.object({
  name: z.string(),
  get children() {
    return z.array(TreeNode).optional();
  },
});
const tree = z.object({ root: TreeNode });

tools('a recursive schema is defined once, in defineTool and as a class field', async () => {
  const Count = defineTool({
    name: 'count',
    title: 'Count',
    description: 'Counts the nodes of a tree.',
    argumentsSchema: tree,
    run: ({ root }) => String(1 + (root.children?.length ?? 0)),
  });
  // A schema written as a class field is a new object in every instance: matched by its JSON Schema.
  class Walk extends MCPToolBase<typeof tree> {
    readonly name = 'walk';
    readonly title = 'Walk';
    readonly description = 'Names the root of a tree.';
    readonly argumentsSchema = z.object({ root: TreeNode });
    run({ root }: ToolArguments<typeof tree>) {
      return root.name;
    }
  }
  assert.is(new Walk().definition(), new Walk().definition());
  const client = new TestClient(oneServer(new Count(), new Walk()));
  assert.equal(
    text(await client.callTool('count', { root: { name: 'a', children: [{ name: 'b' }] } })),
    '2',
  );
  assert.equal(
    text(await client.callTool('walk', { root: { name: 'a', children: [{ name: 7 }] } })),
    'invalid arguments for walk: root.children.0.name: Invalid input: expected string, received number',
  );
});

tools('two instances of one class with two Valibot schemas are two tools', async () => {
  class Echo extends MCPToolBase<StandardSchemaWithJSON<{ [key: string]: unknown }>> {
    readonly title = 'Echo';
    readonly description = 'Says its arguments back.';
    constructor(
      readonly name: string,
      readonly argumentsSchema: StandardSchemaWithJSON<{ [key: string]: unknown }>,
    ) {
      super();
    }
    run(args: { [key: string]: unknown }) {
      return JSON.stringify(args);
    }
  }
  const byText = new Echo('same', toStandardJsonSchema(v.object({ text: v.string() })));
  const byCount = new Echo('same', toStandardJsonSchema(v.object({ count: v.number() })));
  assert.is.not(byText.definition(), byCount.definition());
  assert.equal(
    text(await new TestClient(oneServer(byCount)).callTool('same', { count: 2 })),
    '{"count":2}',
  );
});

tools('arguments that are not an object are refused where the tool is defined', () => {
  assert.throws(
    () =>
      defineTool({
        name: 'text',
        title: 'Text',
        description: 'Takes a string.',
        argumentsSchema: z.string() as never,
        run: () => 'never',
      }),
    (error: Error) =>
      error.message === 'text: argumentsSchema must be a JSON Schema of type "object"',
  );
});

tools('a Standard Schema that gives no JSON Schema is refused where the tool is defined', () => {
  // Valibot's schema without its adapter: a Standard Schema, without `~standard.jsonSchema`.
  const bare = v.object({ city: v.string() });
  assert.throws(
    () =>
      defineTool({
        name: 'bare',
        title: 'Bare',
        description: 'Has no JSON Schema.',
        argumentsSchema: bare as never,
        run: () => 'never',
      }),
    (error: Error) =>
      error instanceof TypeError &&
      error.message ===
        'bare: argumentsSchema is a Standard Schema that gives no JSON Schema (~standard.jsonSchema)',
  );
});

tools('what a library cannot write as JSON Schema fails where the tool is defined', () => {
  assert.throws(
    () =>
      defineTool({
        name: 'checked',
        title: 'Checked',
        description: 'Valibot cannot write its check as JSON Schema.',
        argumentsSchema: toStandardJsonSchema(
          v.object({
            city: v.pipe(
              v.string(),
              v.check((city) => city !== 'Atlantis'),
            ),
          }),
        ),
        run: ({ city }) => city,
      }),
    /The "check" action cannot be converted to JSON Schema/,
  );
});

tools.run();

const Review = definePrompt({
  name: 'review',
  title: 'Review code',
  description: 'Asks for a review of a piece of code.',
  argumentsSchema: z.object({
    code: z.string().describe('The code to review.'),
    tone: z.enum(['kind', 'blunt']).default('kind'),
  }),
  get: ({ code, tone }) => `Review this code, ${tone}ly:\n\n${code}`,
  complete: (name, value) =>
    name === 'tone' ? ['kind', 'blunt'].filter((t) => t.startsWith(value)) : [],
});

const summary = type({ text: 'string >= 3' });
class Summarize extends MCPPromptBase<typeof summary> {
  readonly name = 'summarize';
  readonly description = 'Asks for a summary.';
  readonly argumentsSchema = summary;
  get({ text }: { text: string }) {
    return `Summarize: ${text}`;
  }
}

// A refinement of Zod's that is async: the prompt waits for it. Valibot, without one.
const Greet = definePrompt({
  name: 'greet',
  description: 'Greets someone who exists.',
  argumentsSchema: z.object({
    who: z.string().refine(async (who) => who !== 'nobody', 'is no one'),
  }),
  get: ({ who }) => `Say hello to ${who}.`,
});

const Thank = definePrompt({
  name: 'thank',
  description: 'Thanks someone.',
  argumentsSchema: toStandardJsonSchema(v.object({ who: v.pipe(v.string(), v.minLength(2)) })),
  get: ({ who }) => `Thank ${who}.`,
});

class Prompts extends MCPServerBase {
  readonly name = 'prompts';
  override readonly prompts = promptsByName(
    new Review(),
    new Summarize(),
    new Greet(),
    new Thank(),
  );
  serverInfo() {
    return { name: 'prompts', version: '1.0.0' };
  }
}

const prompts = suite('prompts of Standard Schema');

prompts('the arguments are listed from the JSON Schema the library gives', async () => {
  const listed = await new TestClient(new Prompts()).listPrompts();
  assert.equal(
    listed.map(({ name, arguments: args }) => ({ name, arguments: args })),
    [
      {
        name: 'review',
        arguments: [
          { name: 'code', description: 'The code to review.', required: true },
          { name: 'tone', required: false },
        ],
      },
      { name: 'summarize', arguments: [{ name: 'text', required: true }] },
      { name: 'greet', arguments: [{ name: 'who', required: true }] },
      { name: 'thank', arguments: [{ name: 'who', required: true }] },
    ],
  );
});

prompts(
  'get() receives what the library parsed; bad arguments are -32602, every problem named',
  async () => {
    const client = new TestClient(new Prompts());
    assert.equal((await client.getPrompt('review', { code: 'x()' })).messages, [
      { role: 'user', content: { type: 'text', text: 'Review this code, kindly:\n\nx()' } },
    ]);
    assert.equal((await client.getPrompt('summarize', { text: 'long' })).messages, [
      { role: 'user', content: { type: 'text', text: 'Summarize: long' } },
    ]);
    assert.equal((await client.getPrompt('greet', { who: 'Ada' })).messages, [
      { role: 'user', content: { type: 'text', text: 'Say hello to Ada.' } },
    ]);
    const refused = async (name: string, args: Record<string, string>) =>
      client.getPrompt(name, args).then(
        () => undefined,
        (error: { code: number; message: string }) => [error.code, error.message],
      );
    assert.equal(await refused('review', { tone: 'rude' }), [
      -32602,
      'invalid arguments for prompt review: code: Invalid input: expected string, received undefined; tone: Invalid option: expected one of "kind"|"blunt"',
    ]);
    assert.equal(await refused('summarize', { text: 'ab' }), [
      -32602,
      'invalid arguments for prompt summarize: text: must be at least length 3 (was 2)',
    ]);
    assert.equal(await refused('greet', { who: 'nobody' }), [
      -32602,
      'invalid arguments for prompt greet: who: is no one',
    ]);
  },
);

prompts('a prompt whose Standard Schema is not of string properties is refused', () => {
  const Wrong = definePrompt({
    name: 'wrong',
    description: 'Takes a number.',
    argumentsSchema: z.object({ count: z.number() }) as never,
    get: () => 'never',
  });
  assert.throws(
    () => promptsByName(new Wrong()),
    (error: Error) =>
      error.message ===
      'wrong: argumentsSchema property count must be of type "string"; prompt arguments are strings',
  );
});

prompts.run();

const http = suite<{ server: Server; url: URL }>(
  'tools of Standard Schema, with the SDK 1.x client',
  {
    server: undefined as never,
    url: undefined as never,
  },
);

http.before(async (context) => {
  context.server = createServer(nodeListener(createHttpHandler(() => new Weather())));
  await new Promise<void>((resolve) => context.server.listen(0, '127.0.0.1', resolve));
  const { port } = context.server.address() as AddressInfo;
  context.url = new URL(`http://127.0.0.1:${port}/mcp`);
});

http.after(async ({ server }) => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

http("the client lists the Zod tool's inputSchema and calls it", async ({ url }) => {
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(url));
  try {
    const { tools: listed } = await client.listTools();
    const zod = listed.find((tool) => tool.name === 'forecast_zod');
    assert.equal(zod?.inputSchema.properties, {
      city: { type: 'string', description: 'The city.' },
      days: { default: 3, type: 'integer', minimum: 1, maximum: 7 },
      units: { type: 'string', enum: ['metric', 'imperial'] },
    });
    assert.equal(zod?.inputSchema.required, ['city']);
    assert.equal(
      await client.callTool({ name: 'forecast_zod', arguments: { city: 'Oslo', days: 2 } }),
      {
        content: [{ type: 'text', text: 'Oslo: 2 days' }],
      },
    );
    assert.equal(await client.callTool({ name: 'forecast_zod', arguments: { city: 7 } }), {
      content: [
        {
          type: 'text',
          text: 'invalid arguments for forecast_zod: city: Invalid input: expected string, received number',
        },
      ],
      isError: true,
    });
    // The output schema, which the client checks structuredContent against.
    assert.equal(
      await client.callTool({ name: 'forecast_ark', arguments: { city: 'Lima', days: 5 } }),
      {
        content: [{ type: 'text', text: '{"city":"Lima","days":5}' }],
        structuredContent: { city: 'Lima', days: 5 },
      },
    );
  } finally {
    await client.close();
  }
});

http.run();
