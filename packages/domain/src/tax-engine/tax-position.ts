import { addIsoDays, type ExchangeRateTable, type MissingRateReason, type RateLookup } from '../exchange-rates';
import { exactCentsOf, formatCentsFixed2, formatMoneyRoundedHalfUp, type Money, money, ZERO } from '../money';
import type { CompanyTaxProfile } from '../transactions/company-tax-profile';
import type { TransactionDaySum } from './day-sum';
import { isReturnCountry, returnCurrencyOf } from './local-currency';
import { calendarMonthOf, calendarQuarterOf, type Period, yearOf } from './periods';
import { computeOssThresholds, type OssThresholdYear, taxedAtDestination } from './threshold';
import type { TransactionTreatment } from './treatment';
import { vatAsCharged, vatDueOf } from './vat-due';

/**
 * The company's VAT position over a set of day sums: what it owes where, the OSS return lines, the EC sales list and
 * the €10,000 threshold. Pure and order independent: the same sums in any order give the same position.
 *
 * Rounding: every amount is converted and summed in full precision per output line and rounded half-up to the cent
 * once per line (research §6.3 leaves per-country rounding [U]; one rounding per line keeps a refund cancelling its
 * sale exactly and makes a split of a day into two sums change nothing).
 *
 * Conversion: OSS and IOSS lines use the ECB rate of the last day of the return period, or of the next publication
 * day (Art. 369h, 369xh; `findOssConversionRate`); the OSS period is the quarter even for the monthly liability lines,
 * so the months add up to the quarter's return. Local returns and the EC sales list use the ECB rate of the tax-point
 * day or, when the ECB published none that day, of the previous publication day (Art. 91(2), research §2 [U]).
 * A missing rate is never replaced: the amounts that needed it are left out of the affected totals, the line is
 * marked `incomplete`, and `problems` names the currency, day and reason once.
 */

export type LiabilityScheme = 'local' | 'oss' | 'ioss';

export type Liability = {
  /** The country whose VAT is owed: for OSS and IOSS the member state of consumption. */
  jurisdiction: string;
  scheme: LiabilityScheme;
  /** The calendar month of the tax points. */
  periodStart: string;
  periodEnd: string;
  /** The currency of the return: the jurisdiction's for a local return, the member state of identification's for
   * OSS and IOSS (euro unless that state requires its own, Art. 369h). */
  currency: string;
  /** Net of every supply on the line, the zero-rated ones included; intra-Community acquisitions are not supplies. */
  netEur: string;
  vatEur: string;
  netLocal: string;
  vatLocal: string;
  /** The part of `net` that is zero-rated: intra-EU B2B supplies, exports, own-goods transfers out. */
  zeroRatedNetEur: string;
  zeroRatedNetLocal: string;
  /** Own goods arriving from another member state (Art. 21): declared as an acquisition, whose VAT the company
   * self-assesses and deducts in the same return, so it adds no VAT to pay. */
  acquisitionNetEur: string;
  acquisitionNetLocal: string;
  transactionCount: number;
  /** True when a missing exchange rate left some amounts out of the totals above (see `problems`). */
  incomplete: boolean;
};

/** One line of the Union OSS return (Art. 369g): per member state of consumption, of dispatch, and rate. */
export type OssLine = {
  periodStart: string;
  periodEnd: string;
  memberStateOfConsumption: string;
  memberStateOfDispatch: string;
  /** The rate as a fraction (`0.2`) the VAT is at: the file's, or the standard rate of the member state of
   * consumption where the file charged another country's VAT or none (decision 039). */
  vatRate: string | null;
  netEur: string;
  vatEur: string;
  transactionCount: number;
  incomplete: boolean;
};

export type EcSalesListKind = 'goods' | 'transfer';

/** One line of the recapitulative statement (Art. 262) of the departure country, per month and customer. */
export type EcSalesListLine = {
  reportingCountry: string;
  periodStart: string;
  periodEnd: string;
  /** The customer's VAT number; for a transfer the company's own number in the arrival country; null when neither
   * the file nor the profile has it (the line cannot be filed as is). */
  customerVatNumber: string | null;
  kind: EcSalesListKind;
  currency: string;
  netEur: string;
  netLocal: string;
  transactionCount: number;
  incomplete: boolean;
};

