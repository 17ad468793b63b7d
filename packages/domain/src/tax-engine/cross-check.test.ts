import { describe, expect, it } from 'vitest';
import { type CrossCheckRow, crossCheckRow } from './cross-check';
import type { ExplanationContext } from './explain';

const BELOW_THRESHOLD: ExplanationContext = {
  profile: { establishmentCountry: 'DE', oss: null, ioss: null },
  threshold: {
    year: 2023,
    distanceSalesEur: '4000.00',
    crossedOn: null,
    exceededPreviousYear: false,
    incomplete: false,
  },
};
const WITH_OSS: ExplanationContext = {
  profile: { establishmentCountry: 'DE', oss: { memberState: 'DE', from: '2021-07-01' }, ioss: null },
  threshold: undefined,
};

function row(overrides: Partial<CrossCheckRow> = {}): CrossCheckRow {
  return {
    treatment: 'domestic-sale',
    taxPointDate: '2023-09-27',
    departureCountry: 'DE',
    arrivalCountry: 'DE',
    taxableJurisdiction: 'DE',
    vatRate: '0.19',
    netAmount: '100.00',
    vatAmount: '19.00',
    ...overrides,
  };
}

describe('crossCheckRow', () => {
  it('finds nothing on a correct row', () => {
    expect(crossCheckRow(row(), BELOW_THRESHOLD)).toEqual([]);
    // 33.61 × 0.255 = 8.57055 → 8.57 at the Finnish rate of 1 Sep 2024.
    const finnish = row({
      taxPointDate: '2024-09-01',
      departureCountry: 'FI',
      arrivalCountry: 'FI',
      taxableJurisdiction: 'FI',
      vatRate: '0.255',
      netAmount: '33.61',
      vatAmount: '8.57',
    });
    expect(crossCheckRow(finnish, BELOW_THRESHOLD)).toEqual([]);
    // A reduced rate is in force too: Germany 7 %.
    expect(crossCheckRow(row({ vatRate: '0.07', vatAmount: '7.00' }), BELOW_THRESHOLD)).toEqual([]);
  });

  it('reports VAT that is not net × rate to the cent', () => {
    // 19.99 × 0.19 = 3.7981 → 3.80; the file says 3.79.
    expect(crossCheckRow(row({ netAmount: '19.99', vatAmount: '3.79' }), BELOW_THRESHOLD)).toEqual([
      { code: 'vat-differs', expected: '3.80', actual: '3.79', difference: '-0.01' },
    ]);
  });

  it('reports a rate no longer in force: Finland 24 % after 1 Sep 2024', () => {
    const stale = row({
      taxPointDate: '2024-09-02',
      departureCountry: 'FI',
      arrivalCountry: 'FI',
      taxableJurisdiction: 'FI',
      vatRate: '0.24',
      vatAmount: '24.00',
    });
    expect(crossCheckRow(stale, BELOW_THRESHOLD)).toEqual([
      {
        code: 'rate-not-in-force',
        jurisdiction: 'FI',
        date: '2024-09-02',
        rate: '0.24',
        ratesInForce: ['0.1', '0.14', '0.255'],
      },
    ]);
  });

  it('accepts the UK zero rate but not a German one', () => {
    const uk = row({
      departureCountry: 'GB',
      arrivalCountry: 'GB',
      taxableJurisdiction: 'GB',
      vatRate: '0',
      vatAmount: '0.00',
    });
    expect(crossCheckRow(uk, BELOW_THRESHOLD)).toEqual([]);
    expect(crossCheckRow(row({ vatRate: '0', vatAmount: '0.00' }), BELOW_THRESHOLD)).toEqual([
      { code: 'rate-not-in-force', jurisdiction: 'DE', date: '2023-09-27', rate: '0', ratesInForce: ['0.07', '0.19'] },
    ]);
  });

  it('reports a distance sale taxed where our rules do not tax it', () => {
    // Below the threshold and without OSS the sale is German; the file charged French VAT.
    const french = row({
      treatment: 'intra-eu-distance-sale',
      arrivalCountry: 'FR',
      taxableJurisdiction: 'FR',
      vatRate: '0.2',
      vatAmount: '20.00',
    });
    expect(crossCheckRow(french, BELOW_THRESHOLD)).toEqual([
      { code: 'jurisdiction-differs', expected: 'DE', actual: 'FR' },
    ]);
    // With OSS it is French, and French 20 % is right.
    expect(crossCheckRow(french, WITH_OSS)).toEqual([]);
    // The German rate then is wrong in France as well.
    const german = { ...french, taxableJurisdiction: 'DE', vatRate: '0.19', vatAmount: '19.00' };
    expect(crossCheckRow(german, WITH_OSS)).toEqual([{ code: 'jurisdiction-differs', expected: 'FR', actual: 'DE' }]);
  });

  it('checks the rate against our jurisdiction when the file names none (8.5 % is the overseas departments’)', () => {
    const french = row({
      treatment: 'intra-eu-distance-sale',
      arrivalCountry: 'FR',
      taxableJurisdiction: null,
      vatRate: '0.19',
      vatAmount: '19.00',
    });
    expect(crossCheckRow(french, WITH_OSS)).toEqual([
      {
        code: 'rate-not-in-force',
        jurisdiction: 'FR',
        date: '2023-09-27',
        rate: '0.19',
        ratesInForce: ['0.021', '0.055', '0.085', '0.1', '0.2'],
      },
    ]);
  });

  it('expects no VAT on zero-rated supplies', () => {
    const b2b = row({ treatment: 'intra-eu-b2b-supply', arrivalCountry: 'FR', vatRate: '0', vatAmount: '0.00' });
    expect(crossCheckRow(b2b, BELOW_THRESHOLD)).toEqual([]);
    expect(crossCheckRow({ ...b2b, vatRate: '0.19', vatAmount: '19.00' }, BELOW_THRESHOLD)).toEqual([
      { code: 'zero-rate-expected', rate: '0.19' },
    ]);
    expect(
      crossCheckRow(row({ treatment: 'export', arrivalCountry: 'CH', vatRate: null, vatAmount: '0' }), BELOW_THRESHOLD),
    ).toEqual([]);
  });

  it('cannot check a taxable row without a rate, nor a country without rate data', () => {
    expect(crossCheckRow(row({ vatRate: null }), BELOW_THRESHOLD)).toEqual([{ code: 'rate-missing' }]);
    const swiss = row({
      taxPointDate: '2023-06-30',
      departureCountry: 'CH',
      arrivalCountry: 'CH',
      taxableJurisdiction: 'CH',
      vatRate: '0.077',
      vatAmount: '7.70',
    });
    expect(crossCheckRow(swiss, BELOW_THRESHOLD)).toEqual([
      { code: 'no-rate-data', jurisdiction: 'CH', date: '2023-06-30', reason: 'before-first-period' },
    ]);
  });

  it('has nothing to check where the company owes nothing', () => {
    for (const treatment of [
      'marketplace-deemed-supplier',
      'return-movement',
      'inbound-movement',
      'unclassified',
    ] as const) {
      expect(crossCheckRow(row({ treatment, vatAmount: '99.99' }), BELOW_THRESHOLD)).toEqual([]);
    }
  });
});
