import { CANONICAL_DECIMAL_PATTERN, isIsoCountryCode, money, rateFraction } from '@vatlas/domain';

/**
 * Readers of single cells shared by the formats. Each answers the normalised value, or undefined when the cell is not
 * a value of its kind, so the caller can name the column and the line in the row problem.
 */

export type DateLayout = 'YYYY-MM-DD' | 'DD.MM.YYYY' | 'DD-MM-YYYY' | 'DD/MM/YYYY' | 'MM/DD/YYYY';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/;
const DAY_FIRST_DATE = /^(\d{1,2})([.-])(\d{1,2})\2(\d{4})(?:$| )/;
const SLASH_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:$| )/;
const SERIAL_NUMBER = /^\d+(\.\d+)?$/;

/**
 * Amazon's dates, whatever the file's locale wrote: ISO `2024-03-31` (also with a time), `31-03-2024`, `31.03.2024`,
 * and in xlsx a spreadsheet serial number. The day-first forms are the only ones Amazon's European reports use, so a
 * slash date, which could be US month-first, is refused rather than guessed.
 */
export function readVtrDate(text: string, serialDateSystem: 1900 | 1904 | null): string | undefined {
  const iso = ISO_DATE.exec(text);
  if (iso) return toIsoDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const dayFirst = DAY_FIRST_DATE.exec(text);
  if (dayFirst) return toIsoDate(Number(dayFirst[4]), Number(dayFirst[3]), Number(dayFirst[1]));
  if (serialDateSystem !== null && SERIAL_NUMBER.test(text)) return serialToIsoDate(text, serialDateSystem);
  return undefined;
}

/** A date in the one layout a saved column mapping names (plus serial numbers from xlsx). */
export function readDateInLayout(
  text: string,
  layout: DateLayout,
  serialDateSystem: 1900 | 1904 | null,
): string | undefined {
  if (serialDateSystem !== null && SERIAL_NUMBER.test(text)) return serialToIsoDate(text, serialDateSystem);
  switch (layout) {
    case 'YYYY-MM-DD': {
      const match = ISO_DATE.exec(text);
      return match ? toIsoDate(Number(match[1]), Number(match[2]), Number(match[3])) : undefined;
    }
    case 'DD.MM.YYYY':
    case 'DD-MM-YYYY': {
      const match = DAY_FIRST_DATE.exec(text);
      if (!match || match[2] !== layout[2]) return undefined;
      return toIsoDate(Number(match[4]), Number(match[3]), Number(match[1]));
    }
    case 'DD/MM/YYYY':
    case 'MM/DD/YYYY': {
      const match = SLASH_DATE.exec(text);
      if (!match) return undefined;
      const [first, second] = [Number(match[1]), Number(match[2])];
      return layout === 'DD/MM/YYYY'
        ? toIsoDate(Number(match[3]), second, first)
        : toIsoDate(Number(match[3]), first, second);
    }
  }
}

