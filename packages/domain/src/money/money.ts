/**
 * Money arithmetic over big.js decimals. Amounts cross the boundaries of the app as canonical decimal strings
 * ("1234.56", "-12.5") and are never binary floats, so 0.1 + 0.2 is exactly 0.3 and a sum of many lines does not
 * drift. Rounding never happens implicitly: every function that rounds says how in its name, and everything else
 * returns the exact (or, for division, 40-decimal) result for the caller to round where the rule of the country says
 * (per line or per total, research §6.3).
 */
import BigBase, { type Big } from 'big.js';

export type Money = Big;

/**
 * A private constructor, so a setting of the global `Big.DP`/`Big.RM` elsewhere cannot change our results. 40 places
 * for division keep the error of a VAT-from-gross split far below a cent before the caller rounds it.
 */
const Decimal = BigBase();
Decimal.DP = 40;
Decimal.RM = BigBase.roundHalfUp;

/**
 * Canonical form only: optional minus, digits without leading zeros or grouping, optional "." and fraction digits.
 * Locale forms ("1.234,56", "1 234.56") belong to the importers, which know their file's convention.
 */
export const CANONICAL_DECIMAL_PATTERN = /^-?(0|[1-9]\d*)(\.\d+)?$/;

export class MoneyParseError extends Error {
  constructor(readonly input: string) {
    super(`Not a canonical decimal amount: ${JSON.stringify(input)}`);
    this.name = 'MoneyParseError';
  }
}

/** The amount of a canonical decimal string, or undefined for anything else (including "", "1e3", "1,5", " 1"). */
export function parseMoney(text: string): Money | undefined {
  if (!CANONICAL_DECIMAL_PATTERN.test(text)) return undefined;
  return new Decimal(text);
}

/** Like `parseMoney` but throws `MoneyParseError`: for values the app itself wrote, where a bad one is a bug. */
export function money(text: string): Money {
  const parsed = parseMoney(text);
  if (parsed === undefined) throw new MoneyParseError(text);
  return parsed;
}

export const ZERO: Money = new Decimal(0);

export function addMoney(a: Money, b: Money): Money {
  return new Decimal(a).plus(b);
}

export function subtractMoney(a: Money, b: Money): Money {
  return new Decimal(a).minus(b);
}

/** The exact sum; an empty list sums to zero. */
export function sumMoney(amounts: Iterable<Money>): Money {
  let total: Money = ZERO;
  for (const amount of amounts) total = total.plus(amount);
  return total;
}

/** A percentage such as "25.5" as the fraction 0.255; exact, because dividing by 100 only moves the decimal point. */
export function rateFraction(ratePercent: string | Money): Money {
  const rate = typeof ratePercent === 'string' ? money(ratePercent) : ratePercent;
  return new Decimal(rate).div(100);
}

/** amount × fraction, exact (no rounding). */
export function multiplyByFraction(amount: Money, fraction: Money): Money {
  return new Decimal(amount).times(fraction);
}

/** The VAT on a net amount at `ratePercent` ("19", "5.5"): net × rate / 100, exact and unrounded. */
export function vatFromNet(net: Money, ratePercent: string | Money): Money {
  return multiplyByFraction(net, rateFraction(ratePercent));
}

/**
 * The VAT contained in a gross amount: gross × rate / (100 + rate). Not exact in general (1/1.19 has no finite
 * decimal form), so it is computed to 40 decimal places, rounded half-up there; round it to cents before use.
 */
export function vatFromGross(gross: Money, ratePercent: string | Money): Money {
  const rate = typeof ratePercent === 'string' ? money(ratePercent) : ratePercent;
  return new Decimal(gross).times(rate).div(new Decimal(100).plus(rate));
}

/** The net part of a gross amount: gross − vatFromGross, with the same 40-place precision. */
export function netFromGross(gross: Money, ratePercent: string | Money): Money {
  return new Decimal(gross).minus(vatFromGross(gross, ratePercent));
}

/**
 * Rounds to whole cents, ties away from zero (2.345 → 2.35, −2.345 → −2.35): the commercial "ROUND_HALF_UP" of
 * java.math and of most tax authorities. Countries with another rule get their own, equally named function.
 */
export function roundToCentsHalfUp(amount: Money): Money {
  return new Decimal(amount).round(2, BigBase.roundHalfUp);
}

export class MoneyPrecisionError extends Error {
  constructor(readonly amount: string) {
    super(`Amount has more than 2 decimal places and must be rounded explicitly first: ${amount}`);
    this.name = 'MoneyPrecisionError';
  }
}

/**
 * A fixed two-decimal string ("1234.50", "-0.05", never "-0.00"). Throws on an amount with more than two decimal
 * places instead of rounding silently: the caller chooses the rounding (`roundToCentsHalfUp`).
 */
