import {
  adminAuditPageSchema,
  adminAuditQuerySchema,
  adminClientErrorPageSchema,
  adminCompanyPageSchema,
  adminCompanyQuerySchema,
  adminFilingPageSchema,
  adminFilingsDueQuerySchema,
  adminOverviewSchema,
  adminPageQuerySchema,
  adminTenantListSchema,
  adminUploadPageSchema,
  adminUploadQuerySchema,
  adminUserPageSchema,
  adminUserQuerySchema,
  adminUserRoleRequestSchema,
  adminUserSchema,
  adminUserStatusRequestSchema,
  apiErrorSchema,
  apiPaths,
} from '@vatlas/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth';
import { toPath } from '../../plugins/errors';
import { guard } from '../../plugins/route-guard';
import {
  type AdminDeps,
  changeUserRole,
  changeUserStatus,
  findAuditEvents,
  findClientErrors,
  findCompanies,
  findFilingsDue,
  findTenants,
  findUploads,
  findUsers,
  readOverview,
} from './service';

export const ADMIN_ROUTE_PATTERNS = {
  overview: apiPaths.adminOverview,
  tenants: apiPaths.adminTenants,
  companies: toPath(apiPaths.adminCompanies()),
  users: toPath(apiPaths.adminUsers()),
  userRole: '/api/v1/Admin/Users/:userId/Role',
  userStatus: '/api/v1/Admin/Users/:userId/Status',
  uploads: toPath(apiPaths.adminUploads()),
  filingsDue: toPath(apiPaths.adminFilingsDue()),
  clientErrors: toPath(apiPaths.adminClientErrors()),
  auditEvents: toPath(apiPaths.adminAuditEvents()),
} as const;

const userParams = z.object({ userId: z.string().describe('The user id (uuid)') });
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const tags = ['Admin'];

/** The admin area's API: every route is for administrators only (guard 'admin': 401 anonymous, 403 others). */
export function registerAdminRoutes(app: FastifyInstance, deps: AdminDeps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const config = guard('admin');

  typed.get(
    ADMIN_ROUTE_PATTERNS.overview,
    {
      config,
      schema: {
        tags,
        summary: 'Counts and the most urgent items: failed uploads, overdue filings, recent client errors',
        response: { 200: adminOverviewSchema, ...errors },
      },
    },
    async () => readOverview(deps),
  );

  typed.get(
    ADMIN_ROUTE_PATTERNS.tenants,
    {
      config,
      schema: {
        tags,
        summary: 'Every tenant with its theme and how many companies and users it has',
        response: { 200: adminTenantListSchema, ...errors },
      },
    },
    async () => findTenants(deps.db),
  );

  typed.get(
    ADMIN_ROUTE_PATTERNS.companies,
    {
      config,
      schema: {
        tags,
        summary: 'Companies of every tenant by name or VAT number, with onboarding state and subscriptions',
        querystring: adminCompanyQuerySchema,
        response: { 200: adminCompanyPageSchema, ...errors },
      },
    },
    async (request) => findCompanies(deps.db, request.query),
  );

  typed.get(
    ADMIN_ROUTE_PATTERNS.users,
    {
      config,
      schema: {
        tags,
        summary: 'Users by e-mail address or name, with their administrator and disabled flags',
        querystring: adminUserQuerySchema,
        response: { 200: adminUserPageSchema, ...errors },
      },
    },
    async (request) => findUsers(deps.db, request.query),
  );

  typed.post(
    ADMIN_ROUTE_PATTERNS.userRole,
    {
      config,
      schema: {
        tags,
        summary: 'Make a user an administrator, or remove the role',
        description: 'An administrator cannot remove their own role (409 cannot_remove_own_admin). Audited.',
        params: userParams,
        body: adminUserRoleRequestSchema,
        response: { 200: adminUserSchema, 404: apiErrorSchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (request) => changeUserRole(deps.db, requireAuth(request).user, request.params.userId, request.body.isAdmin),
  );

  typed.post(
    ADMIN_ROUTE_PATTERNS.userStatus,
    {
      config,
      schema: {
        tags,
        summary: 'Disable a user (every token of theirs stops working at once) or enable them again',
        description: 'An administrator cannot disable themself (409 cannot_disable_self). Audited.',
        params: userParams,
        body: adminUserStatusRequestSchema,
        response: { 200: adminUserSchema, 404: apiErrorSchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (request) =>
      changeUserStatus(deps.db, requireAuth(request).user, request.params.userId, request.body.isDisabled),
  );

  typed.get(
    ADMIN_ROUTE_PATTERNS.uploads,
    {
      config,
      schema: {
        tags,
        summary: 'Recent transaction uploads of every company, newest first, and the state of the job queue',
        querystring: adminUploadQuerySchema,
        response: { 200: adminUploadPageSchema, ...errors },
      },
    },
    async (request) => findUploads(deps, request.query),
  );

  typed.get(
    ADMIN_ROUTE_PATTERNS.filingsDue,
    {
      config,
      schema: {
        tags,
        summary: 'Open filings of every company due within N days or overdue, earliest due date first',
        querystring: adminFilingsDueQuerySchema,
        response: { 200: adminFilingPageSchema, ...errors },
      },
    },
    async (request) => findFilingsDue(deps.db, request.query),
  );

  typed.get(
    ADMIN_ROUTE_PATTERNS.clientErrors,
    {
      config,
      schema: {
        tags,
        summary: 'Errors browsers reported through /api/log-error, newest first',
        querystring: adminPageQuerySchema,
        response: { 200: adminClientErrorPageSchema, ...errors },
      },
    },
    async (request) => findClientErrors(deps.db, request.query),
  );

  typed.get(
    ADMIN_ROUTE_PATTERNS.auditEvents,
    {
      config,
      schema: {
        tags,
        summary: 'The audit log of security-relevant actions, newest first, by action, company or actor',
        querystring: adminAuditQuerySchema,
        response: { 200: adminAuditPageSchema, ...errors },
      },
    },
    async (request) => findAuditEvents(deps.db, request.query),
  );
}
