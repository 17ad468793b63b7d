import type { UploadFailureCode } from '@vatlas/contract';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { lockUntilCommit } from '../../db/advisory-locks';
import { type Db, giveRequestsATurn, type Rows } from '../../db/client';
import { columnMappings, transactionDaySums, transactions, transactionUploads, uploadProblems } from '../../db/schema';
import { isUuid } from '../company/repository';
import { DAY_SUM_COLUMNS, DAY_SUM_GROUPING_OF_ROW } from './day-sums';

export type UploadRecord = typeof transactionUploads.$inferSelect;
/** An upload whose whole file is stored: the only kind anyone sees (`receivedAt`). */
export type ReceivedUploadRecord = UploadRecord & { sha256: string; receivedAt: Date };
export type NewUploadRecord = typeof transactionUploads.$inferInsert;
export type ColumnMappingRecord = typeof columnMappings.$inferSelect;
export type ProblemRecord = typeof uploadProblems.$inferSelect;

/** Uploads whose rows are, or may become, part of the company's data: a file among them is not taken twice. */
const LIVE_STATUSES = ['queued', 'processing', 'completed', 'validating', 'validated'];

/** The statuses of a job a worker holds: importing, or reading a validate-first upload. */
const RUNNING_STATUSES = ['processing', 'validating'];

export async function insertUpload(db: Db, values: NewUploadRecord): Promise<UploadRecord> {
  const [row] = await db.insert(transactionUploads).values(values).returning();
  if (!row) throw new Error('the upload row was not written');
  return row;
}

