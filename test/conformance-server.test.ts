// The conformance suites' server (examples/conformance-server.ts) over real HTTP: every test tool
// answers with the shape its scenario checks, json_schema_2020_12_tool lists the suite's fixture
// schema unchanged, and the 2026-07-28 diagnostic tools answer as server-stateless and
// http-custom-header-server-validation want.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  JSON_SCHEMA_2020_12_FIXTURE,
  type RunningServer,
  startConformanceServer,
} from '../examples/conformance-server.js';

const HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
};

let server: RunningServer;
let nextId = 1;
// The Mcp-Session-Id initialize answered with, sent back as a client does: it carries what the
// client declared, for the server's questions. Nothing else is a session.
let session: string | undefined;
const sessionHeaders = () => ({ ...HEADERS, ...(session && { 'mcp-session-id': session }) });

async function rpc(method: string, params?: object): Promise<any> {
  const id = nextId++;
  const response = await fetch(server.url, {
    method: 'POST',
    headers: sessionHeaders(),
    body: JSON.stringify({ jsonrpc: '2.0', id, method, ...(params && { params }) }),
  });
  assert.is(response.status, 200);
  assert.is(response.headers.get('content-type'), 'application/json');
  if (method === 'initialize') session = response.headers.get('mcp-session-id') ?? undefined;
  else assert.is(response.headers.get('mcp-session-id'), null);
  const body = await response.json();
  assert.is(body.id, id);
  assert.is(body.error, undefined, JSON.stringify(body.error));
  return body.result;
}

const call = (name: string, args?: object) =>
  rpc('tools/call', args === undefined ? { name } : { name, arguments: args });

const bytes = (base64: string) => Buffer.from(base64, 'base64');

const conformance = suite('conformance server');

conformance.before(async () => {
  server = await startConformanceServer(0);
});

conformance.after(async () => {
  await server.close();
});

conformance('serves 127.0.0.1, /mcp only', async () => {
  assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
  const other = await fetch(new URL('/other', server.url), { method: 'POST', headers: HEADERS });
  assert.is(other.status, 404);
  await other.text();
  const get = await fetch(server.url);
  assert.is(get.status, 405);
  assert.is(get.headers.get('allow'), 'POST');
  await get.text();
});

conformance('refuses a foreign Origin (DNS rebinding)', async () => {
  const response = await fetch(server.url, {
    method: 'POST',
    headers: { ...HEADERS, origin: 'http://evil.example.com' },
    body: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
  });
  assert.is(response.status, 403);
  await response.text();
});

conformance('initialize, the notification after it, and ping', async () => {
  // As the suite's client declares.
  const result = await rpc('initialize', {
    protocolVersion: '2025-11-25',
    capabilities: { sampling: {}, elicitation: {} },
    clientInfo: { name: 'test', version: '1.0.0' },
  });
  assert.match(String(session), /^m[A-Za-z0-9_-]{22}\.es$/);
  assert.is(result.protocolVersion, '2025-11-25');
  assert.equal(result.capabilities, {
    logging: {},
    tools: {},
    resources: {},
    prompts: {},
    completions: {},
  });
  assert.is(result.serverInfo.name, 'mcp-protocol-core-conformance');
  const initialized = await fetch(server.url, {
    method: 'POST',
    headers: HEADERS,
    body: '{"jsonrpc":"2.0","method":"notifications/initialized"}',
  });
  assert.is(initialized.status, 202);
  assert.is(await initialized.text(), '');
  assert.equal(await rpc('ping'), {});
});

