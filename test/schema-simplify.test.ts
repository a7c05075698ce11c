import { Type } from '@sinclair/typebox';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { z } from 'zod';
import { simplifySchema } from '../src/json-schema/simplify.js';
import { compileSchema, describeErrors, type JSONSchema } from '../src/schema.js';

// Freezes a value and everything in it, so that any write by the code under test throws.
function frozen<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const key of Reflect.ownKeys(value)) frozen((value as Record<PropertyKey, unknown>)[key]);
    Object.freeze(value);
  }
  return value;
}

// Every object and array in a value, its own included.
function objectsIn(value: unknown, found = new Set<object>()): Set<object> {
  if (typeof value === 'object' && value !== null) {
    found.add(value);
    for (const key of Object.keys(value)) {
      objectsIn((value as Record<string, unknown>)[key], found);
    }
  }
  return found;
}

// What Pydantic v2 `SearchLogs.model_json_schema()` writes for:
//
//   class Filter(BaseModel):
//       """A field filter."""
//       name: str = Field(description="Field name.")
//       value: str | None = None
//
//   class Level(str, Enum):
//       debug = "debug"; info = "info"; error = "error"
//
//   class SearchLogs(BaseModel):
//       """Search the logs. Internal notes for developers."""
//       query: str = Field(description="What to search for.")
//       limit: int | None = Field(None, ge=1, le=200, description="Maximum results.")
//       level: Level = Level.info
//       filters: list[Filter] = []
//       primary: Filter | None = None
//       exact: bool = False
const PYDANTIC = frozen({
  $defs: {
    Filter: {
      description: 'A field filter.',
      properties: {
        name: { description: 'Field name.', title: 'Name', type: 'string' },
        value: {
          anyOf: [{ type: 'string' }, { type: 'null' }],
          default: null,
          title: 'Value',
        },
      },
      required: ['name'],
      title: 'Filter',
      type: 'object',
    },
    Level: { enum: ['debug', 'info', 'error'], title: 'Level', type: 'string' },
  },
  description: 'Search the logs. Internal notes for developers.',
  properties: {
    query: { description: 'What to search for.', title: 'Query', type: 'string' },
    limit: {
      anyOf: [{ maximum: 200, minimum: 1, type: 'integer' }, { type: 'null' }],
      default: null,
      description: 'Maximum results.',
      title: 'Limit',
    },
    level: { $ref: '#/$defs/Level', default: 'info' },
    filters: { default: [], items: { $ref: '#/$defs/Filter' }, title: 'Filters', type: 'array' },
    primary: { anyOf: [{ $ref: '#/$defs/Filter' }, { type: 'null' }], default: null },
    exact: { default: false, title: 'Exact', type: 'boolean' },
  },
  required: ['query'],
  title: 'SearchLogs',
  type: 'object',
} as const);

// The same, simplified by the rules, written by hand.
const PYDANTIC_SIMPLIFIED = {
  $defs: {
    Filter: {
      description: 'A field filter.',
      properties: {
        name: { description: 'Field name.', type: 'string' },
        value: { type: 'string' },
      },
      required: ['name'],
      type: 'object',
    },
    Level: { enum: ['debug', 'info', 'error'], type: 'string' },
  },
  properties: {
    query: { description: 'What to search for.', type: 'string' },
    limit: { maximum: 200, minimum: 1, type: 'integer', description: 'Maximum results.' },
    level: { $ref: '#/$defs/Level', default: 'info' },
    filters: { default: [], items: { $ref: '#/$defs/Filter' }, type: 'array' },
    primary: { $ref: '#/$defs/Filter' },
    exact: { default: false, type: 'boolean' },
  },
  required: ['query'],
  type: 'object',
};

const Simplify = suite('simplifySchema');

Simplify('a boolean property schema becomes the object that means the same', () => {
  const input = frozen({
    type: 'object',
    properties: {
      anything: true,
      nothing: false,
      nested: { type: 'object', properties: { x: true } },
    },
    additionalProperties: false,
    patternProperties: { '^x-': true },
  });
  assert.equal(simplifySchema(input), {
    type: 'object',
    properties: {
      anything: {},
      nothing: { not: {} },
      nested: { type: 'object', properties: { x: {} } },
    },
    additionalProperties: false,
    patternProperties: { '^x-': true },
  });
});

