// Prompts and completion, through handle() in both eras, and through the TestClient.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  type AnyResource,
  type AnyResourceTemplate,
  complete,
  definePrompt,
  MCPPromptBase,
  MCPServerBase,
  promptsByName,
  resourcesByUri,
  SERVER_VERSION,
  templatesByUriTemplate,
} from '../src/index.js';
import { ResponseError, TestClient } from '../src/testing.js';
import { request } from './fixtures.js';

const V = '2026-07-28';
const E = {
  'io.modelcontextprotocol/protocolVersion': V,
  'io.modelcontextprotocol/clientCapabilities': {},
};
const SI = { 'io.modelcontextprotocol/serverInfo': { name: 'prompts', version: SERVER_VERSION } };

const LANGUAGES = ['python', 'pytorch', 'typescript'];

const Review = definePrompt({
  name: 'review_code',
  title: 'Review code',
  description: 'Asks for a review of a piece of code.',
  argumentsSchema: {
    type: 'object',
    properties: {
      code: { type: 'string', description: 'The code to review.' },
      language: { type: 'string', title: 'Language', minLength: 2 },
      tone: { type: 'string', enum: ['kind', 'blunt'], default: 'kind' },
    },
    required: ['code'],
  },
  get: ({ code, language, tone }) =>
    language === undefined
      ? `Review this code (${tone}):\n${code}`
      : {
          description: `A ${language} review`,
          messages: [
            { role: 'user', content: { type: 'text', text: `Review this ${language}:\n${code}` } },
            { role: 'assistant', content: { type: 'text', text: 'Gladly.' } },
          ],
        },
  complete: (name, value, context) =>
    name === 'language'
      ? LANGUAGES.filter((language) => language.startsWith(value))
      : name === 'code' && context.arguments.language === 'python'
        ? ['print("hello")']
        : [],
});

const none = { type: 'object' } as const;

class Gallery extends MCPPromptBase<typeof none> {
  readonly name = 'gallery';
  readonly description = 'Every kind of content a message may hold.';
  readonly argumentsSchema = none;
  override readonly icons = [{ src: 'https://example.com/gallery.png', mimeType: 'image/png' }];

  get() {
    return [
      {
        role: 'user' as const,
        content: { type: 'image' as const, data: 'iVBORw0KGgo=', mimeType: 'image/png' },
      },
      {
        role: 'user' as const,
        content: { type: 'audio' as const, data: 'UklGRg==', mimeType: 'audio/wav' },
      },
      {
        role: 'user' as const,
        content: { type: 'resource_link' as const, uri: 'file:///README.md', name: 'README.md' },
      },
      {
        role: 'assistant' as const,
        content: {
          type: 'resource' as const,
          resource: { uri: 'file:///a.txt', mimeType: 'text/plain', text: 'A' },
        },
      },
    ];
  }
}

const Many = definePrompt({
  name: 'many',
  description: 'Completes to 150 values.',
  argumentsSchema: { type: 'object', properties: { n: { type: 'string' } } },
  get: ({ n }) => `n is ${n ?? 'unset'}`,
  complete: async () => Array.from({ length: 150 }, (_, i) => `v${i}`),
});

const Broken = definePrompt({
  name: 'broken',
  description: 'Returns what no prompt may.',
  argumentsSchema: { type: 'object', properties: { how: { type: 'string' } } },
  get: ({ how }) => {
    if (how === 'number') return 42 as never;
    if (how === 'role') return [{ role: 'system', content: { type: 'text', text: 'x' } }] as never;
    if (how === 'bigint') return { messages: [], _meta: { n: 1n } } as never;
    if (how === 'description') return { messages: [], description: 7 } as never;
    throw new Error('secret detail');
  },
  complete: () => [1, 2] as never,
});

class PromptServer extends MCPServerBase {
  readonly name = 'prompts';
  override readonly prompts = promptsByName(new Review(), new Gallery(), new Many(), new Broken());
  readonly logged: string[] = [];
  serverInfo() {
    return { name: 'prompts', version: SERVER_VERSION };
  }
  override instructions() {
    return '';
  }
  override logError(_error: unknown, context: string): void {
    this.logged.push(context);
  }
}

