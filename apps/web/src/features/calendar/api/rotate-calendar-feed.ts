import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type CalendarFeed, calendarFeedSchema } from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import type { HttpClient } from '../../../lib/http/http-client';
import { calendarFeedQueryKey } from './get-calendar-feed';

export function rotateCalendarFeed(http: HttpClient): Promise<CalendarFeed> {
  return http.request(apiPaths.rotateCalendarFeed, { method: 'POST', schema: calendarFeedSchema });
}

/** A new secret URL; the old one stops working, so the new one replaces it in the cache at once. */
export function useRotateCalendarFeed() {
  const { http } = useAuthServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => rotateCalendarFeed(http),
    onSuccess: (feed) => queryClient.setQueryData(calendarFeedQueryKey, feed),
  });
}