export async function findLiveUploadBySha(db: Db, companyId: string, sha256: string) {
  const [row] = await db
    .select()
    .from(transactionUploads)
    .where(
      and(
        eq(transactionUploads.companyId, companyId),
        eq(transactionUploads.sha256, sha256),
        inArray(transactionUploads.status, LIVE_STATUSES),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Makes the calling transaction the only one, until it ends, to check and write the company's uploads of the file
 * `sha256`.
 */
export async function lockUploadsOfFile(db: Db, companyId: string, sha256: string): Promise<void> {
  await lockUntilCommit(db, 'uploadsOfFile', `${companyId}:${sha256}`);
}

/**
 * The jobs of `companyId` a live worker holds (alias `busy`): one company's imports run one at a time, so two never
 * race on the duplicate check.
 */
const runningJobsOf = (companyId: SQL, staleAfterSeconds: number) => sql`
  select 1 from transaction_uploads busy
  where busy.company_id = ${companyId} and busy.status in ('processing', 'validating')
    and busy.heartbeat_at >= now() - make_interval(secs => ${staleAfterSeconds})`;

/** Received uploads only: one whose file is still arriving has no answer yet, so it is no one's to see. */
const isReceived = isNotNull(transactionUploads.receivedAt);

export async function findUpload(
  db: Db,
  companyId: string,
  uploadId: string,
): Promise<ReceivedUploadRecord | undefined> {
  if (!isUuid(uploadId)) return undefined;
  const [row] = await db
    .select()
    .from(transactionUploads)
    .where(and(eq(transactionUploads.companyId, companyId), eq(transactionUploads.id, uploadId), isReceived))
    .limit(1);
  return row as ReceivedUploadRecord | undefined;
}

export async function findUploadById(db: Db, uploadId: string): Promise<UploadRecord | undefined> {
  const [row] = await db.select().from(transactionUploads).where(eq(transactionUploads.id, uploadId)).limit(1);
  return row;
}

export async function listUploadsOfCompany(db: Db, companyId: string): Promise<ReceivedUploadRecord[]> {
  const rows = await db
    .select()
    .from(transactionUploads)
    .where(and(eq(transactionUploads.companyId, companyId), isReceived))
    .orderBy(desc(transactionUploads.createdAt), desc(transactionUploads.sequence));
  return rows as ReceivedUploadRecord[];
}

/**
 * An upload whose import starts while its file arrives (decision 023), held by `workerId` from the start: no sha256,
 * no size and no `receivedAt` yet. Written only when no other job of the company runs, the rule `claimNextUpload`
 * keeps; undefined when one does, and the file is then stored and queued as usual. Undefined too when its data period
 * was deleted since its fields were checked (waited for while the delete runs): queued, the upload is then refused 404.
 */
export async function insertReceivingUpload(
  db: Db,
  values: Pick<NewUploadRecord, 'companyId' | 'dataPeriodId' | 'sourceFormat' | 'columnMapping' | 'fileName'> & {
    storageKey: string;
    uploadedBy: string;
  },
  workerId: string,
  staleAfterSeconds: number,
): Promise<UploadRecord | undefined> {
  const result = (await db.execute(sql`
    insert into transaction_uploads (company_id, data_period_id, source_format, column_mapping, file_name, storage_key,
      sha256, size_bytes, status, attempts, locked_by, heartbeat_at, uploaded_by, received_at, started_at)
    select ${values.companyId}, ${values.dataPeriodId ?? null}, ${values.sourceFormat},
      ${values.columnMapping === null || values.columnMapping === undefined ? null : JSON.stringify(values.columnMapping)}::jsonb,
      ${values.fileName}, ${values.storageKey}, null, 0, 'processing', 1, ${workerId}, now(), ${values.uploadedBy},
      null, now()
    where not exists (${runningJobsOf(sql`${values.companyId}::uuid`, staleAfterSeconds)})
      and (${values.dataPeriodId ?? null}::uuid is null or exists (
        select 1 from data_periods
        where id = ${values.dataPeriodId ?? null} and company_id = ${values.companyId} for key share))
    returning id`)) as unknown as Rows<{ id: string }>;
  const id = result.rows[0]?.id;
  return id === undefined ? undefined : findUploadById(db, id);
}

/** The whole file is stored: its hash and size are known and the upload becomes visible. */
export async function markUploadReceived(
  db: Db,
  uploadId: string,
  file: { sha256: string; sizeBytes: number },
): Promise<ReceivedUploadRecord | undefined> {
  const [row] = await db
    .update(transactionUploads)
    .set({ sha256: file.sha256, sizeBytes: String(file.sizeBytes), receivedAt: sql`now()` })
    .where(and(eq(transactionUploads.id, uploadId), isNull(transactionUploads.receivedAt)))
    .returning();
  return row as ReceivedUploadRecord | undefined;
}

/** The request writing an upload's file is alive: the upload is not abandoned (`selectAbandonedReceipts`). */
export async function touchReceipt(db: Db, uploadId: string): Promise<void> {
  await db
    .update(transactionUploads)
    .set({ heartbeatAt: sql`now()` })
    .where(and(eq(transactionUploads.id, uploadId), isNull(transactionUploads.receivedAt)));
}

/** Deletes an upload that was never received, with whatever its import stored. */
export async function deleteUnreceivedUpload(db: Db, uploadId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    await deleteUploadRows(txDb, uploadId);
    await txDb
      .delete(transactionUploads)
      .where(and(eq(transactionUploads.id, uploadId), isNull(transactionUploads.receivedAt)));
  });
}

/**
 * Uploads whose file never arrived whole and whose worker is gone: the server stopped during the request, which thus
 * never answered. Answered with their stored file's key, for `deleteUnreceivedUpload` and the file's removal. Every
 * import worker runs it every second, so it reads the uploads whose file is still arriving through their partial index
 * (`transaction_uploads_unreceived_idx`), never the whole table. The query itself, to be awaited (or explained).
 */
export function selectAbandonedReceipts(db: Db, staleAfterSeconds: number) {
  return db
    .select({ id: transactionUploads.id, storageKey: transactionUploads.storageKey })
    .from(transactionUploads)
    .where(
      and(
        isNull(transactionUploads.receivedAt),
        sql`(${transactionUploads.heartbeatAt} is null
          or ${transactionUploads.heartbeatAt} < now() - make_interval(secs => ${staleAfterSeconds}))`,
      ),
    );
}

/**
 * Completed uploads whose file is still stored (decision 037): the file's delete, which follows the completion, failed
 * or never ran (the server stopped in between), or the upload was completed before files were deleted at all.
 */
export async function selectKeptImportedFiles(db: Db): Promise<{ id: string; storageKey: string }[]> {
  const rows = await db
    .select({ id: transactionUploads.id, storageKey: transactionUploads.storageKey })
    .from(transactionUploads)
    .where(and(eq(transactionUploads.status, 'completed'), isNotNull(transactionUploads.storageKey)));
  return rows.flatMap(({ id, storageKey }) => (storageKey === null ? [] : [{ id, storageKey }]));
}

/** A completed upload's file was deleted: its key goes too, so the upload no longer claims a file. */
export async function forgetImportedFile(db: Db, uploadId: string, storageKey: string): Promise<void> {
  await db
    .update(transactionUploads)
    .set({ storageKey: null })
    .where(
      and(
        eq(transactionUploads.id, uploadId),
        eq(transactionUploads.status, 'completed'),
        eq(transactionUploads.storageKey, storageKey),
      ),
    );
}

/**
 * Queued, validated or a validation no worker holds yet → cancelled at once; processing or validating in a worker's
 * hands → the worker is asked to stop between batches.
 */
export async function requestCancel(db: Db, companyId: string, uploadId: string): Promise<UploadRecord | undefined> {
  if (!isUuid(uploadId)) return undefined;
  const isIdle = sql`(${transactionUploads.status} in ('queued', 'validated') or (${transactionUploads.status} = 'validating' and ${transactionUploads.lockedBy} is null))`;
  const [row] = await db
    .update(transactionUploads)
    .set({
      status: sql`case when ${isIdle} then 'cancelled' else ${transactionUploads.status} end`,
      finishedAt: sql`case when ${isIdle} then now() else ${transactionUploads.finishedAt} end`,
      cancelRequestedAt: sql`coalesce(${transactionUploads.cancelRequestedAt}, now())`,
    })
    .where(
      and(
        eq(transactionUploads.companyId, companyId),
        eq(transactionUploads.id, uploadId),
        inArray(transactionUploads.status, ['queued', 'processing', 'validating', 'validated']),
      ),
    )
    .returning();
  return row;
}

/** A validated upload without problems → queued for import from its stored file; undefined when it is not one. */
export async function queueValidatedUpload(
  db: Db,
  companyId: string,
  uploadId: string,
): Promise<UploadRecord | undefined> {
  if (!isUuid(uploadId)) return undefined;
  const [row] = await db
    .update(transactionUploads)
    .set({ status: 'queued', attempts: 0, startedAt: null, finishedAt: null })
    .where(
      and(
        eq(transactionUploads.companyId, companyId),
        eq(transactionUploads.id, uploadId),
        eq(transactionUploads.status, 'validated'),
        eq(transactionUploads.problemCount, 0),
      ),
    )
    .returning();
  return row;
}

/**
 * A failed or cancelled upload → queued again from its stored file, counts, error and problems reset (one
 * transaction, so the problems never outlive the reset counts).
 */
export async function requeueEndedUpload(
  db: Db,
  companyId: string,
  uploadId: string,
): Promise<UploadRecord | undefined> {
  if (!isUuid(uploadId)) return undefined;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(transactionUploads)
      .set({
        status: 'queued',
        attempts: 0,
        bytesProcessed: '0',
        rowsRead: 0,
        rowsImported: 0,
        rowsDuplicate: 0,
        problemCount: 0,
        errorCode: null,
        errorMessage: null,
        cancelRequestedAt: null,
        startedAt: null,
        finishedAt: null,
      })
      .where(
        and(
          eq(transactionUploads.companyId, companyId),
          eq(transactionUploads.id, uploadId),
          inArray(transactionUploads.status, ['failed', 'cancelled']),
        ),
      )
      .returning();
    if (row) await tx.delete(uploadProblems).where(eq(uploadProblems.uploadId, uploadId));
    return row;
  });
}

