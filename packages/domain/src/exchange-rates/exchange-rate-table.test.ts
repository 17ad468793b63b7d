import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseEcbHistoryCsv } from './ecb-csv';
import { ECB_EXCERPT_CSV } from './ecb-excerpt.fixture';
import { addIsoDays, convertToEur, createExchangeRateTable, OSS_RATE_LOOKAHEAD_DAYS } from './exchange-rate-table';

// Rates: the ECB file excerpt [ECB-PAGE]. Rule: Art. 366 / 369xh Directive 2006/112/EC [NWB-366] [NWB-369xh] —
// the rate of the last day of the period, or of the next day of publication when there is none that day.
const table = createExchangeRateTable(parseEcbHistoryCsv(ECB_EXCERPT_CSV));

describe('findRate, exact day only', () => {
  it.each([
    ['GBP', '2024-01-02', '0.86645'],
    ['CHF', '2023-12-29', '0.926'],
    ['RUB', '2022-03-01', '117.201'],
  ])('%s on %s is %s', (currency, date, rate) => {
    expect(table.findRate(currency, date)).toEqual({ kind: 'rate', currency, date, rateDate: date, rate });
  });

  it.each([
    ['EUR', '2023-12-31'],
    ['EUR', '1990-01-01'],
  ])('%s on %s is 1 by definition, published or not', (currency, date) => {
    expect(table.findRate(currency, date)).toEqual({ kind: 'rate', currency, date, rateDate: date, rate: '1' });
  });

  it.each([
    ['GBP', '2023-12-31', 'not-published'],
    ['GBP', '2024-01-01', 'not-published'],
    ['RUB', '2022-03-02', 'not-quoted'],
    ['HRK', '2024-01-02', 'not-quoted'],
    ['AED', '2024-01-02', 'not-quoted'],
    ['GBP', '2024-01-08', 'outside-table'],
    ['GBP', '2022-02-25', 'outside-table'],
  ])('%s on %s is a missing rate (%s), never 1', (currency, date, reason) => {
    expect(table.findRate(currency, date)).toEqual({ kind: 'missing-rate', currency, date, reason });
  });
});

describe('findOssConversionRate [NWB-366] [NWB-369xh]', () => {
  it.each([
    // Q4 2023 ends Sunday 31 Dec; 1 Jan is a TARGET holiday; the next publication is Tuesday 2 Jan.
    ['Q4 2023', 'GBP', '2023-12-31', '2024-01-02', '0.86645'],
    ['Q4 2023', 'PLN', '2023-12-31', '2024-01-02', '4.3708'],
    ['Q4 2023', 'SEK', '2023-12-31', '2024-01-02', '11.1545'],
    ['Q4 2023', 'CHF', '2023-12-31', '2024-01-02', '0.9305'],
    // Q3 2023 ends Saturday 30 Sep; the next publication is Monday 2 Oct.
    ['Q3 2023', 'GBP', '2023-09-30', '2023-10-02', '0.86628'],
    ['Q3 2023', 'CHF', '2023-09-30', '2023-10-02', '0.9634'],
    // Q2 2023 ends Friday 30 Jun, a publication day: that day's rate, not Monday's.
    ['Q2 2023', 'GBP', '2023-06-30', '2023-06-30', '0.85828'],
    ['Q2 2023', 'SEK', '2023-06-30', '2023-06-30', '11.8055'],
    // A monthly IOSS period ending on a publication day.
    ['Nov 2023 → 29 Dec', 'GBP', '2023-12-29', '2023-12-29', '0.86905'],
  ])('%s: %s for %s is the rate of %s (%s)', (_period, currency, periodEnd, rateDate, rate) => {
    expect(table.findOssConversionRate(currency, periodEnd)).toEqual({
      kind: 'rate',
      currency,
      date: periodEnd,
      rateDate,
      rate,
    });
  });

  it('EUR needs no rate: 1 on any period end', () => {
    expect(table.findOssConversionRate('EUR', '2023-12-31')).toMatchObject({ kind: 'rate', rate: '1' });
  });

  it.each([
    // The next publication day quotes RUB as N/A: reported, not replaced by a later day's rate or 1.
    ['RUB', '2022-03-02', 'not-quoted'],
    ['AED', '2023-12-31', 'not-quoted'],
    // The table ends on 2024-01-05: Q1 2024 needs a refreshed file.
    ['GBP', '2024-03-31', 'outside-table'],
    ['GBP', '2024-01-06', 'outside-table'],
    // Before the first row nothing is known.
    ['GBP', '2021-12-31', 'outside-table'],
    // The excerpt has no rows from 4 Jul to 25 Sep 2023: a gap longer than the look-ahead is a data problem.
    ['GBP', '2023-07-31', 'not-published'],
  ])('%s for %s is a missing rate (%s)', (currency, periodEnd, reason) => {
    expect(table.findOssConversionRate(currency, periodEnd)).toEqual({
      kind: 'missing-rate',
      currency,
      date: periodEnd,
      reason,
    });
  });

  it(`looks forward at most ${OSS_RATE_LOOKAHEAD_DAYS} days`, () => {
    const sparse = createExchangeRateTable([
      { date: '2024-01-01', rates: { GBP: '0.9' } },
      { date: '2024-01-09', rates: { GBP: '0.8' } },
      { date: '2024-01-10', rates: { GBP: '0.7' } },
    ]);
    expect(sparse.findOssConversionRate('GBP', '2024-01-02')).toMatchObject({ kind: 'rate', rateDate: '2024-01-09' });
    expect(sparse.findOssConversionRate('GBP', '2024-01-01')).toMatchObject({ kind: 'rate', rate: '0.9' });
    expect(
      createExchangeRateTable([
        { date: '2024-01-01', rates: { GBP: '0.9' } },
        { date: '2024-01-10', rates: { GBP: '0.7' } },
      ]).findOssConversionRate('GBP', '2024-01-02'),
    ).toMatchObject({ kind: 'missing-rate', reason: 'not-published' });
  });

  it('an empty table has no coverage and no rates', () => {
    const empty = createExchangeRateTable([]);
    expect(empty.coverage).toBeUndefined();
    expect(empty.findOssConversionRate('GBP', '2023-12-31')).toMatchObject({ reason: 'outside-table' });
  });

  it('reports the coverage of the excerpt', () => {
    expect(table.coverage).toEqual({ from: '2022-02-28', to: '2024-01-05' });
  });
});

