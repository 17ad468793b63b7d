import { apiPaths } from '@vatlas/contract';
import { expectGuarded, expectPublic, type MatrixEntry, withToken } from '../../test/authorization-matrix';
import { TEST_INTERNAL_SECRET } from '../../test/test-app';
import { getCalendarFeed } from './feed-service';

export const matrixEntries: MatrixEntry[] = [
  {
    route: 'GET /api/v1/Calendar/Feed',
    scope: 'self',
    build: (context) => withToken(context, { method: 'GET', url: apiPaths.calendarFeed }),
    expected: expectGuarded(200),
  },
  {
    route: 'POST /api/v1/Calendar/Feed/Rotate',
    scope: 'self',
    build: (context) => withToken(context, { method: 'POST', url: apiPaths.rotateCalendarFeed }),
    expected: expectGuarded(200),
  },
  {
    // Public: the secret in the path is the credential, whoever (signed in or not) brings it.
    route: 'GET /api/v1/Calendar/Feed/:secret.ics',
    scope: 'public',
    build: async (context) => {
      const feed = await getCalendarFeed(
        { db: context.db, publicUrl: 'http://matrix.test', serverSecret: TEST_INTERNAL_SECRET },
        context.person.id,
      );
      return withToken(context, { method: 'GET', url: new URL(feed.url).pathname });
    },
    expected: expectPublic(200),
  },
];
