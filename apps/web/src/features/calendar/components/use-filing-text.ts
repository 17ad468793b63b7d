import type { Filing } from '@vatlas/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format/format';

/**
 * A return period as people say it: "Oct 2026" for a month, "2026" for a calendar year (an annual return),
 * "Jul 2026 – Sep 2026" for other periods.
 */
export function usePeriodText(): (filing: Pick<Filing, 'periodStart' | 'periodEnd'>) => string {
  const { t } = useTranslation();
  const format = useFormatters();
  return useCallback(
    (filing) => {
      const year = filing.periodStart.slice(0, 4);
      if (filing.periodStart === `${year}-01-01` && filing.periodEnd === `${year}-12-31`) return year;
      const from = format.month(filing.periodStart);
      const to = format.month(filing.periodEnd);
      return from === to ? from : t('calendar.filing.period', { from, to });
    },
    [format, t],
  );
}

/** "DE VAT return Oct 2026": the filing's name in the calendar, the list and the detail. */
export function useFilingTitle(): (filing: Filing) => string {
  const { t } = useTranslation();
  const periodText = usePeriodText();
  return useCallback(
    (filing) =>
      t('calendar.filing.title', {
        jurisdiction: filing.jurisdiction,
        type: t(`calendar.types.${filing.filingType}`),
        period: periodText(filing),
      }),
    [periodText, t],
  );
}