conformance('tools/list: the test tools, each with a description', async () => {
  const { tools } = await rpc('tools/list');
  assert.equal(
    tools.map((tool: { name: string }) => tool.name),
    [
      'test_simple_text',
      'test_image_content',
      'test_audio_content',
      'test_embedded_resource',
      'test_multiple_content_types',
      'test_error_handling',
      'test_tool_with_progress',
      'test_tool_with_logging',
      'json_schema_2020_12_tool',
      'test_missing_capability',
      'test_streaming_elicitation',
      'test_logging_tool',
      'test_custom_headers',
      'test_input_required_result_elicitation',
      'test_input_required_result_sampling',
      'test_input_required_result_list_roots',
      'test_input_required_result_request_state',
      'test_input_required_result_multiple_inputs',
      'test_input_required_result_multi_round',
      'test_input_required_result_tampered_state',
      'test_input_required_result_capabilities',
      'greet',
      'slow_compute',
      'failing_job',
      'protocol_error_job',
      'confirm_delete',
      'multi_input',
      'test_tool_with_task',
      'test_sampling',
      'test_elicitation',
      'test_elicitation_sep1034_defaults',
      'test_elicitation_sep1330_enums',
      'test_trigger_tool_change',
      'test_trigger_prompt_change',
    ],
  );
  for (const tool of tools) {
    assert.type(tool.description, 'string');
    assert.ok(tool.description.length > 0, tool.name);
    assert.is(tool.inputSchema.type, 'object', tool.name);
  }
});

conformance('json_schema_2020_12_tool lists the fixture schema unchanged', async () => {
  const { tools } = await rpc('tools/list');
  const tool = tools.find((each: { name: string }) => each.name === 'json_schema_2020_12_tool');
  // Key order too: the JSON text is the fixture's.
  assert.is(JSON.stringify(tool.inputSchema), JSON.stringify(JSON_SCHEMA_2020_12_FIXTURE));
  assert.is(tool.inputSchema.$schema, 'https://json-schema.org/draft/2020-12/schema');
  assert.ok('address' in tool.inputSchema.$defs);
  assert.is(tool.inputSchema.additionalProperties, false);
  assert.is(tool.inputSchema.$defs.address.$anchor, 'addressDef');
  assert.ok(Array.isArray(tool.inputSchema.allOf[0].anyOf));
  assert.ok('if' in tool.inputSchema && 'then' in tool.inputSchema && 'else' in tool.inputSchema);
  // And its arguments are validated against it: $ref, allOf/anyOf and if/then/else included.
  const args = {
    name: 'Ada',
    address: { city: 'London' },
    contactMethod: 'phone',
    phone: '+44 20 7946 0000',
  };
  const ok = await call('json_schema_2020_12_tool', args);
  assert.is(ok.isError, undefined);
  assert.equal(JSON.parse(ok.content[0].text), args);
  const bad = await call('json_schema_2020_12_tool', {
    address: { city: 7 },
    contactMethod: 'phone',
    email: 'ada@example.com',
    extra: true,
  });
  assert.is(bad.isError, true);
  const problems = bad.content[0].text;
  assert.match(problems, /address\.city: must be string/);
  assert.match(problems, /extra: is not an argument of this tool/);
  assert.match(problems, /phone/); // then: contactMethod phone requires a phone
});

conformance('test_simple_text, called without arguments', async () => {
  const { content, isError } = await call('test_simple_text');
  assert.is(isError, undefined);
  assert.is(content.length, 1);
  assert.is(content[0].type, 'text');
  assert.ok(content[0].text.length > 0);
});