export type TaxPositionProblem =
  | { kind: 'missing-rate'; currency: string; date: string; reason: MissingRateReason }
  /** Amounts without a currency cannot be converted; they are left out. */
  | { kind: 'missing-currency'; date: string; treatment: TransactionTreatment }
  /** A liability in a country outside the 30 Vatlas knows: no return currency, so no line. */
  | { kind: 'unsupported-jurisdiction'; country: string; treatment: TransactionTreatment }
  /**
   * Taxable sales of a month whose VAT due in `jurisdiction` was computed from the price (decision 039): the file
   * charged another country's VAT (`elsewhere`) or none. Their VAT is at the standard rate, an upper bound.
   */
  | {
      kind: 'vat-from-price';
      jurisdiction: string;
      /** The first day of the month of the tax points. */
      periodStart: string;
      charged: 'elsewhere' | 'none';
      transactionCount: number;
    };

export type TaxPosition = {
  liabilities: Liability[];
  ossLines: OssLine[];
  ecSalesListLines: EcSalesListLine[];
  ossThresholds: OssThresholdYear[];
  problems: TaxPositionProblem[];
};

/** How far back the local rule looks for the previous publication day; see OSS_RATE_LOOKAHEAD_DAYS. */
const LOCAL_RATE_LOOKBACK_DAYS = 7;

/** Which ECB day converts an amount: the OSS period end (next publication) or the tax point (previous one). */
type RateRule = { kind: 'period-end'; date: string } | { kind: 'tax-point'; date: string };

type PostingKind = 'taxable' | 'zero-rated' | 'acquisition';

type Posting = { jurisdiction: string; scheme: LiabilityScheme; kind: PostingKind };

/**
 * What the returns read of a day sum depends on its treatment (`postingsOf`), so the database can sum coarser than
 * the rows and hand over fewer sums. The API's day-sum query applies these lists; a property test pins that
 * `coarsenForReturns` changes no return.
 */
export const RETURNS_GRAIN = {
  /** In no return at all: movements without a tax effect and supplies the marketplace declares. */
  outsideReturns: [
    'non-eu-movement',
    'inbound-movement',
    'return-movement',
    'domestic-movement',
    'marketplace-deemed-supplier',
    'commingling-purchase',
    'unclassified',
  ],
  /** Declared in the departure country's return only: the arrival country is not read. */
  withoutArrival: ['domestic-sale', 'donation', 'intra-eu-b2b-supply', 'export'],
  /**
   * The rate and the file's jurisdiction are read only for taxable sales: by the VAT due (charged in the taxing
   * country or not, decision 039), the OSS lines (per rate) and the import rule (VAT charged or not).
   */
  withRateAndJurisdiction: ['domestic-sale', 'donation', 'intra-eu-distance-sale', 'import', 'import-ioss'],
} as const satisfies Record<string, readonly TransactionTreatment[]>;

const isIn = (list: readonly TransactionTreatment[], treatment: TransactionTreatment) => list.includes(treatment);

/**
 * A sum as coarse as the returns allow (undefined: in no return), the same grain the API's query sums at. The EC sales
 * list needs more (the buyer's VAT number) and is built from sums of its own.
 */
export function coarsenForReturns(sum: TransactionDaySum): TransactionDaySum | undefined {
  if (isIn(RETURNS_GRAIN.outsideReturns, sum.treatment)) return undefined;
  return {
    ...sum,
    arrivalCountry: isIn(RETURNS_GRAIN.withoutArrival, sum.treatment) ? null : sum.arrivalCountry,
    vatRate: isIn(RETURNS_GRAIN.withRateAndJurisdiction, sum.treatment) ? sum.vatRate : null,
    taxableJurisdiction: isIn(RETURNS_GRAIN.withRateAndJurisdiction, sum.treatment) ? sum.taxableJurisdiction : null,
    buyerVatNumber: null,
    computedVatAmount: null,
  };
}

/**
 * A distance sale as coarse as the €10,000 threshold allows (undefined: no distance sale), the grain the API's query
 * sums the threshold's sums at: of a distance sale, the threshold reads only the day, the currency and the net amount.
 */
export function coarsenForThreshold(sum: TransactionDaySum): TransactionDaySum | undefined {
  if (sum.treatment !== 'intra-eu-distance-sale') return undefined;
  return {
    ...sum,
    departureCountry: null,
    arrivalCountry: null,
    taxableJurisdiction: null,
    vatRate: null,
    buyerVatNumber: null,
    computedVatAmount: null,
  };
}

type TaxPositionInput = {
  sums: readonly TransactionDaySum[];
  profile: CompanyTaxProfile;
  rates: ExchangeRateTable;
};

