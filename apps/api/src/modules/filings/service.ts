import type {
  AuditDetails,
  DeadlineRuleDto,
  DueDateRuleDto,
  Filing,
  FilingList,
  FilingQuery,
  MarkFilingFiledRequest,
  MarkFilingPaidRequest,
} from '@vatlas/contract';
import {
  annualBalance,
  annualSettlementOf,
  type CompanyTaxProfile,
  type DeadlineExtension,
  type DeadlineQuery,
  type DeadlineRule,
  type DueDateRule,
  dayOfDeadlineRule,
  deadlineQueriesOf,
  declaredByPeriodicReturns,
  type EcSalesListTotal,
  type FilingType,
  filingStatus,
  findCountryRule,
  findDeadlineRule,
  findPaymentRule,
  grantedDeadlineExtensions,
  planFilings,
  type ReturnFrequency,
  type SettledFiling,
  sumToFixed2,
  todayIsoDate,
} from '@vatlas/domain';
import type { Db } from '../../db/client';
import { HttpError } from '../../plugins/errors';
import { recordAuditEvent } from '../audit/repository';
import { loadCompanyTaxProfile } from '../tax-schemes/repository';
import {
  type FilingRecord,
  findFirstDataMonth,
  identityOf,
  type LiabilityAmountRow,
  listEcSalesListAmounts,
  listEcSalesListCountries,
  listFilingRows,
  listLiabilityAmounts,
  lockFilingRow,
  type PlannedFilingValues,
  setFilingFiled,
  setFilingPaidOn,
  syncPlannedFilings,
} from './repository';

const SCHEME_OF_RETURN: Readonly<Record<string, string>> = {
  'vat-return': 'local',
  'annual-return': 'local',
  'oss-return': 'oss',
  'ioss-return': 'ioss',
};

type PlannedFiling = ReturnType<typeof planFilings>[number];

const isInPeriod = (date: string, filing: PlannedFiling) => date >= filing.periodStart && date <= filing.periodEnd;

