import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Numbers, money and dates in the user's language. Amounts arrive from the API as decimal strings and are handed to
 * Intl as strings, which formats them exactly (no round trip through a binary float). Dates are calendar days
 * (YYYY-MM-DD) and are formatted in UTC so no time zone moves them to the day before.
 */

/**
 * Formatting locales: British English (day before month, as in the EU); the other languages as in their country
 * (German in Germany, French in France, Italian in Italy, Spanish in Spain, Polish in Poland).
 */
export const FORMAT_LOCALES: Readonly<Record<string, string>> = {
  en: 'en-GB',
  de: 'de-DE',
  fr: 'fr-FR',
  it: 'it-IT',
  es: 'es-ES',
  pl: 'pl-PL',
};

export function formatLocaleOf(language: string): string {
  return FORMAT_LOCALES[language.split('-')[0] ?? 'en'] ?? language;
}

type Decimal = `${number}` | string;

export type Formatters = {
  locale: string;
  /** 1234.5, 'EUR' → "€1,234.50" / "1.234,50 €". */
  money: (amount: Decimal, currency: string) => string;
  /** Money without decimals, for chart axes and meters: "€12,346". */
  moneyCompact: (amount: Decimal, currency: string) => string;
  /** A plain number with grouping: 1000000 → "1,000,000". */
  number: (value: number | Decimal) => string;
  /** A fraction as a percentage: '0.19' → "19%", '0.055' → "5.5%". */
  percentOfFraction: (fraction: Decimal) => string;
  /** '2026-11-21' → "21 Nov 2026" / "21.11.2026". */
  date: (isoDate: string) => string;
  /** '2026-11-21' → "21 November 2026" / "21. November 2026". */
  dateLong: (isoDate: string) => string;
  /** '2026-11' or '2026-11-01' → "Nov 2026" / "Nov. 2026". */
  month: (isoMonthOrDate: string) => string;
  /** Bytes as "12.3 MB". */
  bytes: (value: number) => string;
  /** A rank: 2 → "2nd" / "2." / "2e" / "2º" / "2.º". */
  ordinal: (value: number) => string;
  /** A day of the month as the language names it in a rule: 10 → "10th" / "10." / "10" (French "1er"). */
  dayOrdinal: (value: number) => string;
  /** A month of the year, 1 to 12, by its name: "January" / "Januar", or short: "Jan". */
  monthName: (month: number, width?: 'long' | 'short') => string;
  /** Items joined as a list: "January and August" / "Januar und August". */
  list: (items: readonly string[]) => string;
};

const ENGLISH_ORDINAL_SUFFIXES: Partial<Record<Intl.LDMLPluralRule, string>> = { one: 'st', two: 'nd', few: 'rd' };
const englishOrdinals = new Intl.PluralRules('en', { type: 'ordinal' });

/** How each language writes a rank in figures; German and Polish with a full stop. */
function rankOrdinal(language: string, value: number): string {
  switch (language) {
    case 'en':
      return `${value}${ENGLISH_ORDINAL_SUFFIXES[englishOrdinals.select(value)] ?? 'th'}`;
    case 'fr':
      return value === 1 ? '1er' : `${value}e`;
    case 'it':
      return `${value}º`;
    case 'es':
      return `${value}.º`;
    default:
      return `${value}.`;
  }
}

/** A day of the month: a rank in English and German, a plain number elsewhere but for French and Italian firsts. */
function dayOrdinal(language: string, value: number): string {
  if (language === 'en' || language === 'de') return rankOrdinal(language, value);
  if ((language === 'fr' || language === 'it') && value === 1) return rankOrdinal(language, value);
  return String(value);
}

/** Noon UTC of a calendar day: no time zone turns it into another day. */
export function parseIsoDay(isoDate: string): Date {
  const [year, month, day] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1, 12));
}

export function createFormatters(language: string): Formatters {
  const locale = formatLocaleOf(language);
  const moneyFormats = new Map<string, Intl.NumberFormat>();
  const moneyFormat = (currency: string, compact: boolean) => {
    const key = `${currency}:${compact}`;
    let format = moneyFormats.get(key);
    if (!format) {
      format = new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        ...(compact ? { maximumFractionDigits: 0, minimumFractionDigits: 0 } : {}),
      });
      moneyFormats.set(key, format);
    }
    return format;
  };
  const numberFormat = new Intl.NumberFormat(locale);
  const percentFormat = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
  const dateFormat = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const dateLongFormat = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const monthFormat = new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' });
  const byteFormat = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const monthNameFormats = {
    long: new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' }),
    short: new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' }),
  };
  const listFormat = new Intl.ListFormat(locale, { type: 'conjunction' });
  const baseLanguage = language.split('-')[0] ?? 'en';

  return {
    locale,
    money: (amount, currency) => moneyFormat(currency, false).format(amount as Intl.StringNumericLiteral),
    moneyCompact: (amount, currency) => moneyFormat(currency, true).format(amount as Intl.StringNumericLiteral),
    number: (value) => numberFormat.format(value as Intl.StringNumericLiteral),
    percentOfFraction: (fraction) => percentFormat.format(fraction as Intl.StringNumericLiteral),
    date: (isoDate) => dateFormat.format(parseIsoDay(isoDate)),
    dateLong: (isoDate) => dateLongFormat.format(parseIsoDay(isoDate)),
    month: (value) => monthFormat.format(parseIsoDay(value.length === 7 ? `${value}-01` : value)),
    bytes: (value) => {
      const units = ['B', 'kB', 'MB', 'GB'];
      let size = value;
      let unit = 0;
      while (size >= 1000 && unit < units.length - 1) {
        size /= 1000;
        unit += 1;
      }
      return `${byteFormat.format(size)} ${units[unit]}`;
    },
    ordinal: (value) => rankOrdinal(baseLanguage, value),
    dayOrdinal: (value) => dayOrdinal(baseLanguage, value),
    monthName: (month, width = 'long') => monthNameFormats[width].format(new Date(Date.UTC(2026, month - 1, 15, 12))),
    list: (items) => listFormat.format(items),
  };
}

/** The formatters of the current UI language. */
export function useFormatters(): Formatters {
  const { i18n } = useTranslation();
  return useMemo(() => createFormatters(i18n.language), [i18n.language]);
}
