import { findCountryRule, type ReturnFrequency } from '../countries/country-rules';
import type { CompanyTaxProfile } from '../transactions/company-tax-profile';
import { addMonths, assertIsoDate, FilingCalendarError, firstDayOf, lastDayOf, parseIsoDate } from './calendar-dates';
import { dueDate } from './due-date';
import {
  type DeadlineExtension,
  type DeadlineQuery,
  deadlineExtensionOf,
  ecSalesListFrequency,
  FILING_TYPES,
  type FilingType,
  findCountryFilingRules,
  hasAnnualReturn,
  IOSS_FILING_RULES,
  OSS_FILING_RULES,
  periodOffsetOf,
} from './filing-rules';
import { type ReturnPeriod, returnPeriodOf, returnPeriods } from './return-periods';

export type PlannedFiling = {
  /** ISO code of the country the filing goes to: for OSS and IOSS the member state of identification. */
  jurisdiction: string;
  filingType: FilingType;
  frequency: ReturnFrequency;
  periodStart: string;
  periodEnd: string;
  dueDate: string;
};

export type PlanFilingsInput = {
  profile: CompanyTaxProfile;
  /** The window of the calendar, ISO dates, both inclusive. */
  from: string;
  to: string;
  /** Countries where the company must file an EC Sales List (intra-EU B2B supplies or transfers); the caller decides. */
  eslCountries: readonly string[];
  /** The filings already filed: their periods stand, whatever the frequency is now (`plannedPeriods`). */
  filed?: readonly FiledPeriod[];
};

/** A filing marked filed: the period it was filed for. */
export type FiledPeriod = Pick<
  PlannedFiling,
  'jurisdiction' | 'filingType' | 'frequency' | 'periodStart' | 'periodEnd'
>;

/**
 * Periods this far before `from` are examined for deadlines inside the window. The previous calendar year starts at
 * most 12 months before `from`, and no deadline comes later after its period than Germany's annual return (31 July),
 * so two years covers every period whose deadline can fall in the window.
 */
const LOOKBACK_MONTHS = 24;

type Obligation = {
  jurisdiction: string;
  filingType: FilingType;
  frequency: ReturnFrequency;
  /** The periods before `from` are at `before` (a change of frequency the tax office set from a day). */
  change?: { from: string; before: ReturnFrequency };
  /** The first day the obligation exists (a registration's, OSS's, IOSS's); periods ending before it are not filed. */
  since?: string;
  /** The last day the obligation exists (a registration that ended); periods beginning after it are not filed. */
  until?: string;
  /** The stagger of its quarters, where the country assigns them (`periodOffsetOf`). */
  stagger?: number | null;
};

/** By how many months the obligation's periods of a frequency are shifted from the calendar's (`returnPeriodOf`). */
type PeriodOffsets = (frequency: ReturnFrequency) => number;

const offsetsOf =
  (obligation: Pick<Obligation, 'jurisdiction' | 'filingType' | 'stagger'>): PeriodOffsets =>
  (frequency) =>
    obligation.filingType === 'vat-return' ? periodOffsetOf(obligation.jurisdiction, frequency, obligation.stagger) : 0;

function countryCode(code: string): string {
  const rule = findCountryRule(code);
  if (!rule) throw new FilingCalendarError('unknown-country', `No filing rules for ${code}`);
  return rule.code;
}

/**
 * The deadline extensions the company was granted, by country code: where a registration says it was granted and the
 * country grants one. Its VAT returns there are due that much later.
 */
export function grantedDeadlineExtensions(profile: CompanyTaxProfile): ReadonlyMap<string, DeadlineExtension> {
  const granted = new Map<string, DeadlineExtension>();
  for (const registration of profile.registrations) {
    const country = findCountryRule(registration.country)?.code;
    const extension = country && registration.hasDeadlineExtension ? deadlineExtensionOf(country) : undefined;
    if (country && extension) granted.set(country, extension);
  }
  return granted;
}

/**
 * What decides the deadline of each of the company's filings besides its country, type and frequency: whether the
 * seller is established in the country, files an EC Sales List there, and was granted the country's extension.
 * `findDeadlineRule` reads of these only what the filing's type depends on. The company's part is worked out once,
 * for the many filings asked about.
 */
export function deadlineQueriesOf(
  profile: CompanyTaxProfile,
  eslCountries: readonly string[],
): (filing: Pick<PlannedFiling, 'jurisdiction' | 'filingType' | 'frequency'>) => DeadlineQuery {
  // A seller may be established anywhere (US, CN …); only one of the 30 can change a deadline.
  const established = findCountryRule(profile.establishmentCountry)?.code;
  const listing = new Set(eslCountries.map((code) => findCountryRule(code)?.code ?? code));
  const extended = grantedDeadlineExtensions(profile);
  return (filing) => {
    const country = findCountryRule(filing.jurisdiction)?.code ?? filing.jurisdiction;
    return {
      country,
      filingType: filing.filingType,
      frequency: filing.frequency,
      isEstablished: established === country,
      hasEcSalesList: listing.has(country),
      hasDeadlineExtension: extended.has(country),
    };
  };
}