/** Rows grouped by a key, the groups in the order their keys first appear, each in the rows' own order. */
export function groupBy<T, K = string>(rows: readonly T[], keyOf: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

/** The stored monthly aggregates of a company, grouped once so each planned filing reads only its own country's. */
type FilingAmountSources = {
  /** Liabilities by `scheme|jurisdiction` for local returns and by `scheme` for OSS and IOSS. */
  liabilities: Map<string, LiabilityAmountRow[]>;
  /** EC Sales List totals by reporting country. */
  ecSalesLists: Map<string, EcSalesListTotal[]>;
};

const liabilityKey = (scheme: string | undefined, jurisdiction: string) =>
  scheme === 'local' ? `local|${jurisdiction}` : `${scheme}`;

/**
 * What a filing declares, from the stored monthly aggregates of its period: VAT payable for a return (the local
 * liabilities of its country, the year's for an annual return; for OSS and IOSS those of every member state of
 * consumption), the net value listed for an EC Sales List. The months of a period add up exactly, since each month is
 * rounded to the cent already.
 */
function amountsOf(
  filing: PlannedFiling,
  sources: FilingAmountSources,
): Pick<PlannedFilingValues, 'currency' | 'amountEur' | 'amountLocal'> {
  // Without lines of the period the country's currency today stands in; an amount of 0 is the same in any currency.
  const fallbackCurrency = findCountryRule(filing.jurisdiction)?.currency.value ?? 'EUR';
  if (filing.filingType === 'ec-sales-list') {
    const lines = (sources.ecSalesLists.get(filing.jurisdiction) ?? []).filter((row) =>
      isInPeriod(row.periodStart, filing),
    );
    return {
      currency: lines[0]?.currency ?? fallbackCurrency,
      amountEur: sumToFixed2(lines.map((line) => line.netEur)),
      amountLocal: sumToFixed2(lines.map((line) => line.netLocal)),
    };
  }
  const scheme = SCHEME_OF_RETURN[filing.filingType];
  const lines = (sources.liabilities.get(liabilityKey(scheme, filing.jurisdiction)) ?? []).filter((row) =>
    isInPeriod(row.periodStart, filing),
  );
  return {
    currency: lines[0]?.currency ?? (scheme === 'local' ? fallbackCurrency : 'EUR'),
    amountEur: sumToFixed2(lines.map((line) => line.vatEur)),
    amountLocal: sumToFixed2(lines.map((line) => line.vatLocal)),
  };
}

/**
 * Re-plans the company's filings from its registrations and schemes and re-totals the open ones from the stored
 * liabilities. The calendar starts at the first month the company has data for, or at the current month without
 * data: Vatlas cannot know what was filed before the seller brought it data, and a wall of "overdue" returns from
 * years ago would bury the ones that matter. Runs after every recompute and before the calendar is read, so a new
 * registration or a new month shows without a job. Answers the company's filings when it changed none of them
 * (`syncPlannedFilings`), else undefined.
 */
export async function refreshFilings(
  db: Db,
  companyId: string,
  options: { profile?: CompanyTaxProfile; today?: string } = {},
): Promise<FilingRecord[] | undefined> {
  const profile = options.profile ?? (await loadCompanyTaxProfile(db, companyId));
  if (!profile) return undefined;
  const today = options.today ?? todayIsoDate();
  const currentMonth = `${today.slice(0, 7)}-01`;
  const firstDataMonth = await findFirstDataMonth(db, companyId);
  const from = firstDataMonth !== undefined && firstDataMonth < currentMonth ? firstDataMonth : currentMonth;
  const sources: FilingAmountSources = {
    liabilities: groupBy(await listLiabilityAmounts(db, companyId), (row) =>
      liabilityKey(row.scheme, row.jurisdiction),
    ),
    ecSalesLists: groupBy(await listEcSalesListAmounts(db, companyId), (row) => row.reportingCountry),
  };
  const eslCountries = [...sources.ecSalesLists.keys()].sort();
  const rows = await listFilingRows(db, companyId);
  const filed = rows
    .filter((row) => row.filedOn !== null)
    .map((row) => ({
      jurisdiction: row.jurisdiction,
      filingType: row.filingType as FilingType,
      frequency: row.frequency as ReturnFrequency,
      periodStart: row.periodStart,
      periodEnd: row.periodEnd,
    }));
  const planned = planFilings({ profile, from, to: today, eslCountries, filed }).map((filing) => ({
    jurisdiction: filing.jurisdiction,
    filingType: filing.filingType,
    frequency: filing.frequency,
    periodStart: filing.periodStart,
    periodEnd: filing.periodEnd,
    dueDate: filing.dueDate,
    ...amountsOf(filing, sources),
  }));
  return syncPlannedFilings(db, companyId, withAnnualBalances(planned, rows), rows);
}

/**
 * The planned filings with each annual return's amount made its balance (decision 045): the year's VAT, which
 * `amountsOf` gave it, less what the year's periodic returns declared, each filed one as it was filed and each open one
 * as planned now. `rows` are the filings as stored.
 */
function withAnnualBalances(
  planned: readonly PlannedFilingValues[],
  rows: readonly FilingRecord[],
): PlannedFilingValues[] {
  if (!planned.some((filing) => filing.filingType === 'annual-return')) return [...planned];
  const filedRows = rows.filter((row) => row.filedOn !== null);
  const filedIdentities = new Set(filedRows.map(identityOf));
  const declaring: SettledFiling[] = [
    ...filedRows,
    ...planned.filter((filing) => !filedIdentities.has(identityOf(filing))),
  ];
  return planned.map((filing) =>
    filing.filingType === 'annual-return'
      ? { ...filing, ...annualBalance(filing, declaredByPeriodicReturns(filing, declaring)) }
      : filing,
  );
}

/**
 * What a stored filing is answered with besides its row, as the last refresh planned it: the deadline query of each
 * filing (`deadlineQueriesOf`: from the company's profile and the countries where it files an EC Sales List; undefined
 * for an unknown company), the deadline extensions it was granted, and its filings as stored, which an annual return's
 * balance was computed from.
 */
type FilingContext = {
  deadlineQueryOf: ReturnType<typeof deadlineQueriesOf> | undefined;
  extensions: ReadonlyMap<string, DeadlineExtension>;
  rows: readonly FilingRecord[];
};

const NO_CONTEXT: FilingContext = { deadlineQueryOf: undefined, extensions: new Map(), rows: [] };

async function loadContext(
  db: Db,
  companyId: string,
  profile: CompanyTaxProfile | undefined,
  rows: readonly FilingRecord[],
): Promise<FilingContext> {
  if (!profile) return { ...NO_CONTEXT, rows };
  return {
    deadlineQueryOf: deadlineQueriesOf(profile, await listEcSalesListCountries(db, companyId)),
    extensions: grantedDeadlineExtensions(profile),
    rows,
  };
}

/** A domain rule as the contract answers it (its lists not read-only). */
function toDueDateRuleDto(rule: DueDateRule): DueDateRuleDto {
  if (rule.kind !== 'day-of-month' || !rule.dueMonthExceptions) return rule as DueDateRuleDto;
  return { ...rule, dueMonthExceptions: [...rule.dueMonthExceptions] };
}

/** A deadline rule with its sources, as the API answers it. */
function toDeadlineRuleDto({ dueDate, shift }: DeadlineRule): DeadlineRuleDto {
  return {
    dueDate: toDueDateRuleDto(dueDate.value),
    shift: shift.value,
    sources: [...new Set([...dueDate.sources, ...shift.sources])],
    isVerified: dueDate.isVerified && shift.isVerified,
  };
}

function deadlineQueryOf(row: FilingRecord, context: FilingContext): DeadlineQuery | null {
  return context.deadlineQueryOf
    ? context.deadlineQueryOf({
        jurisdiction: row.jurisdiction,
        filingType: row.filingType as FilingType,
        frequency: row.frequency as ReturnFrequency,
      })
    : null;
}

/** When a filing's VAT is paid, where that is not its due date (decision 050), with the rule that says so. */
function paymentDueOf(row: FilingRecord, query: DeadlineQuery): Filing['paymentDue'] {
  const rule = findPaymentRule(query);
  return rule ? { date: dayOfDeadlineRule(rule, query.country, row.periodEnd), rule: toDeadlineRuleDto(rule) } : null;
}

/**
 * A stored filing as the API answers it. An open filing names the rule of its due date, an open VAT return the
 * extension its due date includes, an open annual return how its balance follows; a filed one none of them, since
 * its due date and amount stand as they were filed.
 */
function toFiling(row: FilingRecord, today: string, context: FilingContext = NO_CONTEXT): Filing {
  const isOpen = row.filedOn === null;
  const isExtended = isOpen && row.filingType === 'vat-return';
  const query = deadlineQueryOf(row, context);
  return {
    id: row.id,
    jurisdiction: row.jurisdiction,
    filingType: row.filingType as Filing['filingType'],
    frequency: row.frequency as Filing['frequency'],
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    dueDate: row.dueDate,
    status: filingStatus({ dueDate: row.dueDate, filedOn: row.filedOn, today }),
    currency: row.currency,
    amountEur: row.amountEur,
    amountLocal: row.amountLocal,
    filedOn: row.filedOn,
    filingReference: row.filingReference,
    deadlineExtension: (isExtended && context.extensions.get(row.jurisdiction.trim())) || null,
    deadlineRule: isOpen && query ? toDeadlineRuleDto(findDeadlineRule(query)) : null,
    paymentDue: query ? paymentDueOf(row, query) : null,
    paidOn: row.paidOn,
    annualSettlement: isOpen && row.filingType === 'annual-return' ? annualSettlementOf(row, context.rows) : null,
  };
}

/** The filing calendar, refreshed first; status follows from the due date and today (upcoming, due soon, overdue). */
export async function listFilings(db: Db, companyId: string, query: FilingQuery): Promise<FilingList> {
  const today = todayIsoDate();
  const profile = await loadCompanyTaxProfile(db, companyId);
  // Most reads find nothing to change, and then the refresh has read the filings already.
  const unchanged = await db.transaction((tx) => refreshFilings(tx as unknown as Db, companyId, { today, profile }));
  const rows = unchanged ?? (await listFilingRows(db, companyId));
  const context = await loadContext(db, companyId, profile, rows);
  const items = rows
    .map((row) => toFiling(row, today, context))
    .filter(
      (filing) =>
        (query.status === undefined || filing.status === query.status) &&
        (query.jurisdiction === undefined || filing.jurisdiction === query.jurisdiction) &&
        (query.from === undefined || filing.dueDate >= query.from) &&
        (query.to === undefined || filing.dueDate <= query.to),
    );
  return { today, items };
}

/**
 * Records what a user did to a filing in the audit log: identifiers and codes only. `mark` is the day (and reference)
 * a mark entered, or the ones an undo erased from the filing, which the log is then the only place to find.
 */
function auditFiling(
  db: Db,
  action: 'filing_marked_filed' | 'filing_marked_paid' | 'filing_marked_unpaid' | 'filing_reopened',
  input: { userId: string; companyId: string },
  row: FilingRecord,
  mark: AuditDetails,
): Promise<void> {
  return recordAuditEvent(db, {
    action,
    actorUserId: input.userId,
    companyId: input.companyId,
    targetType: 'filing',
    targetId: row.id,
    details: { jurisdiction: row.jurisdiction, filingType: row.filingType, periodStart: row.periodStart, ...mark },
  });
}

/**
 * Runs `change` in a transaction on the company's filing, locked from its read to the commit. Two marks sent at once
 * (a double click, two colleagues) take turns: the second reads what the first wrote, and its checks refuse it, instead
 * of both passing their checks on the row as it was before either wrote.
 */
function changeFiling<T>(
  db: Db,
  input: { companyId: string; filingId: string },
  change: (txDb: Db, row: FilingRecord) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const row = await lockFilingRow(txDb, input.companyId, input.filingId);
    if (!row) throw new HttpError(404, 'filing_not_found', 'No such filing in this company.');
    return change(txDb, row);
  });
}

