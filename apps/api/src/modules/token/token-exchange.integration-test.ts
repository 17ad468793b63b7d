import { apiPaths, tokenExchangeResponseSchema, userSchema } from '@vatlas/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { exportSPKI, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { forEachDatabase } from '../../test/databases';
import {
  buildTestApp,
  createTestConfig,
  createTestProvider,
  encodeSegment,
  type TestProvider,
} from '../../test/test-app';
import { ensureDefaultTenant } from '../identity/seed';
import { createUser } from '../user/repository';

forEachDatabase('POST /api/v1/Token/Exchange', (context) => {
  const config = createTestConfig();
  let app: FastifyInstance;
  let provider: TestProvider;

  beforeAll(async () => {
    await ensureDefaultTenant(context.database.db);
    provider = await createTestProvider(config);
    app = await buildTestApp(context.database, { config, provider });
  });
  afterAll(async () => {
    await app?.close();
  });

  const exchange = (token?: string, acceptLanguage?: string) =>
    app.inject({
      method: 'POST',
      url: apiPaths.tokenExchange,
      headers: {
        ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
        ...(acceptLanguage === undefined ? {} : { 'accept-language': acceptLanguage }),
      },
    });

  const languageOfMe = async (exchanged: { json: () => unknown }) => {
    const me = await app.inject({
      method: 'GET',
      url: apiPaths.userMe,
      headers: { authorization: `Bearer ${tokenExchangeResponseSchema.parse(exchanged.json()).token}` },
    });
    return userSchema.parse(me.json()).language;
  };

  async function expectRejected(token: string | undefined, code: string) {
    const response = await exchange(token);
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toContain('application/json');
    const body = response.json();
    expect(body).toEqual({ code, message: expect.any(String) });
    if (token) expect(response.body).not.toContain(token);
    return body;
  }

  describe('refuses', () => {
    it('a request without a token', async () => {
      await expectRejected(undefined, 'token_missing');
    });

    it('a malformed token', async () => {
      await expectRejected('not-a-jwt', 'token_malformed');
    });

    it('a token whose payload was tampered with after signing', async () => {
      const token = await provider.signAccessToken({ sub: 'honest-subject' });
      const [header, , signature] = token.split('.');
      const forgedPayload = encodeSegment({
        iss: provider.issuer,
        aud: provider.audience,
        sub: 'someone-else',
        scope: 'openid',
        exp: Math.floor(Date.now() / 1000) + 600,
      });
      await expectRejected(`${header}.${forgedPayload}.${signature}`, 'token_invalid');
    });

    it('a token signed by another key under the trusted key id', async () => {
      const { privateKey } = await generateKeyPair('RS256');
      const token = await new SignJWT({ scope: 'openid', email: 'mallory@example.test' })
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
        .setIssuer(provider.issuer)
        .setAudience(provider.audience)
        .setSubject('mallory')
        .setExpirationTime('5m')
        .sign(privateKey);
      await expectRejected(token, 'token_invalid');
    });

    it('a token from another issuer', async () => {
      await expectRejected(await provider.signAccessToken({ iss: 'https://evil.example/idp' }), 'token_wrong_issuer');
    });

    it('a token for another audience (the SPA client id)', async () => {
      await expectRejected(await provider.signAccessToken({ aud: 'vatlas-web' }), 'token_wrong_audience');
    });

    it('an expired token', async () => {
      const expiredAt = Math.floor(Date.now() / 1000) - 60;
      await expectRejected(await provider.signAccessToken({}, { expiresIn: expiredAt }), 'token_expired');
    });

    it('an unsigned token (alg none)', async () => {
      const header = encodeSegment({ alg: 'none', typ: 'JWT' });
      const payload = encodeSegment({
        iss: provider.issuer,
        aud: provider.audience,
        sub: 'subject-none',
        scope: 'openid',
        email: 'none@example.test',
        exp: Math.floor(Date.now() / 1000) + 600,
      });
      await expectRejected(`${header}.${payload}.`, 'token_algorithm_not_allowed');
    });

    it('an HS256 token keyed with the public key (algorithm confusion)', async () => {
      const publicPem = await exportSPKI(
        (await import('node:crypto')).createPublicKey({ key: provider.publicJwk as never, format: 'jwk' }) as never,
      );
      const token = await new SignJWT({ scope: 'openid', email: 'confused@example.test' })
        .setProtectedHeader({ alg: 'HS256', kid: 'test-key' })
        .setIssuer(provider.issuer)
        .setAudience(provider.audience)
        .setSubject('confused')
        .setExpirationTime('5m')
        .sign(new TextEncoder().encode(publicPem));
      await expectRejected(token, 'token_algorithm_not_allowed');
    });

    it('an ID token carrying a nonce', async () => {
      await expectRejected(await provider.signAccessToken({ nonce: 'n-0S6_WzA2Mj' }), 'token_not_access_token');
    });

    it('an ID token carrying at_hash', async () => {
      await expectRejected(
        await provider.signAccessToken({ at_hash: 'HK6E_P6Dh8Y93mRNtsDB1Q' }),
        'token_not_access_token',
      );
    });

    it('a token without scope (as ID tokens are)', async () => {
      await expectRejected(await provider.signAccessToken({ scope: undefined }), 'token_not_access_token');
    });

    it('a token without exp', async () => {
      const token = await new SignJWT({ scope: 'openid', email: 'forever@example.test' })
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
        .setIssuer(provider.issuer)
        .setAudience(provider.audience)
        .setSubject('forever')
        .sign(provider.privateKey);
      await expectRejected(token, 'token_invalid');
    });
  });

  describe('accepts a provider access token', () => {
    it('creates the user on first sign-in, answers a session token that opens Me, and reuses the user afterwards', async () => {
      const db = context.database.db;
      const subject = `first-sign-in-${Date.now()}`;
      const email = `First.Person+${Date.now()}@Example.test`;
      const token = await provider.signAccessToken({ sub: subject, email, given_name: 'Fiona', family_name: 'First' });

      expect(await db.select().from(users).where(eq(users.identitySubject, subject))).toHaveLength(0);
      const first = await exchange(token);
      expect(first.statusCode).toBe(200);
      const answer = tokenExchangeResponseSchema.parse(first.json());
      expect(new Date(answer.expiration).getTime()).toBeGreaterThan(Date.now() + 3500_000);

      const created = await db.select().from(users).where(eq(users.identitySubject, subject));
      expect(created).toHaveLength(1);
      expect(created[0]?.email).toBe(email.toLowerCase());
      expect(created[0]?.identityIssuer).toBe(provider.issuer);

      const me = await app.inject({
        method: 'GET',
        url: apiPaths.userMe,
        headers: { authorization: `Bearer ${answer.token}` },
      });
      expect(me.statusCode).toBe(200);
      const user = userSchema.parse(me.json());
      expect(user).toMatchObject({
        userId: created[0]?.id,
        email: email.toLowerCase(),
        firstName: 'Fiona',
        lastName: 'First',
        companies: [],
        selectedCompanyId: null,
        isAdmin: false,
      });

      const second = await exchange(await provider.signAccessToken({ sub: subject, email }));
      expect(second.statusCode).toBe(200);
      expect(await db.select().from(users).where(eq(users.identitySubject, subject))).toHaveLength(1);
      const secondMe = await app.inject({
        method: 'GET',
        url: apiPaths.userMe,
        headers: { authorization: `Bearer ${tokenExchangeResponseSchema.parse(second.json()).token}` },
      });
      expect(secondMe.json().userId).toBe(created[0]?.id);
    });

    it('links an existing user without a subject by e-mail (an invited user)', async () => {
      const db = context.database.db;
      const tenant = await ensureDefaultTenant(db);
      const invited = await createUser(db, {
        tenantId: tenant.id,
        email: 'invited@example.test',
        identitySubject: null,
        identityIssuer: null,
        firstName: 'Ivy',
        lastName: 'Invited',
      });
      const response = await exchange(
        await provider.signAccessToken({ sub: 'invited-subject', email: 'Invited@Example.test' }),
      );
      expect(response.statusCode).toBe(200);
      const [linked] = await db.select().from(users).where(eq(users.email, 'invited@example.test'));
      expect(linked?.id).toBe(invited?.id);
      expect(linked?.identitySubject).toBe('invited-subject');
      // The names the person was known by stay; the provider's do not overwrite them.
      expect(linked).toMatchObject({ firstName: 'Ivy', lastName: 'Invited' });
    });

    it('gives an e-mail-only invited user the names the provider knows at the first sign-in', async () => {
      const db = context.database.db;
      const tenant = await ensureDefaultTenant(db);
      await createUser(db, {
        tenantId: tenant.id,
        email: 'nameless@example.test',
        identitySubject: null,
        identityIssuer: null,
        firstName: null,
        lastName: null,
      });
      const response = await exchange(
        await provider.signAccessToken({
          sub: 'nameless-subject',
          email: 'nameless@example.test',
          given_name: 'Nina',
          family_name: 'Named',
        }),
      );
      expect(response.statusCode).toBe(200);
      const [linked] = await db.select().from(users).where(eq(users.email, 'nameless@example.test'));
      expect(linked).toMatchObject({ identitySubject: 'nameless-subject', firstName: 'Nina', lastName: 'Named' });
    });

    it('refuses to take over an e-mail already linked to another subject', async () => {
      await exchange(await provider.signAccessToken({ sub: 'owner-subject', email: 'taken@example.test' }));
      const response = await exchange(
        await provider.signAccessToken({ sub: 'intruder-subject', email: 'taken@example.test' }),
      );
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('identity_conflict');
    });

    it('reads the e-mail from the B2C `emails` array', async () => {
      const response = await exchange(
        await provider.signAccessToken({ sub: 'b2c-style', email: undefined, emails: ['b2c.person@example.test'] }),
      );
      expect(response.statusCode).toBe(200);
      const [user] = await context.database.db.select().from(users).where(eq(users.identitySubject, 'b2c-style'));
      expect(user?.email).toBe('b2c.person@example.test');
    });
  });

  describe("a new user's language (issue 7: the choice follows the user)", () => {
    it("starts in the browser's language on the first sign-in and keeps the stored one afterwards", async () => {
      const subject = `german-browser-${Date.now()}`;
      const token = await provider.signAccessToken({ sub: subject, email: `${subject}@example.test` });
      const first = await exchange(token, 'de-DE,de;q=0.9,en;q=0.8');
      expect(first.statusCode).toBe(200);
      expect(await languageOfMe(first)).toBe('de');

      // Another device with another browser language: the stored language wins.
      const second = await exchange(token, 'pl-PL,pl;q=0.9');
      expect(second.statusCode).toBe(200);
      expect(await languageOfMe(second)).toBe('de');
      const [stored] = await context.database.db.select().from(users).where(eq(users.identitySubject, subject));
      expect(stored?.language).toBe('de');
    });

    it('takes the first of the six languages by weight, and English when the browser offers none of them', async () => {
      const stamp = Date.now();
      const cases: [string | undefined, string][] = [
        ['nl-NL,nl;q=0.9,es;q=0.7', 'es'],
        ['en;q=0.4,fr;q=0.8', 'fr'],
        ['sv-SE,nl;q=0.9', 'en'],
        [undefined, 'en'],
      ];
      for (const [index, [header, expected]] of cases.entries()) {
        const subject = `browser-${stamp}-${index}`;
        const response = await exchange(
          await provider.signAccessToken({ sub: subject, email: `${subject}@example.test` }),
          header,
        );
        expect(response.statusCode, String(header)).toBe(200);
        expect(await languageOfMe(response), String(header)).toBe(expected);
      }
    });

    it('leaves an invited user the language they were invited with', async () => {
      const db = context.database.db;
      const tenant = await ensureDefaultTenant(db);
      await createUser(db, {
        tenantId: tenant.id,
        email: 'invited-italian@example.test',
        identitySubject: null,
        identityIssuer: null,
        firstName: 'Ida',
        lastName: 'Invited',
        language: 'it',
      });
      const response = await exchange(
        await provider.signAccessToken({ sub: 'invited-italian', email: 'invited-italian@example.test' }),
        'de-DE',
      );
      expect(response.statusCode).toBe(200);
      expect(await languageOfMe(response)).toBe('it');
    });
  });
});
