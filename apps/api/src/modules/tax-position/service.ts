import { isDeepStrictEqual } from 'node:util';
import {
  addIsoDays,
  type CompanyTaxProfile,
  createEcSalesListBuilder,
  createEcSalesListTotals,
  createExchangeRateTable,
  createReturnsBuilder,
  type EcSalesListBuilder,
  type EcSalesListLine,
  type EcSalesListTotal,
  mergeProblems,
  OSS_RATE_LOOKAHEAD_DAYS,
  type ReturnsBuilder,
  type TaxPosition,
  type TaxPositionProblem,
  type TransactionDaySum,
  yearOf,
} from '@vatlas/domain';
import { sql } from 'drizzle-orm';
import { type Database, type Db, giveRequestsATurn } from '../../db/client';
import { loadExchangeRateTable } from '../exchange-rates/repository';
import { groupBy, refreshFilings } from '../filings/service';
import { loadCompanyTaxProfile } from '../tax-schemes/repository';
import {
  clearTaxPosition,
  copyEcSalesListLines,
  copyRateDays,
  type DaySumScope,
  encodeEcSalesListLines,
  forEachEcSalesListMonth,
  forEachReturnsDaySums,
  insertEcSalesListLines,
  insertEcSalesListTotals,
  insertTaxPosition,
  insertTaxPositionProblems,
  isComputedWithProfile,
  lockTaxPosition,
  selectDistanceSaleDaySums,
  selectRateDays,
  selectTaxPointSpan,
  selectTaxPositionGeneration,
  selectYearsWithMissingRates,
  storeComputedProfile,
  type TaxYears,
} from './repository';

/**
 * Days before the first tax point the rate table reaches back: a local return converts at the rate of the tax-point
 * day or of the previous publication day, and the ECB never goes more than four days without one.
 */
const RATE_LOOKBACK_DAYS = 10;

/**
 * The rates window the sums need: from a little before the first tax point (previous publication day) to the end of
 * the quarter of the last one plus the OSS look-ahead (the rate of the period's last day or the next publication).
 */
function rateWindowOf({ first, last }: { first: string; last: string }): { from: string; to: string } {
  const quarterEndMonth = Math.ceil(Number(last.slice(5, 7)) / 3) * 3;
  const quarterEnd = addIsoDays(`${last.slice(0, 4)}-${String(quarterEndMonth).padStart(2, '0')}-01`, 31);
  return { from: addIsoDays(first, -RATE_LOOKBACK_DAYS), to: addIsoDays(quarterEnd, OSS_RATE_LOOKAHEAD_DAYS) };
}

/**
 * What changed since the stored position was computed: the calendar years of the tax points an upload added or took
 * away (`selectTaxYearsOfUpload`). Without a scope every year is recomputed (a change of schemes touches them all).
 */
export type TaxPositionScope = {
  changedYears: readonly number[];
  /**
   * The position an import's completion computed before its transaction began (`prepareTaxPosition`): stored as it is
   * when nothing it was computed from changed since, else computed again.
   */
  prepared?: PreparedTaxPosition;
};

/** `years` and, for each, the year `offset` away from it, ascending. */
function withYearsAt(years: readonly number[], offset: 1 | -1): number[] {
  return [...new Set(years.flatMap((year) => [year, year + offset]))].sort((a, b) => a - b);
}

/** What a recompute computes and stores besides the EC Sales List, whose lines are handed on as they are built. */
type ComputedTaxPosition = {
  /** The liabilities, OSS lines and threshold of each year. */
  positions: Pick<TaxPosition, 'liabilities' | 'ossLines' | 'ossThresholds'>[];
  problemsByYear: Map<number, TaxPositionProblem[]>;
  /** The EC Sales List's totals, what its filings declare (its lines are handed on as they are built). */
  ecSalesListTotals: EcSalesListTotal[];
  /** The cross-check's rate days, as `copyRateDays` stores them. */
  rateDays: Uint8Array;
};

/**
 * A tax position computed and not stored yet (`prepareTaxPosition`), with what it was computed from: the stored
 * position's generation when the computing began (null before the company's first recompute) and the company's tax
 * profile. `ecSalesList` holds its EC Sales List lines as binary COPY data, a month or so a piece.
 */
export type PreparedTaxPosition = ComputedTaxPosition & {
  companyId: string;
  generation: number | null;
  profile: CompanyTaxProfile;
  years: TaxYears;
  ecSalesList: Uint8Array[];
};

/**
 * Recomputes everything the company's transactions imply — liabilities, OSS return lines, EC Sales List lines, the
 * OSS threshold per year, the problems of the computation, the rate days of the cross-check — for the years `scope`
 * can alter, or every year, and then its filings, replacing what was stored. Runs after an upload completes (inside
 * the transaction that completes it, so totals change together with the rows' visibility), after an upload is
 * deleted and after the company's schemes change, one at a time per company (`lockTaxPosition`). Idempotent, and a
 * scoped recompute stores what a whole one would (`yearsToRecompute`): the same transactions, profile and rates give
 * the same stored position. A position the completion prepared is stored without computing it again when it is still
 * current (`isStillCurrent`).
 */
