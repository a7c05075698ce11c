// MCP 2026-07-28 from the same handle(), over the plain HTTP handler (statuses) and in-process
// through the test client. Numbers in test names are the lines of the protocol digest's checklist.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createHttpHandler, type HttpRequest } from '../src/http.js';
import {
  decodeHeaderValue,
  defineTool,
  encodeHeaderValue,
  headerParameters,
  mcpserverCalled,
  mcpserverToolCalled,
  SERVER_VERSION,
  type ServerCalled,
  type ToolCalled,
  toolsByName,
} from '../src/index.js';
import { ResponseError, TestClient } from '../src/testing.js';
import { Forecast, jsonText, Summarize, TestServer } from './fixtures.js';

const V = '2026-07-28';
const E = {
  'io.modelcontextprotocol/protocolVersion': V,
  'io.modelcontextprotocol/clientCapabilities': {},
};
const SI = { 'io.modelcontextprotocol/serverInfo': { name: 'modern', version: SERVER_VERSION } };
const SUPPORTED = ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'];

class ModernServer extends TestServer {
  override readonly name = 'modern';
  override readonly tools = toolsByName(
    ...new TestServer().tools.values(),
    new Forecast(),
    new Summarize(),
  );
  override serverInfo() {
    return { name: 'modern', version: SERVER_VERSION };
  }
}

const http = createHttpHandler(() => new ModernServer());

interface Send {
  body: unknown;
  headers?: Record<string, string>;
}

