/**
 * A Standard Schema's validators: the schema's own library checks the value, and what it finds is
 * told as a JSON Schema's problems are, one `path: message` each. Loaded with the first Standard
 * Schema a server validates, never by a server whose schemas are JSON Schema.
 *
 * @module
 */
import type { StandardIssue, StandardSchemaWithJSON } from './standard-schema.js';

// ajv's interface, as far as the core reads it (the schema module's `Validator`).
interface AjvLike {
  (value: unknown): boolean;
  errors?: {
    instancePath: string;
    keyword: string;
    message: string;
    params: Record<string, unknown>;
  }[];
}

/** @internal What a Standard Schema's validator of arguments finds: the value parsed, or the problems. */
export type Parsed = { readonly value: unknown } | readonly string[];

// An issue's path, dotted as a JSON Schema problem's is: `filters.0.name`.
const dotted = (issue: StandardIssue): string =>
  (issue.path ?? [])
    .map((part) => String(typeof part === 'object' && part !== null ? part.key : part))
    .join('.');

// The library's message, without the path it starts with when it names it (ArkType's
// `tags[0] must be a string`): the path is told before it.
function message(issue: StandardIssue, path: string): string {
  const space = issue.message.indexOf(' ');
  const head = issue.message.slice(0, space).replace(/\[(\d+)\]/g, '.$1');
  return path !== '' && head === path ? issue.message.slice(space + 1) : issue.message;
}

/**
 * @internal Describe a Standard Schema's issues, one `path: message` each, `root` for the value as
 * a whole, without repeats.
 */
export function describeIssues(issues: readonly StandardIssue[], root: string): string[] {
  const problems = issues.map((issue) => {
    const path = dotted(issue);
    return `${path === '' ? root : path}: ${message(issue, path)}`;
  });
  return problems.length > 0 ? [...new Set(problems)] : [`${root}: is not valid`];
}

/**
 * @internal The validator of a Standard Schema, as the tool or prompt that owns it calls it: of the
 * arguments, what its library parses them into or the problems it finds, as a promise (a library
 * may validate asynchronously); of `structuredContent`, ajv's interface, at once.
 *
 * @param schema - The schema.
 * @param which - `validateOutput` for a tool's `structuredContent`, else the arguments.
 * @returns The validator, told apart from ajv's by what it returns.
 */
export function standardValidator(schema: StandardSchemaWithJSON, which: string): AjvLike {
  const standard = schema['~standard'];
  if (which !== 'validateOutput') {
    return (async (value: unknown): Promise<Parsed> => {
      const result = await standard.validate(value);
      return result.issues ? describeIssues(result.issues, 'arguments') : { value: result.value };
    }) as unknown as AjvLike;
  }
  // What run() returns is sent as it returned it: its output is checked, not transformed.
  const validate: AjvLike = (value) => {
    const result = standard.validate(value);
    const issues: readonly StandardIssue[] =
      result instanceof Promise
        ? [
            {
              message: `is checked by a schema of ${standard.vendor} that validates asynchronously, which an outputSchema cannot`,
            },
          ]
        : (result.issues ?? []);
    validate.errors = issues.map((issue) => ({
      instancePath: (issue.path ?? []).length === 0 ? '' : `/${dotted(issue).replace(/\./g, '/')}`,
      keyword: 'standard',
      message: message(issue, dotted(issue)),
      params: {},
    }));
    return issues.length === 0;
  };
  return validate;
}