Simplify('removes the title keyword at every depth', () => {
  const input = frozen({
    title: 'Args',
    type: 'object',
    properties: {
      range: {
        title: 'Range',
        type: 'object',
        properties: { from: { title: 'From', type: 'string' } },
      },
      tags: { title: 'Tags', type: 'array', items: { title: 'Tag', type: 'string' } },
    },
    $defs: { Point: { title: 'Point', type: 'object' } },
  });
  assert.equal(simplifySchema(input), {
    type: 'object',
    properties: {
      range: { type: 'object', properties: { from: { type: 'string' } } },
      tags: { type: 'array', items: { type: 'string' } },
    },
    $defs: { Point: { type: 'object' } },
  });
});

Simplify('keeps properties named title, description and default', () => {
  const input = frozen({
    type: 'object',
    properties: {
      title: { title: 'Title', type: 'string' },
      description: { type: 'string', description: 'The text.' },
      default: { type: 'boolean', default: null },
    },
    required: ['title', 'description'],
  });
  assert.equal(simplifySchema(input), {
    type: 'object',
    properties: {
      title: { type: 'string' },
      description: { type: 'string', description: 'The text.' },
      default: { type: 'boolean' },
    },
    required: ['title', 'description'],
  });
});

Simplify('keeps title, description and null inside enum, const, default and examples', () => {
  const input = frozen({
    type: 'object',
    properties: {
      book: {
        title: 'Book',
        type: 'object',
        default: { title: 'Dune', description: 'A novel.', year: null },
        examples: [{ title: 'Emma', year: null }],
      },
      pick: { enum: [{ title: 'a' }, { title: 'b' }] },
      fixed: { const: { title: 'x', default: null } },
    },
  });
  assert.equal(simplifySchema(input), {
    type: 'object',
    properties: {
      book: {
        type: 'object',
        default: { title: 'Dune', description: 'A novel.', year: null },
        examples: [{ title: 'Emma', year: null }],
      },
      pick: { enum: [{ title: 'a' }, { title: 'b' }] },
      fixed: { const: { title: 'x', default: null } },
    },
  });
});

Simplify('removes the root description only', () => {
  const input = frozen({
    description: 'Internal docstring.',
    type: 'object',
    properties: {
      city: { type: 'string', description: 'The city, e.g. Oslo.' },
      place: {
        type: 'object',
        description: 'Where.',
        properties: { zip: { type: 'string', description: 'Postal code.' } },
      },
    },
    $defs: { Unit: { description: 'A unit.', enum: ['C', 'F'] } },
  });
  assert.equal(simplifySchema(input), {
    type: 'object',
    properties: {
      city: { type: 'string', description: 'The city, e.g. Oslo.' },
      place: {
        type: 'object',
        description: 'Where.',
        properties: { zip: { type: 'string', description: 'Postal code.' } },
      },
    },
    $defs: { Unit: { description: 'A unit.', enum: ['C', 'F'] } },
  });
});

Simplify('removes "default": null and keeps every other default', () => {
  const input = frozen({
    type: 'object',
    default: null,
    properties: {
      a: { type: 'string', default: null },
      b: { type: 'boolean', default: false },
      c: { type: 'integer', default: 0 },
      d: { type: 'string', default: '' },
      e: { type: 'array', default: [] },
      f: { type: 'object', default: {} },
      g: { type: 'integer', default: 20 },
    },
  });
  assert.equal(simplifySchema(input), {
    type: 'object',
    properties: {
      a: { type: 'string' },
      b: { type: 'boolean', default: false },
      c: { type: 'integer', default: 0 },
      d: { type: 'string', default: '' },
      e: { type: 'array', default: [] },
      f: { type: 'object', default: {} },
      g: { type: 'integer', default: 20 },
    },
  });
});

Simplify('anyOf [T, null] becomes T, merged with the keywords of its parent', () => {
  const input = frozen({
    type: 'object',
    properties: {
      limit: {
        anyOf: [{ type: 'integer', minimum: 1 }, { type: 'null' }],
        description: 'Maximum results.',
        default: null,
      },
    },
  });
  assert.equal(simplifySchema(input), {
    type: 'object',
    properties: { limit: { type: 'integer', minimum: 1, description: 'Maximum results.' } },
  });
});

Simplify('oneOf [T, null] becomes T', () => {
  const input = frozen({
    type: 'object',
    properties: {
      since: {
        oneOf: [{ type: 'string', format: 'date' }, { type: 'null' }],
        description: 'First day.',
      },
    },
  });
  assert.equal(simplifySchema(input), {
    type: 'object',
    properties: { since: { type: 'string', format: 'date', description: 'First day.' } },
  });
});