async function post({ body, headers = {} }: Send, handler = http) {
  const request: HttpRequest = {
    method: 'POST',
    headers: { host: 'localhost', 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  };
  const response = await handler(request);
  return {
    status: response.status,
    body: response.body === undefined ? undefined : JSON.parse(jsonText(response.body)),
  };
}

/** A 2026-07-28 request with everything right, to be broken one thing at a time. */
function modern(
  id: number,
  method: string,
  params: Record<string, unknown> = {},
  extra: Record<string, string> = {},
): Send {
  const headers: Record<string, string> = {
    'mcp-protocol-version': V,
    'mcp-method': method,
    ...extra,
  };
  if (
    method === 'tools/call' &&
    typeof params.name === 'string' &&
    extra['mcp-name'] === undefined
  ) {
    headers['mcp-name'] = params.name;
  }
  return { body: { jsonrpc: '2.0', id, method, params: { ...params, _meta: E } }, headers };
}

const failure = (id: number | null, code: number, message: string, data?: unknown) => ({
  jsonrpc: '2.0',
  id,
  error: data === undefined ? { code, message } : { code, message, data },
});

const era = suite('2026-07-28');

era(
  '32, 33, 34: server/discover says what the server speaks, with resultType and serverInfo',
  async () => {
    assert.equal(await post(modern(1, 'server/discover')), {
      status: 200,
      body: {
        jsonrpc: '2.0',
        id: 1,
        result: {
          resultType: 'complete',
          supportedVersions: SUPPORTED,
          capabilities: { logging: {}, tools: {} },
          instructions: 'Search the logs with search_logs.',
          ttlMs: 3_600_000,
          cacheScope: 'public',
          _meta: SI,
        },
      },
    });
  },
);

era('32: server/discover does not exist in the handshake era', async () => {
  assert.equal(await post({ body: { jsonrpc: '2.0', id: 1, method: 'server/discover' } }), {
    status: 200,
    body: failure(1, -32601, 'Method not found'),
  });
});

era(
  '33, 34, 35, 36: tools/list carries resultType, serverInfo, ttlMs and cacheScope, in a stable order',
  async () => {
    const first = await post(modern(1, 'tools/list'));
    assert.is(first.status, 200);
    const { result } = first.body;
    assert.is(result.resultType, 'complete');
    assert.equal(result._meta, SI);
    assert.is(result.ttlMs, 300_000);
    assert.is(result.cacheScope, 'public');
    const names = result.tools.map((tool: { name: string }) => tool.name);
    assert.equal(names, ['search_logs', 'fail', 'weather', 'media', 'forecast', 'summarize']);
    assert.equal((await post(modern(2, 'tools/list'))).body.result.tools, result.tools);
    // The x-mcp-header annotations reach the client, which needs them.
    assert.is(result.tools[4].inputSchema.properties.region['x-mcp-header'], 'Region');
  },
);

era(
  '35: the cache hints are the server’s to set, e.g. private when the list depends on the caller',
  async () => {
    class PerCaller extends ModernServer {
      override readonly toolsCache = { ttlMs: 0, cacheScope: 'private' } as const;
    }
    const client = new TestClient(new PerCaller(), { protocolVersion: V });
    const result = await client.request('tools/list');
    assert.is(result.ttlMs, 0);
    assert.is(result.cacheScope, 'private');
  },
);

era(
  '33, 34: a tool result carries resultType and serverInfo, merged with the tool’s own _meta',
  async () => {
    assert.equal(
      await post(modern(1, 'tools/call', { name: 'search_logs', arguments: { query: 'boot' } })),
      {
        status: 200,
        body: {
          jsonrpc: '2.0',
          id: 1,
          result: {
            resultType: 'complete',
            content: [{ type: 'text', text: 'info boot' }],
            _meta: SI,
          },
        },
      },
    );
    const media = await post(modern(2, 'tools/call', { name: 'media', arguments: {} }));
    assert.equal(media.body.result._meta, { 'example.com/source': 'fixtures', ...SI });
  },
);

era('37, 38: _meta missing or incomplete is 400 -32602 with the request id', async () => {
  const message = `params._meta must carry io.modelcontextprotocol/protocolVersion and io.modelcontextprotocol/clientCapabilities.`;
  const headers = { 'mcp-protocol-version': V, 'mcp-method': 'tools/list' };
  for (const meta of [
    undefined,
    { 'io.modelcontextprotocol/protocolVersion': V },
    { 'io.modelcontextprotocol/clientCapabilities': {} },
    { ...E, 'io.modelcontextprotocol/clientCapabilities': 'all' },
  ]) {
    const params = meta === undefined ? {} : { _meta: meta };
    assert.equal(
      await post({ body: { jsonrpc: '2.0', id: 7, method: 'tools/list', params }, headers }),
      {
        status: 400,
        body: failure(7, -32602, message),
      },
    );
  }
});

era('39: _meta without clientInfo is served; with it, it reaches the signals', async () => {
  const seen: ServerCalled[] = [];
  const tools: ToolCalled[] = [];
  const off = mcpserverCalled.connect((event) => seen.push(event));
  const offTools = mcpserverToolCalled.connect((event) => tools.push(event));
  const clientInfo = { name: 'acme-client', version: '2.0.0' };
  const request = modern(1, 'tools/call', { name: 'search_logs', arguments: { query: 'x' } });
  (request.body as { params: { _meta: object } }).params._meta = {
    ...E,
    'io.modelcontextprotocol/clientInfo': clientInfo,
  };
  assert.is((await post(request)).status, 200);
  assert.is((await post(modern(2, 'tools/list'))).status, 200);
  await post({ body: { jsonrpc: '2.0', id: 3, method: 'ping' } });
  off();
  offTools();
  assert.equal(
    seen.map(({ method, era, protocolVersion, clientInfo }) => ({
      method,
      era,
      protocolVersion,
      clientInfo,
    })),
    [
      { method: 'tools/call', era: 'modern', protocolVersion: V, clientInfo },
      { method: 'tools/list', era: 'modern', protocolVersion: V, clientInfo: undefined },
      { method: 'ping', era: 'handshake', protocolVersion: '2025-03-26', clientInfo: undefined },
    ],
  );
  assert.equal(
    [tools[0]?.era, tools[0]?.protocolVersion, tools[0]?.clientInfo],
    ['modern', V, clientInfo],
  );
});

era(
  '40, 41, 42: versions: header and _meta must agree; an unknown one is -32022 with what is supported',
  async () => {
    const mismatch = modern(1, 'tools/list');
    (mismatch.body as { params: { _meta: object } }).params._meta = {
      ...E,
      'io.modelcontextprotocol/protocolVersion': 'v999.0.0',
    };
    assert.equal(await post(mismatch), {
      status: 400,
      body: failure(1, -32020, "MCP-Protocol-Version must equal _meta's protocol version."),
    });
    const both = {
      ...mismatch,
      headers: { ...mismatch.headers, 'mcp-protocol-version': 'v999.0.0' },
    };
    const answer = await post(both);
    assert.equal(answer, {
      status: 400,
      body: failure(1, -32022, 'Unsupported protocol version.', {
        supported: SUPPORTED,
        requested: 'v999.0.0',
      }),
    });
    const discovered = (await post(modern(2, 'server/discover'))).body.result.supportedVersions;
    for (const version of answer.body.error.data.supported) assert.ok(discovered.includes(version));
  },
);

era(
  '43, 44: the dual-era policy: no header with a modern _meta, or a handshake header with one, is -32020',
  async () => {
    const body = modern(1, 'tools/list').body;
    assert.equal(await post({ body }), {
      status: 400,
      body: failure(1, -32020, 'MCP-Protocol-Version is required with a 2026-07-28 request.'),
    });
    assert.equal(await post({ body, headers: { 'mcp-protocol-version': '2025-11-25' } }), {
      status: 400,
      body: failure(1, -32020, "MCP-Protocol-Version does not match _meta's protocol version."),
    });
    // initialize stays the handshake, whatever its _meta says.
    const initialize = {
      jsonrpc: '2.0',
      id: 2,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'c', version: '1' },
        _meta: E,
      },
    };
    const answer = await post({ body: initialize });
    assert.is(answer.status, 200);
    assert.is(answer.body.result.protocolVersion, '2025-06-18');
  },
);

