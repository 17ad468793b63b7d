import { HttpError } from './errors';

/** The position of a row in a list ordered by tax-point date with the id as tiebreaker. */
export type DateIdKey = { taxPointDate: string; id: string };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[0-9a-f-]{36}$/;

/**
 * Opaque to the client: the last row's key and, when given, the list's `scope` (its sort order), so a cursor cannot
 * be replayed on another list or order.
 */
export function encodeKeysetCursor(key: DateIdKey, scope?: string): string {
  const parts = scope === undefined ? [key.taxPointDate, key.id] : [key.taxPointDate, key.id, scope];
  return Buffer.from(parts.join('|')).toString('base64url');
}

/** The key of a cursor of this list and scope; anything else is a 400 naming the cursor field with `message`. */
export function decodeKeysetCursor(cursor: string, scope: string | undefined, message: string): DateIdKey {
  const parts = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const [taxPointDate = '', id = '', cursorScope] = parts;
  const isValid =
    parts.length === (scope === undefined ? 2 : 3) && DATE.test(taxPointDate) && ID.test(id) && cursorScope === scope;
  if (!isValid) throw new HttpError(400, 'validation_error', 'The request is invalid.', [{ field: 'cursor', message }]);
  return { taxPointDate, id };
}

/**
 * A page of a keyset list read with `limit + 1` rows: the first `limit`, and the cursor of the last one when more
 * rows follow.
 */
export function toKeysetPage<T extends DateIdKey>(
  rows: readonly T[],
  limit: number,
  scope?: string,
): { page: T[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > limit && last ? encodeKeysetCursor(last, scope) : null };
}
