/**
 * When each filing of the 30 jurisdictions is due: the periodic VAT return, the EC Sales List (recapitulative
 * statement) and the EU-wide OSS and IOSS returns, as structured data (research §6.1) rather than code, so every
 * deadline can be shown with its sources. Source keys are those of ../shared/domain/vat-rules-research.md §7;
 * `isVerified: false` marks cells the research marks [U] and the few choices made where it is silent, each with a
 * comment. These are defaults for software to be configured with, not tax advice.
 *
 * A deadline extension the tax office grants a company on application (Germany's Dauerfristverlängerung) is the
 * country's `extension`, and applies where the registration says it was granted (`DeadlineQuery`). The annual return
 * some countries require on top of the periodic ones (AT, DE, IT) is the country's `annualReturn` (decision 045).
 *
 * Where the VAT is paid on another day than the return is filed, the country says so: `paymentDue` for the periodic
 * returns (Croatia, Portugal), `annualPaymentDue` for the annual return's balance (Italy); decision 050.
 *
 * Not modelled, on purpose: Ireland's later date for filing and paying through ROS, Germany's special prepayment that
 * comes with its extension for monthly filers (Sondervorauszahlung, a payment on the January return) and Belgium's
 * summer extensions (announced yearly). The UK's VAT staggers are the country's `quarterStaggers`, applied where the
 * registration names one (decision 047).
 */
import { findCountryRule, type ReturnFrequency, type Sourced } from '../countries/country-rules';
import type { SourceKey } from '../countries/research-sources';
import { FilingCalendarError } from './calendar-dates';

export const FILING_TYPES = ['vat-return', 'annual-return', 'oss-return', 'ioss-return', 'ec-sales-list'] as const;
export type FilingType = (typeof FILING_TYPES)[number];

/**
 * What a filing's amount is:
 * - 'vat-payable': the VAT paid with it (a periodic VAT return, an OSS or IOSS return);
 * - 'balance': the year's VAT less what the year's periodic VAT returns declared, paid with an annual return, or
 *   refunded when it is negative (decision 045);
 * - 'net-listed': the net value of the supplies listed, with no VAT paid with it (an EC Sales List).
 */
export type FilingAmountKind = 'vat-payable' | 'balance' | 'net-listed';

export function filingAmountKind(filingType: FilingType): FilingAmountKind {
  if (filingType === 'ec-sales-list') return 'net-listed';
  return filingType === 'annual-return' ? 'balance' : 'vat-payable';
}

/**
 * How a due date follows from the period. "Months after" count from the month in which the period ends: with
 * `monthsAfter: 1` a return for March is due in April.
 * - 'day-of-month': that day of the month; a day the month lacks means its last day (Spain's "30th" in February).
 *   `dueMonthExceptions` gives another day when the due date falls in a given calendar month (Sweden's 17th in
 *   January and August, Norway's 31 August, Spain's 30 January).
 * - 'last-day-of-month', 'last-working-day': the last calendar day, or the last working day, of that month.
 * - 'working-day-of-month': the n-th working day of that month (France's 10th working day).
 * - 'days-after': a number of days after the last day of the period (Switzerland's 60 days).
 * - 'month-and-days-after': calendar months then days after the period end, month end to month end, so the quarter
 *   ending 30 June plus one month and seven days is 7 August (the UK rule).
 */
export type DueDateRule =
  | {
      kind: 'day-of-month';
      monthsAfter: number;
      day: number;
      dueMonthExceptions?: readonly { month: number; day: number }[];
    }
  | { kind: 'last-day-of-month'; monthsAfter: number }
  | { kind: 'last-working-day'; monthsAfter: number }
  | { kind: 'working-day-of-month'; monthsAfter: number; workingDay: number }
  | { kind: 'days-after'; days: number }
  | { kind: 'month-and-days-after'; months: number; days: number };

/**
 * What happens to a due date on a weekend or public holiday:
 * - 'next-working-day': it moves to the next working day of the country's national calendar;
 * - 'none': it stays (OSS and IOSS, and the UK, where HMRC expects the return before a weekend deadline).
 * Rules that already land on a working day ('last-working-day', 'working-day-of-month') are unaffected.
 */
export type DeadlineShift = 'next-working-day' | 'none';

/** The schedule of one filing: which frequencies exist and when each is due. */
export type FilingSchedule = {
  /** Frequencies the country offers. */
  frequencies: Sourced<readonly ReturnFrequency[]>;
  dueDate: Sourced<DueDateRule>;
  /** Where a frequency has its own deadline (Belgium's quarterly returns on the 25th). */
  dueDateByFrequency: Partial<Record<ReturnFrequency, Sourced<DueDateRule>>>;
};

