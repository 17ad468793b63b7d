import { randomUUID } from 'node:crypto';
import {
  type AdminAuditPage,
  type AdminClientErrorPage,
  type AdminCompanyPage,
  type AdminFilingPage,
  type AdminOverview,
  type AdminTenantList,
  type AdminUploadPage,
  type AdminUser,
  type AdminUserPage,
  apiPaths,
} from '@vatlas/contract';
import { todayIsoDate } from '@vatlas/domain';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { companies, filings, onboardingStates, transactionUploads, users } from '../../db/schema';
import { forEachDatabase, holdInTransaction, releaseOnceWaiting } from '../../test/databases';
import { createTestConfig, createTestProvider, type TestProvider } from '../../test/test-app';
import {
  bearer,
  buildAccountTestApp,
  createCompany,
  createHomeTenant,
  createPerson,
  createRecordingMailer,
  createTenant,
  type Person,
  signIn,
} from '../user/account-test-kit';
import { lockActiveAdministrators } from './repository';

const DAY_MS = 24 * 60 * 60 * 1000;
const daysFromToday = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

forEachDatabase('admin area', (context) => {
  const config = createTestConfig();
  let app: FastifyInstance;
  let provider: TestProvider;
  let homeTenantId: string;
  let partnerTenantId: string;
  let admin: Person;
  let owner: Person;
  let adminToken: string;
  let acmeId: string;
  let boltId: string;

  const asAdmin = (options: InjectOptions) =>
    app.inject({ ...options, headers: { ...options.headers, ...bearer(adminToken) } });

  beforeAll(async () => {
    const db = context.database.db;
    provider = await createTestProvider(config);
    app = await buildAccountTestApp(context.database, { provider, mailer: createRecordingMailer() });
    homeTenantId = await createHomeTenant(db);
    partnerTenantId = await createTenant(db, 'Partner Tenant');
    const issuer = config.auth.issuer;
    admin = await createPerson(db, { tenantId: homeTenantId, label: 'admin-boss', isAdmin: true, issuer });
    owner = await createPerson(db, { tenantId: homeTenantId, label: 'acme-owner', firstName: 'Olivia', issuer });
    acmeId = await createCompany(db, { tenantId: homeTenantId, name: 'Acme Trading GmbH', owners: [owner] });
    boltId = await createCompany(db, { tenantId: partnerTenantId, name: 'Bolt Retail SARL', owners: [owner, admin] });
    await db
      .update(companies)
      .set({
        vatNumber: 'DE 123.456.789',
        establishmentCountryCode: 'DE',
        street: 'Hauptstraße 1',
        city: 'Berlin',
        zipCode: '10115',
        termsAccepted: true,
        subscriptionCountryCodes: ['DE', 'FR'],
      })
      .where(eq(companies.id, acmeId));
    await db.insert(onboardingStates).values({
      companyId: acmeId,
      steps: [
        { id: 'jurisdictions', status: 'completed' },
        { id: 'document-center', status: 'completed' },
      ],
    });
    adminToken = await signIn(app, provider, admin);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('lists every tenant with its theme and its companies and users counted', async () => {
    const response = await asAdmin({ method: 'GET', url: apiPaths.adminTenants });
    expect(response.statusCode).toBe(200);
    const { items } = response.json<AdminTenantList>();
    expect(items.find((tenant) => tenant.id === homeTenantId)).toMatchObject({
      themeId: 'default',
      companyCount: 1,
      userCount: 2,
    });
    expect(items.find((tenant) => tenant.id === partnerTenantId)).toMatchObject({
      name: 'Partner Tenant',
      companyCount: 1,
      userCount: 0,
    });
  });

  it('finds companies by name or VAT number, with tenant, onboarding state, subscriptions and users', async () => {
    const byName = (
      await asAdmin({ method: 'GET', url: apiPaths.adminCompanies({ search: 'acme' }) })
    ).json<AdminCompanyPage>();
    expect(byName.total).toBe(1);
    expect(byName.items[0]).toMatchObject({
      id: acmeId,
      tenantId: homeTenantId,
      vatNumber: 'DE 123.456.789',
      onboarding: { isComplete: true, nextPath: null, completionPercentage: 100 },
      subscriptionCountryCodes: ['DE', 'FR'],
      userCount: 1,
    });
    // Typed without its spaces and dots, the VAT number still matches.
    const byVat = (
      await asAdmin({ method: 'GET', url: apiPaths.adminCompanies({ search: 'de123456' }) })
    ).json<AdminCompanyPage>();
    expect(byVat.items.map((company) => company.id)).toEqual([acmeId]);

    const bolt = (
      await asAdmin({ method: 'GET', url: apiPaths.adminCompanies({ search: 'BOLT' }) })
    ).json<AdminCompanyPage>();
    expect(bolt.items[0]).toMatchObject({
      tenantName: 'Partner Tenant',
      // A new company: the terms are not accepted, so the next step is the first page (spec §4).
      onboarding: { isComplete: false, nextPath: '/onboarding/business-type' },
      userCount: 2,
    });

    const paged = (
      await asAdmin({ method: 'GET', url: apiPaths.adminCompanies({ limit: 1, offset: 1 }) })
    ).json<AdminCompanyPage>();
    expect(paged).toMatchObject({ total: 2, offset: 1, limit: 1 });
    expect(paged.items.map((company) => company.id)).toEqual([boltId]);
    // A `%` is searched for literally, not as a wildcard.
    const wildcard = (
      await asAdmin({ method: 'GET', url: apiPaths.adminCompanies({ search: '%' }) })
    ).json<AdminCompanyPage>();
    expect(wildcard.total).toBe(0);
  });

  it('finds users by e-mail or name with their flags and company counts', async () => {
    const response = await asAdmin({ method: 'GET', url: apiPaths.adminUsers({ search: 'olivia' }) });
    const page = response.json<AdminUserPage>();
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({
      id: owner.id,
      email: owner.email,
      isAdmin: false,
      isDisabled: false,
      companyCount: 2,
      hasSignedIn: true,
    });
    const invalid = await asAdmin({ method: 'GET', url: apiPaths.adminUsers({ limit: 1000 }) });
    expect(invalid.statusCode).toBe(400);
  });

  it('makes a user administrator and back, audited, but never removes the caller’s own role', async () => {
    const target = await createPerson(context.database.db, {
      tenantId: homeTenantId,
      label: 'promoted',
      issuer: config.auth.issuer,
    });
    const made = await asAdmin({ method: 'POST', url: apiPaths.adminUserRole(target.id), payload: { isAdmin: true } });
    expect(made.statusCode).toBe(200);
    expect(made.json<AdminUser>().isAdmin).toBe(true);
    const removed = await asAdmin({
      method: 'POST',
      url: apiPaths.adminUserRole(target.id),
      payload: { isAdmin: false },
    });
    expect(removed.json<AdminUser>().isAdmin).toBe(false);

    const own = await asAdmin({ method: 'POST', url: apiPaths.adminUserRole(admin.id), payload: { isAdmin: false } });
    expect(own.statusCode).toBe(409);
    expect(own.json()).toMatchObject({ code: 'cannot_remove_own_admin' });
    const unknown = await asAdmin({
      method: 'POST',
      url: apiPaths.adminUserRole(randomUUID()),
      payload: { isAdmin: true },
    });
    expect(unknown.statusCode).toBe(404);

    const log = (
      await asAdmin({ method: 'GET', url: apiPaths.adminAuditEvents({ action: 'user_role_changed' }) })
    ).json<AdminAuditPage>();
    expect(log.items.map((event) => [event.targetId, event.details.isAdmin, event.actorEmail])).toEqual([
      [target.id, false, admin.email],
      [target.id, true, admin.email],
    ]);
  });

  it('of two administrators removing each other at the same moment, the second is refused: one stays', async () => {
    const db = context.database.db;
    const issuer = config.auth.issuer;
    const first = await createPerson(db, { tenantId: homeTenantId, label: 'admin-one', isAdmin: true, issuer });
    const second = await createPerson(db, { tenantId: homeTenantId, label: 'admin-two', isAdmin: true, issuer });
    const removeAdmin = async (actor: Person, target: Person) =>
      app.inject({
        method: 'POST',
        url: apiPaths.adminUserRole(target.id),
        headers: bearer(await signIn(app, provider, actor)),
        payload: { isAdmin: false },
      });
    // Held until both requests, each let in as an administrator, wait for the administrators' rows.
    const holder = await holdInTransaction(db, (txDb) => lockActiveAdministrators(txDb));
    const responses = Promise.all([removeAdmin(first, second), removeAdmin(second, first)]);
    await releaseOnceWaiting(context, holder, 2);
    const answers = await responses;
    expect(answers.map((response) => response.statusCode).sort()).toEqual([200, 403]);
    expect(answers.find((response) => response.statusCode === 403)?.json()).toMatchObject({ code: 'admin_required' });
    const flags = await db
      .select({ isAdmin: users.isAdmin })
      .from(users)
      .where(inArray(users.id, [first.id, second.id]));
    expect(flags.filter((row) => row.isAdmin)).toHaveLength(1);
    const log = (
      await asAdmin({ method: 'GET', url: apiPaths.adminAuditEvents({ action: 'user_role_changed' }) })
    ).json<AdminAuditPage>();
    expect(log.items.filter((event) => [first.id, second.id].includes(event.targetId ?? ''))).toHaveLength(1);
  });

  it('disabling a user stops their token at once; enabling does not bring the old token back', async () => {
    const victim = await createPerson(context.database.db, {
      tenantId: homeTenantId,
      label: 'to-disable',
      issuer: config.auth.issuer,
    });
    const token = await signIn(app, provider, victim);
    const me = () => app.inject({ method: 'GET', url: apiPaths.userMe, headers: bearer(token) });
    expect((await me()).statusCode).toBe(200);

    const disabled = await asAdmin({
      method: 'POST',
      url: apiPaths.adminUserStatus(victim.id),
      payload: { isDisabled: true },
    });
    expect(disabled.json<AdminUser>().isDisabled).toBe(true);
    const refused = await me();
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'user_disabled' });
    await expect(signIn(app, provider, victim)).rejects.toThrow(/401/);

    await asAdmin({ method: 'POST', url: apiPaths.adminUserStatus(victim.id), payload: { isDisabled: false } });
    expect((await me()).json()).toMatchObject({ code: 'token_revoked' });
    const fresh = await signIn(app, provider, victim);
    expect((await app.inject({ method: 'GET', url: apiPaths.userMe, headers: bearer(fresh) })).statusCode).toBe(200);

    const self = await asAdmin({
      method: 'POST',
      url: apiPaths.adminUserStatus(admin.id),
      payload: { isDisabled: true },
    });
    expect(self.statusCode).toBe(409);
    expect(self.json()).toMatchObject({ code: 'cannot_disable_self' });

    const actions = (
      await asAdmin({ method: 'GET', url: apiPaths.adminAuditEvents({ actorEmail: admin.email }) })
    ).json<AdminAuditPage>();
    const aboutVictim = actions.items.filter((event) => event.targetId === victim.id).map((event) => event.action);
    expect(aboutVictim).toEqual(['user_enabled', 'user_disabled']);
  });

  it('lists uploads of every company by status, with the job queue', async () => {
    const db = context.database.db;
    const upload = (
      status: string,
      minutesAgo: number,
      extra: Partial<typeof transactionUploads.$inferInsert> = {},
    ) => {
      const id = randomUUID();
      return {
        id,
        companyId: acmeId,
        sourceFormat: 'amazon-vtr',
        fileName: `${status}-${minutesAgo}.txt`,
        storageKey: `test/${id}`,
        sha256: id.replaceAll('-', '').padEnd(64, '0'),
        sizeBytes: '1',
        status,
        createdAt: new Date(Date.now() - minutesAgo * 60_000),
        ...extra,
      };
    };
    await db
      .insert(transactionUploads)
      .values([
        upload('failed', 5, { errorCode: 'file_format', rowsRead: 3 }),
        upload('completed', 10, { rowsImported: 42 }),
        upload('queued', 2),
        upload('processing', 1, { heartbeatAt: new Date(Date.now() - 3_600_000), startedAt: new Date() }),
      ]);
    const failed = (
      await asAdmin({ method: 'GET', url: apiPaths.adminUploads({ status: 'failed' }) })
    ).json<AdminUploadPage>();
    expect(failed.items).toHaveLength(1);
    expect(failed.items[0]).toMatchObject({
      companyName: 'Acme Trading GmbH',
      fileName: 'failed-5.txt',
      errorCode: 'file_format',
      rowsRead: 3,
    });
    expect(failed.queue).toMatchObject({ queued: 1, running: 1, stale: 1 });
    expect(failed.queue.oldestQueuedAt).not.toBeNull();

    const all = (await asAdmin({ method: 'GET', url: apiPaths.adminUploads() })).json<AdminUploadPage>();
    expect(all.items.map((item) => item.status)).toEqual(['processing', 'queued', 'failed', 'completed']);
    const wrong = await asAdmin({ method: 'GET', url: apiPaths.adminUploads({ status: 'exploded' }) });
    expect(wrong.statusCode).toBe(400);
  });

  it('lists open filings due within N days or overdue across companies, earliest first', async () => {
    const filing = (companyId: string, periodStart: string, dueInDays: number, filedOn: string | null = null) => ({
      companyId,
      jurisdiction: 'DE',
      filingType: 'vat-return',
      frequency: 'monthly',
      periodStart,
      periodEnd: periodStart,
      dueDate: daysFromToday(dueInDays),
      currency: 'EUR',
      amountEur: '120.50',
      amountLocal: '120.50',
      filedOn,
    });
    await context.database.db
      .insert(filings)
      .values([
        filing(acmeId, '2024-01-01', 10),
        filing(boltId, '2024-02-01', -3),
        filing(acmeId, '2024-03-01', 60),
        filing(acmeId, '2024-04-01', -10, todayIsoDate()),
      ]);
    const page = (
      await asAdmin({ method: 'GET', url: apiPaths.adminFilingsDue({ withinDays: 30 }) })
    ).json<AdminFilingPage>();
    expect(page.items.map((item) => [item.companyName, item.status, item.amountEur])).toEqual([
      ['Bolt Retail SARL', 'overdue', '120.50'],
      ['Acme Trading GmbH', 'due-soon', '120.50'],
    ]);
    expect(page).toMatchObject({ total: 2, withinDays: 30, today: todayIsoDate() });
    const wider = (
      await asAdmin({ method: 'GET', url: apiPaths.adminFilingsDue({ withinDays: 90 }) })
    ).json<AdminFilingPage>();
    expect(wider.total).toBe(3);
  });

  it('shows the client error log newest first, paged', async () => {
    for (const message of ['first failure', 'second failure', 'third failure']) {
      const sent = await app.inject({ method: 'POST', url: apiPaths.logError, payload: { message, component: 'X' } });
      expect(sent.statusCode).toBe(202);
    }
    const page = (
      await asAdmin({ method: 'GET', url: apiPaths.adminClientErrors({ limit: 2 }) })
    ).json<AdminClientErrorPage>();
    expect(page.total).toBe(3);
    expect(page.items.map((item) => item.message)).toEqual(['third failure', 'second failure']);
    const next = (
      await asAdmin({ method: 'GET', url: apiPaths.adminClientErrors({ limit: 2, offset: 2 }) })
    ).json<AdminClientErrorPage>();
    expect(next.items.map((item) => item.message)).toEqual(['first failure']);
  });

  it('pages the audit log with a cursor, filtered by company, and refuses a forged cursor', async () => {
    // Three company switches, the last five events of the log for this company.
    const token = await signIn(app, provider, owner);
    for (const companyId of [acmeId, boltId, acmeId]) {
      await app.inject({ method: 'GET', url: apiPaths.changeCompany(companyId), headers: bearer(token) });
    }
    const first = (
      await asAdmin({ method: 'GET', url: apiPaths.adminAuditEvents({ companyId: acmeId, limit: 1 }) })
    ).json<AdminAuditPage>();
    expect(first.items.map((event) => event.action)).toEqual(['company_switched']);
    expect(first.nextCursor).not.toBeNull();
    const collected = [...first.items];
    let cursor = first.nextCursor;
    while (cursor) {
      const page = (
        await asAdmin({ method: 'GET', url: apiPaths.adminAuditEvents({ companyId: acmeId, limit: 1, cursor }) })
      ).json<AdminAuditPage>();
      collected.push(...page.items);
      cursor = page.nextCursor;
    }
    expect(collected.filter((event) => event.action === 'company_switched')).toHaveLength(2);
    expect(new Set(collected.map((event) => event.id)).size).toBe(collected.length);

    // Three people added in one request share the transaction's time to the microsecond: paging one at a time
    // still reaches each of them once.
    const added = await app.inject({
      method: 'POST',
      url: apiPaths.addUsers(boltId),
      headers: bearer(token),
      payload: ['one', 'two', 'three'].map((label) => ({
        userCreationType: 2,
        email: `${label}-${randomUUID()}@x.test`,
      })),
    });
    expect(added.statusCode, added.body).toBe(201);
    const targets: (string | null)[] = [];
    let addedCursor: string | null | undefined;
    do {
      const page = (
        await asAdmin({
          method: 'GET',
          url: apiPaths.adminAuditEvents({ action: 'company_user_added', limit: 1, cursor: addedCursor ?? undefined }),
        })
      ).json<AdminAuditPage>();
      targets.push(...page.items.map((event) => event.targetId));
      addedCursor = page.nextCursor;
    } while (addedCursor);
    expect(targets).toHaveLength(3);
    expect(new Set(targets).size).toBe(3);

    const forged = await asAdmin({ method: 'GET', url: apiPaths.adminAuditEvents({ cursor: 'bm9wZQ' }) });
    expect(forged.statusCode).toBe(400);
    const nobody = (
      await asAdmin({ method: 'GET', url: apiPaths.adminAuditEvents({ actorEmail: 'nobody@example.test' }) })
    ).json<AdminAuditPage>();
    expect(nobody.items).toEqual([]);
  });

  it('answers the overview: counts and the most urgent items', async () => {
    await context.database.db.update(users).set({ isDisabled: true }).where(eq(users.email, owner.email));
    const overview = (await asAdmin({ method: 'GET', url: apiPaths.adminOverview })).json<AdminOverview>();
    expect(overview.counts).toMatchObject({ tenants: 2, companies: 2, failedUploads: 1, overdueFilings: 1 });
    expect(overview.counts.disabledUsers).toBeGreaterThanOrEqual(1);
    expect(overview.counts.clientErrors).toBe(3);
    expect(overview.failedUploads.map((item) => item.fileName)).toEqual(['failed-5.txt']);
    expect(overview.overdueFilings.map((item) => item.companyName)).toEqual(['Bolt Retail SARL']);
    expect(overview.recentClientErrors[0]?.message).toBe('third failure');
    expect(overview.queue).toMatchObject({ queued: 1, running: 1 });
  });
});
