import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type TenantTheme, tenantThemeSchema } from '@vatlas/contract';
import { useAuthServices } from '../../lib/auth/auth-services';
import type { HttpClient } from '../../lib/http/http-client';

export type { TenantTheme };

/** Every tenant-theme query starts with this key, so the white-label editor can refresh them after a save. */
export const tenantThemeQueryKeyRoot = ['tenant-theme'] as const;

export function getTenantTheme(http: HttpClient, tenantId: string): Promise<TenantTheme> {
  return http.request(apiPaths.tenantTheme(tenantId), { schema: tenantThemeSchema });
}

export function getPublicTenantTheme(http: HttpClient, slug: string): Promise<TenantTheme> {
  return http.request(apiPaths.publicTenantTheme(slug), { schema: tenantThemeSchema, isProtected: false });
}

export function tenantThemeQueryOptions(http: HttpClient, tenantId: string) {
  return queryOptions({
    queryKey: [...tenantThemeQueryKeyRoot, 'id', tenantId],
    queryFn: () => getTenantTheme(http, tenantId),
    staleTime: 5 * 60_000,
  });
}

export function publicTenantThemeQueryOptions(http: HttpClient, slug: string) {
  return queryOptions({
    queryKey: [...tenantThemeQueryKeyRoot, 'slug', slug],
    queryFn: () => getPublicTenantTheme(http, slug),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/**
 * The theme of the signed-in user's selected tenant, or — before sign-in — of `/login?tenant=<slug>`.
 * Null while neither applies.
 */
export function useTenantTheme(input: { tenantId: string | null; slug: string | null }) {
  const { http } = useAuthServices();
  const byId = useQuery({ ...tenantThemeQueryOptions(http, input.tenantId ?? ''), enabled: input.tenantId !== null });
  const bySlug = useQuery({
    ...publicTenantThemeQueryOptions(http, input.slug ?? ''),
    enabled: input.tenantId === null && input.slug !== null,
  });
  if (input.tenantId !== null) return byId.data ?? null;
  return input.slug !== null ? (bySlug.data ?? null) : null;
}
