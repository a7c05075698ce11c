// The server the official MCP conformance suites are run against: the test tools their scenarios
// call, served over node:http at http://127.0.0.1:$PORT/mcp (default 3001), in both eras of one
// handle(): the handshake era of @modelcontextprotocol/conformance@0.1.16 and the stateless
// 2026-07-28 revision of 0.2.0-alpha.12. `npm run example:conformance` runs it; `npm run
// conformance` (scripts/conformance.ts) starts it in-process and runs the suites.
//
// test_tool_with_progress and test_tool_with_logging send their notifications on the call's own
// SSE answer; the 2026-07-28 input requests (test_input_required_result_*) ask with
// `input_required` and read the answers when the client calls again; and the handshake era's
// test_sampling, test_elicitation and the SEP-1034 and SEP-1330 forms (conformance-questions.ts)
// ask on the call's SSE answer, through the server's `questions`, the client POSTing its answer.
// What a stateless server cannot serve (sessions, resource subscriptions) is listed, with why, in
// conformance/expected-failures-2025.yml and conformance/expected-failures-2026.yml.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import {
  changesOn,
  definePrompt,
  defineResource,
  defineResourceTemplate,
  defineSkill,
  defineTool,
  type JSONSchema,
  MCPServerBase,
  MCPToolBase,
  memoryBus,
  memoryTaskStore,
  ProtocolError,
  promptsByName,
  questionsOn,
  resourcesByUri,
  skillFromFiles,
  skillsIn,
  type Tasks,
  type ToolArguments,
  ToolError,
  tasksIn,
  templatesByUriTemplate,
  toolsByName,
} from 'mcp-protocol-core';
import { createHttpHandler, nodeListener } from 'mcp-protocol-core/http';
import {
  Elicitation,
  ElicitationDefaults,
  ElicitationEnums,
  Sampling,
} from './conformance-questions.js';

/** A real PNG: one opaque red pixel, 8-bit RGB (signature, IHDR, IDAT, IEND; 69 bytes). */
export const RED_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR42mP4z8AAAAMBAQD3A0FDAAAAAElFTkSuQmCC';

/**
 * A real WAV: RIFF/WAVE, PCM, mono, 8 kHz, 8-bit, with a millisecond of silence.
 *
 * @param samples - The number of samples: 8 is 1 ms at 8 kHz.
 * @returns The file, base64-encoded.
 */
function silentWav(samples = 8): string {
  const bytes = new Uint8Array(44 + samples);
  const view = new DataView(bytes.buffer);
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i++) bytes[offset + i] = text.charCodeAt(i);
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + samples, true); // the size of what follows
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true); // the fmt chunk's size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, 8000, true); // samples per second
  view.setUint32(28, 8000, true); // bytes per second
  view.setUint16(32, 1, true); // bytes per sample frame
  view.setUint16(34, 8, true); // bits per sample
  ascii(36, 'data');
  view.setUint32(40, samples, true);
  bytes.fill(0x80, 44); // silence: 8-bit PCM is unsigned, centred on 128
  return Buffer.from(bytes).toString('base64');
}

/** A real WAV of 52 bytes: a millisecond of silence. */
export const SILENT_WAV = silentWav();

const NO_ARGUMENTS = { type: 'object', properties: {} } as const satisfies JSONSchema;

const SimpleText = defineTool({
  name: 'test_simple_text',
  title: 'Simple text',
  description: 'Returns one text block.',
  argumentsSchema: NO_ARGUMENTS,
  run: () => 'This is a simple text response for testing.',
});

const ImageContent = defineTool({
  name: 'test_image_content',
  title: 'Image content',
  description: 'Returns one image block: a 1×1 red PNG.',
  argumentsSchema: NO_ARGUMENTS,
  run: () => ({ content: [{ type: 'image', data: RED_PIXEL_PNG, mimeType: 'image/png' }] }),
});

const AudioContent = defineTool({
  name: 'test_audio_content',
  title: 'Audio content',
  description: 'Returns one audio block: a millisecond of silence as WAV.',
  argumentsSchema: NO_ARGUMENTS,
  run: () => ({ content: [{ type: 'audio', data: SILENT_WAV, mimeType: 'audio/wav' }] }),
});

