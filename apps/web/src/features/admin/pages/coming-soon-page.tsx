import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader, WorkspacePage } from '../../../components/ui/page-header';
import { paths } from '../../../config/paths';
import { linkClass } from './tenants-page';

/** What the admin area does not do yet, each with the page that helps meanwhile — an honest list, not a teaser. */
const PLANNED = [
  { key: 'createTenant', page: paths.admin.tenants },
  { key: 'impersonate', page: paths.admin.companies },
  { key: 'retryJobs', page: paths.admin.uploads },
  { key: 'exportAudit', page: paths.admin.auditLog },
] as const;

export function ComingSoonPage() {
  const { t } = useTranslation();
  return (
    <WorkspacePage>
      <PageHeader title={t('adminArea.comingSoon.title')} description={t('adminArea.comingSoon.description')} />
      <p className="max-w-prose text-sm text-fg">{t('adminArea.comingSoon.intro')}</p>
      <ul className="flex flex-col gap-3">
        {PLANNED.map(({ key, page }) => (
          <li key={key} className="rounded-xl border border-border bg-surface p-4">
            <h2 className="text-base font-semibold text-fg">{t(`adminArea.comingSoon.items.${key}.title`)}</h2>
            <p className="mt-1 text-sm text-fg-secondary">{t(`adminArea.comingSoon.items.${key}.text`)}</p>
            <Link to={page.getHref()} className={`${linkClass} mt-2 inline-block text-sm`}>
              {t('adminArea.comingSoon.goTo', { page: t(page.titleKey) })}
            </Link>
          </li>
        ))}
      </ul>
    </WorkspacePage>
  );
}