conformance('test_image_content: a real 1×1 PNG', async () => {
  const { content } = await call('test_image_content', {});
  assert.is(content.length, 1);
  const [image] = content;
  assert.is(image.type, 'image');
  assert.is(image.mimeType, 'image/png');
  const png = bytes(image.data);
  assert.equal([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  assert.is(png.toString('latin1', 12, 16), 'IHDR');
  assert.is(png.readUInt32BE(16), 1); // width
  assert.is(png.readUInt32BE(20), 1); // height
  assert.is(png.toString('latin1', png.length - 8, png.length - 4), 'IEND');
});

conformance('test_audio_content: a real WAV, audio/wav', async () => {
  const { content } = await call('test_audio_content', {});
  assert.is(content.length, 1);
  const [audio] = content;
  assert.is(audio.type, 'audio');
  assert.is(audio.mimeType, 'audio/wav');
  const wav = bytes(audio.data);
  assert.is(wav.toString('latin1', 0, 4), 'RIFF');
  assert.is(wav.readUInt32LE(4), wav.length - 8);
  assert.is(wav.toString('latin1', 8, 16), 'WAVEfmt ');
  assert.is(wav.readUInt16LE(20), 1); // PCM
  assert.is(wav.toString('latin1', 36, 40), 'data');
  assert.is(wav.readUInt32LE(40), wav.length - 44);
  assert.ok(wav.length > 44);
});

conformance('test_embedded_resource: a text resource with uri and mimeType', async () => {
  const { content } = await call('test_embedded_resource', {});
  assert.is(content.length, 1);
  const [block] = content;
  assert.is(block.type, 'resource');
  assert.is(block.resource.uri, 'test://embedded-resource');
  assert.is(block.resource.mimeType, 'text/plain');
  assert.ok(block.resource.text.length > 0);
});

conformance('test_multiple_content_types: text, image and resource', async () => {
  const { content } = await call('test_multiple_content_types', {});
  assert.equal(
    content.map((block: { type: string }) => block.type),
    ['text', 'image', 'resource'],
  );
  assert.is(content[1].mimeType, 'image/png');
  assert.equal(JSON.parse(content[2].resource.text), { test: 'data', value: 123 });
  assert.is(content[2].resource.mimeType, 'application/json');
});

conformance('test_error_handling: a result with isError and a message', async () => {
  const result = await call('test_error_handling', {});
  assert.equal(result, {
    content: [{ type: 'text', text: 'This tool intentionally returns an error for testing' }],
    isError: true,
  });
});

// A handshake-era call whose tool asks: the question arrives on its SSE answer, the answer is
// POSTed (202), and the result follows on the same answer.
async function asked(name: string, args: object, answer: (question: any) => object) {
  const response = await fetch(server.url, {
    method: 'POST',
    headers: sessionHeaders(),
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 99,
      method: 'tools/call',
      params: { name, arguments: args },
    }),
  });
  assert.is(response.headers.get('content-type'), 'text/event-stream');
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  while (!text.includes('\n\n')) text += (await reader.read()).value ?? '';
  const question = JSON.parse(text.slice(text.indexOf('data: ') + 6, text.indexOf('\n\n')));
  const posted = await fetch(server.url, {
    method: 'POST',
    headers: HEADERS,
    body: JSON.stringify({ jsonrpc: '2.0', id: question.id, result: answer(question) }),
  });
  assert.is(posted.status, 202);
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    text += value;
  }
  const last = text.trim().split('\n\n').at(-1)!;
  return { question, response: JSON.parse(last.slice(last.indexOf('data: ') + 6)) };
}

conformance(
  'test_sampling and test_elicitation ask the handshake-era client on the SSE answer',
  async () => {
    const sampled = await asked('test_sampling', { prompt: 'hi' }, () => ({
      role: 'assistant',
      content: { type: 'text', text: 'This is a test response from the client' },
      model: 'test-model',
      stopReason: 'endTurn',
    }));
    assert.equal(sampled.question.params, {
      messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }],
      maxTokens: 100,
    });
    assert.equal(sampled.response.result.content, [
      { type: 'text', text: 'LLM response: This is a test response from the client' },
    ]);
    const elicited = await asked('test_elicitation', { message: 'Who?' }, () => ({
      action: 'accept',
      content: { username: 'testuser', email: 'test@example.com' },
    }));
    assert.equal(elicited.question.params.requestedSchema.required, ['username', 'email']);
    assert.equal(elicited.response.result.content, [
      {
        type: 'text',
        text: 'User response: {"action":"accept","content":{"username":"testuser","email":"test@example.com"}}',
      },
    ]);
  },
);

