import type { NormalizedTransaction } from '@vatlas/domain';
import fc from 'fast-check';
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
        channel: SALE.marketplace ?? SALE.salesChannel ?? '\\N',
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

  it('keys a row whose codes do not fit a packed key by its text, apart from every other grain', () => {
    const sums = new UploadDaySums();
    sums.add(SALE, 'domestic-sale', '1.90');
    // A currency the parser would not write, a country of three letters: each its own grain, summed as any other.
    sums.add(sale({ currency: 'eur' }), 'domestic-sale', '1.90');
    sums.add(sale({ currency: 'eur' }), 'domestic-sale', '1.90');
    sums.add(sale({ departureCountry: 'DEU' }), 'domestic-sale', '1.90');
    sums.add(sale({ taxPointDate: '2025-3-14' }), 'domestic-sale', '1.90');
    expect(
      linesOf(sums).map((line) => [line.currency, line.departure_country, line.tax_point_date, line.net_amount]),
    ).toEqual([
      ['EUR', 'DE', '2025-03-14', '10.00'],
      ['eur', 'DE', '2025-03-14', '20.00'],
      ['EUR', 'DEU', '2025-03-14', '10.00'],
      ['EUR', 'DE', '2025-3-14', '10.00'],
    ]);
  });

  it('gives one line per grain of its COPY text, with the rows of that grain added up, whatever the rows', () => {
    const fields = {
      treatment: fc.constantFrom('domestic-sale', 'intra-eu-b2b-supply', 'no-such-treatment'),
      taxPointDate: fc.constantFrom('2025-01-12', '2025-11-02', '2024-12-31', '2025-1-12', '0001-01-01'),
      departureCountry: fc.constantFrom(null, 'DE', 'FR', 'de', 'D'),
      arrivalCountry: fc.constantFrom(null, 'FR', 'PL', 'XX'),
      taxableJurisdiction: fc.constantFrom(null, 'DE', 'PL'),
      currency: fc.constantFrom(null, 'EUR', 'PLN', 'eu'),
      vatRate: fc.constantFrom(null, '0.19', '0.190', '0.2', ''),
      buyerVatNumber: fc.constantFrom(null, 'FR11123456782', 'FR\t1', '\u0001\u0002', 'Ωmega'),
      marketplace: fc.constantFrom(null, 'amazon.de', 'amazon.fr', 'a\\b'),
      salesChannel: fc.constantFrom(null, 'AFN', 'MFN'),
    };
    type Grain = { [Field in keyof typeof fields]: (typeof fields)[Field] extends fc.Arbitrary<infer T> ? T : never };
    // A few grains, and rows of one of them with at most one field changed: rows that differ in a single field are
    // what a key that left a field out would add up wrongly.
    const changeOfOneField = fc.oneof(
      ...Object.entries(fields).map(([field, values]) =>
        (values as fc.Arbitrary<string | null>).map((value) => ({ [field]: value }) as Partial<Grain>),
      ),
    );
    const rows = fc.record({
      grains: fc.array(fc.record(fields), { minLength: 1, maxLength: 4 }),
      rows: fc.array(
        fc.record({
          grain: fc.nat(),
          change: fc.option(changeOfOneField),
          cents: fc.bigInt({ min: -9999n, max: 9999n }),
        }),
        { maxLength: 80 },
      ),
    });
    const asAmount = (cents: bigint) => {
      const magnitude = cents < 0n ? -cents : cents;
      return `${cents < 0n ? '-' : ''}${magnitude / 100n}.${String(magnitude % 100n).padStart(2, '0')}`;
    };
    const freeText = (value: string | null) =>
      value === null ? '\\N' : value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t');
    fc.assert(
      fc.property(rows, ({ grains, rows }) => {
        const sums = new UploadDaySums();
        const expected = new Map<string, { cents: bigint; count: number }>();
        for (const { grain, change, cents } of rows) {
          const { treatment, ...grainFields } = { ...(grains[grain % grains.length] as Grain), ...change };
          const amount = asAmount(cents);
          const tx = sale({ ...grainFields, netAmount: amount, vatAmount: amount, grossAmount: amount });
          sums.add(tx, treatment, amount);
          // The channel: the marketplace, or the sales channel where there is none.
          const key = [
            treatment,
            tx.taxPointDate,
            ...[tx.departureCountry, tx.arrivalCountry, tx.taxableJurisdiction, tx.currency, tx.vatRate].map(
              (value) => value ?? '\\N',
            ),
            freeText(tx.buyerVatNumber),
            freeText(tx.marketplace ?? tx.salesChannel),
          ].join('\t');
          const sum = expected.get(key) ?? { cents: 0n, count: 0 };
          expected.set(key, { cents: sum.cents + cents, count: sum.count + 1 });
        }
        const prefix = `${UPLOAD.id}\t${UPLOAD.companyId}\t`;
        const lines = [...expected].map(([key, { cents, count }]) => {
          const amount = asAmount(cents);
          return `${prefix}${key}\t${amount}\t${amount}\t${amount}\t${amount}\t${count}\n`;
        });
        expect(sums.size).toBe(expected.size);
        expect([...sums.copyLines(UPLOAD)].sort()).toEqual(lines.sort());
      }),
    );
  });
});
