import type { TransactionDetail, TransactionListQuery, TransactionPage, TransactionSummary } from '@vatlas/contract';
import {
  crossCheckRow,
  type ExplanationContext,
  type ExplanationLanguage,
  explainTransaction,
  money,
  type TransactionTreatment,
  type TransactionType,
  treatmentLabel,
} from '@vatlas/domain';
import type { Db } from '../../db/client';
import { HttpError } from '../../plugins/errors';
import { decodeKeysetCursor, toKeysetPage } from '../../plugins/keyset-cursor';
import { findOssThresholdYear } from '../liabilities/repository';
import { loadCompanyTaxProfile } from '../tax-schemes/repository';
import { findDataPeriod, findVisibleTransaction, listTransactionPage, type TransactionRecord } from './repository';

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

export async function listTransactions(
  db: Db,
  companyId: string,
  query: TransactionListQuery,
): Promise<TransactionPage> {
  let period: { start: string; end: string } | undefined;
  if (query.dataPeriodId !== undefined) {
    period = await findDataPeriod(db, companyId, query.dataPeriodId);
    if (!period) throw new HttpError(404, 'data_period_not_found', 'No such data period in this company.');
  }
  // One row more than asked tells whether another page exists without a count over the whole list.
  const rows = await listTransactionPage(db, {
    companyId,
    period,
    jurisdiction: query.jurisdiction,
    type: query.type,
    treatment: query.treatment,
    country: query.country,
    search: query.search,
    sort: query.sort,
    after:
      query.cursor === undefined
        ? undefined
        : decodeKeysetCursor(query.cursor, query.sort, 'is not a cursor of this list and sort order'),
    limit: query.limit + 1,
  });
  const { page, nextCursor } = toKeysetPage(rows, query.limit, query.sort);
  return { items: page.map(toTransactionSummary), nextCursor };
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
  const language: ExplanationLanguage = input.language === 'de' ? 'de' : 'en';
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
    netAmount: row.netAmount,
    vatAmount: row.vatAmount,
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