conformance('the SEP-1034 and SEP-1330 forms, answered as the suite answers them', async () => {
  const defaults = await asked('test_elicitation_sep1034_defaults', {}, () => ({
    action: 'accept',
    content: { name: 'Jane Smith', age: 25, score: 88.0, status: 'inactive', verified: false },
  }));
  const fields = defaults.question.params.requestedSchema.properties;
  assert.equal(
    Object.fromEntries(
      Object.entries(fields).map(([key, field]: [string, any]) => [key, field.default]),
    ),
    { name: 'John Doe', age: 30, score: 95.5, status: 'active', verified: true },
  );
  assert.match(defaults.response.result.content[0].text, /"name":"Jane Smith"/);
  const enums = await asked('test_elicitation_sep1330_enums', {}, () => ({
    action: 'accept',
    content: {
      untitledSingle: 'option1',
      titledSingle: 'value1',
      legacyEnum: 'opt1',
      untitledMulti: ['option1', 'option2'],
      titledMulti: ['value1', 'value2'],
    },
  }));
  const schema = enums.question.params.requestedSchema.properties;
  assert.equal(schema.legacyEnum.enumNames.length, schema.legacyEnum.enum.length);
  assert.ok(schema.titledMulti.items.anyOf.every((item: any) => item.const && item.title));
  assert.match(enums.response.result.content[0].text, /"titledMulti":\["value1","value2"\]/);
});

// The messages of an SSE answer, in order.
async function events(response: Response): Promise<any[]> {
  assert.is(response.status, 200);
  assert.is(response.headers.get('content-type'), 'text/event-stream');
  return (await response.text())
    .split('\n\n')
    .filter((event) => event.startsWith('event: message\ndata: '))
    .map((event) => JSON.parse(event.slice('event: message\ndata: '.length)));
}

conformance(
  'test_tool_with_progress and _with_logging: notifications, then the result',
  async () => {
    const send = (name: string, _meta?: object) =>
      fetch(server.url, {
        method: 'POST',
        headers: HEADERS,
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 7,
          method: 'tools/call',
          params: { name, arguments: {}, ...(_meta && { _meta }) },
        }),
      });
    const progress = await events(await send('test_tool_with_progress', { progressToken: 7 }));
    assert.equal(
      progress.map((message) => message.params ?? message.result.content[0].text),
      [
        { progressToken: 7, progress: 0, total: 100 },
        { progressToken: 7, progress: 50, total: 100 },
        { progressToken: 7, progress: 100, total: 100 },
        'Progress test completed.',
      ],
    );
    const logs = await events(await send('test_tool_with_logging'));
    assert.equal(
      logs.map((message) => message.params ?? message.result.content[0].text),
      [
        { level: 'info', data: 'Tool execution started' },
        { level: 'info', data: 'Tool processing data' },
        { level: 'info', data: 'Tool execution completed' },
        'Logging test completed.',
      ],
    );
    // Without a progressToken, nothing to send: one JSON answer.
    const quiet = await send('test_tool_with_progress');
    assert.is(quiet.headers.get('content-type'), 'application/json');
    assert.is((await quiet.json()).result.content[0].text, 'Progress test completed.');
  },
);

// The resources of resources-list, resources-read-{text,binary} and resources-templates-read.

const STATIC_TEXT = {
  uri: 'test://static-text',
  mimeType: 'text/plain',
  text: 'This is the content of the static text resource.',
};

