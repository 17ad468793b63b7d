import type { Db } from '../../db/client';
import { clientErrors } from '../../db/schema';

export type NewClientError = typeof clientErrors.$inferInsert;

export async function insertClientError(db: Db, record: NewClientError): Promise<void> {
  await db.insert(clientErrors).values(record);
}