function toIsoDate(year: number, month: number, day: number): string | undefined {
  if (month < 1 || month > 12 || day < 1 || year < 1900) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const DAY_MS = 86_400_000;
/** Serial 0 of the 1900 system is 1899-12-31, but Lotus 1-2-3 (and so Excel) counts a 29 February 1900 that never
 * was: from serial 61 (1900-03-01) on, the epoch is effectively 1899-12-30. */
const EPOCH_1900_AFTER_LEAP_BUG = Date.UTC(1899, 11, 30);
const EPOCH_1900_BEFORE_LEAP_BUG = Date.UTC(1899, 11, 31);
const EPOCH_1904 = Date.UTC(1904, 0, 1);

/** The calendar day of a spreadsheet serial (the time of day, a fraction, is dropped). */
export function serialToIsoDate(text: string, system: 1900 | 1904): string | undefined {
  const days = Number.parseInt(text, 10);
  if (!Number.isSafeInteger(days) || days > 2_958_465) return undefined;
  if (system === 1900 && (days === 0 || days === 60)) return undefined;
  const epoch = system === 1904 ? EPOCH_1904 : days > 60 ? EPOCH_1900_AFTER_LEAP_BUG : EPOCH_1900_BEFORE_LEAP_BUG;
  return new Date(epoch + days * DAY_MS).toISOString().slice(0, 10);
}

const ZERO_TEXT = /^-?[0.]+$/;
const PLAIN_AMOUNT = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/**
 * A decimal amount written with `.` as decimal point, as canonical decimal text (`+05.50` → `5.50`, `-.5` → `-0.5`,
 * `-0` → `0`); undefined for anything else (grouping, exponents, words). Trailing fraction zeros are kept: they are
 * the file's precision.
 */
export function readPlainAmount(text: string): string | undefined {
  if (CANONICAL_DECIMAL_PATTERN.test(text))
    return text.charCodeAt(0) === 45 && ZERO_TEXT.test(text) ? text.slice(1) : text;
  const match = PLAIN_AMOUNT.exec(text);
  if (!match) return undefined;
  const [, sign, wholeDigits = '', fraction] = match;
  if (wholeDigits === '' && (fraction === undefined || fraction === '')) return undefined;
  const whole = wholeDigits.replace(/^0+(?=\d)/, '') || '0';
  const body = fraction ? `${whole}.${fraction}` : whole;
  const isZero = ZERO_TEXT.test(body);
  return sign === '-' && !isZero ? `-${body}` : body;
}

/**
 * An amount in the file's own convention: with `,` as decimal separator, `.` and blanks group thousands
 * (`1.234,56`); with `.`, `,` and blanks group them (`1,234.56`). Grouping is accepted only in threes, so `1,5` read
 * with the wrong setting is refused instead of becoming 15.
 */
export function readLocaleAmount(text: string, decimalSeparator: '.' | ','): string | undefined {
  const compact = text.replace(/[\s\u00a0\u202f']/g, '');
  const grouping = decimalSeparator === ',' ? '.' : ',';
  const [integerPart = '', ...fractionParts] = compact.split(decimalSeparator);
  if (fractionParts.length > 1) return undefined;
  let integer = integerPart;
  if (integer.includes(grouping)) {
    if (!/^[+-]?\d{1,3}(?:[.,]\d{3})+$/.test(integer)) return undefined;
    integer = integer.replaceAll(grouping, '');
  }
  return readPlainAmount(fractionParts.length === 1 ? `${integer}.${fractionParts[0]}` : integer);
}

/**
 * A VAT rate as a fraction. `19%` is a percentage; a bare number below 1 is a fraction (Amazon writes `0.19`); a bare
 * number from 1 up can only be a percentage, since no VAT rate reaches 100 %. `percent` forces the percentage reading
 * of bare numbers (a generic mapping that says so).
 */
export function readVatRate(text: string, bareNumbers: 'fraction' | 'percent' | 'auto'): string | undefined {
  // A file uses a handful of distinct rates over a million rows: read each once.
  const key = `${bareNumbers}|${text}`;
  if (vatRateCache.has(key)) return vatRateCache.get(key);
  const rate = parseVatRate(text, bareNumbers);
  if (vatRateCache.size >= VAT_RATE_CACHE_LIMIT) vatRateCache.clear();
  vatRateCache.set(key, rate);
  return rate;
}

const VAT_RATE_CACHE_LIMIT = 1000;
const vatRateCache = new Map<string, string | undefined>();

function parseVatRate(text: string, bareNumbers: 'fraction' | 'percent' | 'auto'): string | undefined {
  const isPercent = text.endsWith('%');
  const amount = readPlainAmount(isPercent ? text.slice(0, -1).trim() : text);
  if (amount === undefined || amount.startsWith('-')) return undefined;
  const value = money(amount);
  const asPercent = isPercent || bareNumbers === 'percent' || (bareNumbers === 'auto' && value.gte(1));
  const fraction = asPercent ? rateFraction(value) : value;
  if (fraction.gte(1)) return undefined;
  return fraction.toFixed();
}

/** ISO 3166-1 alpha-2 as the tax engine wants it: VIES `EL` is Greece (`GR`), `UK` the United Kingdom (`GB`), and `XI`
 * (Northern Ireland, EU rules for goods) is kept. */
export function readCountryCode(text: string): string | undefined {
  const code = text.trim().toUpperCase();
  if (code === 'EL') return 'GR';
  if (code === 'UK') return 'GB';
  if (code === 'XI' || isIsoCountryCode(code)) return code;
  return undefined;
}

/**
 * Amazon's TAXABLE_JURISDICTION is an upper-case English country name (`GERMANY`, `CZECH REPUBLIC`); the 30 countries
 * Vatlas serves with the names and spellings seen in reports and other tools.
 */
const JURISDICTION_BY_NAME: ReadonlyMap<string, string> = new Map(
  Object.entries({
    AT: ['AUSTRIA', 'OSTERREICH', 'ÖSTERREICH'],
    BE: ['BELGIUM', 'BELGIQUE', 'BELGIE', 'BELGIË'],
    BG: ['BULGARIA'],
    HR: ['CROATIA', 'HRVATSKA'],
    CY: ['CYPRUS'],
    CZ: ['CZECH REPUBLIC', 'CZECHIA', 'CZECH'],
    DK: ['DENMARK'],
    EE: ['ESTONIA'],
    FI: ['FINLAND'],
    FR: ['FRANCE'],
    DE: ['GERMANY', 'DEUTSCHLAND'],
    GR: ['GREECE', 'HELLAS'],
    HU: ['HUNGARY'],
    IE: ['IRELAND', 'REPUBLIC OF IRELAND'],
    IT: ['ITALY', 'ITALIA'],
    LV: ['LATVIA'],
    LT: ['LITHUANIA'],
    LU: ['LUXEMBOURG', 'LUXEMBURG'],
    MT: ['MALTA'],
    NL: ['NETHERLANDS', 'THE NETHERLANDS', 'NETHERLANDS (THE)', 'HOLLAND'],
    PL: ['POLAND', 'POLSKA'],
    PT: ['PORTUGAL'],
    RO: ['ROMANIA'],
    SK: ['SLOVAKIA', 'SLOVAK REPUBLIC'],
    SI: ['SLOVENIA'],
    ES: ['SPAIN', 'ESPANA', 'ESPAÑA'],
    SE: ['SWEDEN'],
    GB: ['UNITED KINGDOM', 'GREAT BRITAIN', 'UNITED KINGDOM OF GREAT BRITAIN AND NORTHERN IRELAND', 'ENGLAND'],
    XI: ['NORTHERN IRELAND'],
    CH: ['SWITZERLAND', 'SCHWEIZ', 'SUISSE'],
    NO: ['NORWAY', 'NORGE'],
  }).flatMap(([code, names]) => names.map((name) => [name, code] as const)),
);

/** The ISO code of a jurisdiction name (or of a code written instead of a name); undefined when unknown. */
export function readJurisdiction(text: string): string | undefined {
  const name = text.trim().replace(/\s+/g, ' ').toUpperCase();
  return JURISDICTION_BY_NAME.get(name) ?? (name.length === 2 ? readCountryCode(name) : undefined);
}

/** Upper-case region names of Intl (English and German) to their codes, built on first use. */
let regionsByName: ReadonlyMap<string, string> | undefined;

function regionByName(name: string): string | undefined {
  if (regionsByName === undefined) {
    const byName = new Map<string, string>();
    const namers = ['en', 'de'].map((locale) => new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' }));
    for (let first = 65; first <= 90; first++) {
      for (let second = 65; second <= 90; second++) {
        const code = String.fromCharCode(first, second);
        if (!isIsoCountryCode(code)) continue;
        for (const namer of namers) {
          const regionName = namer.of(code);
          if (regionName !== undefined) byName.set(regionName.toUpperCase(), code);
        }
      }
    }
    regionsByName = byName;
  }
  return regionsByName.get(name);
}

/**
 * A country a marketplace writes as a name, in English or German (`United Kingdom`, `Deutschland`, `United States`),
 * or as a code. The 30 countries' own spellings (`readJurisdiction`) come first; the rest of the world by its names in
 * Intl, so a sale to Australia is an export rather than a problem.
 */
export function readCountryName(text: string): string | undefined {
  const name = text.trim().replace(/\s+/g, ' ').toUpperCase();
  if (name === '') return undefined;
  return readJurisdiction(name) ?? regionByName(name);
}

/** Currency signs as marketplaces print them before or after an amount: `£`, `€`, `US $`, `AU $`, `C $`. */
const CURRENCY_SIGNS: ReadonlyMap<string, string> = new Map([
  ['£', 'GBP'],
  ['€', 'EUR'],
  ['$', 'USD'],
  ['US$', 'USD'],
  ['AU$', 'AUD'],
  ['A$', 'AUD'],
  ['C$', 'CAD'],
  ['CA$', 'CAD'],
  ['NZ$', 'NZD'],
  ['HK$', 'HKD'],
  ['S$', 'SGD'],
  ['ZŁ', 'PLN'],
  ['KČ', 'CZK'],
]);
const SIGNED_AMOUNT =
  /^([+-]?)\s*([A-Z]{0,3}\s?[$£€]|[A-Z]{3})?\s*([+-]?)\s*(\d[\d.,\s\u00a0\u202f']*)\s*([$£€]|[A-Z]{3}|ZŁ|KČ)?$/;

export type MarketplaceAmount = { amount: string; currency: string | null };

/**
 * An amount as a marketplace's report prints it for people: with its currency sign or code before or after it
 * (`£12.99`, `US $1,234.50`, `EUR 12,99`, `12,99 €`, `-£3.00`) or bare, in either decimal convention. With both `.`
 * and `,` the last one is the decimal separator; with one of them, a group of exactly three digits after it (`1,234`,
 * `1.234`) is read as thousands, since prices have cents. Answers the canonical amount and the currency's ISO code
 * (null when none is written); undefined for anything else.
 */
export function readMarketplaceAmount(text: string): MarketplaceAmount | undefined {
  const match = SIGNED_AMOUNT.exec(text.trim().toUpperCase());
  if (!match) return undefined;
  const [, outerSign = '', prefix, innerSign = '', digits = '', suffix] = match;
  if (prefix !== undefined && suffix !== undefined) return undefined;
  if (outerSign !== '' && innerSign !== '') return undefined;
  const minus = outerSign === '-' || innerSign === '-' ? '-' : '';
  const token = (prefix ?? suffix)?.replace(/\s/g, '');
  let currency: string | null = null;
  if (token !== undefined) {
    const fromSign = CURRENCY_SIGNS.get(token);
    if (fromSign !== undefined) currency = fromSign;
    else if (/^[A-Z]{3}$/.test(token)) currency = token;
    else return undefined;
  }
  const compact = digits.replace(/[\s\u00a0\u202f']/g, '');
  const lastDot = compact.lastIndexOf('.');
  const lastComma = compact.lastIndexOf(',');
  let decimalSeparator: '.' | ',';
  if (lastDot !== -1 && lastComma !== -1) decimalSeparator = lastDot > lastComma ? '.' : ',';
  else if (lastComma !== -1) decimalSeparator = /^\d{1,3}(?:,\d{3})+$/.test(compact) ? '.' : ',';
  else decimalSeparator = /^\d{1,3}(?:\.\d{3})+$/.test(compact) ? ',' : '.';
  const amount = readLocaleAmount(`${minus}${compact}`, decimalSeparator);
  return amount === undefined ? undefined : { amount, currency };
}

const MONTHS: ReadonlyMap<string, number> = new Map(
  [
    ['jan', 'jän'],
    ['feb'],
    ['mar', 'mär', 'mrz'],
    ['apr'],
    ['may', 'mai'],
    ['jun'],
    ['jul'],
    ['aug'],
    ['sep'],
    ['oct', 'okt'],
    ['nov'],
    ['dec', 'dez'],
  ].flatMap((names, index) => names.map((name) => [name, index + 1] as const)),
);
const MONTH_NAME = '([A-Za-zÄäÖöÜü]{3,9})\\.?';
const MONTH_FIRST_DATE = new RegExp(`^${MONTH_NAME}[- ](\\d{1,2}),?[- ](\\d{2}|\\d{4})(?:$|[ T])`);
const DAY_FIRST_NAMED_DATE = new RegExp(`^(\\d{1,2})\\.?[- ]${MONTH_NAME}[- ](\\d{2}|\\d{4})(?:$|[ T])`);
const DAY_FIRST_DOTTED_DATE = /^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})(?:$|[ T])/;

function yearOf(text: string): number {
  return text.length === 2 ? 2000 + Number(text) : Number(text);
}

function monthOf(name: string): number | undefined {
  return MONTHS.get(name.slice(0, 3).toLowerCase());
}

/**
 * A date as a marketplace's report prints it: ISO `2024-03-15`, eBay's `Mar-15-24`, `15-Mar-24`, `15 Mar 2024`,
 * `Mar 15, 2024` (English or German month names), or day first with dots `15.03.24` / `15.03.2024`; a time after it
 * is ignored. Two-digit years are 20xx. Slash dates are refused: `03/04/24` could be either month first or day first.
 */
export function readMarketplaceDate(text: string): string | undefined {
  const trimmed = text.trim();
  const iso = ISO_DATE.exec(trimmed);
  if (iso) return toIsoDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const monthFirst = MONTH_FIRST_DATE.exec(trimmed);
  if (monthFirst) {
    const month = monthOf(monthFirst[1] as string);
    return month === undefined ? undefined : toIsoDate(yearOf(monthFirst[3] as string), month, Number(monthFirst[2]));
  }
  const dayFirstNamed = DAY_FIRST_NAMED_DATE.exec(trimmed);
  if (dayFirstNamed) {
    const month = monthOf(dayFirstNamed[2] as string);
    return month === undefined
      ? undefined
      : toIsoDate(yearOf(dayFirstNamed[3] as string), month, Number(dayFirstNamed[1]));
  }
  const dotted = DAY_FIRST_DOTTED_DATE.exec(trimmed);
  if (dotted) return toIsoDate(yearOf(dotted[3] as string), Number(dotted[2]), Number(dotted[1]));
  return undefined;
}

const MONTH_FIRST_SLASH_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})(?:$|[ T])/;

/**
 * A date of a report that writes dates month first, as Etsy's do (`03/15/24`, `3/15/2024`), or ISO. Only for
 * formats documented to write them so: a slash date is never guessed.
 */
export function readMonthFirstDate(text: string): string | undefined {
  const trimmed = text.trim();
  const iso = ISO_DATE.exec(trimmed);
  if (iso) return toIsoDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const match = MONTH_FIRST_SLASH_DATE.exec(trimmed);
  return match ? toIsoDate(yearOf(match[3] as string), Number(match[1]), Number(match[2])) : undefined;
}
