import type { NormalizedTransaction, TransactionSource } from '@vatlas/domain';
import { VTR_COLUMNS_95 } from '../synthetic-vtr';
import { type ParseBatch, type ParseOptions, parseTransactionFile, type RowProblem } from './format';

/** Test-only: sales files built cell by cell, fed in chosen chunk sizes, and everything the parser made of them. */

export const BUYER_NAME = 'Erika Mustermann';
export const ARRIVAL_ADDRESS = 'Rue de Rivoli 99, 75001 Paris';

/** A B2C distance sale DE → FR under the OSS, as in the 95-column layout; personal columns filled on purpose. */
export const VTR_SALE: Readonly<Record<string, string>> = {
  UNIQUE_ACCOUNT_IDENTIFIER: 'A1B2C3D4E5',
  ACTIVITY_PERIOD: '2024-MAR',
  SALES_CHANNEL: 'AFN',
  MARKETPLACE: 'amazon.fr',
  PROGRAM_TYPE: 'REGULAR',
  TRANSACTION_TYPE: 'SALE',
  TRANSACTION_EVENT_ID: '402-1234567-7654321',
  ACTIVITY_TRANSACTION_ID: 'amzn1:crow:abc123',
  TAX_CALCULATION_DATE: '15-03-2024',
  TRANSACTION_DEPART_DATE: '14-03-2024',
  TRANSACTION_COMPLETE_DATE: '16-03-2024',
  SELLER_SKU: 'MUG-RED',
  ASIN: 'B000000001',
  ITEM_DESCRIPTION: 'Red mug, 300 ml',
  QTY: '2',
  TOTAL_ACTIVITY_VALUE_AMT_VAT_EXCL: '100.00',
  PRICE_OF_ITEMS_VAT_RATE_PERCENT: '0.2',
  TOTAL_ACTIVITY_VALUE_VAT_AMT: '20.00',
  TOTAL_ACTIVITY_VALUE_AMT_VAT_INCL: '120.00',
  TRANSACTION_CURRENCY_CODE: 'EUR',
  DEPATURE_CITY: 'Leipzig',
  DEPARTURE_COUNTRY: 'DE',
  DEPARTURE_POST_CODE: '04109',
  ARRIVAL_CITY: 'Paris',
  ARRIVAL_COUNTRY: 'FR',
  ARRIVAL_POST_CODE: '75001',
  SALE_DEPART_COUNTRY: 'DE',
  SALE_ARRIVAL_COUNTRY: 'FR',
  TRANSACTION_SELLER_VAT_NUMBER_COUNTRY: 'DE',
  TRANSACTION_SELLER_VAT_NUMBER: 'DE123456789',
  TAXABLE_JURISDICTION: 'FRANCE',
  TAXABLE_JURISDICTION_LEVEL: 'Country',
  EXPORT_OUTSIDE_EU: 'NO',
  BUYER_NAME,
  ARRIVAL_ADDRESS,
  TAX_REPORTING_SCHEME: 'UNION-OSS',
  TAX_COLLECTION_RESPONSIBILITY: 'SELLER',
};

/** What the parser must make of `VTR_SALE` on line 2. */
export const VTR_SALE_TRANSACTION: NormalizedTransaction = {
  source: 'amazon-vtr',
  lineNumber: 2,
  type: 'SALE',
  eventId: '402-1234567-7654321',
  activityId: 'amzn1:crow:abc123',
  taxPointDate: '2024-03-15',
  completeDate: '2024-03-16',
  marketplace: 'amazon.fr',
  salesChannel: 'AFN',
  departureCountry: 'DE',
  arrivalCountry: 'FR',
  taxableJurisdiction: 'FR',
  currency: 'EUR',
  netAmount: '100.00',
  vatAmount: '20.00',
  grossAmount: '120.00',
  vatRate: '0.2',
  buyerVatNumber: null,
  sellerVatNumber: 'DE123456789',
  isExport: false,
  taxReportingScheme: 'UNION-OSS',
  taxCollectionResponsibility: 'SELLER',
  quantity: 2,
  sku: 'MUG-RED',
};

/** The columns of eBay's orders report (research §3b), personal ones included, in the report's order. */
export const EBAY_ORDER_COLUMNS = [
  'Sales Record Number',
  'Order Number',
  'Buyer Username',
  'Buyer Name',
  'Buyer Email',
  'Buyer Address 1',
  'Buyer Country',
  'Buyer Tax Identifier Name',
  'Buyer Tax Identifier Value',
  'Ship To Name',
  'Ship To Phone',
  'Ship To Address 1',
  'Ship To Country',
  'Item Number',
  'Item Title',
  'Custom Label',
  'Quantity',
  'Sold For',
  'Shipping And Handling',
  'Item Country',
  'eBay Collect And Remit Tax Rate',
  'eBay Collect And Remit Tax Type',
  'Seller Collected Tax',
  'eBay Collected Tax',
  'Total Price',
  'eBay Collected Tax and Fees Included in Total',
  'Sale Date',
  'Paid On Date',
  'Transaction ID',
];

