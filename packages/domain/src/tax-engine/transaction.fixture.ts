import type { NormalizedTransaction } from '../transactions/normalized-transaction';

/**
 * A plain Amazon SALE from Germany to a German consumer at 19 %; tests override what they are about. The amounts
 * satisfy gross = net + VAT so a row built from it passes the importer's own checks.
 */
export function saleFixture(overrides: Partial<NormalizedTransaction> = {}): NormalizedTransaction {
  return {
    source: 'amazon-vtr',
    lineNumber: 2,
    type: 'SALE',
    eventId: '302-0000000-0000001',
    activityId: 'amzn1:crow:fixture',
    taxPointDate: '2023-11-15',
    completeDate: '2023-11-15',
    marketplace: 'amazon.de',
    salesChannel: 'AFN',
    departureCountry: 'DE',
    arrivalCountry: 'DE',
    taxableJurisdiction: 'DE',
    currency: 'EUR',
    netAmount: '100.00',
    vatAmount: '19.00',
    grossAmount: '119.00',
    vatRate: '0.19',
    buyerVatNumber: null,
    sellerVatNumber: 'DE123456789',
    isExport: false,
    taxReportingScheme: 'REGULAR',
    taxCollectionResponsibility: 'SELLER',
    quantity: 1,
    sku: 'SKU-1',
    ...overrides,
  };
}
