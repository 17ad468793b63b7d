import { addUsersResponseSchema, apiPaths } from '@vatlas/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { forEachDatabase } from '../../test/databases';
import { createTestConfig, type TestProvider } from '../../test/test-app';
import {
  bearer,
  createPerson,
  createTenant,
  type Person,
  signIn,
  startAppWithCompanyOwner,
  uniqueEmail,
} from '../user/account-test-kit';
import { listAuditEvents } from './repository';

/**
 * The account and token actions land in the audit log through the real API. (Documents, signing and filings check
 * theirs in their own test files; the admin actions in the admin module's.)
 */
forEachDatabase('audit log of account actions', (context) => {
  const config = createTestConfig();
  let app: FastifyInstance;
  let provider: TestProvider;
  let owner: Person;
  let companyId: string;
  let tenantId: string;
  let token: string;

  const latest = async (action: Parameters<typeof listAuditEvents>[1]['action']) =>
    (await listAuditEvents(context.database.db, { limit: 1, action }))[0];

  beforeAll(async () => {
    ({ app, provider, owner, companyId, tenantId, token } = await startAppWithCompanyOwner(context.database, {
      label: 'audit-owner',
      companyName: 'Audit Co',
    }));
  });
  afterAll(async () => {
    await app?.close();
  });

  it('records a sign-in with the user, tenant and company', async () => {
    expect(await latest('sign_in')).toMatchObject({ actorUserId: owner.id, tenantId, companyId, details: {} });
  });

  it('records one sign-in per provider token: exchanging it again, as every reload does, adds none', async () => {
    const signInsOfOwner = async () =>
      (await listAuditEvents(context.database.db, { limit: 100, action: 'sign_in', actorUserId: owner.id })).length;
    const exchange = async (providerToken: string) => {
      const response = await app.inject({
        method: 'POST',
        url: apiPaths.tokenExchange,
        headers: bearer(providerToken),
      });
      expect(response.statusCode).toBe(200);
    };
    const before = await signInsOfOwner();
    const first = await provider.signAccessToken({ sub: owner.subject, email: owner.email, jti: 'provider-token-1' });
    await exchange(first);
    await exchange(first);
    await exchange(first);
    expect(await signInsOfOwner()).toBe(before + 1);
    // A new provider token (a new sign-in, or the hourly renewal) is a new event.
    await exchange(await provider.signAccessToken({ sub: owner.subject, email: owner.email, jti: 'provider-token-2' }));
    expect(await signInsOfOwner()).toBe(before + 2);
    // Microsoft Entra names it `uti`.
    const entra = await provider.signAccessToken({ sub: owner.subject, email: owner.email, uti: 'entra-token-1' });
    await exchange(entra);
    await exchange(entra);
    expect(await signInsOfOwner()).toBe(before + 3);
    // A token without an id of its own cannot be told apart from the last: each exchange is recorded.
    const anonymous = await provider.signAccessToken({ sub: owner.subject, email: owner.email });
    await exchange(anonymous);
    await exchange(anonymous);
    expect(await signInsOfOwner()).toBe(before + 5);
  });

  it('records a refused token exchange by its reason code only', async () => {
    const response = await app.inject({
      method: 'POST',
      url: apiPaths.tokenExchange,
      headers: bearer(
        await provider.signAccessToken(
          { sub: owner.subject, email: owner.email },
          { expiresIn: Math.floor(Date.now() / 1000) - 60 },
        ),
      ),
    });
    expect(response.statusCode).toBe(401);
    const event = await latest('token_exchange_failed');
    expect(event).toMatchObject({ actorUserId: null, companyId: null, details: { reason: 'token_expired' } });
    expect(JSON.stringify(event)).not.toContain(owner.email);
  });

  it('records company and tenant switches', async () => {
    const switched = await app.inject({
      method: 'GET',
      url: apiPaths.changeCompany(companyId),
      headers: bearer(token),
    });
    expect(switched.statusCode).toBe(200);
    expect(await latest('company_switched')).toMatchObject({ actorUserId: owner.id, companyId, tenantId });

    const tenant = await app.inject({ method: 'GET', url: apiPaths.changeTenant(tenantId), headers: bearer(token) });
    expect(tenant.statusCode).toBe(200);
    expect(await latest('tenant_switched')).toMatchObject({ actorUserId: owner.id, tenantId });

    // A refused switch records nothing.
    const foreignTenant = await createTenant(context.database.db, 'Foreign');
    await app.inject({ method: 'GET', url: apiPaths.changeTenant(foreignTenant), headers: bearer(token) });
    expect((await latest('tenant_switched'))?.tenantId).toBe(tenantId);
  });

  it('records users added to (type 1 and type 2) and removed from a company, with ids only', async () => {
    const existing = await createPerson(context.database.db, {
      tenantId,
      label: 'audit-existing',
      firstName: 'Lovelace',
      issuer: config.auth.issuer,
    });
    const invited = uniqueEmail('audit-invited');
    const added = await app.inject({
      method: 'POST',
      url: apiPaths.addUsers(companyId),
      headers: bearer(token),
      payload: [
        { userCreationType: 1, email: existing.email },
        { userCreationType: 2, email: invited, language: 'en' },
      ],
    });
    expect(added.statusCode, added.body).toBe(201);
    const [, invitedUser] = addUsersResponseSchema.parse(added.json());
    const addedEvents = await listAuditEvents(context.database.db, { limit: 2, action: 'company_user_added' });
    const existingEvent = addedEvents.find((event) => event.targetId === existing.id);
    expect(existingEvent).toMatchObject({
      actorUserId: owner.id,
      companyId,
      targetType: 'user',
      details: { role: 'member', userCreationType: 1 },
    });
    const invitedEvent = addedEvents.find((event) => event.targetId === invitedUser?.userId);
    expect(invitedEvent).toMatchObject({
      actorUserId: owner.id,
      companyId,
      targetType: 'user',
      details: { role: 'member', userCreationType: 2 },
    });
    expect(JSON.stringify(addedEvents)).not.toMatch(/Lovelace|audit-existing|audit-invited/);

    const removed = await app.inject({
      method: 'POST',
      url: apiPaths.removeUserFromCompany,
      headers: bearer(token),
      payload: { email: existing.email, companyId },
    });
    expect(removed.statusCode).toBe(204);
    expect(await latest('company_user_removed')).toMatchObject({
      actorUserId: owner.id,
      companyId,
      targetId: existing.id,
    });
  });

  it('records a sign-out', async () => {
    const person = await createPerson(context.database.db, { tenantId, label: 'leaver', issuer: config.auth.issuer });
    const own = await signIn(app, provider, person);
    expect((await app.inject({ method: 'GET', url: apiPaths.logOut, headers: bearer(own) })).statusCode).toBe(204);
    expect(await latest('signed_out')).toMatchObject({ actorUserId: person.id, tenantId });
  });
});