/**
 * A lasting extension of the VAT return's deadline that the tax office grants a company on application: `months`
 * later than the country's rule, for every return not filed yet (Germany's Dauerfristverlängerung, § 46 UStDV).
 */
export type DeadlineExtension = { months: number; name: string };

export type VatReturnSchedule = FilingSchedule & {
  /** The `proposedReturnFrequency` of the country rules, so the two tables can never disagree. */
  defaultFrequency: Sourced<ReturnFrequency>;
  /** The extension the country grants on application; absent where it grants none. */
  extension?: Sourced<DeadlineExtension>;
  /** Deadline for a seller established in the country when it differs (the Netherlands). */
  dueDateIfEstablished?: Sourced<DueDateRule>;
  /** Deadline when the seller also files an EC Sales List for the period (Slovenia). */
  dueDateWithEcSalesList?: Sourced<DueDateRule>;
  /**
   * The annual return filed on top of the periodic ones, for each calendar year of the registration: its deadline
   * after the end of the year. Absent where the periodic returns are all there is.
   */
  annualReturn?: Sourced<DueDateRule>;
  /**
   * The staggers of quarterly returns the tax office assigns (the UK's 1, 2 and 3): stagger n's quarters begin n − 1
   * months after the calendar quarters, so stagger 2's end in January, April, July and October. Absent where
   * quarters are calendar quarters.
   */
  quarterStaggers?: Sourced<readonly number[]>;
  /** When the VAT of a periodic return is paid, where that is not the day it is filed (Croatia, Portugal). */
  paymentDue?: Sourced<DueDateRule>;
  /** When the annual return's balance is paid, where that is not the day it is filed (Italy: before it). */
  annualPaymentDue?: Sourced<DueDateRule>;
};

export type EcSalesListSchedule = FilingSchedule & {
  /**
   * 'as-vat-return': the list follows the VAT return's period where the list offers that frequency, otherwise the
   * first of `frequencies` (Luxembourg's annual filers list quarterly).
   */
  defaultFrequency: Sourced<ReturnFrequency | 'as-vat-return'>;
};

export type CountryFilingRules = {
  country: string;
  vatReturn: VatReturnSchedule;
  /** null outside the EU: GB has had no EC Sales List since 2021, CH and NO never had one. */
  ecSalesList: EcSalesListSchedule | null;
  shift: Sourced<DeadlineShift>;
};

/** A scheme-wide return (OSS, IOSS): one frequency and one deadline for every member state of identification. */
export type SchemeFilingRules = {
  frequency: Sourced<ReturnFrequency>;
  dueDate: Sourced<DueDateRule>;
  shift: Sourced<DeadlineShift>;
};

const dayOfMonth = (
  monthsAfter: number,
  day: number,
  dueMonthExceptions?: readonly { month: number; day: number }[],
): DueDateRule =>
  dueMonthExceptions
    ? { kind: 'day-of-month', monthsAfter, day, dueMonthExceptions }
    : { kind: 'day-of-month', monthsAfter, day };
const lastDayOfMonth = (monthsAfter: number): DueDateRule => ({ kind: 'last-day-of-month', monthsAfter });
const lastWorkingDay = (monthsAfter: number): DueDateRule => ({ kind: 'last-working-day', monthsAfter });

/** A cell and whether the research verified it; its sources are those of its row. */
type Cell<T> = T | { value: T; isVerified: false };

type FilingRow = {
  frequencies: Cell<readonly ReturnFrequency[]>;
  dueDate: Cell<DueDateRule>;
  dueDateByFrequency?: Partial<Record<ReturnFrequency, Cell<DueDateRule>>>;
};

type CountryRow = {
  code: string;
  /** The research's source column for the country. */
  sources: readonly SourceKey[];
  vatReturn: FilingRow & {
    dueDateIfEstablished?: Cell<DueDateRule>;
    dueDateWithEcSalesList?: Cell<DueDateRule>;
    extension?: Cell<DeadlineExtension>;
    annualReturn?: Cell<DueDateRule>;
    quarterStaggers?: Cell<readonly number[]>;
    paymentDue?: Cell<DueDateRule>;
    annualPaymentDue?: Cell<DueDateRule>;
  };
  ecSalesList:
    | (FilingRow & { defaultFrequency: Cell<ReturnFrequency | 'as-vat-return'>; sources?: readonly SourceKey[] })
    | null;
  /** Omitted: 'next-working-day', verified only for the countries research §1b names. */
  shift?: Cell<DeadlineShift>;
};

