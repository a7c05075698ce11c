import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { InvalidArgumentsError, isToolError } from '../src/index.js';
import {
  compileSchema,
  describeErrors,
  hasDefaults,
  invalidArguments,
  type JSONSchema,
  type ValidationError,
} from '../src/schema.js';

// The validation errors of a value, from a freshly compiled schema.
async function errorsOf(schema: JSONSchema, value: unknown): Promise<readonly ValidationError[]> {
  const validate = await compileSchema(schema);
  assert.is(validate(value), false, 'the value was expected to be invalid');
  return validate.errors ?? [];
}

const Compile = suite('compileSchema');

Compile('fills in defaults', async () => {
  const validate = await compileSchema({
    type: 'object',
    properties: { limit: { type: 'integer', default: 20 } },
  });
  const args: Record<string, unknown> = {};
  assert.is(validate(args), true);
  assert.equal(args, { limit: 20 });
});

Compile('throws on a schema that is not valid', async () => {
  const failed = await compileSchema({ type: 'object', required: 'query' } as never).then(
    () => undefined,
    (error: unknown) => error,
  );
  assert.instance(failed, Error);
  assert.match((failed as Error).message, /required/);
});

Compile.run();

const SEARCH_LOGS = {
  type: 'object',
  properties: {
    query: { type: 'string' },
    limit: { type: 'integer', minimum: 1, maximum: 200 },
    filters: {
      type: 'array',
      items: {
        type: 'object',
        properties: { name: { type: 'string' }, value: { type: 'string' } },
        required: ['name'],
      },
    },
  },
  required: ['query'],
  additionalProperties: false,
} as const satisfies JSONSchema;

const Describe = suite('describeErrors');

Describe('a value out of range', async () => {
  const errors = await errorsOf(SEARCH_LOGS, { query: 'x', limit: 500 });
  assert.equal(describeErrors(errors, 'arguments'), ['limit: must be <= 200']);
});

Describe('a missing required property', async () => {
  const errors = await errorsOf(SEARCH_LOGS, {});
  assert.equal(describeErrors(errors, 'arguments'), ['query: is required']);
});

Describe('a property the schema does not allow', async () => {
  const errors = await errorsOf(SEARCH_LOGS, { query: 'x', extra: 1 });
  assert.equal(describeErrors(errors, 'arguments'), ['extra: is not an argument of this tool']);
});

Describe('a property unevaluatedProperties refuses', async () => {
  const schema = {
    type: 'object',
    properties: { query: { type: 'string' } },
    unevaluatedProperties: false,
  } as const satisfies JSONSchema;
  const errors = await errorsOf(schema, { query: 'x', extra: 1 });
  assert.equal(describeErrors(errors, 'arguments'), ['extra: is not an argument of this tool']);
});

Describe('a nested path is dotted', async () => {
  const errors = await errorsOf(SEARCH_LOGS, {
    query: 'x',
    filters: [{ name: 1 }, { value: 'v' }],
  });
  assert.equal(describeErrors(errors, 'arguments'), [
    'filters.0.name: must be string',
    'filters.1.name: is required',
  ]);
});

Describe('the value as a whole is named by root', async () => {
  assert.equal(describeErrors(await errorsOf(SEARCH_LOGS, 'x'), 'arguments'), [
    'arguments: must be object',
  ]);
  assert.equal(describeErrors(await errorsOf(SEARCH_LOGS, []), 'structuredContent'), [
    'structuredContent: must be object',
  ]);
});

Describe("several problems, in ajv's order", async () => {
  const errors = await errorsOf(SEARCH_LOGS, { limit: 0, extra: 1, filters: [{ name: 2 }] });
  assert.equal(describeErrors(errors, 'arguments'), [
    'query: is required',
    'extra: is not an argument of this tool',
    'limit: must be >= 1',
    'filters.0.name: must be string',
  ]);
});