const EmbeddedResource = defineTool({
  name: 'test_embedded_resource',
  title: 'Embedded resource',
  description: 'Returns one embedded text resource.',
  argumentsSchema: NO_ARGUMENTS,
  run: () => ({
    content: [
      {
        type: 'resource',
        resource: {
          uri: 'test://embedded-resource',
          mimeType: 'text/plain',
          text: 'This is an embedded resource content.',
        },
      },
    ],
  }),
});

const MultipleContentTypes = defineTool({
  name: 'test_multiple_content_types',
  title: 'Multiple content types',
  description: 'Returns a text, an image and an embedded resource block.',
  argumentsSchema: NO_ARGUMENTS,
  run: () => ({
    content: [
      { type: 'text', text: 'Multiple content types test:' },
      { type: 'image', data: RED_PIXEL_PNG, mimeType: 'image/png' },
      {
        type: 'resource',
        resource: {
          uri: 'test://mixed-content-resource',
          mimeType: 'application/json',
          text: '{"test":"data","value":123}',
        },
      },
    ],
  }),
});

const ErrorHandling = defineTool({
  name: 'test_error_handling',
  title: 'Error handling',
  description: 'Always fails with a tool error, answered as a result with isError.',
  argumentsSchema: NO_ARGUMENTS,
  run: () => {
    throw new ToolError('This tool intentionally returns an error for testing');
  },
});

/**
 * The fixture schema of the suites' json-schema-2020-12 scenario, exactly as
 * @modelcontextprotocol/conformance@0.2.0-alpha.12 lists it: the SEP-1613 fixture of 0.1.16
 * (`$schema`, `$defs.address`, `$ref`, `additionalProperties: false`, which 0.1.16 checks) and the
 * SEP-2106 vocabulary the alpha also checks at 2026-07-28 (an `$anchor` in `$defs`, `allOf` of
 * `anyOf`, `if`/`then`/`else`). `inputSchema()` returns it unchanged: it has no `title`, no root
 * `description`, no `null` branches to simplify, and sets `additionalProperties` itself; the test
 * checks that. Not `satisfies JSONSchema`: that type (json-schema-to-ts) is draft-07's and knows
 * `definitions`, not 2020-12's `$defs` or `$anchor`, so only the excess-property check of
 * `satisfies` refuses it; `MCPToolBase<typeof ...>` still checks it.
 */
export const JSON_SCHEMA_2020_12_FIXTURE = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  $defs: {
    address: {
      $anchor: 'addressDef',
      type: 'object',
      properties: {
        street: { type: 'string' },
        city: { type: 'string' },
      },
    },
  },
  properties: {
    name: { type: 'string' },
    address: { $ref: '#/$defs/address' },
    contactMethod: { type: 'string', enum: ['phone', 'email'] },
    phone: { type: 'string' },
    email: { type: 'string' },
  },
  allOf: [{ anyOf: [{ required: ['phone'] }, { required: ['email'] }] }],
  if: { properties: { contactMethod: { const: 'phone' } }, required: ['contactMethod'] },
  // biome-ignore lint/suspicious/noThenProperty: the JSON Schema keyword, not a thenable
  then: { required: ['phone'] },
  else: { required: ['email'] },
  additionalProperties: false,
} as const;

class JsonSchema2020_12Tool extends MCPToolBase<typeof JSON_SCHEMA_2020_12_FIXTURE> {
  readonly name = 'json_schema_2020_12_tool';
  readonly title = 'JSON Schema 2020-12';
  readonly description = 'Tool with JSON Schema 2020-12 features: says back the arguments.';
  readonly argumentsSchema = JSON_SCHEMA_2020_12_FIXTURE;

