import { describe, expect, it } from 'vitest';
import { transactionIdentity, writeTransactionIdentity } from './transaction-identity';

const COMPANY = '7d1c2f4e-0b6a-4c51-9d3e-5a8f1b2c3d01';
const SALE = {
  source: 'amazon-vtr',
  eventId: '302-1234567-1234567',
  activityId: 'amzn1:crow:abc',
  type: 'SALE',
  sku: 'SKU-1',
} as const;

describe('transactionIdentity', () => {
  it('is a version 8 UUID, the same for the same transaction', () => {
    const id = transactionIdentity(COMPANY, SALE);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(transactionIdentity(COMPANY, { ...SALE })).toBe(id);
  });

  it('keeps the id rows were stored under: the same transaction imported again later must meet its stored row', () => {
    // Computed when ids were first derived (the hex digest, version and variant set in the text): pinned, since a
    // change would let every stored transaction count twice.
    expect(transactionIdentity(COMPANY, SALE)).toBe('69b90055-8b78-8220-91d3-a51c2137cd5a');
    const bytes = Buffer.alloc(20, 0xee);
    writeTransactionIdentity(bytes, 2, COMPANY, SALE);
    expect(bytes.toString('hex')).toBe('eeee69b900558b78822091d3a51c2137cd5aeeee');
  });

  it.each([
    ['company', { companyId: '7d1c2f4e-0b6a-4c51-9d3e-5a8f1b2c3d02' }],
    ['event id', { eventId: '302-1234567-1234568' }],
    ['activity id', { activityId: 'amzn1:crow:abd' }],
    ['type', { type: 'REFUND' }],
    ['SKU (another line of the same shipment)', { sku: 'SKU-2' }],
    ['source', { source: 'generic-csv' }],
  ])('differs when the %s differs', (_, change) => {
    const { companyId = COMPANY, ...rest } = change as { companyId?: string };
    expect(transactionIdentity(companyId, { ...SALE, ...(rest as object) })).not.toBe(
      transactionIdentity(COMPANY, SALE),
    );
  });

  it('cannot be forged by moving text between fields', () => {
    expect(transactionIdentity(COMPANY, { ...SALE, eventId: 'a', activityId: 'bc' })).not.toBe(
      transactionIdentity(COMPANY, { ...SALE, eventId: 'ab', activityId: 'c' }),
    );
  });
});
