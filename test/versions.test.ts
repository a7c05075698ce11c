// What each protocol version receives, through handle(): a version's request is told by its
// MCP-Protocol-Version header (handshake era) or its _meta (2026-07-28).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  type AnyTool,
  type CallToolResult,
  type ContentBlock,
  definePrompt,
  defineTool,
  type JSONRPCResponse,
  type JSONSchema,
  MCPServerBase,
  MCPToolBase,
  promptsByName,
  resultFor,
  type Tool,
  toolFor,
  toolsByName,
  versionOf,
} from '../src/index.js';
import { call, Media, request, TestServer, Weather } from './fixtures.js';

const MODERN = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

type Version = '2024-11-05' | '2025-03-26' | '2025-06-18' | '2025-11-25' | '2026-07-28';

// The result of one request in a version: handshake versions by header, 2026-07-28 by _meta.
async function ask(
  server: MCPServerBase,
  version: Version,
  method: string,
  params: Record<string, unknown> = {},
): Promise<any> {
  const modern = version === '2026-07-28';
  const answer = (await server.handle(
    request(1, method, modern ? { ...params, _meta: MODERN } : params),
    modern ? {} : { headers: { 'mcp-protocol-version': version } },
  )) as { result?: unknown; error?: unknown };
  assert.ok(answer.result, `a result, not ${JSON.stringify(answer.error)}`);
  return answer.result;
}

const askCall = (server: MCPServerBase, version: Version, name: string, args = {}) =>
  ask(server, version, 'tools/call', call(1, name, args).params);

class Server extends MCPServerBase {
  readonly name = 'versions';
  override readonly tools: ReadonlyMap<string, AnyTool>;
  constructor(...tools: AnyTool[]) {
    super();
    this.tools = toolsByName(...tools);
  }
  serverInfo() {
    return { name: 'versions', version: '1.0.0' };
  }
  override instructions() {
    return '';
  }
}

// --- 1. Tool annotations -----------------------------------------------------------------

const annotations = suite('tool annotations');

const argumentsSchema = { type: 'object' } as const;

annotations("a tool that says nothing is listed with the specification's defaults", async () => {
  // A send_email that declares nothing must not be advertised as read-only and closed-world.
  const SendEmail = defineTool({
    name: 'send_email',
    title: 'Send an email',
    description: 'Sends an email.',
    argumentsSchema,
    run: () => 'sent',
  });
  class Post extends MCPToolBase<typeof argumentsSchema> {
    readonly name = 'post';
    readonly title = 'Post';
    readonly description = 'Posts to the web.';
    readonly argumentsSchema = argumentsSchema;
    run() {
      return 'posted';
    }
  }
  const server = new Server(new SendEmail(), new Post());
  for (const version of ['2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'] as const) {
    const { tools } = await ask(server, version, 'tools/list');
    for (const [index, title] of ['Send an email', 'Post'].entries()) {
      // readOnlyHint false, destructiveHint true, idempotentHint false, openWorldHint true.
      assert.equal(
        tools[index].annotations,
        {
          title,
          readOnlyHint: false,
          destructiveHint: true,
          idempotentHint: false,
          openWorldHint: true,
        },
        version,
      );
    }
  }
});

annotations('a tool that writes and says nothing more is destructive, not idempotent', async () => {
  const Write = defineTool({
    name: 'write',
    title: 'Write',
    description: 'Writes.',
    readOnly: false,
    openWorld: false,
    argumentsSchema,
    run: () => 'written',
  });
  const { tools } = await ask(new Server(new Write()), '2025-11-25', 'tools/list');
  assert.equal(tools[0].annotations, {
    title: 'Write',
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: false,
    openWorldHint: false,
  });
});