/** The whole position from one set of day sums (the EC sales list from the same sums, by buyer VAT number). */
export function computeTaxPosition(input: TaxPositionInput): TaxPosition {
  const returns = computeReturnsPosition(input);
  const ecSalesList = createEcSalesListBuilder(input);
  ecSalesList.add(input.sums);
  const esl = ecSalesList.finish();
  return {
    ...returns,
    ecSalesListLines: esl.lines,
    problems: mergeProblems(returns.problems, esl.problems),
  };
}

/**
 * Everything but the EC sales list. The EC sales list is the only output that needs the buyer's VAT number, which
 * multiplies the day sums by the number of business customers; computed apart (`createEcSalesListBuilder`), the sums
 * for the returns can leave it out and the list's sums can be fed a month at a time.
 */
export function computeReturnsPosition(input: TaxPositionInput): Omit<TaxPosition, 'ecSalesListLines'> {
  const returns = createReturnsBuilder({ profile: input.profile, rates: input.rates, distanceSales: input.sums });
  returns.add(input.sums);
  return returns.finish();
}

export type ReturnsBuilder = {
  /** Adds day sums at the returns' grain or finer (`coarsenForReturns`). Any split, any order. */
  add(sums: readonly TransactionDaySum[]): void;
  /** The returns of every sum added, and every problem met. */
  finish(): Omit<TaxPosition, 'ecSalesListLines'>;
};

type ReturnsInput = Omit<TaxPositionInput, 'sums'> & {
  /**
   * Every intra-EU distance sale the returns will be given (other treatments are ignored), at any grain that keeps
   * the date and the currency (`coarsenForThreshold`): the €10,000 threshold of each year decides where a sale is
   * taxed, so it is computed from them first.
   */
  distanceSales: readonly TransactionDaySum[];
};

/**
 * The returns fed in parts, so a caller reading the sums through a cursor holds a batch of them at a time and the
 * lines, never every sum: `computeReturnsPosition` over all sums is one `add`.
 */
export function createReturnsBuilder(input: ReturnsInput): ReturnsBuilder {
  const { profile } = input;
  const converter = createConverter(input.rates);
  const thresholds = computeOssThresholds(
    input.distanceSales.filter((sum) => sum.transactionCount > 0),
    converter.toEur,
  );
  const liabilities = new Accumulator<LiabilityLine>();
  const ossLines = new Accumulator<OssLineTotals>();
  const fromPrice = new Accumulator<Extract<TaxPositionProblem, { kind: 'vat-from-price' }>>();

  const post = (sum: TransactionDaySum, posting: Posting) => {
    const month = monthOf(sum.date);
    const currency = lineCurrency(posting.scheme, posting.jurisdiction, sum, profile, converter);
    if (currency === undefined) return;
    const rule = rateRuleOf(posting.scheme, sum.date);
    // A taxable sale owes the VAT of the country that taxes it (decision 039); a zero-rated supply keeps what the file
    // charged (nothing, or VAT an invoice showed, which is owed as shown); a transfer's acquisition owes none.
    const due = posting.kind === 'taxable' ? vatDueOf(sum, posting.jurisdiction) : vatAsCharged(sum);
    if (due.basis === 'from-price') {
      const charged = sum.taxableJurisdiction === null ? 'none' : 'elsewhere';
      const key = `${month.periodStart}|${posting.jurisdiction}|${charged}`;
      const problem =
        fromPrice.get(key) ??
        fromPrice.add(key, {
          kind: 'vat-from-price',
          jurisdiction: posting.jurisdiction,
          periodStart: month.periodStart,
          charged,
          transactionCount: 0,
        });
      problem.transactionCount += sum.transactionCount;
    }
    const net = converter.convert(sum, due.net, currency, rule);
    const vat = posting.kind === 'acquisition' ? ZERO_CONVERTED : converter.convert(sum, due.vat, currency, rule);
    const key = `${month.periodStart}|${posting.jurisdiction}|${posting.scheme}`;
    const line =
      liabilities.get(key) ??
      liabilities.add(key, {
        ...emptyLiabilityTotals(),
        jurisdiction: posting.jurisdiction,
        scheme: posting.scheme,
        ...month,
        currency,
      });
    line.count += sum.transactionCount;
    if (posting.kind === 'acquisition') {
      line.acquisitionEur.add(net.eur);
      line.acquisitionLocal.add(net.local);
    } else {
      line.netEur.add(net.eur);
      line.netLocal.add(net.local);
      line.vatEur.add(vat.eur);
      line.vatLocal.add(vat.local);
      if (posting.kind === 'zero-rated') {
        line.zeroRatedEur.add(net.eur);
        line.zeroRatedLocal.add(net.local);
      }
    }

    const dispatch = sum.departureCountry;
    if (posting.scheme === 'oss' && dispatch !== null) {
      const quarter = quarterOf(sum.date);
      const ossKey = `${quarter.periodStart}|${posting.jurisdiction}|${dispatch}|${due.rate ?? ''}`;
      const oss =
        ossLines.get(ossKey) ??
        ossLines.add(ossKey, {
          ...emptyNetVatTotals(),
          ...quarter,
          consumption: posting.jurisdiction,
          dispatch,
          vatRate: due.rate,
        });
      oss.count += sum.transactionCount;
      oss.netEur.add(net.eur);
      oss.vatEur.add(vat.eur);
    }
  };

  return {
    add(sums) {
      for (const sum of sums) {
        if (sum.transactionCount <= 0) continue;
        for (const posting of postingsOf(sum, profile, thresholds.byYear)) post(sum, posting);
      }
    },
    finish: () => ({
      liabilities: liabilities.values().map(toLiability),
      ossLines: ossLines.values().map(toOssLine),
      ossThresholds: thresholds.years,
      problems: mergeProblems(converter.problems(), fromPrice.values()),
    }),
  };
}

