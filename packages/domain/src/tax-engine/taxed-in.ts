import { isEuCountry } from '../countries';
import { addIsoDays } from '../exchange-rates';
import { money } from '../money';
import type { CompanyTaxProfile } from '../transactions/company-tax-profile';
import type { TransactionDaySum } from './day-sum';
import { isReturnCountry, RETURN_COUNTRIES } from './local-currency';
import type { LiabilityScheme } from './tax-position';
import type { OssThresholdYear } from './threshold';
import type { TransactionTreatment } from './treatment';

/**
 * Which transactions a country's liability is made of, as a condition on a stored row's own fields: the rows the tax
 * engine posts to that country (`postingsOf` in tax-position.ts), found without running the engine on each. The
 * dashboard's drill-down lists them; a database evaluates the condition (transactions/repository.ts), and
 * `matchesRowCondition` evaluates it here, so a property test holds it against the engine's own liabilities.
 *
 * The only facts beyond the row are the company's: its establishment, its OSS start and the €10,000 threshold of each
 * year as last recomputed. They decide one thing, whether a distance sale is taxed where it leaves or where it arrives,
 * and they become date ranges.
 */
export type RowCondition =
  | { kind: 'all'; of: readonly RowCondition[] }
  | { kind: 'any'; of: readonly RowCondition[] }
  | { kind: 'treatment'; in: readonly TransactionTreatment[] }
  /** The field is `country`. */
  | { kind: 'country'; field: CountryField; is: string }
  /** The field is known and is not `country`. */
  | { kind: 'country-other-than'; field: CountryField; not: string }
  /** The field is known. */
  | { kind: 'country-known'; field: CountryField }
  /** The field is one of the countries. */
  | { kind: 'country-in'; field: CountryField; in: readonly string[] }
  /** The tax point is between the two days, both included. */
  | { kind: 'date'; from: string; to: string }
  /** The file charged VAT: its rate is above zero. */
  | { kind: 'vat-charged' };

export type CountryField = 'departureCountry' | 'arrivalCountry';

/** A distance sale's year as the threshold left it: the stored `OssThresholdYear`'s deciding fields. */
export type DestinationYear = Pick<OssThresholdYear, 'year' | 'crossedOn' | 'exceededPreviousYear'>;

export type TaxedInContext = {
  profile: Pick<CompanyTaxProfile, 'establishmentCountry' | 'oss'>;
  years: readonly DestinationYear[];
};

const FIRST_DAY = '0001-01-01';
const LAST_DAY = '9999-12-31';

const all = (...of: RowCondition[]): RowCondition => ({ kind: 'all', of });
const any = (...of: RowCondition[]): RowCondition => ({ kind: 'any', of });
const treatment = (...treatments: TransactionTreatment[]): RowCondition => ({ kind: 'treatment', in: treatments });
const country = (field: CountryField, is: string): RowCondition => ({ kind: 'country', field, is });
const known = (field: CountryField): RowCondition => ({ kind: 'country-known', field });
const within = (ranges: readonly DayRange[]): RowCondition[] =>
  ranges.map(({ from, to }) => ({ kind: 'date', from, to }));

type DayRange = { from: string; to: string };

/** Which liability lines: a country's (every country's without one), a scheme's (every scheme's without one). */
export type TaxedInQuery = { country?: string; scheme?: LiabilityScheme };

/**
 * The rows whose VAT, zero-rated supply or acquisition is on the liability lines of `query`: the country's (every
 * country's without one) under the scheme (any scheme without one). A transfer is on two countries' lines, so it
 * matches either country; without a country, a row matches once however many lines it is on.
 */
