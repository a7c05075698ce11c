// Every result a rich server sends, checked against the published schema.json of the version it is
// sent in (test/spec-schemas/, see README.md there), with every object the schema describes closed:
// a field the version does not define fails, as a strict client of that version would refuse it.

import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  definePrompt,
  defineResource,
  defineResourceTemplate,
  MCPServerBase,
  MCPToolBase,
  promptsByName,
  resourcesByUri,
  type Tool,
  templatesByUriTemplate,
  toolsByName,
} from '../src/index.js';
import { Media, request, Weather } from './fixtures.js';

const VERSIONS = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'] as const;
type Version = (typeof VERSIONS)[number];

// Fields whose value is a JSON Schema or free metadata: open by nature, left as published.
const OPEN = new Set([
  '_meta',
  'inputSchema',
  'outputSchema',
  'requestedSchema',
  'structuredContent',
]);
const OPEN_DEFINITIONS = new Set(['MetaObject', 'ResultMetaObject']);

// A copy of a schema in which every object with properties and no word on others refuses others.
function closed(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(closed);
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'properties' && typeof value === 'object' && value !== null) {
      const properties: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(value)) {
        properties[name] = OPEN.has(name) ? property : closed(property);
      }
      out[key] = properties;
    } else {
      out[key] = closed(value);
    }
  }
  if ('properties' in out && !('additionalProperties' in out)) out.additionalProperties = false;
  return out;
}

// A validator of a result type, by version.
function validatorOf(version: Version) {
  const published = JSON.parse(
    readFileSync(new URL(`./spec-schemas/${version}.json`, import.meta.url), 'utf8'),
  ) as Record<string, unknown>;
  const defsKey = '$defs' in published ? '$defs' : 'definitions';
  const definitions = published[defsKey] as Record<string, unknown>;
  const shut: Record<string, unknown> = {};
  for (const [name, definition] of Object.entries(definitions)) {
    shut[name] = OPEN_DEFINITIONS.has(name) ? definition : closed(definition);
  }
  const id = `https://spec.example/${version}.json`;
  const options = { strict: false, validateFormats: false, allErrors: true } as const;
  const ajv = defsKey === '$defs' ? new Ajv2020(options) : new Ajv(options);
  ajv.addSchema({ ...published, $id: id, [defsKey]: shut });
  return (type: string) => {
    const validate = ajv.getSchema(`${id}#/${defsKey}/${type}`);
    if (validate === undefined) throw new Error(`${version} has no ${type}`);
    return validate;
  };
}

const ICONS = [{ src: 'https://example.com/icon.png', mimeType: 'image/png', sizes: ['48x48'] }];
const ANNOTATIONS = {
  audience: ['user' as const],
  priority: 0.5,
  lastModified: '2025-01-12T15:00:58Z',
};

// A tool with every field a tool may have, the newest included.
class Rich extends MCPToolBase<{ type: 'object' }> {
  readonly name = 'rich';
  readonly title = 'Rich';
  readonly description = 'Every field of a tool.';
  readonly argumentsSchema = { type: 'object' } as const;
  override readonly outputSchema = {
    type: 'object',
    properties: { n: { type: 'number' } },
  } as const;
  override readonly readOnly = true;
  override definition(): Tool {
    return { ...super.definition(), icons: ICONS, _meta: { 'example.com/tool': 1 } };
  }
  run() {
    return {
      content: [
        {
          type: 'text' as const,
          text: 'n',
          annotations: ANNOTATIONS,
          _meta: { 'example.com/b': 1 },
        },
      ],
      structuredContent: { n: 1 },
      _meta: { 'example.com/result': 1 },
    };
  }
}

