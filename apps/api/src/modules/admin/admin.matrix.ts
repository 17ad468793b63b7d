import { apiPaths } from '@vatlas/contract';
import { expectAdminOnly, type MatrixEntry, type RequestContext, withToken } from '../../test/authorization-matrix';
import { createPerson } from '../user/account-test-kit';
import { ADMIN_ROUTE_PATTERNS } from './routes';

/** A throw-away user for the calls that change someone: never one of the matrix's own callers. */
async function createTarget(context: RequestContext): Promise<string> {
  const person = await createPerson(context.db, {
    tenantId: context.homeTenantId,
    label: 'matrix-admin-target',
    issuer: 'http://matrix.test',
  });
  return person.id;
}

const get = (route: string, url: string): MatrixEntry => ({
  route: `GET ${route}`,
  scope: 'admin',
  build: (context) => withToken(context, { method: 'GET', url }),
  expected: expectAdminOnly(200),
});

export const matrixEntries: MatrixEntry[] = [
  get(ADMIN_ROUTE_PATTERNS.overview, apiPaths.adminOverview),
  get(ADMIN_ROUTE_PATTERNS.tenants, apiPaths.adminTenants),
  get(ADMIN_ROUTE_PATTERNS.companies, apiPaths.adminCompanies({ search: 'Matrix' })),
  get(ADMIN_ROUTE_PATTERNS.users, apiPaths.adminUsers({ search: 'matrix' })),
  get(ADMIN_ROUTE_PATTERNS.uploads, apiPaths.adminUploads({ status: 'failed' })),
  get(ADMIN_ROUTE_PATTERNS.filingsDue, apiPaths.adminFilingsDue({ withinDays: 30 })),
  get(ADMIN_ROUTE_PATTERNS.clientErrors, apiPaths.adminClientErrors()),
  get(ADMIN_ROUTE_PATTERNS.auditEvents, apiPaths.adminAuditEvents({ action: 'sign_in' })),
  {
    route: `POST ${ADMIN_ROUTE_PATTERNS.userRole}`,
    scope: 'admin',
    build: async (context) =>
      withToken(context, {
        method: 'POST',
        url: apiPaths.adminUserRole(await createTarget(context)),
        payload: { isAdmin: true },
      }),
    expected: expectAdminOnly(200),
  },
  {
    route: `POST ${ADMIN_ROUTE_PATTERNS.userStatus}`,
    scope: 'admin',
    build: async (context) =>
      withToken(context, {
        method: 'POST',
        url: apiPaths.adminUserStatus(await createTarget(context)),
        payload: { isDisabled: true },
      }),
    expected: expectAdminOnly(200),
  },
];
