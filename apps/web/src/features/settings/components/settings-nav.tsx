import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { focusRing } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';

const SECTIONS = [
  { id: 'profile', href: paths.settings.profile.getHref(), end: true },
  { id: 'language', href: paths.settings.language.getHref(), end: false },
  { id: 'notifications', href: paths.settings.notifications.getHref(), end: false },
  { id: 'users', href: paths.settings.users.getHref(), end: false },
  { id: 'company', href: paths.settings.company.getHref(), end: false },
  { id: 'registrations', href: paths.settings.registrations.getHref(), end: false },
  { id: 'subscription', href: paths.settings.subscription.getHref(), end: false },
] as const;

/**
 * The settings sections: a vertical list beside the content on wide screens, a wrapping row of links above it on
 * phones. NavLink marks the current section with aria-current="page".
 */
export function SettingsNav() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('settings.nav.label')} className="lg:w-56 lg:shrink-0">
      <ul className="flex flex-wrap gap-1 lg:flex-col">
        {SECTIONS.map((section) => (
          <li key={section.id}>
            <NavLink
              to={section.href}
              end={section.end}
              className={({ isActive }) =>
                cn(
                  'block rounded-md px-3 py-2 text-sm font-medium',
                  isActive ? 'bg-primary-strong text-on-primary' : 'text-fg hover:bg-gray-100',
                  focusRing,
                )
              }
            >
              {t(`settings.sections.${section.id}.title`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
