import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notificationSettings } from '../../db/schema';

export type NotificationSettingRecord = typeof notificationSettings.$inferSelect;

export async function listNotificationSettingRows(db: Db, userId: string): Promise<NotificationSettingRecord[]> {
  return db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
}

export async function upsertNotificationSetting(
  db: Db,
  row: { userId: string; type: string; channel: string; enabled: boolean; daysBefore: number | null },
): Promise<void> {
  const now = new Date();
  await db
    .insert(notificationSettings)
    .values({ ...row, updatedAt: now })
    .onConflictDoUpdate({
      target: [notificationSettings.userId, notificationSettings.type, notificationSettings.channel],
      set: { enabled: row.enabled, daysBefore: row.daysBefore, updatedAt: now },
    });
}
