/**
 * What a resource's `read()` returns, and how it becomes the contents of `resources/read`: text as
 * it is, bytes base64-encoded by an encoder that runs in every runtime.
 *
 * @module
 */
import { isObject } from '../jsonrpc.js';
import { encodeBase64 } from '../wire/base64.js';
import type { BlobResourceContents, Meta, TextResourceContents } from '../wire/types.js';

/** One content of a `resources/read` result: text, or bytes sent base64-encoded. */
export type ResourceContents = TextResourceContents | BlobResourceContents;

/**
 * One part of what a resource's `read()` returns, for a read that returns several: text, or bytes
 * (`blob`: a `Uint8Array`, or a string already base64-encoded). `uri` and `mimeType` default to
 * those of the resource read.
 */
export type ResourcePart =
  | string
  | Uint8Array
  | {
      /** The part's URI; the resource's by default. */
      uri?: string;
      /** The part's MIME type; the resource's by default. */
      mimeType?: string;
      /** The part's text. */
      text: string;
      /** Text or bytes, not both. */
      blob?: never;
      /** Metadata sent with the part. */
      _meta?: Meta;
    }
  | {
      /** The part's URI; the resource's by default. */
      uri?: string;
      /** The part's MIME type; the resource's by default. */
      mimeType?: string;
      /** The part's bytes, or a string already base64-encoded. */
      blob: Uint8Array | string;
      /** Text or bytes, not both. */
      text?: never;
      /** Metadata sent with the part. */
      _meta?: Meta;
    };

/**
 * What a resource's `read()` returns: its text, its bytes (sent base64-encoded as `blob`), or
 * several parts, e.g. the files of a directory.
 */
export type ResourceOutput = string | Uint8Array | readonly ResourcePart[];

// Base64 as RFC 4648 writes it, padded: what a `blob` is.
const isBase64 = (text: string) => text.length % 4 === 0 && /^[A-Za-z\d+/]*={0,2}$/.test(text);

/**
 * The contents a read's output stands for, checked: a read that returns something else is a
 * server fault, answered -32603 and logged with the resource's URI.
 *
 * @param output - What `read()` returned.
 * @param uri - The URI read: the default of each part's.
 * @param mimeType - The resource's MIME type: the default of each part's.
 * @returns The contents of `resources/read`.
 * @throws TypeError - If the output is none of what `read()` may return, or a `blob` string is
 * not base64.
 */
export function contentsOf(
  output: unknown,
  uri: string,
  mimeType: string | undefined,
): ResourceContents[] {
  // A text, as most reads are, in one step: the same contents as below.
  if (typeof output === 'string' && (mimeType === undefined || typeof mimeType === 'string')) {
    return [mimeType === undefined ? { uri, text: output } : { uri, mimeType, text: output }];
  }
  const parts = typeof output === 'string' || output instanceof Uint8Array ? [output] : output;
  if (!Array.isArray(parts)) {
    throw new TypeError(
      `${uri}: read() must return a string, a Uint8Array or an array of them, not ${typeof output}`,
    );
  }
  return parts.map((part: unknown) => {
    const fields = isObject(part) && !(part instanceof Uint8Array) ? part : {};
    const content: Record<string, unknown> = { uri: fields.uri ?? uri };
    const type = fields.mimeType ?? mimeType;
    if (type !== undefined) content.mimeType = type;
    const { text, blob } = fields;
    if (typeof part === 'string') content.text = part;
    else if (part instanceof Uint8Array) content.blob = encodeBase64(part);
    else if (typeof text === 'string' && blob === undefined) content.text = text;
    else if (text === undefined && blob instanceof Uint8Array) content.blob = encodeBase64(blob);
    else if (text === undefined && typeof blob === 'string') {
      // A client decodes it: text that is not base64 would reach it as other bytes, or fail there.
      if (!isBase64(blob)) throw new TypeError(`${uri}: a part's blob string must be base64`);
      content.blob = blob;
    } else {
      throw new TypeError(`${uri}: each part that read() returns has a text or a blob, not both`);
    }
    if (typeof content.uri !== 'string' || (type !== undefined && typeof type !== 'string')) {
      throw new TypeError(`${uri}: a part's uri and mimeType must be strings`);
    }
    if (fields._meta !== undefined) content._meta = fields._meta;
    return content as unknown as ResourceContents;
  });
}
