import { TRANSACTION_SORTS } from '@vatlas/contract';
import {
  isIsoDate,
  type LiabilityScheme,
  TRANSACTION_SOURCES,
  TRANSACTION_TREATMENTS,
  TRANSACTION_TYPES,
  type TransactionSource,
  type TransactionTreatment,
  type TransactionType,
} from '@vatlas/domain';

/** The schemes a liability line is declared through, in the order the filter offers them. */
export const LIABILITY_SCHEMES: readonly LiabilityScheme[] = ['local', 'oss', 'ioss'];

/**
 * The table's filters and sort as they live in the URL query (`taxedIn`, `scheme`, `ecSalesList`, `jurisdiction`, `month`, `from`, `to`, `type`, `treatment`,
 * `source`, `country`, `search`, `sort`), so a link — the dashboard's `/transactions?taxedIn=DE&month=2026-03` — and a reload
 * show the same rows. Values the API would refuse are dropped when read, never sent.
 */
export type TransactionFilters = {
  /** The rows of this country's liability, as the tax engine decides (what the dashboard adds up). */
  taxedIn?: string;
  /** The rows declared through this scheme's returns (with `taxedIn`: that country's line of it). */
  scheme?: LiabilityScheme;
  /** The rows on this country's EC Sales List (the calendar links a list's transactions). */
  ecSalesList?: string;
  /** The taxable jurisdiction as the file gave it. */
  jurisdiction?: string;
  month?: string;
  /** Tax points from and to these days (a filing's period: the calendar links a return's transactions). */
  from?: string;
  to?: string;
  type?: TransactionType;
  treatment?: TransactionTreatment;
  /** The kind of file the rows were read from: the sales channel. */
  source?: TransactionSource;
  country?: string;
  search?: string;
  sort: (typeof TRANSACTION_SORTS)[number];
};

export const FILTER_KEYS = [
  'taxedIn',
  'scheme',
  'ecSalesList',
  'jurisdiction',
  'month',
  'from',
  'to',
  'type',
  'treatment',
  'source',
  'country',
  'search',
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

const COUNTRY = /^[A-Z]{2}$/;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;

export function filtersFromSearchParams(params: URLSearchParams): TransactionFilters {
  const country = (key: string) => {
    const value = params.get(key)?.toUpperCase() ?? '';
    return COUNTRY.test(value) ? value : undefined;
  };
  const month = params.get('month') ?? '';
  const day = (key: string) => {
    const value = params.get(key) ?? '';
    return isIsoDate(value) ? value : undefined;
  };
  const search = (params.get('search') ?? '').trim().slice(0, 100);
  return {
    taxedIn: country('taxedIn'),
    scheme: oneOf(LIABILITY_SCHEMES, params.get('scheme')),
    ecSalesList: country('ecSalesList'),
    jurisdiction: country('jurisdiction'),
    month: MONTH.test(month) ? month : undefined,
    from: day('from'),
    to: day('to'),
    type: oneOf(TRANSACTION_TYPES, params.get('type')),
    treatment: oneOf(TRANSACTION_TREATMENTS, params.get('treatment')),
    source: oneOf(TRANSACTION_SOURCES, params.get('source')),
    country: country('country'),
    search: search === '' ? undefined : search,
    sort: oneOf(TRANSACTION_SORTS, params.get('sort')) ?? 'date-desc',
  };
}

/**
 * The URL query of the filters: only the set ones, in a fixed order, the default sort left out. Other parameters of
 * the URL (e.g. `theme`) are kept.
 */
export function filtersToSearchParams(filters: TransactionFilters, base?: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const key of [...FILTER_KEYS, 'sort'] as const) params.delete(key);
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value !== undefined && value !== '') params.set(key, value);
  }
  if (filters.sort !== 'date-desc') params.set('sort', filters.sort);
  return params;
}

/** The API query of the filters (the list, its count and its export take the same). */
export function filtersToApiQuery(filters: TransactionFilters): Record<string, string | undefined> {
  return {
    taxedIn: filters.taxedIn,
    scheme: filters.scheme,
    ecSalesList: filters.ecSalesList,
    jurisdiction: filters.jurisdiction,
    month: filters.month,
    from: filters.from,
    to: filters.to,
    type: filters.type,
    treatment: filters.treatment,
    source: filters.source,
    country: filters.country,
    search: filters.search,
    sort: filters.sort,
  };
}

export function hasActiveFilters(filters: TransactionFilters): boolean {
  return FILTER_KEYS.some((key) => filters[key] !== undefined);
}

/** The export's file name, the same the API gives: `transactions-DE-2026-03.csv`. */
export function exportFileName(filters: TransactionFilters): string {
  const parts = [
    filters.jurisdiction,
    filters.taxedIn && `taxed-in-${filters.taxedIn}`,
    filters.scheme,
    filters.ecSalesList && `esl-${filters.ecSalesList}`,
    filters.month,
    filters.from && `from-${filters.from}`,
    filters.to && `to-${filters.to}`,
    filters.type?.toLowerCase(),
    filters.treatment?.toLowerCase(),
    filters.source,
    filters.country && `country-${filters.country}`,
    filters.search && `search-${filters.search.replace(/[^\w.-]+/g, '_').slice(0, 40)}`,
  ].filter((part): part is string => Boolean(part));
  return `${['transactions', ...parts].join('-')}.csv`;
}
