/**
 * VAT rates over time for the 30 jurisdictions: the EU-27 and GB from ibericode/vat-rates [IBR] (time-versioned, so
 * an invoice of 2023 gets the rate of 2023), CH and NO from the research table §1a, which IBR lacks.
 * Rates are decimal strings ("25.5"), never floats, so they can go straight into `money/` arithmetic.
 * A lookup that cannot be answered from the data (unknown country, a date before the first known period, a category
 * the period does not have) is a typed error, never a nearby rate.
 */
import type { SourceKey } from '../countries/research-sources';
import { isIsoDate } from '../validation/field-issue';
import ibericodeVatRates from './data/ibericode-vat-rates.json' with { type: 'json' };

/**
 * The rate categories as the sources name them. IBR writes `reduced` when a country has one reduced rate and
 * `reduced1` (the lower) / `reduced2` (the higher) when it has two; we keep that distinction rather than guess which
 * of two reduced rates a caller means. `reducedRates` of a period lists all of them in ascending order.
 */
export const VAT_RATE_CATEGORIES = [
  'standard',
  'reduced',
  'reduced1',
  'reduced2',
  'superReduced',
  'parking',
  'pressPublications',
  'accommodation',
] as const;
export type VatRateCategory = (typeof VAT_RATE_CATEGORIES)[number];

/** A region with its own standard rate inside a country (Canary Islands, Mount Athos), as IBR lists them. */
export type VatRegionalException = { name: string; postcodePattern: string; standard: string };

export type VatRatePeriod = {
  /** The code of the data: GR for Greece even when asked with the VAT prefix EL. */
  countryCode: string;
  /**
   * First day (ISO) the rates apply. `undefined` when the source gives no start: IBR writes "0000-01-01" for "since
   * before the history this file records", so the rates are right from the next period back only as far as IBR
   * tracked them; callers dating far back (before 2015) should treat such a period with care.
   */
  effectiveFrom: string | undefined;
  /** First day of the next period (exclusive); `undefined` while the period is the current one. */
  effectiveUntil: string | undefined;
  rates: Readonly<Partial<Record<VatRateCategory, string>>> & { readonly standard: string };
  /** Every reduced rate (reduced, reduced1, reduced2) in ascending numeric order. */
  reducedRates: readonly string[];
  regionalExceptions: readonly VatRegionalException[];
  sources: readonly SourceKey[];
  isVerified: boolean;
};

export type VatRateLookupError =
  | { kind: 'unknown-country'; countryCode: string }
  | { kind: 'invalid-date'; date: string }
  | { kind: 'before-first-period'; countryCode: string; date: string; firstEffectiveFrom: string }
  | { kind: 'category-not-in-period'; countryCode: string; date: string; category: VatRateCategory };

export type VatRatesLookup = { ok: true; period: VatRatePeriod } | { ok: false; error: VatRateLookupError };
export type VatRateLookup =
  | { ok: true; rate: string; period: VatRatePeriod }
  | { ok: false; error: VatRateLookupError };

// ---- IBR conversion ---------------------------------------------------------------------------------------------

type IbrPeriod = {
  effective_from: string;
  rates: Record<string, number>;
  exceptions?: readonly { name: string; postcode: string; standard: number }[];
};

const IBR_OPEN_START = '0000-01-01';

const IBR_CATEGORY: Record<string, VatRateCategory> = {
  standard: 'standard',
  reduced: 'reduced',
  reduced1: 'reduced1',
  reduced2: 'reduced2',
  super_reduced: 'superReduced',
  parking: 'parking',
  press_publications: 'pressPublications',
};

const RATE_PATTERN = /^(0|[1-9]\d?)(\.\d{1,2})?$/;

/**
 * JSON numbers such as 13.5 or 2.1 print back exactly as written (shortest round-trip form), so String() recovers the
 * decimal the file contains; the pattern check turns any surprise (1e-7, 33.333…) into a load-time error.
 */
function rateString(value: number, where: string): string {
  const text = String(value);
  if (!RATE_PATTERN.test(text)) throw new Error(`Unexpected VAT rate ${text} in ${where}`);
  return text;
}

function byNumericValue(a: string, b: string): number {
  return Number.parseFloat(a) - Number.parseFloat(b); // ordering only; the values stay strings
}

function ibrPeriods(countryCode: string, periods: readonly IbrPeriod[]): VatRatePeriod[] {
  const newestFirst = [...periods].sort((a, b) => b.effective_from.localeCompare(a.effective_from));
  return newestFirst.map((period, index) => {
    const where = `IBR ${countryCode} ${period.effective_from}`;
    const rates: Partial<Record<VatRateCategory, string>> = {};
    for (const [key, value] of Object.entries(period.rates)) {
      const category = IBR_CATEGORY[key];
      if (category === undefined) throw new Error(`Unknown IBR rate category ${key} in ${where}`);
      rates[category] = rateString(value, where);
    }
    const standard = rates.standard;
    if (standard === undefined) throw new Error(`No standard rate in ${where}`);
    return {
      countryCode,
      effectiveFrom: period.effective_from === IBR_OPEN_START ? undefined : period.effective_from,
      effectiveUntil: newestFirst[index - 1]?.effective_from,
      rates: { ...rates, standard },
      reducedRates: [rates.reduced, rates.reduced1, rates.reduced2]
        .filter((rate): rate is string => rate !== undefined)
        .sort(byNumericValue),
      regionalExceptions: (period.exceptions ?? []).map((exception) => ({
        name: exception.name,
        postcodePattern: exception.postcode,
        standard: rateString(exception.standard, where),
      })),
      sources: ['IBR'],
      isVerified: true,
    };
  });
}