conformance('resources/list: the static resources first, each readable', async () => {
  const { resources } = await rpc('resources/list');
  assert.equal(resources, [
    {
      uri: 'test://static-text',
      name: 'static-text',
      description: 'A static text resource.',
      mimeType: 'text/plain',
    },
    {
      uri: 'test://static-binary',
      name: 'static-binary',
      description: 'A static binary resource: a 1×1 red PNG.',
      mimeType: 'image/png',
    },
    // The skills' SKILL.md, as their front matter names and describes them.
    {
      uri: 'skill://pdf-processing/SKILL.md',
      name: 'pdf-processing',
      description: 'Extract the text of PDF documents, and fill in PDF forms from a template.',
      mimeType: 'text/markdown',
      size: resources[2]?.size,
    },
    {
      uri: 'skill://acme/git-workflow/SKILL.md',
      name: 'git-workflow',
      description: "Follow the team's Git conventions for branches and commits.",
      mimeType: 'text/markdown',
      size: resources[3]?.size,
    },
  ]);
  for (const skill of resources.slice(2)) {
    const { contents } = await rpc('resources/read', { uri: skill.uri });
    assert.is(Buffer.byteLength(contents[0].text), skill.size);
  }
  const { resourceTemplates } = await rpc('resources/templates/list');
  assert.equal(resourceTemplates, [
    {
      uriTemplate: 'test://template/{id}/data',
      name: 'template-data',
      description: 'Data for an id, which the text repeats.',
      mimeType: 'application/json',
    },
    {
      uriTemplate: 'skill://{+path}',
      name: 'skills',
      description: "The files of this server's skills: read a skill's SKILL.md first.",
    },
  ]);
});

conformance('resources/read: text, a real PNG as blob, and a template', async () => {
  assert.equal(await rpc('resources/read', { uri: 'test://static-text' }), {
    contents: [STATIC_TEXT],
  });
  const binary = (await rpc('resources/read', { uri: 'test://static-binary' })).contents[0];
  assert.equal([binary.uri, binary.mimeType], ['test://static-binary', 'image/png']);
  assert.equal([...bytes(binary.blob).subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10]);
  assert.equal(await rpc('resources/read', { uri: 'test://template/123/data' }), {
    contents: [
      {
        uri: 'test://template/123/data',
        mimeType: 'application/json',
        text: '{"id":"123","templateTest":true,"data":"Data for ID: 123"}',
      },
    ],
  });
});

conformance('resources/read of a URI nothing has: -32002 with data.uri', async () => {
  const uri = 'test://nonexistent-resource-for-conformance-testing';
  const response = await fetch(server.url, {
    method: 'POST',
    headers: HEADERS,
    body: JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'resources/read', params: { uri } }),
  });
  assert.equal(await response.json(), {
    jsonrpc: '2.0',
    id: 5,
    error: { code: -32002, message: 'Resource not found', data: { uri } },
  });
});

// 2026-07-28 over the same endpoint: _meta and the routing headers on every request.

const V = '2026-07-28';
const SERVER_INFO = { name: 'mcp-protocol-core-conformance', version: '1.0.0' };

async function modern(
  method: string,
  params: Record<string, unknown> = {},
  options: { headers?: Record<string, string>; capabilities?: object } = {},
): Promise<{ status: number; body: any }> {
  const id = nextId++;
  const headers: Record<string, string> = {
    ...HEADERS,
    'mcp-protocol-version': V,
    'mcp-method': method,
    ...(typeof params.name === 'string' && { 'mcp-name': params.name }),
    ...(typeof params.uri === 'string' && { 'mcp-name': params.uri }),
    ...options.headers,
  };
  const _meta = {
    'io.modelcontextprotocol/protocolVersion': V,
    'io.modelcontextprotocol/clientCapabilities': options.capabilities ?? {},
  };
  const response = await fetch(server.url, {
    method: 'POST',
    headers,
    body: JSON.stringify({ jsonrpc: '2.0', id, method, params: { ...params, _meta } }),
  });
  assert.is(response.headers.get('content-type'), 'application/json');
  assert.is(response.headers.get('mcp-session-id'), null);
  const body = await response.json();
  assert.is(body.id, id);
  return { status: response.status, body };
}

conformance('2026-07-28: server/discover', async () => {
  const { status, body } = await modern('server/discover');
  assert.is(status, 200);
  assert.equal(body.result, {
    resultType: 'complete',
    supportedVersions: ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'],
    capabilities: {
      logging: {},
      tools: { listChanged: true },
      resources: { subscribe: true, listChanged: true },
      prompts: { listChanged: true },
      completions: {},
      extensions: {
        'io.modelcontextprotocol/tasks': {},
        'io.modelcontextprotocol/skills': { directoryRead: true },
      },
    },
    instructions: 'Test tools for the MCP conformance suite.',
    ttlMs: 3_600_000,
    cacheScope: 'public',
    _meta: { 'io.modelcontextprotocol/serverInfo': SERVER_INFO },
  });
});

