import { FILING_STATUS_VALUES, FILING_TYPE_VALUES, type Filing } from '@vatlas/contract';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { currentMonth, isMonthString } from '../calendar-dates';

export type CalendarView = 'month' | 'list';
export type SortOrder = 'asc' | 'desc';

export type CalendarParams = {
  view: CalendarView;
  month: string;
  status: Filing['status'] | undefined;
  jurisdiction: string | undefined;
  type: Filing['filingType'] | undefined;
  sort: SortOrder;
};

type ParamName = 'view' | 'month' | 'status' | 'jurisdiction' | 'type' | 'sort';

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.includes(value as T) ? (value as T) : undefined;

/**
 * The calendar's view, month, filters and sort live in the URL query, so a reload, a bookmark or a shared link shows
 * the same calendar. Unknown values fall back to the defaults.
 */
export function useCalendarParams(): [
  CalendarParams,
  (changes: Partial<Record<ParamName, string | undefined>>) => void,
] {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo<CalendarParams>(() => {
    const month = searchParams.get('month');
    const jurisdiction = searchParams.get('jurisdiction');
    return {
      view: searchParams.get('view') === 'list' ? 'list' : 'month',
      month: isMonthString(month) ? month : currentMonth(),
      status: oneOf(FILING_STATUS_VALUES, searchParams.get('status')),
      jurisdiction: jurisdiction && /^[A-Z]{2}$/.test(jurisdiction) ? jurisdiction : undefined,
      type: oneOf(FILING_TYPE_VALUES, searchParams.get('type')),
      sort: searchParams.get('sort') === 'desc' ? 'desc' : 'asc',
    };
  }, [searchParams]);
  const update = useCallback(
    (changes: Partial<Record<ParamName, string | undefined>>) => {
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [name, value] of Object.entries(changes)) {
            if (value === undefined || value === '') next.delete(name);
            else next.set(name, value);
          }
          return next;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );
  return [params, update];
}
