import { FILING_STATUS_VALUES, FILING_TYPE_VALUES } from '@vatlas/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useCountryName } from '../../../lib/format/use-country-name';
import type { CalendarParams } from '../hooks/use-calendar-params';

const selectClass =
  'w-full rounded-md border border-border bg-surface px-3 py-2 text-sm text-fg focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary';

/** Jurisdiction, status and filing type; every choice goes to the URL query. */
export function CalendarFilters({
  params,
  jurisdictions,
  onChange,
}: {
  params: CalendarParams;
  jurisdictions: readonly string[];
  onChange: (changes: { jurisdiction?: string; status?: string; type?: string }) => void;
}) {
  const { t } = useTranslation();
  const countryName = useCountryName();
  const id = useId();
  const hasFilters = params.jurisdiction !== undefined || params.status !== undefined || params.type !== undefined;
  return (
    <fieldset className="flex flex-wrap items-end gap-3">
      <legend className="sr-only">{t('calendar.filters.title')}</legend>
      <div className="flex min-w-36 flex-1 flex-col gap-1 sm:flex-none">
        <label htmlFor={`${id}-jurisdiction`} className="text-sm font-medium text-fg">
          {t('calendar.filters.jurisdiction')}
        </label>
        <select
          id={`${id}-jurisdiction`}
          className={selectClass}
          value={params.jurisdiction ?? ''}
          onChange={(event) => onChange({ jurisdiction: event.target.value || undefined })}
        >
          <option value="">{t('calendar.filters.all')}</option>
          {jurisdictions.map((code) => (
            <option key={code} value={code}>
              {countryName(code)} ({code})
            </option>
          ))}
        </select>
      </div>
      <div className="flex min-w-36 flex-1 flex-col gap-1 sm:flex-none">
        <label htmlFor={`${id}-status`} className="text-sm font-medium text-fg">
          {t('calendar.filters.status')}
        </label>
        <select
          id={`${id}-status`}
          className={selectClass}
          value={params.status ?? ''}
          onChange={(event) => onChange({ status: event.target.value || undefined })}
        >
          <option value="">{t('calendar.filters.all')}</option>
          {FILING_STATUS_VALUES.map((status) => (
            <option key={status} value={status}>
              {t(`calendar.status.${status}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex min-w-36 flex-1 flex-col gap-1 sm:flex-none">
        <label htmlFor={`${id}-type`} className="text-sm font-medium text-fg">
          {t('calendar.filters.type')}
        </label>
        <select
          id={`${id}-type`}
          className={selectClass}
          value={params.type ?? ''}
          onChange={(event) => onChange({ type: event.target.value || undefined })}
        >
          <option value="">{t('calendar.filters.all')}</option>
          {FILING_TYPE_VALUES.map((type) => (
            <option key={type} value={type}>
              {t(`calendar.types.${type}`)}
            </option>
          ))}
        </select>
      </div>
      {hasFilters ? (
        <Button
          variant="secondary"
          onClick={() => onChange({ jurisdiction: undefined, status: undefined, type: undefined })}
        >
          {t('calendar.filters.clear')}
        </Button>
      ) : null}
    </fieldset>
  );
}
