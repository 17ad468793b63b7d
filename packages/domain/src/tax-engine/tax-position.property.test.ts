import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseEcbHistoryCsv } from '../exchange-rates/ecb-csv';
import { ECB_EXCERPT_CSV } from '../exchange-rates/ecb-excerpt.fixture';
import { createExchangeRateTable } from '../exchange-rates/exchange-rate-table';
import { formatMoneyFixed2, money, sumMoney } from '../money';
import type { TransactionDaySum } from './day-sum';
import { GERMAN_SELLER, GERMAN_SELLER_WITH_OSS_AND_IOSS } from './day-sum.fixture';
import {
  coarsenForReturns,
  coarsenForThreshold,
  computeTaxPosition,
  createEcSalesListBuilder,
  createEcSalesListTotals,
  createReturnsBuilder,
  type EcSalesListLine,
  type EcSalesListTotal,
  mergeProblems,
  type TaxPosition,
} from './tax-position';
import { ecSalesListCondition, matchesRowCondition, type RowCondition, taxedInCondition } from './taxed-in';
import type { TransactionTreatment } from './treatment';

const rates = createExchangeRateTable(parseEcbHistoryCsv(ECB_EXCERPT_CSV));

/** Days the excerpt has rates for (and a Saturday, which falls back to the Friday), in two quarters and two years. */
const DATES = [
  '2022-03-01',
  '2023-06-30',
  '2023-09-26',
  '2023-09-28',
  '2023-09-30',
  '2023-12-27',
  '2023-12-29',
  '2024-01-03',
];
const EU = ['DE', 'FR', 'PL', 'CZ', 'SE', 'AT'];
const TREATMENTS: readonly TransactionTreatment[] = [
  'domestic-sale',
  'intra-eu-distance-sale',
  'intra-eu-b2b-supply',
  'export',
  'import-ioss',
  'import',
  'own-goods-transfer',
  'donation',
  'marketplace-deemed-supplier',
  'return-movement',
];

/** Countries that fit the treatment: the same for a domestic sale, two member states for intra-EU ones… */
function countriesOf(treatment: TransactionTreatment, from: string, to: string) {
  const other = to === from ? (EU[(EU.indexOf(from) + 1) % EU.length] ?? 'FR') : to;
  switch (treatment) {
    case 'domestic-sale':
    case 'donation':
      return { departureCountry: from, arrivalCountry: from };
    case 'export':
      return { departureCountry: from, arrivalCountry: 'CH' };
    case 'import':
    case 'import-ioss':
      return { departureCountry: 'CN', arrivalCountry: to };
    default:
      return { departureCountry: from, arrivalCountry: other };
  }
}

/** Amounts as whole cents, up to ±€20,000 so some years cross the threshold and others do not. */
const cents = fc
  .integer({ min: -2_000_000, max: 2_000_000 })
  .map((value) => formatMoneyFixed2(money(String(value)).div(100)));

function daySumArbitrary(currencies: readonly string[]): fc.Arbitrary<TransactionDaySum> {
  return fc
    .record({
      treatment: fc.constantFrom(...TREATMENTS),
      date: fc.constantFrom(...DATES),
      from: fc.constantFrom(...EU),
      to: fc.constantFrom(...EU),
      currency: fc.constantFrom(...currencies),
      vatRate: fc.constantFrom('0.19', '0.23', '0.2', '0', null),
      // The file's jurisdiction: none (Shopify, a CSV), the departure or the arrival country (decision 039).
      charged: fc.constantFrom('none', 'from', 'to'),
      net: cents,
      vat: cents,
      transactionCount: fc.integer({ min: 1, max: 50 }),
    })
    .map(({ treatment, date, from, to, currency, vatRate, charged, net, vat, transactionCount }) => ({
      treatment,
      date,
      ...countriesOf(treatment, from, to),
      taxableJurisdiction: charged === 'none' ? null : charged === 'from' ? from : to,
      currency,
      vatRate,
      buyerVatNumber: treatment === 'intra-eu-b2b-supply' ? `${to}0001` : null,
      netAmount: net,
      vatAmount: vat,
      grossAmount: formatMoneyFixed2(money(net).plus(money(vat))),
      computedVatAmount: null,
      transactionCount,
    }));
}