export async function recomputeTaxPosition(db: Db, companyId: string, scope?: TaxPositionScope): Promise<void> {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await lockTaxPosition(t, companyId);
    // Read once this is the company's only recompute: a change of schemes that committed meanwhile is computed with.
    const profile = await loadCompanyTaxProfile(t, companyId);
    if (!profile) return;
    const prepared = scope?.prepared;
    if (prepared && (await isStillCurrent(t, companyId, profile, prepared))) {
      await clearTaxPosition(t, companyId, prepared.years);
      for (const data of prepared.ecSalesList) await copyEcSalesListLines(t, data);
      await storeTaxPosition(t, companyId, prepared);
      return;
    }
    const years = await yearsToRecompute(t, companyId, profile, scope);
    // Only the day sums and the rates are read from here on: the old lines can go first, and the EC Sales List's go
    // in as they are built, a month at a time.
    await clearTaxPosition(t, companyId, years);
    const computed = await computeTaxPosition(t, { companyId, years }, profile, (lines) =>
      insertEcSalesListLines(t, companyId, lines),
    );
    await storeTaxPosition(t, companyId, { ...computed, profile });
  });
}

/**
 * EC Sales List bytes a prepared position holds at most (about 120 bytes a line: the 1M-row benchmark's 75,025 lines
 * took 9.0 MB). A completion whose lines would take more computes them in its transaction instead, a month at a time,
 * as every other recompute does.
 */
const MAX_PREPARED_EC_SALES_LIST_BYTES = 32 * 1024 * 1024;

class PreparedPositionTooLarge extends Error {}

/**
 * Computes the tax position an upload's completion will store, as if the upload were completed already, before the
 * transaction that completes it: that transaction then only writes (`recomputeTaxPosition` with `prepared`). On
 * PGlite, whose one connection a transaction holds against every other request, the reads are statements of their own
 * and the computing runs between them. On PostgreSQL they run beside the other sessions, on three of their own that
 * share one read-only snapshot (`inSnapshot`): the returns' sums, the EC Sales List's and the rest are read side by side
 * (`computeTaxPosition`).
 * Answers undefined when there is nothing to prepare (no tax profile) or its EC Sales List would hold too much memory
 * (`MAX_PREPARED_EC_SALES_LIST_BYTES`); the completion then computes the position itself.
 *
 * What the position is computed from — the completed uploads, the tax profile, the stored position's years — is
 * checked when it is stored: any recompute that committed meanwhile (another upload completed or deleted, schemes
 * changed) counts itself in the generation, and a profile changed without one (a new seat) differs. Exchange rates
 * imported meanwhile are not checked: a position stored with the rates of a moment before is what a completion a moment
 * earlier would have stored, and a rate that was missing is looked for again by every later recompute.
 */
export async function prepareTaxPosition(
  database: Database,
  companyId: string,
  completing: { uploadId: string; changedYears: readonly number[] },
  { maxEcSalesListBytes = MAX_PREPARED_EC_SALES_LIST_BYTES } = {},
): Promise<PreparedTaxPosition | undefined> {
  const prepare = async (db: Db, otherSessions?: Reader): Promise<PreparedTaxPosition | undefined> => {
    const generation = await selectTaxPositionGeneration(db, companyId);
    const profile = await loadCompanyTaxProfile(db, companyId);
    if (!profile) return undefined;
    const years = await yearsToRecompute(db, companyId, profile, { changedYears: completing.changedYears });
    const ecSalesList: Uint8Array[] = [];
    let ecSalesListBytes = 0;
    const scope = { companyId, years, completing: completing.uploadId };
    const computed = await computeTaxPosition(
      db,
      scope,
      profile,
      async (lines) => {
        if (lines.length === 0) return;
        const data = encodeEcSalesListLines(companyId, lines);
        ecSalesListBytes += data.byteLength;
        if (ecSalesListBytes > maxEcSalesListBytes) throw new PreparedPositionTooLarge();
        ecSalesList.push(data);
      },
      otherSessions,
    );
    return { ...computed, companyId, generation, profile, years, ecSalesList };
  };
  try {
    if (database.kind === 'pglite') return await prepare(database.db);
    return await inSnapshot(database.db, undefined, async (db, snapshot) =>
      prepare(db, (read) => inSnapshot(database.db, snapshot, read)),
    );
  } catch (error) {
    if (error instanceof PreparedPositionTooLarge) return undefined;
    throw error;
  }
}