const unverified = <T>(value: T): { value: T; isVerified: false } => ({ value, isVerified: false });

/** Research §1b: "DE, BE, FI, PT, NL, MT and most others move a deadline … to the next working day". */
const NAMED_SHIFT_COUNTRIES = ['DE', 'BE', 'FI', 'PT', 'NL', 'MT'];

/** Research §1b, one row per country in the order of the research table. */
const COUNTRY_ROWS: readonly CountryRow[] = [
  {
    code: 'AT',
    sources: ['USP-AT', 'AV-AT', 'ESS-AT'],
    // The annual return (U1) by 30 June after the year.
    vatReturn: { frequencies: ['monthly', 'quarterly'], dueDate: dayOfMonth(2, 15), annualReturn: dayOfMonth(6, 30) },
    // The research leaves the ESL deadline [U]; the end of the next month is the Directive's one-month limit (Art. 263).
    ecSalesList: {
      frequencies: ['monthly', 'quarterly'],
      defaultFrequency: unverified('as-vat-return'),
      dueDate: unverified(lastDayOfMonth(1)),
    },
  },
  {
    code: 'BE',
    sources: ['MAR-BE', 'VD-BE', 'FIN-BE', 'AV-BE-FR'],
    vatReturn: {
      frequencies: ['monthly', 'quarterly'],
      dueDate: dayOfMonth(1, 20),
      // "From 2025, quarterly returns are due on the 25th"; earlier quarters were due on the 20th.
      dueDateByFrequency: { quarterly: dayOfMonth(1, 25) },
    },
    ecSalesList: {
      frequencies: ['quarterly', 'monthly'],
      defaultFrequency: 'quarterly',
      dueDate: dayOfMonth(1, 20),
      dueDateByFrequency: { quarterly: unverified(dayOfMonth(1, 25)) },
    },
  },
  {
    code: 'BG',
    sources: ['AV-BG', 'VD-BG'],
    vatReturn: { frequencies: ['monthly'], dueDate: dayOfMonth(1, 14) },
    ecSalesList: { frequencies: ['monthly'], defaultFrequency: 'monthly', dueDate: dayOfMonth(1, 14) },
  },
  {
    code: 'HR',
    sources: ['ANOVA-HR', 'GVC-HR', 'ESS-HR'],
    // "20th of the next month; payment by the last day of the next month".
    vatReturn: { frequencies: ['monthly', 'quarterly'], dueDate: dayOfMonth(1, 20), paymentDue: lastDayOfMonth(1) },
    ecSalesList: {
      frequencies: ['monthly', 'quarterly'],
      defaultFrequency: unverified('as-vat-return'),
      dueDate: dayOfMonth(1, 20),
    },
  },
  {
    code: 'CY',
    sources: ['AV-CY'],
    vatReturn: { frequencies: ['quarterly'], dueDate: dayOfMonth(2, 10) },
    ecSalesList: { frequencies: ['monthly'], defaultFrequency: 'monthly', dueDate: dayOfMonth(1, 15) },
  },
  {
    code: 'CZ',
    sources: ['YT-CZ', 'AV-CZ-ESL', 'FS'],
    vatReturn: { frequencies: ['monthly', 'quarterly'], dueDate: dayOfMonth(1, 25) },
    ecSalesList: {
      frequencies: ['monthly'],
      defaultFrequency: 'monthly',
      dueDate: dayOfMonth(1, 25),
      sources: ['AV-CZ-ESL'],
    },
  },
  {
    code: 'DK',
    sources: ['EUVAT-DK', 'DVR', 'ESS-DK'],
    // Half-yearly returns (turnover below DKK 5m) are not a frequency Vatlas models; new registrants start quarterly.
    vatReturn: {
      frequencies: ['quarterly', 'monthly'],
      dueDate: unverified(dayOfMonth(3, 1)),
      dueDateByFrequency: { monthly: unverified(dayOfMonth(1, 25)) },
    },
    ecSalesList: {
      frequencies: ['monthly', 'quarterly'],
      defaultFrequency: 'as-vat-return',
      dueDate: dayOfMonth(1, 25),
      sources: ['ESS-DK'],
    },
  },
  {
    code: 'EE',
    sources: ['EMTA'],
    vatReturn: { frequencies: ['monthly'], dueDate: dayOfMonth(1, 20) },
    ecSalesList: { frequencies: ['monthly'], defaultFrequency: 'monthly', dueDate: dayOfMonth(1, 20) },
  },
  {
    code: 'FI',
    sources: ['VERO', 'MAR-FI', 'VD-FI'],
    vatReturn: {
      frequencies: ['monthly', 'quarterly', 'annual'],
      dueDate: dayOfMonth(2, 12),
      dueDateByFrequency: { annual: lastDayOfMonth(2) },
    },
    ecSalesList: { frequencies: ['monthly'], defaultFrequency: 'monthly', dueDate: dayOfMonth(1, 20) },
  },
  {
    code: 'FR',
    sources: ['AV-FR', 'VD-FR', 'ESS-FR'],
    // Between the 15th and the 24th by SIREN; the 19th is the date [VD-FR] gives for foreign companies [U].
    vatReturn: { frequencies: ['monthly', 'quarterly'], dueDate: unverified(dayOfMonth(1, 19)) },
    // The goods list (état récapitulatif) by the 10th working day of the next month.
    ecSalesList: {
      frequencies: ['monthly'],
      defaultFrequency: 'monthly',
      dueDate: { kind: 'working-day-of-month', monthsAfter: 1, workingDay: 10 },
    },
  },
  {
    code: 'DE',
    sources: ['MAR-DE', 'MAR-DE-ESL', 'AV-DE', 'DATEV'],
    // The Dauerfristverlängerung moves every return, monthly or quarterly, to the 10th of the 2nd month. The research
    // names the annual return without its deadline: 31 July, seven months after the year (§ 149(2) AO), for a return
    // the company files itself; one prepared by a tax adviser is due later.
    vatReturn: {
      frequencies: ['monthly', 'quarterly'],
      dueDate: dayOfMonth(1, 10),
      extension: { months: 1, name: 'Dauerfristverlängerung' },
      annualReturn: unverified(lastDayOfMonth(7)),
    },
    // Zusammenfassende Meldung: quarterly until goods exceed €50k a quarter; the 25th, with no extension.
    ecSalesList: {
      frequencies: ['quarterly', 'monthly'],
      defaultFrequency: 'quarterly',
      dueDate: dayOfMonth(1, 25),
      sources: ['MAR-DE-ESL'],
    },
  },
  {
    code: 'GR',
    sources: ['AADE', 'MAR-GR', 'AV-GR'],
    vatReturn: { frequencies: ['quarterly', 'monthly'], dueDate: lastWorkingDay(1) },
    ecSalesList: { frequencies: ['monthly'], defaultFrequency: 'monthly', dueDate: dayOfMonth(1, 26) },
  },
  {
    code: 'HU',
    sources: ['HUVAT'],
    vatReturn: { frequencies: ['monthly', 'quarterly', 'annual'], dueDate: dayOfMonth(1, 20) },
    ecSalesList: {
      frequencies: ['monthly', 'quarterly', 'annual'],
      defaultFrequency: unverified('as-vat-return'),
      dueDate: dayOfMonth(1, 20),
    },
  },
  {
    code: 'IE',
    sources: ['AV-IE', 'CTAX-IE'],
    // 4- and 6-monthly periods are not frequencies Vatlas models. The 19th is the paper date; ROS filers get the 23rd.
    vatReturn: { frequencies: ['every-two-months', 'annual'], dueDate: dayOfMonth(1, 19) },
    ecSalesList: {
      frequencies: ['quarterly', 'monthly'],
      defaultFrequency: unverified('quarterly'),
      dueDate: dayOfMonth(1, 23),
    },
  },
  {
    code: 'IT',
    sources: ['ANOVA-IT', 'GRABER', 'AV-IT', 'FS'],
    // Monthly: the settlement by the 16th. Quarterly: the LIPE communication, last day of the 2nd month after. The
    // annual return (dichiarazione IVA) by 30 April. Its balance is paid by 16 March, before the return is due
    // (art. 6 DPR 542/1999); the research gives the return's date only, so the payment's is unverified.
    vatReturn: {
      frequencies: ['monthly', 'quarterly'],
      dueDate: dayOfMonth(1, 16),
      dueDateByFrequency: { quarterly: lastDayOfMonth(2) },
      annualReturn: dayOfMonth(4, 30),
      annualPaymentDue: unverified(dayOfMonth(3, 16)),
    },
    ecSalesList: {
      frequencies: ['monthly', 'quarterly'],
      defaultFrequency: unverified('as-vat-return'),
      dueDate: dayOfMonth(1, 25),
    },
  },
  {
    code: 'LV',
    sources: ['VID-LV', 'AV-LV', 'VC-LV', 'ESS-LV'],
    // [VID-LV] says the 20th, [VC-LV] the 23rd [U]: the earlier date can never make a filing late.
    vatReturn: { frequencies: ['monthly', 'quarterly'], dueDate: unverified(dayOfMonth(1, 20)) },
    ecSalesList: { frequencies: ['monthly'], defaultFrequency: 'monthly', dueDate: dayOfMonth(1, 20) },
  },
  {
    code: 'LT',
    sources: ['VMI', 'AV-LT-ESL', 'ESS-LT'],
    // Half-yearly returns for small businesses are not a frequency Vatlas models.
    vatReturn: { frequencies: ['monthly'], dueDate: dayOfMonth(1, 25) },
    ecSalesList: {
      frequencies: ['monthly'],
      defaultFrequency: 'monthly',
      dueDate: dayOfMonth(1, 25),
      sources: ['AV-LT-ESL'],
    },
  },
  {
    code: 'LU',
    sources: ['MER-LU', 'MHQ-LU'],
    vatReturn: { frequencies: unverified(['annual', 'quarterly', 'monthly']), dueDate: unverified(dayOfMonth(1, 15)) },
    ecSalesList: {
      frequencies: ['quarterly', 'monthly'],
      defaultFrequency: unverified('as-vat-return'),
      dueDate: unverified(dayOfMonth(1, 25)),
    },
  },
  {
    code: 'MT',
    sources: ['BORG-MT', 'ESS-MT'],
    // "About 6 weeks after the quarter (mid 2nd month)" [U]: the 15th of the 2nd month.
    vatReturn: { frequencies: ['quarterly'], dueDate: unverified(dayOfMonth(2, 15)) },
    ecSalesList: {
      frequencies: ['monthly', 'quarterly'],
      defaultFrequency: unverified('as-vat-return'),
      dueDate: dayOfMonth(1, 15),
    },
  },
  {
    code: 'NL',
    sources: ['MAR-NL', 'AV-NL'],
    vatReturn: {
      frequencies: ['quarterly', 'monthly', 'annual'],
      // Non-established sellers, Vatlas's usual case.
      dueDate: lastWorkingDay(2),
      dueDateIfEstablished: lastDayOfMonth(1),
    },
    ecSalesList: {
      frequencies: ['quarterly', 'monthly'],
      defaultFrequency: unverified('as-vat-return'),
      dueDate: unverified(lastDayOfMonth(1)),
    },
  },
  {
    code: 'PL',
    sources: ['AV-PL', 'FS'],
    vatReturn: { frequencies: ['monthly', 'quarterly'], dueDate: dayOfMonth(1, 25) },
    ecSalesList: { frequencies: ['monthly'], defaultFrequency: 'monthly', dueDate: dayOfMonth(1, 25) },
  },
  {
    code: 'PT',
    sources: ['AV-PT', 'TBI-PT'],
    // Filing by the 20th of the 2nd month; payment follows by the 25th.
    vatReturn: { frequencies: ['quarterly', 'monthly'], dueDate: dayOfMonth(2, 20), paymentDue: dayOfMonth(2, 25) },
    ecSalesList: {
      frequencies: ['monthly', 'quarterly'],
      defaultFrequency: unverified('as-vat-return'),
      dueDate: unverified(dayOfMonth(1, 20)),
    },
  },
  {
    code: 'RO',
    sources: ['AV-RO'],
    vatReturn: { frequencies: ['monthly', 'quarterly'], dueDate: dayOfMonth(1, 25) },
    ecSalesList: { frequencies: ['monthly'], defaultFrequency: 'monthly', dueDate: dayOfMonth(1, 25) },
  },
  {
    code: 'SK',
    sources: ['AV-SK', 'MER-SK'],
    vatReturn: { frequencies: ['monthly', 'quarterly'], dueDate: dayOfMonth(1, 25) },
    ecSalesList: {
      frequencies: ['monthly', 'quarterly'],
      defaultFrequency: unverified('as-vat-return'),
      dueDate: dayOfMonth(1, 25),
    },
  },
  {
    code: 'SI',
    sources: ['AV-SI'],
    vatReturn: {
      frequencies: ['monthly', 'quarterly'],
      dueDate: lastWorkingDay(1),
      dueDateWithEcSalesList: dayOfMonth(1, 20),
    },
    ecSalesList: {
      frequencies: ['monthly', 'quarterly'],
      defaultFrequency: unverified('as-vat-return'),
      dueDate: dayOfMonth(1, 20),
    },
  },
  {
    code: 'ES',
    sources: ['AV-ES', 'AV-ES-ESL', 'FS'],
    // Quarterly Modelo 303 by the 20th, the fourth quarter by 30 January; monthly by the 30th (end of February for
    // January).
    vatReturn: {
      frequencies: ['quarterly', 'monthly'],
      dueDate: dayOfMonth(1, 20, [{ month: 1, day: 30 }]),
      dueDateByFrequency: { monthly: dayOfMonth(1, 30) },
    },
    ecSalesList: {
      frequencies: ['monthly', 'quarterly'],
      defaultFrequency: unverified('as-vat-return'),
      dueDate: dayOfMonth(1, 20),
      sources: ['AV-ES-ESL'],
    },
  },
  {
    code: 'SE',
    sources: ['AV-SE'],
    vatReturn: {
      frequencies: unverified(['quarterly', 'monthly', 'annual']),
      dueDate: dayOfMonth(2, 12, [
        { month: 1, day: 17 },
        { month: 8, day: 17 },
      ]),
    },
    ecSalesList: {
      frequencies: ['monthly', 'quarterly'],
      defaultFrequency: unverified('as-vat-return'),
      dueDate: dayOfMonth(1, 20),
      dueDateByFrequency: { quarterly: dayOfMonth(1, 25) },
    },
  },
  {
    code: 'GB',
    sources: ['PENALTY-UK', 'RC-UK'],
    vatReturn: {
      frequencies: ['quarterly', 'monthly', 'annual'],
      dueDate: { kind: 'month-and-days-after', months: 1, days: 7 },
      // The research names the annual accounting scheme without its deadline; two months after the year is
      // HMRC's published rule, unverified here.
      dueDateByFrequency: { annual: unverified({ kind: 'month-and-days-after', months: 2, days: 0 }) },
      // "Quarterly in staggers 1/2/3": quarters ending March, April or May and every third month after.
      quarterStaggers: [1, 2, 3],
    },
    ecSalesList: null,
    // No shift rule was found [U]. Not moving the date is the choice that can never make a return late.
    shift: unverified('none'),
  },
  {
    code: 'CH',
    sources: ['EUVAT-CH', 'AV-CH', 'TR-CH'],
    vatReturn: { frequencies: ['quarterly', 'annual'], dueDate: { kind: 'days-after', days: 60 } },
    ecSalesList: null,
  },
  {
    code: 'NO',
    sources: ['SKE-NO', 'NO-DATES', 'GT-NO'],
    // The two-monthly terms are due 10 Apr, 10 Jun, 31 Aug, 10 Oct, 10 Dec and 10 Feb: the 10th of the 2nd month
    // after the term, except the summer term. The annual return's 10 March is not in the research.
    vatReturn: {
      frequencies: ['every-two-months', 'annual'],
      dueDate: dayOfMonth(2, 10, [{ month: 8, day: 31 }]),
      dueDateByFrequency: { annual: unverified(dayOfMonth(3, 10)) },
    },
    ecSalesList: null,
  },
];