/** A server whose prompts complete nothing. */
class PlainServer extends MCPServerBase {
  readonly name = 'plain';
  override readonly prompts = promptsByName(new Gallery());
  serverInfo() {
    return { name: 'plain', version: '1.0.0' };
  }
  override instructions() {
    return '';
  }
}

/** A tools-only server: no prompts at all. */
class EmptyServer extends PlainServer {
  override readonly prompts = new Map();
}

const handshake = (
  server: MCPServerBase,
  method: string,
  params?: Record<string, unknown>,
): Promise<unknown> => server.handle(request(1, method, params));

const modern = (
  server: MCPServerBase,
  method: string,
  params: Record<string, unknown> = {},
  name?: string,
): Promise<unknown> => {
  const headers: Record<string, string> = { 'mcp-protocol-version': V, 'mcp-method': method };
  if (name !== undefined) headers['mcp-name'] = name;
  return server.handle(request(1, method, { ...params, _meta: E }), { headers });
};

const failure = (code: number, message: string) => ({
  jsonrpc: '2.0',
  id: 1,
  error: { code, message },
});

const REVIEW_LISTED = {
  name: 'review_code',
  title: 'Review code',
  description: 'Asks for a review of a piece of code.',
  arguments: [
    { name: 'code', description: 'The code to review.', required: true },
    { name: 'language', title: 'Language', required: false },
    { name: 'tone', required: false },
  ],
};

const prompts = suite('prompts');

prompts('capabilities: prompts and completions, but no completions for 2024-11-05', async () => {
  const server = new PromptServer();
  const initialize = (protocolVersion: string) =>
    handshake(server, 'initialize', {
      protocolVersion,
      capabilities: {},
      clientInfo: { name: 'c', version: '1' },
    });
  for (const version of ['2025-03-26', '2025-06-18', '2025-11-25']) {
    const { result } = (await initialize(version)) as { result: { capabilities: unknown } };
    assert.equal(result.capabilities, { logging: {}, prompts: {}, completions: {} }, version);
  }
  const old = (await initialize('2024-11-05')) as { result: { capabilities: unknown } };
  assert.equal(old.result.capabilities, { logging: {}, prompts: {} });
  const discovered = (await modern(server, 'server/discover')) as {
    result: { capabilities: unknown };
  };
  assert.equal(discovered.result.capabilities, { logging: {}, prompts: {}, completions: {} });
  // Prompts that complete nothing: no completions; no prompts: neither.
  assert.equal(new PlainServer().capabilities(), { logging: {}, prompts: {} });
  assert.equal(new EmptyServer().capabilities(), { logging: {} });
});

prompts('prompts/list, handshake era: definitions built from the arguments schema', async () => {
  assert.equal(await handshake(new PromptServer(), 'prompts/list'), {
    jsonrpc: '2.0',
    id: 1,
    result: {
      prompts: [
        REVIEW_LISTED,
        {
          name: 'gallery',
          description: 'Every kind of content a message may hold.',
          icons: [{ src: 'https://example.com/gallery.png', mimeType: 'image/png' }],
        },
        {
          name: 'many',
          description: 'Completes to 150 values.',
          arguments: [{ name: 'n', required: false }],
        },
        {
          name: 'broken',
          description: 'Returns what no prompt may.',
          arguments: [{ name: 'how', required: false }],
        },
      ],
    },
  });
});

prompts(
  'prompts/list, 2026-07-28: resultType, cache hints (promptsCache), serverInfo',
  async () => {
    const listed = (await modern(new PlainServer(), 'prompts/list')) as { result: unknown };
    assert.equal(listed.result, {
      resultType: 'complete',
      ttlMs: 300_000,
      cacheScope: 'public',
      prompts: [(await new PlainServer().prompts.get('gallery')?.definition()) as object],
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'plain', version: '1.0.0' } },
    });
    class Private extends PlainServer {
      override readonly promptsCache = { ttlMs: 0, cacheScope: 'private' } as const;
    }
    const hinted = (await modern(new Private(), 'prompts/list')) as {
      result: Record<string, unknown>;
    };
    assert.is(hinted.result.ttlMs, 0);
    assert.is(hinted.result.cacheScope, 'private');
  },
);

