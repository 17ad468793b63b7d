import type { NormalizedTransaction } from '@vatlas/domain';
import { describe, expect, it } from 'vitest';
import { transactionFixture } from '../tax-position/tax-position-test-kit';
import { DAY_SUM_COLUMNS, UploadDaySums } from './day-sums';

const UPLOAD = { id: '3f0c8a52-8a2b-4f5e-9a41-0c1d2e3f4a5b', companyId: '7d1c2f4e-0b6a-4c51-9d3e-5a8f1b2c3d01' };

const SALE = transactionFixture({
  taxPointDate: '2025-03-14',
  netAmount: '10.00',
  vatAmount: '1.90',
  grossAmount: '11.90',
});

/** The COPY lines of `sums`, each as a record by DAY_SUM_COLUMNS. */
function linesOf(sums: UploadDaySums): Record<string, string>[] {
  const text = [...sums.copyLines(UPLOAD)].join('');
  expect(text.endsWith('\n')).toBe(true);
  return text
    .slice(0, -1)
    .split('\n')
    .map((line) => {
      const cells = line.split('\t');
      expect(cells).toHaveLength(DAY_SUM_COLUMNS.length);
      return Object.fromEntries(DAY_SUM_COLUMNS.map((column, index) => [column, cells[index] ?? '']));
    });
}

const sale = (overrides: Partial<NormalizedTransaction>): NormalizedTransaction => ({ ...SALE, ...overrides });

describe('UploadDaySums', () => {
  it('sums the rows of one day and kind into one line, and keeps every other grain apart', () => {
    const sums = new UploadDaySums();
    sums.add(SALE, 'domestic-sale', '1.90');
    sums.add(sale({ netAmount: '-2.50', vatAmount: '-0.48', grossAmount: '-2.98' }), 'domestic-sale', '-0.48');
    sums.add(sale({ taxPointDate: '2025-03-15' }), 'domestic-sale', '1.90');
    sums.add(sale({ buyerVatNumber: 'FR11123456782', vatRate: null }), 'intra-eu-b2b-supply', '0.00');
    expect(sums.size).toBe(3);
    expect(linesOf(sums)).toEqual([
      {
        upload_id: UPLOAD.id,
        company_id: UPLOAD.companyId,
        treatment: 'domestic-sale',
        tax_point_date: '2025-03-14',
        departure_country: 'DE',
        arrival_country: 'DE',
        taxable_jurisdiction: 'DE',
        currency: 'EUR',
        vat_rate: '0.19',
        buyer_vat_number: '\\N',
        net_amount: '7.50',
        vat_amount: '1.42',
        gross_amount: '8.92',
        computed_vat_amount: '1.42',
        transaction_count: '2',
      },
      expect.objectContaining({ tax_point_date: '2025-03-15', net_amount: '10.00', transaction_count: '1' }),
      expect.objectContaining({
        treatment: 'intra-eu-b2b-supply',
        vat_rate: '\\N',
        buyer_vat_number: 'FR11123456782',
        computed_vat_amount: '0.00',
      }),
    ]);
  });

  it('writes nulls as \\N and escapes what a file may put in a VAT number', () => {
    const sums = new UploadDaySums();
    sums.add(
      sale({
        departureCountry: null,
        arrivalCountry: null,
        taxableJurisdiction: null,
        currency: null,
        buyerVatNumber: 'FR\t1\\2',
      }),
      'unclassified',
      '0.00',
    );
    expect(linesOf(sums)[0]).toMatchObject({
      departure_country: '\\N',
      arrival_country: '\\N',
      taxable_jurisdiction: '\\N',
      currency: '\\N',
      buyer_vat_number: 'FR\\t1\\\\2',
    });
  });

  it('adds each amount as a two-decimal column stores it: rounded half-up, away from zero, to cents', () => {
    const sums = new UploadDaySums();
    // Stored: 0.01 + 0.01 = 0.02, where the unrounded sum 0.010 would give 0.01; negatives round away from zero.
    sums.add(sale({ netAmount: '0.005', vatAmount: '-0.005', grossAmount: '0.004' }), 'domestic-sale', '0.00');
    sums.add(sale({ netAmount: '0.005', vatAmount: '-0.005', grossAmount: '0.004' }), 'domestic-sale', '0.00');
    expect(linesOf(sums)[0]).toMatchObject({ net_amount: '0.02', vat_amount: '-0.02', gross_amount: '0.00' });
  });

  it('stays exact past 2^53 cents, where whole cents in a double would not', () => {
    const sums = new UploadDaySums();
    // 9,000,000,000,000.01 is 15 digits of cents; eleven of them pass 2^53 (about 9.007 × 10^15) cents.
    for (let index = 0; index < 11; index += 1) {
      sums.add(sale({ netAmount: '9000000000000.01' }), 'domestic-sale', '0.00');
    }
    // Seventeen digits and more: never whole cents in a double (its net, 10.00, joins the eleven above).
    sums.add(sale({ vatAmount: '12345678901234567.89' }), 'domestic-sale', '0.00');
    expect(linesOf(sums)[0]).toMatchObject({
      net_amount: '99000000000010.11',
      vat_amount: '12345678901234588.79',
    });
  });

  it('gives one COPY line per sum, and after clear() begins again from nothing, its big.js part too', () => {
    const sums = new UploadDaySums();
    // Index 0 holds a big.js part (half a cent is not whole cents), index 1 whole cents in the flat array.
    sums.add(sale({ netAmount: '0.005' }), 'domestic-sale', '0.00');
    for (let index = 0; index < 2_000; index += 1) {
      sums.add(sale({ buyerVatNumber: `FR${String(index).padStart(11, '0')}` }), 'intra-eu-b2b-supply', '0.00');
    }
    const lines = [...sums.copyLines(UPLOAD)];
    expect(lines).toHaveLength(2_001);
    for (const line of lines) expect(line.match(/\n/g)).toEqual(['\n']);
    expect(sums.keyChars).toBeGreaterThan(2_000 * 13);

    sums.clear();
    expect(sums.size).toBe(0);
    expect(sums.keyChars).toBe(0);
    expect([...sums.copyLines(UPLOAD)]).toEqual([]);
    // The same grains again, at the same indexes: their sums hold only what was added since.
    sums.add(sale({ netAmount: '0.005' }), 'domestic-sale', '0.00');
    sums.add(sale({ buyerVatNumber: 'FR00000000000' }), 'intra-eu-b2b-supply', '0.00');
    expect(linesOf(sums).map((line) => [line.net_amount, line.transaction_count])).toEqual([
      ['0.01', '1'],
      ['10.00', '1'],
    ]);
  });
});