function obligationsOf(profile: CompanyTaxProfile, eslCountries: readonly string[]): Obligation[] {
  const listing = new Set(eslCountries.map(countryCode));
  const returns = new Map<string, Pick<Obligation, 'frequency' | 'change' | 'since' | 'until' | 'stagger'>>();
  for (const registration of profile.registrations) {
    const country = countryCode(registration.country);
    const usual = findCountryFilingRules(country)?.vatReturn.defaultFrequency.value;
    const frequency = registration.frequency ?? usual;
    if (!frequency || returns.has(country)) continue;
    const change = registration.frequencyChange;
    const before = change ? (change.before ?? usual) : undefined;
    if (change) assertIsoDate(change.from, `${country} frequency change`);
    const since = registration.registeredFrom ?? undefined;
    if (since !== undefined) assertIsoDate(since, `${country} registration`);
    const until = registration.registeredUntil ?? undefined;
    if (until !== undefined) assertIsoDate(until, `${country} registration's end`);
    returns.set(country, {
      frequency,
      change: change && before && before !== frequency ? { from: change.from, before } : undefined,
      since,
      until,
      stagger: registration.vatStagger,
    });
  }

  const obligations: Obligation[] = [...returns].map(([country, vatReturn]) => ({
    jurisdiction: country,
    filingType: 'vat-return',
    ...vatReturn,
  }));
  // The annual return, where the country requires one on top, covers each calendar year of the registration.
  for (const [country, { since, until }] of returns) {
    if (!hasAnnualReturn(country)) continue;
    obligations.push({ jurisdiction: country, filingType: 'annual-return', frequency: 'annual', since, until });
  }
  for (const country of listing) {
    const vatReturn = returns.get(country);
    const returnFrequency = vatReturn?.frequency ?? findCountryFilingRules(country)?.vatReturn.defaultFrequency.value;
    if (!returnFrequency) continue;
    const frequency = ecSalesListFrequency(country, returnFrequency);
    const change = vatReturn?.change;
    const before = change && ecSalesListFrequency(country, change.before);
    obligations.push({
      jurisdiction: country,
      filingType: 'ec-sales-list',
      frequency,
      // The list follows the return's change where the day begins a period of both of its frequencies.
      change:
        change && before && before !== frequency && isFrequencyBoundary(change.from, before, frequency)
          ? { from: change.from, before }
          : undefined,
      // The list is the registration's: none before it or after it either.
      since: vatReturn?.since,
      until: vatReturn?.until,
    });
  }
  const schemes = [
    { registration: profile.oss, filingType: 'oss-return', frequency: OSS_FILING_RULES.frequency.value },
    { registration: profile.ioss, filingType: 'ioss-return', frequency: IOSS_FILING_RULES.frequency.value },
  ] as const;
  for (const { registration, filingType, frequency } of schemes) {
    if (!registration) continue;
    assertIsoDate(registration.from, `${filingType} from`);
    obligations.push({
      jurisdiction: countryCode(registration.memberState),
      filingType,
      frequency,
      since: registration.from,
    });
  }
  return obligations;
}

/**
 * Whether a change from `before` to `after` can take effect on `date`: the first day of a period of both, so that no
 * period is cut in two (monthly to quarterly on 1 January, 1 April, 1 July or 1 October; on 1 February, 1 May …
 * for the UK's stagger 2, whose quarters `offsets` shifts).
 */
export function isFrequencyBoundary(
  date: string,
  before: ReturnFrequency,
  after: ReturnFrequency,
  offsets: PeriodOffsets = () => 0,
): boolean {
  return (
    returnPeriodOf(before, date, offsets(before)).start === date &&
    returnPeriodOf(after, date, offsets(after)).start === date
  );
}

/**
 * The periods of an obligation over [from, to]: around what was filed (`plannedPeriods`), at the frequency before a
 * change up to its day and at the new one from that day on.
 */
function obligationPeriods(
  obligation: Obligation,
  from: string,
  to: string,
  filed: readonly FiledPeriod[],
): { frequency: ReturnFrequency; period: ReturnPeriod }[] {
  const { change } = obligation;
  const offsets = offsetsOf(obligation);
  if (change === undefined || change.from <= from) {
    return plannedPeriods(obligation.frequency, from, to, filed, offsets);
  }
  if (change.from > to) return plannedPeriods(change.before, from, to, filed, offsets);
  const dayBefore = lastDayOf(addMonths(parseIsoDate(change.from), -1));
  return [
    ...plannedPeriods(change.before, from, dayBefore, filed, offsets),
    ...plannedPeriods(obligation.frequency, change.from, to, filed, offsets),
  ];
}

