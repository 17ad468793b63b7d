import type { AnalyticsFigures } from '@vatlas/contract';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../../components/ui/skeleton';
import { useFormatters } from '../../../lib/format/format';

export function Totals({ totals }: { totals: AnalyticsFigures | undefined }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const items = [
    { id: 'net', label: t('analytics.totals.net'), value: totals && format.money(totals.netEur, 'EUR') },
    { id: 'vat', label: t('analytics.totals.vat'), value: totals && format.money(totals.vatEur, 'EUR') },
    { id: 'gross', label: t('analytics.totals.gross'), value: totals && format.money(totals.grossEur, 'EUR') },
    { id: 'count', label: t('analytics.totals.count'), value: totals && format.number(totals.transactionCount) },
  ];
  return (
    <section aria-labelledby="analytics-totals">
      <h2 id="analytics-totals" className="sr-only">
        {t('analytics.totals.heading')}
      </h2>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {items.map((item) => (
          <div
            key={item.id}
            className="rounded-xl border border-border bg-surface p-3 sm:p-4"
            data-testid={`total-${item.id}`}
          >
            <dt className="text-sm text-fg-secondary">{item.label}</dt>
            <dd className="mt-1 text-base font-semibold break-words text-fg tabular-nums sm:text-xl">
              {item.value ?? <Skeleton className="h-7 w-28" />}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