/** Removes an upload that is not being processed; its rows and problems go with it (foreign-key cascade). */
export async function deleteUploadRow(db: Db, companyId: string, uploadId: string): Promise<UploadRecord | undefined> {
  const [row] = await db
    .delete(transactionUploads)
    .where(
      and(
        eq(transactionUploads.companyId, companyId),
        eq(transactionUploads.id, uploadId),
        sql`${transactionUploads.status} <> 'processing'`,
        sql`not (${transactionUploads.status} = 'validating' and ${transactionUploads.lockedBy} is not null)`,
      ),
    )
    .returning();
  return row;
}

export async function countProblems(db: Db, uploadId: string): Promise<number> {
  const [row] = await db.select({ value: count() }).from(uploadProblems).where(eq(uploadProblems.uploadId, uploadId));
  return Number(row?.value ?? 0);
}

export async function listProblems(
  db: Db,
  uploadId: string,
  page: { offset: number; limit: number | null },
): Promise<ProblemRecord[]> {
  const query = db
    .select()
    .from(uploadProblems)
    .where(eq(uploadProblems.uploadId, uploadId))
    .orderBy(asc(uploadProblems.sequence))
    .offset(page.offset);
  return page.limit === null ? query : query.limit(page.limit);
}

export async function insertProblems(db: Db, rows: (typeof uploadProblems.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(uploadProblems).values(rows);
}

// ── Column mappings ─────────────────────────────────────────────────────────────────────────────────────────────

export async function listColumnMappings(db: Db, companyId: string): Promise<ColumnMappingRecord[]> {
  return db
    .select()
    .from(columnMappings)
    .where(eq(columnMappings.companyId, companyId))
    .orderBy(asc(columnMappings.name));
}

/** By id when the reference is a uuid, else by name. */
export async function findColumnMapping(
  db: Db,
  companyId: string,
  reference: string,
): Promise<ColumnMappingRecord | undefined> {
  const [row] = await db
    .select()
    .from(columnMappings)
    .where(
      and(
        eq(columnMappings.companyId, companyId),
        isUuid(reference) ? eq(columnMappings.id, reference) : eq(columnMappings.name, reference),
      ),
    )
    .limit(1);
  return row;
}

export async function upsertColumnMapping(
  db: Db,
  values: { companyId: string; name: string; mapping: Record<string, unknown> },
): Promise<ColumnMappingRecord> {
  const [row] = await db
    .insert(columnMappings)
    .values(values)
    .onConflictDoUpdate({
      target: [columnMappings.companyId, columnMappings.name],
      set: { mapping: values.mapping, updatedAt: sql`now()` },
    })
    .returning();
  if (!row) throw new Error('the column mapping was not written');
  return row;
}

export async function deleteColumnMapping(db: Db, companyId: string, reference: string): Promise<boolean> {
  const row = await findColumnMapping(db, companyId, reference);
  if (!row) return false;
  await db.delete(columnMappings).where(eq(columnMappings.id, row.id));
  return true;
}

// ── The job side: claiming, progress, outcome ───────────────────────────────────────────────────────────────────

/**
 * Claims the oldest queued upload, or a 'processing' one whose worker stopped saying it is alive, for `workerId`.
 * SKIP LOCKED lets several workers claim side by side without waiting on each other; an upload of a company that
 * another live worker is importing waits, so two imports of one company never race on the duplicate check.
 */
export async function claimNextUpload(db: Db, workerId: string, staleAfterSeconds: number): Promise<string | null> {
  const result = (await db.execute(sql`
    update transaction_uploads
    set status = case when status = 'validating' then 'validating' else 'processing' end, locked_by = ${workerId}, heartbeat_at = now(), attempts = attempts + 1,
        started_at = coalesce(started_at, now()), bytes_processed = 0, rows_read = 0, rows_imported = 0,
        rows_duplicate = 0, problem_count = 0
    where id = (
      select candidate.id from transaction_uploads candidate
      where candidate.received_at is not null and (candidate.status = 'queued'
          or (candidate.status = 'validating' and candidate.locked_by is null)
          or (candidate.status in ('processing', 'validating')
              and candidate.heartbeat_at < now() - make_interval(secs => ${staleAfterSeconds})))
        and not exists (
          ${runningJobsOf(sql`candidate.company_id`, staleAfterSeconds)} and busy.id <> candidate.id)
      order by candidate.created_at, candidate.sequence
      limit 1
      for update skip locked)
    returning id`)) as unknown as Rows<{ id: string }>;
  return result.rows[0]?.id ?? null;
}

/** What a progress report learns back: whether the job is still this worker's and whether to stop. */
export type JobSignal = { isOwned: boolean; isCancelRequested: boolean };

export async function reportProgress(
  db: Db,
  uploadId: string,
  workerId: string,
  progress: {
    bytesProcessed: number;
    rowsRead: number;
    rowsImported: number;
    rowsDuplicate: number;
    problemCount: number;
  },
): Promise<JobSignal> {
  const [row] = await db
    .update(transactionUploads)
    .set({
      bytesProcessed: String(progress.bytesProcessed),
      rowsRead: progress.rowsRead,
      rowsImported: progress.rowsImported,
      rowsDuplicate: progress.rowsDuplicate,
      problemCount: progress.problemCount,
      heartbeatAt: sql`now()`,
    })
    .where(
      and(
        eq(transactionUploads.id, uploadId),
        eq(transactionUploads.lockedBy, workerId),
        inArray(transactionUploads.status, RUNNING_STATUSES),
      ),
    )
    .returning({ cancelRequestedAt: transactionUploads.cancelRequestedAt });
  return { isOwned: row !== undefined, isCancelRequested: Boolean(row?.cancelRequestedAt) };
}

export async function touchHeartbeat(db: Db, uploadId: string, workerId: string): Promise<void> {
  await db
    .update(transactionUploads)
    .set({ heartbeatAt: sql`now()` })
    .where(
      and(
        eq(transactionUploads.id, uploadId),
        eq(transactionUploads.lockedBy, workerId),
        inArray(transactionUploads.status, RUNNING_STATUSES),
      ),
    );
}

/**
 * Autovacuum's rule with its defaults: a table is analyzed once its changed rows, and vacuumed once its dead rows, pass
 * a share of its rows (a tenth, a fifth) plus 50.
 */
const ANALYZE_SCALE_FACTOR = 0.1;
const VACUUM_SCALE_FACTOR = 0.2;
const isPastAutovacuumLine = (rows: number, ofRows: number, scaleFactor: number) => rows > scaleFactor * ofRows + 50;

/**
 * A statement of the upkeep below, run after the event loop's turn (`giveRequestsATurn`). The import worker runs the
 * upkeep right after a job's last transaction: on PGlite, without a turn before each statement, the upkeep of a 1M-row
 * import (the upload index's summary 0.5 s, the statistics 0.7 s) ran on from the completing transaction (0.8 s), and a
 * request that arrived meanwhile waited 2.1 s for all three.
 */
async function executeAfterATurn(db: Db, statement: SQL): Promise<unknown> {
  await giveRequestsATurn();
  return db.execute(statement);
}

/**
 * Fresh statistics of `transactions` and of its day sums after an import, when its rows changed enough since they were
 * last taken: by more than a tenth of the rows they counted plus 50, as PostgreSQL's autovacuum decides (its analyze
 * scale factor and threshold). Right after a bulk load PostgreSQL believes the table is empty until autovacuum runs (a
 * minute later, if it runs at all), and PGlite has no autovacuum at all, so the pages would scan instead of seek. The
 * day sums change with the rows, and the transactions list walks them to narrow its filters (`narrowToStoredDays`):
 * planned on the statistics of an emptier table, a walk read a year's sums of each upload (18 ms at 1M rows) where a
 * walk in day order stops at the first match (0.1 ms). At 1M rows on PostgreSQL their ANALYZE takes 0.05 s and the
 * rows' 0.18 s, each from a sample of 7,500 rows (migration 0037; 0.24 and 0.77 s with the default 30,000). The
 * counts of changes (`n_mod_since_analyze`) reach the statistics views only when the server flushes them, up to a
 * second later, so the rows the statistics counted (`reltuples`, -1 before the first) are compared with the rows the
 * completed uploads imported. On PGlite an ANALYZE holds the one connection, and every request with it: a small upload
 * to a long history does not pay that. Answers whether it took them.
 */
export async function analyzeTransactionsIfChanged(db: Db): Promise<boolean> {
  const result = (await executeAfterATurn(
    db,
    sql`
    select
      (select reltuples::float8 from pg_class where oid = 'transactions'::regclass) as "counted",
      (select coalesce(sum(rows_imported), 0)::float8 from transaction_uploads where status = 'completed') as "stored"
  `,
  )) as unknown as { rows: { counted: number; stored: number }[] };
  const counts = result.rows[0];
  const counted = Number(counts?.counted ?? -1);
  const stored = Number(counts?.stored ?? 0);
  if (counted >= 0 && !isPastAutovacuumLine(Math.abs(stored - counted), counted, ANALYZE_SCALE_FACTOR)) return false;
  // One table a statement: on PGlite a request that arrived meanwhile goes between them.
  await executeAfterATurn(db, sql`analyze transactions`);
  await executeAfterATurn(db, sql`analyze transaction_day_sums`);
  return true;
}

/** The live and dead rows of `transactions` as the statistics views count them, once the server flushed its counts. */
export async function selectTransactionRowCounts(db: Db): Promise<{ live: number; dead: number }> {
  await executeAfterATurn(db, sql`select pg_stat_force_next_flush()`);
  const result = (await executeAfterATurn(
    db,
    sql`
    select n_live_tup::float8 as "live", n_dead_tup::float8 as "dead"
    from pg_stat_user_tables where relid = 'transactions'::regclass
  `,
  )) as unknown as { rows: { live: number; dead: number }[] };
  return { live: Number(result.rows[0]?.live ?? 0), dead: Number(result.rows[0]?.dead ?? 0) };
}

/**
 * Reclaims the rows of deleted uploads, and of failed, cancelled or abandoned imports, once they are more than a fifth
 * of the table's rows plus 50, as PostgreSQL's autovacuum decides (its vacuum scale factor and threshold), and takes
 * the statistics with it. PGlite has no autovacuum: without this its tables would grow by every import deleted or
 * undone, and its scans would walk the dead rows for ever. On PGlite the VACUUM holds the one connection: measured after
 * deleting 1M of 2M rows, 4.3 s. Answers whether it vacuumed.
 */
export async function vacuumTransactionsIfDead(db: Db): Promise<boolean> {
  const { live, dead } = await selectTransactionRowCounts(db);
  if (!isPastAutovacuumLine(dead, live + dead, VACUUM_SCALE_FACTOR)) return false;
  await executeAfterATurn(db, sql`vacuum (analyze) transactions, transaction_day_sums`);
  return true;
}

/**
 * The calendar years of an upload's tax points, ascending, from its day sums: the years its rows add to the tax
 * position, or take away from it. Read a year at a time along `transaction_day_sums_upload_idx` (upload, date): each
 * step finds the first day on or after the next new year's day, so a million-row upload costs as many index probes as
 * it has years (under 1 ms), where a distinct over its sums read every one of them (66-160 ms at 150,000 sums).
 */
export async function selectTaxYearsOfUpload(db: Db, uploadId: string): Promise<number[]> {
  const result = (await db.execute(sql`
    with recursive years(year) as (
      select extract(year from min(${transactionDaySums.taxPointDate}))::int
      from ${transactionDaySums}
      where ${transactionDaySums.uploadId} = ${uploadId}
      union all
      select (
        select extract(year from min(later.tax_point_date))::int
        from ${transactionDaySums} as later
        where later.upload_id = ${uploadId} and later.tax_point_date >= make_date(years.year + 1, 1, 1)
      )
      from years
      where years.year is not null
    )
    select year from years where year is not null order by year
  `)) as unknown as Rows<{ year: number }>;
  return result.rows.map((row) => Number(row.year));
}

/**
 * Runs `work`, statements on the rows of one upload (`upload_id = …`), in a transaction (a savepoint inside one) in
 * which the planner walks no table from end to end: it finds the rows through the upload indexes. The statistics would
 * not always lead it there: right after a bulk COPY, and on PGlite (no autovacuum) until the next ANALYZE, it believes
 * `transactions` small, and the BRIN index's cost grows as the upload ids' order strays from the pages' (one upload
 * after another, random ids). A walk reads every row of every company (0.2 s at 2M rows on PostgreSQL's parallel
 * scan, a year of a large seller's 12M some six times that) where the upload's own pages take milliseconds. The setting
 * goes back to its default before the transaction goes on: a savepoint's release keeps what was set inside it.
 */
async function throughUploadIndexes(db: Db, work: (tx: Db) => Promise<void>): Promise<void> {
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    await txDb.execute(sql`set local enable_seqscan = off`);
    await work(txDb);
    await txDb.execute(sql`reset enable_seqscan`);
  });
}

