import type { Theme } from '@vatlas/domain';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { getThemeCssVariables } from '../../../theme/theme-resolution';

/**
 * A miniature of the app in the edited theme: the theme's CSS variables are set on this box only, so every semantic
 * class inside (bg-primary-strong, text-fg…) shows the edited colours while the editor around it keeps the admin's.
 * It is a picture, not a second app: `inert` keeps its links and buttons out of the tab order.
 */
export function ThemePreview({ theme }: { theme: Theme }) {
  const { t } = useTranslation();
  const style = getThemeCssVariables(theme) as CSSProperties;
  const logo = theme.branding.logo;
  return (
    <div
      inert
      data-testid="theme-preview"
      style={{ ...style, fontFamily: 'var(--vt-font-family)' }}
      className="overflow-hidden rounded-xl border border-border bg-body text-fg"
    >
      <div className="flex min-h-80">
        <div className="flex w-36 shrink-0 flex-col gap-1 border-r border-border bg-sidebar p-3 text-sm">
          <div className="mb-3 flex items-center gap-2">
            {logo && 'url' in logo ? <img src={logo.url} alt="" className="h-6 w-6 object-contain" /> : null}
            <span data-testid="preview-company-name" className="font-semibold text-fg">
              {theme.branding.companyName}
            </span>
          </div>
          <span className="rounded-md bg-primary-light px-2 py-1 font-medium text-fg">
            {t('whiteLabel.preview.nav.dashboard')}
          </span>
          <span className="px-2 py-1 text-fg-secondary">{t('whiteLabel.preview.nav.calendar')}</span>
          <span className="px-2 py-1 text-fg-secondary">{t('whiteLabel.preview.nav.transactions')}</span>
        </div>
        <div className="flex min-w-0 flex-1 flex-col">
          <div className="flex items-center justify-between border-b border-border bg-surface px-4 py-2 text-xs">
            <span className="text-fg-secondary">
              {t('whiteLabel.preview.tenant')}: {theme.name}
            </span>
            <span className="h-6 w-6 rounded-full bg-primary" />
          </div>
          <div className="flex flex-col gap-3 p-4">
            <p className="text-xl font-semibold text-fg">{t('whiteLabel.preview.heading')}</p>
            <div className="rounded-lg border border-border bg-surface p-3">
              <p className="font-semibold text-fg">{t('whiteLabel.preview.cardTitle')}</p>
              <p className="mt-1 text-sm text-fg-secondary">{t('whiteLabel.preview.cardText')}</p>
              <div className="mt-3 flex flex-wrap items-center gap-2">
                <span
                  data-testid="preview-primary-button"
                  className="rounded-md bg-primary-strong px-3 py-1.5 text-sm font-semibold text-on-primary"
                >
                  {t('whiteLabel.preview.primaryButton')}
                </span>
                <span className="rounded-md border border-border bg-surface px-3 py-1.5 text-sm font-semibold text-fg">
                  {t('whiteLabel.preview.secondaryButton')}
                </span>
                <span className="text-sm text-primary-strong underline">{t('whiteLabel.preview.link')}</span>
              </div>
            </div>
            <table className="w-full overflow-hidden rounded-lg bg-surface text-left text-sm">
              <caption className="sr-only">{t('whiteLabel.preview.table.caption')}</caption>
              <thead className="bg-light text-fg-secondary">
                <tr>
                  <th className="px-3 py-1.5 font-medium">{t('whiteLabel.preview.table.jurisdiction')}</th>
                  <th className="px-3 py-1.5 text-right font-medium">{t('whiteLabel.preview.table.amount')}</th>
                  <th className="px-3 py-1.5 font-medium">{t('whiteLabel.preview.table.status')}</th>
                </tr>
              </thead>
              <tbody>
                <tr className="border-t border-border">
                  <td className="px-3 py-1.5 text-fg">DE</td>
                  <td className="px-3 py-1.5 text-right font-mono text-fg">1.284,50 €</td>
                  <td className="px-3 py-1.5 text-warning">{t('whiteLabel.preview.table.open')}</td>
                </tr>
                <tr className="border-t border-border">
                  <td className="px-3 py-1.5 text-fg">FR</td>
                  <td className="px-3 py-1.5 text-right font-mono text-fg">312,00 €</td>
                  <td className="px-3 py-1.5 text-success">{t('whiteLabel.preview.table.filed')}</td>
                </tr>
              </tbody>
            </table>
            <div className="grid gap-2 text-sm sm:grid-cols-2">
              {(['danger', 'success', 'warning', 'info'] as const).map((tone) => (
                <p key={tone} className={`rounded-md border border-current bg-surface px-3 py-1.5 ${toneClass[tone]}`}>
                  {t(`whiteLabel.preview.alerts.${tone}`)}
                </p>
              ))}
            </div>
            <p className="text-xs text-fg-muted">{t('whiteLabel.preview.footer')}</p>
          </div>
        </div>
      </div>
    </div>
  );
}

const toneClass = {
  danger: 'text-danger',
  success: 'text-success',
  warning: 'text-warning',
  info: 'text-info',
} as const;
