import type {
  AdminAuditPage,
  AdminAuditQuery,
  AdminClientError,
  AdminClientErrorPage,
  AdminCompanyPage,
  AdminCompanyQuery,
  AdminFiling,
  AdminFilingPage,
  AdminFilingsDueQuery,
  AdminJobQueue,
  AdminOverview,
  AdminTenantList,
  AdminUpload,
  AdminUploadPage,
  AdminUploadQuery,
  AdminUser,
  AdminUserPage,
  AdminUserQuery,
  UploadStatus,
} from '@vatlas/contract';
import {
  computeProgress,
  defaultStoredSteps,
  filingStatus,
  findNextOnboardingPath,
  isOnboardingComplete,
  restoreSteps,
  todayIsoDate,
} from '@vatlas/domain';
import type { Db } from '../../db/client';
import type { clientErrors, companies } from '../../db/schema';
import { HttpError } from '../../plugins/errors';
import { type AuditPageCursor, listAuditEvents, recordAuditEvent } from '../audit/repository';
import { isUuid } from '../company/repository';
import {
  type AdminUserRow,
  countOverviewFigures,
  findAdminUserRow,
  findOnboardingStepsOf,
  findUserIdByEmail,
  listClientErrors,
  listOpenFilingsDue,
  listTenantsWithCounts,
  listUploads,
  lockActiveAdministrators,
  readJobQueue,
  searchCompanies,
  searchUsers,
  setUserAdminFlag,
  setUserDisabledFlag,
} from './repository';

export type AdminDeps = { db: Db; staleAfterSeconds: number };

const OVERVIEW_WINDOW_DAYS = 7;
const OVERVIEW_ITEMS = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

function addDays(isoDate: string, days: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export async function findTenants(db: Db): Promise<AdminTenantList> {
  return { items: await listTenantsWithCounts(db) };
}

/** The onboarding state by the same rules the SPA's route guard follows (packages/domain, spec §4). */
function onboardingOf(
  company: typeof companies.$inferSelect,
  storedSteps: { id: string; status: string }[] | undefined,
) {
  const facts = {
    legalNameOfBusiness: company.legalNameOfBusiness,
    establishmentCountryCode: company.establishmentCountryCode?.trim() || null,
    street: company.street,
    city: company.city,
    zipCode: company.zipCode,
    termsAndConditionsAccepted: company.termsAccepted,
  };
  const steps = restoreSteps(storedSteps ?? defaultStoredSteps());
  return {
    isComplete: isOnboardingComplete(steps, facts),
    nextPath: findNextOnboardingPath(steps, facts) ?? null,
    completionPercentage: computeProgress(steps, facts).completionPercentage,
  };
}

export async function findCompanies(db: Db, query: AdminCompanyQuery): Promise<AdminCompanyPage> {
  const { rows, total } = await searchCompanies(db, { ...query, search: query.search || undefined });
  const stepsByCompany = await findOnboardingStepsOf(
    db,
    rows.map((row) => row.company.id),
  );
  return {
    items: rows.map(({ company, tenantName, userCount }) => ({
      id: company.id,
      legalNameOfBusiness: company.legalNameOfBusiness,
      vatNumber: company.vatNumber,
      establishmentCountryCode: company.establishmentCountryCode?.trim() || null,
      tenantId: company.tenantId,
      tenantName,
      onboarding: onboardingOf(company, stepsByCompany.get(company.id)),
      subscriptionCountryCodes: company.subscriptionCountryCodes,
      userCount,
      createdAt: company.createdAt.toISOString(),
    })),
    total,
    offset: query.offset,
    limit: query.limit,
  };
}

function toAdminUser(row: AdminUserRow): AdminUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    tenantId: row.tenantId,
    isAdmin: row.isAdmin,
    isDisabled: row.isDisabled,
    companyCount: row.companyCount,
    hasSignedIn: row.identitySubject !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function findUsers(db: Db, query: AdminUserQuery): Promise<AdminUserPage> {
  const { rows, total } = await searchUsers(db, { ...query, search: query.search || undefined });
  return { items: rows.map(toAdminUser), total, offset: query.offset, limit: query.limit };
}

async function findTargetUser(db: Db, userId: string): Promise<AdminUserRow> {
  const row = isUuid(userId) ? await findAdminUserRow(db, userId) : undefined;
  if (!row) throw new HttpError(404, 'user_not_found', 'There is no user with this id.');
  return row;
}

/**
 * Locks the enabled administrators until the transaction ends, and refuses an actor no longer among them: the route
 * checked the actor when the request came in, and another administrator may have removed or disabled them since. Of
 * two administrators removing or disabling each other at once, the second is refused, where both would have succeeded
 * and left no administrator.
 */
async function requireStillAdministrator(db: Db, actorId: string): Promise<void> {
  if (!(await lockActiveAdministrators(db)).includes(actorId)) {
    throw new HttpError(403, 'admin_required', 'Only administrators may use this endpoint.');
  }
}

/**
 * Make admin / remove admin. Nobody removes their own flag: the last administrator could lock everyone out. A request
 * that changes nothing (a second click) is answered as the first and not audited again.
 */
export async function changeUserRole(
  db: Db,
  actor: { id: string; tenantId: string },
  userId: string,
  isAdmin: boolean,
): Promise<AdminUser> {
  const target = await findTargetUser(db, userId);
  if (target.id === actor.id && !isAdmin) {
    throw new HttpError(409, 'cannot_remove_own_admin', 'You cannot remove your own administrator role.');
  }
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    await requireStillAdministrator(txDb, actor.id);
    if (!(await setUserAdminFlag(txDb, target.id, isAdmin))) return;
    await recordAuditEvent(txDb, {
      action: 'user_role_changed',
      actorUserId: actor.id,
      tenantId: target.tenantId,
      targetType: 'user',
      targetId: target.id,
      details: { isAdmin },
    });
  });
  return toAdminUser(await findTargetUser(db, target.id));
}