prompts('prompts/list pages with the server pageSize', async () => {
  class Paged extends PromptServer {
    override readonly pageSize = 3;
  }
  const first = (await handshake(new Paged(), 'prompts/list')) as {
    result: { prompts: { name: string }[]; nextCursor: string };
  };
  assert.equal(
    first.result.prompts.map((prompt) => prompt.name),
    ['review_code', 'gallery', 'many'],
  );
  const client = new TestClient(new Paged());
  assert.equal(
    (await client.listPrompts()).map((prompt) => prompt.name),
    ['review_code', 'gallery', 'many', 'broken'],
  );
  assert.equal(
    await handshake(new PromptServer(), 'prompts/list', { cursor: 'x' }),
    failure(-32602, 'Invalid cursor.'),
  );
});

prompts('prompts/get: a string is one user message; defaults are filled in', async () => {
  assert.equal(
    await handshake(new PromptServer(), 'prompts/get', {
      name: 'review_code',
      arguments: { code: 'x = 1' },
    }),
    {
      jsonrpc: '2.0',
      id: 1,
      result: {
        messages: [
          { role: 'user', content: { type: 'text', text: 'Review this code (kind):\nx = 1' } },
        ],
      },
    },
  );
});

prompts('prompts/get: messages with a description; every kind of content', async () => {
  const server = new PromptServer();
  assert.equal(
    await handshake(server, 'prompts/get', {
      name: 'review_code',
      arguments: { code: 'x = 1', language: 'python' },
    }),
    {
      jsonrpc: '2.0',
      id: 1,
      result: {
        description: 'A python review',
        messages: [
          { role: 'user', content: { type: 'text', text: 'Review this python:\nx = 1' } },
          { role: 'assistant', content: { type: 'text', text: 'Gladly.' } },
        ],
      },
    },
  );
  const gallery = (await handshake(server, 'prompts/get', { name: 'gallery' })) as {
    result: { messages: { content: { type: string } }[] };
  };
  assert.equal(
    gallery.result.messages.map((message) => message.content.type),
    ['image', 'audio', 'resource_link', 'resource'],
  );
});

prompts('prompts/get, 2026-07-28: resultType and serverInfo, no cache hints', async () => {
  assert.equal(
    await modern(
      new PromptServer(),
      'prompts/get',
      { name: 'review_code', arguments: { code: 'y' } },
      'review_code',
    ),
    {
      jsonrpc: '2.0',
      id: 1,
      result: {
        resultType: 'complete',
        messages: [
          { role: 'user', content: { type: 'text', text: 'Review this code (kind):\ny' } },
        ],
        _meta: SI,
      },
    },
  );
});

prompts('prompts/get, 2026-07-28: Mcp-Name is required and must match', async () => {
  const server = new PromptServer();
  const params = { name: 'gallery' };
  const missing = await modern(server, 'prompts/get', params);
  assert.equal(missing, failure(-32020, 'Mcp-Name is required for prompts/get.'));
  const other = await modern(server, 'prompts/get', params, 'review_code');
  assert.equal(other, failure(-32020, 'Mcp-Name must equal the name in the body.'));
  const client = new TestClient(server, { protocolVersion: V });
  assert.is((await client.getPrompt('gallery')).resultType, 'complete');
});

