import { hash } from 'node:crypto';
import { pgDateDays, uuidText } from '../../db/copy-binary';

/** What identifies a transaction (`NormalizedTransaction`'s fields, or a stored row's). */
type IdentityFields = Record<'source' | 'eventId' | 'activityId' | 'type' | 'taxPointDate', string> & {
  sku: string | null;
};

/**
 * The id of a stored transaction: its tax point date, then a digest of what identifies it (decision 057). Version 8
 * UUID (RFC 9562 §5.8):
 * - bytes 0-2: the days from 1900-01-01 to the tax point date, big-endian, so that ids sort as the rows' dates do and
 *   the identity key (company, id, jurisdiction) is also the list's keyset index: a month is a range of ids
 *   (`transactionIdRange`);
 * - bytes 3-15: the first 13 bytes of a SHA-256 of company, source, event id (Amazon order), activity id (shipment or
 *   refund), type and SKU, with the version in the high nibble of byte 6 and the variant (binary 10) in the top bits
 *   of byte 8. SKU is part of it because one Amazon shipment carries one row per SKU under the same event and
 *   activity ids.
 * The same transaction in a second file gets the same id, so the identity key keeps it once. Migration 0036 computes
 * the same ids in SQL for the rows stored before it (its test compares the two).
 */
export function transactionIdentity(companyId: string, tx: IdentityFields): string {
  const bytes = new Uint8Array(16);
  writeTransactionIdentity(bytes, 0, companyId, tx);
  return uuidText(bytes);
}

/** Days from 1900-01-01 to 2000-01-01 (PostgreSQL's date epoch, which `pgDateDays` counts from). */
const DAYS_FROM_1900_TO_2000 = (Date.UTC(2000, 0, 1) - Date.UTC(1900, 0, 1)) / 86_400_000;
/** Three bytes of days reach far beyond the year 9999; the readers take no date before 1900. */
const MAX_ID_DAYS = 2 ** 24 - 1;

function writeIdDays(target: Uint8Array, offset: number, days: number): void {
  target[offset] = days >>> 16;
  target[offset + 1] = (days >>> 8) & 0xff;
  target[offset + 2] = days & 0xff;
}

/**
 * Writes the 16 bytes of `transactionIdentity` into `target` at `offset`: the import writes them as they are
 * (copy-binary.ts), never as text. `taxPointDays` is the tax point date as `pgDateDays` counts it, which the import's
 * binary writer has converted once per date already (`CopyBinaryWriter.dateDays`).
 */
export function writeTransactionIdentity(
  target: Uint8Array,
  offset: number,
  companyId: string,
  tx: IdentityFields,
  taxPointDays = pgDateDays(tx.taxPointDate),
): void {
  // One-shot `hash`, one Latin-1 character a byte ('binary' is Node's name for it): a million rows per file make the
  // per-call cost count, and a Buffer answer costs twice as much (1M digests: 1.28 s against 0.45-0.54 s).
  const digest = hash(
    'sha256',
    `${companyId}\u001f${tx.source}\u001f${tx.eventId}\u001f${tx.activityId}\u001f${tx.type}\u001f${tx.sku ?? ''}`,
    'binary',
  );
  const days = taxPointDays + DAYS_FROM_1900_TO_2000;
  if (days < 0 || days > MAX_ID_DAYS) throw new Error(`A tax point date outside 1900-9999: ${tx.taxPointDate}`);
  writeIdDays(target, offset, days);
  for (let index = 3; index < 16; index++) target[offset + index] = digest.charCodeAt(index - 3);
  // Version 8 in the high nibble of byte 6, the RFC 9562 variant (binary 10) in the top bits of byte 8.
  target[offset + 6] = (digest.charCodeAt(3) & 0x0f) | 0x80;
  target[offset + 8] = (digest.charCodeAt(5) & 0x3f) | 0x80;
}

/**
 * The ids of the rows dated `start` to `end` (ISO dates, both included): from the first id of the first day to the
 * last id of the last. A condition on the rows' ids between them is a range scan of the identity key. An end beyond
 * the dates an id can hold (an open side of a filter, '0001-01-01' or '9999-12-31') is bounded by the first or the
 * last of them: no row has a date outside them.
 */
export function transactionIdRange(start: string, end: string): { first: string; last: string } {
  const rangeDays = (iso: string) => Math.min(MAX_ID_DAYS, Math.max(0, pgDateDays(iso) + DAYS_FROM_1900_TO_2000));
  const first = new Uint8Array(16);
  const last = new Uint8Array(16).fill(0xff);
  writeIdDays(first, 0, rangeDays(start));
  writeIdDays(last, 0, rangeDays(end));
  return { first: uuidText(first), last: uuidText(last) };
}
