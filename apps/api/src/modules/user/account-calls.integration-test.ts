import { randomUUID } from 'node:crypto';
import {
  addUsersResponseSchema,
  apiErrorSchema,
  apiPaths,
  checkEmailAddressResponseSchema,
  companyUserListSchema,
  diagnosticResponseSchema,
  LANGUAGES,
  notificationSettingsSchema,
  tokenExchangeResponseSchema,
  userProfileSchema,
  userSchema,
} from '@vatlas/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, companyUsers, notificationSettings, users } from '../../db/schema';
import { forEachDatabase, holdInTransaction, releaseOnceWaiting } from '../../test/databases';
import {
  createTestConfig,
  createTestProvider,
  TEST_INTERNAL_SECRET,
  TEST_PUBLIC_URL,
  type TestProvider,
} from '../../test/test-app';
import { INTERNAL_TOKEN_AUDIENCE, INTERNAL_TOKEN_ISSUER } from '../token/internal-token';
import {
  bearer,
  buildAccountTestApp,
  createCompany,
  createHomeTenant,
  createPerson,
  createRecordingMailer,
  createTenant,
  type Person,
  type RecordingMailer,
  readClaims,
  signIn,
  uniqueEmail,
} from './account-test-kit';

forEachDatabase('account calls of spec §7', (context) => {
  const issuer = createTestConfig().auth.issuer;
  let app: FastifyInstance;
  let provider: TestProvider;
  let mailer: RecordingMailer;
  let homeTenantId: string;
  let partnerTenantId: string;
  let strangerTenantId: string;
  // owner of Acme, member of Cedar (partner tenant); member of Acme; owner of Borealis (the outsider); admin.
  let olivia: Person;
  let max: Person;
  let oscar: Person;
  let ada: Person;
  let acmeId: string;
  let borealisId: string;
  let cedarId: string;
  const tokens = new Map<string, string>();

  const db = () => context.database.db;
  const tokenOf = async (person: Person) => {
    const cached = tokens.get(person.id);
    if (cached) return cached;
    const token = await signIn(app, provider, person);
    tokens.set(person.id, token);
    return token;
  };
  const call = async (person: Person | null, options: InjectOptions) =>
    app.inject({ ...options, headers: { ...options.headers, ...(person ? bearer(await tokenOf(person)) : {}) } });
  const expectError = (response: { statusCode: number; json(): unknown }, status: number, code: string) => {
    expect(response.statusCode).toBe(status);
    expect(apiErrorSchema.parse(response.json()).code).toBe(code);
  };
  const expectInvalidField = (response: { statusCode: number; json(): unknown }, field: string) => {
    expect(response.statusCode).toBe(400);
    const body = apiErrorSchema.parse(response.json());
    expect(body.code).toBe('validation_error');
    expect((body.details as { field: string }[]).map((detail) => detail.field)).toContain(field);
  };
  const person = (label: string, options: { isAdmin?: boolean; tenantId?: string } = {}) =>
    createPerson(db(), { tenantId: options.tenantId ?? homeTenantId, label, isAdmin: options.isAdmin, issuer });

  beforeAll(async () => {
    provider = await createTestProvider(createTestConfig());
    mailer = createRecordingMailer();
    app = await buildAccountTestApp(context.database, { provider, mailer });
    homeTenantId = await createHomeTenant(db());
    partnerTenantId = await createTenant(db(), 'Partner Tenant');
    strangerTenantId = await createTenant(db(), 'Stranger Tenant');
    olivia = await person('olivia');
    max = await person('max');
    oscar = await person('oscar');
    ada = await person('ada', { isAdmin: true });
    acmeId = await createCompany(db(), { tenantId: homeTenantId, name: 'Acme GmbH', owners: [olivia], members: [max] });
    borealisId = await createCompany(db(), { tenantId: homeTenantId, name: 'Borealis AB', owners: [oscar] });
    cedarId = await createCompany(db(), { tenantId: partnerTenantId, name: 'Cedar Ltd', members: [olivia] });
  });
  afterAll(async () => {
    await app?.close();
  });

  describe('GET /api/v1/User/Me', () => {
    it("lists the tenants of the user's companies besides the home tenant, and the token's tenant", async () => {
      const response = await call(olivia, { method: 'GET', url: apiPaths.userMe });
      expect(response.statusCode).toBe(200);
      const me = userSchema.parse(response.json());
      expect(me.tenants.map((tenant) => tenant.id).sort()).toEqual([homeTenantId, partnerTenantId].sort());
      expect(me.selectedTenantId).toBe(readClaims(await tokenOf(olivia)).tid);
      expect(me.companies.map((company) => company.id)).toEqual([acmeId, cedarId]);
    });

    it('lists every tenant to an administrator', async () => {
      const me = userSchema.parse((await call(ada, { method: 'GET', url: apiPaths.userMe })).json());
      expect(me.tenants.map((tenant) => tenant.id)).toEqual(
        expect.arrayContaining([homeTenantId, partnerTenantId, strangerTenantId]),
      );
    });

    it('answers 401 without a token', async () => {
      expectError(await call(null, { method: 'GET', url: apiPaths.userMe }), 401, 'token_missing');
    });
  });

  describe('GET /api/v1/User (diagnostic)', () => {
    it('answers ok with the user id and the server time', async () => {
      const response = await call(max, { method: 'GET', url: apiPaths.userDiagnostic });
      expect(response.statusCode).toBe(200);
      const body = diagnosticResponseSchema.parse(response.json());
      expect(body.userId).toBe(max.id);
      expect(Math.abs(new Date(body.serverTime).getTime() - Date.now())).toBeLessThan(60_000);
    });

    it('answers 401 without a token', async () => {
      expectError(await call(null, { method: 'GET', url: apiPaths.userDiagnostic }), 401, 'token_missing');
    });
  });

  describe('GET /api/v1/User/ListCompanyUsers', () => {
    it('lists owners first, then by e-mail, with invited people marked', async () => {
      const invited = uniqueEmail('aaa-invited');
      await db().insert(users).values({ tenantId: homeTenantId, email: invited, invitedAt: new Date() });
      const [invitedRow] = await db().select().from(users).where(eq(users.email, invited));
      const companyId = await createCompany(db(), {
        tenantId: homeTenantId,
        name: 'Listing Co',
        owners: [olivia],
        members: [max],
      });
      await db()
        .insert(companyUsers)
        .values({ companyId, userId: invitedRow?.id as string, role: 'member' });

      const response = await call(max, { method: 'GET', url: apiPaths.listCompanyUsers(companyId) });
      expect(response.statusCode).toBe(200);
      const list = companyUserListSchema.parse(response.json());
      const members = [invited, max.email].sort();
      expect(list.map((entry) => entry.email)).toEqual([olivia.email, ...members]);
      expect(list[0]).toMatchObject({ userId: olivia.id, role: 'owner', status: 'active', firstName: 'olivia' });
      expect(list.find((entry) => entry.email === invited)).toMatchObject({ role: 'member', status: 'invited' });
    });

    it('answers 400 naming companyId without one, 403 for a foreign company, 401 without a token', async () => {
      expectInvalidField(await call(max, { method: 'GET', url: '/api/v1/User/ListCompanyUsers' }), 'companyId');
      expectError(
        await call(oscar, { method: 'GET', url: apiPaths.listCompanyUsers(acmeId) }),
        403,
        'company_access_denied',
      );
      expectError(await call(null, { method: 'GET', url: apiPaths.listCompanyUsers(acmeId) }), 401, 'token_missing');
    });
  });

  describe('PATCH /api/v1/User/{id}', () => {
    it('changes the own profile', async () => {
      const pat = await person('pat');
      const response = await call(pat, {
        method: 'PATCH',
        url: apiPaths.updateUser(pat.id),
        payload: { firstName: ' Patricia ', language: 'fr' },
      });
      expect(response.statusCode).toBe(200);
      expect(userProfileSchema.parse(response.json())).toEqual({
        userId: pat.id,
        email: pat.email,
        firstName: 'Patricia',
        lastName: 'Tester',
        language: 'fr',
      });
      const [row] = await db().select().from(users).where(eq(users.id, pat.id));
      expect(row).toMatchObject({ firstName: 'Patricia', language: 'fr' });
    });

    it('answers 400 naming the field for an empty name, an unknown language or an empty body', async () => {
      const url = apiPaths.updateUser(max.id);
      expectInvalidField(await call(max, { method: 'PATCH', url, payload: { firstName: '  ' } }), 'firstName');
      expectInvalidField(await call(max, { method: 'PATCH', url, payload: { language: 'xx' } }), 'language');
      expect((await call(max, { method: 'PATCH', url, payload: {} })).statusCode).toBe(400);
      expect((await call(max, { method: 'PATCH', url, payload: { isAdmin: true } })).statusCode).toBe(400);
    });

    it("refuses another person's profile with 403, existing or not, but lets an administrator edit anyone", async () => {
      expectError(
        await call(max, { method: 'PATCH', url: apiPaths.updateUser(olivia.id), payload: { lastName: 'X' } }),
        403,
        'forbidden',
      );
      expectError(
        await call(max, { method: 'PATCH', url: apiPaths.updateUser(randomUUID()), payload: { lastName: 'X' } }),
        403,
        'forbidden',
      );
      const byAdmin = await call(ada, {
        method: 'PATCH',
        url: apiPaths.updateUser(oscar.id),
        payload: { lastName: 'Osborne' },
      });
      expect(byAdmin.statusCode).toBe(200);
      expect(userProfileSchema.parse(byAdmin.json()).lastName).toBe('Osborne');
      expectError(
        await call(ada, { method: 'PATCH', url: apiPaths.updateUser(randomUUID()), payload: { lastName: 'X' } }),
        404,
        'user_not_found',
      );
    });

    it('answers 401 without a token', async () => {
      const response = await call(null, { method: 'PATCH', url: apiPaths.updateUser(max.id), payload: {} });
      expectError(response, 401, 'token_missing');
    });
  });

  describe('notification settings', () => {
    it('answers every type × channel with the defaults', async () => {
      const response = await call(max, { method: 'GET', url: apiPaths.notificationSettings });
      expect(response.statusCode).toBe(200);
      expect(notificationSettingsSchema.parse(response.json())).toEqual([
        { type: 'deadline-reminders', channel: 'email', enabled: true, daysBefore: 7 },
        { type: 'deadline-reminders', channel: 'in-app', enabled: true, daysBefore: 7 },
        { type: 'upload-results', channel: 'email', enabled: true, daysBefore: null },
        { type: 'upload-results', channel: 'in-app', enabled: true, daysBefore: null },
        { type: 'weekly-summary', channel: 'email', enabled: false, daysBefore: null },
        { type: 'weekly-summary', channel: 'in-app', enabled: false, daysBefore: null },
      ]);
    });

    it('upserts one setting, answers the whole list, and keeps the lead time when it is left out', async () => {
      const nina = await person('nina');
      const first = await call(nina, {
        method: 'POST',
        url: apiPaths.updateNotificationSettings('deadline-reminders', 'email'),
        payload: { enabled: false, daysBefore: 3 },
      });
      expect(first.statusCode).toBe(200);
      const list = notificationSettingsSchema.parse(first.json());
      expect(list).toHaveLength(6);
      expect(list[0]).toEqual({ type: 'deadline-reminders', channel: 'email', enabled: false, daysBefore: 3 });

      await call(nina, {
        method: 'POST',
        url: apiPaths.updateNotificationSettings('deadline-reminders', 'email'),
        payload: { enabled: true },
      });
      await call(nina, {
        method: 'POST',
        url: apiPaths.updateNotificationSettings('weekly-summary', 'in-app'),
        payload: { enabled: true },
      });
      const after = notificationSettingsSchema.parse(
        (await call(nina, { method: 'GET', url: apiPaths.notificationSettings })).json(),
      );
      expect(after[0]).toEqual({ type: 'deadline-reminders', channel: 'email', enabled: true, daysBefore: 3 });
      expect(after[5]).toEqual({ type: 'weekly-summary', channel: 'in-app', enabled: true, daysBefore: null });
      const rows = await db().select().from(notificationSettings).where(eq(notificationSettings.userId, nina.id));
      expect(rows).toHaveLength(2);
    });

    it('answers 400 naming the path parameter or field', async () => {
      const update = (type: string, channel: string, payload: unknown) =>
        call(max, {
          method: 'POST',
          url: apiPaths.updateNotificationSettings(type, channel),
          payload: payload as InjectOptions['payload'],
        });
      expectInvalidField(await update('newsletter', 'email', { enabled: true }), 'notificationType');
      expectInvalidField(await update('upload-results', 'sms', { enabled: true }), 'channel');
      expectInvalidField(await update('weekly-summary', 'email', { enabled: true, daysBefore: 3 }), 'daysBefore');
      expectInvalidField(await update('deadline-reminders', 'email', { enabled: true, daysBefore: 0 }), 'daysBefore');
      expectInvalidField(await update('deadline-reminders', 'email', {}), 'enabled');
    });

    it('answers 401 without a token', async () => {
      expectError(await call(null, { method: 'GET', url: apiPaths.notificationSettings }), 401, 'token_missing');
      const response = await call(null, {
        method: 'POST',
        url: apiPaths.updateNotificationSettings('weekly-summary', 'email'),
        payload: { enabled: true },
      });
      expectError(response, 401, 'token_missing');
    });
  });

  describe('POST /api/v1/User/CheckEmailAddress', () => {
    const check = (who: Person | null, email: unknown) =>
      call(who, { method: 'POST', url: apiPaths.checkEmailAddress, payload: { email } as InjectOptions['payload'] });

    it('answers 200 for an address a Vatlas user has, whatever its case, and 404 for one nobody has', async () => {
      const registered = await check(max, olivia.email.toUpperCase());
      expect(registered.statusCode).toBe(200);
      // The answer is the fact, not the owner: no names, ids or language of the person behind the address.
      expect(registered.json()).toEqual({ email: olivia.email.toUpperCase(), isRegistered: true });
      expect(checkEmailAddressResponseSchema.parse(registered.json()).isRegistered).toBe(true);
      expect(registered.body).not.toMatch(/olivia"|Tester|userId/);

      const free = uniqueEmail('free');
      const unknown = await check(max, free);
      expectError(unknown, 404, 'email_not_registered');
      expect(apiErrorSchema.parse(unknown.json()).message).toBe('No Vatlas user has this e-mail address.');
    });

    it('counts an invited user who has not signed in yet as registered', async () => {
      const invited = uniqueEmail('check-invited');
      await db().insert(users).values({ tenantId: homeTenantId, email: invited, invitedAt: new Date() });
      expect((await check(oscar, invited)).statusCode).toBe(200);
    });

    it('answers 400 naming email, and 401 without a token', async () => {
      expectInvalidField(await check(max, 'not-an-address'), 'email');
      expectError(await check(null, uniqueEmail('anon')), 401, 'token_missing');
    });
  });

  describe('POST /api/v2/Company/{companyId}/AddUsers', () => {
    const addUsers = (who: Person | null, companyId: string, payload: unknown) =>
      call(who, { method: 'POST', url: apiPaths.addUsers(companyId), payload: payload as InjectOptions['payload'] });

    it('adds existing users with their own profile (type 1), invites new addresses (type 2), and e-mails each', async () => {
      const owner = await person('owner');
      const existing = await person('existing');
      await db().update(users).set({ language: 'fr' }).where(eq(users.id, existing.id));
      const companyId = await createCompany(db(), { tenantId: partnerTenantId, name: 'Invite & Co', owners: [owner] });
      const invitedDe = uniqueEmail('invited-de');
      const inviteOnly = uniqueEmail('invite-only');
      mailer.sent.length = 0;

      const response = await addUsers(owner, companyId, [
        { userCreationType: 1, email: existing.email.toUpperCase() },
        { userCreationType: 2, email: invitedDe, language: 'de' },
        { userCreationType: 2, email: inviteOnly },
      ]);
      expect(response.statusCode, response.body).toBe(201);
      const added = addUsersResponseSchema.parse(response.json());
      expect(added.map((entry) => [entry.email, entry.role, entry.status])).toEqual([
        [existing.email, 'member', 'active'],
        [invitedDe, 'member', 'invited'],
        [inviteOnly, 'member', 'invited'],
      ]);
      // Type 1 shows the person's own account: their names and language, their id, their home tenant.
      expect(added[0]).toMatchObject({
        userId: existing.id,
        firstName: 'existing',
        lastName: 'Tester',
        language: 'fr',
      });
      const [existingRow] = await db().select().from(users).where(eq(users.id, existing.id));
      expect(existingRow).toMatchObject({ tenantId: homeTenantId, firstName: 'existing', invitedAt: null });

      // Type 2 creates an invited record with the address and the invitation's language only.
      const [invited] = await db().select().from(users).where(eq(users.email, invitedDe));
      expect(invited).toMatchObject({
        tenantId: partnerTenantId,
        firstName: null,
        lastName: null,
        language: 'de',
        identitySubject: null,
      });
      expect(invited?.invitedAt).toBeInstanceOf(Date);
      const [emailOnly] = await db().select().from(users).where(eq(users.email, inviteOnly));
      expect(emailOnly).toMatchObject({ firstName: null, language: 'en', identitySubject: null });

      expect(mailer.sent.map((mail) => mail.to)).toEqual([existing.email, invitedDe, inviteOnly]);
      expect(mailer.sent.map((mail) => mail.subject)).toEqual([
        'Vous avez été ajouté à Invite & Co sur Vatlas',
        'Einladung zu Invite & Co auf Vatlas',
        'You are invited to Invite & Co on Vatlas',
      ]);
      for (const mail of mailer.sent) expect(mail.text).toContain(`${TEST_PUBLIC_URL}/login`);

      // The invited person signs in for the first time: linked by e-mail, then active in the list.
      const token = await signIn(app, provider, { id: '', email: inviteOnly, subject: 'late-subject', tenantId: '' });
      const me = userSchema.parse(
        (await app.inject({ method: 'GET', url: apiPaths.userMe, headers: bearer(token) })).json(),
      );
      expect(me.companies.map((company) => company.id)).toEqual([companyId]);
      const list = companyUserListSchema.parse(
        (await call(owner, { method: 'GET', url: apiPaths.listCompanyUsers(companyId) })).json(),
      );
      expect(list.find((entry) => entry.email === inviteOnly)?.status).toBe('active');
    });

    it("refuses names in a type 1 entry: the profile is the person's own", async () => {
      const companyId = await createCompany(db(), { tenantId: homeTenantId, name: 'Own Names', owners: [olivia] });
      expectInvalidField(
        await addUsers(olivia, companyId, [
          { userCreationType: 1, email: max.email, firstName: 'Someone', lastName: 'Else', language: 'en' },
        ]),
        '0',
      );
      expectInvalidField(
        await addUsers(olivia, companyId, [{ userCreationType: 2, email: uniqueEmail('named'), firstName: 'N' }]),
        '0',
      );
      const [maxRow] = await db().select().from(users).where(eq(users.id, max.id));
      expect(maxRow?.firstName).toBe('max');
    });

    it('adds nothing when one entry conflicts: type 1 for a new address, type 2 for a taken one or a member', async () => {
      const companyId = await createCompany(db(), { tenantId: homeTenantId, name: 'Atomic', owners: [olivia] });
      const wouldBeCreated = uniqueEmail('rolled-back');
      const unknown = uniqueEmail('unknown');
      mailer.sent.length = 0;

      const notRegistered = await addUsers(olivia, companyId, [
        { userCreationType: 2, email: wouldBeCreated },
        { userCreationType: 1, email: unknown },
      ]);
      expectError(notRegistered, 409, 'email_not_registered');
      expect(apiErrorSchema.parse(notRegistered.json()).details).toEqual([
        { field: '1.email', message: 'No Vatlas user has this e-mail address.' },
      ]);
      expect(await db().select().from(users).where(eq(users.email, wouldBeCreated))).toHaveLength(0);
      expect(await db().select().from(users).where(eq(users.email, unknown))).toHaveLength(0);

      const taken = await addUsers(olivia, companyId, [
        { userCreationType: 1, email: max.email },
        { userCreationType: 2, email: oscar.email.toUpperCase() },
      ]);
      expectError(taken, 409, 'email_already_registered');
      expect(apiErrorSchema.parse(taken.json()).details).toEqual([
        { field: '1.email', message: 'This e-mail address already belongs to a Vatlas user.' },
      ]);

      const member = await addUsers(olivia, companyId, [
        { userCreationType: 1, email: max.email },
        { userCreationType: 1, email: olivia.email },
      ]);
      expectError(member, 409, 'already_member');
      const maxMembership = await db()
        .select()
        .from(companyUsers)
        .where(and(eq(companyUsers.companyId, companyId), eq(companyUsers.userId, max.id)));
      expect(maxMembership).toHaveLength(0);
      expect(mailer.sent).toEqual([]);
    });

    it('refuses plain members (403 company_role_required) and lets administrators who belong add people', async () => {
      expectError(
        await addUsers(max, acmeId, [{ userCreationType: 2, email: uniqueEmail('by-member') }]),
        403,
        'company_role_required',
      );
      const adminCompany = await createCompany(db(), {
        tenantId: homeTenantId,
        name: 'Admin Member Co',
        owners: [oscar],
        members: [ada],
      });
      const response = await addUsers(ada, adminCompany, [{ userCreationType: 2, email: uniqueEmail('by-admin') }]);
      expect(response.statusCode).toBe(201);
    });

    it('answers 400 naming the field, 403 for a foreign company, 401 without a token', async () => {
      expectInvalidField(await addUsers(olivia, acmeId, [{ userCreationType: 1 }]), '0.email');
      expectInvalidField(
        await addUsers(olivia, acmeId, [{ userCreationType: 2, email: uniqueEmail('x'), language: 'nl' }]),
        '0.language',
      );
      expectInvalidField(
        await addUsers(olivia, acmeId, [{ userCreationType: 3, email: 'a@b.test' }]),
        '0.userCreationType',
      );
      expect((await addUsers(olivia, acmeId, [])).statusCode).toBe(400);
      const twice = uniqueEmail('twice');
      expectInvalidField(
        await addUsers(olivia, acmeId, [
          { userCreationType: 2, email: twice },
          { userCreationType: 2, email: twice.toUpperCase() },
        ]),
        '1.email',
      );
      const payload = [{ userCreationType: 2, email: uniqueEmail('foreign') }];
      expectError(await addUsers(oscar, acmeId, payload), 403, 'company_access_denied');
      expectError(await addUsers(null, acmeId, payload), 401, 'token_missing');
    });
  });

  describe('GET /api/v1/User/LogOut and token revocation', () => {
    it('revokes every earlier token while a new sign-in works', async () => {
      const leo = await person('leo');
      const first = await signIn(app, provider, leo);
      const second = await signIn(app, provider, leo);
      const logOut = await app.inject({ method: 'GET', url: apiPaths.logOut, headers: bearer(first) });
      expect(logOut.statusCode).toBe(204);
      expect(logOut.body).toBe('');
      for (const old of [first, second]) {
        expectError(
          await app.inject({ method: 'GET', url: apiPaths.userMe, headers: bearer(old) }),
          401,
          'token_revoked',
        );
      }
      const [signedOut] = await db()
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.actorUserId, leo.id), eq(auditEvents.action, 'signed_out')));
      expect(signedOut).toMatchObject({
        action: 'signed_out',
        tenantId: homeTenantId,
        targetType: 'user',
        targetId: leo.id,
        details: {},
      });
      const fresh = await signIn(app, provider, leo);
      expect(readClaims(fresh).gen).toBe(1);
      expect((await app.inject({ method: 'GET', url: apiPaths.userMe, headers: bearer(fresh) })).statusCode).toBe(200);
    });

    it('refuses a disabled user on every call and at the exchange', async () => {
      const dora = await person('dora');
      const token = await signIn(app, provider, dora);
      await db().update(users).set({ isDisabled: true }).where(eq(users.id, dora.id));
      expectError(
        await app.inject({ method: 'GET', url: apiPaths.userMe, headers: bearer(token) }),
        401,
        'user_disabled',
      );
      const exchange = await app.inject({
        method: 'POST',
        url: apiPaths.tokenExchange,
        headers: bearer(await provider.signAccessToken({ sub: dora.subject, email: dora.email })),
      });
      expectError(exchange, 401, 'user_disabled');
    });

    it('refuses a correctly signed token without gen', async () => {
      const token = await new SignJWT({ tid: homeTenantId, cid: null })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(INTERNAL_TOKEN_ISSUER)
        .setAudience(INTERNAL_TOKEN_AUDIENCE)
        .setSubject(max.id)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(new TextEncoder().encode(TEST_INTERNAL_SECRET));
      expectError(
        await app.inject({ method: 'GET', url: apiPaths.userMe, headers: bearer(token) }),
        401,
        'token_invalid',
      );
    });

    it('answers 401 without a token', async () => {
      expectError(await call(null, { method: 'GET', url: apiPaths.logOut }), 401, 'token_missing');
    });
  });

  describe('POST /api/v1/User/ChangeLanguage/{language}', () => {
    it('accepts each language of the list', async () => {
      const lia = await person('lia');
      for (const language of LANGUAGES) {
        const response = await call(lia, { method: 'POST', url: apiPaths.changeLanguage(language) });
        expect(response.statusCode).toBe(200);
        expect(userProfileSchema.parse(response.json()).language).toBe(language);
      }
      expect(LANGUAGES).toEqual(['en', 'de', 'fr', 'it', 'es', 'pl']);
    });

    it('answers 400 naming language for one outside the list, and 401 without a token', async () => {
      expectInvalidField(await call(max, { method: 'POST', url: apiPaths.changeLanguage('xx') }), 'language');
      expectInvalidField(await call(max, { method: 'POST', url: apiPaths.changeLanguage('EN') }), 'language');
      expectError(await call(null, { method: 'POST', url: apiPaths.changeLanguage('de') }), 401, 'token_missing');
    });
  });

  describe('GET /api/v1/Token/ChangeCompany', () => {
    it('selects a company of the member: Me shows it, and it is remembered for the next sign-in', async () => {
      const token = await signIn(app, provider, olivia);
      const response = await app.inject({
        method: 'GET',
        url: apiPaths.changeCompany(cedarId),
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(200);
      const answer = tokenExchangeResponseSchema.parse(response.json());
      expect(readClaims(answer.token)).toMatchObject({ cid: cedarId, tid: partnerTenantId, sub: olivia.id });
      const me = userSchema.parse(
        (await app.inject({ method: 'GET', url: apiPaths.userMe, headers: bearer(answer.token) })).json(),
      );
      expect(me).toMatchObject({ selectedCompanyId: cedarId, selectedTenantId: partnerTenantId });
      const [row] = await db().select().from(users).where(eq(users.id, olivia.id));
      expect(row?.selectedCompanyId).toBe(cedarId);
      expect(readClaims(await signIn(app, provider, olivia)).cid).toBe(cedarId);

      const back = await app.inject({ method: 'GET', url: apiPaths.changeCompany(acmeId), headers: bearer(token) });
      expect(readClaims(tokenExchangeResponseSchema.parse(back.json()).token).cid).toBe(acmeId);
    });

    it('answers a token selecting no company without companyId', async () => {
      const response = await call(max, { method: 'GET', url: apiPaths.changeCompany() });
      expect(response.statusCode).toBe(200);
      expect(readClaims(tokenExchangeResponseSchema.parse(response.json()).token).cid).toBeNull();
    });

    it('answers 403 for a foreign company, 400 naming companyId for a malformed one, 401 without a token', async () => {
      expectError(
        await call(oscar, { method: 'GET', url: apiPaths.changeCompany(acmeId) }),
        403,
        'company_access_denied',
      );
      expectInvalidField(await call(oscar, { method: 'GET', url: apiPaths.changeCompany('nope') }), 'companyId');
      expectError(await call(null, { method: 'GET', url: apiPaths.changeCompany(acmeId) }), 401, 'token_missing');
    });
  });

  describe('GET /api/v1/Token/ChangeTenant', () => {
    it("switches to a tenant of the user's companies and back, keeping the company of that tenant", async () => {
      const token = await signIn(app, provider, olivia);
      await app.inject({ method: 'GET', url: apiPaths.changeCompany(acmeId), headers: bearer(token) });
      const toPartner = await app.inject({
        method: 'GET',
        url: apiPaths.changeTenant(partnerTenantId),
        headers: bearer(token),
      });
      expect(toPartner.statusCode).toBe(200);
      const partnerToken = tokenExchangeResponseSchema.parse(toPartner.json()).token;
      expect(readClaims(partnerToken)).toMatchObject({ tid: partnerTenantId, cid: cedarId });
      const me = userSchema.parse(
        (await app.inject({ method: 'GET', url: apiPaths.userMe, headers: bearer(partnerToken) })).json(),
      );
      expect(me.selectedTenantId).toBe(partnerTenantId);

      const home = await app.inject({
        method: 'GET',
        url: apiPaths.changeTenant(homeTenantId),
        headers: bearer(partnerToken),
      });
      expect(readClaims(tokenExchangeResponseSchema.parse(home.json()).token)).toMatchObject({
        tid: homeTenantId,
        cid: acmeId,
      });
    });

    it('lets an administrator into any tenant, with no company where they have none', async () => {
      const response = await call(ada, { method: 'GET', url: apiPaths.changeTenant(strangerTenantId) });
      expect(response.statusCode).toBe(200);
      expect(readClaims(tokenExchangeResponseSchema.parse(response.json()).token)).toMatchObject({
        tid: strangerTenantId,
        cid: null,
      });
    });

    it('answers 403 for a tenant not in the list, 400 naming tenantId, 401 without a token', async () => {
      expectError(
        await call(max, { method: 'GET', url: apiPaths.changeTenant(partnerTenantId) }),
        403,
        'tenant_access_denied',
      );
      expectError(
        await call(max, { method: 'GET', url: apiPaths.changeTenant(randomUUID()) }),
        403,
        'tenant_access_denied',
      );
      expectInvalidField(await call(max, { method: 'GET', url: apiPaths.changeTenant('nope') }), 'tenantId');
      expectInvalidField(await call(max, { method: 'GET', url: '/api/v1/Token/ChangeTenant' }), 'tenantId');
      expectError(await call(null, { method: 'GET', url: apiPaths.changeTenant(homeTenantId) }), 401, 'token_missing');
    });
  });

  describe('POST /api/v1/User/RemoveUserFromCompany', () => {
    const remove = (who: Person | null, payload: unknown) =>
      call(who, { method: 'POST', url: apiPaths.removeUserFromCompany, payload: payload as InjectOptions['payload'] });
    const isMember = async (companyId: string, userId: string) =>
      (
        await db()
          .select()
          .from(companyUsers)
          .where(and(eq(companyUsers.companyId, companyId), eq(companyUsers.userId, userId)))
      ).length === 1;

    it('lets a member remove themself but nobody else', async () => {
      const [owner, a, b] = [await person('rm-owner'), await person('rm-a'), await person('rm-b')];
      const companyId = await createCompany(db(), {
        tenantId: homeTenantId,
        name: 'Remove Co',
        owners: [owner],
        members: [a, b],
      });
      expectError(await remove(a, { email: b.email, companyId }), 403, 'company_role_required');
      const self = await remove(a, { email: a.email, companyId });
      expect(self.statusCode).toBe(204);
      expect(await isMember(companyId, a.id)).toBe(false);
      expect(await isMember(companyId, b.id)).toBe(true);
    });

    it('removes a member once when the removal is sent twice at the same moment, and audits it once', async () => {
      const [owner, member] = [await person('rm-twice-owner'), await person('rm-twice-member')];
      const companyId = await createCompany(db(), {
        tenantId: homeTenantId,
        name: 'Double Click Co',
        owners: [owner],
        members: [member],
      });
      const membership = and(eq(companyUsers.companyId, companyId), eq(companyUsers.userId, member.id));
      // Held until both removals, each having found the member, wait to delete the membership.
      const holder = await holdInTransaction(db(), (txDb) =>
        txDb.select().from(companyUsers).where(membership).for('update'),
      );
      const answers = Promise.all([
        remove(owner, { email: member.email, companyId }),
        remove(owner, { email: member.email, companyId }),
      ]);
      await releaseOnceWaiting(context, holder, 2);
      const [first, second] = await answers;
      expect([first?.statusCode, second?.statusCode].sort()).toEqual([204, 404]);
      expect(await isMember(companyId, member.id)).toBe(false);
      const audited = await db()
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'company_user_removed'), eq(auditEvents.companyId, companyId)));
      expect(audited.map((event) => event.targetId)).toEqual([member.id]);
    });

    it('lets an owner remove anyone but the last owner', async () => {
      const [owner, second, member] = [await person('o1'), await person('o2'), await person('m1')];
      const companyId = await createCompany(db(), {
        tenantId: homeTenantId,
        name: 'Owners Co',
        owners: [owner, second],
        members: [member],
      });
      expect((await remove(owner, { email: member.email.toUpperCase(), companyId })).statusCode).toBe(204);
      expect((await remove(owner, { email: second.email, companyId })).statusCode).toBe(204);
      expectError(await remove(owner, { email: owner.email, companyId }), 409, 'last_owner');
      expect(await isMember(companyId, owner.id)).toBe(true);
      expectError(await remove(owner, { email: member.email, companyId }), 404, 'member_not_found');
      expectError(await remove(owner, { email: uniqueEmail('nobody'), companyId }), 404, 'member_not_found');
    });

    it('answers 400 naming the field, 403 for a foreign company, 401 without a token', async () => {
      expectInvalidField(await remove(olivia, { email: 'nope', companyId: acmeId }), 'email');
      expectInvalidField(await remove(olivia, { email: max.email, companyId: 'nope' }), 'companyId');
      expectError(await remove(oscar, { email: max.email, companyId: acmeId }), 403, 'company_access_denied');
      expectError(await remove(null, { email: max.email, companyId: acmeId }), 401, 'token_missing');
      expect(await isMember(acmeId, max.id)).toBe(true);
    });
  });

  describe('GET /api/v1/Company/{companyId}', () => {
    it('answers the details to a member, 403 to an outsider, 401 without a token', async () => {
      expect((await call(max, { method: 'GET', url: apiPaths.companyDetails(acmeId) })).statusCode).toBe(200);
      expectError(
        await call(oscar, { method: 'GET', url: apiPaths.companyDetails(acmeId) }),
        403,
        'company_access_denied',
      );
      expectError(await call(null, { method: 'GET', url: apiPaths.companyDetails(borealisId) }), 401, 'token_missing');
    });
  });
});
