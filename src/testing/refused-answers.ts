/**
 * The answers a test client refuses to pass on as they came, because a real client would not see
 * them so: a status that an event stream loses, and input that the handshake era cannot ask for.
 *
 * @module
 */
import { isObject } from '../jsonrpc.js';

// What a handshake-era request that asks for input is answered (InputUnavailableError's message).
const CANNOT_ASK =
  /^This request needs (\S+), which a client answers in protocol 2026-07-28 only\.$/;

/**
 * Why an answer that has an HTTP status cannot keep it: notifications went first.
 *
 * @param request - The request answered.
 * @param answer - Its answer.
 * @param status - The status the answer has.
 * @returns The sentence to throw.
 */
export function statusLost(
  request: unknown,
  answer: { error?: { code?: unknown } },
  status: number,
): string {
  const method =
    isObject(request) && typeof request.method === 'string' ? request.method : 'A request';
  return (
    `${method} answered ${answer.error?.code} after its first notification: over HTTP that answer ` +
    `goes in a 200 event stream, and the client never sees its status ${status}. Have it refused ` +
    'before the method runs (requiredScopes, requiredClientCapabilities), or refuse before the ' +
    'first progress or log message.'
  );
}

/**
 * The error a test with `answerInput` gets when a handshake-era server said it could not ask for
 * input, which it asks a client in 2026-07-28 only.
 *
 * @param said - What the server answered: an error's message, or a failed tool's text.
 * @returns The error, or `undefined` when the server said something else.
 */
export function notAsked(said: string | undefined): Error | undefined {
  const asked = said === undefined ? null : CANNOT_ASK.exec(said);
  return asked === null
    ? undefined
    : new Error(
        `The server asked for ${asked[1]}, which it asks a client in protocol 2026-07-28 only: ` +
          "answerInput was not called. Test input with protocolVersion: '2026-07-28'.",
      );
}