function toSourced<T>(cell: Cell<T>, sources: readonly SourceKey[]): Sourced<T> {
  if (typeof cell === 'object' && cell !== null && 'isVerified' in cell) {
    return { value: cell.value, sources, isVerified: false };
  }
  return { value: cell as T, sources, isVerified: true };
}

function toSchedule(row: FilingRow, sources: readonly SourceKey[]): FilingSchedule {
  const byFrequency: Partial<Record<ReturnFrequency, Sourced<DueDateRule>>> = {};
  for (const [frequency, cell] of Object.entries(row.dueDateByFrequency ?? {})) {
    if (cell !== undefined) byFrequency[frequency as ReturnFrequency] = toSourced(cell, sources);
  }
  return {
    frequencies: toSourced(row.frequencies, sources),
    dueDate: toSourced(row.dueDate, sources),
    dueDateByFrequency: byFrequency,
  };
}

function toCountryFilingRules(row: CountryRow): CountryFilingRules {
  const countryRule = findCountryRule(row.code);
  if (!countryRule) throw new Error(`No country rule for ${row.code}`);
  const {
    dueDateIfEstablished,
    dueDateWithEcSalesList,
    extension,
    annualReturn,
    quarterStaggers,
    paymentDue,
    annualPaymentDue,
  } = row.vatReturn;
  const esl = row.ecSalesList;
  return {
    country: row.code,
    vatReturn: {
      ...toSchedule(row.vatReturn, row.sources),
      defaultFrequency: countryRule.proposedReturnFrequency,
      ...(dueDateIfEstablished ? { dueDateIfEstablished: toSourced(dueDateIfEstablished, row.sources) } : {}),
      ...(dueDateWithEcSalesList ? { dueDateWithEcSalesList: toSourced(dueDateWithEcSalesList, row.sources) } : {}),
      ...(extension ? { extension: toSourced(extension, row.sources) } : {}),
      ...(annualReturn ? { annualReturn: toSourced(annualReturn, row.sources) } : {}),
      ...(quarterStaggers ? { quarterStaggers: toSourced(quarterStaggers, row.sources) } : {}),
      ...(paymentDue ? { paymentDue: toSourced(paymentDue, row.sources) } : {}),
      ...(annualPaymentDue ? { annualPaymentDue: toSourced(annualPaymentDue, row.sources) } : {}),
    },
    ecSalesList: esl
      ? {
          ...toSchedule(esl, esl.sources ?? row.sources),
          defaultFrequency: toSourced(esl.defaultFrequency, esl.sources ?? row.sources),
        }
      : null,
    shift: row.shift
      ? toSourced(row.shift, row.sources)
      : { value: 'next-working-day', sources: row.sources, isVerified: NAMED_SHIFT_COUNTRIES.includes(row.code) },
  };
}

