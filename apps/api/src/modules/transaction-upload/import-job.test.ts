import type { NormalizedTransaction } from '@vatlas/domain';
import { describe, expect, it } from 'vitest';
import { encodeCopyLine } from './copy-text';
import { COPY_COLUMNS, encodeTransactionCopyLine, toCopyValues } from './import-job';
import { transactionIdentity } from './transaction-identity';

const UPLOAD = { id: '3f0c8a52-8a2b-4f5e-9a41-0c1d2e3f4a5b', companyId: '7d1c2f4e-0b6a-4c51-9d3e-5a8f1b2c3d01' };

const SALE: NormalizedTransaction = {
  source: 'amazon-vtr',
  lineNumber: 7,
  type: 'SALE',
  eventId: '302-1234567-1234567',
  activityId: 'amzn1:crow:abc',
  taxPointDate: '2025-03-14',
  completeDate: '2025-03-15',
  marketplace: 'amazon.fr',
  salesChannel: 'AFN',
  departureCountry: 'DE',
  arrivalCountry: 'FR',
  taxableJurisdiction: 'FR',
  currency: 'EUR',
  netAmount: '10.05',
  vatAmount: '2.01',
  grossAmount: '12.06',
  vatRate: '0.2',
  buyerVatNumber: null,
  sellerVatNumber: 'FR12345678901',
  isExport: false,
  taxReportingScheme: 'UNION-OSS',
  taxCollectionResponsibility: 'SELLER',
  quantity: 2,
  sku: 'SKU-1',
};

describe('toCopyValues', () => {
  it('puts every field under its own column, with the identity, the row VAT and the treatment', () => {
    const values = toCopyValues(SALE, UPLOAD, { establishmentCountry: 'DE', ioss: null });
    const row = Object.fromEntries(COPY_COLUMNS.map((column, index) => [column, values[index]]));
    expect(values).toHaveLength(COPY_COLUMNS.length);
    expect(row).toEqual({
      id: transactionIdentity(UPLOAD.companyId, SALE),
      company_id: UPLOAD.companyId,
      upload_id: UPLOAD.id,
      source: 'amazon-vtr',
      line_number: 7,
      transaction_type: 'SALE',
      event_id: '302-1234567-1234567',
      activity_id: 'amzn1:crow:abc',
      tax_point_date: '2025-03-14',
      complete_date: '2025-03-15',
      marketplace: 'amazon.fr',
      sales_channel: 'AFN',
      departure_country: 'DE',
      arrival_country: 'FR',
      taxable_jurisdiction: 'FR',
      currency: 'EUR',
      net_amount: '10.05',
      vat_amount: '2.01',
      gross_amount: '12.06',
      vat_rate: '0.2',
      computed_vat_amount: '2.01',
      buyer_vat_number: null,
      seller_vat_number: 'FR12345678901',
      is_export: false,
      tax_reporting_scheme: 'UNION-OSS',
      tax_collection_responsibility: 'SELLER',
      quantity: 2,
      sku: 'SKU-1',
      treatment: 'intra-eu-distance-sale',
    });
  });
});

describe('encodeTransactionCopyLine', () => {
  const profile = { establishmentCountry: 'DE', ioss: null };
  const rows: [string, NormalizedTransaction][] = [
    ['a sale', SALE],
    [
      'a movement with every optional field empty',
      {
        ...SALE,
        type: 'FC_TRANSFER',
        marketplace: null,
        salesChannel: null,
        arrivalCountry: null,
        taxableJurisdiction: null,
        currency: null,
        vatRate: null,
        sellerVatNumber: null,
        taxReportingScheme: null,
        taxCollectionResponsibility: null,
        sku: null,
        isExport: true,
      },
    ],
    [
      'free text with a backslash, a tab, a newline and a return',
      {
        ...SALE,
        eventId: 'a\\b',
        activityId: 'tab\there',
        marketplace: 'line\nbreak',
        salesChannel: 'carriage\rreturn',
        buyerVatNumber: 'FR\\12',
        sellerVatNumber: 'x\ty',
        taxReportingScheme: 'a\r\nb',
        sku: 'SKU\\\t\n\r',
      },
    ],
  ];

  it.each(rows)('encodes %s exactly as encodeCopyLine(toCopyValues(…)) does', (_name, row) => {
    expect(encodeTransactionCopyLine(row, UPLOAD, profile)).toBe(encodeCopyLine(toCopyValues(row, UPLOAD, profile)));
  });
});
