import { Readable } from 'node:stream';
import { addIsoDays, todayIsoDate } from '@vatlas/domain';
import type { Database } from '../../db/client';
import { listFilings, markFilingFiled } from '../filings/service';
import { DEMO_ACCOUNTS, DEMO_COMPANY_IDS } from '../identity/seed';
import { createDataPeriod } from '../period-manager/service';
import type { FileStorage } from '../storage/file-storage';
import { getTaxSchemes, saveTaxSchemes } from '../tax-schemes/service';
import type { TaxPositionRecomputer } from '../transaction-upload/import-job';
import { createImportWorker, type ImportLog } from '../transaction-upload/import-worker';
import { queueUpload, storeFileStream } from '../transaction-upload/service';
import { type DemoVtrMonth, generateDemoVtrMonths } from '../transaction-upload/synthetic-vtr';
import { keepEuroRows } from './euro-rows';
import {
  addRegisteredJurisdictions,
  countUploadsOfCompany,
  findCompanyVatNumber,
  findUserIdByEmail,
  listUploadStates,
} from './repository';

/** Nordlicht Trading GmbH (seller@vatlas.test) gets the demo transactions. */
export const DEMO_TRANSACTION_COMPANY_ID = DEMO_COMPANY_IDS.nordlicht;
export const DEMO_TRANSACTION_MONTHS = 12;
/** The generator's seed of the demo: the same month gets the same file on every machine. */
const DEMO_SEED = 2038;

/** The Union OSS began on 1 July 2021; the demo seller joined it then, long before any demo month. */
const DEMO_OSS_EFFECTIVE_FROM = '2021-07-01';
/** The seller's French registration (stock in the Saran fulfilment centre); the check digits are right. */
const DEMO_FR_VAT_NUMBER = 'FR11123456782';

