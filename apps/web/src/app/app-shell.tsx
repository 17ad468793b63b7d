import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { Button } from '../components/ui/button';
import { paths } from '../config/paths';
import { useAuthServices } from '../lib/auth/auth-services';
import { useAuthStore } from '../lib/auth/auth-store';
import { useTheme } from '../theme/use-theme';
import { AccountSwitchers } from './account-switchers';

/** The frame of every signed-in page: brand, tenant and company switchers, the user, sign-out. */
export function AppShell() {
  const { t } = useTranslation();
  const { theme } = useTheme();
  const { signOut } = useAuthServices();
  const email = useAuthStore((state) => state.user?.email);
  const notice = useAuthStore((state) => state.notice);
  const setNotice = useAuthStore((state) => state.setNotice);

  return (
    <div className="flex min-h-screen flex-col bg-body">
      <header className="flex items-center justify-between gap-4 border-b border-gray-200 bg-sidebar px-6 py-3">
        <Link
          to={paths.dashboard.getHref()}
          className="rounded text-lg font-bold text-fg focus-visible:outline-3 focus-visible:outline-primary"
        >
          {theme.branding.companyName}
        </Link>
        <div className="flex flex-wrap items-center justify-end gap-4">
          <AccountSwitchers />
          {email ? (
            <span className="text-sm text-fg-secondary" title={t('shell.signedInAs', { email })}>
              {email}
            </span>
          ) : null}
          <Button variant="secondary" onClick={() => void signOut()}>
            {t('shell.signOut')}
          </Button>
        </div>
      </header>
      {notice ? (
        <div role="alert" className="flex items-center justify-between gap-4 bg-light px-6 py-3 text-sm text-danger">
          <span>{t(notice.key, notice.values)}</span>
          <Button variant="secondary" onClick={() => setNotice(null)}>
            {t('shell.dismiss')}
          </Button>
        </div>
      ) : null}
      <main className="flex-1">
        <Outlet />
      </main>
    </div>
  );
}
