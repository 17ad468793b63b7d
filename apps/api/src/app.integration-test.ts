import { randomUUID } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { apiPaths, clientConfigSchema, companyDetailsSchema, healthResponseSchema, userSchema } from '@vatlas/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import migrationJournal from '../drizzle/meta/_journal.json';
import { idpAccounts, users } from './db/schema';
import { DEMO_COMPANY_IDS, seedDemoData } from './modules/identity/seed';
import { createInternalTokens } from './modules/token/internal-token';
import { guard, MissingRouteGuardError } from './plugins/route-guard';
import { forEachDatabase } from './test/databases';
import {
  buildTestApp,
  createTestConfig,
  createTestProvider,
  encodeSegment,
  TEST_INTERNAL_SECRET,
  type TestProvider,
} from './test/test-app';

forEachDatabase('the API app', (context) => {
  const config = createTestConfig();
  let app: FastifyInstance;
  let provider: TestProvider;

  beforeAll(async () => {
    await seedDemoData(context.database.db, { issuer: config.auth.issuer });
    // Seeding twice must change nothing.
    await seedDemoData(context.database.db, { issuer: config.auth.issuer });
    provider = await createTestProvider(config);
    app = await buildTestApp(context.database, {
      config,
      provider,
      registerExtraRoutes: (instance) => {
        const typed = instance.withTypeProvider<ZodTypeProvider>();
        typed.get(
          '/api/test/validated',
          { config: guard('public'), schema: { querystring: z.object({ count: z.coerce.number().int().min(1) }) } },
          async (request) => ({ count: request.query.count }),
        );
        typed.get('/api/test/explodes', { config: guard('public') }, async () => {
          throw new Error('secret database detail');
        });
      },
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  async function signInAs(email: string): Promise<string> {
    const [account] = await context.database.db.select().from(idpAccounts).where(eq(idpAccounts.email, email));
    if (!account) throw new Error(`no demo account ${email}`);
    const response = await app.inject({
      method: 'POST',
      url: apiPaths.tokenExchange,
      headers: { authorization: `Bearer ${await provider.signAccessToken({ sub: account.id, email })}` },
    });
    expect(response.statusCode).toBe(200);
    return response.json().token as string;
  }

  const getMe = (token: string) =>
    app.inject({ method: 'GET', url: apiPaths.userMe, headers: { authorization: `Bearer ${token}` } });

  describe('seeded demo data', () => {
    it('creates each demo user, account and company once', async () => {
      const db = context.database.db;
      expect(await db.select().from(idpAccounts)).toHaveLength(4);
      const seeded = await db.select().from(users);
      // The visitor has only a provider account until their first sign-in.
      expect(seeded.filter((user) => user.email.endsWith('@vatlas.test')).map((user) => user.email)).toEqual(
        expect.arrayContaining(['new@vatlas.test', 'seller@vatlas.test', 'admin@vatlas.test']),
      );
      expect(seeded.filter((user) => user.email.endsWith('@vatlas.test'))).toHaveLength(3);
    });

    it("creates the visitor's Vatlas user at the first sign-in, in the browser's language", async () => {
      const [account] = await context.database.db
        .select()
        .from(idpAccounts)
        .where(eq(idpAccounts.email, 'visitor@vatlas.test'));
      const response = await app.inject({
        method: 'POST',
        url: apiPaths.tokenExchange,
        headers: {
          authorization: `Bearer ${await provider.signAccessToken({ sub: account?.id, email: 'visitor@vatlas.test' })}`,
          'accept-language': 'it-IT,it;q=0.9',
        },
      });
      expect(response.statusCode).toBe(200);
      const user = userSchema.parse((await getMe(response.json().token)).json());
      expect(user).toMatchObject({ email: 'visitor@vatlas.test', language: 'it', companies: [] });
    });
  });

  describe('GET /api/v1/User/Me', () => {
    it("shows the seller's company with its subscription countries", async () => {
      const response = await getMe(await signInAs('seller@vatlas.test'));
      expect(response.statusCode).toBe(200);
      const user = userSchema.parse(response.json());
      expect(user.email).toBe('seller@vatlas.test');
      expect(user.isAdmin).toBe(false);
      expect(user.selectedCompanyId).toBe(DEMO_COMPANY_IDS.nordlicht);
      expect(user.companies).toHaveLength(1);
      expect(user.selectedCompany).toMatchObject({
        id: DEMO_COMPANY_IDS.nordlicht,
        legalNameOfBusiness: 'Nordlicht Trading GmbH',
        countryOfEstablishment: 'Germany',
        countryIdOfEstablishment: 276,
        countryCodeOfEstablishment: 'DE',
        subscriptionCountryCodes: ['DE', 'FR'],
        subscriptionCountries: ['Germany', 'France'],
        termsAndConditionsAccepted: true,
      });
    });

    it('lists both companies of the admin, by name, and marks them admin', async () => {
      const user = userSchema.parse((await getMe(await signInAs('admin@vatlas.test'))).json());
      expect(user.isAdmin).toBe(true);
      expect(user.companies.map((company) => company.legalNameOfBusiness)).toEqual([
        'Alpenrand Handels GmbH',
        'Nordlicht Trading GmbH',
      ]);
      expect(user.selectedCompanyId).toBe(DEMO_COMPANY_IDS.alpenrand);
    });

    it("honours the token's company while it is a membership, and ignores it otherwise", async () => {
      const [admin] = await context.database.db.select().from(users).where(eq(users.email, 'admin@vatlas.test'));
      if (!admin) throw new Error('admin missing');
      const tokens = createInternalTokens({ secret: TEST_INTERNAL_SECRET, ttlSeconds: 600 });
      const withMembership = await tokens.issue({
        userId: admin.id,
        tenantId: admin.tenantId,
        companyId: DEMO_COMPANY_IDS.nordlicht,
        generation: 0,
      });
      expect((await getMe(withMembership.token)).json().selectedCompanyId).toBe(DEMO_COMPANY_IDS.nordlicht);
      const withStranger = await tokens.issue({
        userId: admin.id,
        tenantId: admin.tenantId,
        companyId: randomUUID(),
        generation: 0,
      });
      expect((await getMe(withStranger.token)).json().selectedCompanyId).toBe(DEMO_COMPANY_IDS.alpenrand);
    });

    describe('refuses', () => {
      let sellerToken: string;
      let sellerId: string;
      let tenantId: string;
      beforeAll(async () => {
        sellerToken = await signInAs('seller@vatlas.test');
        const [seller] = await context.database.db.select().from(users).where(eq(users.email, 'seller@vatlas.test'));
        sellerId = seller?.id ?? '';
        tenantId = seller?.tenantId ?? '';
      });

      async function expectUnauthorized(token: string | undefined, code?: string) {
        const response = await app.inject({
          method: 'GET',
          url: apiPaths.userMe,
          headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
        });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ code: code ?? expect.any(String), message: expect.any(String) });
      }

      it('a request without a token', async () => {
        await expectUnauthorized(undefined, 'token_missing');
      });

      it('a session token signed with another secret', async () => {
        const other = createInternalTokens({
          secret: 'another-secret-of-at-least-thirty-two-chars!!',
          ttlSeconds: 600,
        });
        const { token } = await other.issue({ userId: sellerId, tenantId, companyId: null, generation: 0 });
        await expectUnauthorized(token, 'token_invalid');
      });

      it('a session token whose payload was tampered with', async () => {
        const [header, payload, signature] = sellerToken.split('.');
        const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
        const [admin] = await context.database.db.select().from(users).where(eq(users.email, 'admin@vatlas.test'));
        const forged = `${header}.${encodeSegment({ ...claims, sub: admin?.id })}.${signature}`;
        await expectUnauthorized(forged, 'token_invalid');
      });

      it('an unsigned session token (alg none)', async () => {
        const claims = JSON.parse(Buffer.from(sellerToken.split('.')[1] ?? '', 'base64url').toString());
        await expectUnauthorized(
          `${encodeSegment({ alg: 'none', typ: 'JWT' })}.${encodeSegment(claims)}.`,
          'token_invalid',
        );
      });

      it('a provider access token used as a session token', async () => {
        await expectUnauthorized(await provider.signAccessToken({ sub: sellerId }), 'token_invalid');
      });

      it('an expired session token', async () => {
        const past = createInternalTokens({
          secret: TEST_INTERNAL_SECRET,
          ttlSeconds: 60,
          now: () => new Date(Date.now() - 3600_000),
        });
        const { token } = await past.issue({ userId: sellerId, tenantId, companyId: null, generation: 0 });
        await expectUnauthorized(token, 'token_expired');
      });

      it('a valid session token of a user that does not exist', async () => {
        const tokens = createInternalTokens({ secret: TEST_INTERNAL_SECRET, ttlSeconds: 600 });
        const { token } = await tokens.issue({ userId: randomUUID(), tenantId, companyId: null, generation: 0 });
        await expectUnauthorized(token, 'user_unknown');
      });

      it('a session token with the right secret but the wrong audience', async () => {
        const token = await new SignJWT({ tid: tenantId, cid: null })
          .setProtectedHeader({ alg: 'HS256' })
          .setIssuer('vatlas')
          .setAudience('somebody-else')
          .setSubject(sellerId)
          .setExpirationTime('5m')
          .sign(new TextEncoder().encode(TEST_INTERNAL_SECRET));
        await expectUnauthorized(token, 'token_invalid');
      });
    });
  });

  describe('GET /api/v1/Company/:companyId', () => {
    it('answers the details to a member', async () => {
      const response = await app.inject({
        method: 'GET',
        url: apiPaths.companyDetails(DEMO_COMPANY_IDS.nordlicht),
        headers: { authorization: `Bearer ${await signInAs('seller@vatlas.test')}` },
      });
      expect(response.statusCode).toBe(200);
      expect(companyDetailsSchema.parse(response.json())).toMatchObject({
        companyId: DEMO_COMPANY_IDS.nordlicht,
        legalNameOfBusiness: 'Nordlicht Trading GmbH',
        establishmentCountryCode: 'DE',
        establishmentCountryId: 276,
        zipCode: '10115',
        city: 'Berlin',
        street: 'Friedrichstraße',
        houseNumber: '12',
        vatNumber: 'DE136695976',
        subscriptionDate: '2025-01-15',
      });
    });

    it('answers 403 to a user who is not a member', async () => {
      const token = await signInAs('seller@vatlas.test');
      for (const companyId of [DEMO_COMPANY_IDS.alpenrand, randomUUID(), 'not-a-uuid']) {
        const response = await app.inject({
          method: 'GET',
          url: apiPaths.companyDetails(companyId),
          headers: { authorization: `Bearer ${token}` },
        });
        expect(response.statusCode).toBe(403);
        expect(response.json().code).toBe('company_access_denied');
      }
    });

    it('answers 401 before anything else without a token', async () => {
      const response = await app.inject({ method: 'GET', url: apiPaths.companyDetails(DEMO_COMPANY_IDS.nordlicht) });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('system routes', () => {
    it('GET /api/health reports the database', async () => {
      const response = await app.inject({ method: 'GET', url: apiPaths.health });
      expect(response.statusCode).toBe(200);
      const health = healthResponseSchema.parse(response.json());
      expect(health).toMatchObject({
        status: 'ok',
        database: { kind: context.database.kind, status: 'up', migrations: migrationJournal.entries.length },
      });
    });

    it('GET /config.json answers the client configuration, never cached', async () => {
      const response = await app.inject({ method: 'GET', url: apiPaths.clientConfig });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const clientConfig = clientConfigSchema.parse(response.json());
      expect(clientConfig.auth).toMatchObject({
        provider: 'embedded',
        authority: 'http://vatlas.test:3000/idp',
        clientId: 'vatlas-web',
        extraQueryParams: { resource: 'http://vatlas.test:3000/api' },
      });
      expect(clientConfig.features).toEqual({ useB2CAuth: false, questionnaireV2: true, addressSuggestions: false });
      // The maps key, when there is one, never reaches the browser.
      expect(JSON.stringify(clientConfig)).not.toContain('mapsApiKey');
    });

    it('serves the OpenAPI document', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(response.statusCode).toBe(200);
      expect(Object.keys(response.json().paths)).toContain(apiPaths.userMe);
    });

    it('compresses a JSON answer for a client that accepts Brotli or gzip, and sends it as it is to one that does not', async () => {
      const fetchDocument = (acceptEncoding?: string) =>
        app.inject({
          method: 'GET',
          url: '/api/docs/json',
          headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
        });
      const plain = await fetchDocument();
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.length).toBeGreaterThan(1024);

      const brotli = await fetchDocument('gzip, deflate, br, zstd');
      expect(brotli.statusCode).toBe(200);
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.headers.vary).toContain('accept-encoding');
      expect(brotliDecompressSync(brotli.rawPayload).equals(plain.rawPayload)).toBe(true);
      expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);

      const gzip = await fetchDocument('gzip, deflate');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);
    });

    it('sends an answer under 1 KB as it is, whatever the client accepts', async () => {
      const response = await app.inject({ method: 'GET', url: apiPaths.health, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.length).toBeLessThan(1024);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(healthResponseSchema.parse(response.json()).status).toBeDefined();
    });

    it('never inflates a request body declared compressed: it is refused as the JSON it is not', async () => {
      const report = JSON.stringify({ message: 'A compressed report' });
      const send = (payload: string | Buffer, headers: Record<string, string>) =>
        app.inject({
          method: 'POST',
          url: apiPaths.logError,
          headers: { 'content-type': 'application/json', ...headers },
          payload,
        });
      expect((await send(report, {})).statusCode).toBe(202);
      const compressed = await send(gzipSync(report), { 'content-encoding': 'gzip' });
      expect(compressed.statusCode).toBe(400);
      expect(compressed.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    });
  });

  describe('errors', () => {
    it('names the invalid field of a validation error', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/test/validated?count=zero' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_error', details: [{ field: 'count' }] });
    });

    it('answers a bare 500 without the cause', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/test/explodes' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ code: 'internal_error', message: 'Internal server error' });
      expect(response.body).not.toContain('secret database detail');
    });

    it('answers JSON 404 for unknown API paths, even to a browser', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/v1/Nothing', headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('not_found');
    });

    it('answers 503 with a hint on SPA paths when the web app is not built', async () => {
      const response = await app.inject({ method: 'GET', url: '/dashboard', headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(503);
      expect(response.body).toBe('The web app has not been built: run npm start');
    });
  });
});