prompts(
  'prompts/get: -32602 for an unknown prompt, bad params, and every bad argument',
  async () => {
    const server = new PromptServer();
    const get = (params: Record<string, unknown>) => handshake(server, 'prompts/get', params);
    assert.equal(await get({ name: 'nope' }), failure(-32602, 'Unknown prompt: nope'));
    assert.equal(await get({}), failure(-32602, 'name must be a string.'));
    assert.equal(
      await get({ name: 'gallery', arguments: ['x'] }),
      failure(-32602, 'arguments must be an object.'),
    );
    assert.equal(
      await get({ name: 'review_code', arguments: { language: 3, tone: 'rude', extra: 'x' } }),
      failure(
        -32602,
        'invalid arguments for prompt review_code: code: is required; extra: is not an argument of this prompt; language: must be string; tone: must be one of "kind", "blunt"',
      ),
    );
    assert.equal(
      await get({ name: 'review_code', arguments: { code: 'x', language: 'p' } }),
      failure(
        -32602,
        'invalid arguments for prompt review_code: language: must NOT have fewer than 2 characters',
      ),
    );
    assert.equal(server.logged, []);
  },
);

prompts('prompts/get: what get() gets wrong is -32603, logged, its detail kept', async () => {
  const server = new PromptServer();
  for (const how of ['number', 'role', 'bigint', 'description', 'throw']) {
    assert.equal(
      await handshake(server, 'prompts/get', { name: 'broken', arguments: { how } }),
      failure(-32603, 'Internal error'),
      how,
    );
  }
  assert.equal(server.logged, Array(5).fill('prompts/get failed'));
});

prompts('a server without prompts: prompts/* and completion/complete are not found', async () => {
  for (const method of ['prompts/list', 'prompts/get', 'completion/complete']) {
    assert.equal(await handshake(new EmptyServer(), method), failure(-32601, 'Method not found'));
  }
  const notFound = await modern(new EmptyServer(), 'prompts/list');
  assert.equal(notFound, failure(-32601, 'Method not found'));
});

prompts('promptsByName refuses duplicates and schemas that are not flat strings', () => {
  assert.throws(() => promptsByName(new Gallery(), new Gallery()), /two prompts are named gallery/);
  const bad = (argumentsSchema: unknown) =>
    promptsByName(
      new (definePrompt({
        name: 'bad',
        description: 'A bad schema.',
        argumentsSchema: argumentsSchema as never,
        get: () => '',
      }))(),
    );
  const cases: [unknown, string][] = [
    [{ type: 'array' }, 'must be a JSON Schema of type "object"'],
    [true, 'must be a JSON Schema of type "object"'],
    [
      { type: 'object', properties: { n: { type: 'number' } } },
      'property n must be of type "string"',
    ],
    [{ type: 'object', properties: { n: true } }, 'property n must be of type "string"'],
    [{ type: 'object', anyOf: [] }, 'must not use anyOf'],
    [{ type: 'object', additionalProperties: true }, 'may set additionalProperties to false only'],
    [{ type: 'object', properties: [] }, 'properties must be an object'],
    [{ type: 'object', required: 'a' }, 'required must be an array'],
    [{ type: 'object', required: ['a'] }, 'requires a, not a property'],
  ];
  for (const [schema, problem] of cases) {
    try {
      bad(schema);
      assert.unreachable(JSON.stringify(schema));
    } catch (error) {
      assert.is(
        (error as Error).message,
        `bad: argumentsSchema ${problem}; prompt arguments are strings`,
      );
    }
  }
});

prompts('definitions and validators are built once per class', async () => {
  const a = new Review();
  const b = new Review();
  assert.is(a.definition(), b.definition());
  assert.ok(Object.isFrozen(a.definition().arguments?.[0]));
  await Promise.all([a.render({ code: '1' }), b.render({ code: '2' })]);
  const result = await a.render(undefined).catch((error: unknown) => error);
  assert.is(
    (result as Error).message,
    'invalid arguments for prompt review_code: code: is required',
  );
});