export type EcSalesListBuilder = {
  /** Adds day sums that carry the buyer's VAT number; other treatments are ignored. Any split, any order. */
  add(sums: readonly TransactionDaySum[]): void;
  /**
   * Hands over the lines built so far and forgets them, so a caller feeding a month at a time holds one month of
   * lines. A sum added later for a month already drained throws: its line has left.
   */
  drain(): EcSalesListLine[];
  /** The lines not drained yet and every problem met. */
  finish(): { lines: EcSalesListLine[]; problems: TaxPositionProblem[] };
};

/**
 * The EC sales list (Art. 262) of the departure country, per month, customer and kind: intra-EU B2B supplies and
 * own-goods transfers, which are zero-rated in the departure country whatever the profile or threshold, converted at
 * the local-return rule (the tax-point day's rate). Fed in parts, it gives the same lines as all sums at once.
 */
export function createEcSalesListBuilder(input: Omit<TaxPositionInput, 'sums'>): EcSalesListBuilder {
  const { profile } = input;
  const converter = createConverter(input.rates);
  let eslLines = new Accumulator<EslLineTotals>();
  const drainedMonths = new Set<string>();
  return {
    add(sums) {
      for (const sum of sums) {
        const dispatch = sum.departureCountry;
        if (sum.transactionCount <= 0 || !isEslTreatment(sum.treatment) || dispatch === null) continue;
        if (sum.treatment === 'own-goods-transfer' && sum.arrivalCountry === null) continue;
        // Zero-rated in the departure country's local return.
        const currency = lineCurrency('local', dispatch, sum, profile, converter);
        if (currency === undefined) continue;
        const month = monthOf(sum.date);
        if (drainedMonths.has(month.periodStart)) {
          throw new Error(`EC sales list: a sum of ${month.periodStart} arrived after that month was drained.`);
        }
        const net = converter.convert(sum, sum.netAmount, currency, rateRuleOf('local', sum.date));
        const customerVatNumber = eslVatNumber(sum, profile);
        const kind: EcSalesListKind = sum.treatment === 'own-goods-transfer' ? 'transfer' : 'goods';
        // One line per customer and month: a seller with many business buyers has tens of thousands, so the line is
        // built field by field, with only the totals the list reads.
        const key = `${month.periodStart}|${dispatch}|${customerVatNumber ?? ''}|${kind}`;
        const esl =
          eslLines.get(key) ??
          eslLines.add(key, {
            count: 0,
            netEur: new Total(),
            netLocal: new Total(),
            periodStart: month.periodStart,
            periodEnd: month.periodEnd,
            reportingCountry: dispatch,
            customerVatNumber,
            kind,
            currency,
          });
        esl.count += sum.transactionCount;
        esl.netEur.add(net.eur);
        esl.netLocal.add(net.local);
      }
    },
    drain() {
      const lines = eslLines.values().map(toEslLine);
      for (const line of lines) drainedMonths.add(line.periodStart);
      eslLines = new Accumulator<EslLineTotals>();
      return lines;
    },
    finish: () => ({ lines: eslLines.values().map(toEslLine), problems: mergeProblems(converter.problems()) }),
  };
}