export function formatMoneyFixed2(amount: Money): string {
  const value = new Decimal(amount);
  if (!value.round(2, BigBase.roundDown).eq(value)) throw new MoneyPrecisionError(value.toFixed());
  // A negative zero (from -0.001 rounded, or "-0") would print as "-0.00" in some paths; zero has no sign.
  if (value.eq(0)) return '0.00';
  return value.toFixed(2);
}

/** The exact sum of amounts of at most two decimals (stored cents), as a fixed two-decimal string. */
export function sumToFixed2(amounts: readonly string[]): string {
  return formatMoneyFixed2(sumMoney(amounts.map(money)));
}

/** Rounds half-up to cents and formats with two decimals: the one-step form for display and export columns. */
export function formatMoneyRoundedHalfUp(amount: Money): string {
  // The same as formatMoneyFixed2(roundToCentsHalfUp(amount)) in one rounding: every total of a recompute goes here.
  const rounded = amount.round(2, BigBase.roundHalfUp);
  return rounded.eq(0) ? '0.00' : rounded.toFixed(2);
}

/** A canonical decimal as an integer of units of 10^-scale: "-12.345" → { units: -12345n, scale: 3 }. */
function toScaledInteger(text: string): { units: bigint; scale: number } {
  if (!CANONICAL_DECIMAL_PATTERN.test(text)) throw new MoneyParseError(text);
  const point = text.indexOf('.');
  if (point === -1) return { units: BigInt(text), scale: 0 };
  return { units: BigInt(text.slice(0, point) + text.slice(point + 1)), scale: text.length - point - 1 };
}

/**
 * The importer's per-row arithmetic (a million rows a file) first tries plain integers: a canonical decimal of at most
 * 15 digits is an integer of units below 2^53, which a double holds exactly, and sums and products that stay below
 * 2^53 (checked before they are used) are exact too — integer arithmetic, never binary fractions. Anything larger
 * takes the BigInt path. The parse leaves its result in these two variables, so the fast path allocates nothing.
 */
let parsedUnits = 0;
let parsedScale = 0;
const MAX_EXACT_DIGITS = 15;
/** Powers of ten a double holds exactly, as far as the fast path needs them (10^0 … 10^17). */
const EXACT_POWERS_OF_TEN = Array.from({ length: 18 }, (_, exponent) => 10 ** exponent);

/**
 * Validates a canonical decimal (as CANONICAL_DECIMAL_PATTERN, throwing `MoneyParseError` otherwise) and, when it has
 * at most 15 digits, sets `parsedUnits`/`parsedScale` and answers true; false means "too long: use BigInt".
 */
function parseSmallDecimal(text: string): boolean {
  const length = text.length;
  let index = text.charCodeAt(0) === 45 ? 1 : 0;
  const integerStart = index;
  let units = 0;
  for (; index < length; index++) {
    const code = text.charCodeAt(index);
    if (code < 48 || code > 57) break;
    units = units * 10 + (code - 48);
  }
  const integerDigits = index - integerStart;
  if (integerDigits === 0 || (integerDigits > 1 && text.charCodeAt(integerStart) === 48)) {
    throw new MoneyParseError(text);
  }
  let scale = 0;
  if (index < length) {
    if (text.charCodeAt(index) !== 46) throw new MoneyParseError(text);
    const fractionStart = ++index;
    for (; index < length; index++) {
      const code = text.charCodeAt(index);
      if (code < 48 || code > 57) throw new MoneyParseError(text);
      units = units * 10 + (code - 48);
    }
    scale = index - fractionStart;
    if (scale === 0) throw new MoneyParseError(text);
  }
  if (integerDigits + scale > MAX_EXACT_DIGITS) return false;
  parsedUnits = integerStart === 1 ? -units : units;
  parsedScale = scale;
  return true;
}

/** Cents as a fixed two-decimal string, never "-0.00". */
function formatCents(cents: number | bigint, isNegative: boolean): string {
  const digits = cents.toString().padStart(3, '0');
  const formatted = `${digits.slice(0, -2)}.${digits.slice(-2)}`;
  return isNegative && digits !== '000' ? `-${formatted}` : formatted;
}

/**
 * A canonical decimal of at most two decimal places as an exact whole number of cents, or undefined when it has more
 * places or is too large to be exact in a double (then compute with Money). Throws `MoneyParseError` like `money`.
 * The tax engine sums the database's cent amounts with it, and leaves big.js to the amounts a conversion produced.
 */
export function exactCentsOf(text: string): number | undefined {
  if (!parseSmallDecimal(text) || parsedScale > 2) return undefined;
  const cents = parsedUnits * (EXACT_POWERS_OF_TEN[2 - parsedScale] as number);
  // -0 (from "-0.00") is zero cents.
  return Number.isSafeInteger(cents) ? cents || 0 : undefined;
}

