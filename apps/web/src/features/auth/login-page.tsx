import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useAuthServices } from '../../lib/auth/auth-services';
import { useAuthStore } from '../../lib/auth/auth-store';
import { useTheme } from '../../theme/use-theme';

/** Spec §2 /login: one card, one button that starts the redirect to the identity provider. */
export function LoginPage() {
  const { t } = useTranslation();
  const { theme } = useTheme();
  const { signIn } = useAuthServices();
  const error = useAuthStore((state) => state.error);
  const [isRedirecting, setIsRedirecting] = useState(false);

  const startSignIn = async () => {
    setIsRedirecting(true);
    try {
      await signIn();
    } catch (failure) {
      // Spec §8: a login failure is only logged; the button becomes usable again.
      console.error('Sign-in redirect failed:', failure instanceof Error ? failure.message : 'unknown error');
      setIsRedirecting(false);
    }
  };

  return (
    <main className="flex min-h-screen items-center justify-center bg-body p-4">
      <Card className="w-full max-w-md">
        <h1 className="text-center text-2xl font-semibold text-fg">{t('login.title')}</h1>
        <p className="mt-3 text-center text-fg-secondary">
          {t('login.subtitle', { company: theme.branding.companyName })}
        </p>
        {error ? (
          <p role="alert" className="mt-4 rounded-md bg-light p-3 text-center text-sm text-danger">
            {t(error.key, error.values)}
          </p>
        ) : null}
        <Button className="mt-6 w-full" onClick={startSignIn} disabled={isRedirecting} aria-busy={isRedirecting}>
          {isRedirecting ? t('loading.redirectingToSignIn') : t('login.signIn')}
        </Button>
      </Card>
    </main>
  );
}
