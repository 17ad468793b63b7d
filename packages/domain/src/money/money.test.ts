import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMoney,
  differsByMoreThan,
  exactCentsOf,
  formatCentsFixed2,
  formatMoneyFixed2,
  formatMoneyRoundedHalfUp,
  MoneyParseError,
  MoneyPrecisionError,
  money,
  multiplyByFraction,
  multiplyToCentsHalfUp,
  netFromGross,
  parseMoney,
  rateFraction,
  roundToCentsHalfUp,
  subtractMoney,
  sumMoney,
  vatFromGross,
  vatFromNet,
} from './money';

describe('parseMoney', () => {
  it.each(['0', '1234.56', '-12.5', '0.001', '-0.10', '10000000000000.99'])('accepts canonical %s', (text) => {
    expect(parseMoney(text)?.toFixed()).toBe(money(text).toFixed());
  });

  // Locale forms belong to the importers, which know their file's convention.
  it.each(['', ' 1', '1 ', '1,5', '1.234,56', '1e3', '01', '+1', '.5', '5.', 'NaN', '-', '1_000'])(
    'refuses %j',
    (text) => {
      expect(parseMoney(text)).toBeUndefined();
      expect(() => money(text)).toThrow(MoneyParseError);
    },
  );
});

describe('exact arithmetic', () => {
  it('adds 0.1 and 0.2 to exactly 0.30', () => {
    expect(formatMoneyFixed2(addMoney(money('0.1'), money('0.2')))).toBe('0.30');
    expect(addMoney(money('0.1'), money('0.2')).eq(money('0.3'))).toBe(true);
  });

  it('sums many small amounts without drift', () => {
    const cents = Array.from({ length: 10_000 }, () => money('0.01'));
    expect(formatMoneyFixed2(sumMoney(cents))).toBe('100.00');
    const tenths = Array.from({ length: 1_000 }, () => money('0.1'));
    expect(sumMoney(tenths).toFixed()).toBe('100');
  });

  it('sums an empty list to zero and is order independent', () => {
    expect(formatMoneyFixed2(sumMoney([]))).toBe('0.00');
    const amounts = ['19.99', '-5.01', '0.07', '1234.5', '-0.005', '3.333'].map(money);
    const forwards = sumMoney(amounts);
    const backwards = sumMoney([...amounts].reverse());
    expect(forwards.eq(backwards)).toBe(true);
    expect(forwards.toFixed()).toBe('1252.878');
  });

  it('subtracts back to the start (a + b − b = a) for mixed-scale amounts', () => {
    for (const [a, b] of [
      ['0.1', '0.2'],
      ['1234.56', '-0.005'],
      ['-7', '99999999.99'],
    ] as const) {
      expect(subtractMoney(addMoney(money(a), money(b)), money(b)).eq(money(a))).toBe(true);
    }
  });
});

describe('rates', () => {
  it.each([
    { percent: '19', fraction: '0.19' },
    { percent: '25.5', fraction: '0.255' },
    { percent: '5.5', fraction: '0.055' },
    { percent: '0', fraction: '0' },
  ])('rateFraction($percent) = $fraction exactly', ({ percent, fraction }) => {
    expect(rateFraction(percent).toFixed()).toBe(fraction);
  });

  it.each([
    // net, rate, VAT exact, VAT rounded half-up
    { net: '100', rate: '19', vat: '19', rounded: '19.00' },
    { net: '19.99', rate: '25.5', vat: '5.09745', rounded: '5.10' },
    { net: '0.10', rate: '5', vat: '0.005', rounded: '0.01' },
    { net: '0.09', rate: '5', vat: '0.0045', rounded: '0.00' },
    { net: '-0.10', rate: '5', vat: '-0.005', rounded: '-0.01' },
    { net: '12.34', rate: '2.1', vat: '0.25914', rounded: '0.26' },
  ])('VAT on net $net at $rate % is $vat → $rounded', ({ net, rate, vat, rounded }) => {
    expect(vatFromNet(money(net), rate).toFixed()).toBe(vat);
    expect(formatMoneyRoundedHalfUp(vatFromNet(money(net), rate))).toBe(rounded);
    expect(multiplyByFraction(money(net), rateFraction(rate)).toFixed()).toBe(vat);
  });

  it.each([
    { gross: '119', rate: '19', vat: '19.00', net: '100.00' },
    { gross: '100', rate: '19', vat: '15.97', net: '84.03' },
    { gross: '125.50', rate: '25.5', vat: '25.50', net: '100.00' },
    { gross: '10', rate: '0', vat: '0.00', net: '10.00' },
  ])('VAT in gross $gross at $rate % is $vat, net $net', ({ gross, rate, vat, net }) => {
    const vatAmount = roundToCentsHalfUp(vatFromGross(money(gross), rate));
    expect(formatMoneyFixed2(vatAmount)).toBe(vat);
    expect(formatMoneyRoundedHalfUp(netFromGross(money(gross), rate))).toBe(net);
    // Rounded net and rounded VAT add back up to the gross for these cases.
    expect(addMoney(vatAmount, money(net)).eq(money(gross))).toBe(true);
  });
});

