import {
  COUNTRY_CODES,
  explanationLanguageOf,
  TRANSACTION_SOURCES,
  TRANSACTION_TREATMENTS,
  TRANSACTION_TYPES,
  treatmentLabel,
} from '@vatlas/domain';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { MonthSelect } from '../../../components/ui/month-select';
import { useFormatters } from '../../../lib/format/format';
import { useCountryName } from '../../../lib/format/use-country-name';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import {
  type FilterKey,
  type TransactionFilters as Filters,
  hasActiveFilters,
  LIABILITY_SCHEMES,
} from '../lib/filters';

const SEARCH_DEBOUNCE_MS = 350;

const fieldClass =
  'h-10 w-full rounded-md border border-border bg-surface px-3 text-sm text-fg focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary';
// justify-end: a label that wraps (German) keeps its field on the row's line instead of pushing it down.
const labelClass = 'flex min-w-0 flex-col justify-end gap-1 text-xs font-medium text-fg-secondary';

/** A labelled native select with an "any" first option; choosing it clears the filter. */
function FilterSelect({
  id,
  label,
  value,
  anyLabel,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string | undefined;
  anyLabel: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string | undefined) => void;
}) {
  return (
    <div className={labelClass}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className={fieldClass}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value || undefined)}
      >
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A filter a link set that has no field of its own (a filing's period, its EC Sales List): said, and removable. */
function LinkedFilter({
  testId,
  text,
  removeLabel,
  onRemove,
}: {
  testId: string;
  text: string;
  removeLabel: string;
  onRemove: () => void;
}) {
  return (
    <div className="mt-3 flex flex-wrap items-center gap-3 text-sm text-fg" data-testid={testId}>
      <p>{text}</p>
      <Button variant="secondary" className="px-3 py-1.5" onClick={onRemove}>
        {removeLabel}
      </Button>
    </div>
  );
}

export function TransactionFilters({
  filters,
  setFilter,
  setSort,
  clearFilters,
  clearPeriod,
}: {
  filters: Filters;
  setFilter: (name: FilterKey, value: string | undefined, options?: { replace?: boolean }) => void;
  setSort: (sort: Filters['sort']) => void;
  clearFilters: () => void;
  clearPeriod: () => void;
}) {
  const { t, i18n } = useTranslation();
  const format = useFormatters();
  const countryName = useCountryName();
  const id = useId();
  const language = explanationLanguageOf(i18n.language);

  const [text, setText] = useState(filters.search ?? '');
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled search text writes the URL.
  useEffect(() => {
    const value = debounced.trim();
    if (value !== (filters.search ?? '')) setFilter('search', value === '' ? undefined : value, { replace: true });
  }, [debounced]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the URL changed from elsewhere (clear, back, a link).
  useEffect(() => {
    if ((filters.search ?? '') !== text.trim()) setText(filters.search ?? '');
  }, [filters.search]);

  const countryOptions = useMemo(
    () =>
      [
        ...new Set(
          [...COUNTRY_CODES, filters.country, filters.jurisdiction, filters.taxedIn].filter(
            (code): code is string => !!code,
          ),
        ),
      ]
        .map((code) => ({ code, name: countryName(code) }))
        .sort((a, b) => a.name.localeCompare(b.name, i18n.language))
        .map(({ code, name }) => ({ value: code, label: `${name} (${code})` })),
    [countryName, filters.country, filters.jurisdiction, filters.taxedIn, i18n.language],
  );

  /** What a filter's select takes from its key: its id, label, value and change, and the "any" that clears it. */
  const selectOf = (key: 'taxedIn' | 'scheme' | 'jurisdiction' | 'type' | 'treatment' | 'source' | 'country') => ({
    id: `${id}-${key}`,
    label: t(`transactions.filters.${key}`),
    value: filters[key],
    anyLabel: t('transactions.filters.any'),
    onChange: (value: string | undefined) => setFilter(key, value),
  });

  return (
    <search aria-label={t('transactions.filters.legend')}>
      <form onSubmit={(event) => event.preventDefault()}>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 2xl:grid-cols-5">
          <div className={labelClass}>
            <label htmlFor={`${id}-month`}>{t('transactions.filters.month')}</label>
            <MonthSelect
              id={`${id}-month`}
              className={fieldClass}
              value={filters.month ?? ''}
              emptyLabel={t('transactions.filters.any')}
              onChange={(month) => setFilter('month', month || undefined)}
            />
          </div>
          <FilterSelect {...selectOf('taxedIn')} options={countryOptions} />
          <FilterSelect
            {...selectOf('scheme')}
            options={LIABILITY_SCHEMES.map((scheme) => ({ value: scheme, label: t(`transactions.schemes.${scheme}`) }))}
          />
          <FilterSelect {...selectOf('jurisdiction')} options={countryOptions} />
          <FilterSelect
            {...selectOf('type')}
            options={TRANSACTION_TYPES.map((type) => ({ value: type, label: t(`transactions.types.${type}`) }))}
          />
          <FilterSelect
            {...selectOf('treatment')}
            options={TRANSACTION_TREATMENTS.map((treatment) => ({
              value: treatment,
              label: treatmentLabel(treatment, language),
            }))}
          />
          <FilterSelect
            {...selectOf('source')}
            options={TRANSACTION_SOURCES.map((source) => ({
              value: source,
              label: t(`transactions.sources.${source}`),
            }))}
          />
          <FilterSelect {...selectOf('country')} options={countryOptions} />
          <div className={`${labelClass} col-span-2 sm:col-span-1`}>
            <label htmlFor={`${id}-search`}>{t('transactions.filters.search')}</label>
            <input
              id={`${id}-search`}
              type="search"
              className={fieldClass}
              value={text}
              maxLength={100}
              placeholder={t('transactions.filters.searchPlaceholder')}
              onChange={(event) => setText(event.target.value)}
            />
          </div>
          <div className={labelClass}>
            <label htmlFor={`${id}-sort`}>{t('transactions.filters.sort')}</label>
            <select
              id={`${id}-sort`}
              className={fieldClass}
              value={filters.sort}
              onChange={(event) => setSort(event.target.value as Filters['sort'])}
            >
              <option value="date-desc">{t('transactions.filters.sortDesc')}</option>
              <option value="date-asc">{t('transactions.filters.sortAsc')}</option>
            </select>
          </div>
        </div>
        {filters.ecSalesList ? (
          <LinkedFilter
            testId="transactions-esl"
            text={t('transactions.filters.ecSalesList', { country: countryName(filters.ecSalesList) })}
            removeLabel={t('transactions.filters.removeEcSalesList')}
            onRemove={() => setFilter('ecSalesList', undefined)}
          />
        ) : null}
        {filters.from || filters.to ? (
          <LinkedFilter
            testId="transactions-period"
            text={t('transactions.filters.period', {
              from: filters.from ? format.date(filters.from) : '…',
              to: filters.to ? format.date(filters.to) : '…',
            })}
            removeLabel={t('transactions.filters.removePeriod')}
            onRemove={clearPeriod}
          />
        ) : null}
        {hasActiveFilters(filters) ? (
          <div className="mt-3">
            <Button variant="secondary" onClick={clearFilters}>
              {t('transactions.filters.clear')}
            </Button>
          </div>
        ) : null}
      </form>
    </search>
  );
}
