import type { PaymentProvider, Subscription } from '@vatlas/contract';
import { and, asc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { lockUntilCommit } from '../../db/advisory-locks';
import type { Db } from '../../db/client';
import { companies, companyJurisdictions, paymentEvents, subscriptions } from '../../db/schema';

type SubscriptionRow = typeof subscriptions.$inferSelect;

export function toSubscription(row: SubscriptionRow): Subscription {
  return {
    countryCode: row.countryCode.trim(),
    status: row.status,
    provider: row.provider,
    activatedAt: row.activatedAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listSubscriptionRows(db: Db, companyIds: string[]): Promise<SubscriptionRow[]> {
  if (companyIds.length === 0) return [];
  return db
    .select()
    .from(subscriptions)
    .where(inArray(subscriptions.companyId, companyIds))
    .orderBy(asc(subscriptions.countryCode));
}

export async function findCompanySummary(db: Db, companyId: string) {
  const [row] = await db
    .select({
      id: companies.id,
      tenantId: companies.tenantId,
      legalNameOfBusiness: companies.legalNameOfBusiness,
      establishmentCountryCode: companies.establishmentCountryCode,
      subscriptionCountryCodes: companies.subscriptionCountryCodes,
    })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return row ?? null;
}

export type CompanySummaryRow = NonNullable<Awaited<ReturnType<typeof findCompanySummary>>>;

/** At most `limit` companies by name; `search` matches part of the name, or the whole id. */
export async function searchCompanies(db: Db, search: string | undefined, limit: number): Promise<CompanySummaryRow[]> {
  const isUuid = search !== undefined && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(search);
  const pattern = search ? `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%` : undefined;
  return db
    .select({
      id: companies.id,
      tenantId: companies.tenantId,
      legalNameOfBusiness: companies.legalNameOfBusiness,
      establishmentCountryCode: companies.establishmentCountryCode,
      subscriptionCountryCodes: companies.subscriptionCountryCodes,
    })
    .from(companies)
    .where(
      pattern === undefined
        ? undefined
        : or(ilike(companies.legalNameOfBusiness, pattern), isUuid ? eq(companies.id, search) : undefined),
    )
    .orderBy(asc(companies.legalNameOfBusiness), asc(companies.id))
    .limit(limit);
}

export async function listJurisdictionCodes(db: Db, companyId: string): Promise<string[]> {
  const rows = await db
    .select({ countryCode: companyJurisdictions.countryCode })
    .from(companyJurisdictions)
    .where(eq(companyJurisdictions.companyId, companyId));
  return rows.map((row) => row.countryCode.trim());
}

export type SubscriptionUpsert = {
  companyId: string;
  countryCode: string;
  status: 'active' | 'pending';
  provider: PaymentProvider;
  providerReference: string | null;
  activatedByUserId: string | null;
};

/**
 * Makes the calling transaction the only one, until it ends, to change the company's subscriptions after reading them:
 * an administrator's change and a Stripe payment arriving at once take turns, each reading what the other wrote.
 */
export async function lockSubscriptionsOf(db: Db, companyId: string): Promise<void> {
  await lockUntilCommit(db, 'subscriptions', companyId);
}

/**
 * Creates or moves the company's row of each country; activating stamps activatedAt and clears cancelledAt. A pending
 * checkout never moves an active row: a payment that arrived meanwhile stands. Answers the countries written.
 */
export async function upsertSubscriptions(db: Db, rows: SubscriptionUpsert[], now: Date): Promise<string[]> {
  const written: string[] = [];
  for (const row of rows) {
    const activation =
      row.status === 'active'
        ? { activatedAt: now, cancelledAt: null, activatedByUserId: row.activatedByUserId }
        : { activatedByUserId: row.activatedByUserId };
    const [stored] = await db
      .insert(subscriptions)
      .values({ ...row, ...(row.status === 'active' ? { activatedAt: now } : {}), updatedAt: now })
      .onConflictDoUpdate({
        target: [subscriptions.companyId, subscriptions.countryCode],
        set: {
          status: row.status,
          provider: row.provider,
          providerReference: row.providerReference,
          ...activation,
          updatedAt: now,
        },
        ...(row.status === 'pending' ? { setWhere: sql`${subscriptions.status} <> 'active'` } : {}),
      })
      .returning({ countryCode: subscriptions.countryCode });
    if (stored) written.push(stored.countryCode.trim());
  }
  return written;
}

export async function cancelSubscriptions(
  db: Db,
  where: { companyId: string; countryCodes: string[] } | { providerReference: string },
  now: Date,
): Promise<SubscriptionRow[]> {
  const condition =
    'providerReference' in where
      ? eq(subscriptions.providerReference, where.providerReference)
      : and(eq(subscriptions.companyId, where.companyId), inArray(subscriptions.countryCode, where.countryCodes));
  return db
    .update(subscriptions)
    .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
    .where(and(condition, eq(subscriptions.status, 'active')))
    .returning();
}

/**
 * A checkout that expired unpaid: its pending rows go back to what they were — removed if the country was never
 * active, cancelled if it was.
 */
export async function withdrawPendingCheckout(db: Db, sessionId: string, now: Date): Promise<SubscriptionRow[]> {
  const pending = and(eq(subscriptions.providerReference, sessionId), eq(subscriptions.status, 'pending'));
  const removed = await db
    .delete(subscriptions)
    .where(and(pending, isNull(subscriptions.activatedAt)))
    .returning();
  const cancelled = await db
    .update(subscriptions)
    .set({ status: 'cancelled', updatedAt: now })
    .where(pending)
    .returning();
  return [...removed, ...cancelled];
}

/**
 * Rewrites the company's `subscription_country_codes` (what the route guard and the company summary read) and its
 * `subscription_date` (the earliest activation among active subscriptions) from the subscriptions table. Called in
 * the transaction of every change, so the projection never disagrees with its source.
 */
export async function syncSubscriptionCountryCodes(db: Db, companyId: string): Promise<string[]> {
  const active = await db
    .select({ countryCode: subscriptions.countryCode, activatedAt: subscriptions.activatedAt })
    .from(subscriptions)
    .where(and(eq(subscriptions.companyId, companyId), eq(subscriptions.status, 'active')))
    .orderBy(asc(subscriptions.countryCode));
  const codes = active.map((row) => row.countryCode.trim());
  const earliest = active
    .map((row) => row.activatedAt)
    .filter((value): value is Date => value !== null)
    .sort((a, b) => a.getTime() - b.getTime())[0];
  await db
    .update(companies)
    .set({
      subscriptionCountryCodes: codes,
      subscriptionDate: earliest ? earliest.toISOString().slice(0, 10) : null,
      updatedAt: sql`now()`,
    })
    .where(eq(companies.id, companyId));
  return codes;
}

/** Claims a provider event id; false when it was claimed before (a redelivery), so its effect is not applied twice. */
export async function claimPaymentEvent(
  db: Db,
  event: { eventId: string; provider: PaymentProvider; type: string },
): Promise<boolean> {
  const inserted = await db
    .insert(paymentEvents)
    .values({ ...event, outcome: 'applied' })
    .onConflictDoNothing({ target: paymentEvents.eventId })
    .returning({ eventId: paymentEvents.eventId });
  return inserted.length > 0;
}

export async function setPaymentEventOutcome(db: Db, eventId: string, outcome: string): Promise<void> {
  await db.update(paymentEvents).set({ outcome }).where(eq(paymentEvents.eventId, eventId));
}
