import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  apiPaths,
  type NotificationChannel,
  type NotificationSetting,
  type NotificationType,
  notificationSettingsSchema,
} from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import type { HttpClient } from '../../../lib/http/http-client';
import { notificationSettingsQueryKey } from './get-notification-settings';

export type NotificationToggle = { type: NotificationType; channel: NotificationChannel; enabled: boolean };

/** POST /api/v1/User/UpdateNotificationSettings/{type}/{channel}: one setting on or off; answers the whole list. */
export function updateNotificationSetting(
  http: HttpClient,
  toggle: NotificationToggle,
): Promise<NotificationSetting[]> {
  return http.request(apiPaths.updateNotificationSettings(toggle.type, toggle.channel), {
    method: 'POST',
    body: { enabled: toggle.enabled },
    schema: notificationSettingsSchema,
  });
}

/** Each toggle is saved on its own; the answer (the whole list) replaces the cached settings. */
export function useUpdateNotificationSetting() {
  const { http } = useAuthServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (toggle: NotificationToggle) => updateNotificationSetting(http, toggle),
    onSuccess: (settings) => queryClient.setQueryData(notificationSettingsQueryKey, settings),
  });
}