/**
 * Disable / enable. Disabling revokes every token of the person at once (the auth hook checks on each request). Like a
 * role change, it is refused to an actor disabled or demoted meanwhile, and audited only when it changed something.
 */
export async function changeUserStatus(
  db: Db,
  actor: { id: string },
  userId: string,
  isDisabled: boolean,
): Promise<AdminUser> {
  const target = await findTargetUser(db, userId);
  if (target.id === actor.id && isDisabled) {
    throw new HttpError(409, 'cannot_disable_self', 'You cannot disable your own account.');
  }
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    await requireStillAdministrator(txDb, actor.id);
    if (!(await setUserDisabledFlag(txDb, target.id, isDisabled))) return;
    await recordAuditEvent(txDb, {
      action: isDisabled ? 'user_disabled' : 'user_enabled',
      actorUserId: actor.id,
      tenantId: target.tenantId,
      targetType: 'user',
      targetId: target.id,
    });
  });
  return toAdminUser(await findTargetUser(db, target.id));
}

type UploadRow = Awaited<ReturnType<typeof listUploads>>['rows'][number];

function toAdminUpload(row: UploadRow): AdminUpload {
  return {
    ...row,
    status: row.status as UploadStatus,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

async function readQueue(deps: AdminDeps): Promise<AdminJobQueue> {
  const queue = await readJobQueue(deps.db, deps.staleAfterSeconds);
  return { ...queue, oldestQueuedAt: queue.oldestQueuedAt?.toISOString() ?? null };
}

export async function findUploads(deps: AdminDeps, query: AdminUploadQuery): Promise<AdminUploadPage> {
  const [{ rows, total }, queue] = await Promise.all([listUploads(deps.db, query), readQueue(deps)]);
  return { items: rows.map(toAdminUpload), total, offset: query.offset, limit: query.limit, queue };
}

type FilingRow = Awaited<ReturnType<typeof listOpenFilingsDue>>['rows'][number];

function toAdminFiling({ filing, companyName }: FilingRow, today: string): AdminFiling {
  return {
    id: filing.id,
    companyId: filing.companyId,
    companyName,
    jurisdiction: filing.jurisdiction,
    filingType: filing.filingType as AdminFiling['filingType'],
    periodStart: filing.periodStart,
    periodEnd: filing.periodEnd,
    dueDate: filing.dueDate,
    status: filingStatus({ dueDate: filing.dueDate, filedOn: filing.filedOn, today }),
    currency: filing.currency,
    amountEur: filing.amountEur,
    amountLocal: filing.amountLocal,
  };
}

/**
 * Open filings due within `withinDays` or overdue, across companies, from the stored calendar (each company's
 * calendar is refreshed whenever its data or registrations change and whenever it is read).
 */
export async function findFilingsDue(
  db: Db,
  query: AdminFilingsDueQuery,
  today = todayIsoDate(),
): Promise<AdminFilingPage> {
  const { rows, total } = await listOpenFilingsDue(db, { ...query, dueOnOrBefore: addDays(today, query.withinDays) });
  return {
    items: rows.map((row) => toAdminFiling(row, today)),
    total,
    offset: query.offset,
    limit: query.limit,
    today,
    withinDays: query.withinDays,
  };
}

function toAdminClientError(row: typeof clientErrors.$inferSelect): AdminClientError {
  return {
    id: row.id,
    message: row.message,
    stack: row.stack,
    component: row.component,
    action: row.action,
    url: row.url,
    userAgent: row.userAgent,
    reportedUserId: row.reportedUserId,
    reportedAt: row.reportedAt?.toISOString() ?? null,
    receivedAt: row.receivedAt.toISOString(),
  };
}

export async function findClientErrors(
  db: Db,
  query: { offset: number; limit: number },
): Promise<AdminClientErrorPage> {
  const { rows, total } = await listClientErrors(db, query);
  return { items: rows.map(toAdminClientError), total, offset: query.offset, limit: query.limit };
}

function encodeAuditCursor(cursor: AuditPageCursor): string {
  return Buffer.from(`${cursor.occurredAt}|${cursor.sequence}`).toString('base64url');
}

function decodeAuditCursor(cursor: string): AuditPageCursor {
  const [occurredAt = '', sequence = '', ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || Number.isNaN(Date.parse(occurredAt)) || !/^\d{1,15}$/.test(sequence)) {
    throw new HttpError(400, 'validation_error', 'The request is invalid.', [
      { field: 'cursor', message: 'is not a cursor of this list' },
    ]);
  }
  return { occurredAt, sequence: Number(sequence) };
}

export async function findAuditEvents(db: Db, query: AdminAuditQuery): Promise<AdminAuditPage> {
  let actorUserId: string | undefined;
  if (query.actorEmail) {
    actorUserId = await findUserIdByEmail(db, query.actorEmail);
    // Nobody with this address: no event can match.
    if (!actorUserId) return { items: [], nextCursor: null };
  }
  const rows = await listAuditEvents(db, {
    limit: query.limit + 1,
    after: query.cursor ? decodeAuditCursor(query.cursor) : undefined,
    action: query.action,
    companyId: query.companyId,
    actorUserId,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(({ pageKey: _pageKey, ...event }) => event),
    nextCursor: rows.length > query.limit && last ? encodeAuditCursor(last.pageKey) : null,
  };
}

export async function readOverview(deps: AdminDeps, now = new Date()): Promise<AdminOverview> {
  const today = todayIsoDate(now);
  const since = new Date(now.getTime() - OVERVIEW_WINDOW_DAYS * DAY_MS);
  const page = { offset: 0, limit: OVERVIEW_ITEMS };
  const [counts, queue, failed, overdue, errors] = await Promise.all([
    countOverviewFigures(deps.db, { today, since }),
    readQueue(deps),
    listUploads(deps.db, { ...page, status: 'failed', since }),
    listOpenFilingsDue(deps.db, { ...page, dueOnOrBefore: addDays(today, -1) }),
    listClientErrors(deps.db, page),
  ]);
  return {
    counts,
    queue,
    failedUploads: failed.rows.map(toAdminUpload),
    overdueFilings: overdue.rows.map((row) => toAdminFiling(row, today)),
    recentClientErrors: errors.rows.map(toAdminClientError),
  };
}
