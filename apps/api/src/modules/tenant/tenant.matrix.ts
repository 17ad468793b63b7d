import { apiPaths, type TenantThemeInput } from '@vatlas/contract';
import {
  expectAdminOnly,
  expectGuarded,
  expectPublic,
  type MatrixEntry,
  withToken,
} from '../../test/authorization-matrix';
import { DEFAULT_TENANT_SLUG } from '../user/repository';

const themeInput: TenantThemeInput = {
  baseThemeId: 'default',
  colors: { primary: '#0f766e' },
  typography: {},
  branding: {
    companyName: 'Matrix Partners',
    supportUrl: '/support',
    termsUrl: '/terms',
    privacyUrl: '/privacy',
    websiteUrl: 'https://matrix.example',
  },
};

export const matrixEntries: MatrixEntry[] = [
  {
    // Public: the sign-in page of a white-label tenant shows its look before anyone signs in.
    route: 'GET /api/v1/Tenant/Theme',
    scope: 'public',
    build: (context) => withToken(context, { method: 'GET', url: apiPaths.publicTenantTheme(DEFAULT_TENANT_SLUG) }),
    expected: expectPublic(200),
  },
  {
    // Member and outsider both live in the home tenant; a tenant the caller is not in answers 403 (integration test).
    route: 'GET /api/v1/Tenant/:tenantId/Theme',
    scope: 'self',
    build: (context) => withToken(context, { method: 'GET', url: apiPaths.tenantTheme(context.homeTenantId) }),
    expected: expectGuarded(200),
  },
  {
    route: 'GET /api/v1/Admin/Tenants/:tenantId/Theme',
    scope: 'admin',
    build: (context) => withToken(context, { method: 'GET', url: apiPaths.adminTenantTheme(context.homeTenantId) }),
    expected: expectAdminOnly(200),
  },
  {
    route: 'PUT /api/v1/Admin/Tenants/:tenantId/Theme',
    scope: 'admin',
    build: (context) =>
      withToken(context, { method: 'PUT', url: apiPaths.adminTenantTheme(context.homeTenantId), payload: themeInput }),
    expected: expectAdminOnly(200),
  },
  {
    route: 'DELETE /api/v1/Admin/Tenants/:tenantId/Theme',
    scope: 'admin',
    build: (context) => withToken(context, { method: 'DELETE', url: apiPaths.adminTenantTheme(context.homeTenantId) }),
    expected: expectAdminOnly(200),
  },
];