/** The 30 jurisdictions in the order of the country rules' research table. */
export const COUNTRY_FILING_RULES: readonly CountryFilingRules[] = COUNTRY_ROWS.map(toCountryFilingRules);

const byCode = new Map(COUNTRY_FILING_RULES.map((rules) => [rules.country, rules]));

/** The filing rules of one country; accepts 'EL' and 'UK' like `findCountryRule`. */
export function findCountryFilingRules(code: string): CountryFilingRules | undefined {
  const countryRule = findCountryRule(code);
  return countryRule ? byCode.get(countryRule.code) : undefined;
}

/**
 * Union OSS: quarterly, due the last day of the month after the quarter (Art. 369f) [BR-369f]. The research reports
 * that the deadline is not moved for weekends [U], so it is shown as the Directive states it.
 */
export const OSS_FILING_RULES: SchemeFilingRules = {
  frequency: { value: 'quarterly', sources: ['BR-369f'], isVerified: true },
  dueDate: { value: lastDayOfMonth(1), sources: ['BR-369f'], isVerified: true },
  shift: { value: 'none', sources: ['BR-369f'], isVerified: false },
};

/** IOSS: monthly, due the last day of the next month (Art. 369s) [NWB-369s]; not moved, as for OSS [U]. */
export const IOSS_FILING_RULES: SchemeFilingRules = {
  frequency: { value: 'monthly', sources: ['NWB-369s', 'IOSS-FAQ'], isVerified: true },
  dueDate: { value: lastDayOfMonth(1), sources: ['NWB-369s', 'IOSS-FAQ'], isVerified: true },
  shift: { value: 'none', sources: ['NWB-369s'], isVerified: false },
};