// ---- CH and NO (research §1a) -----------------------------------------------------------------------------------

/**
 * Not in IBR. Research §1a marks both rows [U]. CH: 8.1 standard, 3.8 accommodation, 2.6 reduced, "believed" to
 * apply since 2024 (an older avask page says 2.5). NO: 25 standard, 15 food, 12 (the Essentia page is stale). The
 * NO start date 2021-10-01 is the end of the temporary 6 % rate of 2020–21 (not in the research: an assumption to be
 * checked against [SKE-NO]); dates before a start are refused rather than answered with today's rates.
 * The §1a cells cite no source key of their own; the keys below are the country pages of §7 that the research used
 * for these countries, which is why both rows stay `isVerified: false`.
 */
const NON_IBR_PERIODS: readonly VatRatePeriod[] = [
  {
    countryCode: 'CH',
    effectiveFrom: '2024-01-01',
    effectiveUntil: undefined,
    rates: { standard: '8.1', reduced: '2.6', accommodation: '3.8' },
    reducedRates: ['2.6'],
    regionalExceptions: [],
    sources: ['ESS-CH'],
    isVerified: false,
  },
  {
    countryCode: 'NO',
    effectiveFrom: '2021-10-01',
    effectiveUntil: undefined,
    rates: { standard: '25', reduced1: '12', reduced2: '15' },
    reducedRates: ['12', '15'],
    regionalExceptions: [],
    sources: ['ESS-NO', 'SKE-NO'],
    isVerified: false,
  },
];

// ---- the table ------------------------------------------------------------------------------------------------

const IBR_ITEMS = (ibericodeVatRates as unknown as { items: Record<string, readonly IbrPeriod[]> }).items;

/** Newest period first per country code. */
const PERIODS_BY_COUNTRY: ReadonlyMap<string, readonly VatRatePeriod[]> = new Map<string, readonly VatRatePeriod[]>([
  ...Object.entries(IBR_ITEMS).map(([code, periods]) => [code, ibrPeriods(code, periods)] as const),
  ...NON_IBR_PERIODS.map((period) => [period.countryCode, [period]] as const),
]);

/** Country codes with rate data: the EU-27 (Greece as GR), GB, CH, NO. */
export const VAT_RATE_COUNTRY_CODES: readonly string[] = [...PERIODS_BY_COUNTRY.keys()].sort();

/** Every period of a country, newest first; empty for an unknown one. Greece answers to GR and to EL. */
export function vatRatePeriodsOf(countryCode: string): readonly VatRatePeriod[] {
  return PERIODS_BY_COUNTRY.get(dataCountryCode(countryCode)) ?? [];
}

/** Greece's VAT prefix EL (VIES) is GR in ISO 3166 and in IBR (research §1a). */
function dataCountryCode(countryCode: string): string {
  const code = countryCode.trim().toUpperCase();
  return code === 'EL' ? 'GR' : code;
}

/**
 * The rates in force in `countryCode` on `date` (YYYY-MM-DD of a real day, the day of the supply or chargeable
 * event); ISO dates compare correctly as text, so periods are matched by string comparison.
 */
export function findVatRates(countryCode: string, date: string): VatRatesLookup {
  if (!isIsoDate(date)) return { ok: false, error: { kind: 'invalid-date', date } };
  const periods = vatRatePeriodsOf(countryCode);
  if (periods.length === 0) return { ok: false, error: { kind: 'unknown-country', countryCode } };
  const period = periods.find((candidate) => candidate.effectiveFrom === undefined || candidate.effectiveFrom <= date);
  if (period === undefined) {
    const first = periods[periods.length - 1];
    return {
      ok: false,
      error: {
        kind: 'before-first-period',
        countryCode: dataCountryCode(countryCode),
        date,
        firstEffectiveFrom: first?.effectiveFrom ?? IBR_OPEN_START,
      },
    };
  }
  return { ok: true, period };
}

/** One rate of the period in force, as a decimal string of percent ("25.5"). */
export function findVatRate(countryCode: string, date: string, category: VatRateCategory): VatRateLookup {
  const found = findVatRates(countryCode, date);
  if (!found.ok) return found;
  const rate = found.period.rates[category];
  if (rate === undefined) {
    return {
      ok: false,
      error: { kind: 'category-not-in-period', countryCode: found.period.countryCode, date, category },
    };
  }
  return { ok: true, rate, period: found.period };
}
