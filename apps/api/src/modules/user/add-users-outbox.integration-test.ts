import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addUsersResponseSchema, apiErrorSchema, apiPaths } from '@vatlas/contract';
import type { FastifyInstance } from 'fastify';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_MAIL_FROM } from '../../config';
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
 * The add-user flow of spec §5 as the settings screen runs it — CheckEmailAddress first, then AddUsers with type 1 for
 * a free address and type 2 for a taken one — against the embedded default mailer, so the invitations are the .eml
 * files an operator finds in DATA_DIR/outbox.
 */
forEachDatabase('adding company users writes invitations to the outbox', (context) => {
  const issuer = createTestConfig().auth.issuer;
  let app: FastifyInstance;
  let provider: TestProvider;
  let dataDir: string;
  let owner: Person;
  let existing: Person;
  let companyId: string;
  let token: string;

  const readInvitations = async () =>
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

  it('a free address: the check succeeds, type 1 creates the person, and an invitation in their language lands in the outbox', async () => {
    const email = uniqueEmail('outbox-new');
    expect((await check(email)).statusCode).toBe(200);
    const response = await add([{ userCreationType: 1, email, firstName: 'Frida', lastName: 'Full', language: 'de' }]);
    expect(response.statusCode).toBe(201);
    expect(addUsersResponseSchema.parse(response.json())[0]).toMatchObject({ email, status: 'invited' });

    const mails = await readInvitations();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toEqual([expect.objectContaining({ address: email })]);
    expect(mails[0]?.subject).toBe('Sie wurden zu Outbox Handel GmbH auf Vatlas hinzugefügt');
    expect(mails[0]?.text).toContain(`${TEST_PUBLIC_URL}/login`);
  });

  it('a taken address: the check fails with 409, type 2 adds the account, and they are told by e-mail', async () => {
    const checked = await check(existing.email);
    expect(checked.statusCode).toBe(409);
    expect(apiErrorSchema.parse(checked.json()).code).toBe('email_already_registered');
    const response = await add([{ userCreationType: 2, email: existing.email }]);
    expect(response.statusCode).toBe(201);
    expect(addUsersResponseSchema.parse(response.json())[0]).toMatchObject({
      userId: existing.id,
      status: 'active',
      role: 'member',
    });

    const mails = await readInvitations();
    expect(mails).toHaveLength(2);
    expect(mails[1]?.to).toEqual([expect.objectContaining({ address: existing.email })]);
    expect(mails[1]?.subject).toBe('You have been added to Outbox Handel GmbH on Vatlas');
  });

  it('nothing is written when the add is refused', async () => {
    const response = await add([{ userCreationType: 2, email: existing.email }]);
    expect(response.statusCode).toBe(409);
    expect(apiErrorSchema.parse(response.json()).code).toBe('already_member');
    expect(await readInvitations()).toHaveLength(2);
  });
});