era(
  '45, 46: Mcp-Method is required and equal to the method, exactly; header names in any case',
  async () => {
    const missing = modern(1, 'tools/list');
    delete missing.headers!['mcp-method'];
    assert.equal(await post(missing), {
      status: 400,
      body: failure(1, -32020, 'Mcp-Method is required.'),
    });
    assert.equal(await post(modern(1, 'tools/list', {}, { 'mcp-method': 'TOOLS/LIST' })), {
      status: 400,
      body: failure(1, -32020, 'Mcp-Method must equal the method in the body.'),
    });
    const web = new Headers({ 'MCP-Protocol-Version': V, 'MCP-METHOD': 'tools/list' });
    const answer = await new ModernServer().handle(modern(1, 'tools/list').body, { headers: web });
    assert.is(
      (answer as unknown as { result: { resultType: string } }).result.resultType,
      'complete',
    );
  },
);

era('47, 48, 49: Mcp-Name is required, equal to the tool, base64-decoded and trimmed', async () => {
  const withName = (name: string | undefined) => {
    const request = modern(1, 'tools/call', { name: 'test', arguments: {} });
    if (name === undefined) delete request.headers!['mcp-name'];
    else request.headers!['mcp-name'] = name;
    return request;
  };
  class Named extends ModernServer {
    override readonly tools = toolsByName(
      new (defineTool({
        name: 'test',
        title: 'Test',
        description: 'Test.',
        argumentsSchema: { type: 'object' },
        run: () => 'ok',
      }))(),
    );
  }
  const named = createHttpHandler(() => new Named());
  const send = (name: string | undefined) => post(withName(name), named);
  assert.equal(await send(undefined), {
    status: 400,
    body: failure(1, -32020, 'Mcp-Name is required for tools/call.'),
  });
  assert.equal(await send('other'), {
    status: 400,
    body: failure(1, -32020, 'Mcp-Name must equal the name in the body.'),
  });
  assert.is((await send('=?base64?dGVzdA==?=')).status, 200);
  assert.is((await send('  test  ')).status, 200);
  assert.equal(await send('=?base64?dGVzdA?='), {
    status: 400,
    body: failure(1, -32020, 'Mcp-Name is not valid base64.'),
  });
  assert.equal(await send('=?base64?!!!!?='), {
    status: 400,
    body: failure(1, -32020, 'Mcp-Name is not valid base64.'),
  });
  // Repeated, the header is joined with ", " and no longer matches.
  assert.is((await send('test, test')).status, 400);
  assert.is((await post(withName('test'))).body.error.message, 'Unknown tool: test');
});