/** A day a mark names must have come: `field` names it in the 400. */
function refuseFutureDay(day: string, today: string, field: 'filedOn' | 'paidOn'): void {
  if (day > today) {
    throw new HttpError(400, 'validation_error', 'The request is invalid.', [
      { field, message: 'must not be in the future' },
    ]);
  }
}

/**
 * Records that the filing was submitted; its amount is frozen from then on. Audited as the user's act, unless
 * `isAudited` is false: the demo seed's history, which nobody made at the time the seed writes it.
 */
export async function markFilingFiled(
  db: Db,
  input: {
    companyId: string;
    filingId: string;
    userId: string;
    request: MarkFilingFiledRequest;
    isAudited?: boolean;
  },
): Promise<Filing> {
  const today = todayIsoDate();
  const updated = await changeFiling(db, input, async (txDb, row) => {
    if (row.filedOn !== null) {
      throw new HttpError(
        409,
        'filing_already_filed',
        `This filing was marked filed on ${row.filedOn}; reopen it first.`,
      );
    }
    refuseFutureDay(input.request.filedOn, today, 'filedOn');
    const filed = await setFilingFiled(txDb, row.id, {
      filedOn: input.request.filedOn,
      filingReference: input.request.reference,
      filedBy: input.userId,
    });
    if (input.isAudited !== false) {
      await auditFiling(txDb, 'filing_marked_filed', input, row, {
        filedOn: filed.filedOn,
        filingReference: filed.filingReference,
      });
    }
    return filed;
  });
  return toFiling(updated, today, await loadContextOf(db, input.companyId));
}