/** What decides a filing's deadline besides its country and type. */
export type DeadlineQuery = {
  country: string;
  filingType: FilingType;
  /** The period's frequency; OSS and IOSS ignore it, their scheme fixes it. */
  frequency: ReturnFrequency;
  /** The seller is established in `country` (the Dutch deadline differs). */
  isEstablished?: boolean;
  /** The seller also files an EC Sales List in `country` for the period (the Slovenian deadline differs). */
  hasEcSalesList?: boolean;
  /**
   * The tax office granted the company the country's deadline extension (`VatReturnSchedule.extension`). It moves
   * the periodic VAT return only; the annual return keeps its deadline, and a country that grants none ignores it.
   */
  hasDeadlineExtension?: boolean;
};

export type DeadlineRule = { dueDate: Sourced<DueDateRule>; shift: Sourced<DeadlineShift> };

/** The rule and shift that set one filing's deadline, with their sources. */
export function findDeadlineRule(query: DeadlineQuery): DeadlineRule {
  if (query.filingType === 'oss-return') return { dueDate: OSS_FILING_RULES.dueDate, shift: OSS_FILING_RULES.shift };
  if (query.filingType === 'ioss-return') return { dueDate: IOSS_FILING_RULES.dueDate, shift: IOSS_FILING_RULES.shift };
  const rules = findCountryFilingRules(query.country);
  if (!rules) throw new FilingCalendarError('unknown-country', `No filing rules for ${query.country}`);
  if (query.filingType === 'ec-sales-list') {
    if (!rules.ecSalesList) throw new FilingCalendarError('no-ec-sales-list', `${rules.country} has no EC Sales List`);
    const list = rules.ecSalesList;
    return { dueDate: list.dueDateByFrequency[query.frequency] ?? list.dueDate, shift: rules.shift };
  }
  const vat = rules.vatReturn;
  if (query.filingType === 'annual-return') {
    if (!vat.annualReturn) throw new FilingCalendarError('no-annual-return', `${rules.country} has no annual return`);
    return { dueDate: vat.annualReturn, shift: rules.shift };
  }
  const special =
    (query.isEstablished ? vat.dueDateIfEstablished : undefined) ??
    (query.hasEcSalesList ? vat.dueDateWithEcSalesList : undefined);
  const dueDate = special ?? vat.dueDateByFrequency[query.frequency] ?? vat.dueDate;
  const extension = query.hasDeadlineExtension ? vat.extension : undefined;
  if (extension === undefined) return { dueDate, shift: rules.shift };
  return {
    dueDate: {
      value: extendedRule(dueDate.value, extension.value.months),
      sources: [...new Set([...dueDate.sources, ...extension.sources])],
      isVerified: dueDate.isVerified && extension.isVerified,
    },
    shift: rules.shift,
  };
}

