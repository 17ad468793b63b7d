import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { StatusScreen } from '../../components/ui/status-screen';
import { useAuthStore } from '../../lib/auth/auth-store';

/** Spec §2/§6: isAdmin gates the admin area; everyone else gets Access Denied. */
export function AdminGuard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useAuthStore((state) => state.user);

  if (!user) return <Spinner label={t('admin.checkingPermissions')} />;
  if (!user.isAdmin) {
    return (
      <StatusScreen
        title={t('admin.accessDeniedTitle')}
        text={t('admin.accessDeniedText')}
        isFullPage={false}
        action={
          <Button variant="secondary" onClick={() => navigate(-1)}>
            {t('admin.goBack')}
          </Button>
        }
      />
    );
  }
  return <Outlet />;
}
