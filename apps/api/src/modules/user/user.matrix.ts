import { apiPaths } from '@vatlas/contract';
import { expectCompanyScoped, expectGuarded, type MatrixEntry, withToken } from '../../test/authorization-matrix';

/** The user's own routes (spec §5): profile, language, notifications, the company's users, sign-out. */
export const matrixEntries: MatrixEntry[] = [
  {
    route: `GET ${apiPaths.userMe}`,
    scope: 'self',
    build: (context) => withToken(context, { method: 'GET', url: apiPaths.userMe }),
    expected: expectGuarded(200),
  },
  {
    route: `GET ${apiPaths.userDiagnostic}`,
    scope: 'self',
    build: (context) => withToken(context, { method: 'GET', url: apiPaths.userDiagnostic }),
    expected: expectGuarded(200),
  },
  {
    route: 'GET /api/v1/User/ListCompanyUsers',
    scope: 'company',
    build: (context) => withToken(context, { method: 'GET', url: apiPaths.listCompanyUsers(context.companyId) }),
    expected: expectCompanyScoped(200),
  },
  {
    route: 'PATCH /api/v1/User/:id',
    scope: 'self',
    build: (context) =>
      withToken(context, {
        method: 'PATCH',
        url: apiPaths.updateUser(context.person.id),
        payload: { lastName: 'Matrix' },
      }),
    expected: expectGuarded(200),
  },
  {
    route: `GET ${apiPaths.notificationSettings}`,
    scope: 'self',
    build: (context) => withToken(context, { method: 'GET', url: apiPaths.notificationSettings }),
    expected: expectGuarded(200),
  },
  {
    route: 'POST /api/v1/User/UpdateNotificationSettings/:notificationType/:channel',
    scope: 'self',
    build: (context) =>
      withToken(context, {
        method: 'POST',
        url: apiPaths.updateNotificationSettings('weekly-summary', 'email'),
        payload: { enabled: true },
      }),
    expected: expectGuarded(200),
  },
  {
    route: `POST ${apiPaths.checkEmailAddress}`,
    scope: 'self',
    build: (context) =>
      withToken(context, {
        method: 'POST',
        url: apiPaths.checkEmailAddress,
        // A registered address (the caller's own): the check succeeds only for an address a Vatlas user has.
        payload: { email: context.person.email },
      }),
    expected: expectGuarded(200),
  },
  {
    route: `GET ${apiPaths.logOut}`,
    scope: 'self',
    build: (context) => withToken(context, { method: 'GET', url: apiPaths.logOut }),
    expected: expectGuarded(204),
  },
  {
    route: 'POST /api/v1/User/ChangeLanguage/:language',
    scope: 'self',
    build: (context) => withToken(context, { method: 'POST', url: apiPaths.changeLanguage('de') }),
    expected: expectGuarded(200),
  },
  {
    route: `POST ${apiPaths.removeUserFromCompany}`,
    scope: 'company',
    build: async (context) => {
      const disposable = await context.addDisposableMember();
      return withToken(context, {
        method: 'POST',
        url: apiPaths.removeUserFromCompany,
        payload: { email: disposable.email, companyId: context.companyId },
      });
    },
    expected: expectCompanyScoped(204),
  },
];
