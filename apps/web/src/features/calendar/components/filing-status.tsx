import type { Filing } from '@vatlas/contract';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';

type Status = Filing['status'];

/** Each status has a colour and always its word: colour alone never carries the meaning. */
export const STATUS_STYLES: Record<Status, { text: string; dot: string; border: string }> = {
  upcoming: { text: 'text-info', dot: 'bg-info', border: 'border-l-info' },
  'due-soon': { text: 'text-warning', dot: 'bg-warning', border: 'border-l-warning' },
  overdue: { text: 'text-danger', dot: 'bg-danger', border: 'border-l-danger' },
  filed: { text: 'text-success', dot: 'bg-success', border: 'border-l-success' },
};

export const STATUS_ORDER: readonly Status[] = ['overdue', 'due-soon', 'upcoming', 'filed'];

export function FilingStatusBadge({ status, className }: { status: Status; className?: string }) {
  const { t } = useTranslation();
  const style = STATUS_STYLES[status];
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 whitespace-nowrap rounded-full border border-current bg-surface px-2 py-0.5 text-xs font-semibold',
        style.text,
        className,
      )}
    >
      <span aria-hidden="true" className={cn('size-2 rounded-full', style.dot)} />
      {t(`calendar.status.${status}`)}
    </span>
  );
}

/** The legend of the status colours, above the calendar. */
export function StatusLegend() {
  const { t } = useTranslation();
  return (
    <ul aria-label={t('calendar.legend')} className="flex flex-wrap gap-2">
      {STATUS_ORDER.map((status) => (
        <li key={status}>
          <FilingStatusBadge status={status} />
        </li>
      ))}
    </ul>
  );
}
