import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { useAuthStore } from '../lib/auth/auth-store';
import { applyUserLanguage, useI18nInstance } from '../lib/i18n/i18n';
import { TenantThemeSync } from '../theme/tenant-theme-sync';
import { ThemeSync } from '../theme/use-theme';

/** Once the user is loaded their language (from the API) wins over the browser's. */
function UserLanguageSync() {
  const instance = useI18nInstance();
  const language = useAuthStore((state) => state.user?.language);
  useEffect(() => {
    void applyUserLanguage(instance, language);
  }, [instance, language]);
  return null;
}

export function RootLayout() {
  return (
    <>
      <ThemeSync />
      <TenantThemeSync />
      <UserLanguageSync />
      <Outlet />
    </>
  );
}
