import type { Analytics } from '@vatlas/contract';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format/format';

/** Amounts the API could not convert (no ECB rate): named per currency, never silently converted at 1. */
export function MissingRatesNote({ unconverted }: { unconverted: Analytics['unconverted'] }) {
  const { t } = useTranslation();
  const format = useFormatters();
  if (unconverted.length === 0) return null;
  return (
    <div
      className="rounded-xl border border-border border-l-4 border-l-warning bg-surface p-4"
      data-testid="missing-rates"
    >
      <h2 className="text-base font-semibold text-fg">{t('analytics.missingRates.title')}</h2>
      <p className="mt-1 text-sm text-fg-secondary">{t('analytics.missingRates.text')}</p>
      <ul className="mt-2 list-disc pl-5 text-sm text-fg">
        {unconverted.map((line) => (
          <li key={line.currency ?? 'none'}>
            {t('analytics.missingRates.line', {
              currency: line.currency ?? t('analytics.missingRates.noCurrency'),
              transactions: format.number(line.transactionCount),
              days: format.number(line.days),
            })}
          </li>
        ))}
      </ul>
    </div>
  );
}