/**
 * An EC Sales List's net values summed per reporting country, month and currency: what the list's filing declares,
 * without its lines (one per business customer and month).
 */
export type EcSalesListTotal = Pick<EcSalesListLine, 'reportingCountry' | 'periodStart' | 'currency'> & {
  netEur: string;
  netLocal: string;
};

export type EcSalesListTotals = {
  /** Adds lines as they are built, in any order and split. */
  add(lines: readonly EcSalesListLine[]): void;
  /** The totals of every line added, by month, country and currency. */
  totals(): EcSalesListTotal[];
};

/** Sums EC Sales List lines into `EcSalesListTotal`s exactly, as the lines' own amounts add up. */
export function createEcSalesListTotals(): EcSalesListTotals {
  type Totals = Omit<EcSalesListTotal, 'netEur' | 'netLocal'> & { netEur: Total; netLocal: Total };
  const totals = new Accumulator<Totals>();
  return {
    add(lines) {
      for (const { reportingCountry, periodStart, currency, netEur, netLocal } of lines) {
        const key = `${periodStart}|${reportingCountry}|${currency}`;
        const total =
          totals.get(key) ??
          totals.add(key, { reportingCountry, periodStart, currency, netEur: new Total(), netLocal: new Total() });
        total.netEur.add(netEur);
        total.netLocal.add(netLocal);
      }
    },
    totals: () =>
      totals
        .values()
        .map((total) => ({ ...total, netEur: total.netEur.rounded(), netLocal: total.netLocal.rounded() })),
  };
}

/** Each problem once, in a stable order, whichever computation reported it. */
export function mergeProblems(...lists: readonly TaxPositionProblem[][]): TaxPositionProblem[] {
  return lists.flat().filter(uniqueProblem()).sort(byProblemKey);
}

// ---- which returns a sum belongs to ------------------------------------------------------------------------------

function postingsOf(
  sum: TransactionDaySum,
  profile: CompanyTaxProfile,
  thresholdByYear: ReadonlyMap<number, OssThresholdYear>,
): Posting[] {
  const from = sum.departureCountry;
  const to = sum.arrivalCountry;
  switch (sum.treatment) {
    case 'domestic-sale':
    case 'donation':
      return from === null ? [] : [{ jurisdiction: from, scheme: 'local', kind: 'taxable' }];
    case 'intra-eu-distance-sale': {
      if (from === null || to === null) return [];
      if (profile.oss !== null && profile.oss.from <= sum.date)
        return [{ jurisdiction: to, scheme: 'oss', kind: 'taxable' }];
      const destination = taxedAtDestination(sum, profile, thresholdByYear.get(yearOf(sum.date)));
      return [{ jurisdiction: destination ? to : from, scheme: 'local', kind: 'taxable' }];
    }
    case 'intra-eu-b2b-supply':
      return from === null ? [] : [{ jurisdiction: from, scheme: 'local', kind: 'zero-rated' }];
    case 'export':
      // An export from a country outside the 30 (a non-EU seller's own shipments) is in none of their returns.
      return from === null || !isReturnCountry(from)
        ? []
        : [{ jurisdiction: from, scheme: 'local', kind: 'zero-rated' }];
    case 'import-ioss':
      return to === null ? [] : [{ jurisdiction: to, scheme: 'ioss', kind: 'taxable' }];
    case 'import':
      // VAT charged on the sale means the seller delivered duty paid: it imported the goods itself and supplies them
      // inside the arrival country (Art. 32). Without VAT the customer imports and pays at the border.
      return to === null || sum.vatRate === null || !money(sum.vatRate).gt(0)
        ? []
        : [{ jurisdiction: to, scheme: 'local', kind: 'taxable' }];
    case 'own-goods-transfer':
      return from === null || to === null
        ? []
        : [
            { jurisdiction: from, scheme: 'local', kind: 'zero-rated' },
            { jurisdiction: to, scheme: 'local', kind: 'acquisition' },
          ];
    case 'non-eu-movement':
    case 'inbound-movement':
    case 'return-movement':
    case 'domestic-movement':
    case 'marketplace-deemed-supplier':
    case 'commingling-purchase':
    case 'unclassified':
      return [];
  }
}

function isEslTreatment(treatment: TransactionTreatment): boolean {
  return treatment === 'intra-eu-b2b-supply' || treatment === 'own-goods-transfer';
}

