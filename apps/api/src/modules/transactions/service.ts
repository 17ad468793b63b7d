import {
  TRANSACTION_COUNT_LIMIT,
  TRANSACTION_EXPORT_COLUMNS,
  type TransactionCount,
  type TransactionDetail,
  type TransactionExportQuery,
  type TransactionFilterQuery,
  type TransactionListQuery,
  type TransactionPage,
  type TransactionSummary,
} from '@vatlas/contract';
import {
  crossCheckRow,
  type ExplanationContext,
  type ExplanationLanguage,
  ecSalesListCondition,
  explainTransaction,
  explanationLanguageOf,
  money,
  type RowCondition,
  type TaxedInQuery,
  type TransactionTreatment,
  type TransactionType,
  taxedInCondition,
  treatmentLabel,
} from '@vatlas/domain';
import type { Db } from '../../db/client';
import { HttpError } from '../../plugins/errors';
import { decodeKeysetCursor, toKeysetPage } from '../../plugins/keyset-cursor';
import { findOssThresholdYear, listOssThresholdYears } from '../liabilities/repository';
import { findDataPeriod } from '../period-manager/repository';
import { loadCompanyTaxProfile } from '../tax-schemes/repository';
import { toCsvLine, UTF8_BOM } from './csv';
import {
  countTransactions,
  findVisibleTransaction,
  narrowToStoredDays,
  readTransactionPage,
  type TransactionFilterConditions,
  type TransactionKey,
  type TransactionRecord,
} from './repository';

export function toTransactionSummary(row: TransactionRecord): TransactionSummary {
  return {
    id: row.id,
    uploadId: row.uploadId,
    source: row.source,
    lineNumber: row.lineNumber,
    type: row.transactionType as TransactionType,
    treatment: row.treatment as TransactionTreatment,
    eventId: row.eventId,
    activityId: row.activityId,
    taxPointDate: row.taxPointDate,
    completeDate: row.completeDate,
    marketplace: row.marketplace,
    departureCountry: row.departureCountry,
    arrivalCountry: row.arrivalCountry,
    taxableJurisdiction: row.taxableJurisdiction,
    currency: row.currency,
    netAmount: row.netAmount,
    vatAmount: row.vatAmount,
    grossAmount: row.grossAmount,
    // numeric(7, 6) comes back as "0.190000"; the rate is the fraction 0.19.
    vatRate: row.vatRate === null ? null : money(row.vatRate).toFixed(),
    sku: row.sku,
    quantity: row.quantity,
  };
}

/** The last day of a YYYY-MM month. */
function lastDayOf(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number);
  const day = new Date(Date.UTC(year ?? 1970, monthNumber ?? 1, 0)).getUTCDate();
  return `${month}-${String(day).padStart(2, '0')}`;
}

/**
 * The query's filters as repository conditions. The date filters (`dataPeriodId`, `month`, `from`, `to`) intersect
 * into one tax-point range; an empty intersection matches nothing (start after end). The range is then narrowed to
 * the days on which a stored row can match the rest (`narrowToStoredDays`), so the list, its count and its export read
 * no rows for a filter that matches none.
 */
export async function resolveFilter(
  db: Db,
  companyId: string,
  query: TransactionFilterQuery,
): Promise<TransactionFilterConditions> {
  const starts: string[] = [];
  const ends: string[] = [];
  if (query.dataPeriodId !== undefined) {
    const period = await findDataPeriod(db, companyId, query.dataPeriodId);
    if (!period) throw new HttpError(404, 'data_period_not_found', 'No such data period in this company.');
    starts.push(period.startDate);
    ends.push(period.endDate);
  }
  if (query.month !== undefined) {
    starts.push(`${query.month}-01`);
    ends.push(lastDayOf(query.month));
  }
  if (query.from !== undefined) starts.push(query.from);
  if (query.to !== undefined) ends.push(query.to);
  // ISO dates order as strings; an open side is bounded by dates no tax point has.
  const period =
    starts.length + ends.length === 0
      ? undefined
      : { start: starts.sort().at(-1) ?? '0001-01-01', end: ends.sort()[0] ?? '9999-12-31' };
  return narrowToStoredDays(db, {
    companyId,
    period,
    jurisdiction: query.jurisdiction,
    taxedIn:
      query.taxedIn === undefined && query.scheme === undefined
        ? undefined
        : await taxedInOf(db, companyId, { country: query.taxedIn, scheme: query.scheme }),
    ecSalesList: query.ecSalesList === undefined ? undefined : ecSalesListCondition(query.ecSalesList),
    type: query.type,
    treatment: query.treatment,
    source: query.source,
    country: query.country,
    search: query.search,
  });
}