const Everything = definePrompt({
  name: 'everything',
  title: 'Everything',
  description: 'Every kind of message content.',
  icons: ICONS,
  argumentsSchema: {
    type: 'object',
    properties: { topic: { type: 'string', title: 'Topic', description: 'What about.' } },
  },
  complete: () => ['weather', 'wind'],
  get: () => ({
    description: 'All of it.',
    _meta: { 'example.com/prompt': 1 },
    messages: [
      {
        role: 'user',
        content: { type: 'text', text: 'hi', annotations: ANNOTATIONS, _meta: { 'a.b/c': 1 } },
      },
      { role: 'user', content: { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' } },
      { role: 'user', content: { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' } },
      {
        role: 'assistant',
        content: {
          type: 'resource_link',
          uri: 'repo://readme',
          name: 'readme',
          title: 'README',
          description: 'What it is.',
          mimeType: 'text/markdown',
          size: 8,
          icons: ICONS,
          annotations: ANNOTATIONS,
          _meta: { 'a.b/c': 1 },
        },
      },
      {
        role: 'user',
        content: {
          type: 'resource',
          resource: { uri: 'repo://readme', text: '# Readme', _meta: { 'a.b/c': 1 } },
          annotations: ANNOTATIONS,
          _meta: { 'a.b/c': 1 },
        },
      },
    ],
  }),
});

const Readme = defineResource({
  uri: 'repo://readme',
  name: 'readme',
  title: 'README',
  description: 'What the repository is.',
  mimeType: 'text/markdown',
  size: 8,
  annotations: ANNOTATIONS,
  icons: ICONS,
  read: () => [{ text: '# Readme', _meta: { 'example.com/part': 1 } }],
});

const Docs = defineResourceTemplate({
  uriTemplate: 'repo://docs/{path}',
  name: 'docs',
  title: 'Docs',
  description: 'The documents.',
  mimeType: 'text/markdown',
  annotations: ANNOTATIONS,
  icons: ICONS,
  read: ({ path }) => `# ${path}`,
  list: () => [
    {
      uri: 'repo://docs/intro',
      name: 'intro',
      title: 'Intro',
      size: 7,
      annotations: ANNOTATIONS,
      icons: ICONS,
      _meta: { 'example.com/listed': 1 },
    },
  ],
  complete: () => ['intro'],
});

class RichServer extends MCPServerBase {
  readonly name = 'rich';
  override readonly tools = toolsByName(new Rich(), new Media(), new Weather());
  override readonly prompts = promptsByName(new Everything());
  override readonly resources = resourcesByUri(new Readme());
  override readonly resourceTemplates = templatesByUriTemplate(new Docs());
  serverInfo() {
    return {
      name: 'rich',
      title: 'Rich',
      version: '1.0.0',
      description: 'Every field.',
      websiteUrl: 'https://example.com',
      icons: ICONS,
    };
  }
  override instructions() {
    return 'Everything.';
  }
}

const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

// The result of one request in a version: handshake versions by header, 2026-07-28 by _meta.
async function ask(version: Version, method: string, params: Record<string, unknown> = {}) {
  const modern = version === '2026-07-28';
  const answer = (await new RichServer().handle(
    request(1, method, modern ? { ...params, _meta: MODERN_META } : params),
    modern ? {} : { headers: { 'mcp-protocol-version': version } },
  )) as { result?: unknown; error?: unknown };
  assert.ok(answer.result, `${method}: a result, not ${JSON.stringify(answer.error)}`);
  return answer.result;
}

// Each method, its params, and the schema's name of its result.
const REQUESTS: [string, Record<string, unknown>, string][] = [
  ['tools/list', {}, 'ListToolsResult'],
  ['tools/call', { name: 'rich', arguments: {} }, 'CallToolResult'],
  ['tools/call', { name: 'media', arguments: {} }, 'CallToolResult'],
  ['tools/call', { name: 'weather', arguments: { city: 'Oslo' } }, 'CallToolResult'],
  ['prompts/list', {}, 'ListPromptsResult'],
  ['prompts/get', { name: 'everything', arguments: { topic: 'x' } }, 'GetPromptResult'],
  ['resources/list', {}, 'ListResourcesResult'],
  ['resources/templates/list', {}, 'ListResourceTemplatesResult'],
  ['resources/read', { uri: 'repo://readme' }, 'ReadResourceResult'],
  ['resources/read', { uri: 'repo://docs/intro' }, 'ReadResourceResult'],
  [
    'completion/complete',
    { ref: { type: 'ref/prompt', name: 'everything' }, argument: { name: 'topic', value: 'w' } },
    'CompleteResult',
  ],
  [
    'completion/complete',
    {
      ref: { type: 'ref/resource', uri: 'repo://docs/{path}' },
      argument: { name: 'path', value: 'i' },
    },
    'CompleteResult',
  ],
];

const schemas = suite('results against each version’s schema.json');

for (const version of VERSIONS) {
  const validator = validatorOf(version);
  const all: [string, Record<string, unknown>, string][] =
    version === '2026-07-28'
      ? [['server/discover', {}, 'DiscoverResult'], ...REQUESTS]
      : [
          [
            'initialize',
            {
              protocolVersion: version,
              capabilities: {},
              clientInfo: { name: 'strict', version: '1.0.0' },
            },
            'InitializeResult',
          ],
          ...REQUESTS,
        ];
  for (const [method, params, type] of all) {
    const label = `${method}${params.name ? ` ${params.name}` : ''}${params.uri ? ` ${params.uri}` : ''}`;
    schemas(`${version}: ${label} is a ${type} of ${version} and nothing more`, async () => {
      const result = await ask(version, method, params);
      const validate = validator(type);
      const valid = validate(result);
      const problems = (validate.errors ?? []).map(
        ({ instancePath, message, params }) =>
          `${instancePath} ${message} ${JSON.stringify(params)}`,
      );
      assert.ok(valid, `${[...new Set(problems)].join('\n')}\nin ${JSON.stringify(result)}`);
    });
  }
}

// The check itself: a field a version lacks, or a block it lacks, fails.
schemas('a field or a block the version lacks fails the check', () => {
  const listTools = validatorOf('2024-11-05')('ListToolsResult');
  const tool = { name: 't', inputSchema: { type: 'object', additionalProperties: false } };
  assert.ok(listTools({ tools: [tool] }));
  assert.not.ok(listTools({ tools: [{ ...tool, title: 'T' }] }));
  const getPrompt = validatorOf('2025-03-26')('GetPromptResult');
  const link = { type: 'resource_link', uri: 'a://b', name: 'b' };
  assert.not.ok(getPrompt({ messages: [{ role: 'user', content: link }] }));
  const read = validatorOf('2025-11-25')('ReadResourceResult');
  assert.ok(read({ contents: [{ uri: 'a://b', text: '', _meta: { x: 1 } }], _meta: { y: 2 } }));
});

schemas.run();