/** EtsySoldOrders' columns (research §3b), personal ones included, with the newer VAT Paid by Buyer. */
export const ETSY_SOLD_ORDER_COLUMNS = [
  'Sale Date',
  'Order ID',
  'Buyer User ID',
  'Full Name',
  'First Name',
  'Last Name',
  'Number of Items',
  'Payment Method',
  'Date Shipped',
  'Street 1',
  'Street 2',
  'Ship City',
  'Ship State',
  'Ship Zipcode',
  'Ship Country',
  'Currency',
  'Order Value',
  'Coupon Code',
  'Coupon Details',
  'Discount Amount',
  'Shipping Discount',
  'Shipping',
  'Sales Tax',
  'Order Total',
  'Status',
  'Card Processing Fees',
  'Order Net',
  'Adjusted Order Total',
  'Adjusted Card Processing Fees',
  'Adjusted Net Order Amount',
  'Buyer',
  'Order Type',
  'Payment Type',
  'InPerson Discount',
  'InPerson Location',
  'SKU',
  'VAT Paid by Buyer',
  'Date Paid',
];

export type TableTextOptions = { delimiter?: string; lineEnding?: string; quoteAll?: boolean };

/** A header line and one line per record; cells missing from a record are empty. */
export function tableText(
  columns: readonly string[],
  records: readonly Readonly<Record<string, string>>[],
  options: TableTextOptions = {},
): string {
  const delimiter = options.delimiter ?? '\t';
  const lineEnding = options.lineEnding ?? '\r\n';
  const quote = (value: string) =>
    options.quoteAll || (delimiter !== '\t' && /[",;\r\n]/.test(value)) ? `"${value.replaceAll('"', '""')}"` : value;
  const lines = [columns.map(quote).join(delimiter)];
  for (const record of records) lines.push(columns.map((column) => quote(record[column] ?? '')).join(delimiter));
  return lines.join(lineEnding) + lineEnding;
}

export function vtrText(
  records: readonly Readonly<Record<string, string>>[],
  options: TableTextOptions & { columns?: readonly string[] } = {},
): string {
  return tableText(options.columns ?? VTR_COLUMNS_95, records, options);
}

/** The bytes in pieces of `size` (or of pseudo-random sizes 1–97 from `seed`), as an upload stream delivers them. */
export async function* chunked(bytes: Uint8Array | string, size: number | { seed: number } = 65_536) {
  const data = typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes;
  let state = typeof size === 'number' ? 0 : size.seed;
  for (let offset = 0; offset < data.byteLength; ) {
    let length: number;
    if (typeof size === 'number') length = size;
    else {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      length = 1 + (state % 97);
    }
    yield data.slice(offset, offset + length);
    offset += length;
  }
}

export type ParseResult = { transactions: NormalizedTransaction[]; problems: RowProblem[]; batches: ParseBatch[] };

export async function parseAll(
  format: TransactionSource,
  input: AsyncIterable<Uint8Array> | Uint8Array | string,
  options?: ParseOptions,
): Promise<ParseResult> {
  const source = typeof input === 'string' || input instanceof Uint8Array ? chunked(input) : input;
  const result: ParseResult = { transactions: [], problems: [], batches: [] };
  for await (const batch of parseTransactionFile(format, source, options)) {
    result.batches.push(batch);
    result.transactions.push(...batch.transactions);
    result.problems.push(...batch.problems);
  }
  return result;
}

/** UTF-16 bytes with their byte-order mark. */
export function utf16(text: string, endianness: 'le' | 'be'): Uint8Array {
  const bytes = new Uint8Array(2 + text.length * 2);
  bytes.set(endianness === 'le' ? [0xff, 0xfe] : [0xfe, 0xff], 0);
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    const [first, second] = endianness === 'le' ? [code & 0xff, code >> 8] : [code >> 8, code & 0xff];
    bytes[2 + index * 2] = first;
    bytes[3 + index * 2] = second;
  }
  return bytes;
}

/** Windows-1252 bytes of text whose characters are all in Latin-1's printable range (as 1252 agrees there). */
export function windows1252(text: string): Uint8Array {
  return Uint8Array.from(text, (character) => {
    const code = character.charCodeAt(0);
    if (code > 0xff) throw new Error(`Not encodable in this test helper: ${character}`);
    return code;
  });
}