describe('route guard declaration', () => {
  it('refuses to build an app with a route that declares no guard', async () => {
    const config = createTestConfig();
    const provider = await createTestProvider(config);
    const database = { kind: 'pglite', db: {}, ping: async () => 0, close: async () => {} } as never;
    await expect(
      buildTestApp(database, {
        config,
        provider,
        registerExtraRoutes: (instance) => {
          instance.get('/api/v1/Forgotten', async () => ({ leaked: true }));
        },
      }),
    ).rejects.toThrow(MissingRouteGuardError);
  });
});

/** A script big enough that the build compresses it. */
const BIG_ASSET = Buffer.from(
  `export const rows = [${Array.from({ length: 400 }, (_, index) => `"row ${index}"`).join(', ')}];`,
);

describe('the built web app', () => {
  let app: FastifyInstance;
  let webDistDir: string;

  beforeAll(async () => {
    const { mkdirSync, mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    webDistDir = mkdtempSync(join(tmpdir(), 'vatlas-web-dist-'));
    mkdirSync(join(webDistDir, 'assets'));
    writeFileSync(join(webDistDir, 'index.html'), '<!doctype html><title>Vatlas SPA</title>');
    writeFileSync(join(webDistDir, 'assets', 'app-1234.js'), 'console.log("spa")');
    // As the build writes a big file: with its Brotli and gzip copies beside it (apps/web/vite.config.ts).
    const big = join(webDistDir, 'assets', 'chunk-5678.js');
    writeFileSync(big, BIG_ASSET);
    writeFileSync(`${big}.br`, brotliCompressSync(BIG_ASSET));
    writeFileSync(`${big}.gz`, gzipSync(BIG_ASSET));
    const config = createTestConfig({ WEB_DIST_DIR: webDistDir });
    const provider = await createTestProvider(config);
    const database = { kind: 'pglite', db: {}, ping: async () => 0, close: async () => {} } as never;
    app = await buildTestApp(database, { config, provider });
  });
  afterAll(async () => {
    await app?.close();
    const { rmSync } = await import('node:fs');
    rmSync(webDistDir, { recursive: true, force: true });
  });

  it('answers index.html to browser navigations on client routes', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/onboarding/business-type?x=1',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Vatlas SPA');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('serves fingerprinted assets as immutable', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it("sends the build's compressed copy of a file to a browser that accepts it, the file itself to one that does not", async () => {
    const fetchAsset = (acceptEncoding?: string) =>
      app.inject({
        method: 'GET',
        url: '/assets/chunk-5678.js',
        headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
      });

    const brotli = await fetchAsset('gzip, deflate, br, zstd');
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).equals(BIG_ASSET)).toBe(true);
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(brotli.headers['cache-control']).toContain('immutable');
    expect(brotli.headers.vary).toBe('accept-encoding');

    // A browser on a plain-HTTP origin, which offers no Brotli.
    const gzip = await fetchAsset('gzip, deflate');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).equals(BIG_ASSET)).toBe(true);

    const plain = await fetchAsset();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(BIG_ASSET)).toBe(true);

    // A file the build left uncompressed (too small to gain) is sent as it is to any browser.
    const small = await app.inject({ method: 'GET', url: '/assets/app-1234.js', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('console.log("spa")');
  });

  it('does not fall back for missing files that are not navigations, nor for API paths', async () => {
    expect(
      (await app.inject({ method: 'GET', url: '/assets/missing.js', headers: { accept: '*/*' } })).statusCode,
    ).toBe(404);
    const api = await app.inject({ method: 'GET', url: '/api/v1/Nothing', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('not_found');
  });

  it('never serves files outside the build', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/..%2f..%2f..%2fetc%2fpasswd',
      headers: { accept: '*/*' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('root:');
  });
});
