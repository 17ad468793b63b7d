import { createHash } from 'node:crypto';
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
  const digest = createHash('sha256')
    .update(
      `${companyId}\u001f${tx.source}\u001f${tx.eventId}\u001f${tx.activityId}\u001f${tx.type}\u001f${tx.sku ?? ''}`,
    )
    .digest();
  digest[6] = ((digest[6] ?? 0) & 0x0f) | 0x80;
  digest[8] = ((digest[8] ?? 0) & 0x3f) | 0x80;
  const hex = digest.toString('hex', 0, 16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