/**
 * The rows of a country's liability, or of a scheme's, or both: the tax engine's rule with the company's profile and
 * OSS threshold years as the last recompute stored them. A company without a tax profile has no liabilities, so no
 * row matches.
 */
async function taxedInOf(db: Db, companyId: string, query: TaxedInQuery): Promise<RowCondition> {
  const profile = await loadCompanyTaxProfile(db, companyId);
  if (!profile) return { kind: 'any', of: [] };
  const years = await listOssThresholdYears(db, companyId);
  return taxedInCondition(query, { profile, years });
}

export async function listTransactions(
  db: Db,
  companyId: string,
  query: TransactionListQuery,
): Promise<TransactionPage> {
  const filter = await resolveFilter(db, companyId, query);
  // One row more than asked tells whether another page exists without a count over the whole list.
  const after =
    query.cursor === undefined
      ? undefined
      : decodeKeysetCursor(query.cursor, query.sort, 'is not a cursor of this list and sort order');
  const rows = await readTransactionPage(db, { ...filter, sort: query.sort, after, limit: query.limit + 1 });
  const { page, nextCursor } = toKeysetPage(rows, query.limit, query.sort);
  return { items: page.map(toTransactionSummary), nextCursor };
}

/** The number of rows the filters match, exact up to TRANSACTION_COUNT_LIMIT, "more than" beyond. */
export async function countFilteredTransactions(
  db: Db,
  companyId: string,
  query: TransactionFilterQuery,
): Promise<TransactionCount> {
  const filter = await resolveFilter(db, companyId, query);
  const count = await countTransactions(db, filter, TRANSACTION_COUNT_LIMIT + 1);
  return count > TRANSACTION_COUNT_LIMIT
    ? { count: TRANSACTION_COUNT_LIMIT, isExact: false }
    : { count, isExact: true };
}

/** Rows per keyset batch of the export: memory stays at one batch whatever the size of the set. */
export const EXPORT_BATCH_SIZE = 2000;

function toExportLine(row: TransactionRecord): string {
  const summary = toTransactionSummary(row);
  const cells: Record<(typeof TRANSACTION_EXPORT_COLUMNS)[number], string | number | boolean | null> = {
    id: row.id,
    tax_point_date: row.taxPointDate,
    complete_date: row.completeDate,
    type: row.transactionType,
    treatment: row.treatment,
    source: row.source,
    upload_id: row.uploadId,
    line_number: row.lineNumber,
    event_id: row.eventId,
    activity_id: row.activityId,
    marketplace: row.marketplace,
    sales_channel: row.salesChannel,
    departure_country: row.departureCountry,
    arrival_country: row.arrivalCountry,
    taxable_jurisdiction: row.taxableJurisdiction,
    currency: row.currency,
    net_amount: row.netAmount,
    vat_amount: row.vatAmount,
    gross_amount: row.grossAmount,
    computed_vat_amount: row.computedVatAmount,
    vat_rate: summary.vatRate,
    // Whether the buyer is a business, never the buyer's VAT number: the export carries no data about a person.
    buyer_is_business: row.buyerVatNumber !== null,
    is_export: row.isExport,
    tax_reporting_scheme: row.taxReportingScheme,
    sku: row.sku,
    quantity: row.quantity,
  };
  return toCsvLine(TRANSACTION_EXPORT_COLUMNS.map((column) => cells[column]));
}