era('50, 51, 52: Mcp-Param-* headers mirror the arguments marked x-mcp-header', async () => {
  const forecast = (args: Record<string, unknown>, extra: Record<string, string>) =>
    post(modern(1, 'tools/call', { name: 'forecast', arguments: args }, extra));
  assert.equal(await forecast({ region: 'north' }, {}), {
    status: 400,
    body: failure(1, -32020, 'Mcp-Param-Region is required with region.'),
  });
  assert.is((await forecast({ region: 'north' }, { 'mcp-param-region': 'north' })).status, 200);
  assert.equal(await forecast({ region: 'north' }, { 'mcp-param-region': 'south' }), {
    status: 400,
    body: failure(1, -32020, 'Mcp-Param-Region does not match region.'),
  });
  assert.equal(
    await forecast({ region: 'north' }, { 'mcp-param-region': 'north', 'mcp-param-days': '2' }),
    {
      status: 400,
      body: failure(1, -32020, 'Mcp-Param-Days is sent, but days is not.'),
    },
  );
  assert.is(
    (
      await forecast(
        { region: 'north', days: 42 },
        { 'mcp-param-region': 'north', 'mcp-param-days': '42.0' },
      )
    ).status,
    200,
  );
  assert.is(
    (
      await forecast(
        { region: 'north', days: 42 },
        { 'mcp-param-region': 'north', 'mcp-param-days': '42.5' },
      )
    ).status,
    400,
  );
  assert.is(
    (
      await forecast(
        { region: 'north', metric: true },
        { 'mcp-param-region': 'north', 'mcp-param-metric': 'true' },
      )
    ).status,
    200,
  );
  assert.is(
    (
      await forecast(
        { region: 'north', metric: false },
        { 'mcp-param-region': 'north', 'mcp-param-metric': 'False' },
      )
    ).status,
    400,
  );
  assert.is(
    (await forecast({ region: 'Zürich' }, { 'mcp-param-region': encodeHeaderValue('Zürich') }))
      .status,
    200,
  );
  // The handshake era ignores Mcp-Param-*.
  const handshake = await post({
    body: {
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'forecast', arguments: { region: 'n' } },
    },
    headers: { 'mcp-param-region': 'elsewhere' },
  });
  assert.is(handshake.status, 200);
});

era(
  '53: x-mcp-header annotations that break a rule are refused when the tool is registered',
  () => {
    const tool = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      new (defineTool({
        name: 'bad',
        title: 'Bad',
        description: 'Bad.',
        argumentsSchema: { type: 'object', properties, ...extra } as { type: 'object' },
        run: () => '',
      }))();
    const cases: [Record<string, unknown>, Record<string, unknown>, RegExp][] = [
      [
        { a: { type: 'number', 'x-mcp-header': 'A' } },
        {},
        /at \/properties\/a must be on a string, integer or boolean property/,
      ],
      [{ a: { type: 'string', 'x-mcp-header': '' } }, {}, /must be a non-empty HTTP token/],
      [
        { a: { type: 'string', 'x-mcp-header': 'Has Space' } },
        {},
        /must be a non-empty HTTP token/,
      ],
      [
        {
          a: { type: 'string', 'x-mcp-header': 'Dup' },
          b: { type: 'string', 'x-mcp-header': 'dup' },
        },
        {},
        /repeats the header name dup/,
      ],
      [
        { a: { type: 'array', items: { type: 'string', 'x-mcp-header': 'A' } } },
        {},
        /at \/properties\/a\/items must be on a property reached through properties only/,
      ],
      [
        {},
        { $defs: { x: { type: 'string', 'x-mcp-header': 'X' } } },
        /at \/\$defs\/x must be on a property/,
      ],
      [
        { a: { anyOf: [{ type: 'string', 'x-mcp-header': 'A' }] } },
        {},
        /at \/properties\/a\/anyOf\/0 must be on a property/,
      ],
    ];
    for (const [properties, extra, error] of cases) {
      assert.throws(() => toolsByName(tool(properties, extra)), error);
    }
    assert.equal(
      headerParameters(
        {
          type: 'object',
          properties: {
            o: {
              type: 'object',
              properties: { deep: { type: 'integer', 'x-mcp-header': 'Deep' } },
            },
          },
        },
        't',
      ),
      [{ path: ['o', 'deep'], header: 'Deep' }],
    );
  },
);

