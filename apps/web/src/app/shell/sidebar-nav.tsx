import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useAuthStore } from '../../lib/auth/auth-store';
import { cn } from '../../lib/cn';
import { useTheme } from '../../theme/use-theme';
import { focusRing } from './focus-ring';
import { NavIcon } from './nav-icons';
import { getNavItems, isNavItemActive } from './nav-items';

/** The workspace navigation: one link per area, `aria-current="page"` on the one being shown. */
export function WorkspaceNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const isAdmin = useAuthStore((state) => state.user?.isAdmin ?? false);

  return (
    <nav aria-label={t('shell.nav.label')}>
      <ul className="flex flex-col gap-1">
        {getNavItems(isAdmin).map((item) => {
          const isActive = isNavItemActive(item, pathname);
          return (
            <li key={item.id}>
              <Link
                to={item.href}
                aria-current={isActive ? 'page' : undefined}
                onClick={onNavigate}
                className={cn(
                  'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium',
                  isActive
                    ? 'bg-primary-light text-fg font-semibold'
                    : 'text-fg-secondary hover:bg-gray-100 hover:text-fg',
                  focusRing,
                )}
              >
                <NavIcon name={item.icon} className={cn('size-5', isActive && 'text-primary')} />
                <span>{t(`shell.nav.${item.id}`)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The theme's support, terms and privacy links (white-label tenants bring their own). */
export function BrandingLinks({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { supportUrl, termsUrl, privacyUrl } = useTheme().theme.branding;
  const links = [
    { key: 'support', href: supportUrl },
    { key: 'terms', href: termsUrl },
    { key: 'privacy', href: privacyUrl },
  ] as const;
  return (
    <ul className={cn('flex flex-wrap gap-x-4 gap-y-1 text-xs', className)}>
      {links.map((link) => (
        <li key={link.key}>
          <a
            href={link.href}
            className={cn('rounded text-fg-secondary underline-offset-2 hover:text-fg hover:underline', focusRing)}
          >
            {t(`shell.links.${link.key}`)}
          </a>
        </li>
      ))}
    </ul>
  );
}
