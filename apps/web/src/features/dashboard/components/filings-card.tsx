import type { Filing } from '@vatlas/contract';
import { type FilingAmountKind, filingAmountKind } from '@vatlas/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useFormatters } from '../../../lib/format/format';
import { useCountryName } from '../../../lib/format/use-country-name';
import { groupFilings } from '../utils/filing-groups';
import { cardClass, textLinkClass } from './styles';

const AMOUNT_LABEL: Record<FilingAmountKind, string> = {
  'vat-payable': 'dashboard.filings.vatPayable',
  balance: 'dashboard.filings.balance',
  'net-listed': 'dashboard.filings.netListed',
};

const STATUS_CLASS: Record<Filing['status'], string> = {
  overdue: 'text-danger',
  'due-soon': 'text-warning',
  upcoming: 'text-info',
  filed: 'text-success',
};

function FilingItem({ filing }: { filing: Filing }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const countryName = useCountryName();
  const sameMonth = filing.periodStart.slice(0, 7) === filing.periodEnd.slice(0, 7);
  const period = sameMonth
    ? format.month(filing.periodStart)
    : `${format.month(filing.periodStart)} – ${format.month(filing.periodEnd)}`;
  return (
    <li className="flex flex-col gap-1 border-b border-border py-3 last:border-b-0 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-medium text-fg">
          {countryName(filing.jurisdiction)} · {t(`dashboard.filings.type.${filing.filingType}`)}
        </p>
        <p className="text-sm text-fg-secondary">
          {t('dashboard.filings.period', { period })} ·{' '}
          {t('dashboard.filings.due', { date: format.date(filing.dueDate) })}
        </p>
      </div>
      <div className="flex flex-col sm:items-end">
        <p className="text-sm tabular-nums text-fg">
          <span className="sr-only">{t(AMOUNT_LABEL[filingAmountKind(filing.filingType)])}: </span>
          <span className="font-semibold">{format.money(filing.amountEur, 'EUR')}</span>
          {filing.currency !== 'EUR' ? (
            <span className="text-fg-secondary"> ({format.money(filing.amountLocal, filing.currency)})</span>
          ) : null}
        </p>
        <p className={`flex items-center gap-1.5 text-sm font-semibold ${STATUS_CLASS[filing.status]}`}>
          <span aria-hidden="true" className="inline-block size-2 rounded-full bg-current" />
          {t(`dashboard.filings.status.${filing.status}`)}
        </p>
      </div>
    </li>
  );
}

function FilingGroup({ title, filings }: { title: string; filings: Filing[] }) {
  const id = useId();
  if (filings.length === 0) return null;
  return (
    <div className="mt-4">
      <h3 id={id} className="text-sm font-semibold uppercase tracking-wide text-fg-secondary">
        {title}
      </h3>
      <ul aria-labelledby={id}>
        {filings.map((filing) => (
          <FilingItem key={filing.id} filing={filing} />
        ))}
      </ul>
    </div>
  );
}

/** Overdue, due soon and the next upcoming filings, with amounts and due dates; the calendar has the rest. */
export function FilingsCard({ items, isLoading }: { items: Filing[] | undefined; isLoading: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const groups = groupFilings(items ?? []);
  const isEmpty = groups.overdue.length + groups.dueSoon.length + groups.upcoming.length === 0;
  return (
    <section aria-labelledby={id} aria-busy={isLoading} className={cardClass} data-testid="filings-card">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold text-fg">
          {t('dashboard.filings.title')}
        </h2>
        <Link to={paths.calendar.getHref()} className={`text-sm ${textLinkClass}`}>
          {t('dashboard.filings.openCalendar')}
        </Link>
      </div>
      {isLoading ? (
        <div className="mt-4 flex flex-col gap-3">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} className="h-12 w-full" />
          ))}
        </div>
      ) : items === undefined ? (
        <p role="alert" className="mt-4 text-sm text-danger">
          {t('dashboard.loadError')}
        </p>
      ) : isEmpty ? (
        <p className="mt-4 text-sm text-fg-secondary">{t('dashboard.filings.empty')}</p>
      ) : (
        <>
          <FilingGroup
            title={t('dashboard.filings.groups.overdue', { count: groups.overdue.length })}
            filings={groups.overdue}
          />
          <FilingGroup
            title={t('dashboard.filings.groups.dueSoon', { count: groups.dueSoon.length })}
            filings={groups.dueSoon}
          />
          <FilingGroup title={t('dashboard.filings.groups.upcoming')} filings={groups.upcoming} />
        </>
      )}
    </section>
  );
}
