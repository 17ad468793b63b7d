import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CompanyTaxProfile, NormalizedTransaction } from '@vatlas/domain';
import { saleFixture } from '@vatlas/domain/testing';
import { asc, eq, getTableColumns } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import {
  companies,
  companyJurisdictions,
  companyTaxSchemes,
  ecSalesListLines,
  ecSalesListTotals,
  filings,
  liabilities,
  ossReturnLines,
  ossThresholdYears,
  transactionRateDays,
  transactions,
  transactionUploads,
} from '../../db/schema';
import { listTaxPositionProblems } from '../liabilities/repository';
import { createLocalFileStorage } from '../storage/file-storage';
import { classifyRow } from '../transaction-upload/copy-encoding';
import { replaceDaySumsFromRows } from '../transaction-upload/repository';
import { transactionIdentity } from '../transaction-upload/transaction-identity';
import { createTestImportWorker } from '../transaction-upload/upload-test-kit';

/**
 * Stored transactions for the read side's tests, written directly (not through the import pipeline), classified and
 * cross-computed the way the importer does it, so the tests pin the read side alone.
 */

/**
 * The domain's plain Amazon SALE from Germany to a German consumer at 19 %, on 10 March 2023, with event and activity
 * ids of its own: each call is a transaction of its own. Tests override what they are about.
 */
export function transactionFixture(overrides: Partial<NormalizedTransaction> = {}): NormalizedTransaction {
  return saleFixture({
    eventId: `302-${randomUUID().slice(0, 8)}`,
    activityId: `act-${randomUUID().slice(0, 8)}`,
    taxPointDate: '2023-03-10',
    completeDate: '2023-03-10',
    ...overrides,
  });
}

export type UploadStatus = 'queued' | 'processing' | 'validating' | 'completed' | 'failed' | 'cancelled';

/** An upload row of `companyId` in `status`, with no file; `values` sets any other column (a period, times, counts). */
export async function insertUpload(
  db: Db,
  companyId: string,
  status: UploadStatus = 'completed',
  values: Partial<typeof transactionUploads.$inferInsert> = {},
): Promise<string> {
  const id = randomUUID();
  await db.insert(transactionUploads).values({
    id,
    companyId,
    sourceFormat: 'amazon-vtr',
    fileName: 'test.txt',
    storageKey: id,
    sha256: id.replaceAll('-', '').padEnd(64, '0'),
    sizeBytes: '1',
    status,
    ...values,
  });
  return id;
}

/**
 * Inserts the rows into `uploadId`, each with the importer's treatment and computed VAT; answers their ids. An upload
 * holds the rows of one file, all read in its format, so a row of another source is refused: the transactions list
 * finds a source's rows through its uploads (`narrowToStoredDays`).
 */
export async function insertTransactions(
  db: Db,
  input: {
    companyId: string;
    uploadId: string;
    profile: Pick<CompanyTaxProfile, 'establishmentCountry' | 'ioss'>;
    rows: readonly NormalizedTransaction[];
  },
): Promise<string[]> {
  const [upload] = await db
    .select({ sourceFormat: transactionUploads.sourceFormat })
    .from(transactionUploads)
    .where(eq(transactionUploads.id, input.uploadId));
  const foreign = input.rows.find((row) => row.source !== upload?.sourceFormat);
  if (foreign) {
    throw new Error(`a row of ${foreign.source} in an upload of ${upload?.sourceFormat ?? 'no such upload'}`);
  }
  const values = input.rows.map((row) => ({
    ...classifyRow(row, input.profile),
    // The import's id: ids begin with their row's date, and the list pages in their order (decision 057).
    id: transactionIdentity(input.companyId, row),
    companyId: input.companyId,
    uploadId: input.uploadId,
    source: row.source,
    lineNumber: row.lineNumber,
    transactionType: row.type,
    eventId: row.eventId,
    activityId: row.activityId,
    taxPointDate: row.taxPointDate,
    completeDate: row.completeDate,
    marketplace: row.marketplace,
    salesChannel: row.salesChannel,
    departureCountry: row.departureCountry,
    arrivalCountry: row.arrivalCountry,
    taxableJurisdiction: row.taxableJurisdiction,
    currency: row.currency,
    netAmount: row.netAmount,
    vatAmount: row.vatAmount,
    grossAmount: row.grossAmount,
    vatRate: row.vatRate,
    buyerVatNumber: row.buyerVatNumber,
    sellerVatNumber: row.sellerVatNumber,
    isExport: row.isExport,
    taxReportingScheme: row.taxReportingScheme,
    taxCollectionResponsibility: row.taxCollectionResponsibility,
    quantity: row.quantity,
    sku: row.sku,
  }));
  for (let start = 0; start < values.length; start += 1000) {
    await db.insert(transactions).values(values.slice(start, start + 1000));
  }
  // The day sums an import writes with its rows: the recompute reads them, never the rows.
  await replaceDaySumsFromRows(db, input.uploadId);
  return values.map((value) => value.id);
}

