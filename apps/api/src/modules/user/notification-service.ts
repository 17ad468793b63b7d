import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_TYPES,
  type NotificationChannel,
  type NotificationSetting,
  type NotificationType,
  type UpdateNotificationSettingRequest,
} from '@vatlas/contract';
import type { Db } from '../../db/client';
import { HttpError } from '../../plugins/errors';
import { listNotificationSettingRows, upsertNotificationSetting } from './notification-repository';

export const DEFAULT_DEADLINE_REMINDER_DAYS = 7;

/** What a user gets until they change a setting (a missing row means the default). */
export const DEFAULT_NOTIFICATION_SETTINGS: Readonly<
  Record<NotificationType, Readonly<Record<NotificationChannel, boolean>>>
> = {
  'deadline-reminders': { email: true, 'in-app': true },
  'upload-results': { email: true, 'in-app': true },
  'weekly-summary': { email: false, 'in-app': false },
};

function hasLeadTime(type: NotificationType): boolean {
  return type === 'deadline-reminders';
}

function buildDefaultSetting(type: NotificationType, channel: NotificationChannel): NotificationSetting {
  return {
    type,
    channel,
    enabled: DEFAULT_NOTIFICATION_SETTINGS[type][channel],
    daysBefore: hasLeadTime(type) ? DEFAULT_DEADLINE_REMINDER_DAYS : null,
  };
}

/** Every type × channel in a fixed order, stored choices over defaults. */
export async function listNotificationSettings(db: Db, userId: string): Promise<NotificationSetting[]> {
  const rows = await listNotificationSettingRows(db, userId);
  return NOTIFICATION_TYPES.flatMap((type) =>
    NOTIFICATION_CHANNELS.map((channel) => {
      const fallback = buildDefaultSetting(type, channel);
      const row = rows.find((candidate) => candidate.type === type && candidate.channel === channel);
      if (!row) return fallback;
      return { type, channel, enabled: row.enabled, daysBefore: hasLeadTime(type) ? row.daysBefore : null };
    }),
  );
}

export async function updateNotificationSetting(
  db: Db,
  userId: string,
  target: { type: NotificationType; channel: NotificationChannel },
  request: UpdateNotificationSettingRequest,
): Promise<NotificationSetting[]> {
  if (request.daysBefore !== undefined && !hasLeadTime(target.type)) {
    throw new HttpError(400, 'validation_error', 'The request is invalid.', [
      { field: 'daysBefore', message: `only deadline-reminders have daysBefore, not ${target.type}` },
    ]);
  }
  const current = (await listNotificationSettings(db, userId)).find(
    (setting) => setting.type === target.type && setting.channel === target.channel,
  );
  // Leaving daysBefore out keeps the lead time the user chose before.
  const daysBefore = hasLeadTime(target.type)
    ? (request.daysBefore ?? current?.daysBefore ?? DEFAULT_DEADLINE_REMINDER_DAYS)
    : null;
  await upsertNotificationSetting(db, { userId, ...target, enabled: request.enabled, daysBefore });
  return listNotificationSettings(db, userId);
}
