/**
 * How the answers to input requests are read: an elicitation's, checked against its form's
 * schema; a sampled message; the roots. What does not fit is not an answer, and is asked again.
 *
 * @module
 */
import { isObject } from '../jsonrpc.js';
import { compileSchema, type JSONSchema, type Validator } from '../schema.js';
import type {
  CreateMessageResult,
  ElicitationSchema,
  ElicitRequestFormParams,
  ElicitRequestURLParams,
  Root,
} from '../wire/types.js';

const validators = new Map<string, Promise<Validator>>();

// Compiled once per schema text: a form's schema is usually written inline, a new object per call.
function validatorOf(schema: ElicitationSchema): Promise<Validator> {
  const text = JSON.stringify(schema);
  let validator = validators.get(text);
  if (validator === undefined) {
    if (validators.size >= 100) validators.clear();
    validator = compileSchema(schema as JSONSchema);
    validators.set(text, validator);
  }
  return validator;
}

/**
 * How an elicitation's answer is read: accepted with values its form's schema accepts, declined,
 * or dismissed.
 *
 * @param params - The request's params.
 * @returns The reader.
 */
export function readElicitation(params: ElicitRequestFormParams | ElicitRequestURLParams) {
  return async (answer: Record<string, unknown>) => {
    const { action, content } = answer;
    if (action === 'decline' || action === 'cancel') return { action };
    if (action !== 'accept') return undefined;
    if (params.mode === 'url') return { action };
    if (!isObject(content) || !(await validatorOf(params.requestedSchema))(content)) {
      return undefined;
    }
    return { action, content };
  };
}

/**
 * Read a sampled message: a role, content and the model.
 *
 * @param answer - The client's answer.
 * @returns It, or `undefined` when it is not one.
 */
export function readSampling(answer: Record<string, unknown>): CreateMessageResult | undefined {
  const { role, content, model } = answer;
  return (role === 'assistant' || role === 'user') &&
    (isObject(content) || Array.isArray(content)) &&
    typeof model === 'string'
    ? (answer as unknown as CreateMessageResult)
    : undefined;
}

/**
 * Read the client's roots: each with a URI.
 *
 * @param answer - The client's answer.
 * @returns The roots, or `undefined` when they are not.
 */
export function readRoots(answer: Record<string, unknown>): Root[] | undefined {
  const { roots } = answer;
  return Array.isArray(roots) &&
    roots.every((root) => isObject(root) && typeof root.uri === 'string')
    ? (roots as Root[])
    : undefined;
}
