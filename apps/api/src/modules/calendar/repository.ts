import { and, asc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  calendarFeeds,
  companies,
  companyUsers,
  filingReminders,
  filings,
  notificationSettings,
  users,
} from '../../db/schema';

export type CalendarFeedRecord = typeof calendarFeeds.$inferSelect;

export async function findCalendarFeed(db: Db, userId: string): Promise<CalendarFeedRecord | undefined> {
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId)).limit(1);
  return row;
}

/** Creates the user's feed unless one exists (two first calls at once keep the first) and answers the stored one. */
export async function insertCalendarFeedIfMissing(
  db: Db,
  row: { userId: string; nonce: string; secretHash: string },
): Promise<CalendarFeedRecord> {
  await db.insert(calendarFeeds).values(row).onConflictDoNothing({ target: calendarFeeds.userId });
  const stored = await findCalendarFeed(db, row.userId);
  if (!stored) throw new Error('the calendar feed was not written');
  return stored;
}

export async function replaceCalendarFeed(
  db: Db,
  row: { userId: string; nonce: string; secretHash: string },
): Promise<CalendarFeedRecord> {
  const [stored] = await db
    .insert(calendarFeeds)
    .values(row)
    .onConflictDoUpdate({
      target: calendarFeeds.userId,
      set: { nonce: row.nonce, secretHash: row.secretHash, createdAt: sql`now()` },
    })
    .returning();
  if (!stored) throw new Error('the calendar feed was not written');
  return stored;
}

export type FeedOwner = { userId: string; secretHash: string; language: string };

/** The (enabled) user whose feed secret has this hash. */
export async function findFeedOwnerBySecretHash(db: Db, secretHash: string): Promise<FeedOwner | undefined> {
  const [row] = await db
    .select({ userId: calendarFeeds.userId, secretHash: calendarFeeds.secretHash, language: users.language })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(and(eq(calendarFeeds.secretHash, secretHash), eq(users.isDisabled, false)))
    .limit(1);
  return row;
}

export type MemberCompany = { companyId: string; name: string };

export async function listMemberCompanies(db: Db, userId: string): Promise<MemberCompany[]> {
  return db
    .select({ companyId: companies.id, name: companies.legalNameOfBusiness })
    .from(companyUsers)
    .innerJoin(companies, eq(companies.id, companyUsers.companyId))
    .where(eq(companyUsers.userId, userId))
    .orderBy(asc(companies.legalNameOfBusiness), asc(companies.id));
}

/** Companies with at least one member: the ones whose filings a reminder run refreshes. */
export async function listCompaniesWithMembers(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ companyId: companyUsers.companyId }).from(companyUsers);
  return rows.map((row) => row.companyId);
}

export type ReminderRecipient = {
  userId: string;
  email: string;
  language: string;
  /** The stored e-mail deadline-reminder choice; null when the user kept the default. */
  enabled: boolean | null;
  daysBefore: number | null;
};

/** Enabled users in at least one company, with their e-mail deadline-reminder setting if they stored one. */
export async function listReminderRecipients(db: Db): Promise<ReminderRecipient[]> {
  return db
    .select({
      userId: users.id,
      email: users.email,
      language: users.language,
      enabled: notificationSettings.enabled,
      daysBefore: notificationSettings.daysBefore,
    })
    .from(users)
    .leftJoin(
      notificationSettings,
      and(
        eq(notificationSettings.userId, users.id),
        eq(notificationSettings.type, 'deadline-reminders'),
        eq(notificationSettings.channel, 'email'),
      ),
    )
    .where(
      and(
        eq(users.isDisabled, false),
        sql`exists (select 1 from ${companyUsers} where ${companyUsers.userId} = ${users.id})`,
      ),
    )
    .orderBy(asc(users.id));
}

export type DueFilingRow = {
  filingId: string;
  companyName: string;
  jurisdiction: string;
  filingType: string;
  frequency: string;
  periodStart: string;
  periodEnd: string;
  dueDate: string;
  currency: string;
  amountLocal: string;
};

