import { describe, expect, it } from 'vitest';
import { daySum } from './day-sum.fixture';
import { matchesRowCondition, type TaxedInContext, taxedInCondition } from './taxed-in';

/** A German seller whose distance sales crossed €10,000 on 26 September 2023, and who uses OSS from 2024-07-01. */
const context: TaxedInContext = {
  profile: { establishmentCountry: 'DE', oss: { memberState: 'DE', from: '2024-07-01' } },
  years: [
    { year: 2023, crossedOn: '2023-09-26', exceededPreviousYear: false },
    { year: 2024, crossedOn: '2024-02-10', exceededPreviousYear: true },
  ],
};

const isTaxedIn = (country: string, overrides: Parameters<typeof daySum>[0]) =>
  matchesRowCondition(taxedInCondition({ country }, context), daySum(overrides));

describe('taxedInCondition', () => {
  it('puts a distance sale from the establishment where it leaves until the threshold is crossed, then where it arrives', () => {
    const sale = { treatment: 'intra-eu-distance-sale', departureCountry: 'DE', arrivalCountry: 'FR' } as const;
    expect(isTaxedIn('DE', { ...sale, date: '2023-09-25' })).toBe(true);
    expect(isTaxedIn('FR', { ...sale, date: '2023-09-25' })).toBe(false);
    expect(isTaxedIn('FR', { ...sale, date: '2023-09-26' })).toBe(true);
    expect(isTaxedIn('DE', { ...sale, date: '2023-09-26' })).toBe(false);
    // The whole of 2024, since 2023 exceeded the threshold, and through OSS from July on.
    expect(isTaxedIn('FR', { ...sale, date: '2024-01-01' })).toBe(true);
    expect(isTaxedIn('FR', { ...sale, date: '2031-05-01' })).toBe(true);
    expect(isTaxedIn('DE', { ...sale, date: '2022-12-31' })).toBe(true);
  });

  it('taxes a distance sale from stock in another member state where it arrives from the first euro', () => {
    const sale = { treatment: 'intra-eu-distance-sale', departureCountry: 'PL', arrivalCountry: 'CZ' } as const;
    expect(isTaxedIn('CZ', { ...sale, date: '2023-01-02' })).toBe(true);
    expect(isTaxedIn('PL', { ...sale, date: '2023-01-02' })).toBe(false);
  });

  it('puts a transfer in both countries, an import only where it arrives with VAT charged, and an export nowhere outside the 30', () => {
    const transfer = { treatment: 'own-goods-transfer', departureCountry: 'DE', arrivalCountry: 'PL' } as const;
    expect([isTaxedIn('DE', transfer), isTaxedIn('PL', transfer), isTaxedIn('CZ', transfer)]).toEqual([
      true,
      true,
      false,
    ]);
    const imported = { treatment: 'import', departureCountry: 'CN', arrivalCountry: 'FR' } as const;
    expect(isTaxedIn('FR', { ...imported, vatRate: '0.2' })).toBe(true);
    expect(isTaxedIn('FR', { ...imported, vatRate: '0' })).toBe(false);
    expect(isTaxedIn('FR', { ...imported, vatRate: null })).toBe(false);
    expect(isTaxedIn('US', { treatment: 'export', departureCountry: 'US', arrivalCountry: 'CA' })).toBe(false);
    expect(isTaxedIn('DE', { treatment: 'export', departureCountry: 'DE', arrivalCountry: 'CH' })).toBe(true);
    // Without a country too: an export is on some return only when it leaves one of the 30.
    const anywhere = taxedInCondition({}, context);
    const usExport = daySum({ treatment: 'export', departureCountry: 'US', arrivalCountry: 'CA' });
    expect(matchesRowCondition(anywhere, usExport)).toBe(false);
    expect(matchesRowCondition(anywhere, { ...usExport, departureCountry: 'NO' })).toBe(true);
  });

  it('tells the OSS sales from those of the local return, and the IOSS imports', () => {
    const sale = { treatment: 'intra-eu-distance-sale', departureCountry: 'DE', arrivalCountry: 'FR' } as const;
    const matches = (query: Parameters<typeof taxedInCondition>[0], overrides: Parameters<typeof daySum>[0]) =>
      matchesRowCondition(taxedInCondition(query, context), daySum(overrides));
    // Taxed in France by the threshold before July 2024, through OSS from then on.
    expect(matches({ country: 'FR', scheme: 'local' }, { ...sale, date: '2024-06-30' })).toBe(true);
    expect(matches({ country: 'FR', scheme: 'oss' }, { ...sale, date: '2024-06-30' })).toBe(false);
    expect(matches({ country: 'FR', scheme: 'oss' }, { ...sale, date: '2024-07-01' })).toBe(true);
    expect(matches({ country: 'FR', scheme: 'local' }, { ...sale, date: '2024-07-01' })).toBe(false);
    // Every OSS sale, whichever country consumes it.
    expect(matches({ scheme: 'oss' }, { ...sale, arrivalCountry: 'IT', date: '2025-01-02' })).toBe(true);
    const imported = { treatment: 'import-ioss', departureCountry: 'CN', arrivalCountry: 'AT' } as const;
    expect(matches({ scheme: 'ioss' }, imported)).toBe(true);
    expect(matches({ country: 'AT', scheme: 'local' }, imported)).toBe(false);
  });

  it('puts nothing the seller does not declare anywhere', () => {
    const deemed = { treatment: 'marketplace-deemed-supplier', departureCountry: 'DE', arrivalCountry: 'DE' } as const;
    expect(isTaxedIn('DE', deemed)).toBe(false);
    expect(isTaxedIn('DE', { ...deemed, treatment: 'return-movement' })).toBe(false);
  });

  it('taxes every distance sale of a seller established outside the EU where it arrives', () => {
    const outside: TaxedInContext = { profile: { establishmentCountry: 'US', oss: null }, years: [] };
    const sale = daySum({ treatment: 'intra-eu-distance-sale', departureCountry: 'DE', arrivalCountry: 'FR' });
    expect(matchesRowCondition(taxedInCondition({ country: 'FR' }, outside), sale)).toBe(true);
    expect(matchesRowCondition(taxedInCondition({ country: 'DE' }, outside), sale)).toBe(false);
  });
});
