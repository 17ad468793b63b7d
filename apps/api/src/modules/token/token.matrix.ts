import { apiPaths } from '@vatlas/contract';
import { expectCompanyScoped, expectGuarded, type MatrixEntry, withToken } from '../../test/authorization-matrix';
import { bearer } from '../user/account-test-kit';

/** The token routes: the exchange of the provider's access token, and the switch of company or tenant. */
export const matrixEntries: MatrixEntry[] = [
  {
    // Public: the caller proves itself with the provider's access token, which signed-in callers send here.
    route: `POST ${apiPaths.tokenExchange}`,
    scope: 'public',
    build: async (context) => {
      if (context.caller === 'anonymous') return { method: 'POST', url: apiPaths.tokenExchange };
      const accessToken = await context.provider.signAccessToken({
        sub: context.person.subject,
        email: context.person.email,
      });
      return { method: 'POST', url: apiPaths.tokenExchange, headers: bearer(accessToken) };
    },
    expected: { anonymous: 401, outsider: 200, member: 200 },
  },
  {
    route: `GET ${apiPaths.changeCompany()}`,
    scope: 'company',
    build: (context) => withToken(context, { method: 'GET', url: apiPaths.changeCompany(context.companyId) }),
    expected: expectCompanyScoped(200),
  },
  {
    route: 'GET /api/v1/Token/ChangeTenant',
    scope: 'self',
    build: (context) => withToken(context, { method: 'GET', url: apiPaths.changeTenant(context.homeTenantId) }),
    expected: expectGuarded(200),
  },
];