/** Whole cents (a safe integer) as a fixed two-decimal string, never "-0.00". */
export function formatCentsFixed2(cents: number): string {
  return formatCents(Math.abs(cents), cents < 0);
}

/**
 * a × b rounded half-up (away from zero, as `Big.roundHalfUp`) to cents, formatted with two decimals. The same result
 * as `formatMoneyRoundedHalfUp(multiplyByFraction(money(a), money(b)))`, exact integer arithmetic (plain integers when
 * they fit, BigInt otherwise), and a fraction of the cost: the importer computes it for every one of a million rows.
 */
export function multiplyToCentsHalfUp(a: string, b: string): string {
  if (parseSmallDecimal(a)) {
    const leftUnits = parsedUnits;
    const leftScale = parsedScale;
    if (parseSmallDecimal(b)) {
      const magnitude = Math.abs(leftUnits) * Math.abs(parsedUnits);
      const scale = leftScale + parsedScale;
      // An exact product: a float product of integers that is at most 2^53 − 1 is the true one.
      if (magnitude <= Number.MAX_SAFE_INTEGER && scale <= 17) {
        const isNegative = leftUnits < 0 !== parsedUnits < 0;
        if (scale <= 2) {
          const cents = magnitude * (EXACT_POWERS_OF_TEN[2 - scale] as number);
          if (cents <= Number.MAX_SAFE_INTEGER) return formatCents(cents, isNegative);
        } else {
          const divisor = EXACT_POWERS_OF_TEN[scale - 2] as number;
          // % of doubles is exact, and so is dividing an exact multiple.
          const remainder = magnitude % divisor;
          const cents = (magnitude - remainder) / divisor + (remainder * 2 >= divisor ? 1 : 0);
          return formatCents(cents, isNegative);
        }
      }
    }
  }
  const left = toScaledInteger(a);
  const right = toScaledInteger(b);
  let units = left.units * right.units;
  const scale = left.scale + right.scale;
  const isNegative = units < 0n;
  if (isNegative) units = -units;
  let cents: bigint;
  if (scale <= 2) {
    cents = units * 10n ** BigInt(2 - scale);
  } else {
    const divisor = 10n ** BigInt(scale - 2);
    cents = units / divisor;
    if ((units % divisor) * 2n >= divisor) cents += 1n;
  }
  return formatCents(cents, isNegative);
}

/**
 * Whether |total − Σ parts| exceeds `tolerance`, exactly (integers on a common scale: plain ones when every value and
 * their sum fit below 2^53, BigInt otherwise): the importer's INCL = EXCL + VAT check, run on every row of a file.
 */
export function differsByMoreThan(total: string, parts: readonly string[], tolerance: string): boolean {
  const fast = differsByMoreThanSmall(total, parts, tolerance);
  if (fast !== undefined) return fast;
  const values = [total, ...parts, tolerance].map(toScaledInteger);
  const scale = Math.max(...values.map((value) => value.scale));
  const [first, ...rest] = values.map((value) => value.units * 10n ** BigInt(scale - value.scale));
  const limit = rest.pop() ?? 0n;
  let difference = first ?? 0n;
  for (const part of rest) difference -= part;
  if (difference < 0n) difference = -difference;
  return difference > limit;
}

const smallUnits: number[] = [];
const smallScales: number[] = [];

/** `differsByMoreThan` in plain integers, or undefined when a value or the sum might not fit below 2^53. */
function differsByMoreThanSmall(total: string, parts: readonly string[], tolerance: string): boolean | undefined {
  const count = parts.length + 2;
  let scale = 0;
  for (let index = 0; index < count; index++) {
    const text = index === 0 ? total : index === count - 1 ? tolerance : (parts[index - 1] as string);
    if (!parseSmallDecimal(text)) return undefined;
    smallUnits[index] = parsedUnits;
    smallScales[index] = parsedScale;
    if (parsedScale > scale) scale = parsedScale;
  }
  if (scale > 15) return undefined;
  let difference = 0;
  let magnitudes = 0;
  for (let index = 0; index < count - 1; index++) {
    const units =
      (smallUnits[index] as number) * (EXACT_POWERS_OF_TEN[scale - (smallScales[index] as number)] as number);
    magnitudes += Math.abs(units);
    difference += index === 0 ? units : -units;
  }
  const limit =
    (smallUnits[count - 1] as number) * (EXACT_POWERS_OF_TEN[scale - (smallScales[count - 1] as number)] as number);
  // Every partial sum is at most the sum of magnitudes: below 2^53, all of them were exact.
  if (magnitudes > Number.MAX_SAFE_INTEGER || Math.abs(limit) > Number.MAX_SAFE_INTEGER) return undefined;
  return Math.abs(difference) > limit;
}
