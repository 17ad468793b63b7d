import { apiPaths } from '@vatlas/contract';
import { expectPublic, type MatrixEntry, withToken } from '../../test/authorization-matrix';

/** The SPA's error reports: public, since an error may come before or after sign-in. */
export const matrixEntries: MatrixEntry[] = [
  {
    route: `POST ${apiPaths.logError}`,
    scope: 'public',
    build: (context) =>
      withToken(context, { method: 'POST', url: apiPaths.logError, payload: { message: 'authorization matrix' } }),
    expected: expectPublic(202),
  },
];