const anyCurrency = fc.array(daySumArbitrary(['EUR', 'PLN', 'CZK', 'SEK', 'GBP']), { maxLength: 25 });
const euroOnly = fc.array(daySumArbitrary(['EUR']), { maxLength: 25 });
const profiles = fc.constantFrom(GERMAN_SELLER, GERMAN_SELLER_WITH_OSS_AND_IOSS);

function position(sums: readonly TransactionDaySum[], profile = GERMAN_SELLER): TaxPosition {
  return computeTaxPosition({ sums, profile, rates });
}

function total(amounts: readonly string[]): string {
  return formatMoneyFixed2(sumMoney(amounts.map(money)));
}

function negate(sum: TransactionDaySum): TransactionDaySum {
  const minus = (amount: string) => formatMoneyFixed2(money(amount).times(-1));
  return {
    ...sum,
    netAmount: minus(sum.netAmount),
    vatAmount: minus(sum.vatAmount),
    grossAmount: minus(sum.grossAmount),
  };
}

describe('computeTaxPosition properties', () => {
  it('the lines over all jurisdictions add up to the total of what they declare', () => {
    // Sums the file charged where they are taxed, whatever the rules decide (no jurisdiction of its own, a rate
    // above zero): their figures stand (decision 039), so the totals are exact.
    const charged = euroOnly.map((sums) =>
      sums.map((sum) => ({
        ...sum,
        taxableJurisdiction: null,
        vatRate: sum.vatRate === null || sum.vatRate === '0' ? '0.19' : sum.vatRate,
      })),
    );
    fc.assert(
      fc.property(charged, profiles, (sums, profile) => {
        const result = position(sums, profile);
        // In euro nothing is converted, so the line totals are exact: every declared supply appears once in `net`
        // (a transfer's acquisition has its own column).
        const supplied = sums.filter(declares);
        expect(total(result.liabilities.map((line) => line.netEur))).toBe(total(supplied.map((sum) => sum.netAmount)));
        // VAT as the file charged it, once: the acquisition side of a transfer owes none.
        expect(total(result.liabilities.map((line) => line.vatEur))).toBe(total(supplied.map((sum) => sum.vatAmount)));
        // Each declared sum is counted once on its line, a transfer once more on its acquisition line.
        const transfers = supplied.filter((sum) => sum.treatment === 'own-goods-transfer');
        const counted = [...supplied, ...transfers].reduce((count, sum) => count + sum.transactionCount, 0);
        expect(result.liabilities.reduce((count, line) => count + line.transactionCount, 0)).toBe(counted);
        const oss = result.liabilities.filter((line) => line.scheme === 'oss');
        expect(total(result.ossLines.map((line) => line.netEur))).toBe(total(oss.map((line) => line.netEur)));
        expect(total(result.ossLines.map((line) => line.vatEur))).toBe(total(oss.map((line) => line.vatEur)));
      }),
    );
  });

  it('declares the price paid once, whatever VAT the file charged', () => {
    fc.assert(
      fc.property(euroOnly, profiles, (sums, profile) => {
        const result = position(sums, profile);
        // A VAT computed from the price (decision 039) has fractions of a cent, and each line rounds its net and its
        // VAT on its own: net + VAT add up to the supplies' gross within a cent per line.
        const declared = sumMoney(result.liabilities.map((line) => money(line.netEur).plus(money(line.vatEur))));
        const paid = sumMoney(sums.filter(declares).map((sum) => money(sum.grossAmount)));
        expect(declared.minus(paid).abs().lte(money('0.01').times(result.liabilities.length))).toBe(true);
      }),
    );
  });

  it('a refund (the negated sums) cancels its sales in every total', () => {
    fc.assert(
      fc.property(anyCurrency, profiles, (sums, profile) => {
        const result = position([...sums, ...sums.map(negate)], profile);
        for (const line of result.liabilities) {
          for (const amount of [line.netEur, line.vatEur, line.netLocal, line.vatLocal, line.acquisitionNetLocal]) {
            expect(amount).toBe('0.00');
          }
        }
        for (const line of [...result.ossLines, ...result.ecSalesListLines]) expect(line.netEur).toBe('0.00');
        for (const year of result.ossThresholds)
          expect(year).toMatchObject({ distanceSalesEur: '0.00', crossedOn: null });
      }),
    );
  });

  it('the order of the sums does not matter', () => {
    const permuted = anyCurrency.chain((sums) =>
      fc.tuple(fc.constant(sums), fc.shuffledSubarray(sums, { minLength: sums.length, maxLength: sums.length })),
    );
    fc.assert(
      fc.property(permuted, profiles, ([sums, shuffled], profile) => {
        expect(position(shuffled, profile)).toEqual(position(sums, profile));
      }),
    );
  });

  it('adding sums of no transactions changes nothing, and the input is left as it was', () => {
    fc.assert(
      fc.property(anyCurrency, fc.array(daySumArbitrary(['EUR', 'PLN']), { maxLength: 5 }), (sums, empty) => {
        const before = structuredClone(sums);
        const result = position(sums);
        const nothing = empty.map((sum) => ({
          ...sum,
          transactionCount: 0,
          netAmount: '0',
          vatAmount: '0',
          grossAmount: '0',
        }));
        expect(position([...sums, ...nothing])).toEqual(result);
        expect(sums).toEqual(before);
      }),
    );
  });

  it('splitting a day sum into two halves gives the same position', () => {
    const split = fc.tuple(anyCurrency, daySumArbitrary(['EUR', 'PLN', 'CZK', 'SEK']), cents, cents);
    fc.assert(
      fc.property(split, profiles, ([sums, whole, netPart, vatPart], profile) => {
        const counted = { ...whole, transactionCount: Math.max(whole.transactionCount, 2) };
        const grossPart = formatMoneyFixed2(money(netPart).plus(money(vatPart)));
        const first = {
          ...counted,
          netAmount: netPart,
          vatAmount: vatPart,
          grossAmount: grossPart,
          transactionCount: 1,
        };
        const second = {
          ...counted,
          netAmount: formatMoneyFixed2(money(counted.netAmount).minus(money(netPart))),
          vatAmount: formatMoneyFixed2(money(counted.vatAmount).minus(money(vatPart))),
          grossAmount: formatMoneyFixed2(money(counted.grossAmount).minus(money(grossPart))),
          transactionCount: counted.transactionCount - 1,
        };
        expect(position([...sums, first, second], profile)).toEqual(position([...sums, counted], profile));
      }),
    );
  });
});