/** The filings of the user's companies, with the company's name, as a reminder lists them. */
function selectFilingsOfUser(db: Db, userId: string) {
  return db
    .select({
      filingId: filings.id,
      companyName: companies.legalNameOfBusiness,
      jurisdiction: filings.jurisdiction,
      filingType: filings.filingType,
      frequency: filings.frequency,
      periodStart: filings.periodStart,
      periodEnd: filings.periodEnd,
      dueDate: filings.dueDate,
      currency: filings.currency,
      amountLocal: filings.amountLocal,
    })
    .from(filings)
    .innerJoin(companyUsers, and(eq(companyUsers.companyId, filings.companyId), eq(companyUsers.userId, userId)))
    .innerJoin(companies, eq(companies.id, filings.companyId));
}

/** Open filings of the user's companies due between `from` and `to` (inclusive). */
export async function listOpenFilingsDueBetween(
  db: Db,
  userId: string,
  range: { from: string; to: string },
): Promise<DueFilingRow[]> {
  return selectFilingsOfUser(db, userId)
    .where(and(isNull(filings.filedOn), gte(filings.dueDate, range.from), lte(filings.dueDate, range.to)))
    .orderBy(asc(filings.dueDate), asc(companies.legalNameOfBusiness), asc(filings.jurisdiction));
}

/**
 * VAT returns and annual returns of the user's companies in `jurisdictions` whose period ended between `from` and
 * `to` (inclusive), filed or not, and not marked paid: the candidates for a payment day (decision 050), which follows
 * the period's end.
 */
export async function listReturnsEndedBetween(
  db: Db,
  userId: string,
  range: { from: string; to: string; jurisdictions: readonly string[] },
): Promise<DueFilingRow[]> {
  if (range.jurisdictions.length === 0) return [];
  return selectFilingsOfUser(db, userId)
    .where(
      and(
        inArray(filings.filingType, ['vat-return', 'annual-return']),
        inArray(filings.jurisdiction, [...range.jurisdictions]),
        // A payment marked made is not reminded of (decision 051).
        isNull(filings.paidOn),
        gte(filings.periodEnd, range.from),
        lte(filings.periodEnd, range.to),
      ),
    )
    .orderBy(asc(filings.periodEnd), asc(companies.legalNameOfBusiness), asc(filings.jurisdiction));
}

/**
 * Claims the reminder of (user, filing, due date): true when this call inserted the row, false when another run (or
 * another process) already has. Insert before sending, so a race sends at most one. False too when the filing or the
 * user is gone since they were listed (a refresh found the filing no longer planned, the account was deleted): the
 * rows are read under the key-share lock their foreign keys take, so a delete under way is waited for and then found,
 * instead of the foreign key's error ending the run for every user after this one.
 */
export async function claimReminder(
  db: Db,
  claim: { userId: string; filingId: string; dueDate: string },
): Promise<boolean> {
  const inserted = (await db.execute(sql`
    insert into filing_reminders (user_id, filing_id, due_date, channel)
    select ${claim.userId}, ${claim.filingId}, ${claim.dueDate}, 'email'
    where exists (select 1 from filings where id = ${claim.filingId} for key share)
      and exists (select 1 from users where id = ${claim.userId} for key share)
    on conflict do nothing
    returning filing_id`)) as unknown as { rows: unknown[] };
  return inserted.rows.length > 0;
}

/** Gives claims back after a failed send, so the next run tries again. */
export async function releaseReminder(
  db: Db,
  claim: { userId: string; filingId: string; dueDate: string },
): Promise<void> {
  await db
    .delete(filingReminders)
    .where(
      and(
        eq(filingReminders.userId, claim.userId),
        eq(filingReminders.filingId, claim.filingId),
        eq(filingReminders.dueDate, claim.dueDate),
        eq(filingReminders.channel, 'email'),
      ),
    );
}