/** Deletes the upload's rows and their day sums. */
export async function deleteUploadRows(db: Db, uploadId: string): Promise<void> {
  await throughUploadIndexes(db, async (tx) => {
    await tx.delete(transactions).where(eq(transactions.uploadId, uploadId));
    await tx.delete(transactionDaySums).where(eq(transactionDaySums.uploadId, uploadId));
  });
}

/**
 * The BRIN indexes of `transactions`: one, of the upload ids (the deletes) and the bloom filters of the event ids,
 * activity ids and SKUs (the search, decisions 054 and 062). A COPY appends pages without a summary, and BRIN leaves
 * them to a VACUUM, which PGlite never runs on its own: until then every reader of it reads those pages.
 */
export const TRANSACTION_BRIN_INDEXES = ['transactions_upload_search_idx'] as const;

/**
 * Pages of `transactions` a statement of `summarizeTransactionIndexes` covers: 4 ranges, some 3,500 rows, a few
 * milliseconds on PGlite. A request that arrives while one runs waits for its end. With 32 ranges a statement, a client
 * reading the list page after page right after a 1M-row import on PGlite waited tens of milliseconds at every page:
 * its first page took 38 ms at the median and 54 ms at the 95th percentile, against 12 and 17 ms with 4 ranges, and 7
 * and 15 ms once the upkeep was done (AMD EPYC, bench/RESULTS.md). Measured when a statement summarised one of four
 * indexes; since decision 062 it summarises the four columns of the one, reading the pages once for them all.
 */