Simplify('the null branch may come first', () => {
  const input = frozen({
    type: 'object',
    properties: {
      a: { anyOf: [{ type: 'null' }, { type: 'string', maxLength: 5 }] },
      b: { oneOf: [{ type: 'null' }, { type: 'number' }] },
    },
  });
  assert.equal(simplifySchema(input), {
    type: 'object',
    properties: {
      a: { type: 'string', maxLength: 5 },
      b: { type: 'number' },
    },
  });
});

Simplify('anyOf with two branches or more but null keeps them, without the null', () => {
  const input = frozen({
    type: 'object',
    properties: {
      id: {
        anyOf: [{ type: 'string' }, { type: 'integer' }, { type: 'null' }],
        description: 'An id.',
      },
      kind: { oneOf: [{ const: 'a' }, { type: 'null' }, { const: 'b' }] },
    },
  });
  assert.equal(simplifySchema(input), {
    type: 'object',
    properties: {
      id: { anyOf: [{ type: 'string' }, { type: 'integer' }], description: 'An id.' },
      kind: { oneOf: [{ const: 'a' }, { const: 'b' }] },
    },
  });
});

Simplify('anyOf without null is kept as it is', () => {
  const input = frozen({ anyOf: [{ type: 'string' }, { type: 'integer' }] });
  assert.equal(simplifySchema(input), { anyOf: [{ type: 'string' }, { type: 'integer' }] });
});

Simplify("on a clash of descriptions, the parent's words win", () => {
  const input = frozen({
    type: 'object',
    properties: {
      a: {
        description: 'outer',
        anyOf: [{ type: 'string', description: 'inner', examples: ['x'] }, { type: 'null' }],
      },
    },
  });
  assert.equal(simplifySchema(input), {
    type: 'object',
    properties: { a: { type: 'string', description: 'outer', examples: ['x'] } },
  });
});

Simplify('a branch that shares a validation keyword with its parent goes under allOf', () => {
  const input = frozen({
    type: 'object',
    properties: {
      a: {
        description: 'outer',
        maxLength: 10,
        anyOf: [{ type: 'string', maxLength: 5 }, { type: 'null' }],
      },
    },
  });
  assert.equal(simplifySchema(input), {
    type: 'object',
    properties: {
      a: { description: 'outer', maxLength: 10, allOf: [{ type: 'string', maxLength: 5 }] },
    },
  });
});

Simplify('a branch put under allOf keeps the allOf already there', () => {
  const input = frozen({
    type: 'object',
    properties: {
      a: {
        allOf: [{ minLength: 1 }],
        anyOf: [{ allOf: [{ type: 'string' }] }, { type: 'null' }],
      },
    },
  });
  assert.equal(simplifySchema(input), {
    type: 'object',
    properties: {
      a: { allOf: [{ minLength: 1 }, { allOf: [{ type: 'string' }] }] },
    },
  });
});

Simplify('type [T, "null"] drops the null', () => {
  const input = frozen({
    type: 'object',
    properties: {
      a: { type: ['string', 'null'] },
      b: { type: ['string', 'integer', 'null'] },
      c: { type: ['null', 'boolean'] },
      d: { type: ['string', 'integer'] },
      e: { type: 'null' },
    },
  });
  assert.equal(simplifySchema(input), {
    type: 'object',
    properties: {
      a: { type: 'string' },
      b: { type: ['string', 'integer'] },
      c: { type: 'boolean' },
      d: { type: ['string', 'integer'] },
      e: { type: 'null' },
    },
  });
});

Simplify('$defs entries are simplified and keep their names; $ref keeps working', () => {
  const input = frozen({
    type: 'object',
    properties: {
      where: { anyOf: [{ $ref: '#/$defs/Place' }, { type: 'null' }], default: null },
      home: { $ref: '#/$defs/Place' },
    },
    $defs: {
      Place: {
        title: 'Place',
        type: 'object',
        properties: { zip: { anyOf: [{ type: 'string' }, { type: 'null' }], title: 'Zip' } },
      },
      title: { title: 'Title', type: 'string' },
    },
  });
  assert.equal(simplifySchema(input), {
    type: 'object',
    properties: {
      where: { $ref: '#/$defs/Place' },
      home: { $ref: '#/$defs/Place' },
    },
    $defs: {
      Place: { type: 'object', properties: { zip: { type: 'string' } } },
      title: { type: 'string' },
    },
  });
});

