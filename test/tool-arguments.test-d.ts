/**
 * Compile-time checks of the argument types inferred from a tool's JSON Schema: `ToolArguments`,
 * `MCPToolBase<Schema>`, `defineTool` (with no annotation on `run`), and tools of different schemas
 * side by side in one server. Checked by `tsc -p tsconfig.test.json`; never run (the runtime runner
 * matches `.test.ts` only). Every `@ts-expect-error` is a use the types must refuse.
 */
import {
  type AnyTool,
  defineTool,
  type JSONSchema,
  MCPServerBase,
  MCPToolBase,
  RequestScope,
  type ToolArguments,
  type ToolClass,
  toolsByName,
} from '../src/index.js';

/** `true` when X and Y are the same type (not merely assignable either way). */
type Equal<X, Y> =
  (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? true : false;
/** Compiles only for `true`. */
type Expect<T extends true> = T;

// The helper itself: near misses are not equal.
// @ts-expect-error -- an optional property is not a required one.
export type EqualSelfTest1 = Expect<Equal<{ a?: number }, { a: number | undefined }>>;
// @ts-expect-error -- `any` is not `unknown`.
export type EqualSelfTest2 = Expect<Equal<any, unknown>>;

// --- The schema: one property of each kind. ----------------------------------------------------

const schema = {
  type: 'object',
  properties: {
    // A required string.
    path: { type: 'string' },
    // An optional integer.
    limit: { type: 'integer', minimum: 1 },
    // A default: ajv fills it in before run(), so the type has it required.
    pageSize: { type: 'integer', default: 20 },
    // A string enum: a union of its literals.
    mode: { type: 'string', enum: ['fast', 'full'] },
    // A nested object with its own `required`.
    owner: {
      type: 'object',
      properties: { id: { type: 'string' }, email: { type: 'string' } },
      required: ['id'],
    },
    // An array of objects.
    items: {
      type: 'array',
      items: {
        type: 'object',
        properties: { key: { type: 'string' }, count: { type: 'number' } },
        required: ['key'],
      },
    },
    // Nullable, as Pydantic and zod write it.
    note: { anyOf: [{ type: 'string' }, { type: 'null' }] },
  },
  required: ['path', 'mode', 'note'],
} as const satisfies JSONSchema;

type Args = ToolArguments<typeof schema>;

// The whole type. The tool closes the root of its schema with `additionalProperties: false` at run
// time (the schema sets neither that nor composition), so the type is closed at the root too: no
// other name is an argument. Nested objects stay open, `[x: string]: unknown`, as they are at run
// time.
type Expected = {
  path: string;
  limit?: number;
  pageSize: number;
  mode: 'fast' | 'full';
  owner?: { [x: string]: unknown; id: string; email?: string };
  items?: { [x: string]: unknown; key: string; count?: number }[];
  note: string | null;
};

export type ArgumentTypes = [
  Expect<Equal<Args, Expected>>,
  Expect<Equal<Args['path'], string>>,
  Expect<Equal<Args['limit'], number | undefined>>,
  Expect<Equal<Args['pageSize'], number>>,
  Expect<Equal<Args['mode'], 'fast' | 'full'>>,
  Expect<Equal<NonNullable<Args['owner']>['id'], string>>,
  Expect<Equal<NonNullable<Args['owner']>['email'], string | undefined>>,
  Expect<Equal<NonNullable<Args['items']>[number]['key'], string>>,
  Expect<Equal<NonNullable<Args['items']>[number]['count'], number | undefined>>,
  Expect<Equal<Args['note'], string | null>>,
];

// @ts-expect-error: a typo is not an argument.
export type Typo = Args['pathh'];

// A schema that closes itself gives the same closed type.
const closedSchema = {
  type: 'object',
  properties: { path: { type: 'string' } },
  required: ['path'],
  additionalProperties: false,
} as const satisfies JSONSchema;

export type ClosedArgumentTypes = Expect<
  Equal<ToolArguments<typeof closedSchema>, { path: string }>
>;

// A valid value, and wrong ones.
export const valid: Args = { path: 'a.log', pageSize: 20, mode: 'fast', note: null };
export const full: Args = {
  path: 'a.log',
  limit: 3,
  pageSize: 20,
  mode: 'full',
  owner: { id: 'u1' },
  items: [{ key: 'k' }, { key: 'l', count: 2 }],
  note: 'a note',
};
// @ts-expect-error -- a required string is missing.
export const missingPath: Args = { pageSize: 20, mode: 'fast', note: null };
// @ts-expect-error -- a default makes the property required in run()'s arguments.
export const missingDefaulted: Args = { path: 'a.log', mode: 'fast', note: null };
// @ts-expect-error -- `mode` is not one of the enum's values.
export const wrongEnum: Args = { path: 'a.log', pageSize: 20, mode: 'slow', note: null };
// @ts-expect-error -- the nested object's `id` is required.
export const nestedMissing: Args = { ...valid, owner: { email: 'a@b.c' } };
// @ts-expect-error -- every item of the array needs a `key`.
export const itemMissing: Args = { ...valid, items: [{ count: 1 }] };
// @ts-expect-error -- `note` is a string or null, never a number.
export const wrongNullable: Args = { ...valid, note: 3 };

// --- A subclass of MCPToolBase, with `run(args: ToolArguments<typeof schema>)`. ------------------

class SearchFiles extends MCPToolBase<typeof schema> {
  readonly name = 'search_files';
  readonly title = 'Search files';
  readonly description = 'Files under a path.';
  readonly argumentsSchema = schema;

  run(args: ToolArguments<typeof schema>) {
    const exact: Equal<typeof args, Expected> = true;
    const path: string = args.path;
    // An optional must be narrowed before use.
    // @ts-expect-error -- `limit` is possibly undefined.
    args.limit.toFixed();
    const limit = args.limit === undefined ? 'all' : args.limit.toFixed();
    const pageSize: number = args.pageSize;
    let mode = args.mode;
    // @ts-expect-error -- 'slow' is not one of the enum's values.
    mode = 'slow';
    const owner = args.owner?.id.toUpperCase();
    const keys = args.items?.map((item) => item.key.length + (item.count ?? 0));
    // @ts-expect-error -- `note` may be null.
    args.note.trim();
    const note = args.note ?? '';
    // @ts-expect-error -- a name not in the schema is not an argument.
    const typo: string = args.pathh;
    return [exact, path, limit, pageSize, mode, owner, keys, note, typo].join(' ');
  }
}

const search = new SearchFiles();
export const ran = search.run(valid);
// @ts-expect-error -- a number where a string is required.
search.run({ ...valid, path: 1 });
// @ts-expect-error -- an enum value not listed.
search.run({ ...valid, mode: 'slow' });

class ReadClosed extends MCPToolBase<typeof closedSchema> {
  readonly name = 'read_closed';
  readonly title = 'Read';
  readonly description = 'Reads a path.';
  readonly argumentsSchema = closedSchema;

  run(args: ToolArguments<typeof closedSchema>) {
    // @ts-expect-error -- with `additionalProperties: false`, a name not in the schema is an error.
    return args.pathh;
  }
}

// `run` with a wrong annotation.
class WrongRun extends MCPToolBase<typeof schema> {
  readonly name = 'wrong_run';
  readonly title = 'Wrong run';
  readonly description = 'Its run() expects a number path.';
  readonly argumentsSchema = schema;

  // @ts-expect-error -- `path` is a string in the schema, not a number.
  run(args: { path: number }) {
    return String(args.path);
  }
}

// @ts-expect-error -- a tool without `run`.
class NoRun extends MCPToolBase<typeof schema> {
  readonly name = 'no_run';
  readonly title = 'No run';
  readonly description = 'Forgot run().';
  readonly argumentsSchema = schema;
}

// @ts-expect-error -- a tool without `name`.
class NoName extends MCPToolBase<typeof schema> {
  readonly title = 'No name';
  readonly description = 'Forgot its name.';
  readonly argumentsSchema = schema;
  run() {
    return '';
  }
}

class WrongSchema extends MCPToolBase<typeof schema> {
  readonly name = 'wrong_schema';
  readonly title = 'Wrong schema';
  readonly description = 'Its schema is not the one its type says.';
  // @ts-expect-error -- an argumentsSchema that is not the class's schema.
  readonly argumentsSchema = closedSchema;
  run() {
    return '';
  }
}

// --- defineTool, with no annotation on `run`. -------------------------------------------------

const Search = defineTool({
  name: 'search',
  title: 'Search',
  description: 'Files under a path.',
  // Inline, with no `as const`: defineTool's `const` type parameter keeps the literals.
  argumentsSchema: {
    type: 'object',
    properties: {
      path: { type: 'string' },
      limit: { type: 'integer', minimum: 1 },
      pageSize: { type: 'integer', default: 20 },
      mode: { type: 'string', enum: ['fast', 'full'] },
      owner: {
        type: 'object',
        properties: { id: { type: 'string' }, email: { type: 'string' } },
        required: ['id'],
      },
      items: {
        type: 'array',
        items: {
          type: 'object',
          properties: { key: { type: 'string' }, count: { type: 'number' } },
          required: ['key'],
        },
      },
      note: { anyOf: [{ type: 'string' }, { type: 'null' }] },
    },
    required: ['path', 'mode', 'note'],
  },
  run: (args) => {
    const exact: Equal<typeof args, Expected> = true;
    // @ts-expect-error -- `limit` is possibly undefined.
    args.limit.toFixed();
    const limit = args.limit?.toFixed() ?? 'all';
    let mode = args.mode;
    // @ts-expect-error -- 'slow' is not one of the enum's values.
    mode = 'slow';
    // @ts-expect-error -- a nested optional must be narrowed too.
    args.owner.id.toUpperCase();
    const keys = args.items?.map((item) => item.key);
    // @ts-expect-error -- a name not in the schema is not an argument.
    const typo: string = args.pathh;
    return [exact, args.path, limit, args.pageSize, mode, keys, args.note, typo].join(' ');
  },
});

const defined = new Search();
export type DefinedRunArguments = Expect<Equal<Parameters<typeof defined.run>[0], Expected>>;
export const definedRan = defined.run(valid, new RequestScope());
// @ts-expect-error -- a number where a string is required.
defined.run({ ...valid, path: 1 }, new RequestScope());

export const ClosedDefined = defineTool({
  name: 'read',
  title: 'Read',
  description: 'Reads a path.',
  argumentsSchema: {
    type: 'object',
    properties: { path: { type: 'string' } },
    required: ['path'],
    additionalProperties: false,
  },
  // @ts-expect-error -- with `additionalProperties: false`, a name not in the schema is an error.
  run: (args) => args.pathh,
});

export const WrongDefinedRun = defineTool({
  name: 'wrong_run',
  title: 'Wrong run',
  description: 'Its run() expects a number path.',
  argumentsSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
  // @ts-expect-error -- `path` is a string in the schema, not a number.
  run: (args: { path: number }) => String(args.path),
});

export const WrongOutput = defineTool({
  name: 'wrong_output',
  title: 'Wrong output',
  description: 'Returns a number.',
  argumentsSchema: { type: 'object', properties: {} },
  // @ts-expect-error -- run() returns text or the parts of a result, not a number.
  run: () => 42,
});

// @ts-expect-error -- a tool needs a name.
export const NoNameDefined = defineTool({
  title: 'No name',
  description: 'Forgot its name.',
  argumentsSchema: { type: 'object', properties: {} },
  run: () => '',
});

// Not caught by the types: an `argumentsSchema` that is not of type object, e.g.
// `{ type: 'string' }`, is a valid `JSONSchema`, and `run` then receives a `string`. Only run time
// refuses it: `inputSchema()` throws a TypeError when the tool is first listed or called. No
// `@ts-expect-error` line pretends otherwise.

// --- Tools of different schemas, side by side. ------------------------------------------------

const countSchema = {
  type: 'object',
  properties: { unit: { type: 'string', enum: ['lines', 'bytes'], default: 'lines' } },
} as const satisfies JSONSchema;

class Count extends MCPToolBase<typeof countSchema> {
  readonly name = 'count';
  readonly title = 'Count';
  readonly description = 'Counts lines or bytes.';
  readonly argumentsSchema = countSchema;
  run({ unit }: ToolArguments<typeof countSchema>) {
    const exact: Expect<Equal<typeof unit, 'lines' | 'bytes'>> = true;
    return `${exact} ${unit}`;
  }
}

export const byName: Map<string, AnyTool> = toolsByName(
  new SearchFiles(),
  new Count(),
  new ReadClosed(),
  new Search(),
  new ClosedDefined(),
);

// In array and Map literals, where the compiler compares the tools with one another: two
// defineTool tools of different schemas there failed with TS2589 ("excessively deep") until
// MCPToolBase declared its schema `in out`.
export const list: AnyTool[] = [new SearchFiles(), new Count(), new Search(), new ClosedDefined()];
export const inferred = [new Search(), new ClosedDefined(), new WrongDefinedRun()];

// The classes, too, for a server that makes its tools per request. Their common type is a
// constructor of `AnyTool`: `MCPToolBase<Schema>` is invariant in its schema, so `ToolClass`
// (of `JSONSchema`) takes no tool class of a particular schema.
export const classes: (new () => AnyTool)[] = [
  SearchFiles,
  Count,
  ReadClosed,
  Search,
  ClosedDefined,
];
// @ts-expect-error -- invariant: a defineTool class of a particular schema is no `ToolClass`.
export const looseClasses: ToolClass[] = [Search];

class FilesServer extends MCPServerBase {
  readonly name = 'files';
  override readonly tools = toolsByName(new SearchFiles(), new Count(), new Search());
  serverInfo() {
    return { name: this.name, version: '1.0.0' };
  }
  override instructions() {
    return '';
  }
}

class MapServer extends MCPServerBase {
  readonly name = 'map';
  override readonly tools: ReadonlyMap<string, AnyTool> = new Map<string, AnyTool>([
    ['search_files', new SearchFiles()],
    ['count', new Count()],
    ['search', new Search()],
    ['read', new ClosedDefined()],
  ]);
  serverInfo() {
    return { name: this.name, version: '1.0.0' };
  }
  override instructions() {
    return '';
  }
}

class NotATool extends MCPServerBase {
  readonly name = 'not_a_tool';
  // @ts-expect-error -- a server's tools are tools.
  override readonly tools = toolsByName({ name: 'fake' });
  serverInfo() {
    return { name: this.name, version: '1.0.0' };
  }
  override instructions() {
    return '';
  }
}

export const servers = [FilesServer, MapServer, NotATool, WrongRun, NoRun, NoName, WrongSchema];

// A schema that says `additionalProperties: true`, or composes at its root, is not closed by the
// tool: its type stays open, as its arguments are.
const openSchema = {
  type: 'object',
  properties: { path: { type: 'string' } },
  required: ['path'],
  additionalProperties: true,
} as const satisfies JSONSchema;

export type OpenArgumentTypes = Expect<
  Equal<ToolArguments<typeof openSchema>, { [x: string]: unknown; path: string }>
>;
