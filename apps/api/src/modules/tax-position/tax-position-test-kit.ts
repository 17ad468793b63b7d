import { randomUUID } from 'node:crypto';
import type { CompanyTaxProfile, NormalizedTransaction } from '@vatlas/domain';
import { saleFixture } from '@vatlas/domain/testing';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, companyJurisdictions, companyTaxSchemes, transactions, transactionUploads } from '../../db/schema';
import { classifyRow } from '../transaction-upload/copy-encoding';
import { replaceDaySumsFromRows } from '../transaction-upload/repository';

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

/** Inserts the rows into `uploadId`, each with the importer's treatment and computed VAT; answers their ids. */
export async function insertTransactions(
  db: Db,
  input: {
    companyId: string;
    uploadId: string;
    profile: Pick<CompanyTaxProfile, 'establishmentCountry' | 'ioss'>;
    rows: readonly NormalizedTransaction[];
  },
): Promise<string[]> {
  const values = input.rows.map((row) => ({
    ...classifyRow(row, input.profile),
    id: randomUUID(),
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