Simplify('walks items, prefixItems and additionalProperties', () => {
  const input = frozen({
    type: 'object',
    properties: {
      matrix: {
        type: 'array',
        items: {
          title: 'Row',
          type: 'array',
          items: { anyOf: [{ type: 'number' }, { type: 'null' }], title: 'Cell' },
        },
      },
      pair: {
        type: 'array',
        prefixItems: [
          { title: 'First', type: ['string', 'null'] },
          { title: 'Second', oneOf: [{ type: 'null' }, { type: 'integer' }] },
        ],
      },
      labels: {
        type: 'object',
        additionalProperties: { title: 'Label', type: ['string', 'null'], default: null },
      },
    },
  });
  assert.equal(simplifySchema(input), {
    type: 'object',
    properties: {
      matrix: { type: 'array', items: { type: 'array', items: { type: 'number' } } },
      pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }] },
      labels: { type: 'object', additionalProperties: { type: 'string' } },
    },
  });
});

Simplify('walks allOf, not, if/then/else and patternProperties', () => {
  const input = frozen({
    allOf: [{ title: 'Base', type: 'object' }],
    not: { title: 'Empty', type: 'object', maxProperties: 0 },
    if: { title: 'If', properties: { kind: { const: 'file' } } },
    // biome-ignore lint/suspicious/noThenProperty: the JSON Schema keyword, not a thenable
    then: { title: 'Then', required: ['path'] },
    else: { title: 'Else', properties: { url: { type: ['string', 'null'] } } },
    patternProperties: {
      '^x-': { title: 'Extension', anyOf: [{ type: 'string' }, { type: 'null' }] },
    },
  });
  assert.equal(simplifySchema(input), {
    allOf: [{ type: 'object' }],
    not: { type: 'object', maxProperties: 0 },
    if: { properties: { kind: { const: 'file' } } },
    // biome-ignore lint/suspicious/noThenProperty: the JSON Schema keyword, not a thenable
    then: { required: ['path'] },
    else: { properties: { url: { type: 'string' } } },
    patternProperties: { '^x-': { type: 'string' } },
  });
});

Simplify('keeps boolean schemas, but for properties (see above)', () => {
  assert.is(simplifySchema(true), true);
  assert.is(simplifySchema(false), false);
  const input = frozen({
    type: 'object',
    additionalProperties: false,
    items: true,
    prefixItems: [true, false],
  });
  assert.equal(simplifySchema(input), {
    type: 'object',
    additionalProperties: false,
    items: true,
    prefixItems: [true, false],
  });
});

Simplify('never changes its input, and shares no object with it', () => {
  const input = structuredClone(PYDANTIC);
  const before = structuredClone(input);
  const output = simplifySchema(input);
  assert.equal(input, before);
  const shared = [...objectsIn(output)].filter((object) => objectsIn(input).has(object));
  assert.equal(shared, []);
});

Simplify('a property named __proto__ stays an own property and pollutes nothing', () => {
  const input = frozen(
    JSON.parse(
      '{"type":"object","title":"Args","properties":{"__proto__":{"title":"P","type":["string","null"]},"type":{"type":"integer"}},"default":{"__proto__":{"polluted":true}}}',
    ),
  );
  const output = simplifySchema(input);
  assert.equal(
    output,
    JSON.parse(
      '{"type":"object","properties":{"__proto__":{"type":"string"},"type":{"type":"integer"}},"default":{"__proto__":{"polluted":true}}}',
    ),
  );
  assert.equal(Object.keys(output.properties), ['__proto__', 'type']);
  assert.is(Object.getPrototypeOf(output.properties), Object.prototype);
  assert.equal(Object.getOwnPropertyDescriptor(output.properties, '__proto__')?.value, {
    type: 'string',
  });
  assert.is(Object.getPrototypeOf(output.default), Object.prototype);
  assert.ok(Object.hasOwn(output.default, '__proto__'));
  const empty: Record<string, unknown> = {};
  assert.is(empty.polluted, undefined);
  assert.is(empty.type, undefined);
});

Simplify.run();

const Generators = suite('simplifySchema on what generators write');

