import { addMoney, formatMoneyFixed2, type Money, TRANSACTION_TYPES, type TransactionType, ZERO } from '@vatlas/domain';

/**
 * Where the generator itself expects a row's value to be declared, from the scenario it chose for the row — never
 * from the tax engine, so the two can be compared:
 * - `local`: domestic sales (VAT of the country of the stock), intra-EU B2B supplies and exports (VAT 0, zero-rated
 *   turnover of the departure country), each under the TAXABLE_JURISDICTION the row names;
 * - `oss`: intra-EU B2C distance sales (UNION-OSS) in the member state of arrival — the seller is OSS-registered in
 *   its own country in every scenario of this generator;
 * - `none`: rows where the marketplace collects the VAT (UK_VOEC-DOMESTIC, DEEMED_RESELLER).
 * Stock transfers between two member states (FC_TRANSFER, and the seller's INBOUND shipments from its own country into
 * another) are zero-rated supplies of the departure country: `local` there, in euro, at their cost price × QTY (the
 * row names no TAXABLE_JURISDICTION; the bucket is the departure country). Their acquisition in the arrival country is
 * no supply and has no bucket. Returns, inbound shipments within one country and transfers inside one country or
 * across the EU border are counted by type only and have no bucket.
 */
export type ExpectedScheme = 'local' | 'oss' | 'none';

export type ExpectedBucket = {
  /** ISO 3166-1 alpha-2 of the TAXABLE_JURISDICTION the row names; for a transfer its departure country. */
  taxableJurisdiction: string;
  scheme: ExpectedScheme;
  /** `YYYY-MM` of the tax point (TAX_CALCULATION_DATE): a refund counts in the month of its sale. */
  month: string;
  currency: string;
  /** Exact sums of the rows' TOTAL_ACTIVITY_VALUE_* columns (a transfer's COST_PRICE_OF_ITEMS × QTY, VAT 0), two
   * decimals. */
  netAmount: string;
  vatAmount: string;
  grossAmount: string;
  rowCount: number;
};

export type ExpectedTotals = {
  rowCount: number;
  rowsByType: Record<TransactionType, number>;
  /** Sorted by jurisdiction, scheme, month, currency. */
  buckets: ExpectedBucket[];
};

type OpenBucket = Omit<ExpectedBucket, 'netAmount' | 'vatAmount' | 'grossAmount'> & {
  net: Money;
  vat: Money;
  gross: Money;
};

export type ExpectedTotalsAccumulator = {
  countRow(type: TransactionType): void;
  addValue(
    key: Pick<ExpectedBucket, 'taxableJurisdiction' | 'scheme' | 'month' | 'currency'>,
    net: Money,
    vat: Money,
    gross: Money,
  ): void;
  result(): ExpectedTotals;
};

export function createExpectedTotalsAccumulator(): ExpectedTotalsAccumulator {
  const rowsByType = Object.fromEntries(TRANSACTION_TYPES.map((type) => [type, 0])) as Record<TransactionType, number>;
  const buckets = new Map<string, OpenBucket>();
  let rowCount = 0;
  return {
    countRow(type) {
      rowCount += 1;
      rowsByType[type] += 1;
    },
    addValue(key, net, vat, gross) {
      const id = `${key.taxableJurisdiction}|${key.scheme}|${key.month}|${key.currency}`;
      let bucket = buckets.get(id);
      if (bucket === undefined) {
        bucket = { ...key, net: ZERO, vat: ZERO, gross: ZERO, rowCount: 0 };
        buckets.set(id, bucket);
      }
      bucket.net = addMoney(bucket.net, net);
      bucket.vat = addMoney(bucket.vat, vat);
      bucket.gross = addMoney(bucket.gross, gross);
      bucket.rowCount += 1;
    },
    result() {
      const sorted = [...buckets.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return {
        rowCount,
        rowsByType: { ...rowsByType },
        buckets: sorted.map(([, { net, vat, gross, ...key }]) => ({
          ...key,
          netAmount: formatMoneyFixed2(net),
          vatAmount: formatMoneyFixed2(vat),
          grossAmount: formatMoneyFixed2(gross),
        })),
      };
    },
  };
}
