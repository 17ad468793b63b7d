import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addUsersResponseSchema, apiErrorSchema, apiPaths } from '@vatlas/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_MAIL_FROM } from '../../config';
import { users } from '../../db/schema';
import { forEachDatabase } from '../../test/databases';
import { createTestConfig, createTestProvider, TEST_PUBLIC_URL, type TestProvider } from '../../test/test-app';
import { createMailer, outboxDirectory } from '../mail/mailer';
import {
  bearer,
  buildAccountTestApp,
  createCompany,
  createHomeTenant,
  createPerson,
  type Person,
  signIn,
  uniqueEmail,
} from './account-test-kit';

/**
 * The add-user flow of spec §5 as the settings screen runs it (decision 010) — CheckEmailAddress first, then AddUsers
 * with type 1 for an address a Vatlas user has and type 2 for a new one — against the embedded default mailer, so
 * the e-mails are the .eml files an operator finds in DATA_DIR/outbox.
 */
forEachDatabase('adding company users writes their e-mails to the outbox', (context) => {
  const issuer = createTestConfig().auth.issuer;
  let app: FastifyInstance;
  let provider: TestProvider;
  let dataDir: string;
  let owner: Person;
  let existing: Person;
  let companyId: string;
  let token: string;

  const readMails = async () =>
    Promise.all(
      readdirSync(outboxDirectory(dataDir))
        .sort()
        .map((file) => PostalMime.parse(readFileSync(join(outboxDirectory(dataDir), file)))),
    );

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'vatlas-add-users-'));
    provider = await createTestProvider(createTestConfig());
    const mailer = createMailer({ smtpUrl: null, mailFrom: DEFAULT_MAIL_FROM, dataDir });
    app = await buildAccountTestApp(context.database, { provider, mailer });
    const tenantId = await createHomeTenant(context.database.db);
    owner = await createPerson(context.database.db, { tenantId, label: 'outbox-owner', issuer });
    existing = await createPerson(context.database.db, { tenantId, label: 'outbox-existing', issuer });
    await context.database.db.update(users).set({ language: 'it' }).where(eq(users.id, existing.id));
    companyId = await createCompany(context.database.db, { tenantId, name: 'Outbox Handel GmbH', owners: [owner] });
    token = await signIn(app, provider, owner);
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const check = (email: string) =>
    app.inject({ method: 'POST', url: apiPaths.checkEmailAddress, headers: bearer(token), payload: { email } });
  const add = (payload: unknown[]) =>
    app.inject({ method: 'POST', url: apiPaths.addUsers(companyId), headers: bearer(token), payload });

  it('a new address: the check fails with 404, type 2 invites it, and the invitation in its language lands in the outbox', async () => {
    const email = uniqueEmail('outbox-new');
    const checked = await check(email);
    expect(checked.statusCode).toBe(404);
    expect(apiErrorSchema.parse(checked.json()).code).toBe('email_not_registered');
    const response = await add([{ userCreationType: 2, email, language: 'de' }]);
    expect(response.statusCode).toBe(201);
    expect(addUsersResponseSchema.parse(response.json())[0]).toMatchObject({
      email,
      status: 'invited',
      firstName: null,
      lastName: null,
      language: 'de',
    });

    const mails = await readMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toEqual([expect.objectContaining({ address: email })]);
    expect(mails[0]?.subject).toBe('Einladung zu Outbox Handel GmbH auf Vatlas');
    expect(mails[0]?.text).toContain('wenn Sie sich zum ersten Mal anmelden');
    expect(mails[0]?.text).toContain(`${TEST_PUBLIC_URL}/login`);
  });

  it('an existing user: the check succeeds, type 1 adds them with their own profile, and a notice in their language lands in the outbox', async () => {
    const checked = await check(existing.email);
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toEqual({ email: existing.email, isRegistered: true });
    const response = await add([{ userCreationType: 1, email: existing.email }]);
    expect(response.statusCode).toBe(201);
    expect(addUsersResponseSchema.parse(response.json())[0]).toMatchObject({
      userId: existing.id,
      firstName: 'outbox-existing',
      lastName: 'Tester',
      language: 'it',
      status: 'active',
      role: 'member',
    });

    const mails = await readMails();
    expect(mails).toHaveLength(2);
    expect(mails[1]?.to).toEqual([expect.objectContaining({ address: existing.email })]);
    expect(mails[1]?.subject).toBe('Sei stato aggiunto a Outbox Handel GmbH su Vatlas');
    expect(mails[1]?.text).toContain(`${TEST_PUBLIC_URL}/login`);
  });

  it('nothing is written when the add is refused', async () => {
    const member = await add([{ userCreationType: 1, email: existing.email }]);
    expect(member.statusCode).toBe(409);
    expect(apiErrorSchema.parse(member.json()).code).toBe('already_member');
    const taken = await add([{ userCreationType: 2, email: owner.email }]);
    expect(apiErrorSchema.parse(taken.json()).code).toBe('email_already_registered');
    const unknown = await add([{ userCreationType: 1, email: uniqueEmail('outbox-unknown') }]);
    expect(apiErrorSchema.parse(unknown.json()).code).toBe('email_not_registered');
    expect(await readMails()).toHaveLength(2);
  });
});