  run(args: ToolArguments<typeof JSON_SCHEMA_2020_12_FIXTURE>) {
    return JSON.stringify(args);
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// tools-call-with-progress (both eras): at least three notifications/progress, increasing, before
// the result; sent only when the call has a progressToken, on its SSE answer.
const WithProgress = defineTool({
  name: 'test_tool_with_progress',
  title: 'With progress',
  description: 'Reports progress 0, 50 and 100 of 100, about 50 ms apart, then answers.',
  argumentsSchema: NO_ARGUMENTS,
  run: async (_args, scope) => {
    scope.progress(0, 100);
    await pause(50);
    scope.progress(50, 100);
    await pause(50);
    scope.progress(100, 100);
    return 'Progress test completed.';
  },
});

// tools-call-with-logging (handshake era): three info messages before the result, on its SSE
// answer; the scenario's logging/setLevel is answered, and the server's level (info) applies.
const WithLogging = defineTool({
  name: 'test_tool_with_logging',
  title: 'With logging',
  description: 'Sends three info log messages, about 50 ms apart, then answers.',
  argumentsSchema: NO_ARGUMENTS,
  run: async (_args, scope) => {
    scope.log('info', 'Tool execution started');
    await pause(50);
    scope.log('info', 'Tool processing data');
    await pause(50);
    scope.log('info', 'Tool execution completed');
    return 'Logging test completed.';
  },
});

// The diagnostic tools of the 2026-07-28 server-stateless scenario.

const MissingCapability = defineTool({
  name: 'test_missing_capability',
  title: 'Missing capability',
  description:
    'Needs the client capability sampling: a 2026-07-28 request without it is refused (-32021).',
  argumentsSchema: NO_ARGUMENTS,
  requiredClientCapabilities: { sampling: {} },
  run: () => 'The request declares sampling.',
});

// The scenario checks that the response stream holds no request from the server to the client: a
// JSON response, one result, holds none.
const StreamingElicitation = defineTool({
  name: 'test_streaming_elicitation',
  title: 'Streaming elicitation',
  description:
    'Answers with one result, and sends no request to the client: the server answers in JSON.',
  argumentsSchema: NO_ARGUMENTS,
  run: () => 'Streaming complete: no request was sent to the client.',
});

// The scenario checks that no notifications/message is sent when _meta has no logLevel: the tool
// logs, and the core sends the message only to a request whose _meta names a level it reaches.
const LoggingTool = defineTool({
  name: 'test_logging_tool',
  title: 'Logging',
  description: 'Logs one info message: sent only when the request asks for log messages.',
  argumentsSchema: NO_ARGUMENTS,
  run: (_args, scope) => {
    scope.log('info', 'Logging evaluated.');
    return 'Logging evaluated.';
  },
});

/**
 * The arguments of test_custom_headers: `region` (a string) and `priority` (an integer) are
 * mirrored in the `Mcp-Param-Region` and `Mcp-Param-Priority` headers of a 2026-07-28 call, `query`
 * in none.
 * The pending http-custom-header-server-validation scenario names no tool: it takes the first tool
 * of `tools/list` with an `x-mcp-header` property, and that tool's first string one, `region`; it
 * fills the other required arguments (none here), and checks that a matching header, plain or
 * `=?base64?…?=`, is accepted, and that malformed base64 or a missing header is refused with 400
 * -32020. The names are those of the suite's client scenario http-custom-headers. Not `satisfies
 * JSONSchema`: `x-mcp-header` is no keyword of that type, and only the excess-property check
 * refuses it.
 */
export const CUSTOM_HEADERS_SCHEMA = {
  type: 'object',
  properties: {
    region: {
      type: 'string',
      description: 'The region, e.g. us-west1: sent again in the Mcp-Param-Region header.',
      'x-mcp-header': 'Region',
    },
    priority: {
      type: 'integer',
      description: 'A priority: sent again in the Mcp-Param-Priority header.',
      'x-mcp-header': 'Priority',
    },
    query: { type: 'string', description: 'A query: in no header.' },
  },
  required: ['region'],
} as const;

class CustomHeaders extends MCPToolBase<typeof CUSTOM_HEADERS_SCHEMA> {
  readonly name = 'test_custom_headers';
  readonly title = 'Custom headers';
  readonly description =
    'Says back its arguments; region and priority are mirrored in Mcp-Param-* headers.';
  readonly argumentsSchema = CUSTOM_HEADERS_SCHEMA;

  run(args: ToolArguments<typeof CUSTOM_HEADERS_SCHEMA>) {
    return JSON.stringify(args);
  }
}

// --- Input requests (2026-07-28, SEP-2322): the fixtures of the input-required-result-*
// scenarios. Each asks with scope.elicit/sample/listRoots, and answers once the client calls again
// with the answers; the keys are those the scenarios name. ---

const nameForm = (message: string) =>
  ({
    message,
    requestedSchema: {
      type: 'object',
      properties: { name: { type: 'string' } },
      required: ['name'],
    },
  }) as const;

const confirmForm = {
  message: 'Please confirm',
  requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
} as const;

const question = (text: string, maxTokens: number) => ({
  messages: [{ role: 'user' as const, content: { type: 'text' as const, text } }],
  maxTokens,
});

const samplingText = ({ content }: { content: unknown }) =>
  Array.isArray(content) ? '' : String((content as { text?: unknown }).text ?? '');

// Completes from inputResponses alone, with no requestState, as missing-input-response and
// ignore-extra-params call it.
const InputElicitation = defineTool({
  name: 'test_input_required_result_elicitation',
  title: 'Input: elicitation',
  description: 'Asks the user for a name (user_name), then greets them.',
  argumentsSchema: NO_ARGUMENTS,
  async run(_args, scope) {
    const answer = await scope.elicit('user_name', nameForm('What is your name?'));
    return answer.action === 'accept' ? `Hello, ${answer.content.name}!` : 'Hello, stranger.';
  },
});

const InputSampling = defineTool({
  name: 'test_input_required_result_sampling',
  title: 'Input: sampling',
  description: "Asks the client's LLM for the capital of France (capital_question).",
  argumentsSchema: NO_ARGUMENTS,
  async run(_args, scope) {
    const message = await scope.sample(
      'capital_question',
      question('What is the capital of France?', 100),
    );
    return `The model said: ${samplingText(message)}`;
  },
});

const InputListRoots = defineTool({
  name: 'test_input_required_result_list_roots',
  title: 'Input: roots',
  description: 'Asks the client for its roots (client_roots), and names them.',
  argumentsSchema: NO_ARGUMENTS,
  async run(_args, scope) {
    const roots = await scope.listRoots('client_roots');
    return `Roots: ${roots.map((root) => root.uri).join(', ')}`;
  },
});

// The scenario wants a requestState in the first round: scope.state is signed into it.
const InputRequestState = defineTool({
  name: 'test_input_required_result_request_state',
  title: 'Input: request state',
  description: 'Asks for a confirmation, keeping a state across the rounds.',
  argumentsSchema: NO_ARGUMENTS,
  async run(_args, scope) {
    const kept = scope.state;
    scope.state = { asked: 'confirm' };
    await scope.elicit('confirm', confirmForm);
    return `state-ok: ${JSON.stringify(kept)}`;
  },
});

// Three kinds at once: Promise.all asks them in one round.
const InputMultiple = defineTool({
  name: 'test_input_required_result_multiple_inputs',
  title: 'Input: several at once',
  description: 'Asks for a name, a greeting from the LLM and the roots, in one round.',
  argumentsSchema: NO_ARGUMENTS,
  async run(_args, scope) {
    scope.state = { round: 'all' };
    const [name, greeting, roots] = await Promise.all([
      scope.elicit('user_name', nameForm('What is your name?')),
      scope.sample('greeting', question('Generate a greeting', 50)),
      scope.listRoots('client_roots'),
    ]);
    const who = name.action === 'accept' ? name.content.name : 'someone';
    return `${samplingText(greeting)} ${who}, in ${roots.length} roots.`;
  },
});

// One question after the other: round 2 reads step1's answer back from the requestState.
const InputMultiRound = defineTool({
  name: 'test_input_required_result_multi_round',
  title: 'Input: two rounds',
  description: 'Asks for a name, then for a favourite colour.',
  argumentsSchema: NO_ARGUMENTS,
  async run(_args, scope) {
    scope.state = { flow: 'name-then-colour' };
    const name = await scope.elicit('step1', nameForm('Step 1: What is your name?'));
    const colour = await scope.elicit('step2', {
      message: 'Step 2: What is your favorite color?',
      requestedSchema: {
        type: 'object',
        properties: { color: { type: 'string' } },
        required: ['color'],
      },
    });
    if (name.action !== 'accept' || colour.action !== 'accept') return 'Maybe another time.';
    return `${name.content.name} likes ${colour.content.color}.`;
  },
});

const InputTamperedState = defineTool({
  name: 'test_input_required_result_tampered_state',
  title: 'Input: signed state',
  description: 'Asks for a confirmation with a signed requestState; a changed one is refused.',
  argumentsSchema: NO_ARGUMENTS,
  async run(_args, scope) {
    scope.state = { asked: 'confirm' };
    await scope.elicit('confirm', confirmForm);
    return 'Confirmed.';
  },
});

// Asks only what the client declares it can answer.
const InputCapabilities = defineTool({
  name: 'test_input_required_result_capabilities',
  title: 'Input: what the client can answer',
  description: 'Asks for a name and a sampled message, each only if the client can answer it.',
  argumentsSchema: NO_ARGUMENTS,
  async run(_args, scope) {
    const [name, message] = await Promise.all([
      scope.canAsk('elicitation') ? scope.elicit('user_name', nameForm('Name?')) : undefined,
      scope.canAsk('sampling') ? scope.sample('greeting', question('Say hi', 20)) : undefined,
    ]);
    return `Asked for ${name === undefined ? 'no name' : 'a name'} and ${message === undefined ? 'no message' : 'a message'}.`;
  },
});

const InputPrompt = definePrompt({
  name: 'test_input_required_result_prompt',
  description: 'A prompt that asks the user for its context first (user_context).',
  async get(_args, scope) {
    const answer = await scope.elicit('user_context', {
      message: 'What context should the prompt use?',
      requestedSchema: {
        type: 'object',
        properties: { context: { type: 'string' } },
        required: ['context'],
      },
    });
    const context = answer.action === 'accept' ? answer.content.context : 'none';
    return `Answer with this context in mind: ${context}`;
  },
});

// --- Resources: the fixtures of resources-list, resources-read-text, resources-read-binary,
// resources-templates-read, and (2026-07-28) caching, whose read of resources/list's first item
// needs that item readable: the fixed resources come first. sep-2164-resource-not-found reads a
// URI nothing has: -32602 with data.uri at 2026-07-28, -32002 before. ---

const StaticText = defineResource({
  uri: 'test://static-text',
  name: 'static-text',
  description: 'A static text resource.',
  mimeType: 'text/plain',
  read: () => 'This is the content of the static text resource.',
});

const StaticBinary = defineResource({
  uri: 'test://static-binary',
  name: 'static-binary',
  description: 'A static binary resource: a 1×1 red PNG.',
  mimeType: 'image/png',
  read: () => new Uint8Array(Buffer.from(RED_PIXEL_PNG, 'base64')),
});

const TemplateData = defineResourceTemplate({
  uriTemplate: 'test://template/{id}/data',
  name: 'template-data',
  description: 'Data for an id, which the text repeats.',
  mimeType: 'application/json',
  read: ({ id }) => JSON.stringify({ id, templateTest: true, data: `Data for ID: ${id}` }),
});

// --- End of resources. ---
// --- Prompts: the fixtures of the prompts-* and completion-complete scenarios. Each has a
// description, which prompts-list requires. ---

const SimplePrompt = definePrompt({
  name: 'test_simple_prompt',
  description: 'A prompt without arguments: one user message.',
  get: () => 'This is a simple prompt for testing.',
});

const PromptWithArguments = definePrompt({
  name: 'test_prompt_with_arguments',
  description: 'A prompt filled in with two arguments; arg1 completes.',
  argumentsSchema: {
    type: 'object',
    properties: {
      arg1: { type: 'string', description: 'First test argument' },
      arg2: { type: 'string', description: 'Second test argument' },
    },
    required: ['arg1', 'arg2'],
  },
  get: ({ arg1, arg2 }) => `Prompt with arguments: arg1='${arg1}', arg2='${arg2}'`,
  complete: (name, value) =>
    name === 'arg1'
      ? ['paris', 'park', 'party', 'test', 'testing'].filter((word) => word.startsWith(value))
      : [],
});

const PromptWithEmbeddedResource = definePrompt({
  name: 'test_prompt_with_embedded_resource',
  description: 'A prompt that embeds the resource it is given.',
  argumentsSchema: {
    type: 'object',
    properties: {
      resourceUri: { type: 'string', description: 'URI of the resource to embed' },
    },
    required: ['resourceUri'],
  },
  get: ({ resourceUri }) => [
    {
      role: 'user',
      content: {
        type: 'resource',
        resource: {
          uri: resourceUri,
          mimeType: 'text/plain',
          text: 'Embedded resource content for testing.',
        },
      },
    },
    {
      role: 'user',
      content: { type: 'text', text: 'Please process the embedded resource above.' },
    },
  ],
});

const PromptWithImage = definePrompt({
  name: 'test_prompt_with_image',
  description: 'A prompt with an image: a 1×1 red PNG.',
  get: () => [
    { role: 'user', content: { type: 'image', data: RED_PIXEL_PNG, mimeType: 'image/png' } },
    { role: 'user', content: { type: 'text', text: 'Please analyze the image above.' } },
  ],
});

// --- The Tasks extension's fixtures (the tasks-* scenarios of 0.2.0-alpha.12). ---

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

const Greet = defineTool({
  name: 'greet',
  title: 'Greet',
  description: 'Greets by name, at once: never a task.',
  readOnly: true,
  openWorld: false,
  argumentsSchema: { type: 'object', properties: { name: { type: 'string' } } },
  run: ({ name = 'World' }) => `Hello, ${name}!`,
});

const SlowCompute = defineTool({
  name: 'slow_compute',
  title: 'Slow compute',
  description: 'Sleeps for some seconds: as a task from one second on, when the client can.',
  readOnly: true,
  openWorld: false,
  argumentsSchema: {
    type: 'object',
    properties: {
      seconds: { type: 'number', minimum: 0, maximum: 600 },
      label: { type: 'string' },
    },
    required: ['seconds'],
  },
  taskSupport: 'optional',
  run: async ({ seconds, label }, scope) => {
    if (seconds >= 1) await scope.runAsTask();
    await sleep(seconds * 1000, scope.signal);
    return `Computed ${label ?? 'it'} in ${seconds} s.`;
  },
});

const FailingJob = defineTool({
  name: 'failing_job',
  title: 'Failing job',
  description: 'Works a second, then fails as a tool: a task completed with isError.',
  readOnly: true,
  openWorld: false,
  argumentsSchema: NO_ARGUMENTS,
  taskSupport: 'required',
  run: async (_args, scope) => {
    await sleep(1000, scope.signal);
    throw new ToolError('The job failed.');
  },
});

const ProtocolErrorJob = defineTool({
  name: 'protocol_error_job',
  title: 'Protocol error job',
  description: 'Works a moment, then fails with a JSON-RPC error: a failed task.',
  readOnly: true,
  openWorld: false,
  argumentsSchema: NO_ARGUMENTS,
  taskSupport: 'required',
  run: async (_args, scope) => {
    await sleep(200, scope.signal);
    throw new ProtocolError(-32603, 'The job hit an internal error.');
  },
});

const ConfirmDelete = defineTool({
  name: 'confirm_delete',
  title: 'Confirm delete',
  description: 'Asks, in its task, to confirm deleting a file.',
  openWorld: false,
  argumentsSchema: {
    type: 'object',
    properties: { filename: { type: 'string' } },
    required: ['filename'],
  },
  taskSupport: 'required',
  run: async ({ filename }, scope) => {
    const answer = await scope.elicit('confirm_delete', {
      message: `Delete ${filename}?`,
      requestedSchema: {
        type: 'object',
        properties: { confirm: { type: 'boolean' } },
        required: ['confirm'],
      },
    });
    return answer.action === 'accept' && answer.content.confirm
      ? `Deleted ${filename}.`
      : `Kept ${filename}.`;
  },
});

const partForm = (message: string) =>
  ({
    message,
    requestedSchema: {
      type: 'object',
      properties: { name: { type: 'string' }, confirm: { type: 'boolean' } },
    },
  }) as const;

const MultiInput = defineTool({
  name: 'multi_input',
  title: 'Multi input',
  description: 'Asks two questions at once, in its task.',
  readOnly: true,
  openWorld: false,
  argumentsSchema: NO_ARGUMENTS,
  taskSupport: 'required',
  run: async (_args, scope) => {
    const answers = await Promise.all([
      scope.elicit('part_1', partForm('The first part?')),
      scope.elicit('part_2', partForm('The second part?')),
    ]);
    return `Answered: ${answers.map((answer) => answer.action).join(', ')}.`;
  },
});

// Its listeners (subscriptions/listen), made once per process.
const CHANGES = changesOn(memoryBus());

// The suite's hooks for subscriptions/listen: each tells the listeners that a list changed, as a
// server whose list changed does (the lists here are fixed: the announcement is what is checked).
const TriggerToolChange = defineTool({
  name: 'test_trigger_tool_change',
  title: 'Announce a change of the tools',
  description: 'Tells the listeners that the list of tools changed.',
  openWorld: false,
  argumentsSchema: NO_ARGUMENTS,
  run: async () => {
    await CHANGES.toolsChanged();
    return 'announced';
  },
});

const TriggerPromptChange = defineTool({
  name: 'test_trigger_prompt_change',
  title: 'Announce a change of the prompts',
  description: 'Tells the listeners that the list of prompts changed.',
  openWorld: false,
  argumentsSchema: NO_ARGUMENTS,
  run: async () => {
    await CHANGES.promptsChanged();
    return 'announced';
  },
});

const TaskAfterName = defineTool({
  name: 'test_tool_with_task',
  title: 'A task after a name',
  description: 'Asks for a name in the call, then greets as a task.',
  readOnly: true,
  openWorld: false,
  argumentsSchema: NO_ARGUMENTS,
  taskSupport: 'required',
  inputBeforeTask: true,
  run: async (_args, scope) => {
    const answer = await scope.elicit('user_name', nameForm('What is your name?'));
    await scope.runAsTask();
    await sleep(500, scope.signal);
    return answer.action === 'accept' ? `Hello, ${answer.content.name}!` : 'Hello, stranger.';
  },
});

// Per process, as the state key is; replicas would share a Redis store.
const TASKS = tasksIn(memoryTaskStore(), { pollIntervalMs: 200 });

// Made once per process: the handshake era's questions, answered by a later POST.
const QUESTIONS = questionsOn(memoryBus());

// --- The Skills extension's fixtures (the sep-2640-skills-* scenarios of 0.2.0-alpha.12): a skill
// whose root holds a subdirectory, listed first (the directory scenario reads the first one), one
// from its files under a prefix, their SKILL.md in resources/list, and resources/directory/read. ---

const PdfProcessing = defineSkill({
  name: 'pdf-processing',
  description: 'Extract the text of PDF documents, and fill in PDF forms from a template.',
  license: 'Apache-2.0',
  metadata: { author: 'mcp-protocol-core', version: '1.0' },
  instructions:
    '# PDF processing\n\nPick the matching template from `templates/`, and read `references/FORMS.md` before filling in a form.\n',
  files: {
    'templates/invoice.md': '# Invoice {number}\n\n{lines}\n',
    'templates/regional/eu-invoice.md': '# Invoice {number} (EU)\n\nVAT: {vat}\n',
    'references/FORMS.md': '# Forms\n\nEach field of a form has a name and a type.\n',
  },
});

const GitWorkflow = skillFromFiles(
  {
    'SKILL.md': `---
name: git-workflow
description: Follow the team's Git conventions for branches and commits.
metadata:
  team: platform
---

# Git workflow

Branch from main as \`topic/<name>\`; write commit messages as plain sentences.
`,
  },
  { path: 'acme' },
);

const SKILLS = skillsIn([PdfProcessing, GitWorkflow], { directoryRead: true });

const STATE_KEY = crypto.getRandomValues(new Uint8Array(32));

/** The server of the conformance suite's test tools. */
export class ConformanceServer extends MCPServerBase {
  readonly name = 'conformance';

  /** @param tasks - Where its tasks live: the process's own store by default. */
  constructor(tasks: Tasks = TASKS) {
    super();
    this.tasks = tasks;
  }

  override readonly tools = toolsByName(
    new SimpleText(),
    new ImageContent(),
    new AudioContent(),
    new EmbeddedResource(),
    new MultipleContentTypes(),
    new ErrorHandling(),
    new WithProgress(),
    new WithLogging(),
    new JsonSchema2020_12Tool(),
    new MissingCapability(),
    new StreamingElicitation(),
    new LoggingTool(),
    new CustomHeaders(),
    new InputElicitation(),
    new InputSampling(),
    new InputListRoots(),
    new InputRequestState(),
    new InputMultiple(),
    new InputMultiRound(),
    new InputTamperedState(),
    new InputCapabilities(),
    new Greet(),
    new SlowCompute(),
    new FailingJob(),
    new ProtocolErrorJob(),
    new ConfirmDelete(),
    new MultiInput(),
    new TaskAfterName(),
    new Sampling(),
    new Elicitation(),
    new ElicitationDefaults(),
    new ElicitationEnums(),
    new TriggerToolChange(),
    new TriggerPromptChange(),
  );
  override readonly tasks: Tasks;
  override readonly questions = QUESTIONS;
  override readonly changes = CHANGES;
  override readonly resources = resourcesByUri(new StaticText(), new StaticBinary());
  override readonly resourceTemplates = templatesByUriTemplate(new TemplateData(), SKILLS);
  override readonly prompts = promptsByName(
    new SimplePrompt(),
    new PromptWithArguments(),
    new PromptWithEmbeddedResource(),
    new PromptWithImage(),
    new InputPrompt(),
  );
  // Per process, which is enough for a suite run in one; a real server reads one secret key,
  // shared by its replicas, from its environment.
  override readonly requestStateKey = STATE_KEY;
  serverInfo() {
    return { name: 'mcp-protocol-core-conformance', version: '1.0.0' };
  }
  override instructions() {
    return 'Test tools for the MCP conformance suite.';
  }
}

/** The path the server answers on; every other path is 404. */
export const MCP_PATH = '/mcp';

/** A running conformance server. */
export interface RunningServer {
  /** Its endpoint, e.g. `http://127.0.0.1:3001/mcp`. */
  url: string;
  /** Stop it: refuse new connections and close the open ones. */
  close(): Promise<void>;
}

/**
 * Start the conformance server on 127.0.0.1, in this process.
 *
 * @param port - The port; 0 for any free one.
 * @param options - Its tasks, when they live elsewhere than in this process (Redis).
 * @returns Its URL, and a function that stops it.
 */
export async function startConformanceServer(
  port = 3001,
  options: { tasks?: Tasks | undefined } = {},
): Promise<RunningServer> {
  const mcp = nodeListener(createHttpHandler(() => new ConformanceServer(options.tasks)));
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? '').split('?', 1)[0];
    if (path === MCP_PATH) return void mcp(request, response);
    response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}${MCP_PATH}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error === undefined ? resolve() : reject(error)));
        server.closeAllConnections(); // keep-alive connections would hold close() open
      }),
  };
}

// With REDIS_URL, tasks live in Redis (node-redis, loaded only then), as replicas would share them.
async function redisTasks(): Promise<Tasks | undefined> {
  const url = process.env.REDIS_URL;
  if (url === undefined || url === '') return undefined;
  const [{ createClient }, { redisTaskStore }] = await Promise.all([
    import('redis'),
    import('mcp-protocol-core/redis'),
  ]);
  const client = createClient({ url });
  client.on('error', (error: Error) => console.error('redis:', error.message));
  await client.connect();
  return tasksIn(redisTaskStore(client), { pollIntervalMs: 200 });
}

// Run as a program (not imported): serve until SIGINT or SIGTERM. No top-level await, so that the
// module also loads where it is compiled to CommonJS (uvu -r tsx).
async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 3001);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a port number, not ${process.env.PORT}`);
  }
  const running = await startConformanceServer(port, { tasks: await redisTasks() });
  console.log(`MCP conformance server at ${running.url}`);
  let stopping = false;
  const stop = () => {
    // `on`, not `once`, and only once: tsx relays a signal again when the first is slow to land.
    if (stopping) return;
    stopping = true;
    running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
