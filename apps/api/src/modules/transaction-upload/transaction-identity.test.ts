import { describe, expect, it } from 'vitest';
import { transactionIdentity, transactionIdRange, writeTransactionIdentity } from './transaction-identity';

const COMPANY = '7d1c2f4e-0b6a-4c51-9d3e-5a8f1b2c3d01';
const SALE = {
  source: 'amazon-vtr',
  eventId: '302-1234567-1234567',
  activityId: 'amzn1:crow:abc',
  type: 'SALE',
  sku: 'SKU-1',
  taxPointDate: '2024-06-15',
} as const;

describe('transactionIdentity', () => {
  it('is a version 8 UUID, the same for the same transaction', () => {
    const id = transactionIdentity(COMPANY, SALE);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(transactionIdentity(COMPANY, { ...SALE })).toBe(id);
  });

  it('keeps the id rows were stored under: the same transaction imported again later must meet its stored row', () => {
    // Computed when ids were derived this way (decision 057): the days from 1900-01-01 to 2024-06-15 (45456, 0x00b190),
    // then the digest's first 13 bytes with version and variant set. Pinned, since a change would let every stored
    // transaction count twice.
    expect(transactionIdentity(COMPANY, SALE)).toBe('00b19069-b900-858b-b8f2-2051d3a51c21');
    const bytes = Buffer.alloc(20, 0xee);
    writeTransactionIdentity(bytes, 2, COMPANY, SALE);
    expect(bytes.toString('hex')).toBe('eeee00b19069b900858bb8f22051d3a51c21eeee');
  });

  it("sorts as the dates do, whatever the digest, and falls in its dates' id range", () => {
    const ids = ['2023-12-31', '2024-01-01', '2024-06-15', '2024-06-16', '2099-01-01'].map((taxPointDate, index) =>
      transactionIdentity(COMPANY, { ...SALE, eventId: `event-${5 - index}`, taxPointDate }),
    );
    expect([...ids].sort()).toEqual(ids);
    const june = transactionIdRange('2024-06-01', '2024-06-30');
    expect(june).toEqual({
      first: '00b18200-0000-0000-0000-000000000000',
      last: '00b19fff-ffff-ffff-ffff-ffffffffffff',
    });
    const inJune = (id: string) => id >= june.first && id <= june.last;
    expect(ids.map(inJune)).toEqual([false, false, true, true, false]);
    expect(inJune(transactionIdentity(COMPANY, { ...SALE, taxPointDate: '2024-06-01' }))).toBe(true);
    expect(inJune(transactionIdentity(COMPANY, { ...SALE, taxPointDate: '2024-06-30' }))).toBe(true);
    expect(inJune(transactionIdentity(COMPANY, { ...SALE, taxPointDate: '2024-07-01' }))).toBe(false);
  });

  it('bounds a range whose ends lie beyond the dates an id holds (an open side of a filter) by the first and last', () => {
    expect(transactionIdRange('0001-01-01', '9999-12-31')).toEqual({
      first: '00000000-0000-0000-0000-000000000000',
      last: '2d247fff-ffff-ffff-ffff-ffffffffffff', // 2,958,463 days after 1900-01-01
    });
    expect(() => transactionIdentity(COMPANY, { ...SALE, taxPointDate: '1899-12-31' })).toThrow(/outside 1900-9999/);
  });

  it.each([
    ['company', { companyId: '7d1c2f4e-0b6a-4c51-9d3e-5a8f1b2c3d02' }],
    ['event id', { eventId: '302-1234567-1234568' }],
    ['activity id', { activityId: 'amzn1:crow:abd' }],
    ['type', { type: 'REFUND' }],
    ['SKU (another line of the same shipment)', { sku: 'SKU-2' }],
    ['source', { source: 'generic-csv' }],
    ['tax point date', { taxPointDate: '2024-06-16' }],
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
