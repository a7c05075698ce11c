// The fixtures' ten tools as zod schemas, as users of the SDK, mcp-lite and tmcp write them: the same
// constraints as the JSON Schemas of bench/fixtures.ts, closed as this library closes them.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { PROGRESS_TOOL, REVIEW_PROMPT } from '../features.js';
import { TOOLS, type ToolFixture } from '../fixtures.js';

const SCHEMAS = {
  search_issues: z.strictObject({
    query: z.string().min(2).describe('The text to find.'),
    state: z.enum(['open', 'closed', 'all']).default('open'),
    labels: z.array(z.string()).max(10).optional(),
    limit: z.number().int().min(1).max(100).default(20),
    sort: z
      .object({
        field: z.enum(['created', 'updated', 'comments']),
        direction: z.enum(['asc', 'desc']).default('desc'),
      })
      .optional(),
  }),
  get_issue: z.strictObject({
    number: z.number().int().min(1).describe('The issue number, e.g. 101.'),
    include_comments: z.boolean().default(false),
  }),
  create_issue: z.strictObject({
    title: z.string().min(1).max(200),
    body: z.string().describe('Markdown.').optional(),
    labels: z.array(z.string()).optional(),
    assignees: z.array(z.string()).max(5).optional(),
    priority: z.enum(['low', 'medium', 'high']).default('medium'),
  }),
  list_documents: z.strictObject({
    repository: z.string().describe('The repository, e.g. mcp-protocol-core.').optional(),
    prefix: z.string().describe('Only paths that start with it, e.g. src/.').optional(),
  }),
  read_document: z.strictObject({
    path: z.string().describe('The path, e.g. README.md.'),
    start_line: z.number().int().min(1).default(1),
    max_lines: z.number().int().min(1).max(2000).default(400),
  }),
  get_weather: z.strictObject({
    city: z.string().min(1),
    units: z.enum(['metric', 'imperial']).default('metric'),
    days: z.number().int().min(1).max(7).default(1),
  }),
  convert_currency: z.strictObject({
    amount: z.number().positive(),
    from: z.string().regex(/^[A-Z]{3}$/),
    to: z.string().regex(/^[A-Z]{3}$/),
  }),
  schedule_meeting: z.strictObject({
    title: z.string().min(1),
    start: z.string().describe('ISO 8601, e.g. 2026-01-05T10:00:00Z.'),
    duration_minutes: z.number().int().min(15).max(480).default(30),
    attendees: z
      .array(z.object({ email: z.string().min(3), optional: z.boolean().default(false) }))
      .min(1),
  }),
  query_logs: z.strictObject({
    service: z.string().min(1),
    level: z.enum(['debug', 'info', 'warn', 'error']).optional(),
    filter: z.object({ contains: z.string().optional(), since: z.string().optional() }).optional(),
    limit: z.number().int().min(1).max(1000).default(50),
  }),
  get_user: z.strictObject({
    id: z.number().int().min(1),
    fields: z.array(z.enum(['name', 'email', 'role', 'created'])).optional(),
  }),
} satisfies Record<string, z.ZodObject>;

/** A fixture tool with its zod schema. */
export interface ZodTool {
  readonly tool: ToolFixture;
  readonly schema: z.ZodObject;
}

export const ZOD_TOOLS: readonly ZodTool[] = TOOLS.map((tool) => {
  const schema = (SCHEMAS as Record<string, z.ZodObject>)[tool.name];
  if (schema === undefined) throw new Error(`no zod schema for ${tool.name}`);
  return { tool, schema };
});

/** The tool that reports its progress, in zod. */
export const PROGRESS_SCHEMA = z.strictObject({
  repository: z.string().min(1),
  steps: z.number().int().min(0).max(100).default(10),
});

/** The prompt's arguments, in zod: strings, as prompt arguments are. */
export const PROMPT_SHAPE = {
  repository: z.string().describe(REVIEW_PROMPT.arguments[0].description),
  number: z.string().describe(REVIEW_PROMPT.arguments[1].description),
  focus: z.string().describe(REVIEW_PROMPT.arguments[2].description).optional(),
};

/** The prompt's messages, as every contender answers them. */
export function promptMessages(args: {
  repository: string;
  number: string;
  focus?: string | undefined;
}) {
  return [
    { role: 'user' as const, content: { type: 'text' as const, text: REVIEW_PROMPT.text(args) } },
  ];
}

/** The MCP annotations of the tool that reports its progress. */
export const PROGRESS_ANNOTATIONS = {
  title: PROGRESS_TOOL.title,
  readOnlyHint: false,
  idempotentHint: false,
  destructiveHint: false,
  openWorldHint: false,
};

/** The MCP annotations of a fixture tool, as this library derives them. */
export function annotations(tool: ToolFixture) {
  return {
    title: tool.title,
    readOnlyHint: tool.readOnly,
    idempotentHint: tool.readOnly,
    destructiveHint: false,
    openWorldHint: false,
  };
}

/** The version of a package installed in bench/node_modules, for the table. */
export function versionOf(name: string): string {
  // From bench/contenders/ or a bundle in bench/.out/: bench/ is the nearest folder of that name.
  const bench = fileURLToPath(import.meta.url).replace(/\/bench\/.*$/, '/bench/');
  return JSON.parse(readFileSync(`${bench}node_modules/${name}/package.json`, 'utf8')).version;
}