/** `YYYY-MM` of the first of the `count` complete calendar months before the month of `today`. */
export function firstOfLastCompleteMonths(today: string, count: number): string {
  const match = /^(\d{4})-(\d{2})-\d{2}$/.exec(today);
  if (match === null) throw new Error(`Not an ISO date: ${today}`);
  const index = Number(match[1]) * 12 + Number(match[2]) - 1 - count;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/**
 * The demo's monthly Amazon reports for the last complete months before `today`, euro marketplaces only (see
 * `keepEuroRows`), each with the generator's expectation of its totals. Deterministic for a given `today`.
 */
export function demoTransactionMonths(today: string): DemoVtrMonth[] {
  const firstMonth = firstOfLastCompleteMonths(today, DEMO_TRANSACTION_MONTHS);
  return generateDemoVtrMonths(firstMonth, DEMO_TRANSACTION_MONTHS, DEMO_SEED).map((month) => ({
    ...month,
    ...keepEuroRows(month),
  }));
}

export type DemoTransactionSeedDeps = {
  database: Database;
  storage: FileStorage;
  recomputeTaxPosition: TaxPositionRecomputer;
  log: ImportLog;
  staleAfterSeconds: number;
  /** Defaults to the local date: the demo always ends with last month. */
  today?: string;
};

export type DemoTransactionSeedResult =
  | { status: 'seeded'; uploadIds: string[]; seconds: number }
  | { status: 'skipped'; reason: 'company-missing' | 'seller-missing' | 'has-uploads' };

/**
 * Gives the demo seller twelve months of transactions the way a seller would get them: registered in Germany and
 * France and in the German OSS, one Amazon report per month uploaded into its month's data period and imported by
 * the import worker's own code (stored file, upload row, parse, classify, COPY, recompute), then the returns already
 * due marked filed through the filings service — nothing is written into transactions, liabilities or filings
 * directly.
 *
 * Runs only while the company has no upload at all, so a second start adds nothing, and neither does a start after
 * the seller has brought data of its own. The imports run here, before the server listens, so "Vatlas is running"
 * means the dashboard is filled: a newcomer who signs in at once never sees an empty demo fill up under their eyes.
 * The uploads are queued first and imported after, so a start interrupted meanwhile leaves them to the worker.
 */
export async function seedDemoTransactions(deps: DemoTransactionSeedDeps): Promise<DemoTransactionSeedResult> {
  const { db } = deps.database;
  const companyId = DEMO_TRANSACTION_COMPANY_ID;
  const sellerEmail = DEMO_ACCOUNTS.find((account) =>
    account.memberships.some((membership) => membership.companyId === companyId && membership.role === 'owner'),
  )?.email;
  const companyVatNumber = await findCompanyVatNumber(db, companyId);
  if (companyVatNumber === undefined) return { status: 'skipped', reason: 'company-missing' };
  const sellerId = sellerEmail ? await findUserIdByEmail(db, sellerEmail) : undefined;
  if (sellerId === undefined) return { status: 'skipped', reason: 'seller-missing' };
  if ((await countUploadsOfCompany(db, companyId)) > 0) return { status: 'skipped', reason: 'has-uploads' };

  const startedAt = performance.now();
  await addRegisteredJurisdictions(db, companyId, [
    { countryCode: 'DE', vatNumber: companyVatNumber, filingFrequency: 'monthly' },
    { countryCode: 'FR', vatNumber: DEMO_FR_VAT_NUMBER, filingFrequency: 'monthly' },
  ]);
  const schemes = await getTaxSchemes(db, companyId);
  if (schemes.oss === null) {
    await saveTaxSchemes(db, companyId, {
      ...schemes,
      oss: { memberState: 'DE', effectiveFrom: DEMO_OSS_EFFECTIVE_FROM, identificationNumber: companyVatNumber },
    });
  }

  const today = deps.today ?? todayIsoDate();
  const uploadIds: string[] = [];
  for (const month of demoTransactionMonths(today)) {
    const period = await createDataPeriod(db, companyId, month.month);
    const file = await storeFileStream(deps.storage, Readable.from([Buffer.from(month.text)]));
    const upload = await queueUpload(
      { db, storage: deps.storage, recomputeTaxPosition: deps.recomputeTaxPosition },
      {
        companyId,
        userId: sellerId,
        fields: { format: 'amazon-vtr', dataPeriodId: period.id },
        fileName: month.fileName,
        file,
      },
    );
    uploadIds.push(upload.id);
  }

  const worker = createImportWorker({
    database: deps.database,
    storage: deps.storage,
    recomputeTaxPosition: deps.recomputeTaxPosition,
    log: deps.log,
    staleAfterSeconds: deps.staleAfterSeconds,
    workerId: `demo-seed:${process.pid}`,
  });
  // Another process's worker may take some of them (PostgreSQL, separate workers): then they finish there.
  while ((await listUploadStates(db, uploadIds)).some((upload) => isWaiting(upload.status))) {
    if ((await worker.runOnce()) === null) break;
  }
  const failed = (await listUploadStates(db, uploadIds)).filter(
    (upload) => !isWaiting(upload.status) && upload.status !== 'completed',
  );
  if (failed.length > 0) {
    const names = failed.map((upload) => `${upload.fileName} (${upload.errorCode ?? upload.status})`).join(', ');
    throw new Error(`The demo transactions could not be imported: ${names}`);
  }
  await fileWhatWasDue(deps.database, { companyId, userId: sellerId, today });
  const seconds = Math.round(performance.now() - startedAt) / 1000;
  deps.log.info({ uploads: uploadIds.length, seconds }, 'demo transactions imported');
  return { status: 'seeded', uploadIds, seconds };
}

/**
 * A seller who used Vatlas all year filed its returns: every filing due before today is marked filed on its due
 * date, as the seller would with "Mark filed", under a reference that says it is a demo. The calendar then shows a
 * year of history and what is coming, not a wall of overdue returns nobody would have let happen. The marks are not
 * audited: the audit log says what people did and when, and nobody marked these at the time the seed runs (a fresh
 * install's log would otherwise open with a year of the seller's marks, all made in one second).
 */
async function fileWhatWasDue(database: Database, input: { companyId: string; userId: string; today: string }) {
  const { companyId, userId } = input;
  const { items } = await listFilings(database.db, companyId, { to: addIsoDays(input.today, -1) });
  for (const filing of items) {
    if (filing.filedOn !== null) continue;
    const reference = `DEMO-${filing.jurisdiction}-${filing.filingType}-${filing.periodStart.slice(0, 7)}`;
    await markFilingFiled(database.db, {
      companyId,
      filingId: filing.id,
      userId,
      request: { filedOn: filing.dueDate, reference },
      isAudited: false,
    });
  }
}

const isWaiting = (status: string) => status === 'queued' || status === 'processing';