conformance('2026-07-28: tools/list carries the caching hints and x-mcp-header', async () => {
  const { status, body } = await modern('tools/list');
  assert.is(status, 200);
  const { resultType, ttlMs, cacheScope, tools } = body.result;
  assert.equal([resultType, ttlMs, cacheScope], ['complete', 300_000, 'public']);
  const custom = tools.find((tool: { name: string }) => tool.name === 'test_custom_headers');
  assert.is(custom.inputSchema.properties.region['x-mcp-header'], 'Region');
  assert.is(custom.inputSchema.properties.priority['x-mcp-header'], 'Priority');
  assert.is(custom.inputSchema.properties.query['x-mcp-header'], undefined);
});

conformance('2026-07-28: the resources carry caching hints; not found is -32602', async () => {
  for (const method of ['resources/list', 'resources/templates/list']) {
    const { body } = await modern(method);
    assert.equal([body.result.ttlMs, body.result.cacheScope], [300_000, 'public'], method);
  }
  const read = await modern('resources/read', { uri: 'test://static-text' });
  assert.equal(read.body.result, {
    resultType: 'complete',
    ttlMs: 60_000,
    cacheScope: 'private',
    contents: [STATIC_TEXT],
    _meta: { 'io.modelcontextprotocol/serverInfo': SERVER_INFO },
  });
  const uri = 'test://nonexistent-resource-for-conformance-testing';
  const missing = await modern('resources/read', { uri });
  assert.is(missing.status, 200);
  assert.equal(missing.body.error, { code: -32602, message: 'Resource not found', data: { uri } });
});

conformance('2026-07-28: test_missing_capability needs sampling (-32021)', async () => {
  const refused = await modern('tools/call', { name: 'test_missing_capability', arguments: {} });
  assert.is(refused.status, 400);
  assert.equal(refused.body.error, {
    code: -32021,
    message:
      'test_missing_capability needs client capabilities that this request does not declare.',
    data: { requiredCapabilities: { sampling: {} } },
  });
  const served = await modern(
    'tools/call',
    { name: 'test_missing_capability', arguments: {} },
    { capabilities: { sampling: {} } },
  );
  assert.is(served.status, 200);
  assert.is(served.body.result.resultType, 'complete');
  assert.is(served.body.result.isError, undefined);
  // The handshake era has no per-request capabilities: the tool runs.
  assert.is((await call('test_missing_capability', {})).isError, undefined);
});

conformance('2026-07-28: progress with a token; log messages only at a logLevel', async () => {
  const call = (name: string, meta: object) =>
    fetch(server.url, {
      method: 'POST',
      headers: {
        ...HEADERS,
        'mcp-protocol-version': V,
        'mcp-method': 'tools/call',
        'mcp-name': name,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 8,
        method: 'tools/call',
        params: {
          name,
          arguments: {},
          _meta: {
            'io.modelcontextprotocol/protocolVersion': V,
            'io.modelcontextprotocol/clientCapabilities': {},
            ...meta,
          },
        },
      }),
    });
  const progress = await events(
    await call('test_tool_with_progress', { progressToken: 'progress-test-1' }),
  );
  assert.equal(
    progress.map((message) => message.params?.progress ?? message.result.resultType),
    [0, 50, 100, 'complete'],
  );
  assert.is(progress[0].params.progressToken, 'progress-test-1');
  const logged = await events(
    await call('test_logging_tool', { 'io.modelcontextprotocol/logLevel': 'info' }),
  );
  assert.equal(
    logged.map((message) => message.method ?? message.id),
    ['notifications/message', 8],
  );
});

