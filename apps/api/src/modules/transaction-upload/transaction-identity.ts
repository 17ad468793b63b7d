import { hash } from 'node:crypto';
import type { NormalizedTransaction } from '@vatlas/domain';

/**
 * The id of a stored transaction, derived from what identifies it: company, source, event id (Amazon order),
 * activity id (shipment or refund), type and SKU. The same transaction in a second file gets the same id, so the
 * primary key keeps it once; SKU is part of it because one Amazon shipment carries one row per SKU under the same
 * event and activity ids. Version 8 UUID (RFC 9562 §5.8) over the first 128 bits of a SHA-256.
 */
export function transactionIdentity(companyId: string, tx: IdentityFields): string {
  const hex = Buffer.from(transactionIdentityBytes(companyId, tx).subarray(0, 16)).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

type IdentityFields = Pick<NormalizedTransaction, 'source' | 'eventId' | 'activityId' | 'type' | 'sku'>;

/**
 * `transactionIdentity` as bytes: its 16 are the first of the answer (the digest's other 16 follow), for the import,
 * which writes them as they are (copy-binary.ts).
 */
export function transactionIdentityBytes(companyId: string, tx: IdentityFields): Buffer {
  // One-shot `hash`: a million rows per file make the per-call cost of createHash count.
  const digest = hash(
    'sha256',
    `${companyId}\u001f${tx.source}\u001f${tx.eventId}\u001f${tx.activityId}\u001f${tx.type}\u001f${tx.sku ?? ''}`,
    'buffer',
  );
  // Version 8 in the high nibble of byte 6, the RFC 9562 variant (binary 10) in the top bits of byte 8.
  digest[6] = ((digest[6] as number) & 0x0f) | 0x80;
  digest[8] = ((digest[8] as number) & 0x3f) | 0x80;
  return digest;
}
