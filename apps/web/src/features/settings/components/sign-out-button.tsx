import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useAuthServices } from '../../../lib/auth/auth-services';

/**
 * Signs out the way the user menu does (`AuthServices.signOut`: LogOut, which revokes every session token, then the
 * provider's sign-out, which lands on /login).
 */
export function SignOutButton() {
  const { t } = useTranslation();
  const { signOut } = useAuthServices();
  const [isSigningOut, setIsSigningOut] = useState(false);
  return (
    <Button
      variant="secondary"
      disabled={isSigningOut}
      aria-busy={isSigningOut}
      onClick={() => {
        setIsSigningOut(true);
        void signOut().finally(() => setIsSigningOut(false));
      }}
    >
      {isSigningOut ? t('settings.signOut.busy') : t('settings.signOut.label')}
    </Button>
  );
}
