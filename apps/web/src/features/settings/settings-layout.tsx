import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { PageHeader, WorkspacePage } from '../../components/ui/page-header';
import { SettingsNav } from './components/settings-nav';
import { SignOutButton } from './components/sign-out-button';

/**
 * The settings area: the page title, sign-out, the section navigation and the current section (`<Outlet/>`), so the
 * router can nest any settings page — this feature's sections and others', e.g. the subscription — under it.
 */
export function SettingsLayout({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <WorkspacePage>
      <PageHeader title={t(titleKey)} description={t('settings.description')} actions={<SignOutButton />} />
      <div className="flex flex-col gap-6 lg:flex-row lg:items-start">
        <SettingsNav />
        <div className="min-w-0 flex-1">
          <Outlet />
        </div>
      </div>
    </WorkspacePage>
  );
}