Generators('zod v4 z.toJSONSchema()', () => {
  const args = z
    .object({
      query: z.string().describe('What to search for.'),
      limit: z.number().int().min(1).max(200).nullable().optional().describe('Maximum results.'),
      level: z.enum(['debug', 'info', 'error']),
      range: z.object({ from: z.string(), to: z.string() }).meta({ title: 'Range' }),
      filters: z.array(z.object({ name: z.string(), value: z.string().nullable() })),
      exact: z.boolean().default(false),
    })
    .meta({ title: 'SearchLogs', description: 'Search the logs. Internal notes.' });
  const input = frozen(z.toJSONSchema(args));
  assert.equal(simplifySchema(input), {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: {
      query: { type: 'string', description: 'What to search for.' },
      limit: { type: 'integer', minimum: 1, maximum: 200, description: 'Maximum results.' },
      level: { type: 'string', enum: ['debug', 'info', 'error'] },
      range: {
        type: 'object',
        properties: { from: { type: 'string' }, to: { type: 'string' } },
        required: ['from', 'to'],
        additionalProperties: false,
      },
      filters: {
        type: 'array',
        items: {
          type: 'object',
          properties: { name: { type: 'string' }, value: { type: 'string' } },
          required: ['name', 'value'],
          additionalProperties: false,
        },
      },
      exact: { type: 'boolean', default: false },
    },
    required: ['query', 'level', 'range', 'filters', 'exact'],
    additionalProperties: false,
  });
});

Generators('TypeBox', () => {
  const args = Type.Object(
    {
      query: Type.String({ description: 'What to search for.' }),
      limit: Type.Optional(
        Type.Union([Type.Integer({ minimum: 1, maximum: 200 }), Type.Null()], {
          description: 'Maximum results.',
        }),
      ),
      level: Type.Union([Type.Literal('debug'), Type.Literal('info'), Type.Literal('error')]),
      range: Type.Object({ from: Type.String(), to: Type.String() }, { title: 'Range' }),
      filters: Type.Array(
        Type.Object({ name: Type.String(), value: Type.Union([Type.String(), Type.Null()]) }),
      ),
      tags: Type.Record(Type.String(), Type.Union([Type.Number(), Type.Null()])),
    },
    { title: 'SearchLogs', description: 'Search the logs. Internal notes.' },
  );
  const input = frozen(args);
  assert.equal(simplifySchema(input), {
    type: 'object',
    required: ['query', 'level', 'range', 'filters', 'tags'],
    properties: {
      query: { description: 'What to search for.', type: 'string' },
      limit: { minimum: 1, maximum: 200, type: 'integer', description: 'Maximum results.' },
      level: {
        anyOf: [
          { const: 'debug', type: 'string' },
          { const: 'info', type: 'string' },
          { const: 'error', type: 'string' },
        ],
      },
      range: {
        type: 'object',
        required: ['from', 'to'],
        properties: { from: { type: 'string' }, to: { type: 'string' } },
      },
      filters: {
        type: 'array',
        items: {
          type: 'object',
          required: ['name', 'value'],
          properties: { name: { type: 'string' }, value: { type: 'string' } },
        },
      },
      tags: { type: 'object', patternProperties: { '^(.*)$': { type: 'number' } } },
    },
  });
});

Generators('Pydantic v2 model_json_schema()', () => {
  assert.equal(simplifySchema(PYDANTIC), PYDANTIC_SIMPLIFIED);
});

Generators('the simplified Pydantic schema validates as the original does', async () => {
  const original = await compileSchema(structuredClone(PYDANTIC) as JSONSchema);
  const simplified = await compileSchema(simplifySchema(PYDANTIC) as JSONSchema);
  const valid = () => ({
    query: 'timeout',
    limit: 10,
    level: 'error',
    filters: [{ name: 'host', value: 'db-1' }],
    primary: { name: 'service' },
  });
  const invalid = () => ({ query: 'timeout', level: 'warning', filters: [{ value: 'db-1' }] });
  for (const validate of [original, simplified]) {
    assert.is(validate(valid()), true);
    assert.is(validate(invalid()), false);
    assert.equal(describeErrors(validate.errors ?? [], 'arguments'), [
      'level: must be one of "debug", "info", "error"',
      'filters.0.name: is required',
    ]);
  }
  assert.is(simplified({ query: 'timeout', limit: 500 }), false);
  assert.equal(describeErrors(simplified.errors ?? [], 'arguments'), ['limit: must be <= 200']);
  // The one difference: a null for an optional field, which the LLM is no longer offered. A tool
  // validates its arguments against the schema as written, which still accepts it.
  assert.is(original({ query: 'timeout', limit: null }), true);
  assert.is(simplified({ query: 'timeout', limit: null }), false);
});

Generators.run();