export const SUMMARY_BATCH_PAGES = 128;

/**
 * Summarises the pages of `transactions` that its BRIN indexes (`TRANSACTION_BRIN_INDEXES`) have no summary of yet.
 * A COPY appends them at the table's end, so each index is walked back from there, `batchPages` pages a statement
 * (a multiple of the ranges' 32), until a statement finds every range it covers summarised already. Each statement
 * waits for the event loop's turn first. On PGlite a statement holds the one connection: summarising a million rows'
 * pages in one statement held every request for 0.5-1 s per index (measured with four); a batch holds it for a few
 * milliseconds. Pages inserted into a summarised range are added to its summary as they are inserted. Answers how
 * many ranges it summarised, all indexes together; each summary reads its pages once, for every column of its index.
 */
export async function summarizeTransactionIndexes(db: Db, batchPages = SUMMARY_BATCH_PAGES): Promise<number> {
  const sized = (await executeAfterATurn(
    db,
    sql`select (pg_relation_size('transactions') / current_setting('block_size')::int)::int as "pages"`,
  )) as unknown as Rows<{ pages: number | string }>;
  const pages = Number(sized.rows[0]?.pages ?? 0);
  let ranges = 0;
  for (const name of TRANSACTION_BRIN_INDEXES) {
    for (let start = Math.floor((pages - 1) / batchPages) * batchPages; start >= 0; start -= batchPages) {
      const result = (await executeAfterATurn(
        db,
        sql`select coalesce(sum(brin_summarize_range(${name}::regclass, block)), 0)::int as "ranges"
          from generate_series(${start}::bigint, ${start + batchPages - 1}::bigint, 32) as block`,
      )) as unknown as Rows<{ ranges: number | string }>;
      const summarized = Number(result.rows[0]?.ranges ?? 0);
      ranges += summarized;
      if (summarized === 0) break;
    }
  }
  return ranges;
}