annotations('destructive and idempotent are set per tool: defineTool and class field', async () => {
  const Append = defineTool({
    name: 'append',
    title: 'Append',
    description: 'Adds a line.',
    readOnly: false,
    destructive: false,
    argumentsSchema,
    run: () => 'added',
  });
  class Put extends MCPToolBase<typeof argumentsSchema> {
    readonly name = 'put';
    readonly title = 'Put';
    readonly description = 'Sets a value.';
    readonly argumentsSchema = argumentsSchema;
    override readonly readOnly = false;
    override readonly idempotent = true;
    run() {
      return 'set';
    }
  }
  const { tools } = await ask(new Server(new Append(), new Put()), '2025-11-25', 'tools/list');
  assert.equal(
    tools.map((tool: Tool) => tool.annotations),
    [
      {
        title: 'Append',
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: true,
      },
      {
        title: 'Put',
        readOnlyHint: false,
        destructiveHint: true,
        idempotentHint: true,
        openWorldHint: true,
      },
    ],
  );
});

annotations('a read-only tool is sent as not destructive and idempotent', async () => {
  const { tools } = await ask(new TestServer(), '2025-11-25', 'tools/list');
  assert.equal(tools[0].annotations, {
    title: 'Search the logs',
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  });
});

annotations('a read-only tool that says it is destructive, or not idempotent, is refused', () => {
  for (const hint of [{ destructive: true }, { idempotent: false }]) {
    // Refused where it is defined: defineTool builds the definition at once.
    const define = () =>
      defineTool({
        name: 'contradiction',
        title: 'Contradiction',
        description: 'Reads, and destroys.',
        argumentsSchema,
        readOnly: true,
        ...hint,
        run: () => 'read',
      });
    assert.throws(
      define,
      (error: Error) =>
        error instanceof TypeError &&
        error.message ===
          'contradiction: a read-only tool is never destructive and always idempotent; set readOnly: false for a tool that writes',
    );
  }
});

annotations.run();

// --- 2. What each version receives -------------------------------------------------------

const lists = suite('tools/list per version');

const SEARCH_INPUT = {
  type: 'object',
  properties: {
    query: { type: 'string', minLength: 1, description: 'Text to find.' },
    limit: { type: 'integer', minimum: 1, maximum: 200, default: 20 },
    level: { type: 'string', enum: ['info', 'error'] },
  },
  required: ['query'],
  additionalProperties: false,
};
const SEARCH_ANNOTATIONS = {
  title: 'Search the logs',
  readOnlyHint: true,
  idempotentHint: true,
  destructiveHint: false,
  openWorldHint: false,
};
const WEATHER_OUTPUT = {
  type: 'object',
  properties: { city: { type: 'string' }, tempC: { type: 'number' } },
  required: ['city', 'tempC'],
};

lists('2024-11-05 lists name, description and inputSchema only', async () => {
  const { tools } = await ask(new TestServer(), '2024-11-05', 'tools/list');
  assert.equal(tools[0], {
    name: 'search_logs',
    description: 'Log lines that contain a text.',
    inputSchema: SEARCH_INPUT,
  });
  assert.equal(Object.keys(tools[2]), ['name', 'description', 'inputSchema']);
});

lists('2025-03-26 adds annotations, and no title or outputSchema', async () => {
  const { tools } = await ask(new TestServer(), '2025-03-26', 'tools/list');
  assert.equal(tools[0], {
    name: 'search_logs',
    description: 'Log lines that contain a text.',
    inputSchema: SEARCH_INPUT,
    annotations: SEARCH_ANNOTATIONS,
  });
  assert.equal(Object.keys(tools[2]), ['name', 'description', 'inputSchema', 'annotations']);
});

lists('2025-06-18 and later add title and outputSchema', async () => {
  for (const version of ['2025-06-18', '2025-11-25', '2026-07-28'] as const) {
    const { tools } = await ask(new TestServer(), version, 'tools/list');
    assert.equal(tools[2], {
      name: 'weather',
      title: 'Weather',
      description: 'The weather in a city, structured.',
      inputSchema: {
        type: 'object',
        properties: { city: { type: 'string' } },
        required: ['city'],
        additionalProperties: false,
      },
      // Weather declares no hints: the specification's defaults.
      annotations: {
        title: 'Weather',
        readOnlyHint: false,
        idempotentHint: false,
        destructiveHint: true,
        openWorldHint: true,
      },
      outputSchema: WEATHER_OUTPUT,
    });
  }
});