/** For a transfer the "customer" is the company itself, under its VAT number in the arrival country. */
function eslVatNumber(sum: TransactionDaySum, profile: CompanyTaxProfile): string | null {
  if (sum.buyerVatNumber !== null || sum.treatment !== 'own-goods-transfer') return sum.buyerVatNumber;
  return profile.registrations.find((registration) => registration.country === sum.arrivalCountry)?.vatNumber ?? null;
}

function lineCurrency(
  scheme: LiabilityScheme,
  jurisdiction: string,
  sum: TransactionDaySum,
  profile: CompanyTaxProfile,
  converter: Converter,
): string | undefined {
  const identification = scheme === 'oss' ? profile.oss : scheme === 'ioss' ? profile.ioss : null;
  const country = scheme === 'local' ? jurisdiction : identification?.memberState;
  // An IOSS row from Amazon for a company whose profile has no IOSS yet: declared in euro until the profile says.
  if (country === undefined) return 'EUR';
  const currency = returnCurrencyOf(country, sum.date);
  if (currency === undefined) converter.report({ kind: 'unsupported-jurisdiction', country, treatment: sum.treatment });
  return currency;
}

/** The periods of a day, computed once per day: tens of thousands of sums fall on a few hundred days. The objects are
 * shared, so they are only ever read (spread into lines). */
const monthsByDate = new Map<string, Period>();
const quartersByDate = new Map<string, Period>();

function periodOf(cache: Map<string, Period>, date: string, compute: (date: string) => Period): Period {
  let period = cache.get(date);
  if (period === undefined) {
    period = compute(date);
    if (cache.size >= 10_000) cache.clear();
    cache.set(date, period);
  }
  return period;
}

const monthOf = (date: string) => periodOf(monthsByDate, date, calendarMonthOf);
const quarterOf = (date: string) => periodOf(quartersByDate, date, calendarQuarterOf);

/** The rules of a day per scheme, made once per day like its periods, and likewise only ever read. */
const rulesByDate = new Map<string, Readonly<Record<LiabilityScheme, RateRule>>>();

function rateRuleOf(scheme: LiabilityScheme, date: string): RateRule {
  let rules = rulesByDate.get(date);
  if (rules === undefined) {
    rules = {
      oss: { kind: 'period-end', date: quarterOf(date).periodEnd },
      ioss: { kind: 'period-end', date: monthOf(date).periodEnd },
      local: { kind: 'tax-point', date },
    };
    if (rulesByDate.size >= 10_000) rulesByDate.clear();
    rulesByDate.set(date, rules);
  }
  return rules[scheme];
}

// ---- conversion ----------------------------------------------------------------------------------------------------

/**
 * An amount as the totals take it: the text of a day sum where no conversion changed it (exact cents, summed as
 * integers) or the decimal a conversion computed.
 */
type Amount = string | Money;

type Converted = { eur: Amount | undefined; local: Amount | undefined };

type Converter = {
  /** An amount of the sum in EUR and in `localCurrency`, each undefined when a rate is missing. */
  convert(sum: TransactionDaySum, amount: string, localCurrency: string, rule: RateRule): Converted;
  toEur(sum: TransactionDaySum, amount: string, rule: RateRule): Money | undefined;
  report(problem: TaxPositionProblem): void;
  problems(): TaxPositionProblem[];
};

/** The euro's rate to itself: converting euro needs no table, and x ÷ 1 and x × 1 are x exactly. */
const ONE = money('1');
/** A zero amount converted: shared, since totals only ever read amounts (big.js values are immutable). */
const ZERO_CONVERTED: Converted = { eur: ZERO, local: ZERO };

