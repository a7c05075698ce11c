/**
 * The limits of a tool call's arguments, checked before any validation, so that arguments nested
 * deep or large cost little to refuse: the server's `maxArgumentsDepth` and `maxArgumentsBytes`.
 *
 * @module
 */
import type { ServerOptions } from '../core/server-contract.js';
import { utf8Length } from '../jsonrpc.js';

// An upper bound of a value's JSON size in bytes, without serializing it: a string's every unit
// may take 6 bytes (`\u001f`), a number 24; -1 when it nests deeper than `max` levels (recursion
// stops there, so a value nested 100,000 deep costs no more than one nested `max` deep), and
// Infinity for a value JSON cannot carry, which the exact count then finds.
function sizeBound(value: unknown, max: number, depth = 1): number {
  switch (typeof value) {
    case 'string':
      return 2 + 6 * value.length;
    case 'number':
      return 24;
    case 'boolean':
      return 5;
    case 'undefined':
      return 0;
    case 'object':
      break;
    default:
      return Number.POSITIVE_INFINITY;
  }
  if (value === null) return 4;
  if (depth > max) return -1;
  let bound = 2;
  if (Array.isArray(value)) {
    for (const item of value) {
      const size = sizeBound(item, max, depth + 1);
      if (size < 0) return -1;
      bound += size + 1;
    }
    return bound;
  }
  for (const key in value) {
    const size = sizeBound((value as Record<string, unknown>)[key], max, depth + 1);
    if (size < 0) return -1;
    bound += 6 * key.length + size + 4;
  }
  return bound;
}

/**
 * @internal What is wrong with a tool call's arguments before any validation: nesting deeper than
 * the server's `maxArgumentsDepth`, or more bytes of JSON than its `maxArgumentsBytes`.
 *
 * @param server - The server, with its limits.
 * @param args - The arguments.
 * @returns The problem, as the LLM reads it, or `undefined`.
 */
export function argumentsProblem(
  server: Pick<ServerOptions, 'maxArgumentsDepth' | 'maxArgumentsBytes'>,
  args: Record<string, unknown>,
): string | undefined {
  const { maxArgumentsDepth = 32, maxArgumentsBytes = 1024 * 1024 } = server;
  const bound = sizeBound(args, maxArgumentsDepth);
  if (bound < 0) return `arguments: nest deeper than ${maxArgumentsDepth} levels`;
  if (bound <= maxArgumentsBytes) return undefined;
  let json: string;
  try {
    json = JSON.stringify(args);
  } catch {
    return 'arguments: are not JSON';
  }
  const size = utf8Length(json);
  return size > maxArgumentsBytes
    ? `arguments: are ${size} bytes of JSON, more than ${maxArgumentsBytes}`
    : undefined;
}
