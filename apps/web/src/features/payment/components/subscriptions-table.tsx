import type { Subscription, SubscriptionStatus } from '@vatlas/contract';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '../../../components/ui/scroll-region';
import { cn } from '../../../lib/cn';
import { useFormatters } from '../../../lib/format/format';
import { useCountryName } from '../../../lib/format/use-country-name';

const STATUS_STYLES: Record<SubscriptionStatus, { text: string; dot: string }> = {
  active: { text: 'text-success', dot: 'bg-success' },
  pending: { text: 'text-warning', dot: 'bg-warning' },
  cancelled: { text: 'text-fg-secondary', dot: 'bg-gray-500' },
};

/** The status in words beside its colour: colour alone never carries the meaning. */
export function SubscriptionStatusBadge({ status }: { status: SubscriptionStatus }) {
  const { t } = useTranslation();
  const style = STATUS_STYLES[status];
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 whitespace-nowrap rounded-full border border-current bg-surface px-2 py-0.5 text-xs font-semibold',
        style.text,
      )}
    >
      <span aria-hidden="true" className={cn('size-2 rounded-full', style.dot)} />
      {t(`payment.status.${status}`)}
    </span>
  );
}

/** When the subscription took its current status. */
function statusSince(subscription: Subscription): string {
  if (subscription.status === 'active') return subscription.activatedAt ?? subscription.updatedAt;
  if (subscription.status === 'cancelled') return subscription.cancelledAt ?? subscription.updatedAt;
  return subscription.updatedAt;
}

/** A company's subscriptions per country: status, since when, and how it is paid ("Manual" when an admin did it). */
export function SubscriptionsTable({ subscriptions, caption }: { subscriptions: Subscription[]; caption?: string }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const countryName = useCountryName();
  return (
    <ScrollTable
      caption={caption ?? t('payment.table.caption')}
      scrollClassName="rounded-xl border border-border bg-surface"
      className="w-full text-left text-sm"
    >
      <thead className="border-b border-border bg-light text-fg-secondary">
        <tr>
          <th scope="col" className="px-4 py-2 font-semibold">
            {t('payment.table.country')}
          </th>
          <th scope="col" className="px-4 py-2 font-semibold">
            {t('payment.table.status')}
          </th>
          <th scope="col" className="px-4 py-2 font-semibold">
            {t('payment.table.since')}
          </th>
          <th scope="col" className="px-4 py-2 font-semibold">
            {t('payment.table.provider')}
          </th>
        </tr>
      </thead>
      <tbody>
        {subscriptions.map((subscription) => (
          <tr key={subscription.countryCode} className="border-b border-border last:border-b-0">
            <th scope="row" className="px-4 py-3 font-semibold text-fg">
              {countryName(subscription.countryCode)}{' '}
              <span className="font-normal text-fg-muted">({subscription.countryCode})</span>
            </th>
            <td className="px-4 py-3">
              <SubscriptionStatusBadge status={subscription.status} />
            </td>
            <td className="px-4 py-3 text-fg">{format.date(statusSince(subscription).slice(0, 10))}</td>
            <td className="px-4 py-3 text-fg">{t(`payment.provider.${subscription.provider}`)}</td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