function createConverter(rates: ExchangeRateTable): Converter {
  const problems: TaxPositionProblem[] = [];
  /**
   * Each (currency, rule) looked up and parsed once: tens of thousands of sums share a few hundred rates. By the rule's
   * kind, then its day, then the currency: no key string to build per sum.
   */
  const lookups: Record<RateRule['kind'], Map<string, Map<string, Money | undefined>>> = {
    'period-end': new Map(),
    'tax-point': new Map(),
  };

  const rateOf = (currency: string, rule: RateRule): Money | undefined => {
    if (currency === 'EUR') return ONE;
    let ofDay = lookups[rule.kind].get(rule.date);
    if (ofDay === undefined) {
      ofDay = new Map();
      lookups[rule.kind].set(rule.date, ofDay);
    }
    if (ofDay.has(currency)) return ofDay.get(currency);
    const found =
      rule.kind === 'period-end'
        ? rates.findOssConversionRate(currency, rule.date)
        : previousPublication(rates, currency, rule.date);
    if (found.kind === 'missing-rate') {
      problems.push({ kind: 'missing-rate', currency, date: found.date, reason: found.reason });
    }
    const rate = found.kind === 'rate' ? money(found.rate) : undefined;
    ofDay.set(currency, rate);
    return rate;
  };

  const valueToEur = (sum: TransactionDaySum, value: Money, rule: RateRule): Money | undefined => {
    if (sum.currency === null) {
      if (value.eq(0)) return ZERO;
      problems.push({ kind: 'missing-currency', date: sum.date, treatment: sum.treatment });
      return undefined;
    }
    if (sum.currency === 'EUR') return value;
    const rate = rateOf(sum.currency, rule);
    return rate === undefined ? undefined : value.div(rate);
  };

  return {
    toEur: (sum, amount, rule) => valueToEur(sum, money(amount), rule),
    convert(sum, amount, localCurrency, rule) {
      const cents = exactCentsOf(amount);
      // Zero needs no rate: a movement without a value must not report a missing one.
      if (cents === undefined ? money(amount).eq(0) : cents === 0) return ZERO_CONVERTED;
      // Where no rate applies the sum's own text goes on (x ÷ 1 and x × 1 are x): the totals add it in cents.
      const eur = sum.currency === 'EUR' ? amount : valueToEur(sum, money(amount), rule);
      if (sum.currency === localCurrency) return { eur, local: amount };
      if (localCurrency === 'EUR') return { eur, local: eur };
      const localRate = rateOf(localCurrency, rule);
      if (eur === undefined || localRate === undefined) return { eur, local: undefined };
      return { eur, local: (typeof eur === 'string' ? money(eur) : eur).times(localRate) };
    },
    report: (problem) => problems.push(problem),
    problems: () => problems,
  };
}

/** The rate of `date` or, when the ECB did not publish that day, of the previous publication day. */
function previousPublication(rates: ExchangeRateTable, currency: string, date: string): RateLookup {
  const coverage = rates.coverage;
  if (coverage === undefined || date > coverage.to || date < coverage.from) {
    return { kind: 'missing-rate', currency, date, reason: 'outside-table' };
  }
  for (let offset = 0; offset <= LOCAL_RATE_LOOKBACK_DAYS; offset += 1) {
    const day = addIsoDays(date, -offset);
    const found = rates.findRate(currency, day);
    // The first publication day decides, as in the OSS rule: an N/A there is reported, not skipped.
    if (found.kind === 'rate') return { ...found, date };
    if (found.reason !== 'not-published') return { ...found, date };
  }
  return { kind: 'missing-rate', currency, date, reason: 'not-published' };
}

function uniqueProblem(): (problem: TaxPositionProblem) => boolean {
  const seen = new Set<string>();
  return (problem) => {
    const key = problemKey(problem);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  };
}

function problemKey(problem: TaxPositionProblem): string {
  switch (problem.kind) {
    case 'missing-rate':
      return `${problem.kind}|${problem.date}|${problem.currency}|${problem.reason}`;
    case 'missing-currency':
      return `${problem.kind}|${problem.date}|${problem.treatment}`;
    case 'unsupported-jurisdiction':
      return `${problem.kind}|${problem.country}`;
    case 'vat-from-price':
      return `${problem.kind}|${problem.periodStart}|${problem.jurisdiction}|${problem.charged}`;
  }
}

function byProblemKey(a: TaxPositionProblem, b: TaxPositionProblem): number {
  return problemKey(a).localeCompare(problemKey(b));
}

// ---- totals --------------------------------------------------------------------------------------------------------

/**
 * A full-precision sum that remembers whether an amount was missing. Amounts of at most two decimals (the database's
 * sums, unconverted) are added as whole cents, exactly (checked below 2^53); computed decimals in big.js. One sum of
 * both, rounded once: the same figure as adding everything in big.js, without a big.js value per euro amount.
 */
class Total {
  private value: Money = ZERO;
  private cents = 0;
  missing = false;

  add(amount: Amount | undefined): void {
    if (amount === undefined) {
      this.missing = true;
      return;
    }
    if (typeof amount === 'string') {
      const cents = exactCentsOf(amount);
      const next = cents === undefined ? Number.NaN : this.cents + cents;
      if (Number.isSafeInteger(next)) {
        this.cents = next;
        return;
      }
      this.value = this.value.plus(money(amount));
      return;
    }
    this.value = this.value.plus(amount);
  }

  rounded(): string {
    if (this.value === ZERO) return formatCentsFixed2(this.cents);
    return formatMoneyRoundedHalfUp(
      this.cents === 0 ? this.value : this.value.plus(money(formatCentsFixed2(this.cents))),
    );
  }
}