/** The file name of an export: the filters that made it, e.g. `transactions-DE-2026-03.csv`. */
export function exportFileName(query: TransactionExportQuery): string {
  const parts = [
    query.jurisdiction,
    query.taxedIn && `taxed-in-${query.taxedIn}`,
    query.scheme,
    query.ecSalesList && `esl-${query.ecSalesList}`,
    query.month,
    query.from && `from-${query.from}`,
    query.to && `to-${query.to}`,
    query.type?.toLowerCase(),
    query.treatment?.toLowerCase(),
    query.source,
    query.country && `country-${query.country}`,
    query.search && `search-${query.search.replace(/[^\w.-]+/g, '_').slice(0, 40)}`,
  ].filter((part): part is string => Boolean(part));
  return `${['transactions', ...parts].join('-')}.csv`;
}

/**
 * The filtered set as CSV text chunks: the BOM and the header row, then one chunk per keyset batch of
 * EXPORT_BATCH_SIZE rows. The filters are resolved (and a wrong data period refused) before the first chunk.
 */
export async function exportTransactionsCsv(
  db: Db,
  companyId: string,
  query: TransactionExportQuery,
  batchSize = EXPORT_BATCH_SIZE,
): Promise<AsyncGenerator<string>> {
  const filter = await resolveFilter(db, companyId, query);
  async function* chunks(): AsyncGenerator<string> {
    yield `${UTF8_BOM}${toCsvLine(TRANSACTION_EXPORT_COLUMNS)}`;
    let after: TransactionKey | undefined;
    for (;;) {
      const rows = await readTransactionPage(db, { ...filter, sort: query.sort, after, limit: batchSize });
      if (rows.length > 0) yield rows.map(toExportLine).join('');
      const last = rows.at(-1);
      if (rows.length < batchSize || !last) return;
      after = { taxPointDate: last.taxPointDate, id: last.id };
    }
  }
  return chunks();
}

export async function findTransactionOrFail(
  db: Db,
  companyId: string,
  transactionId: string,
): Promise<TransactionRecord> {
  const row = await findVisibleTransaction(db, companyId, transactionId);
  if (!row) throw new HttpError(404, 'transaction_not_found', 'No such transaction in this company.');
  return row;
}

/**
 * One row with why it has its treatment, in the user's language, and what the cross-check finds in it. The context
 * is the company's profile today and the OSS threshold of the row's year as last recomputed.
 */
export async function getTransactionDetail(
  db: Db,
  input: { companyId: string; transactionId: string; language: string },
): Promise<TransactionDetail> {
  const row = await findTransactionOrFail(db, input.companyId, input.transactionId);
  const profile = await loadCompanyTaxProfile(db, input.companyId);
  const threshold = await findOssThresholdYear(db, input.companyId, Number(row.taxPointDate.slice(0, 4)));
  const context: ExplanationContext = {
    profile: profile ?? { establishmentCountry: '', oss: null, ioss: null },
    threshold: threshold && {
      year: threshold.year,
      distanceSalesEur: threshold.totalEur,
      crossedOn: threshold.crossedOn,
      exceededPreviousYear: threshold.exceededPreviousYear,
      incomplete: threshold.isIncomplete,
    },
  };
  const language: ExplanationLanguage = explanationLanguageOf(input.language);
  const summary = toTransactionSummary(row);
  const explainable = {
    treatment: summary.treatment,
    lineNumber: row.lineNumber,
    type: summary.type,
    taxPointDate: row.taxPointDate,
    departureCountry: row.departureCountry,
    arrivalCountry: row.arrivalCountry,
    taxableJurisdiction: row.taxableJurisdiction,
    vatRate: summary.vatRate,
    currency: row.currency,
    netAmount: row.netAmount,
    vatAmount: row.vatAmount,
    grossAmount: row.grossAmount,
    buyerVatNumber: row.buyerVatNumber,
    taxReportingScheme: row.taxReportingScheme,
  };
  return {
    ...summary,
    salesChannel: row.salesChannel,
    computedVatAmount: row.computedVatAmount,
    buyerIsBusiness: row.buyerVatNumber !== null,
    buyerVatNumber: row.buyerVatNumber,
    isExport: row.isExport,
    taxReportingScheme: row.taxReportingScheme,
    taxCollectionResponsibility: row.taxCollectionResponsibility,
    treatmentLabel: treatmentLabel(summary.treatment, language),
    explanation: explainTransaction(explainable, context, language),
    crossCheck: { differences: crossCheckRow(explainable, context) },
  };
}
