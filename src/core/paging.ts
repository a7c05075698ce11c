/**
 * Lists that page, with opaque, stateless cursors: a cursor says where its list goes on, so any
 * process can continue any list, and a cursor that was not handed out for that list is refused.
 *
 * @module
 */

import { ErrorCode } from '../jsonrpc.js';
import { ProtocolError } from './errors.js';

// FNV-1a, 32 bits: not a secret, a check that a cursor is one this library made for this list, so
// that a cursor edited by hand, or one of another list, is refused rather than misread.
function check(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

// `offset.list.check`, in base64: opaque to a client, and read back only by the list it names.
function encode(list: string, offset: number): string {
  const body = `${offset}.${list}`;
  return btoa(`${body}.${check(body)}`);
}

// A cursor is valid when it is exactly what this list would hand out for the offset it names.
function decode(list: string, cursor: unknown): number | undefined {
  let text = '';
  try {
    text = atob(cursor as string);
  } catch {}
  const offset = Number(/^[1-9]\d{0,14}(?=\.)/.exec(text)?.[0]);
  return offset > 0 && cursor === encode(list, offset) ? offset : undefined;
}

/**
 * One page of a list: the first page without a cursor, the next one with the cursor the page
 * before handed out. Everything is on one page when no page size is set.
 *
 * @param items - The whole list, in a stable order.
 * @param cursor - The request's `cursor` param.
 * @param pageSize - The most items a page holds; `undefined` for one page.
 * @param list - The list's name, e.g. `tools`: a cursor of another list is refused.
 * @returns The page's items, and the cursor of the next page when there is one.
 * @throws ProtocolError - -32602 for a cursor this list did not hand out.
 */
export function page<T>(
  items: readonly T[],
  cursor: unknown,
  pageSize: number | undefined,
  list: string,
): { items: readonly T[]; nextCursor?: string } {
  let start = 0;
  if (cursor !== undefined) {
    const offset = pageSize === undefined ? undefined : decode(list, cursor);
    if (offset === undefined) throw new ProtocolError(ErrorCode.InvalidParams, 'Invalid cursor.');
    start = offset;
  }
  if (pageSize === undefined) return { items };
  const end = start + pageSize;
  // A list that shrank since the cursor was made ends with an empty page.
  const slice = items.slice(start, end);
  return end < items.length ? { items: slice, nextCursor: encode(list, end) } : { items: slice };
}

/**
 * A server's page size, checked: an integer of at least 1, or none.
 *
 * @param server - The server.
 * @returns Its `pageSize`.
 * @throws TypeError - If it is not an integer of at least 1, naming the server's class.
 */
export function pageSizeOf(server: { readonly pageSize?: number | undefined }): number | undefined {
  const { pageSize } = server;
  if (pageSize === undefined || (Number.isSafeInteger(pageSize) && pageSize >= 1)) return pageSize;
  throw new TypeError(
    `${server.constructor.name}: pageSize must be an integer of at least 1, not ${pageSize}`,
  );
}
