/**
 * Base64, as a `blob` and a signed `requestState` carry bytes, in every runtime.
 *
 * @module
 */

/**
 * Encode bytes as base64 with `btoa`, which every runtime has (Node's own byte class is not in
 * the others): what a `blob` carries.
 *
 * @param bytes - The bytes.
 * @returns Their base64, padded.
 *
 * @example
 * ```ts
 * encodeBase64(new Uint8Array([104, 105])); //=> 'aGk='
 * ```
 */
export function encodeBase64(bytes: Uint8Array): string {
  let binary = '';
  // In chunks: one call with a million arguments overflows the stack.
  for (let start = 0; start < bytes.length; start += 0x2000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x2000));
  }
  return btoa(binary);
}