describe('roundToCentsHalfUp', () => {
  it.each([
    ['2.345', '2.35'],
    ['2.344', '2.34'],
    ['2.3449999', '2.34'],
    ['-2.345', '-2.35'],
    ['0.005', '0.01'],
    ['-0.004', '0.00'],
    ['1.005', '1.01'], // 1.005 as a binary float is 1.00499…, which is why amounts are never floats
    ['7', '7.00'],
  ])('%s → %s', (input, expected) => {
    expect(formatMoneyFixed2(roundToCentsHalfUp(money(input)))).toBe(expected);
  });

  it('is idempotent', () => {
    for (const text of ['2.345', '-0.005', '99.999', '0']) {
      const once = roundToCentsHalfUp(money(text));
      expect(roundToCentsHalfUp(once).eq(once)).toBe(true);
    }
  });
});

describe('formatMoneyFixed2', () => {
  it.each([
    ['0', '0.00'],
    ['-0', '0.00'],
    ['1234.5', '1234.50'],
    ['-0.05', '-0.05'],
    ['10000000000000.99', '10000000000000.99'],
  ])('%s → %s', (input, expected) => {
    expect(formatMoneyFixed2(money(input))).toBe(expected);
  });

  it('refuses to round silently', () => {
    expect(() => formatMoneyFixed2(money('0.005'))).toThrow(MoneyPrecisionError);
  });
});

describe('multiplyToCentsHalfUp', () => {
  it.each([
    ['100.00', '0.19', '19.00'],
    ['10.05', '0.19', '1.91'], // 1.9095 → 1.91
    ['0.50', '0.05', '0.03'], // 0.025 → half-up, away from zero
    ['-0.50', '0.05', '-0.03'],
    ['-0.01', '0.19', '0.00'], // -0.0019 rounds to zero, never "-0.00"
    ['12', '1', '12.00'],
    ['0', '0.2', '0.00'],
    ['-33.61', '0.055', '-1.85'], // -1.84855
  ])('%s × %s = %s', (a, b, expected) => {
    expect(multiplyToCentsHalfUp(a, b)).toBe(expected);
  });

  it('equals the big.js product rounded half-up for any amounts and rates', () => {
    const decimal = (maxScale: number) =>
      fc
        .tuple(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), fc.integer({ min: 0, max: maxScale }))
        .map(([units, scale]) =>
          money(units.toString())
            .div(10 ** scale)
            .toFixed(scale),
        );
    fc.assert(
      fc.property(decimal(4), decimal(6), (a, b) => {
        expect(multiplyToCentsHalfUp(a, b)).toBe(formatMoneyRoundedHalfUp(multiplyByFraction(money(a), money(b))));
      }),
    );
  });

  it('stays exact around the edge of plain-integer arithmetic (15 digits, products near 2^53)', () => {
    const nearEdge = fc
      .tuple(fc.bigInt({ min: 10n ** 13n, max: 10n ** 16n }), fc.integer({ min: 0, max: 3 }), fc.boolean())
      .map(([units, scale, negative]) =>
        money(`${negative ? '-' : ''}${units}`)
          .div(10 ** scale)
          .toFixed(scale),
      );
    const factor = fc.constantFrom('1', '0.5', '0.19', '0.055', '2', '0.000001', '9.99');
    fc.assert(
      fc.property(nearEdge, factor, (a, b) => {
        expect(multiplyToCentsHalfUp(a, b)).toBe(formatMoneyRoundedHalfUp(multiplyByFraction(money(a), money(b))));
      }),
    );
    expect(multiplyToCentsHalfUp('-0.00', '0.19')).toBe('0.00');
    expect(multiplyToCentsHalfUp('90071992547409.91', '1')).toBe('90071992547409.91');
  });

  it('refuses what is not a canonical decimal', () => {
    for (const text of ['1,5', '', '-', '1.', '.5', '01', '1e3', '+1', ' 1', '1.2.3', '1.a']) {
      expect(() => multiplyToCentsHalfUp(text, '0.19')).toThrow(MoneyParseError);
      expect(() => multiplyToCentsHalfUp('0.19', text)).toThrow(MoneyParseError);
      expect(() => differsByMoreThan(text, ['1'], '0.01')).toThrow(MoneyParseError);
    }
  });
});