Describe('the same problem twice is named once', async () => {
  const schema = { allOf: [{ type: 'string' }, { type: 'string', minLength: 1 }] } as const;
  const errors = await errorsOf(schema, 3);
  assert.is(errors.length, 2);
  assert.equal(describeErrors(errors, 'arguments'), ['arguments: must be string']);
});

Describe('among many problems, each is still named once, in order', async () => {
  const names = Array.from({ length: 20 }, (_, index) => `p${index}`);
  const twice: JSONSchema = { allOf: [{ type: 'string' }, { type: 'string' }] };
  const schema = {
    type: 'object',
    properties: Object.fromEntries(names.map((name) => [name, twice])),
  } satisfies JSONSchema;
  const errors = await errorsOf(schema, Object.fromEntries(names.map((name) => [name, 1])));
  assert.is(errors.length, 40);
  assert.equal(
    describeErrors(errors, 'arguments'),
    names.map((name) => `${name}: must be string`),
  );
});

Describe('a key with / or ~ is shown as it is, not as a JSON pointer', async () => {
  const schema = {
    type: 'object',
    properties: {
      'a/b': { type: 'string' },
      'c~d': {
        type: 'object',
        properties: { 'e/~f': { type: 'integer' }, '~01': { type: 'integer' } },
        required: ['g/h~'],
        additionalProperties: false,
      },
    },
  } as const satisfies JSONSchema;
  const errors = await errorsOf(schema, {
    'a/b': 1,
    'c~d': { 'e/~f': 'x', '~01': 'y', 'i/~j': 0 },
  });
  assert.equal(describeErrors(errors, 'arguments'), [
    'a/b: must be string',
    'c~d.g/h~: is required',
    'c~d.i/~j: is not an argument of this tool',
    'c~d.e/~f: must be integer',
    'c~d.~01: must be integer',
  ]);
});

Describe('an error without a message, and no errors at all', () => {
  const error: ValidationError = {
    instancePath: '/limit',
    keyword: 'x-check',
    params: {},
  };
  assert.equal(describeErrors([error], 'arguments'), ['limit: is not valid']);
  assert.equal(describeErrors([], 'arguments'), ['arguments: is not valid']);
});

Describe.run();

const Invalid = suite('invalidArguments');

Invalid('names the tool and the problem', async () => {
  const error = invalidArguments(
    'search_logs',
    await errorsOf(SEARCH_LOGS, { query: 'x', limit: 201 }),
  );
  assert.instance(error, InvalidArgumentsError);
  assert.ok(isToolError(error));
  assert.is(error.message, 'invalid arguments for search_logs: limit: must be <= 200');
  assert.equal(error.problems, ['limit: must be <= 200']);
});

Invalid('joins several problems with "; "', async () => {
  const errors = await errorsOf(SEARCH_LOGS, { limit: 'ten', extra: true });
  assert.is(
    invalidArguments('search_logs', errors).message,
    'invalid arguments for search_logs: query: is required; extra: is not an argument of this tool; limit: must be integer',
  );
});

Invalid('the arguments as a whole', async () => {
  const errors = await errorsOf(SEARCH_LOGS, null);
  assert.is(
    invalidArguments('search_logs', errors).message,
    'invalid arguments for search_logs: arguments: must be object',
  );
});

Invalid.run();

const Defaults = suite('hasDefaults');

Defaults('false without a default keyword', () => {
  assert.is(hasDefaults(SEARCH_LOGS), false);
  assert.is(hasDefaults(true), false);
  assert.is(hasDefaults(null), false);
  assert.is(hasDefaults({ type: 'object', properties: { a: { enum: ['default'] } } }), false);
});

Defaults('true with a default at any depth', () => {
  assert.is(hasDefaults({ type: 'integer', default: 0 }), true);
  assert.is(hasDefaults({ properties: { a: { properties: { b: { default: false } } } } }), true);
  assert.is(hasDefaults({ prefixItems: [{ type: 'string' }, { default: 'x' }] }), true);
  assert.is(hasDefaults({ $defs: { A: { default: null } } }), true);
});

Defaults.run();
