import { adminTenantThemeSchema, apiErrorSchema, tenantThemeInputSchema, tenantThemeSchema } from '@vatlas/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { requireAuth } from '../../plugins/auth';
import { guard } from '../../plugins/route-guard';
import {
  getAdminTenantTheme,
  getPublicTenantTheme,
  getTenantThemeForUser,
  resetTenantTheme,
  saveTenantTheme,
} from './theme-service';

export const TENANT_ROUTE_PATTERNS = {
  publicTheme: '/api/v1/Tenant/Theme',
  theme: '/api/v1/Tenant/:tenantId/Theme',
  adminTheme: '/api/v1/Admin/Tenants/:tenantId/Theme',
} as const;

const tenantParams = z.object({ tenantId: z.string().describe('The tenant id') });

export function registerTenantRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    TENANT_ROUTE_PATTERNS.publicTheme,
    {
      config: guard('public'),
      schema: {
        tags: ['Tenant'],
        summary: "A tenant's theme by its slug, for its sign-in page (/login?tenant=<slug>)",
        description: 'Public: the colours, fonts, name, logo and links a white-label tenant shows to everyone.',
        querystring: z.object({ slug: z.string().min(1).max(100).describe("The tenant's slug, e.g. nordic-tax") }),
        response: { 200: tenantThemeSchema, 404: apiErrorSchema },
      },
    },
    async (request) => getPublicTenantTheme(deps.db, request.query.slug),
  );

  typed.get(
    TENANT_ROUTE_PATTERNS.theme,
    {
      config: guard('authenticated'),
      schema: {
        tags: ['Tenant'],
        summary: 'The resolved theme of a tenant the user may work in (the selected tenant of Me)',
        params: tenantParams,
        response: { 200: tenantThemeSchema, 403: apiErrorSchema },
      },
    },
    async (request) => getTenantThemeForUser(deps.db, requireAuth(request).user, request.params.tenantId),
  );

  typed.get(
    TENANT_ROUTE_PATTERNS.adminTheme,
    {
      config: guard('admin'),
      schema: {
        tags: ['White label'],
        summary: "A tenant's base theme, overrides, branding, resolved theme and WCAG AA contrast check",
        params: tenantParams,
        response: { 200: adminTenantThemeSchema, 404: apiErrorSchema },
      },
    },
    async (request) => getAdminTenantTheme(deps.db, request.params.tenantId),
  );

  typed.put(
    TENANT_ROUTE_PATTERNS.adminTheme,
    {
      config: guard('admin'),
      schema: {
        tags: ['White label'],
        summary: "Save a tenant's theme: base theme, colour and typography overrides, branding",
        description:
          'Colours are #rrggbb (the overlay rgba()), links http(s) URLs or paths starting with /, the logo an https ' +
          'URL or a path. A theme with any text/background pair below WCAG AA (4.5:1) is refused with 400 ' +
          '`theme_contrast_insufficient`, every failing pair in `details`. 409 edit_conflict when the tenant was ' +
          'written after the revision sent. Recorded as tenant_branding_changed.',
        params: tenantParams,
        body: tenantThemeInputSchema,
        response: { 200: adminTenantThemeSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => saveTenantTheme(deps.db, requireAuth(request).user, request.params.tenantId, request.body),
  );

  typed.delete(
    TENANT_ROUTE_PATTERNS.adminTheme,
    {
      config: guard('admin'),
      schema: {
        tags: ['White label'],
        summary: "Reset a tenant's theme to its base theme (no overrides, no branding of its own)",
        params: tenantParams,
        response: { 200: adminTenantThemeSchema, 404: apiErrorSchema },
      },
    },
    async (request) => resetTenantTheme(deps.db, requireAuth(request).user, request.params.tenantId),
  );
}