era(
  '54: initialize, ping, logging/setLevel, resources/subscribe and unknown methods are 404 -32601',
  async () => {
    for (const method of [
      'ping',
      'logging/setLevel',
      'resources/subscribe',
      'resources/list',
      'nope',
    ]) {
      assert.equal(await post(modern(3, method)), {
        status: 404,
        body: failure(3, -32601, 'Method not found'),
      });
    }
    assert.equal(
      await post(
        modern(4, 'initialize', {
          protocolVersion: V,
          capabilities: {},
          clientInfo: { name: 'c', version: '1' },
        }),
      ),
      {
        status: 404,
        body: failure(4, -32601, 'Method not found', { supported: SUPPORTED }),
      },
    );
  },
);

era('55: a tool that needs a client capability the request lacks is 400 -32021', async () => {
  assert.equal(await post(modern(1, 'tools/call', { name: 'summarize', arguments: {} })), {
    status: 400,
    body: failure(
      1,
      -32021,
      'summarize needs client capabilities that this request does not declare.',
      {
        requiredCapabilities: { sampling: {} },
      },
    ),
  });
  const client = new TestClient(new ModernServer(), {
    protocolVersion: V,
    clientCapabilities: { sampling: {} },
  });
  assert.equal((await client.callTool('summarize', {})).content, [
    { type: 'text', text: 'summary' },
  ]);
});

era('56: an array body, or a posted response, is 400 -32600', async () => {
  const array = await http({
    method: 'POST',
    headers: { host: 'localhost', 'content-type': 'application/json', 'mcp-protocol-version': V },
    body: JSON.stringify([modern(1, 'tools/list').body]),
  });
  assert.is(array.status, 400);
  assert.equal(JSON.parse(jsonText(array.body)).error.code, -32600);
  assert.equal(
    await post({
      body: { jsonrpc: '2.0', id: 1, result: {} },
      headers: { 'mcp-protocol-version': V },
    }),
    {
      status: 400,
      body: failure(1, -32600, 'A client does not send responses in 2026-07-28.'),
    },
  );
  assert.equal(await new TestServer().handle([modern(1, 'tools/list').body]), [
    failure(1, -32600, 'A 2026-07-28 request must not be part of a batch.'),
  ]);
});

era(
  '57: a notification is 202 under 2026-07-28; under an unknown version, 400 -32022',
  async () => {
    const notification = {
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: 1, _meta: E },
    };
    assert.equal(await post({ body: notification, headers: { 'mcp-protocol-version': V } }), {
      status: 202,
      body: undefined,
    });
    assert.equal(
      await post({
        body: notification,
        headers: { 'mcp-protocol-version': '2031-01-01', 'mcp-method': 'x' },
      }),
      {
        status: 400,
        body: failure(
          null,
          -32020,
          "MCP-Protocol-Version does not match _meta's protocol version.",
        ),
      },
    );
    assert.equal(
      await post({
        body: { jsonrpc: '2.0', method: 'notifications/cancelled' },
        headers: { 'mcp-protocol-version': '2031-01-01' },
      }),
      {
        status: 400,
        body: failure(null, -32022, 'Unsupported protocol version.', {
          supported: SUPPORTED,
          requested: '2031-01-01',
        }),
      },
    );
  },
);

era('58: an invalid logLevel is -32602', async () => {
  const request = modern(1, 'tools/list');
  (request.body as { params: { _meta: object } }).params._meta = {
    ...E,
    'io.modelcontextprotocol/logLevel': 'loud',
  };
  const answer = await post(request);
  assert.is(answer.status, 400);
  assert.is(answer.body.error.code, -32602);
  (request.body as { params: { _meta: object } }).params._meta = {
    ...E,
    'io.modelcontextprotocol/logLevel': 'debug',
  };
  assert.is((await post(request)).status, 200);
});

era(
  '59: the same request gets the same answer; nothing is inferred from earlier requests',
  async () => {
    const client = new TestClient(() => new ModernServer(), { protocolVersion: V });
    const first = await client.callTool('search_logs', { query: 'disk' });
    await client.callTool('summarize', {}).catch(() => undefined);
    assert.equal(await client.callTool('search_logs', { query: 'disk' }), first);
  },
);

