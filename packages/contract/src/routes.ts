/**
 * Route descriptors: the single list of API paths. The API registers from it and declares each
 * route's guard; the SPA builds its URLs from it. Paths of spec §7 are exact.
 */
export type RouteGuard = 'public' | 'authenticated' | 'company';

export const apiPaths = {
  health: '/api/health',
  clientConfig: '/config.json',
  tokenExchange: '/api/v1/Token/Exchange',
  userMe: '/api/v1/User/Me',
  companyDetails: (companyId: string) => `/api/v1/Company/${encodeURIComponent(companyId)}`,
} as const;