const overlaps = (a: ReturnPeriod, b: FiledPeriod) => a.start <= b.periodEnd && b.periodStart <= a.end;

/**
 * The periods of one obligation at `frequency`, around what was filed already. A filed return's period stands: a
 * period of the frequency that overlaps it without being it is not planned (it would declare filed months again, and
 * could not be told from the filed return, which shares its first day). The months of such a period that no filed
 * return covers are planned at the frequency they were filed at until then, the last one filed before them: a change
 * of frequency takes effect at the first boundary of the new one after the last filed return, as a tax office applies
 * it, so monthly filers who filed October and turn quarterly file November and December monthly, then quarters.
 */
function plannedPeriods(
  frequency: ReturnFrequency,
  from: string,
  to: string,
  filed: readonly FiledPeriod[],
  offsets: PeriodOffsets,
): { frequency: ReturnFrequency; period: ReturnPeriod }[] {
  const planned: { frequency: ReturnFrequency; period: ReturnPeriod }[] = [];
  for (const period of returnPeriods(frequency, from, to, offsets(frequency))) {
    const clashes = filed.filter((filing) => overlaps(period, filing));
    if (clashes.length === 0 || clashes.some((f) => f.periodStart === period.start && f.periodEnd === period.end)) {
      planned.push({ frequency, period });
      continue;
    }
    const earlier = filed
      .filter((filing) => filing.periodStart <= period.start)
      .sort((a, b) => b.periodStart.localeCompare(a.periodStart))[0];
    const before = (earlier ?? clashes[0])?.frequency ?? frequency;
    if (before === frequency) continue;
    for (const part of returnPeriods(before, period.start, period.end, offsets(before))) {
      const isInside = part.start >= period.start && part.end <= period.end && part.start <= to;
      if (isInside && !filed.some((filing) => overlaps(part, filing)))
        planned.push({ frequency: before, period: part });
    }
  }
  return planned;
}

/**
 * Every filing a compliance user should see for the window [from, to]:
 * - each period that overlaps the window, including the one still running on `to`, whose filing is coming up;
 * - each earlier period whose deadline falls inside the window, so a calendar opened on 1 January still shows the
 *   fourth-quarter returns due that month.
 * A VAT return per registration (its assigned frequency or the country's default) and, where the country requires one,
 * an annual return per calendar year; an EC Sales List per period for each of `eslCountries`, and OSS and IOSS returns
 * from their start dates. Sorted by due date, then jurisdiction,
 * then filing type.
 */
export function planFilings(input: PlanFilingsInput): PlannedFiling[] {
  assertIsoDate(input.from, 'from');
  assertIsoDate(input.to, 'to');
  if (input.from > input.to) {
    throw new FilingCalendarError('invalid-range', `from ${input.from} is after to ${input.to}`);
  }
  const lookback = firstDayOf(addMonths(parseIsoDate(input.from), -LOOKBACK_MONTHS));

  const filings: PlannedFiling[] = [];
  const queryOf = deadlineQueriesOf(input.profile, input.eslCountries);
  for (const obligation of obligationsOf(input.profile, input.eslCountries)) {
    const filed = (input.filed ?? []).filter(
      (filing) => filing.jurisdiction === obligation.jurisdiction && filing.filingType === obligation.filingType,
    );
    for (const { frequency, period } of obligationPeriods(obligation, lookback, input.to, filed)) {
      if (obligation.since !== undefined && period.end < obligation.since) continue;
      if (obligation.until !== undefined && period.start > obligation.until) continue;
      const query = queryOf({ ...obligation, frequency });
      const due = dueDate({ ...query, period });
      const overlapsWindow = period.end >= input.from;
      const isDueInWindow = due >= input.from && due <= input.to;
      if (!overlapsWindow && !isDueInWindow) continue;
      filings.push({
        jurisdiction: obligation.jurisdiction,
        filingType: obligation.filingType,
        frequency,
        periodStart: period.start,
        periodEnd: period.end,
        dueDate: due,
      });
    }
  }
  return filings.sort(
    (a, b) =>
      a.dueDate.localeCompare(b.dueDate) ||
      a.jurisdiction.localeCompare(b.jurisdiction) ||
      FILING_TYPES.indexOf(a.filingType) - FILING_TYPES.indexOf(b.filingType) ||
      a.periodStart.localeCompare(b.periodStart),
  );
}
