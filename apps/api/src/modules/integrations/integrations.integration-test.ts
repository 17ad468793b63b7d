import { apiPaths, integrationListSchema } from '@vatlas/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { forEachDatabase } from '../../test/databases';
import { createTestConfig, createTestProvider } from '../../test/test-app';
import {
  bearer,
  buildAccountTestApp,
  createCompany,
  createHomeTenant,
  createPerson,
  createRecordingMailer,
  signIn,
} from '../user/account-test-kit';

forEachDatabase('integrations API', (context) => {
  const config = createTestConfig();
  let app: FastifyInstance;
  let companyId: string;
  let token: string;

  beforeAll(async () => {
    const db = context.database.db;
    const provider = await createTestProvider(config);
    app = await buildAccountTestApp(context.database, { provider, mailer: createRecordingMailer() });
    const tenantId = await createHomeTenant(db);
    const owner = await createPerson(db, { tenantId, label: 'integrations-owner', issuer: config.auth.issuer });
    companyId = await createCompany(db, { tenantId, name: 'Integrations Co', owners: [owner] });
    token = await signIn(app, provider, owner);
  });
  afterAll(async () => {
    await app?.close();
  });

  const list = async () =>
    integrationListSchema.parse(
      (await app.inject({ method: 'GET', url: apiPaths.integrations(companyId), headers: bearer(token) })).json(),
    );

  it('lists the four providers, none connected', async () => {
    expect((await list()).map((entry) => [entry.provider, entry.status, entry.updatedAt])).toEqual([
      ['amazon', 'not-connected', null],
      ['shopify', 'not-connected', null],
      ['ebay', 'not-connected', null],
      ['etsy', 'not-connected', null],
    ]);
  });

  it('records the choice of file upload and its undoing', async () => {
    const chosen = await app.inject({
      method: 'PUT',
      url: apiPaths.integration(companyId, 'shopify'),
      headers: bearer(token),
      payload: { status: 'file-upload' },
    });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({ provider: 'shopify', status: 'file-upload' });
    expect((await list()).find((entry) => entry.provider === 'shopify')?.status).toBe('file-upload');

    await app.inject({
      method: 'PUT',
      url: apiPaths.integration(companyId, 'shopify'),
      headers: bearer(token),
      payload: { status: 'not-connected' },
    });
    expect((await list()).find((entry) => entry.provider === 'shopify')?.status).toBe('not-connected');
  });

  it.each([
    ['a "connected" status', 'amazon', { status: 'connected' }, 'status'],
    ['an unknown provider', 'woocommerce', { status: 'file-upload' }, 'provider'],
  ])('refuses %s with 400 naming the field', async (_label, provider, payload, field) => {
    const response = await app.inject({
      method: 'PUT',
      url: apiPaths.integration(companyId, provider),
      headers: bearer(token),
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([expect.objectContaining({ field })]);
  });
});