conformance(
  '2026-07-28: test_streaming_elicitation and test_logging_tool answer once',
  async () => {
    for (const name of ['test_streaming_elicitation', 'test_logging_tool']) {
      // One JSON response: no request to the client, no notifications/message, on any stream.
      const { status, body } = await modern(
        'tools/call',
        { name, arguments: {} },
        { capabilities: { elicitation: {} } },
      );
      assert.is(status, 200, name);
      assert.is(body.method, undefined, name);
      assert.is(body.result.resultType, 'complete', name);
      assert.is(body.result.content[0].type, 'text', name);
      assert.is(body.result.isError, undefined, name);
    }
  },
);

conformance('2026-07-28: test_input_required_result_multi_round, three rounds', async () => {
  const ALL = { elicitation: {}, sampling: {}, roots: {} };
  const round = (extra: object) =>
    modern(
      'tools/call',
      { name: 'test_input_required_result_multi_round', arguments: {}, ...extra },
      { capabilities: ALL },
    );
  const first = (await round({})).body.result;
  assert.is(first.resultType, 'input_required');
  assert.equal(Object.keys(first.inputRequests), ['step1']);
  const accept = (content: object) => ({ action: 'accept', content });
  const second = (
    await round({
      inputResponses: { step1: accept({ name: 'Ada' }) },
      requestState: first.requestState,
    })
  ).body.result;
  assert.equal(Object.keys(second.inputRequests), ['step2']);
  assert.is.not(second.requestState, first.requestState);
  const third = (
    await round({
      inputResponses: { step2: accept({ color: 'blue' }) },
      requestState: second.requestState,
    })
  ).body.result;
  assert.equal(third.content, [{ type: 'text', text: 'Ada likes blue.' }]);
  const tampered = await round({
    inputResponses: { step2: accept({ color: 'blue' }) },
    requestState: `${second.requestState}-TAMPERED`,
  });
  assert.equal(tampered.body.error, {
    code: -32602,
    message: 'requestState is not valid for this request.',
  });
  // The handshake era asks on the call's SSE answer: a client that takes JSON only cannot be
  // asked, and the LLM reads why.
  const legacy = await fetch(server.url, {
    method: 'POST',
    headers: { ...sessionHeaders(), accept: 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 9,
      method: 'tools/call',
      params: { name: 'test_input_required_result_elicitation', arguments: {} },
    }),
  });
  assert.equal((await legacy.json()).result, {
    content: [
      {
        type: 'text',
        text: 'This request needs elicitation/create, which is sent to a client that accepts an SSE answer (text/event-stream).',
      },
    ],
    isError: true,
  });
});

conformance('2026-07-28: test_custom_headers wants its Mcp-Param-* headers', async () => {
  const custom = (args: object, headers: Record<string, string> = {}) =>
    modern('tools/call', { name: 'test_custom_headers', arguments: args }, { headers });
  const plain = await custom({ region: 'us-west1' }, { 'mcp-param-region': 'us-west1' });
  assert.is(plain.status, 200);
  assert.equal(JSON.parse(plain.body.result.content[0].text), { region: 'us-west1' });
  // Base64 when the value is not plain ASCII; a value without both markers is literal.
  const hello = Buffer.from('Hello').toString('base64');
  assert.is(
    (await custom({ region: 'Hello' }, { 'mcp-param-region': `=?base64?${hello}?=` })).status,
    200,
  );
  assert.is((await custom({ region: hello }, { 'mcp-param-region': hello })).status, 200);
  const both = await custom(
    { region: 'eu', priority: 7, query: 'q' },
    { 'mcp-param-region': ' eu ', 'mcp-param-priority': '7' },
  );
  assert.is(both.status, 200);
  const mismatch = (message: string) => ({ code: -32020, message });
  const missing = await custom({ region: 'us-west1' });
  assert.is(missing.status, 400);
  assert.equal(missing.body.error, mismatch('Mcp-Param-Region is required with region.'));
  const wrong = await custom({ region: 'us-west1' }, { 'mcp-param-region': 'eu' });
  assert.is(wrong.status, 400);
  assert.equal(wrong.body.error, mismatch('Mcp-Param-Region does not match region.'));
  const padding = await custom({ region: 'Hello' }, { 'mcp-param-region': '=?base64?SGVsbG8?=' });
  assert.is(padding.status, 400);
  assert.equal(padding.body.error, mismatch('Mcp-Param-Region is not valid base64.'));
  const extra = await custom(
    { region: 'eu' },
    { 'mcp-param-region': 'eu', 'mcp-param-priority': '1' },
  );
  assert.is(extra.status, 400);
  assert.equal(extra.body.error, mismatch('Mcp-Param-Priority is sent, but priority is not.'));
});

