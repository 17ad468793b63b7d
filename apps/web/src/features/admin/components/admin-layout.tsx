import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';

const { admin } = paths;

/** The sections of the admin area, in the sidebar's order; the overview is the index page. */
const SECTIONS = [
  { href: admin.root.getHref(), labelKey: 'adminArea.nav.overview', isEnd: true },
  { href: admin.tenants.getHref(), labelKey: 'adminArea.nav.tenants' },
  { href: admin.companies.getHref(), labelKey: 'adminArea.nav.companies' },
  { href: admin.users.getHref(), labelKey: 'adminArea.nav.users' },
  { href: admin.subscriptions.getHref(), labelKey: 'adminArea.nav.subscriptions' },
  { href: admin.uploads.getHref(), labelKey: 'adminArea.nav.uploads' },
  { href: admin.filings.getHref(), labelKey: 'adminArea.nav.filings' },
  { href: admin.clientErrors.getHref(), labelKey: 'adminArea.nav.clientErrors' },
  { href: admin.auditLog.getHref(), labelKey: 'adminArea.nav.auditLog' },
  { href: admin.comingSoon.getHref(), labelKey: 'adminArea.nav.comingSoon' },
] as const;

/**
 * Spec §2 "an admin dashboard with a sidebar": inside the app shell, a second navigation of the admin sections beside
 * the section's page (above it on narrow screens, as a row that scrolls).
 */
export function AdminLayout() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col lg:flex-row">
      <nav
        aria-label={t('adminArea.nav.label')}
        className="border-b border-border bg-surface lg:min-h-full lg:w-56 lg:shrink-0 lg:border-r lg:border-b-0"
      >
        <ul className="flex gap-1 overflow-x-auto p-2 lg:flex-col lg:p-3">
          {SECTIONS.map((section) => (
            <li key={section.href} className="shrink-0">
              <NavLink
                to={section.href}
                end={'isEnd' in section}
                className={({ isActive }) =>
                  cn(
                    'block rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap',
                    'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary',
                    isActive ? 'bg-primary-strong text-on-primary' : 'text-fg hover:bg-gray-100',
                  )
                }
              >
                {t(section.labelKey)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