/** Gives the company its seat, OSS registration and jurisdictions as the onboarding and TaxSchemes would. */
export async function setUpTaxProfile(
  db: Db,
  companyId: string,
  profile: {
    establishmentCountry: string;
    oss?: { memberState: string; from: string };
    registrations?: readonly { country: string; frequency?: string }[];
  },
): Promise<void> {
  await db
    .update(companies)
    .set({ establishmentCountryCode: profile.establishmentCountry })
    .where(eq(companies.id, companyId));
  if (profile.oss) {
    await db.insert(companyTaxSchemes).values({
      companyId,
      scheme: 'oss',
      memberState: profile.oss.memberState,
      effectiveFrom: profile.oss.from,
    });
  }
  for (const registration of profile.registrations ?? []) {
    await db.insert(companyJurisdictions).values({
      companyId,
      countryCode: registration.country,
      source: 'user',
      registrationStatus: 'registered',
      filingFrequency: registration.frequency ?? null,
    });
  }
}

/**
 * What the recompute stores for a company, without the company's id, the row numbering or the time of computing.
 * Each list is in the order of its whole key, so two companies' positions compare equal whatever order the rows were
 * written in (two transfer lines without a customer number differ only in their reporting country).
 */
export async function storedPosition(db: Db, companyId: string) {
  const { companyId: _l, computedAt: _c, ...liability } = getTableColumns(liabilities);
  const { companyId: _o, ...ossLine } = getTableColumns(ossReturnLines);
  const { companyId: _e, ...eslLine } = getTableColumns(ecSalesListLines);
  const { companyId: _t, ...threshold } = getTableColumns(ossThresholdYears);
  const { companyId: _r, ...rateDay } = getTableColumns(transactionRateDays);
  const { companyId: _s, ...eslTotal } = getTableColumns(ecSalesListTotals);
  return {
    liabilities: await db
      .select(liability)
      .from(liabilities)
      .where(eq(liabilities.companyId, companyId))
      .orderBy(asc(liabilities.periodStart), asc(liabilities.jurisdiction), asc(liabilities.scheme)),
    ossLines: await db
      .select(ossLine)
      .from(ossReturnLines)
      .where(eq(ossReturnLines.companyId, companyId))
      .orderBy(
        asc(ossReturnLines.periodStart),
        asc(ossReturnLines.consumptionCountry),
        asc(ossReturnLines.dispatchCountry),
        asc(ossReturnLines.vatRate),
      ),
    eslLines: await db
      .select(eslLine)
      .from(ecSalesListLines)
      .where(eq(ecSalesListLines.companyId, companyId))
      .orderBy(
        asc(ecSalesListLines.periodStart),
        asc(ecSalesListLines.reportingCountry),
        asc(ecSalesListLines.customerVatNumber),
        asc(ecSalesListLines.kind),
        asc(ecSalesListLines.currency),
      ),
    eslTotals: await db
      .select(eslTotal)
      .from(ecSalesListTotals)
      .where(eq(ecSalesListTotals.companyId, companyId))
      .orderBy(
        asc(ecSalesListTotals.periodStart),
        asc(ecSalesListTotals.reportingCountry),
        asc(ecSalesListTotals.currency),
      ),
    thresholds: await db
      .select(threshold)
      .from(ossThresholdYears)
      .where(eq(ossThresholdYears.companyId, companyId))
      .orderBy(asc(ossThresholdYears.year)),
    rateDays: await db
      .select(rateDay)
      .from(transactionRateDays)
      .where(eq(transactionRateDays.companyId, companyId))
      .orderBy(
        asc(transactionRateDays.rateDate),
        asc(transactionRateDays.jurisdiction),
        asc(transactionRateDays.vatRate),
      ),
    problems: await listTaxPositionProblems(db, companyId),
    filings: await db
      .select({
        jurisdiction: filings.jurisdiction,
        filingType: filings.filingType,
        periodStart: filings.periodStart,
        amountEur: filings.amountEur,
        amountLocal: filings.amountLocal,
      })
      .from(filings)
      .where(eq(filings.companyId, companyId))
      .orderBy(asc(filings.periodStart), asc(filings.jurisdiction), asc(filings.filingType)),
  };
}

/**
 * A worker's poll that finds no job, as a server's next poll: it runs the recomputes asked for
 * (`recompute_requested_at`: a migration, new exchange rates).
 */
export async function pollWithoutJob(database: Database): Promise<void> {
  const storageDir = mkdtempSync(join(tmpdir(), 'vatlas-poll-'));
  try {
    const worker = createTestImportWorker({
      database,
      storage: createLocalFileStorage(storageDir),
    });
    const result = await worker.runOnce();
    if (result !== null) throw new Error(`the poll found a job where none was queued: ${result}`);
  } finally {
    rmSync(storageDir, { recursive: true, force: true });
  }
}
