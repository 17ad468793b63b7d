import type { ContrastCheck } from '@vatlas/domain';
import { useTranslation } from 'react-i18next';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { useFormatters } from '../../../lib/format/format';

/** Every text/background pair with its ratio and AA result; failures first so they are seen. */
export function ContrastReport({ checks }: { checks: ContrastCheck[] }) {
  const { t } = useTranslation();
  const { locale } = useFormatters();
  const ratioFormat = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const failing = checks.filter((check) => !check.passes);
  const ordered = [...failing, ...checks.filter((check) => check.passes)];
  return (
    <section aria-labelledby="contrast-title" className="flex flex-col gap-2">
      <h2 id="contrast-title" className="text-lg font-semibold text-fg">
        {t('whiteLabel.contrast.title')}
      </h2>
      <p className="text-sm text-fg-secondary">{t('whiteLabel.contrast.description')}</p>
      <p
        role="status"
        data-testid="contrast-summary"
        className={`text-sm font-semibold ${failing.length > 0 ? 'text-danger' : 'text-success'}`}
      >
        {failing.length > 0
          ? t('whiteLabel.contrast.failing', { count: failing.length, total: checks.length })
          : t('whiteLabel.contrast.allPass', { count: checks.length })}
      </p>
      <ScrollRegion label={t('whiteLabel.contrast.title')} className="rounded-lg border border-border bg-surface">
        <table className="w-full text-left text-sm">
          <thead className="bg-light text-fg-secondary">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                {t('whiteLabel.contrast.pair')}
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                {t('whiteLabel.contrast.ratio')}
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                {t('whiteLabel.contrast.result')}
              </th>
            </tr>
          </thead>
          <tbody>
            {ordered.map((check) => (
              <tr key={check.id} className="border-t border-border" data-testid={`contrast-${check.id}`}>
                <th scope="row" className="px-3 py-1.5 font-normal text-fg">
                  <span className="flex items-center gap-2">
                    <span
                      aria-hidden="true"
                      className="inline-flex h-5 w-7 shrink-0 items-center justify-center rounded border border-border text-xs font-semibold"
                      style={{ color: check.foregroundColor, backgroundColor: check.backgroundColor }}
                    >
                      Aa
                    </span>
                    {t(`whiteLabel.contrast.pairs.${check.id}`)}
                  </span>
                </th>
                <td className="px-3 py-1.5 text-right font-mono text-fg">{ratioFormat.format(check.ratio)}:1</td>
                <td className={`px-3 py-1.5 font-semibold ${check.passes ? 'text-success' : 'text-danger'}`}>
                  {check.passes ? t('whiteLabel.contrast.pass') : t('whiteLabel.contrast.fail')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}