prompts(
  'prompts/get: a get() that answers later, with any thenable, and a render() of its own',
  async () => {
    const Later = definePrompt({
      name: 'later',
      description: 'Answers with a thenable that is no Promise.',
      argumentsSchema: { type: 'object', properties: { word: { type: 'string' } } },
      get: ({ word }) =>
        ({
          // biome-ignore lint/suspicious/noThenProperty: a thenable from another library
          then: (resolve: (text: string) => void) => setTimeout(() => resolve(`later ${word}`), 1),
        }) as never,
    });
    const rendered: unknown[] = [];
    class Own extends MCPPromptBase<typeof none> {
      readonly name = 'own';
      readonly description = 'Renders by itself.';
      readonly argumentsSchema = none;
      get() {
        return 'never';
      }
      override async render(args: Record<string, unknown> | undefined) {
        rendered.push(args);
        return { messages: [] };
      }
    }
    class Server extends PlainServer {
      override readonly prompts = promptsByName(new Later(), new Own());
    }
    const server = new Server();
    assert.equal(
      await handshake(server, 'prompts/get', { name: 'later', arguments: { word: 'x' } }),
      {
        jsonrpc: '2.0',
        id: 1,
        result: { messages: [{ role: 'user', content: { type: 'text', text: 'later x' } }] },
      },
    );
    assert.equal(
      await handshake(server, 'prompts/get', { name: 'own', arguments: { code: 'c' } }),
      { jsonrpc: '2.0', id: 1, result: { messages: [] } },
    );
    assert.equal(rendered, [{ code: 'c' }]);
    // render() itself rejects, and never throws, whatever get() or the arguments do.
    const broken = new Broken();
    const thrown = broken.render({ how: 'throw' });
    assert.instance(thrown, Promise);
    assert.is(((await thrown.catch((error: unknown) => error)) as Error).message, 'secret detail');
  },
);

prompts('validationSchema(): the arguments schema, closed, for a build step to compile', () => {
  const schema = new Review().validationSchema() as Record<string, unknown>;
  assert.equal(schema, { ...new Review().argumentsSchema, additionalProperties: false });
  schema.required = [];
  assert.equal(new Review().validationSchema(), { ...schema, required: ['code'] });
});

prompts.run();

const completion = suite('completion/complete');

const template = (uriTemplate: string, complete?: (...args: never[]) => unknown) => {
  const definition = () => ({ uriTemplate, name: uriTemplate });
  return complete === undefined
    ? { uriTemplate, definition }
    : { uriTemplate, definition, complete };
};

/**
 * A server with the resources feature's fields, as stand-ins keyed by the feature's helpers, which
 * bring its methods.
 */
function withResources(server: MCPServerBase, templates: object[]): MCPServerBase {
  Object.defineProperty(server, 'resourceTemplates', {
    value: templatesByUriTemplate(...(templates as AnyResourceTemplate[])),
  });
  const readme = { uri: 'file:///README.md', name: 'README' };
  Object.defineProperty(server, 'resources', {
    value: resourcesByUri({ ...readme, definition: () => readme } as unknown as AnyResource),
  });
  return server;
}

const completeParams = (ref: object, name: string, value: string, context?: object) =>
  context === undefined
    ? { ref, argument: { name, value } }
    : { ref, argument: { name, value }, context };

completion('a prompt argument: the hook suggests, total and hasMore say how many', async () => {
  assert.equal(
    await handshake(
      new PromptServer(),
      'completion/complete',
      completeParams({ type: 'ref/prompt', name: 'review_code' }, 'language', 'py'),
    ),
    {
      jsonrpc: '2.0',
      id: 1,
      result: { completion: { values: ['python', 'pytorch'], total: 2, hasMore: false } },
    },
  );
});

completion('complete() returns a promise, also of a hook that answers at once', async () => {
  const params = completeParams({ type: 'ref/prompt', name: 'review_code' }, 'language', 'ty');
  const answer = complete(new PromptServer(), params);
  assert.instance(answer, Promise);
  assert.equal(await answer, { completion: { values: ['typescript'], total: 1, hasMore: false } });
  // What is not valid is a rejection, not a throw.
  const refused = complete(new PromptServer(), {});
  assert.instance(refused, Promise);
  await refused.then(
    () => assert.unreachable(),
    (error: unknown) => assert.match(String(error), /completion\/complete takes/),
  );
});

