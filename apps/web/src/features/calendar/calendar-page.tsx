import type { Filing } from '@vatlas/contract';
import { todayIsoDate } from '@vatlas/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader, WorkspacePage } from '../../components/ui/page-header';
import { paths } from '../../config/paths';
import { cn } from '../../lib/cn';
import { useFilings } from './api/list-filings';
import { currentMonth, monthGridRange, shiftMonth } from './calendar-dates';
import { CalendarFilters } from './components/calendar-filters';
import { FilingDetail } from './components/filing-detail';
import { StatusLegend } from './components/filing-status';
import { ListView, ListViewSkeleton } from './components/list-view';
import { MonthView, useMonthName } from './components/month-view';
import { SubscribePanel } from './components/subscribe-panel';
import { type CalendarView, useCalendarParams } from './hooks/use-calendar-params';

const focusRing = 'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary';

function ViewSwitch({ view, onChange }: { view: CalendarView; onChange: (view: CalendarView) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="inline-flex rounded-md border border-border">
      <legend className="sr-only">{t('calendar.views.label')}</legend>
      {(['month', 'list'] as const).map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={view === option}
          onClick={() => onChange(option)}
          className={cn(
            'px-4 py-2 text-sm font-semibold first:rounded-l-md last:rounded-r-md',
            view === option ? 'bg-primary-strong text-on-primary' : 'bg-surface text-fg hover:bg-gray-100',
            focusRing,
          )}
        >
          {t(`calendar.views.${option}`)}
        </button>
      ))}
    </fieldset>
  );
}

/**
 * The filings calendar: a month grid or a list grouped by month of every filing the company has to make, with
 * filters in the URL, a detail dialog to mark a filing filed or reopen it, and the iCalendar subscription.
 */
export function CalendarPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  const monthName = useMonthName();
  const [params, update] = useCalendarParams();
  const [selected, setSelected] = useState<Filing | null>(null);
  const [isSubscribeOpen, setIsSubscribeOpen] = useState(false);

  // Every filing: the jurisdictions to filter by, and whether the company has any filing at all.
  const all = useFilings({});
  const range = params.view === 'month' ? monthGridRange(params.month) : {};
  const shown = useFilings({ ...range, status: params.status, jurisdiction: params.jurisdiction });

  const jurisdictions = useMemo(
    () => [...new Set((all.data?.items ?? []).map((filing) => filing.jurisdiction))].sort(),
    [all.data],
  );
  const items = useMemo(
    () => (shown.data?.items ?? []).filter((filing) => params.type === undefined || filing.filingType === params.type),
    [shown.data, params.type],
  );
  // Payment days are asked of every filing: Italy's annual balance is paid in March, its return due in April.
  const payments = useMemo(
    () =>
      (all.data?.items ?? []).filter(
        (filing) =>
          filing.paymentDue !== null &&
          (params.status === undefined || filing.status === params.status) &&
          (params.jurisdiction === undefined || filing.jurisdiction === params.jurisdiction) &&
          (params.type === undefined || filing.filingType === params.type),
      ),
    [all.data, params.status, params.jurisdiction, params.type],
  );
  const today = shown.data?.today ?? all.data?.today ?? todayIsoDate();
  const isLoading = shown.isPending || shown.isPlaceholderData;
  const hasNoFilings = all.data !== undefined && all.data.items.length === 0;
  const clearFilters = () => update({ jurisdiction: undefined, status: undefined, type: undefined });

  return (
    <WorkspacePage wide>
      <PageHeader
        title={t(titleKey)}
        description={t('calendar.description')}
        actions={
          <Button
            variant={isSubscribeOpen ? 'secondary' : 'primary'}
            aria-expanded={isSubscribeOpen}
            onClick={() => setIsSubscribeOpen((open) => !open)}
          >
            {t('calendar.subscribe.open')}
          </Button>
        }
      />
      {isSubscribeOpen ? <SubscribePanel onClose={() => setIsSubscribeOpen(false)} /> : null}

      {hasNoFilings ? (
        <EmptyState
          title={t('calendar.empty.noFilingsTitle')}
          text={t('calendar.empty.noFilingsText')}
          action={
            <Link
              to={paths.dataUpload.getHref()}
              className={cn(
                'inline-flex rounded-md bg-primary-strong px-4 py-2.5 text-sm font-semibold text-on-primary',
                focusRing,
              )}
            >
              {t('calendar.empty.noFilingsAction')}
            </Link>
          }
        />
      ) : (
        <>
          <div className="flex flex-col gap-4 rounded-xl border border-border bg-surface p-4">
            <div className="flex flex-wrap items-end justify-between gap-4">
              <CalendarFilters params={params} jurisdictions={jurisdictions} onChange={update} />
              <ViewSwitch
                view={params.view}
                onChange={(view) => update({ view: view === 'month' ? undefined : view })}
              />
            </div>
            <StatusLegend />
          </div>

          <p role="status" className="sr-only">
            {isLoading ? t('calendar.loading') : ''}
          </p>

          {shown.isError ? (
            <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-danger">
              {t('calendar.loadError')}
              <Button variant="secondary" onClick={() => void shown.refetch()}>
                {t('calendar.retry')}
              </Button>
            </div>
          ) : params.view === 'month' ? (
            <div className="flex flex-col gap-3">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <h2 className="text-xl font-semibold text-fg" aria-live="polite">
                  {monthName(params.month)}
                </h2>
                <div className="flex gap-2">
                  <Button
                    variant="secondary"
                    className="px-3"
                    onClick={() => update({ month: shiftMonth(params.month, -1) })}
                  >
                    <span aria-hidden="true">‹</span>
                    <span className="sr-only sm:not-sr-only">{t('calendar.month.previous')}</span>
                  </Button>
                  <Button variant="secondary" onClick={() => update({ month: currentMonth() })}>
                    {t('calendar.month.today')}
                  </Button>
                  <Button
                    variant="secondary"
                    className="px-3"
                    onClick={() => update({ month: shiftMonth(params.month, 1) })}
                  >
                    <span className="sr-only sm:not-sr-only">{t('calendar.month.next')}</span>
                    <span aria-hidden="true">›</span>
                  </Button>
                </div>
              </div>
              <MonthView
                month={params.month}
                filings={items}
                payments={payments}
                today={today}
                isLoading={isLoading}
                onSelect={setSelected}
              />
              {!isLoading && items.filter((filing) => filing.dueDate.startsWith(params.month)).length === 0 ? (
                <p className="text-sm text-fg-secondary">
                  {t('calendar.month.noneInMonth', { month: monthName(params.month) })}
                </p>
              ) : null}
            </div>
          ) : shown.isPending ? (
            <div aria-busy="true">
              <ListViewSkeleton />
            </div>
          ) : items.length === 0 ? (
            <EmptyState
              title={t('calendar.empty.noMatchTitle')}
              text={t('calendar.empty.noMatchText')}
              action={
                <Button variant="secondary" onClick={clearFilters}>
                  {t('calendar.filters.clear')}
                </Button>
              }
            />
          ) : (
            <div aria-busy={isLoading}>
              <ListView
                filings={items}
                sort={params.sort}
                onSortChange={(sort) => update({ sort: sort === 'asc' ? undefined : sort })}
                onSelect={setSelected}
              />
            </div>
          )}
        </>
      )}

      {selected ? <FilingDetail key={selected.id} filing={selected} onClose={() => setSelected(null)} /> : null}
    </WorkspacePage>
  );
}
