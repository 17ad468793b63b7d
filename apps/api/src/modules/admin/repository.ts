import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clientErrors, companies, filings, tenants, transactionUploads, users } from '../../db/schema';

/** The SQL of the admin area: cross-company reads, for administrators only (the routes are admin-guarded). */

export type Page = { offset: number; limit: number };

/** `%text%` for ILIKE with the wildcard characters of the text itself matched literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

// Correlated subqueries name the outer table in full: Drizzle leaves a one-table select's columns unqualified.
export async function listTenantsWithCounts(db: Db) {
  return db
    .select({
      id: tenants.id,
      slug: tenants.slug,
      name: tenants.name,
      themeId: tenants.themeId,
      companyCount: sql<number>`(select count(*)::int from companies where companies.tenant_id = tenants.id)`,
      userCount: sql<number>`(select count(*)::int from (
        select users.id from users where users.tenant_id = tenants.id
        union select tenant_users.user_id from tenant_users where tenant_users.tenant_id = tenants.id) as members)`,
    })
    .from(tenants)
    .orderBy(asc(tenants.name), asc(tenants.id));
}

const companyUserCount = sql<number>`(select count(*)::int from company_users where company_users.company_id = companies.id)`;

export async function searchCompanies(db: Db, options: Page & { search?: string }) {
  const where = options.search
    ? or(
        ilike(companies.legalNameOfBusiness, containsPattern(options.search)),
        // A VAT number is searched without its spaces and dots, as people type it either way.
        ilike(
          sql`regexp_replace(coalesce(${companies.vatNumber}, ''), '[\\s.]', '', 'g')`,
          containsPattern(options.search.replace(/[\s.]/g, '')),
        ),
      )
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ company: companies, tenantName: tenants.name, userCount: companyUserCount })
      .from(companies)
      .innerJoin(tenants, eq(tenants.id, companies.tenantId))
      .where(where)
      .orderBy(asc(companies.legalNameOfBusiness), asc(companies.id))
      .offset(options.offset)
      .limit(options.limit),
    db.select({ value: count() }).from(companies).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function findOnboardingStepsOf(db: Db, companyIds: string[]) {
  if (companyIds.length === 0) return new Map<string, { id: string; status: string }[]>();
  const rows = await db.query.onboardingStates.findMany({
    where: (table, { inArray: within }) => within(table.companyId, companyIds),
    columns: { companyId: true, steps: true },
  });
  return new Map(rows.map((row) => [row.companyId, row.steps]));
}

const userCompanyCount = sql<number>`(select count(*)::int from company_users where company_users.user_id = users.id)`;

const adminUserColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  tenantId: users.tenantId,
  isAdmin: users.isAdmin,
  isDisabled: users.isDisabled,
  identitySubject: users.identitySubject,
  createdAt: users.createdAt,
  companyCount: userCompanyCount,
};

export type AdminUserRow = {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  tenantId: string;
  isAdmin: boolean;
  isDisabled: boolean;
  identitySubject: string | null;
  createdAt: Date;
  companyCount: number;
};

export async function searchUsers(db: Db, options: Page & { search?: string }) {
  const pattern = options.search ? containsPattern(options.search) : undefined;
  const where = pattern
    ? or(
        ilike(users.email, pattern),
        ilike(users.firstName, pattern),
        ilike(users.lastName, pattern),
        ilike(sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`, pattern),
      )
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(adminUserColumns)
      .from(users)
      .where(where)
      .orderBy(asc(users.email))
      .offset(options.offset)
      .limit(options.limit),
    db.select({ value: count() }).from(users).where(where),
  ]);
  return { rows: rows as AdminUserRow[], total: total?.value ?? 0 };
}

export async function findAdminUserRow(db: Db, userId: string): Promise<AdminUserRow | undefined> {
  const [row] = await db.select(adminUserColumns).from(users).where(eq(users.id, userId));
  return row as AdminUserRow | undefined;
}

/**
 * The enabled administrators' ids, their rows locked until the transaction ends: of two administrators changing each
 * other's role or status at once, the second reads what the first wrote.
 */
export async function lockActiveAdministrators(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isAdmin, true), eq(users.isDisabled, false)))
    .for('update');
  return rows.map((row) => row.id);
}

/** Sets the flag where it differs; answers whether it did. */
export async function setUserAdminFlag(db: Db, userId: string, isAdmin: boolean): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ isAdmin, updatedAt: new Date() })
    .where(and(eq(users.id, userId), ne(users.isAdmin, isAdmin)))
    .returning({ id: users.id });
  return updated.length > 0;
}

/**
 * Sets the flag where it differs; answers whether it did. Disabling also moves the session generation on, so the
 * tokens issued before are revoked even if the account is enabled again later: the person signs in anew.
 */