/**
 * Lines keyed by their grouping fields joined with `|`, returned in key order so the input order never shows. The keys
 * are compared by their UTF-16 code units, not `localeCompare`: any fixed order will do, and the collator's took a
 * tenth of a recompute's CPU at the 1M-row benchmark's 75,000 EC Sales List lines.
 */
class Accumulator<T> {
  private readonly lines = new Map<string, T>();

  /**
   * The line of `key`, if one was added. Callers write `get(key) ?? add(key, {…})`: a function to create the line
   * would be a closure per day sum (some 150,000 a recompute at a million rows), made whether the line exists or not.
   */
  get(key: string): T | undefined {
    return this.lines.get(key);
  }

  add(key: string, line: T): T {
    this.lines.set(key, line);
    return line;
  }

  values(): T[] {
    // The default sort compares strings by their UTF-16 code units, without a call to a comparator per comparison.
    return [...this.lines.keys()].sort().map((key) => this.lines.get(key) as T);
  }
}

type LiabilityTotals = {
  count: number;
  netEur: Total;
  vatEur: Total;
  netLocal: Total;
  vatLocal: Total;
  zeroRatedEur: Total;
  zeroRatedLocal: Total;
  acquisitionEur: Total;
  acquisitionLocal: Total;
};

function emptyLiabilityTotals(): LiabilityTotals {
  return {
    count: 0,
    netEur: new Total(),
    vatEur: new Total(),
    netLocal: new Total(),
    vatLocal: new Total(),
    zeroRatedEur: new Total(),
    zeroRatedLocal: new Total(),
    acquisitionEur: new Total(),
    acquisitionLocal: new Total(),
  };
}

type NetVatTotals = { count: number; netEur: Total; vatEur: Total; netLocal: Total };

function emptyNetVatTotals(): NetVatTotals {
  return { count: 0, netEur: new Total(), vatEur: new Total(), netLocal: new Total() };
}

type LiabilityLine = LiabilityTotals & Period & { jurisdiction: string; scheme: LiabilityScheme; currency: string };
type OssLineTotals = NetVatTotals & Period & { consumption: string; dispatch: string; vatRate: string | null };
type EslLineTotals = Omit<NetVatTotals, 'vatEur'> &
  Period & { reportingCountry: string; customerVatNumber: string | null; kind: EcSalesListKind; currency: string };

function anyMissing(...totals: Total[]): boolean {
  return totals.some((total) => total.missing);
}

function toLiability(line: LiabilityLine): Liability {
  return {
    jurisdiction: line.jurisdiction,
    scheme: line.scheme,
    periodStart: line.periodStart,
    periodEnd: line.periodEnd,
    currency: line.currency,
    netEur: line.netEur.rounded(),
    vatEur: line.vatEur.rounded(),
    netLocal: line.netLocal.rounded(),
    vatLocal: line.vatLocal.rounded(),
    zeroRatedNetEur: line.zeroRatedEur.rounded(),
    zeroRatedNetLocal: line.zeroRatedLocal.rounded(),
    acquisitionNetEur: line.acquisitionEur.rounded(),
    acquisitionNetLocal: line.acquisitionLocal.rounded(),
    transactionCount: line.count,
    incomplete: anyMissing(
      line.netEur,
      line.vatEur,
      line.netLocal,
      line.vatLocal,
      line.acquisitionEur,
      line.acquisitionLocal,
    ),
  };
}

function toOssLine(line: OssLineTotals): OssLine {
  return {
    periodStart: line.periodStart,
    periodEnd: line.periodEnd,
    memberStateOfConsumption: line.consumption,
    memberStateOfDispatch: line.dispatch,
    vatRate: line.vatRate,
    netEur: line.netEur.rounded(),
    vatEur: line.vatEur.rounded(),
    transactionCount: line.count,
    incomplete: anyMissing(line.netEur, line.vatEur),
  };
}

function toEslLine(line: EslLineTotals): EcSalesListLine {
  return {
    reportingCountry: line.reportingCountry,
    periodStart: line.periodStart,
    periodEnd: line.periodEnd,
    customerVatNumber: line.customerVatNumber,
    kind: line.kind,
    currency: line.currency,
    netEur: line.netEur.rounded(),
    netLocal: line.netLocal.rounded(),
    transactionCount: line.count,
    incomplete: line.netEur.missing || line.netLocal.missing,
  };
}