describe('differsByMoreThan', () => {
  it.each([
    ['119.00', ['100.00', '19.00'], '0.01', false],
    ['119.01', ['100.00', '19.00'], '0.01', false],
    ['119.02', ['100.00', '19.00'], '0.01', true],
    ['-119.02', ['-100', '-19.0'], '0.01', true],
    ['11.905', ['10.00', '1.9'], '0.01', false],
    ['0', ['0', '0'], '0.01', false],
  ] as const)('%s against %j within %s → %s', (total, parts, tolerance, expected) => {
    expect(differsByMoreThan(total, parts, tolerance)).toBe(expected);
  });

  it('agrees with big.js for any amounts', () => {
    const amount = fc
      .tuple(fc.bigInt({ min: -(10n ** 10n), max: 10n ** 10n }), fc.integer({ min: 0, max: 4 }))
      .map(([units, scale]) =>
        money(units.toString())
          .div(10 ** scale)
          .toFixed(scale),
      );
    fc.assert(
      fc.property(amount, amount, amount, (total, net, vat) => {
        const expected = money(total).minus(money(net)).minus(money(vat)).abs().gt(money('0.01'));
        expect(differsByMoreThan(total, [net, vat], '0.01')).toBe(expected);
      }),
    );
  });

  it('agrees with big.js around the edge of plain-integer arithmetic', () => {
    const nearEdge = fc
      .tuple(fc.bigInt({ min: -(10n ** 16n), max: 10n ** 16n }), fc.integer({ min: 0, max: 3 }))
      .map(([units, scale]) =>
        money(units.toString())
          .div(10 ** scale)
          .toFixed(scale),
      );
    fc.assert(
      fc.property(nearEdge, nearEdge, nearEdge, (total, net, vat) => {
        const expected = money(total).minus(money(net)).minus(money(vat)).abs().gt(money('0.01'));
        expect(differsByMoreThan(total, [net, vat], '0.01')).toBe(expected);
      }),
    );
  });
});

describe('exactCentsOf and formatCentsFixed2', () => {
  it.each([
    ['12.34', 1234],
    ['-0.05', -5],
    ['7', 700],
    ['0.5', 50],
    ['-0.00', 0],
    ['12.345', undefined], // three places: Money's job
    ['1234567890123.45', 123456789012345],
    ['123456789012345.6', undefined], // 16 digits: not exact in a double
  ] as const)('%s → %s cents', (text, cents) => {
    expect(exactCentsOf(text)).toBe(cents);
  });

  it('refuses what is not a canonical decimal, as money does', () => {
    expect(() => exactCentsOf('1,5')).toThrow(MoneyParseError);
  });

  it('formats any cents as money would, never "-0.00"', () => {
    fc.assert(
      fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (cents) => {
        expect(formatCentsFixed2(cents)).toBe(formatMoneyFixed2(money(String(cents)).div(100)));
        if (Math.abs(cents) < 10 ** 13) expect(exactCentsOf(formatCentsFixed2(cents))).toBe(cents);
      }),
    );
    expect(formatCentsFixed2(-0)).toBe('0.00');
  });
});