era('tool results, tool errors and invalid arguments, as in the handshake era', async () => {
  const client = new TestClient(new ModernServer(), { protocolVersion: V });
  assert.equal(await client.callTool('fail', { how: 'tool' }), {
    resultType: 'complete',
    content: [{ type: 'text', text: 'the disk is full; try a smaller limit' }],
    isError: true,
    _meta: SI,
  });
  assert.equal((await client.callTool('search_logs', {})).isError, true);
  assert.equal(await client.callTool('forecast', { region: 'Zürich', days: 3 }), {
    resultType: 'complete',
    content: [{ type: 'text', text: 'Zürich: sunny for 3 day(s)' }],
    _meta: SI,
  });
  try {
    await client.callTool('nope', {});
    assert.unreachable();
  } catch (error) {
    assert.instance(error, ResponseError);
    assert.is((error as ResponseError).code, -32602);
    assert.is((error as ResponseError).status, 200);
  }
  try {
    await client.request('ping');
    assert.unreachable();
  } catch (error) {
    assert.is((error as ResponseError).status, 404);
  }
});

const BAD_CHARACTERS = 'has characters other than visible ASCII, space and tab';

era(
  'a raw header value with non-ASCII or control characters is 400 -32020, never a match',
  async () => {
    const forecast = (region: string, header: string) =>
      post(
        modern(
          1,
          'tools/call',
          { name: 'forecast', arguments: { region } },
          {
            'mcp-param-region': header,
          },
        ),
      );
    // A Node stack hands over bytes past 0x7F as latin-1 characters: "Zürich" sent raw arrives so.
    for (const value of ['Zürich', 'north\u0001', 'north\u007f', '日本', 'a\u00a0b']) {
      assert.equal(
        await forecast(value, value),
        {
          status: 400,
          body: failure(
            1,
            -32020,
            `Mcp-Param-Region ${BAD_CHARACTERS}: send such a value as =?base64?<base64>?=.`,
          ),
        },
        JSON.stringify(value),
      );
      // Only the base64 form carries them.
      assert.is((await forecast(value, encodeHeaderValue(value))).status, 200, value);
    }
    // Tabs and spaces inside are allowed characters; the edges are trimmed.
    assert.is((await forecast('a\tb c', 'a\tb c')).status, 200);
    assert.is((await forecast('north', '\tnorth ')).status, 200);
    const named = await post(
      modern(1, 'tools/call', { name: 'café', arguments: {} }, { 'mcp-name': 'café' }),
    );
    assert.equal(named, {
      status: 400,
      body: failure(
        1,
        -32020,
        `Mcp-Name ${BAD_CHARACTERS}: send such a value as =?base64?<base64>?=.`,
      ),
    });
    const method = await post(modern(1, 'tools/lïst', {}, { 'mcp-method': 'tools/lïst' }));
    assert.equal(method, {
      status: 400,
      body: failure(1, -32020, `Mcp-Method ${BAD_CHARACTERS}.`),
    });
  },
);

era('header values: decoded strictly, encoded only when they must be', () => {
  assert.is(decodeHeaderValue('Zürich'), undefined);
  assert.is(decodeHeaderValue('a\u0000b'), undefined);
  assert.is(decodeHeaderValue('=?base64?SGVsbG8=?=\u00e9'), undefined);
  assert.is(decodeHeaderValue('\ta b\t'), 'a b');
  assert.is(decodeHeaderValue('  plain  '), 'plain');
  assert.is(decodeHeaderValue('=?base64?SGVsbG8=?='), 'Hello');
  assert.is(decodeHeaderValue('=?base64?SGVsbG8?='), undefined);
  assert.is(decodeHeaderValue('=?base64?/w==?='), undefined); // not UTF-8
  assert.is(decodeHeaderValue('=?base64?SGVsbG8='), '=?base64?SGVsbG8=');
  assert.is(encodeHeaderValue('search_logs'), 'search_logs');
  assert.is(encodeHeaderValue('Zürich'), '=?base64?WsO8cmljaA==?=');
  assert.is(encodeHeaderValue(' padded'), '=?base64?IHBhZGRlZA==?=');
  assert.is(encodeHeaderValue('=?base64?x?='), '=?base64?PT9iYXNlNjQ/eD89?=');
  for (const value of ['Zürich', ' padded', '=?base64?x?=', '日本', 'a b']) {
    assert.is(decodeHeaderValue(encodeHeaderValue(value)), value);
  }
});

era.run();