/**
 * The upkeep of `transactions` once an import's outcome is committed: the rows an undone import left dead are
 * reclaimed (the vacuum takes the statistics and the summaries too), or else the rows a completed import added get fresh
 * statistics (`analyzeTransactionsIfChanged`), and then the pages it loaded their BRIN summaries
 * (`summarizeTransactionIndexes`). The statistics come first: until they count the new rows the planner believes the
 * table a few thousand rows, and the transactions list filtered by a jurisdiction and a type took 50-70 ms a page
 * instead of 10 (1M rows on PostgreSQL, Intel Xeon). Summaries first kept those plans for 1.9 s after the completion,
 * statistics first for 0.5 s; a search meanwhile reads the pages without a summary, as it would have before.
 */
export async function tidyTransactionsAfterImport(db: Db, outcome: { hasAddedRows: boolean }): Promise<void> {
  if (await vacuumTransactionsIfDead(db)) return;
  if (outcome.hasAddedRows) await analyzeTransactionsIfChanged(db);
  await summarizeTransactionIndexes(db);
}

/**
 * Replaces the upload's day sums by the sums of its stored rows: for a load that skipped rows already stored (whose
 * sums the encoder could not know), and for rows written other than by an import (tests).
 */
export async function replaceDaySumsFromRows(db: Db, uploadId: string): Promise<void> {
  const grouping = DAY_SUM_GROUPING_OF_ROW.join(', ');
  await throughUploadIndexes(db, async (tx) => {
    await tx.delete(transactionDaySums).where(eq(transactionDaySums.uploadId, uploadId));
    await tx.execute(sql`
      insert into transaction_day_sums (${sql.raw(DAY_SUM_COLUMNS.join(', '))})
      select ${sql.raw(grouping)}, sum(net_amount), sum(vat_amount), sum(gross_amount), sum(computed_vat_amount), count(*)
      from transactions
      where upload_id = ${uploadId}
      group by ${sql.raw(grouping)}
    `);
  });
}