// A tool whose definition carries every field some version defines, and some none does.
const everything: AnyTool = {
  name: 'everything',
  definition: () =>
    Object.freeze({
      name: 'everything',
      title: 'Everything',
      description: 'Every field.',
      inputSchema: { type: 'object' },
      annotations: { title: 'Everything', readOnlyHint: true, colour: 'blue' },
      icons: [{ src: 'https://example.com/e.png' }],
      execution: { taskSupport: 'optional' },
      _meta: { 'example.com/x': 1 },
      colour: 'blue',
    }) as Tool,
  call: async () => ({ content: [] }),
  headerParameters: () => [],
};

lists('icons from 2025-11-25, execution in 2025-11-25 only, _meta from 2025-06-18', async () => {
  const keys: Record<Version, string[]> = {
    '2024-11-05': ['name', 'description', 'inputSchema'],
    '2025-03-26': ['name', 'description', 'inputSchema', 'annotations'],
    '2025-06-18': ['name', 'title', 'description', 'inputSchema', 'annotations', '_meta'],
    '2025-11-25': [
      'name',
      'title',
      'description',
      'inputSchema',
      'annotations',
      'icons',
      'execution',
      '_meta',
    ],
    '2026-07-28': ['name', 'title', 'description', 'inputSchema', 'annotations', 'icons', '_meta'],
  };
  for (const [version, expected] of Object.entries(keys)) {
    const { tools } = await ask(new Server(everything), version as Version, 'tools/list');
    assert.equal(Object.keys(tools[0]), expected, version);
    if (version !== '2024-11-05') {
      // An annotation no version defines is left out too.
      assert.equal(tools[0].annotations, { title: 'Everything', readOnlyHint: true }, version);
    }
  }
});

lists('a definition is shaped once per class and version, not per request', async () => {
  for (const version of ['2024-11-05', '2025-11-25', '2026-07-28'] as const) {
    const one = await ask(new TestServer(), version, 'tools/list');
    const two = await ask(new TestServer(), version, 'tools/list');
    for (const [i, tool] of one.tools.entries()) assert.ok(tool === two.tools[i], version);
    assert.ok(Object.isFrozen(one.tools[0]));
  }
});

lists(
  'a whole list is built once per tools map and version, and no caller can change it',
  async () => {
    const server = new TestServer();
    const one = await ask(server, '2025-06-18', 'tools/list');
    const names = one.tools.map((tool: { name: string }) => tool.name);
    assert.throws(() => one.tools.push({ name: 'intruder' }), TypeError);
    assert.throws(() => {
      one.extra = true;
    }, TypeError);
    const two = await ask(server, '2025-06-18', 'tools/list');
    assert.ok(one.tools === two.tools);
    assert.equal(
      two.tools.map((tool: { name: string }) => tool.name),
      names,
    );
    // Another version's list is its own.
    const older = await ask(server, '2024-11-05', 'tools/list');
    assert.ok(older.tools !== one.tools);
    assert.equal(Object.keys(older.tools[0]), ['name', 'description', 'inputSchema']);
  },
);

