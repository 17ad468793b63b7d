import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type CalendarFeed, calendarFeedSchema } from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import type { HttpClient } from '../../../lib/http/http-client';

export type { CalendarFeed };

export const calendarFeedQueryKey = ['calendar-feed'] as const;

export function getCalendarFeed(http: HttpClient): Promise<CalendarFeed> {
  return http.request(apiPaths.calendarFeed, { schema: calendarFeedSchema });
}

export function getCalendarFeedQueryOptions(http: HttpClient) {
  return queryOptions({ queryKey: calendarFeedQueryKey, queryFn: () => getCalendarFeed(http) });
}

/** The signed-in user's secret feed URL (the API creates it on the first call); only fetched when `enabled`. */
export function useCalendarFeed(enabled: boolean) {
  const { http } = useAuthServices();
  return useQuery({ ...getCalendarFeedQueryOptions(http), enabled });
}
