import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiPaths, userSchema } from '@vatlas/contract';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANY_IDS } from './modules/identity/seed';
import {
  exchangeForSession,
  findFreePort,
  type RunningServer,
  signInWithPkce,
  spawnServer,
  startServer,
  stopServer,
} from './test/server-process';

async function fetchMe(publicUrl: string, sessionToken: string): Promise<Response> {
  return fetch(`${publicUrl}${apiPaths.userMe}`, { headers: { authorization: `Bearer ${sessionToken}` } });
}

describe('the server process (PGlite, embedded provider)', () => {
  let dataDir: string;
  let port: number;
  let publicUrl: string;
  let env: Record<string, string>;
  let first: RunningServer;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'vatlas-server-'));
    port = await findFreePort();
    publicUrl = `http://127.0.0.1:${port}`;
    env = { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: publicUrl, DATABASE_URL: '' };
    first = await startServer(env);
  });

  afterAll(async () => {
    if (first) await stopServer(first);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a second process on the same DATA_DIR, naming the directory', async () => {
    const second = spawnServer({ ...env, PORT: String(await findFreePort()) });
    const exitCode = await second.exited;
    expect(exitCode).not.toBe(0);
    expect(second.output()).toContain(dataDir);
    expect(second.output()).toContain('Another Vatlas process');
    // The first one is unharmed.
    expect((await fetch(`${publicUrl}${apiPaths.health}`)).status).toBe(200);
  });

  it('signs the seller in through the embedded provider, keeps everything across a restart', async () => {
    const tokens = await signInWithPkce(publicUrl, 'seller@vatlas.test', 'vatlas-demo');
    expect(decodeJwt(tokens.access_token).aud).toBe('vatlas-api');
    expect(tokens.refresh_token).toEqual(expect.any(String));

    const sessionToken = await exchangeForSession(publicUrl, tokens.access_token);
    const meResponse = await fetchMe(publicUrl, sessionToken);
    expect(meResponse.status).toBe(200);
    const me = userSchema.parse(await meResponse.json());
    expect(me.selectedCompany).toMatchObject({
      id: DEMO_COMPANY_IDS.nordlicht,
      subscriptionCountryCodes: ['DE', 'FR'],
    });

    const keysBefore = readFileSync(join(dataDir, 'keys', 'idp-jwks.json'), 'utf8');
    const secretBefore = readFileSync(join(dataDir, 'keys', 'internal-token-secret'), 'utf8');

    expect(await stopServer(first)).toBe(0);
    first = await startServer(env);

    expect(readFileSync(join(dataDir, 'keys', 'idp-jwks.json'), 'utf8')).toBe(keysBefore);
    expect(readFileSync(join(dataDir, 'keys', 'internal-token-secret'), 'utf8')).toBe(secretBefore);

    // The session token of before the restart still opens Me for the same user.
    const afterRestart = await fetchMe(publicUrl, sessionToken);
    expect(afterRestart.status).toBe(200);
    expect(((await afterRestart.json()) as { userId: string }).userId).toBe(me.userId);

    // The refresh token lives in the database, so the provider still honours it.
    const refreshed = await fetch(`${publicUrl}/idp/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token ?? '',
        client_id: 'vatlas-web',
      }).toString(),
    });
    expect(refreshed.status).toBe(200);
    const refreshedTokens = (await refreshed.json()) as { access_token: string };
    const newSession = await exchangeForSession(publicUrl, refreshedTokens.access_token);
    const meAgain = await fetchMe(publicUrl, newSession);
    expect(((await meAgain.json()) as { userId: string }).userId).toBe(me.userId);
  });

  it('keeps every onboarding value a new user entered across a restart', async () => {
    const tokens = await signInWithPkce(publicUrl, 'new@vatlas.test', 'vatlas-demo');
    const session = await exchangeForSession(publicUrl, tokens.access_token);
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${publicUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${session}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      expect(response.status, `${method} ${path}: ${response.status}`).toBeLessThan(300);
      return response.status === 204 ? null : ((await response.json()) as unknown);
    };

    const created = (await call('POST', apiPaths.createCompany, { legalNameOfBusiness: 'Restart Probe GmbH' })) as {
      companyId: string;
    };
    const companyId = created.companyId;
    await call('PUT', apiPaths.businessType(companyId), {
      legalNameOfBusiness: 'Restart Probe GmbH',
      establishmentCountryCode: 'DE',
      companyType: 'corporation',
      legalForm: 'gmbh',
      termsAndConditionsAccepted: true,
    });
    await call('PUT', apiPaths.companyAddress(companyId), {
      street: 'Invalidenstraße',
      houseNumber: '117',
      zipCode: '10115',
      city: 'Berlin',
      state: 'Berlin',
    });
    await call('PUT', apiPaths.productType(companyId), {
      productTypes: ['physical-goods'],
      salesChannels: ['marketplaces'],
      marketplaces: ['amazon'],
    });
    await call('PUT', apiPaths.questionnaire(companyId), {
      establishmentCountryCode: 'DE',
      ownWarehouseCountries: [],
      fulfilmentCenterCountries: ['PL'],
      euDistanceSales: { currentYear: '12500.00', previousYear: '4000' },
      marketplaceDeemedSupplier: 'none',
      hasLowValueImports: false,
      ukSales: '0',
      swissSales: '0',
      worldwideTurnover: '0',
      norwaySales: '0',
    });
    await call('PUT', apiPaths.registrationJurisdictions(companyId), { countryCodes: ['PL'] });
    await call('PUT', apiPaths.legalRepresentative(companyId), {
      firstName: 'Nora',
      lastName: 'Neumann',
      dateOfBirth: '1985-04-12',
      nationality: 'DE',
      idDocumentType: 'passport',
      idDocumentNumber: 'C01X00T47',
      idDocumentExpiry: '2031-06-30',
    });
    await call('PUT', apiPaths.businessDetails(companyId), {
      legalNameOfBusiness: 'Restart Probe GmbH',
      legalForm: 'gmbh',
      incorporationNumber: 'HRB 123456 B',
      incorporationDate: '2019-03-01',
      vatNumber: 'DE136695976',
    });
    await call('PUT', apiPaths.bankAccount(companyId), {
      accountHolder: 'Restart Probe GmbH',
      iban: 'DE89 3704 0044 0532 0130 00',
      bic: 'COBADEFFXXX',
    });

    const readEverything = async () => ({
      company: await call('GET', apiPaths.companyDetails(companyId)),
      onboarding: await call('GET', apiPaths.onboarding(companyId)),
      questionnaire: await call('GET', apiPaths.questionnaire(companyId)),
      jurisdictions: await call('GET', apiPaths.registrationJurisdictions(companyId)),
      legalRepresentative: await call('GET', apiPaths.legalRepresentative(companyId)),
      businessDetails: await call('GET', apiPaths.businessDetails(companyId)),
      bankAccount: await call('GET', apiPaths.bankAccount(companyId)),
    });
    const before = await readEverything();
    expect(before.company).toMatchObject({ city: 'Berlin', zipCode: '10115', vatNumber: 'DE136695976' });
    expect(before.bankAccount).toMatchObject({ iban: 'DE89370400440532013000' });

    expect(await stopServer(first)).toBe(0);
    first = await startServer(env);

    expect(await readEverything()).toEqual(before);
  });
});