/** The context of a single filing's answer: the company's profile and filings as stored, without a refresh. */
async function loadContextOf(db: Db, companyId: string): Promise<FilingContext> {
  const profile = await loadCompanyTaxProfile(db, companyId);
  return loadContext(db, companyId, profile, await listFilingRows(db, companyId));
}

/**
 * Records the day a filing's VAT was paid (decision 051): only where it is due apart from the filing (`paymentDue`),
 * filed or not. The reminders then leave that payment out.
 */
export async function markFilingPaid(
  db: Db,
  input: { companyId: string; filingId: string; userId: string; request: MarkFilingPaidRequest },
): Promise<Filing> {
  const today = todayIsoDate();
  // Whether a payment is due apart from the filing follows from its kind and period, which no mark changes.
  const context = await loadContextOf(db, input.companyId);
  const updated = await changeFiling(db, input, async (txDb, row) => {
    if (toFiling(row, today, context).paymentDue === null) {
      throw new HttpError(
        409,
        'filing_payment_not_separate',
        'This filing has no payment of its own to mark: its VAT is paid with the filing, or nothing is paid.',
      );
    }
    if (row.paidOn !== null) {
      throw new HttpError(409, 'filing_already_paid', `This filing was marked paid on ${row.paidOn}; undo that first.`);
    }
    refuseFutureDay(input.request.paidOn, today, 'paidOn');
    const paid = await setFilingPaidOn(txDb, row.id, input.request.paidOn);
    await auditFiling(txDb, 'filing_marked_paid', input, row, { paidOn: paid.paidOn });
    return paid;
  });
  return toFiling(updated, today, context);
}

