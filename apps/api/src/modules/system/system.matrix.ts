import { apiPaths } from '@vatlas/contract';
import { expectPublic, type MatrixEntry, withToken } from '../../test/authorization-matrix';

/** The app's own public routes: health, the SPA's configuration and the API documentation (registered in app.ts). */
export const matrixEntries: MatrixEntry[] = [
  {
    route: `GET ${apiPaths.health}`,
    scope: 'public',
    build: (context) => withToken(context, { method: 'GET', url: apiPaths.health }),
    expected: expectPublic(200),
  },
  {
    route: `GET ${apiPaths.clientConfig}`,
    scope: 'public',
    build: (context) => withToken(context, { method: 'GET', url: apiPaths.clientConfig }),
    expected: expectPublic(200),
  },
  {
    route: `GET ${apiPaths.docs}`,
    scope: 'public',
    build: (context) => withToken(context, { method: 'GET', url: apiPaths.docs }),
    expected: expectPublic(200),
  },
  {
    route: `GET ${apiPaths.docs}/json`,
    scope: 'public',
    build: (context) => withToken(context, { method: 'GET', url: `${apiPaths.docs}/json` }),
    expected: expectPublic(200),
  },
];