/**
 * The rule and shift of the day a filing's VAT is paid, where that is not the day it is filed: a periodic VAT return
 * of a country with `paymentDue`, an annual return of one with `annualPaymentDue`. Undefined for every other filing:
 * its VAT is paid with it, or (an EC Sales List) none is.
 */
export function findPaymentRule(query: DeadlineQuery): DeadlineRule | undefined {
  if (query.filingType !== 'vat-return' && query.filingType !== 'annual-return') return undefined;
  const rules = findCountryFilingRules(query.country);
  const payment = query.filingType === 'vat-return' ? rules?.vatReturn.paymentDue : rules?.vatReturn.annualPaymentDue;
  return rules && payment ? { dueDate: payment, shift: rules.shift } : undefined;
}

/** `rule` moved `months` later: the same day, that many months further on. */
function extendedRule(rule: DueDateRule, months: number): DueDateRule {
  switch (rule.kind) {
    case 'day-of-month':
    case 'last-day-of-month':
    case 'last-working-day':
    case 'working-day-of-month':
      return { ...rule, monthsAfter: rule.monthsAfter + months };
    case 'month-and-days-after':
      return { ...rule, months: rule.months + months };
    case 'days-after':
      return { kind: 'month-and-days-after', months, days: rule.days };
  }
}