/** Undoes a mark paid entered by mistake: the payment is due again, and reminded of. */
export async function markFilingUnpaid(
  db: Db,
  input: { companyId: string; filingId: string; userId: string },
): Promise<Filing> {
  const updated = await changeFiling(db, input, async (txDb, row) => {
    if (row.paidOn === null) throw new HttpError(409, 'filing_not_paid', 'This filing is not marked paid.');
    const unpaid = await setFilingPaidOn(txDb, row.id, null);
    await auditFiling(txDb, 'filing_marked_unpaid', input, row, { paidOn: row.paidOn });
    return unpaid;
  });
  return toFiling(updated, todayIsoDate(), await loadContextOf(db, input.companyId));
}

/**
 * Undoes a mark filed entered by mistake: the filing is open again and re-totalled from the data at once, as the
 * refresh of any read of the calendar would (an annual return's balance, too, with the returns filed since). When it
 * is no longer planned, that refresh removes it like any open filing, and it is answered as it was reopened.
 */
export async function reopenFiling(
  db: Db,
  input: { companyId: string; filingId: string; userId: string },
): Promise<Filing> {
  const today = todayIsoDate();
  const profile = await loadCompanyTaxProfile(db, input.companyId);
  const { reopened, rows } = await changeFiling(db, input, async (txDb, row) => {
    if (row.filedOn === null) throw new HttpError(409, 'filing_not_filed', 'This filing is not marked filed.');
    const reopened = await setFilingFiled(txDb, row.id, { filedOn: null, filingReference: null, filedBy: null });
    await auditFiling(txDb, 'filing_reopened', input, row, {
      filedOn: row.filedOn,
      filingReference: row.filingReference,
    });
    const rows =
      (await refreshFilings(txDb, input.companyId, { today, profile })) ??
      (await listFilingRows(txDb, input.companyId));
    return { reopened, rows };
  });
  const current = rows.find((candidate) => candidate.id === reopened.id) ?? reopened;
  return toFiling(current, today, await loadContext(db, input.companyId, profile, rows));
}