/** Deletes what an attempt stored: its rows and its problems. */
export async function deleteImportedData(db: Db, uploadId: string): Promise<void> {
  await deleteUploadRows(db, uploadId);
  await db.delete(uploadProblems).where(eq(uploadProblems.uploadId, uploadId));
}

export type JobOutcome =
  | { status: 'completed' }
  | { status: 'validated' }
  | { status: 'failed'; errorCode: UploadFailureCode; errorMessage: string }
  | { status: 'cancelled' };

/** Ends the job if this worker still holds it; answers whether it did. */
export async function finishJob(db: Db, uploadId: string, workerId: string, outcome: JobOutcome): Promise<boolean> {
  const [row] = await db
    .update(transactionUploads)
    .set({
      status: outcome.status,
      errorCode: outcome.status === 'failed' ? outcome.errorCode : null,
      errorMessage: outcome.status === 'failed' ? outcome.errorMessage : null,
      finishedAt: sql`now()`,
      lockedBy: null,
      // An upload whose file still arrives stays alive for its request, which keeps its heartbeat from here on.
      heartbeatAt: sql`case when ${transactionUploads.receivedAt} is null then now() end`,
    })
    .where(
      and(
        eq(transactionUploads.id, uploadId),
        eq(transactionUploads.lockedBy, workerId),
        inArray(transactionUploads.status, RUNNING_STATUSES),
        ...(outcome.status === 'completed' ? [sql`${transactionUploads.cancelRequestedAt} is null`] : []),
      ),
    )
    .returning({ id: transactionUploads.id });
  return row !== undefined;
}

/** A graceful stop gives the job back without spending one of its attempts; the next claim starts it again. */
export async function releaseJob(db: Db, uploadId: string, workerId: string): Promise<void> {
  await db
    .update(transactionUploads)
    .set({
      status: sql`case when ${transactionUploads.status} = 'validating' then 'validating' else 'queued' end`,
      lockedBy: null,
      heartbeatAt: null,
      attempts: sql`greatest(${transactionUploads.attempts} - 1, 0)`,
    })
    .where(
      and(
        eq(transactionUploads.id, uploadId),
        eq(transactionUploads.lockedBy, workerId),
        inArray(transactionUploads.status, RUNNING_STATUSES),
      ),
    );
}