export function taxedInCondition(query: TaxedInQuery, context: TaxedInContext): RowCondition {
  const { profile } = context;
  const at = (field: CountryField): RowCondition =>
    query.country === undefined ? known(field) : country(field, query.country);
  // A seller established outside the EU, or selling from stock elsewhere, is taxed at destination from the first euro.
  const home = isEuCountry(profile.establishmentCountry) ? profile.establishmentCountry : null;
  const ossDays: DayRange[] = profile.oss === null ? [] : [{ from: profile.oss.from, to: LAST_DAY }];
  const thresholdDays = destinationDays(context.years);
  const conditions: RowCondition[] = [];
  if (query.scheme === undefined || query.scheme === 'local') {
    conditions.push(
      all(treatment('domestic-sale', 'donation', 'intra-eu-b2b-supply'), at('departureCountry')),
      // Delivered duty paid: the seller imported the goods itself and supplies them inside the arrival country.
      all(treatment('import'), at('arrivalCountry'), { kind: 'vat-charged' }),
      all(
        treatment('own-goods-transfer'),
        any(all(at('departureCountry'), known('arrivalCountry')), all(known('departureCountry'), at('arrivalCountry'))),
      ),
      // An export from a country outside the 30 is in none of their returns.
      all(
        treatment('export'),
        query.country === undefined
          ? { kind: 'country-in', field: 'departureCountry', in: RETURN_COUNTRIES }
          : isReturnCountry(query.country)
            ? country('departureCountry', query.country)
            : any(),
      ),
      // A distance sale outside OSS, taxed where it arrives: from stock elsewhere, or once the threshold is crossed.
      all(
        treatment('intra-eu-distance-sale'),
        known('departureCountry'),
        at('arrivalCountry'),
        any(...within(complementOf(ossDays))),
        home === null
          ? all()
          : any({ kind: 'country-other-than', field: 'departureCountry', not: home }, ...within(thresholdDays)),
      ),
    );
    // ... and taxed where it leaves: from the establishment, below the threshold, outside OSS.
    if (home !== null && (query.country === undefined || query.country === home)) {
      conditions.push(
        all(
          treatment('intra-eu-distance-sale'),
          country('departureCountry', home),
          known('arrivalCountry'),
          any(...within(complementOf(merged([...ossDays, ...thresholdDays])))),
        ),
      );
    }
  }
  if ((query.scheme === undefined || query.scheme === 'oss') && ossDays.length > 0) {
    conditions.push(
      all(
        treatment('intra-eu-distance-sale'),
        known('departureCountry'),
        at('arrivalCountry'),
        any(...within(ossDays)),
      ),
    );
  }
  if (query.scheme === undefined || query.scheme === 'ioss') {
    conditions.push(all(treatment('import-ioss'), at('arrivalCountry')));
  }
  return any(...conditions);
}

/**
 * The rows on `country`'s EC Sales List (Art. 262, `createEcSalesListBuilder`): intra-EU supplies to businesses and
 * transfers of own goods dispatched from there, whatever the profile or threshold.
 */
export function ecSalesListCondition(reportingCountry: string): RowCondition {
  if (!isReturnCountry(reportingCountry)) return any();
  const dispatchedFrom = country('departureCountry', reportingCountry);
  return any(
    all(treatment('intra-eu-b2b-supply'), dispatchedFrom),
    all(treatment('own-goods-transfer'), dispatchedFrom, known('arrivalCountry')),
  );
}

/**
 * The days on which a distance sale leaving the establishment country is taxed where it arrives by the threshold: in
 * each year from the day its sales crossed €10,000, the whole year when the previous one had. Sorted and merged.
 */
function destinationDays(years: readonly DestinationYear[]): DayRange[] {
  const ranges: DayRange[] = [];
  for (const year of years) {
    const to = `${year.year}-12-31`;
    if (year.exceededPreviousYear) ranges.push({ from: `${year.year}-01-01`, to });
    else if (year.crossedOn !== null) ranges.push({ from: year.crossedOn, to });
  }
  return merged(ranges);
}

/** `ranges` sorted, overlapping and adjoining ones joined. */
function merged(ranges: readonly DayRange[]): DayRange[] {
  const sorted = [...ranges].sort((a, b) => a.from.localeCompare(b.from));
  const result: DayRange[] = [];
  for (const range of sorted) {
    const last = result.at(-1);
    if (last !== undefined && (last.to === LAST_DAY || range.from <= addIsoDays(last.to, 1))) {
      if (range.to > last.to) last.to = range.to;
    } else {
      result.push({ ...range });
    }
  }
  return result;
}

/** The days outside sorted, merged `ranges`. */
function complementOf(ranges: readonly DayRange[]): DayRange[] {
  const gaps: DayRange[] = [];
  let from = FIRST_DAY;
  for (const range of ranges) {
    if (range.from > from) gaps.push({ from, to: addIsoDays(range.from, -1) });
    if (range.to >= LAST_DAY) return gaps;
    from = addIsoDays(range.to, 1);
  }
  gaps.push({ from, to: LAST_DAY });
  return gaps;
}

/** Whether a row (or a day sum, which has a row's fields) meets the condition, as the database would decide. */
export function matchesRowCondition(
  condition: RowCondition,
  row: Pick<TransactionDaySum, 'treatment' | 'date' | 'departureCountry' | 'arrivalCountry' | 'vatRate'>,
): boolean {
  switch (condition.kind) {
    case 'all':
      return condition.of.every((part) => matchesRowCondition(part, row));
    case 'any':
      return condition.of.some((part) => matchesRowCondition(part, row));
    case 'treatment':
      return condition.in.includes(row.treatment);
    case 'country':
      return row[condition.field] === condition.is;
    case 'country-other-than':
      return row[condition.field] !== null && row[condition.field] !== condition.not;
    case 'country-known':
      return row[condition.field] !== null;
    case 'country-in':
      return condition.in.includes(row[condition.field] ?? '');
    case 'date':
      return condition.from <= row.date && row.date <= condition.to;
    case 'vat-charged':
      return row.vatRate !== null && money(row.vatRate).gt(0);
  }
}
