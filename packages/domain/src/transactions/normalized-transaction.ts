/**
 * One sales-data row as every importer produces it and the tax engine reads it: the shared language between the
 * file formats (Amazon VTR, Shopify, eBay and Etsy orders, generic CSV) and the rules. Personal data (buyer names,
 * addresses) has no field here on purpose: it is dropped while parsing and never stored or logged.
 *
 * Money is a canonical decimal string (`-12.34`, see money/CANONICAL_DECIMAL_PATTERN), never a binary float;
 * dates are ISO `YYYY-MM-DD`; countries are ISO 3166-1 alpha-2 (`GR`, not VIES `EL`; `GB` for the UK, `XI` kept
 * for Northern Ireland only where a file says so).
 */

export const TRANSACTION_SOURCES = [
  'amazon-vtr',
  'shopify-orders',
  'ebay-orders',
  'etsy-orders',
  'generic-csv',
] as const;
export type TransactionSource = (typeof TRANSACTION_SOURCES)[number];

/**
 * What happened, in the file's own terms normalised to Amazon's vocabulary (research §3a). Other formats map onto
 * it: a Shopify order line is a SALE, its refund a REFUND.
 */
export const TRANSACTION_TYPES = [
  'SALE',
  'REFUND',
  'RETURN',
  'FC_TRANSFER',
  'INBOUND',
  'COMMINGLING_BUY',
  'COMMINGLING_SELL',
  'LIQUIDATION_SALE',
  'LIQUIDATION_REFUND',
  'DONATION',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export type TaxCollectionResponsibility = 'SELLER' | 'MARKETPLACE';

export type NormalizedTransaction = {
  source: TransactionSource;
  /** 1-based line of the file the row came from (the header is line 1), for problems and explanations. */
  lineNumber: number;
  type: TransactionType;
  /**
   * Identity for idempotency: Amazon TRANSACTION_EVENT_ID (order id) + ACTIVITY_TRANSACTION_ID (shipment or refund
   * id) + type; Shopify order name + line index; generic CSV the mapped id column(s). Never empty.
   */
  eventId: string;
  activityId: string;
  /** The tax point (Amazon TAX_CALCULATION_DATE; a REFUND keeps the original sale's date there). */
  taxPointDate: string;
  /** The date that decides the report period (Amazon TRANSACTION_COMPLETE_DATE); falls back to the tax point. */
  completeDate: string;
  /** e.g. `amazon.de`; null for movements (`N/A`) and formats without one. */
  marketplace: string | null;
  /** `AFN` (fulfilled by Amazon) or `MFN`; null when unknown. */
  salesChannel: string | null;
  /** Where the goods of the sale leg leave and arrive (Amazon SALE_DEPART_COUNTRY / SALE_ARRIVAL_COUNTRY, falling
   * back to DEPARTURE_COUNTRY / ARRIVAL_COUNTRY). Null only when the file does not say. */
  departureCountry: string | null;
  arrivalCountry: string | null;
  /** The country whose VAT the file applied (Amazon TAXABLE_JURISDICTION mapped from its English name); null when
   * the file's calculation service did not calculate. */
  taxableJurisdiction: string | null;
  /** ISO 4217; null for movements without a value. */
  currency: string | null;
  /** Row totals in `currency`, VAT excluded / VAT / VAT included (Amazon TOTAL_ACTIVITY_VALUE_*). Negative for
   * refunds. '0' for movements without a value. */
  netAmount: string;
  vatAmount: string;
  grossAmount: string;
  /** The VAT rate the file applied, as a fraction (`0.19`); null when none. */
  vatRate: string | null;
  /** The buyer's VAT number with its country prefix as in the file; non-null means a business buyer (B2B). */
  buyerVatNumber: string | null;
  /** The seller VAT number the file used for the sale (Amazon TRANSACTION_SELLER_VAT_NUMBER), null when none. */
  sellerVatNumber: string | null;
  /** Amazon EXPORT_OUTSIDE_EU = YES. */
  isExport: boolean;
  /** Amazon TAX_REPORTING_SCHEME as in the file (`REGULAR`, `UNION-OSS`, `IMPORT-OSS`, `DEEMED_RESELLER`…), or null. */
  taxReportingScheme: string | null;
  /** Amazon TAX_COLLECTION_RESPONSIBILITY; null in older layouts and other formats (the seller then remits). */
  taxCollectionResponsibility: TaxCollectionResponsibility | null;
  /** Units; 0 when the file has none. */
  quantity: number;
  sku: string | null;
};