completion('the context reaches the hook', async () => {
  const client = new TestClient(new PromptServer());
  const ref = { type: 'ref/prompt', name: 'review_code' } as const;
  assert.equal((await client.complete(ref, { name: 'code', value: '' })).completion.values, []);
  assert.equal(
    (await client.complete(ref, { name: 'code', value: '' }, { language: 'python' })).completion,
    { values: ['print("hello")'], total: 1, hasMore: false },
  );
});

completion('at most 100 values; total and hasMore tell of the rest', async () => {
  const client = new TestClient(new PromptServer());
  const { completion: answer } = await client.complete(
    { type: 'ref/prompt', name: 'many' },
    { name: 'n', value: '' },
  );
  assert.is(answer.values.length, 100);
  assert.is(answer.values[99], 'v99');
  assert.is(answer.total, 150);
  assert.is(answer.hasMore, true);
});

completion('2026-07-28: resultType and serverInfo, no cache hints, no Mcp-Name', async () => {
  const client = new TestClient(new PromptServer(), { protocolVersion: V });
  assert.equal(
    await client.complete(
      { type: 'ref/prompt', name: 'review_code' },
      { name: 'language', value: 'ty' },
    ),
    {
      resultType: 'complete',
      completion: { values: ['typescript'], total: 1, hasMore: false },
      _meta: SI,
    },
  );
});

completion('a prompt without a hook completes to nothing', async () => {
  const server = withResources(new PromptServer(), []);
  // Gallery has no arguments and no hook; Many's hook is there.
  assert.equal(
    await handshake(
      server,
      'completion/complete',
      completeParams({ type: 'ref/prompt', name: 'gallery' }, 'x', ''),
    ),
    failure(-32602, 'gallery has no argument x.'),
  );
  class NoHook extends PromptServer {
    override readonly prompts = promptsByName(
      new Review(),
      new (definePrompt({
        name: 'plain',
        description: 'No hook.',
        argumentsSchema: { type: 'object', properties: { a: { type: 'string' } } },
        get: () => '',
      }))(),
    );
  }
  assert.equal(
    await handshake(
      new NoHook(),
      'completion/complete',
      completeParams({ type: 'ref/prompt', name: 'plain' }, 'a', ''),
    ),
    { jsonrpc: '2.0', id: 1, result: { completion: { values: [] } } },
  );
});

completion('-32602: unknown prompt, unknown template, malformed params', async () => {
  const server = withResources(new PromptServer(), [template('file:///{path}')]);
  const complete = (params: unknown) =>
    handshake(server, 'completion/complete', params as Record<string, unknown>);
  assert.equal(
    await complete(completeParams({ type: 'ref/prompt', name: 'nope' }, 'a', '')),
    failure(-32602, 'Unknown prompt: nope'),
  );
  assert.equal(
    await complete(completeParams({ type: 'ref/resource', uri: 'file:///{nope}' }, 'a', '')),
    failure(-32602, 'Unknown resource template: file:///{nope}'),
  );
  const malformed =
    'completion/complete takes a ref/prompt or ref/resource, an argument name and value, and context.arguments of strings.';
  assert.equal(await complete({}), failure(-32602, malformed));
  assert.equal(
    await complete({ ref: { type: 'ref/prompt', name: 'many' }, argument: { name: 'n' } }),
    failure(-32602, malformed),
  );
  assert.equal(
    await complete(completeParams({ type: 'ref/tool', name: 'x' }, 'a', '')),
    failure(-32602, malformed),
  );
  const context = malformed;
  for (const bad of [[], { arguments: [] }, { arguments: { a: 1 } }]) {
    assert.equal(
      await complete(completeParams({ type: 'ref/prompt', name: 'many' }, 'n', '', bad)),
      failure(-32602, context),
    );
  }
});

