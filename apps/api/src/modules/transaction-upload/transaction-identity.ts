import { hash } from 'node:crypto';
import type { NormalizedTransaction } from '@vatlas/domain';

/**
 * The id of a stored transaction, derived from what identifies it: company, source, event id (Amazon order),
 * activity id (shipment or refund), type and SKU. The same transaction in a second file gets the same id, so the
 * primary key keeps it once; SKU is part of it because one Amazon shipment carries one row per SKU under the same
 * event and activity ids. Version 8 UUID (RFC 9562 §5.8) over the first 128 bits of a SHA-256.
 */
export function transactionIdentity(
  companyId: string,
  tx: Pick<NormalizedTransaction, 'source' | 'eventId' | 'activityId' | 'type' | 'sku'>,
): string {
  // One-shot `hash` (hex out): a million rows per file make the per-call cost of createHash count.
  const hex = hash(
    'sha256',
    `${companyId}\u001f${tx.source}\u001f${tx.eventId}\u001f${tx.activityId}\u001f${tx.type}\u001f${tx.sku ?? ''}`,
    'hex',
  );
  const variant = ((Number.parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
