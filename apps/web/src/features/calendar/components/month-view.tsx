import type { Filing } from '@vatlas/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { parseIsoDay, useFormatters } from '../../../lib/format/format';
import { monthGridWeeks } from '../calendar-dates';
import { STATUS_STYLES } from './filing-status';
import { usePeriodText } from './use-filing-text';

const focusRing = 'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary';

/** Monday to Sunday in the UI language (1 January 2024 was a Monday). */
function useWeekdayNames(): { short: string; long: string }[] {
  const format = useFormatters();
  return useMemo(() => {
    const short = new Intl.DateTimeFormat(format.locale, { weekday: 'short', timeZone: 'UTC' });
    const long = new Intl.DateTimeFormat(format.locale, { weekday: 'long', timeZone: 'UTC' });
    return Array.from({ length: 7 }, (_, index) => {
      const day = parseIsoDay(`2024-01-0${index + 1}`);
      return { short: short.format(day), long: long.format(day) };
    });
  }, [format.locale]);
}

export function useMonthName(): (month: string) => string {
  const format = useFormatters();
  return useMemo(() => {
    const monthFormat = new Intl.DateTimeFormat(format.locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
    return (month: string) => monthFormat.format(parseIsoDay(`${month}-01`));
  }, [format.locale]);
}

/** An entry of a day that opens its filing: a deadline or a payment day, told apart by `className` and content. */
function EntryButton({
  filing,
  onSelect,
  className,
  children,
}: {
  filing: Filing;
  onSelect: (filing: Filing) => void;
  className: string;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={() => onSelect(filing)}
      className={cn(
        // hyphens-auto: long German words (Zusammenfassende) break inside the narrow day instead of overflowing it.
        'block w-full rounded-sm border border-l-4 border-border bg-surface px-1 py-0.5 text-left text-[11px] leading-tight text-fg hyphens-auto break-words hover:bg-gray-100 sm:px-1.5 sm:text-xs',
        className,
        focusRing,
      )}
    >
      {children}
    </button>
  );
}

function DeadlineButton({ filing, onSelect }: { filing: Filing; onSelect: (filing: Filing) => void }) {
  const { t } = useTranslation();
  const periodText = usePeriodText();
  const style = STATUS_STYLES[filing.status];
  return (
    <EntryButton filing={filing} onSelect={onSelect} className={style.border}>
      <span className="font-semibold">{filing.jurisdiction}</span>{' '}
      <span className="md:hidden">{t(`calendar.typeShort.${filing.filingType}`)}</span>
      <span className="sr-only md:not-sr-only">{t(`calendar.types.${filing.filingType}`)}</span>
      <span className="sr-only"> {periodText(filing)}, </span>
      <span className={cn('sr-only font-semibold md:not-sr-only md:block', style.text)}>
        {t(`calendar.status.${filing.status}`)}
      </span>
    </EntryButton>
  );
}

/**
 * The day a filing's VAT is paid, where that is not its due date (decision 050): opens the filing like its deadline.
 * Dashed and neutral, with a solid left edge: a payment has no filing status of its own; "paid" once marked paid.
 */
function PaymentButton({ filing, onSelect }: { filing: Filing; onSelect: (filing: Filing) => void }) {
  const { t } = useTranslation();
  const periodText = usePeriodText();
  return (
    <EntryButton
      filing={filing}
      onSelect={onSelect}
      className="border-dashed border-l-fg-secondary [border-left-style:solid]"
    >
      <span className="font-semibold">{filing.jurisdiction}</span>{' '}
      {filing.paidOn ? t('calendar.month.paid') : t('calendar.month.payment')}
      <span className="sr-only">
        {' '}
        {t(`calendar.types.${filing.filingType}`)} {periodText(filing)}
      </span>
    </EntryButton>
  );
}

/**
 * The month as a table: weekday headers, one cell per day of the whole weeks around the month, each deadline a
 * button that opens the filing, and the day a filing's VAT is paid where that differs (`payments`). Days of the
 * neighbouring months are dimmed but keep their deadlines.
 */
export function MonthView({
  month,
  filings,
  payments = [],
  today,
  isLoading,
  onSelect,
}: {
  month: string;
  filings: readonly Filing[];
  /** Filings whose payment day (`paymentDue`) may fall in the grid, whatever their due date. */
  payments?: readonly Filing[];
  today: string;
  isLoading: boolean;
  onSelect: (filing: Filing) => void;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const weekdays = useWeekdayNames();
  const monthName = useMonthName();
  const weeks = useMemo(() => monthGridWeeks(month), [month]);
  const byDay = useMemo(() => {
    const map = new Map<string, Filing[]>();
    for (const filing of filings) map.set(filing.dueDate, [...(map.get(filing.dueDate) ?? []), filing]);
    return map;
  }, [filings]);
  const paymentsByDay = useMemo(() => {
    const map = new Map<string, Filing[]>();
    for (const filing of payments) {
      if (filing.paymentDue) map.set(filing.paymentDue.date, [...(map.get(filing.paymentDue.date) ?? []), filing]);
    }
    return map;
  }, [payments]);

  return (
    <div className="overflow-hidden rounded-xl border border-border bg-surface">
      <table className="w-full table-fixed border-collapse" aria-busy={isLoading}>
        <caption className="sr-only">{t('calendar.month.caption', { month: monthName(month) })}</caption>
        <thead>
          <tr>
            {weekdays.map((weekday) => (
              <th
                key={weekday.long}
                scope="col"
                className="border-b border-border bg-light px-1 py-2 text-center text-xs font-semibold text-fg-secondary"
              >
                <abbr title={weekday.long} className="no-underline">
                  {weekday.short}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((day) => {
                const isOtherMonth = !day.startsWith(month);
                const isToday = day === today;
                const deadlines = byDay.get(day) ?? [];
                const paymentsDue = paymentsByDay.get(day) ?? [];
                const deadlineCount = deadlines.length + paymentsDue.length;
                return (
                  <td
                    key={day}
                    className={cn(
                      'h-24 border-b border-l border-border p-0.5 align-top first:border-l-0 sm:h-28 sm:p-1',
                      isOtherMonth && 'bg-light',
                    )}
                  >
                    <div className="flex items-center justify-between px-0.5">
                      <span
                        className={cn(
                          'inline-flex size-6 items-center justify-center rounded-full text-xs',
                          isToday
                            ? 'bg-primary-strong font-semibold text-on-primary'
                            : isOtherMonth
                              ? 'text-fg-muted'
                              : 'text-fg',
                        )}
                      >
                        <span aria-hidden="true">{Number(day.slice(8))}</span>
                        <span className="sr-only">
                          {format.dateLong(day)}
                          {isToday ? `, ${t('calendar.month.todayMarker')}` : ''}
                          {deadlineCount > 0 ? `, ${t('calendar.month.deadlineCount', { count: deadlineCount })}` : ''}
                        </span>
                      </span>
                    </div>
                    {isLoading ? (
                      day.endsWith('0') ? (
                        <Skeleton className="mt-1 h-5 w-full" />
                      ) : null
                    ) : deadlineCount > 0 ? (
                      <ul className="mt-0.5 flex flex-col gap-0.5">
                        {deadlines.map((filing) => (
                          <li key={filing.id}>
                            <DeadlineButton filing={filing} onSelect={onSelect} />
                          </li>
                        ))}
                        {paymentsDue.map((filing) => (
                          <li key={`payment-${filing.id}`}>
                            <PaymentButton filing={filing} onSelect={onSelect} />
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
