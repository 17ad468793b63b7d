import type { AuditAction, AuditDetails, AuditEvent } from '@vatlas/contract';
import { and, desc, eq, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditEvents, users } from '../../db/schema';

export type NewAuditEvent = {
  action: AuditAction;
  actorUserId?: string | null;
  tenantId?: string | null;
  companyId?: string | null;
  targetType?: string;
  targetId?: string;
  /** Ids and codes only: never names, addresses or other personal data. */
  details?: AuditDetails;
  /** Records the action once per actor and key: a second event with the same key is not recorded. */
  onceKey?: string | null;
};

/**
 * Appends one event. Called after the action it records has succeeded, in the same transaction where there is one
 * (pass the transaction as `db`), so the log never claims an action that was rolled back.
 */
export async function recordAuditEvent(db: Db, event: NewAuditEvent): Promise<void> {
  await db
    .insert(auditEvents)
    .values({
      action: event.action,
      actorUserId: event.actorUserId ?? null,
      tenantId: event.tenantId ?? null,
      companyId: event.companyId ?? null,
      targetType: event.targetType ?? null,
      targetId: event.targetId ?? null,
      details: event.details ?? {},
      onceKey: event.onceKey ?? null,
    })
    .onConflictDoNothing();
}

export type AuditPageCursor = { occurredAt: string; sequence: number };

/**
 * Newest first (by time, then by the order recorded: PGlite's clock counts milliseconds), keyset-paged on
 * (occurredAt, sequence) so a page deep in a long log costs the same as the first. Each event
 * carries its `pageKey`: the time to the microsecond, as stored. The event's `occurredAt` (a JavaScript date, to the
 * millisecond) would not do as a cursor: events of one transaction share a time with microseconds, and a cursor cut
 * to the millisecond would skip those after it.
 */
export async function listAuditEvents(
  db: Db,
  options: { limit: number; after?: AuditPageCursor; action?: AuditAction; companyId?: string; actorUserId?: string },
): Promise<(AuditEvent & { pageKey: AuditPageCursor })[]> {
  const conditions: SQL[] = [];
  if (options.action) conditions.push(eq(auditEvents.action, options.action));
  if (options.companyId) conditions.push(eq(auditEvents.companyId, options.companyId));
  if (options.actorUserId) conditions.push(eq(auditEvents.actorUserId, options.actorUserId));
  if (options.after) {
    const after = sql`${options.after.occurredAt}::timestamptz`;
    const beforeCursor = or(
      lt(auditEvents.occurredAt, after),
      and(eq(auditEvents.occurredAt, after), lt(auditEvents.sequence, options.after.sequence)),
    );
    if (beforeCursor) conditions.push(beforeCursor);
  }
  const rows = await db
    .select({
      event: auditEvents,
      actorEmail: users.email,
      exactTime: sql<string>`to_char(${auditEvents.occurredAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorUserId))
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(auditEvents.occurredAt), desc(auditEvents.sequence))
    .limit(options.limit);
  return rows.map(({ event, actorEmail, exactTime }) => ({
    pageKey: { occurredAt: exactTime, sequence: event.sequence },
    id: event.id,
    occurredAt: event.occurredAt.toISOString(),
    action: event.action as AuditAction,
    actorUserId: event.actorUserId,
    actorEmail: actorEmail ?? null,
    tenantId: event.tenantId,
    companyId: event.companyId,
    targetType: event.targetType,
    targetId: event.targetId,
    details: event.details,
  }));
}