/** The quarter staggers the country's tax office assigns (`VatReturnSchedule.quarterStaggers`); empty where none. */
export function quarterStaggersOf(country: string): readonly number[] {
  return findCountryFilingRules(country)?.vatReturn.quarterStaggers?.value ?? [];
}

/**
 * By how many months a VAT return period of `frequency` is shifted from the calendar (`returnPeriodOf`): a quarter of
 * stagger n by n − 1 where the country assigns staggers; 0 for every other period, and without a stagger.
 */
export function periodOffsetOf(
  country: string,
  frequency: ReturnFrequency,
  stagger: number | null | undefined,
): number {
  if (frequency !== 'quarterly' || stagger === null || stagger === undefined) return 0;
  return quarterStaggersOf(country).includes(stagger) ? stagger - 1 : 0;
}

/** Whether the country requires an annual return on top of the periodic VAT returns (`VatReturnSchedule.annualReturn`). */
export function hasAnnualReturn(country: string): boolean {
  return findCountryFilingRules(country)?.vatReturn.annualReturn !== undefined;
}

/** The months the country's deadline extension adds to a VAT return's deadline; undefined where it grants none. */
export function deadlineExtensionOf(country: string): DeadlineExtension | undefined {
  return findCountryFilingRules(country)?.vatReturn.extension?.value;
}

/**
 * The frequency of a country's EC Sales List for a seller whose VAT return there has `returnFrequency`.
 * Throws for a country without a list.
 */
export function ecSalesListFrequency(country: string, returnFrequency: ReturnFrequency): ReturnFrequency {
  const list = findCountryFilingRules(country)?.ecSalesList;
  if (!list) throw new FilingCalendarError('no-ec-sales-list', `${country} has no EC Sales List`);
  const preferred = list.defaultFrequency.value;
  if (preferred !== 'as-vat-return') return preferred;
  const offered = list.frequencies.value;
  return offered.includes(returnFrequency) ? returnFrequency : (offered[0] ?? returnFrequency);
}
