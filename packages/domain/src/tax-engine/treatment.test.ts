import { describe, expect, it } from 'vitest';
import { computeRowVat } from './row-vat';
import { saleFixture } from './transaction.fixture';
import { classifyTransaction, TRANSACTION_TREATMENTS, type TransactionTreatment } from './treatment';

const GERMAN_SELLER = { establishmentCountry: 'DE', ioss: null };
const GERMAN_SELLER_WITH_IOSS = { establishmentCountry: 'DE', ioss: { memberState: 'DE', from: '2021-07-01' } };

describe('classifyTransaction', () => {
  it.each<[string, Parameters<typeof saleFixture>[0], TransactionTreatment]>([
    ['a sale inside Germany', {}, 'domestic-sale'],
    ['a sale inside Poland from Polish stock', { departureCountry: 'PL', arrivalCountry: 'PL' }, 'domestic-sale'],
    ['a sale inside the UK', { departureCountry: 'GB', arrivalCountry: 'GB', currency: 'GBP' }, 'domestic-sale'],
    ['a consumer sale DE → FR', { arrivalCountry: 'FR' }, 'intra-eu-distance-sale'],
    ['a consumer sale DE → XI (Northern Ireland)', { arrivalCountry: 'XI' }, 'intra-eu-distance-sale'],
    ['a business sale DE → FR', { arrivalCountry: 'FR', buyerVatNumber: 'FR12345678901' }, 'intra-eu-b2b-supply'],
    ['a sale DE → US', { arrivalCountry: 'US' }, 'export'],
    ['a sale DE → GB (the UK left the EU)', { arrivalCountry: 'GB' }, 'export'],
    ['a sale DE → CH', { arrivalCountry: 'CH' }, 'export'],
    ['EXPORT_OUTSIDE_EU without an arrival country', { arrivalCountry: null, isExport: true }, 'export'],
    ['a sale GB → US', { departureCountry: 'GB', arrivalCountry: 'US' }, 'export'],
    ['a sale US → GB', { departureCountry: 'US', arrivalCountry: 'GB' }, 'import'],
    ['a sale GB → DE', { departureCountry: 'GB', arrivalCountry: 'DE', taxReportingScheme: null }, 'import'],
    [
      'an IMPORT-OSS sale CN → FR',
      { departureCountry: 'CN', arrivalCountry: 'FR', taxReportingScheme: 'IMPORT-OSS' },
      'import-ioss',
    ],
    [
      'a sale by the marketplace as deemed supplier',
      { taxCollectionResponsibility: 'MARKETPLACE' },
      'marketplace-deemed-supplier',
    ],
    [
      'a DEEMED_RESELLER sale',
      { taxReportingScheme: 'DEEMED_RESELLER', taxCollectionResponsibility: null },
      'marketplace-deemed-supplier',
    ],
    [
      'a DEEMED_RESELLER-IOSS sale',
      {
        departureCountry: 'CN',
        arrivalCountry: 'FR',
        taxReportingScheme: 'DEEMED_RESELLER-IOSS',
        taxCollectionResponsibility: null,
      },
      'marketplace-deemed-supplier',
    ],
    [
      'a UK_VOEC-IMPORT sale',
      {
        departureCountry: 'CN',
        arrivalCountry: 'GB',
        taxReportingScheme: 'UK_VOEC-IMPORT',
        taxCollectionResponsibility: null,
      },
      'marketplace-deemed-supplier',
    ],
    [
      'a NO_VOEC sale',
      {
        departureCountry: 'DE',
        arrivalCountry: 'NO',
        taxReportingScheme: 'NO_VOEC',
        taxCollectionResponsibility: null,
      },
      'marketplace-deemed-supplier',
    ],
    ['a sale without a departure country', { departureCountry: null }, 'unclassified'],
    ['a sale without an arrival country', { arrivalCountry: null }, 'unclassified'],
    ['an FC_TRANSFER DE → PL', { type: 'FC_TRANSFER', arrivalCountry: 'PL' }, 'own-goods-transfer'],
    ['an FC_TRANSFER inside DE', { type: 'FC_TRANSFER' }, 'domestic-movement'],
    ['an FC_TRANSFER DE → GB', { type: 'FC_TRANSFER', arrivalCountry: 'GB' }, 'non-eu-movement'],
    ['an FC_TRANSFER without countries', { type: 'FC_TRANSFER', departureCountry: null }, 'unclassified'],
    ['an INBOUND from China into Germany', { type: 'INBOUND', departureCountry: 'CN' }, 'inbound-movement'],
    ['an INBOUND inside Germany', { type: 'INBOUND' }, 'inbound-movement'],
    ['an INBOUND DE → FR', { type: 'INBOUND', arrivalCountry: 'FR' }, 'own-goods-transfer'],
    ['an INBOUND DE → GB', { type: 'INBOUND', arrivalCountry: 'GB' }, 'inbound-movement'],
    ['an INBOUND without a departure country', { type: 'INBOUND', departureCountry: null }, 'inbound-movement'],
    ['a RETURN', { type: 'RETURN', departureCountry: 'FR' }, 'return-movement'],
    ['a DONATION', { type: 'DONATION' }, 'donation'],
    ['a COMMINGLING_BUY', { type: 'COMMINGLING_BUY' }, 'commingling-purchase'],
    [
      'a COMMINGLING_SELL to Amazon in Germany',
      { type: 'COMMINGLING_SELL', buyerVatNumber: 'DE814584193' },
      'domestic-sale',
    ],
    [
      'a LIQUIDATION_SALE DE → FR',
      { type: 'LIQUIDATION_SALE', arrivalCountry: 'FR', buyerVatNumber: 'FR12487773327' },
      'intra-eu-b2b-supply',
    ],
  ])('%s', (_name, overrides, expected) => {
    expect(classifyTransaction(saleFixture(overrides), GERMAN_SELLER)).toBe(expected);
  });

  it('gives a refund the treatment of its sale', () => {
    for (const overrides of [{}, { arrivalCountry: 'FR' }, { arrivalCountry: 'US' }]) {
      const sale = saleFixture(overrides);
      const refund = saleFixture({
        ...overrides,
        type: 'REFUND',
        netAmount: '-100.00',
        vatAmount: '-19.00',
        grossAmount: '-119.00',
      });
      expect(classifyTransaction(refund, GERMAN_SELLER)).toBe(classifyTransaction(sale, GERMAN_SELLER));
    }
    const liquidation = saleFixture({ type: 'LIQUIDATION_REFUND', arrivalCountry: 'FR', netAmount: '-5' });
    expect(classifyTransaction(liquidation, GERMAN_SELLER)).toBe('intra-eu-distance-sale');
  });

  describe('imports without an Amazon scheme', () => {
    const shopifyImport = (overrides: Parameters<typeof saleFixture>[0]) =>
      saleFixture({
        source: 'shopify-orders',
        departureCountry: 'GB',
        arrivalCountry: 'FR',
        taxReportingScheme: null,
        taxCollectionResponsibility: null,
        ...overrides,
      });

    it('uses the company IOSS for a EUR consignment of at most €150', () => {
      expect(classifyTransaction(shopifyImport({ netAmount: '150.00' }), GERMAN_SELLER_WITH_IOSS)).toBe('import-ioss');
      expect(classifyTransaction(shopifyImport({ netAmount: '-150.00' }), GERMAN_SELLER_WITH_IOSS)).toBe('import-ioss');
    });

    it('is a regular import above €150, before the IOSS start, without IOSS or in another currency', () => {
      expect(classifyTransaction(shopifyImport({ netAmount: '150.01' }), GERMAN_SELLER_WITH_IOSS)).toBe('import');
      expect(classifyTransaction(shopifyImport({ taxPointDate: '2021-06-30' }), GERMAN_SELLER_WITH_IOSS)).toBe(
        'import',
      );
      expect(classifyTransaction(shopifyImport({}), GERMAN_SELLER)).toBe('import');
      expect(classifyTransaction(shopifyImport({ currency: 'GBP' }), GERMAN_SELLER_WITH_IOSS)).toBe('import');
    });
  });

  it('lists every treatment once', () => {
    expect(new Set(TRANSACTION_TREATMENTS).size).toBe(TRANSACTION_TREATMENTS.length);
  });
});

describe('computeRowVat', () => {
  it.each([
    // net × rate, then one half-up rounding
    ['100.00', '0.19', '19.00'],
    ['19.99', '0.19', '3.80'], // 3.7981
    ['0.10', '0.05', '0.01'], // 0.005 rounds up
    ['-0.10', '0.05', '-0.01'], // a refund mirrors its sale
    ['12.34', '0.021', '0.26'], // 0.25914
    ['41.66', '0.2', '8.33'], // 8.332
    ['33.61', '0.255', '8.57'], // 8.57055
    ['0', '0.23', '0.00'],
  ])('net %s at %s is %s', (net, rate, vat) => {
    expect(computeRowVat(net, rate)).toBe(vat);
  });

  it('has no computed VAT without a rate', () => {
    expect(computeRowVat('100.00', null)).toBeNull();
  });
});
