import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type NotificationSetting, notificationSettingsSchema } from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import type { HttpClient } from '../../../lib/http/http-client';

export type { NotificationSetting };

export const notificationSettingsQueryKey = ['settings', 'notifications'] as const;

/** GET /api/v1/User/NotificationSettings: every type × channel, defaults included. */
export function getNotificationSettings(http: HttpClient): Promise<NotificationSetting[]> {
  return http.request(apiPaths.notificationSettings, { schema: notificationSettingsSchema });
}

export function getNotificationSettingsQueryOptions(http: HttpClient) {
  return queryOptions({ queryKey: notificationSettingsQueryKey, queryFn: () => getNotificationSettings(http) });
}

export function useNotificationSettings() {
  const { http } = useAuthServices();
  return useQuery(getNotificationSettingsQueryOptions(http));
}