lists(
  'initialize: serverInfo and capabilities as the negotiated version defines them',
  async () => {
    class Rich extends Server {
      override serverInfo() {
        return {
          name: 'rich',
          title: 'Rich',
          version: '1.0.0',
          description: 'Every field.',
          websiteUrl: 'https://example.com',
          icons: [{ src: 'https://example.com/r.png' }],
        };
      }
      override capabilities() {
        return { tools: {}, completions: {}, tasks: {}, extensions: { 'example.com/x': {} } };
      }
    }
    const offer = (protocolVersion: string) => ({
      protocolVersion,
      capabilities: {},
      clientInfo: { name: 'c', version: '1' },
    });
    const answers: Record<string, [string[], string[]]> = {
      '2024-11-05': [['name', 'version'], ['tools']],
      '2025-03-26': [
        ['name', 'version'],
        ['tools', 'completions'],
      ],
      '2025-06-18': [
        ['name', 'title', 'version'],
        ['tools', 'completions'],
      ],
      '2025-11-25': [
        ['name', 'title', 'version', 'description', 'websiteUrl', 'icons'],
        ['tools', 'completions', 'tasks'],
      ],
    };
    for (const [version, [info, capabilities]] of Object.entries(answers)) {
      const answer = (await new Rich().handle(
        request(1, 'initialize', offer(version)),
      )) as unknown as {
        result: { serverInfo: object; capabilities: object };
      };
      assert.equal(Object.keys(answer.result.serverInfo), info, version);
      assert.equal(Object.keys(answer.result.capabilities), capabilities, version);
    }
    const discovered = await ask(new Rich(), '2026-07-28', 'server/discover');
    assert.equal(Object.keys(discovered.capabilities), ['tools', 'completions', 'extensions']);
  },
);

lists.run();

const results = suite('tools/call per version');