describe('convertToEur: amount / rate, ROUND_HALF_UP to the cent', () => {
  // Expected values computed by hand (bc, scale 10) from the rates of the ECB excerpt.
  it.each([
    ['1000.00', 'GBP', '0.86645', '1154.13'], // 1154.1346875…, Q4 2023
    ['1234.56', 'PLN', '4.3708', '282.46'], // 282.4563009…, Q4 2023
    ['9999.99', 'SEK', '11.1545', '896.50'], // 896.4982742…, Q4 2023
    ['250.00', 'CHF', '0.9305', '268.67'], // 268.6727565…, Q4 2023
    ['1000.00', 'GBP', '0.86628', '1154.36'], // 1154.3611765…, Q3 2023
    ['1234.56', 'PLN', '4.6123', '267.67'], // 267.6668907…, Q3 2023
    ['9999.99', 'SEK', '11.5833', '863.31'], // 863.3109735…, Q3 2023
    ['250.00', 'CHF', '0.9634', '259.50'], // 259.4976126…, Q3 2023
    ['1000000.00', 'GBP', '0.86645', '1154134.69'], // 1154134.6875180…
    ['0.01', 'SEK', '11.1545', '0.00'], // 0.0008964…
    ['-1000.00', 'GBP', '0.86645', '-1154.13'], // a credit note mirrors its invoice
    // Exact halves with the real HUF rate of 2023-12-29 (382.8): half up, where banker's rounding would go to even.
    ['9.57', 'HUF', '382.8', '0.03'], // 0.025 exactly
    ['392.37', 'HUF', '382.8', '1.03'], // 1.025 exactly
    ['-392.37', 'HUF', '382.8', '-1.03'], // away from zero
    ['123.45', 'EUR', '1', '123.45'],
    ['100', 'ISK', '143', '0.70'], // 0.6993…, a whole-number rate
  ])('%s %s at %s is %s EUR', (amount, currency, rate, eur) => {
    expect(convertToEur(amount, currency, rate)).toBe(eur);
  });

  it.each([
    ['1,000.00', 'GBP', '0.86645'],
    ['1e3', 'GBP', '0.86645'],
    ['100', 'GBP', '0'],
    ['100', 'GBP', '-0.86645'],
    ['100', 'GBP', 'N/A'],
    ['100', 'EUR', '1.1'],
  ])('refuses %s %s at %s', (amount, currency, rate) => {
    expect(() => convertToEur(amount, currency, rate)).toThrow(RangeError);
  });

  it('rounds as the quotient to 40 places does, halves of a cent included', () => {
    const Exact = Big();
    Exact.DP = 40;
    const decimal = (units: bigint, places: number) => new Exact(units.toString()).div(10 ** places).toFixed(places);
    const rates = fc.tuple(fc.bigInt({ min: 1n, max: 10n ** 9n }), fc.integer({ min: 0, max: 6 }));
    const amounts = fc.oneof(
      // Cents and longer amounts of either sign.
      fc.tuple(fc.bigInt({ min: -(10n ** 13n), max: 10n ** 13n }), fc.integer({ min: 0, max: 5 })),
      // Amounts whose quotient is a half cent, or lies one unit of the amount's last place beside one.
      fc.tuple(fc.bigInt({ min: -(10n ** 9n), max: 10n ** 9n }), fc.constantFrom(-1n, 0n, 1n)),
    );
    fc.assert(
      fc.property(rates, amounts, ([rateUnits, ratePlaces], amount) => {
        const rate = decimal(rateUnits, ratePlaces);
        const [units, placesOrNudge] = amount;
        const text =
          typeof placesOrNudge === 'number'
            ? decimal(units, placesOrNudge)
            : // (units + ½) cents × rate, exact at ratePlaces + 3 places, then nudged by one unit of its last place.
              new Exact(units.toString())
                .plus('0.5')
                .div(100)
                .times(rate)
                .plus(new Exact(placesOrNudge.toString()).div(10 ** (ratePlaces + 3)))
                .toFixed(ratePlaces + 3);
        expect(convertToEur(text, 'GBP', rate)).toBe(new Exact(text).div(rate).round(2, Big.roundHalfUp).toFixed(2));
      }),
    );
  });

  it('chains with the OSS rule: £1,000 of Q4 2023 sales', () => {
    const found = table.findOssConversionRate('GBP', '2023-12-31');
    if (found.kind !== 'rate') throw new Error('expected a rate');
    expect(convertToEur('1000.00', found.currency, found.rate)).toBe('1154.13');
  });
});

describe('addIsoDays', () => {
  it.each([
    ['2023-12-31', 1, '2024-01-01'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2023-03-25', 2, '2023-03-27'], // across the spring daylight-saving change
    ['2023-10-28', 2, '2023-10-30'], // across the autumn one
  ])('%s + %i = %s', (date, days, expected) => {
    expect(addIsoDays(date, days)).toBe(expected);
  });
});
