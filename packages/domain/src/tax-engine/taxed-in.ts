import { isEuCountry } from '../countries';
import { addIsoDays } from '../exchange-rates';
import { money } from '../money';
import type { CompanyTaxProfile } from '../transactions/company-tax-profile';
import type { TransactionDaySum } from './day-sum';
import { isReturnCountry } from './local-currency';
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

/** The rows whose VAT, zero-rated supply or acquisition belongs to `jurisdiction`'s liability. */
export function taxedInCondition(jurisdiction: string, context: TaxedInContext): RowCondition {
  const { profile } = context;
  // A seller established outside the EU, or selling from stock elsewhere, is taxed at destination from the first euro.
  const home = isEuCountry(profile.establishmentCountry) ? profile.establishmentCountry : null;
  const atDestination = destinationDays(context);
  const conditions: RowCondition[] = [
    all(treatment('domestic-sale', 'donation', 'intra-eu-b2b-supply'), country('departureCountry', jurisdiction)),
    all(treatment('import-ioss'), country('arrivalCountry', jurisdiction)),
    // Delivered duty paid: the seller imported the goods itself and supplies them inside the arrival country.
    all(treatment('import'), country('arrivalCountry', jurisdiction), { kind: 'vat-charged' }),
    all(
      treatment('own-goods-transfer'),
      any(
        all(country('departureCountry', jurisdiction), known('arrivalCountry')),
        all(known('departureCountry'), country('arrivalCountry', jurisdiction)),
      ),
    ),
    all(
      treatment('intra-eu-distance-sale'),
      known('departureCountry'),
      country('arrivalCountry', jurisdiction),
      home === null
        ? all()
        : any({ kind: 'country-other-than', field: 'departureCountry', not: home }, ...within(atDestination)),
    ),
  ];
  // An export from a country outside the 30 is in none of their returns.
  if (isReturnCountry(jurisdiction)) {
    conditions.push(all(treatment('export'), country('departureCountry', jurisdiction)));
  }
  if (home === jurisdiction) {
    conditions.push(
      all(
        treatment('intra-eu-distance-sale'),
        country('departureCountry', jurisdiction),
        known('arrivalCountry'),
        any(...within(complementOf(atDestination))),
      ),
    );
  }
  return any(...conditions);
}

/**
 * The days on which a distance sale leaving the establishment country is taxed where it arrives: from the OSS start
 * on, and in each year from the day its sales crossed €10,000 (the whole year when the previous one had), sorted and
 * merged.
 */
function destinationDays({ profile, years }: TaxedInContext): DayRange[] {
  const ranges: DayRange[] = [];
  if (profile.oss !== null) ranges.push({ from: profile.oss.from, to: LAST_DAY });
  for (const year of years) {
    const to = `${year.year}-12-31`;
    if (year.exceededPreviousYear) ranges.push({ from: `${year.year}-01-01`, to });
    else if (year.crossedOn !== null) ranges.push({ from: year.crossedOn, to });
  }
  ranges.sort((a, b) => a.from.localeCompare(b.from));
  const merged: DayRange[] = [];
  for (const range of ranges) {
    const last = merged.at(-1);
    if (last !== undefined && (last.to === LAST_DAY || range.from <= addIsoDays(last.to, 1))) {
      if (range.to > last.to) last.to = range.to;
    } else {
      merged.push({ ...range });
    }
  }
  return merged;
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
    case 'date':
      return condition.from <= row.date && row.date <= condition.to;
    case 'vat-charged':
      return row.vatRate !== null && money(row.vatRate).gt(0);
  }
}
