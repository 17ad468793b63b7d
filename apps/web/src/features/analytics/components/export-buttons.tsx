import type { AnalyticsExportFormat } from '@vatlas/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useExportAnalytics } from '../api/export-analytics';
import type { MonthRange } from '../hooks/period';

const FORMAT_NAMES: Record<AnalyticsExportFormat, string> = { csv: 'CSV', xlsx: 'Excel' };

/** CSV and Excel downloads of the shown period, with a live status while the file is prepared. */
export function ExportButtons({ range, disabled }: { range: MonthRange | undefined; disabled: boolean }) {
  const { t } = useTranslation();
  const exporter = useExportAnalytics();
  const running = exporter.isPending ? exporter.variables?.format : undefined;
  const start = (format: AnalyticsExportFormat) => {
    if (range) exporter.mutate({ format, range });
  };
  let status = '';
  if (running) status = t('analytics.export.running', { format: FORMAT_NAMES[running] });
  else if (exporter.isSuccess) status = t('analytics.export.done', { format: FORMAT_NAMES[exporter.data] });

  return (
    <div className="flex flex-col items-start gap-2 sm:items-end">
      <div className="flex flex-wrap gap-2">
        {(['csv', 'xlsx'] as const).map((format) => (
          <Button
            key={format}
            variant="secondary"
            disabled={disabled || range === undefined || exporter.isPending}
            aria-busy={running === format}
            onClick={() => start(format)}
          >
            {running === format ? (
              <span
                aria-hidden="true"
                className="size-4 animate-spin rounded-full border-2 border-gray-300 border-t-primary motion-reduce:animate-none"
              />
            ) : null}
            {t(`analytics.export.${format}`)}
          </Button>
        ))}
      </div>
      <p role="status" aria-live="polite" className="text-sm text-fg-secondary">
        {status}
      </p>
      {exporter.isError ? (
        <p role="alert" className="text-sm text-danger">
          {t('analytics.export.failed')}
        </p>
      ) : null}
    </div>
  );
}