export async function setUserDisabledFlag(db: Db, userId: string, isDisabled: boolean): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({
      isDisabled,
      updatedAt: new Date(),
      ...(isDisabled ? { sessionGeneration: sql`${users.sessionGeneration} + 1` } : {}),
    })
    .where(and(eq(users.id, userId), ne(users.isDisabled, isDisabled)))
    .returning({ id: users.id });
  return updated.length > 0;
}

const uploadColumns = {
  id: transactionUploads.id,
  companyId: transactionUploads.companyId,
  companyName: companies.legalNameOfBusiness,
  fileName: transactionUploads.fileName,
  format: transactionUploads.sourceFormat,
  status: transactionUploads.status,
  rowsRead: transactionUploads.rowsRead,
  rowsImported: transactionUploads.rowsImported,
  problemCount: transactionUploads.problemCount,
  attempts: transactionUploads.attempts,
  errorCode: transactionUploads.errorCode,
  createdAt: transactionUploads.createdAt,
  startedAt: transactionUploads.startedAt,
  finishedAt: transactionUploads.finishedAt,
};

export async function listUploads(db: Db, options: Page & { status?: string; since?: Date }) {
  const conditions: SQL[] = [];
  if (options.status) conditions.push(eq(transactionUploads.status, options.status));
  if (options.since) conditions.push(gte(transactionUploads.createdAt, options.since));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(uploadColumns)
      .from(transactionUploads)
      .innerJoin(companies, eq(companies.id, transactionUploads.companyId))
      .where(where)
      .orderBy(desc(transactionUploads.createdAt), desc(transactionUploads.sequence))
      .offset(options.offset)
      .limit(options.limit),
    db.select({ value: count() }).from(transactionUploads).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** Waiting and running jobs of the uploads table; "stale" uses the worker's own notion of an abandoned heartbeat. */
export async function readJobQueue(db: Db, staleAfterSeconds: number) {
  const [row] = await db
    .select({
      queued: sql<number>`count(*) filter (where ${transactionUploads.status} = 'queued')::int`,
      running: sql<number>`count(*) filter (where ${transactionUploads.status} in ('processing', 'validating'))::int`,
      stale: sql<number>`count(*) filter (where ${transactionUploads.status} in ('processing', 'validating')
        and (${transactionUploads.heartbeatAt} is null
          or ${transactionUploads.heartbeatAt} < now() - make_interval(secs => ${staleAfterSeconds})))::int`,
      oldestQueuedAt: sql<
        string | null
      >`min(${transactionUploads.createdAt}) filter (where ${transactionUploads.status} = 'queued')`,
    })
    .from(transactionUploads)
    .where(inArray(transactionUploads.status, ['queued', 'processing', 'validating']));
  return {
    queued: row?.queued ?? 0,
    running: row?.running ?? 0,
    stale: row?.stale ?? 0,
    oldestQueuedAt: row?.oldestQueuedAt ? new Date(row.oldestQueuedAt) : null,
  };
}

/** Open filings due on or before `dueOnOrBefore` (overdue ones included), earliest due first. */
export async function listOpenFilingsDue(db: Db, options: Page & { dueOnOrBefore: string }) {
  const where = and(isNull(filings.filedOn), lte(filings.dueDate, options.dueOnOrBefore));
  const [rows, [total]] = await Promise.all([
    db
      .select({ filing: filings, companyName: companies.legalNameOfBusiness })
      .from(filings)
      .innerJoin(companies, eq(companies.id, filings.companyId))
      .where(where)
      .orderBy(asc(filings.dueDate), asc(companies.legalNameOfBusiness), asc(filings.id))
      .offset(options.offset)
      .limit(options.limit),
    db.select({ value: count() }).from(filings).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function listClientErrors(db: Db, options: Page) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(clientErrors)
      .orderBy(desc(clientErrors.receivedAt), desc(clientErrors.sequence))
      .offset(options.offset)
      .limit(options.limit),
    db.select({ value: count() }).from(clientErrors),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function countOverviewFigures(db: Db, input: { today: string; since: Date }) {
  const [row] = await db
    .select({
      tenants: sql<number>`(select count(*)::int from tenants)`,
      companies: sql<number>`(select count(*)::int from companies)`,
      users: sql<number>`(select count(*)::int from users)`,
      administrators: sql<number>`(select count(*)::int from users where is_admin)`,
      disabledUsers: sql<number>`(select count(*)::int from users where is_disabled)`,
      failedUploads: sql<number>`(select count(*)::int from transaction_uploads
        where status = 'failed' and created_at >= ${input.since.toISOString()})`,
      overdueFilings: sql<number>`(select count(*)::int from filings where filed_on is null and due_date < ${input.today})`,
      clientErrors: sql<number>`(select count(*)::int from client_errors where received_at >= ${input.since.toISOString()})`,
    })
    .from(sql`(select 1) as one`);
  if (!row) throw new Error('the overview counts were not read');
  return row;
}

export async function findUserIdByEmail(db: Db, email: string): Promise<string | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase()));
  return row?.id;
}