completion(
  '-32602: a name the prompt or template does not declare never reaches the hook',
  async () => {
    const calls: unknown[] = [];
    const hook = (...args: unknown[]) => {
      calls.push(args);
      return ['x'];
    };
    const server = withResources(new PromptServer(), [
      template('file:///{dir}/{name}{?ref}', hook),
    ]);
    const files = { type: 'ref/resource', uri: 'file:///{dir}/{name}{?ref}' };
    const review = { type: 'ref/prompt', name: 'review_code' };
    const answer = (params: object) => handshake(server, 'completion/complete', params as never);
    for (const [params, message] of [
      [completeParams(files, 'nope', ''), 'file:///{dir}/{name}{?ref} has no variable nope.'],
      [
        completeParams(files, '__proto__', ''),
        'file:///{dir}/{name}{?ref} has no variable __proto__.',
      ],
      [
        completeParams(files, 'dir', '', { arguments: { name: 'a', nope: 'b' } }),
        'file:///{dir}/{name}{?ref} has no variable nope.',
      ],
      [
        completeParams(review, 'language', '', { arguments: { code: 'x', nope: 'b' } }),
        'review_code has no argument nope.',
      ],
      [
        completeParams(review, 'language', '', { arguments: JSON.parse('{"__proto__":"x"}') }),
        'review_code has no argument __proto__.',
      ],
    ] as const) {
      assert.equal(await answer(params), failure(-32602, message));
    }
    assert.equal(calls, []);
    // Every variable, of the path and of the query, is one.
    assert.equal(
      await answer(completeParams(files, 'ref', 'v', { arguments: { dir: 'a', name: 'b' } })),
      {
        jsonrpc: '2.0',
        id: 1,
        result: { completion: { values: ['x'], total: 1, hasMore: false } },
      },
    );
    assert.equal(calls, [['ref', 'v', { arguments: { dir: 'a', name: 'b' } }]]);
  },
);

completion('a hook that returns what is not strings is -32603, logged', async () => {
  const server = new PromptServer();
  assert.equal(
    await handshake(
      server,
      'completion/complete',
      completeParams({ type: 'ref/prompt', name: 'broken' }, 'how', ''),
    ),
    failure(-32603, 'Internal error'),
  );
  assert.equal(server.logged, ['completion/complete failed']);
});

completion(
  'a resource template: found by its uriTemplate; a fixed resource completes to nothing',
  async () => {
    const calls: unknown[] = [];
    const server = withResources(new PlainServer(), [
      template('file:///{dir}/{name}', (...args: unknown[]) => {
        calls.push(args);
        return ['docs', 'src'];
      }),
      template('db://{table}'),
    ]);
    // The template's hook alone makes the server declare completions.
    assert.equal(server.capabilities(), {
      logging: {},
      prompts: {},
      resources: {},
      completions: {},
    });
    const client = new TestClient(server);
    const ref = { type: 'ref/resource', uri: 'file:///{dir}/{name}' } as const;
    assert.equal(await client.complete(ref, { name: 'dir', value: 'd' }, { name: 'x' }), {
      completion: { values: ['docs', 'src'], total: 2, hasMore: false },
    });
    assert.equal(calls, [['dir', 'd', { arguments: { name: 'x' } }]]);
    assert.equal(
      await client.complete(
        { type: 'ref/resource', uri: 'db://{table}' },
        { name: 'table', value: '' },
      ),
      { completion: { values: [] } },
    );
    assert.equal(
      await client.complete(
        { type: 'ref/resource', uri: 'file:///README.md' },
        { name: 'x', value: '' },
      ),
      { completion: { values: [] } },
    );
    // Templates that complete nothing, and prompts that complete nothing: no completions.
    const quiet = withResources(new PlainServer(), [template('db://{table}')]);
    assert.equal(quiet.capabilities(), { logging: {}, prompts: {}, resources: {} });
    try {
      await new TestClient(quiet).complete(
        { type: 'ref/resource', uri: 'db://{table}' },
        { name: 'table', value: '' },
      );
      assert.unreachable('completion/complete must be not found');
    } catch (error) {
      assert.ok(error instanceof ResponseError);
      assert.is(error.code, -32601);
    }
  },
);

completion.run();