const TEXT = { type: 'text', text: 'a picture, a sound, a link and a file' };
const IMAGE = { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' };
const AUDIO = { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' };
const LINK = {
  type: 'resource_link',
  uri: 'file:///README.md',
  name: 'README.md',
  mimeType: 'text/markdown',
};
const RESOURCE = {
  type: 'resource',
  resource: { uri: 'file:///a.txt', mimeType: 'text/plain', text: 'A' },
};
const AUDIO_TEXT = {
  type: 'text',
  text: '[audio (audio/wav, 4 bytes) not shown: protocol 2024-11-05 has no audio content]',
};
const LINK_TEXT = {
  type: 'text',
  text: '[resource link: README.md <file:///README.md> (text/markdown)]',
};

results('2024-11-05: audio and a resource link become text that says what they were', async () => {
  const result = await askCall(new Server(new Media()), '2024-11-05', 'media');
  assert.equal(result, {
    content: [TEXT, IMAGE, AUDIO_TEXT, LINK_TEXT, RESOURCE],
    _meta: { 'example.com/source': 'fixtures' },
  });
});

results('2025-03-26 has audio, and no resource link', async () => {
  const result = await askCall(new Server(new Media()), '2025-03-26', 'media');
  assert.equal(result.content, [TEXT, IMAGE, AUDIO, LINK_TEXT, RESOURCE]);
});

results('2025-06-18 and later receive every block as it is', async () => {
  for (const version of ['2025-06-18', '2025-11-25', '2026-07-28'] as const) {
    const result = await askCall(new Server(new Media()), version, 'media');
    assert.equal(result.content, [TEXT, IMAGE, AUDIO, LINK, RESOURCE], version);
  }
});

results(
  'the fields of a block: _meta and lastModified from 2025-06-18, icons 2025-11-25',
  async () => {
    const Fields = defineTool({
      name: 'fields',
      title: 'Fields',
      description: 'Blocks with every field.',
      argumentsSchema,
      run: () => ({
        content: [
          {
            type: 'text',
            text: 't',
            annotations: { audience: ['user'], priority: 1, lastModified: '2025-01-01T00:00:00Z' },
            _meta: { m: 1 },
          },
          {
            type: 'resource',
            resource: { uri: 'file:///a', blob: 'QQ==', _meta: { m: 2 } },
          },
          {
            type: 'resource_link',
            uri: 'file:///b',
            name: 'b',
            title: 'The b file',
            description: 'A file.',
            icons: [{ src: 'https://example.com/b.png' }],
          },
        ],
      }),
    });
    const server = new Server(new Fields());
    assert.equal((await askCall(server, '2025-03-26', 'fields')).content, [
      { type: 'text', text: 't', annotations: { audience: ['user'], priority: 1 } },
      { type: 'resource', resource: { uri: 'file:///a', blob: 'QQ==' } },
      { type: 'text', text: '[resource link: The b file <file:///b>: A file.]' },
    ]);
    assert.equal((await askCall(server, '2025-06-18', 'fields')).content, [
      {
        type: 'text',
        text: 't',
        annotations: { audience: ['user'], priority: 1, lastModified: '2025-01-01T00:00:00Z' },
        _meta: { m: 1 },
      },
      { type: 'resource', resource: { uri: 'file:///a', blob: 'QQ==', _meta: { m: 2 } } },
      {
        type: 'resource_link',
        uri: 'file:///b',
        name: 'b',
        title: 'The b file',
        description: 'A file.',
      },
    ]);
    const latest = (await askCall(server, '2025-11-25', 'fields')).content;
    assert.equal(latest[2].icons, [{ src: 'https://example.com/b.png' }]);
  },
);

results('a block no version defines becomes text, in every version', async () => {
  const Odd = defineTool({
    name: 'odd',
    title: 'Odd',
    description: 'A block of a kind no version has.',
    argumentsSchema,
    run: () => ({ content: [{ type: 'video', data: 'AAAA' } as never] }),
  });
  assert.equal((await askCall(new Server(new Odd()), '2025-11-25', 'odd')).content, [
    { type: 'text', text: '[video content not shown: protocol 2025-11-25 has no such content]' },
  ]);
});

results('structuredContent only from 2025-06-18; its JSON is the text before', async () => {
  const server = new Server(new Weather());
  const json = { type: 'text', text: '{"city":"Oslo","tempC":4}' };
  for (const version of ['2024-11-05', '2025-03-26'] as const) {
    assert.equal(await askCall(server, version, 'weather', { city: 'Oslo' }), { content: [json] });
  }
  for (const version of ['2025-06-18', '2025-11-25'] as const) {
    assert.equal(await askCall(server, version, 'weather', { city: 'Oslo' }), {
      content: [json],
      structuredContent: { city: 'Oslo', tempC: 4 },
    });
  }
});

const listSchema = {
  type: 'array',
  items: { type: 'number' },
} as const satisfies JSONSchema;

const Primes = defineTool({
  name: 'primes',
  title: 'Primes',
  description: 'The first primes, as an array.',
  argumentsSchema: { type: 'object', properties: { bad: { type: 'boolean' } } },
  outputSchema: listSchema,
  // ['two'] is wrong on purpose, past the types: the server's check is tested with it.
  run: ({ bad }) => ({ structuredContent: bad ? (['two'] as never) : [2, 3, 5] }),
});

results('2026-07-28: an outputSchema of any type, structuredContent any JSON value', async () => {
  const server = new Server(new Primes());
  const { tools } = await ask(server, '2026-07-28', 'tools/list');
  assert.equal(tools[0].outputSchema, listSchema);
  const result = await askCall(server, '2026-07-28', 'primes');
  assert.equal(result.structuredContent, [2, 3, 5]);
  assert.equal(result.content, [{ type: 'text', text: '[2,3,5]' }]);
});

results('2026-07-28: a null structuredContent is a value, kept by dump() too', async () => {
  const Nothing = defineTool({
    name: 'nothing',
    title: 'Nothing',
    description: 'Finds nothing, as JSON null.',
    argumentsSchema,
    outputSchema: { type: 'null' },
    run: () => ({ structuredContent: null }),
  });
  const answer = (await new Server(new Nothing()).handle(
    request(1, 'tools/call', { name: 'nothing', _meta: MODERN }),
  )) as JSONRPCResponse;
  const { result } = MCPServerBase.dump(answer) as { result: Record<string, unknown> };
  assert.is(result.structuredContent, null);
  assert.equal(result.content, [{ type: 'text', text: 'null' }]);
});

results('2026-07-28: a value that does not match the outputSchema is a server fault', async () => {
  const logged: unknown[] = [];
  class Logged extends Server {
    override logError(error: unknown) {
      logged.push(error);
    }
  }
  const answer = (await new Logged(new Primes()).handle(
    request(1, 'tools/call', { name: 'primes', arguments: { bad: true }, _meta: MODERN }),
  )) as { error: { code: number } };
  assert.is(answer.error.code, -32603);
  assert.match(String(logged[0]), /primes: run\(\) returned structuredContent that does not match/);
});

results(
  'handshake era: an outputSchema not of type object is not listed, nor the value sent',
  async () => {
    const server = new Server(new Primes());
    for (const version of ['2025-06-18', '2025-11-25'] as const) {
      const { tools } = await ask(server, version, 'tools/list');
      assert.is(tools[0].outputSchema, undefined, version);
      assert.equal(await askCall(server, version, 'primes'), {
        content: [{ type: 'text', text: '[2,3,5]' }],
      });
    }
  },
);

results('the exported shapers: literal in, literal out', () => {
  const audio = (data: unknown) => ({
    content: [
      {
        type: 'audio',
        data,
        mimeType: 'audio/wav',
        annotations: { priority: 1, lastModified: 'now' },
        _meta: { m: 1 },
      },
    ],
  });
  const said = (bytes: number) =>
    `[audio (audio/wav, ${bytes} bytes) not shown: protocol 2024-11-05 has no audio content]`;
  for (const [data, bytes] of [
    ['UklGRg==', 4],
    ['UklGRgA=', 5],
    ['UklGRgAA', 6],
    [7, 0],
  ] as const) {
    assert.equal(resultFor(audio(data) as CallToolResult, '2024-11-05'), {
      content: [{ type: 'text', text: said(bytes), annotations: { priority: 1 } }],
    });
  }
  // A block's _meta survives its degradation where text blocks carry one.
  const link = { type: 'resource_link', uri: 'u', name: 'n', _meta: { m: 1 } };
  assert.equal(resultFor({ content: [link] } as CallToolResult, '2025-06-18'), {
    content: [link],
  });
  const odd = { content: [{ type: 'video', _meta: { m: 1 } }, null] } as unknown as CallToolResult;
  assert.equal(resultFor(odd, '2025-06-18').content, [
    {
      type: 'text',
      text: '[video content not shown: protocol 2025-06-18 has no such content]',
      _meta: { m: 1 },
    },
    null,
  ]);
  // A result with nothing to change is the same object.
  const plain: CallToolResult = { content: [{ type: 'text', text: 'x' }] };
  assert.ok(resultFor(plain, '2024-11-05') === plain);
  // A definition that is not frozen is shaped anew, never from a stale copy.
  const open = { name: 'o', title: 'O', inputSchema: { type: 'object' as const } };
  assert.equal(toolFor(open, '2024-11-05'), { name: 'o', inputSchema: { type: 'object' } });
  open.name = 'p';
  assert.is(toolFor(open, '2024-11-05').name, 'p');
  // The version of a request: in-process without headers, the latest of each era.
  const call = { clientCapabilities: undefined, clientInfo: undefined, headers: undefined };
  assert.is(versionOf({ ...call, era: 'handshake', protocolVersion: undefined }), '2025-11-25');
  assert.is(versionOf({ ...call, era: 'handshake', protocolVersion: '2025-03-26' }), '2025-03-26');
  assert.is(versionOf({ ...call, era: 'modern', protocolVersion: undefined }), '2026-07-28');
});

results.run();

// --- 3. Cache hints ----------------------------------------------------------------------

const hints = suite('cache hints');

hints(
  'a cache hint that is not valid fails every request, naming the class and option',
  async () => {
    const cases: [string, unknown, string][] = [
      ['toolsCache', { ttlMs: -1, cacheScope: 'public' }, 'ttlMs must be an integer'],
      ['toolsCache', { ttlMs: 1.5, cacheScope: 'public' }, 'ttlMs must be an integer'],
      ['toolsCache', { ttlMs: '60', cacheScope: 'public' }, 'ttlMs must be an integer'],
      ['discoverCache', { ttlMs: Number.NaN, cacheScope: 'public' }, 'ttlMs must be an integer'],
      ['discoverCache', { ttlMs: 60, cacheScope: 'shared' }, 'cacheScope must be "public"'],
      ['toolsCache', { ttlMs: 60 }, 'cacheScope must be "public" or "private"'],
      ['discoverCache', 60_000, 'must be an object'],
    ];
    for (const [option, hint, problem] of cases) {
      class Misconfigured extends TestServer {
        constructor() {
          super();
          Object.defineProperty(this, option, { value: hint });
        }
      }
      // Every request, of either era, so that the mistake shows at once.
      for (const payload of [
        request(1, 'ping'),
        request(1, 'tools/list', { _meta: MODERN }),
        [request(1, 'ping')],
      ]) {
        try {
          await new Misconfigured().handle(payload);
          assert.unreachable(`${option}: ${JSON.stringify(hint)}`);
        } catch (error) {
          assert.instance(error, TypeError);
          assert.ok(
            (error as Error).message.startsWith(`Misconfigured.${option}`),
            (error as Error).message,
          );
          assert.ok((error as Error).message.includes(problem), (error as Error).message);
        }
      }
    }
  },
);

hints('valid hints, class fields set after the base constructor, are sent as set', async () => {
  class Hinted extends TestServer {
    override readonly toolsCache = { ttlMs: 0, cacheScope: 'private' } as const;
    override readonly discoverCache = { ttlMs: 60_000, cacheScope: 'public' } as const;
  }
  const list = await ask(new Hinted(), '2026-07-28', 'tools/list');
  assert.equal([list.ttlMs, list.cacheScope], [0, 'private']);
  const discovered = await ask(new Hinted(), '2026-07-28', 'server/discover');
  assert.equal([discovered.ttlMs, discovered.cacheScope], [60_000, 'public']);
});

hints.run();

// --- Prompts: the same blocks, and the same degrading, as a tool's result ---------------

const prompts = suite('prompts per version');

const Blocks = definePrompt({
  name: 'blocks',
  title: 'Blocks',
  description: 'Every block a tool result may carry.',
  icons: [{ src: 'https://example.com/p.png' }],
  argumentsSchema: { type: 'object', properties: { a: { type: 'string', title: 'A' } } },
  get: () =>
    [TEXT, IMAGE, AUDIO, LINK, RESOURCE].map((content) => ({
      role: 'user' as const,
      content: content as ContentBlock,
    })),
});

class PromptServer extends Server {
  override readonly prompts = promptsByName(new Blocks());
}

const contentOf = async (version: Version) =>
  (await ask(new PromptServer(), version, 'prompts/get', { name: 'blocks' })).messages.map(
    ({ content }: { content: unknown }) => content,
  );

prompts('2024-11-05 gets no audio and no resource link from prompts/get, but text', async () => {
  assert.equal(await contentOf('2024-11-05'), [TEXT, IMAGE, AUDIO_TEXT, LINK_TEXT, RESOURCE]);
});

prompts('2025-03-26 gets audio, and no resource link', async () => {
  assert.equal(await contentOf('2025-03-26'), [TEXT, IMAGE, AUDIO, LINK_TEXT, RESOURCE]);
});

prompts('2025-06-18 and later get every block as it is', async () => {
  for (const version of ['2025-06-18', '2025-11-25', '2026-07-28'] as const) {
    assert.equal(await contentOf(version), [TEXT, IMAGE, AUDIO, LINK, RESOURCE], version);
  }
});

prompts('prompts/list: title from 2025-06-18, icons from 2025-11-25', async () => {
  const listed = async (version: Version) =>
    (await ask(new PromptServer(), version, 'prompts/list')).prompts[0];
  const old = await listed('2025-03-26');
  assert.equal(Object.keys(old), ['name', 'description', 'arguments']);
  assert.equal(old.arguments, [{ name: 'a', required: false }]);
  assert.equal(Object.keys(await listed('2025-06-18')), [
    'name',
    'title',
    'description',
    'arguments',
  ]);
  assert.ok((await listed('2025-11-25')).icons);
  // Shaped once per definition and version: the same object each time.
  const server = new PromptServer();
  const first = await ask(server, '2025-03-26', 'prompts/list');
  const second = await ask(server, '2025-03-26', 'prompts/list');
  assert.is(first.prompts[0], second.prompts[0]);
});

prompts.run();
