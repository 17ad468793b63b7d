import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useAuthStore } from '../lib/auth/auth-store';
import { useTenantTheme } from './api/get-tenant-theme';
import { useThemeStore } from './use-theme';

export const TENANT_QUERY_PARAM = 'tenant';

/**
 * Puts the selected tenant's theme (white label) into the theme store: after a tenant switch the Me answer names
 * another tenant and its theme replaces the old one. Signed out, `?tenant=<slug>` shows that tenant's sign-in page.
 * The previous tenant's look stays while the next one loads, so the screen never flashes the default.
 */
export function TenantThemeSync(): null {
  const { search } = useLocation();
  const isSignedIn = useAuthStore((state) => state.user !== null);
  const tenantId = useAuthStore((state) => state.user?.selectedTenantId ?? null);
  const slug = new URLSearchParams(search).get(TENANT_QUERY_PARAM);
  const tenantTheme = useTenantTheme({ tenantId, slug: slug || null });
  const setTenantTheme = useThemeStore((state) => state.setTenantTheme);

  useEffect(() => {
    if (tenantTheme) setTenantTheme(tenantTheme.theme);
    else if (!isSignedIn && !slug) setTenantTheme(null);
  }, [tenantTheme, isSignedIn, slug, setTenantTheme]);

  return null;
}