/** Runs reads on a database session of its own (`inSnapshot`). */
type Reader = <T>(read: (db: Db) => Promise<T>) => Promise<T>;

/**
 * Runs `read` in a read-only transaction of its own, on PostgreSQL only: in the snapshot another such transaction
 * exported (`snapshot`), or in a new one, which `read` gets to hand on. All then see the same committed data, on
 * sessions that the database runs side by side. The first holds its pool connection while it waits for the others': an
 * import worker runs one import at a time, so a process's preparing holds three of its pool's ten at most.
 */
async function inSnapshot<T>(
  db: Db,
  snapshot: string | undefined,
  read: (db: Db, snapshot: string) => Promise<T>,
): Promise<T> {
  return db.transaction(
    async (tx) => {
      const t = tx as unknown as Db;
      if (snapshot !== undefined) {
        // A statement that takes no parameter: the id goes in as a literal, of the digits and dashes it is made of.
        if (!/^[0-9A-F-]+$/i.test(snapshot)) throw new Error(`Not a snapshot id: ${snapshot}`);
        await t.execute(sql.raw(`set transaction snapshot '${snapshot}'`));
        return read(t, snapshot);
      }
      const exported = (await t.execute(sql`select pg_export_snapshot() as id`)) as unknown as {
        rows: { id: string }[];
      };
      return read(t, exported.rows[0]?.id ?? '');
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * Whether nothing `prepared` was computed from changed since (`prepareTaxPosition`), the company's tax profile being
 * `profile` now. Call holding the lock.
 */
async function isStillCurrent(
  db: Db,
  companyId: string,
  profile: CompanyTaxProfile,
  prepared: PreparedTaxPosition,
): Promise<boolean> {
  if (prepared.companyId !== companyId || !isDeepStrictEqual(profile, prepared.profile)) return false;
  return (await selectTaxPositionGeneration(db, companyId)) === prepared.generation;
}

/**
 * Computes the position of `scope` from its day sums and rates, handing the EC Sales List's lines to
 * `onEcSalesListLines` a month at a time as they are built; answers the rest. Reads nothing a recompute stores.
 *
 * With `otherSessions` (more sessions in the same snapshot, on PostgreSQL) the returns' sums and the EC Sales List's are
 * each read on a session of their own from the start, while `db` reads the span, the rates and the distance sales and
 * then the rate days. Each cursor's first fetch groups every sum of the scope (0.2-0.3 s at 150,000 sums) and the rate
 * days group them once more (0.16-0.2 s): on one session these waited for each other, where side by side the database
 * works while this thread builds from the sums already fetched. Alone, `db` reads them one after another.
 */
async function computeTaxPosition(
  db: Db,
  scope: DaySumScope,
  profile: CompanyTaxProfile,
  onEcSalesListLines: (lines: readonly EcSalesListLine[]) => Promise<void>,
  otherSessions?: Reader,
): Promise<ComputedTaxPosition> {
  // A year's threshold reads the year before (`exceededPreviousYear`): its distance sales are read (and converted),
  // its lines stay as stored.
  const readScope = { ...scope, years: scope.years && withYearsAt(scope.years, -1) };
  // Everything below reads the day sums stored with each upload, never the rows, and holds a fetch of them at a
  // time: a large seller has tens of thousands at the returns' grain, and more per business customer. Each statement
  // waits for the event loop's turn (`giveRequestsATurn`): on PGlite, outside a transaction, a request that came
  // meanwhile goes first.
  const inputs = (async () => {
    await giveRequestsATurn();
    const span = await selectTaxPointSpan(db, readScope);
    await giveRequestsATurn();
    const rates = span ? await loadExchangeRateTable(db, rateWindowOf(span)) : createExchangeRateTable([]);
    await giveRequestsATurn();
    const distanceSales = byYearOf(await selectDistanceSaleDaySums(db, readScope));
    return { rates, distanceSales };
  })();
  // One builder per year, fed that year's sums and the distance sales of that year and the one before: what a year
  // stores, its problems included, then depends on those two years only, which is what makes scoping exact.
  const returnsByYear = new Map<number, ReturnsBuilder>();
  const readReturns = (reader: Db) =>
    forEachReturnsDaySums(reader, scope, async (sums) => {
      const { rates, distanceSales } = await inputs;
      for (const [year, ofYear] of byYearOf(sums)) {
        let builder = returnsByYear.get(year);
        if (!builder) {
          builder = createReturnsBuilder({
            profile,
            rates,
            distanceSales: [...(distanceSales.get(year - 1) ?? []), ...(distanceSales.get(year) ?? [])],
          });
          returnsByYear.set(year, builder);
        }
        builder.add(ofYear);
      }
    });
  const readRateDays = async () => {
    await inputs;
    await giveRequestsATurn();
    return selectRateDays(db, scope);
  };
  const ecSalesListTotals = createEcSalesListTotals();
  const readEcSalesList = (reader: Db) =>
    buildEcSalesList(
      reader,
      scope,
      async () => ({ profile, rates: (await inputs).rates }),
      async (lines) => {
        ecSalesListTotals.add(lines);
        await onEcSalesListLines(lines);
      },
    );
  let rateDays: Uint8Array;
  let eslProblems: Map<number, TaxPositionProblem[]>;
  if (otherSessions) {
    [, eslProblems, rateDays] = await allSettled([
      otherSessions(readReturns),
      otherSessions(readEcSalesList),
      readRateDays(),
    ] as const);
  } else {
    await inputs;
    await readReturns(db);
    rateDays = await readRateDays();
    eslProblems = await readEcSalesList(db);
  }
  const problemsByYear = new Map(eslProblems);
  const positions: ComputedTaxPosition['positions'] = [];
  for (const [year, builder] of returnsByYear) {
    const returns = builder.finish();
    positions.push({ ...returns, ossThresholds: returns.ossThresholds.filter((threshold) => threshold.year === year) });
    problemsByYear.set(year, mergeProblems(returns.problems, eslProblems.get(year) ?? []));
  }
  return { positions, problemsByYear, ecSalesListTotals: ecSalesListTotals.totals(), rateDays };
}

/**
 * Stores a computed position (its EC Sales List's lines aside) after `clearTaxPosition`, then the filings, which are
 * planned from the stored lines and totals.
 */
async function storeTaxPosition(
  db: Db,
  companyId: string,
  computed: ComputedTaxPosition & { profile: CompanyTaxProfile },
): Promise<void> {
  for (const position of computed.positions) await insertTaxPosition(db, companyId, position);
  await insertTaxPositionProblems(db, companyId, computed.problemsByYear);
  await insertEcSalesListTotals(db, companyId, computed.ecSalesListTotals);
  await copyRateDays(db, computed.rateDays);
  await storeComputedProfile(db, companyId, computed.profile);
  await refreshFilings(db, companyId, { profile: computed.profile });
}

/**
 * The years a recompute replaces (`undefined`: every year). A change alters its years and each following one, since a
 * year's €10,000 OSS threshold decides where the next year's distance sales are taxed (`exceededPreviousYear`); nothing
 * else crosses a calendar year: every return period, EC Sales List month and threshold lies inside one. What else a
 * stored year depends on is covered too: years with a missing exchange rate are recomputed (the rate may have come
 * since), and every year is when the company's tax profile is not the one the stored position was computed with.
 */
async function yearsToRecompute(
  db: Db,
  companyId: string,
  profile: CompanyTaxProfile,
  scope: TaxPositionScope | undefined,
): Promise<TaxYears> {
  if (!scope || !(await isComputedWithProfile(db, companyId, profile))) return undefined;
  return withYearsAt([...scope.changedYears, ...(await selectYearsWithMissingRates(db, companyId))], 1);
}

/**
 * Builds the EC Sales List of `scope` a month at a time, handing each month's lines to `onLines` as they are built: its
 * sums carry the buyer VAT number, so there are as many as business customers per day; a few months of sums and lines
 * are all that is held at once. Answers the problems met, per year.
 */
async function buildEcSalesList(
  db: Db,
  scope: DaySumScope,
  input: () => Promise<Parameters<typeof createEcSalesListBuilder>[0]>,
  onLines: (lines: readonly EcSalesListLine[]) => Promise<void>,
): Promise<Map<number, TaxPositionProblem[]>> {
  const problems = new Map<number, TaxPositionProblem[]>();
  let current: { year: number; builder: EcSalesListBuilder } | undefined;
  const finishYear = async () => {
    if (!current) return;
    const { lines, problems: met } = current.builder.finish();
    await onLines(lines);
    problems.set(current.year, met);
  };
  // The months arrive in order, so a year's builder is finished once a later year's sums arrive.
  await forEachEcSalesListMonth(db, scope, async (monthSums) => {
    for (const [year, sums] of byYearOf(monthSums)) {
      if (current?.year !== year) {
        await finishYear();
        current = { year, builder: createEcSalesListBuilder(await input()) };
      }
      current.builder.add(sums);
      await onLines(current.builder.drain());
    }
  });
  await finishYear();
  return problems;
}

/**
 * Every result once all have ended, or the first failure once all have ended: none goes on using its session after
 * the caller has moved on (Promise.all rejects while the others still run).
 */
async function allSettled<T extends readonly unknown[]>(
  promises: { readonly [K in keyof T]: Promise<T[K]> },
): Promise<T> {
  const settled = await Promise.allSettled(promises);
  const failed = settled.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((result) => (result as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

/** Day sums by the calendar year of their tax point. */
const byYearOf = (sums: readonly TransactionDaySum[]) => groupBy(sums, (sum) => yearOf(sum.date));