// --- Prompts and completion ---

conformance('prompts/list: the five test prompts, each with a description', async () => {
  const { prompts } = await rpc('prompts/list');
  assert.equal(
    prompts.map((prompt: { name: string; description?: string }) => [
      prompt.name,
      typeof prompt.description,
    ]),
    [
      ['test_simple_prompt', 'string'],
      ['test_prompt_with_arguments', 'string'],
      ['test_prompt_with_embedded_resource', 'string'],
      ['test_prompt_with_image', 'string'],
      ['test_input_required_result_prompt', 'string'],
    ],
  );
  assert.equal(prompts[1].arguments, [
    { name: 'arg1', description: 'First test argument', required: true },
    { name: 'arg2', description: 'Second test argument', required: true },
  ]);
});

conformance('prompts/get: each test prompt as its scenario checks it', async () => {
  assert.equal(await rpc('prompts/get', { name: 'test_simple_prompt' }), {
    messages: [
      { role: 'user', content: { type: 'text', text: 'This is a simple prompt for testing.' } },
    ],
  });
  const args = { arg1: 'testValue1', arg2: 'testValue2' };
  assert.equal(await rpc('prompts/get', { name: 'test_prompt_with_arguments', arguments: args }), {
    messages: [
      {
        role: 'user',
        content: {
          type: 'text',
          text: "Prompt with arguments: arg1='testValue1', arg2='testValue2'",
        },
      },
    ],
  });
  const embedded = await rpc('prompts/get', {
    name: 'test_prompt_with_embedded_resource',
    arguments: { resourceUri: 'test://example-resource' },
  });
  assert.equal(embedded.messages[0].content, {
    type: 'resource',
    resource: {
      uri: 'test://example-resource',
      mimeType: 'text/plain',
      text: 'Embedded resource content for testing.',
    },
  });
  const image = await rpc('prompts/get', { name: 'test_prompt_with_image' });
  assert.equal(bytes(image.messages[0].content.data).subarray(1, 4).toString(), 'PNG');
  assert.is(image.messages[0].content.mimeType, 'image/png');
});

conformance('completion/complete: arg1 of test_prompt_with_arguments', async () => {
  const ref = { type: 'ref/prompt', name: 'test_prompt_with_arguments' };
  assert.equal(
    await rpc('completion/complete', { ref, argument: { name: 'arg1', value: 'test' } }),
    {
      completion: { values: ['test', 'testing'], total: 2, hasMore: false },
    },
  );
});

conformance(
  '2026-07-28: prompts/list carries the caching hints; prompts/get wants Mcp-Name',
  async () => {
    const listed = await modern('prompts/list');
    const { resultType, ttlMs, cacheScope } = listed.body.result;
    assert.equal([resultType, ttlMs, cacheScope], ['complete', 300_000, 'public']);
    const got = await modern('prompts/get', { name: 'test_simple_prompt' });
    assert.is(got.status, 200);
    assert.is(got.body.result.resultType, 'complete');
    const unnamed = await modern(
      'prompts/get',
      { name: 'test_simple_prompt' },
      { headers: { 'mcp-name': 'test_prompt_with_image' } },
    );
    assert.is(unnamed.status, 400);
    assert.is(unnamed.body.error.code, -32020);
  },
);

conformance.run();