describe("a country's transactions (taxedInCondition, the dashboard's drill-down)", () => {
  // Beside the German seller with and without OSS: one whose OSS starts inside the dates, so a year has days on either
  // side of it, and one established outside the EU, whose distance sales are taxed at destination from the first euro.
  const drillDownProfiles = fc.constantFrom(
    GERMAN_SELLER,
    GERMAN_SELLER_WITH_OSS_AND_IOSS,
    { ...GERMAN_SELLER, oss: { memberState: 'DE', from: '2023-09-28' } },
    { ...GERMAN_SELLER, establishmentCountry: 'US' },
  );

  it("are the rows the engine counts on that country's liability lines, month by month, per scheme and in all", () => {
    fc.assert(
      fc.property(anyCurrency, drillDownProfiles, (sums, profile) => {
        const result = position(sums, profile);
        const context = { profile, years: result.ossThresholds };
        const countries = [...EU, 'CH', 'CN', 'GB'];
        const months = new Set(sums.map((sum) => sum.date.slice(0, 7)));
        const counted = (month: string, condition: RowCondition) =>
          sums
            .filter((sum) => sum.date.startsWith(month) && matchesRowCondition(condition, sum))
            .reduce((count, sum) => count + sum.transactionCount, 0);
        for (const scheme of [undefined, 'local', 'oss', 'ioss'] as const) {
          for (const country of countries) {
            const condition = taxedInCondition({ country, scheme }, context);
            for (const month of months) {
              const onLines = result.liabilities
                .filter(
                  (line) =>
                    line.jurisdiction === country &&
                    (scheme === undefined || line.scheme === scheme) &&
                    line.periodStart.startsWith(month),
                )
                .reduce((count, line) => count + line.transactionCount, 0);
              expect(counted(month, condition), `${country} ${scheme} ${month}`).toBe(onLines);
            }
          }
          // Without a country: the rows on any country's lines of the scheme, each once (a transfer is on two).
          for (const sum of sums) {
            const onSomeCountry = countries.some((country) =>
              matchesRowCondition(taxedInCondition({ country, scheme }, context), sum),
            );
            expect(matchesRowCondition(taxedInCondition({ scheme }, context), sum), JSON.stringify(sum)).toBe(
              onSomeCountry,
            );
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it("are, for an EC Sales List, the rows the engine counts on that country's list, month by month", () => {
    fc.assert(
      fc.property(anyCurrency, drillDownProfiles, (sums, profile) => {
        const result = position(sums, profile);
        for (const country of [...EU, 'CH', 'GB']) {
          const condition = ecSalesListCondition(country);
          for (const month of new Set(sums.map((sum) => sum.date.slice(0, 7)))) {
            const listed = result.ecSalesListLines
              .filter((line) => line.reportingCountry === country && line.periodStart.startsWith(month))
              .reduce((count, line) => count + line.transactionCount, 0);
            const matching = sums
              .filter((sum) => sum.date.startsWith(month) && matchesRowCondition(condition, sum))
              .reduce((count, sum) => count + sum.transactionCount, 0);
            expect(matching, `${country} ${month}`).toBe(listed);
          }
        }
      }),
    );
  });
});

/** Sums with the same grouping fields merged into one, as the database's GROUP BY does. */
function mergeByKey(sums: readonly TransactionDaySum[]): TransactionDaySum[] {
  const merged = new Map<string, TransactionDaySum>();
  const plus = (a: string, b: string) => formatMoneyFixed2(money(a).plus(money(b)));
  for (const sum of sums) {
    const key = JSON.stringify({ ...sum, netAmount: 0, vatAmount: 0, grossAmount: 0, transactionCount: 0 });
    const before = merged.get(key);
    merged.set(
      key,
      before === undefined
        ? sum
        : {
            ...before,
            netAmount: plus(before.netAmount, sum.netAmount),
            vatAmount: plus(before.vatAmount, sum.vatAmount),
            grossAmount: plus(before.grossAmount, sum.grossAmount),
            transactionCount: before.transactionCount + sum.transactionCount,
          },
    );
  }
  return [...merged.values()];
}

/** `sums` cut at the given indexes: the batches of a cursor. */
function inParts<T>(sums: readonly T[], cuts: readonly number[]): T[][] {
  const parts: T[][] = [];
  let start = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    parts.push(sums.slice(start, Math.max(start, cut)));
    start = Math.max(start, cut);
  }
  parts.push(sums.slice(start));
  return parts;
}

describe('the returns and the EC sales list computed apart, in parts (how the API feeds them through cursors)', () => {
  const parts = anyCurrency.chain((sums) =>
    fc.tuple(
      fc.constant(sums),
      fc.shuffledSubarray(sums, { minLength: sums.length, maxLength: sums.length }),
      fc.array(fc.integer({ min: 0, max: 25 }), { maxLength: 4 }),
    ),
  );

  it('the returns are the same at the coarse grains fed in parts, and so is the list fed in parts', () => {
    fc.assert(
      fc.property(parts, profiles, ([sums, shuffled, cuts], profile) => {
        const whole = computeTaxPosition({ sums, profile, rates });
        // The grains the API's queries sum at: what no return reads is left out or merged, and the threshold reads
        // the distance sales per day and currency.
        const distanceSales = mergeByKey(sums.flatMap((sum) => coarsenForThreshold(sum) ?? []));
        const returns = createReturnsBuilder({ profile, rates, distanceSales });
        for (const part of inParts(mergeByKey(shuffled.flatMap((sum) => coarsenForReturns(sum) ?? [])), cuts)) {
          returns.add(part);
        }
        const esl = createEcSalesListBuilder({ profile, rates });
        for (const part of inParts(shuffled, cuts)) esl.add(part);
        const returnsPosition = returns.finish();
        const list = esl.finish();
        expect({
          ...returnsPosition,
          ecSalesListLines: list.lines,
          problems: mergeProblems(returnsPosition.problems, list.problems),
        }).toEqual(whole);
      }),
    );
  });
});

describe("the EC Sales List's totals (what its filings declare)", () => {
  const byKey = (totals: readonly EcSalesListTotal[]) =>
    totals.toSorted((a, b) =>
      `${a.periodStart}|${a.reportingCountry}|${a.currency}`.localeCompare(
        `${b.periodStart}|${b.reportingCountry}|${b.currency}`,
      ),
    );
  /** The lines' amounts summed per month, country and currency, one group at a time. */
  const summedPerGroup = (lines: readonly EcSalesListLine[]) => {
    const groups = new Map<string, EcSalesListLine[]>();
    for (const line of lines) {
      const key = `${line.periodStart}|${line.reportingCountry}|${line.currency}`;
      groups.set(key, [...(groups.get(key) ?? []), line]);
    }
    return [...groups.values()].map((group) => {
      const { reportingCountry, periodStart, currency } = group[0] as EcSalesListLine;
      return {
        reportingCountry,
        periodStart,
        currency,
        netEur: total(group.map((line) => line.netEur)),
        netLocal: total(group.map((line) => line.netLocal)),
      };
    });
  };

  it("are the lines' sums per month, country and currency, whatever the order and the parts they come in", () => {
    const lines = anyCurrency.map(
      (sums) => computeTaxPosition({ sums, profile: GERMAN_SELLER, rates }).ecSalesListLines,
    );
    const parts = lines.chain((all) =>
      fc.tuple(
        fc.constant(all),
        fc.shuffledSubarray(all, { minLength: all.length, maxLength: all.length }),
        fc.array(fc.integer({ min: 0, max: 25 }), { maxLength: 4 }),
      ),
    );
    fc.assert(
      fc.property(parts, ([all, shuffled, cuts]) => {
        const totals = createEcSalesListTotals();
        for (const part of inParts(shuffled, cuts)) totals.add(part);
        expect(byKey(totals.totals())).toEqual(byKey(summedPerGroup(all)));
      }),
    );
  });

  it('keeps each currency of a month and country apart, and adds cents exactly', () => {
    const line = (overrides: Partial<EcSalesListLine>): EcSalesListLine => ({
      reportingCountry: 'DE',
      periodStart: '2024-01-01',
      periodEnd: '2024-01-31',
      customerVatNumber: 'FR0001',
      kind: 'goods',
      currency: 'EUR',
      netEur: '0.10',
      netLocal: '0.10',
      transactionCount: 1,
      incomplete: false,
      ...overrides,
    });
    const totals = createEcSalesListTotals();
    totals.add([line({}), line({ customerVatNumber: 'FR0002', netEur: '0.20', netLocal: '0.20' })]);
    totals.add([
      line({ reportingCountry: 'PL', currency: 'PLN', netEur: '100.00', netLocal: '430.10' }),
      line({ reportingCountry: 'PL', currency: 'EUR', netEur: '-5.55', netLocal: '-5.55', kind: 'transfer' }),
      line({ periodStart: '2024-02-01', periodEnd: '2024-02-29', netEur: '1.00', netLocal: '1.00' }),
    ]);
    expect(totals.totals()).toEqual([
      { reportingCountry: 'DE', periodStart: '2024-01-01', currency: 'EUR', netEur: '0.30', netLocal: '0.30' },
      { reportingCountry: 'PL', periodStart: '2024-01-01', currency: 'EUR', netEur: '-5.55', netLocal: '-5.55' },
      { reportingCountry: 'PL', periodStart: '2024-01-01', currency: 'PLN', netEur: '100.00', netLocal: '430.10' },
      { reportingCountry: 'DE', periodStart: '2024-02-01', currency: 'EUR', netEur: '1.00', netLocal: '1.00' },
    ]);
  });
});

/** Whether a generated sum lands on a liability line as a supply (net and VAT), per the rules of tax-position. */
function declares(sum: TransactionDaySum): boolean {
  switch (sum.treatment) {
    case 'import':
      return money(sum.vatRate ?? '0').gt(0);
    case 'export':
    case 'import-ioss':
    case 'domestic-sale':
    case 'intra-eu-distance-sale':
    case 'intra-eu-b2b-supply':
    case 'own-goods-transfer':
    case 'donation':
      return true;
    default:
      return false;
  }
}
