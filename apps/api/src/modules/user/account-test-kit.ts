import { randomUUID } from 'node:crypto';
import { apiPaths, tokenExchangeResponseSchema } from '@vatlas/contract';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { buildApp } from '../../app';
import type { Database, Db } from '../../db/client';
import { companies, companyUsers, tenants, users } from '../../db/schema';
import { createTestConfig, createTestProvider, TEST_INTERNAL_SECRET, type TestProvider } from '../../test/test-app';
import { ensureDefaultTenant } from '../identity/seed';
import type { Mailer, OutgoingMail } from '../mail/mailer';

/** Test-only helpers for the account calls: real app, real database, a mailer that keeps what it was given. */

export type RecordingMailer = Mailer & { sent: OutgoingMail[] };

export function createRecordingMailer(): RecordingMailer {
  const sent: OutgoingMail[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}

export async function buildAccountTestApp(
  database: Database,
  options: { provider: TestProvider; mailer: Mailer; onRoute?: (route: RouteOptions) => void },
): Promise<FastifyInstance> {
  const config = createTestConfig();
  const app = await buildApp({
    config,
    database,
    internalTokenSecret: TEST_INTERNAL_SECRET,
    providerJwks: options.provider.jwks,
    mailer: options.mailer,
    onRoute: options.onRoute,
  });
  await app.ready();
  return app;
}

export type Person = { id: string; email: string; subject: string; tenantId: string };

let counter = 0;
/** A unique, lower-case address per call, so tests never collide on the users.email unique index. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${counter}-${randomUUID().slice(0, 8)}@example.test`;
}

export async function createPerson(
  db: Db,
  options: { tenantId: string; label: string; isAdmin?: boolean; firstName?: string; issuer: string },
): Promise<Person> {
  const email = uniqueEmail(options.label);
  const subject = `subject-${randomUUID()}`;
  const [row] = await db
    .insert(users)
    .values({
      tenantId: options.tenantId,
      email,
      identitySubject: subject,
      identityIssuer: options.issuer,
      firstName: options.firstName ?? options.label,
      lastName: 'Tester',
      isAdmin: options.isAdmin ?? false,
    })
    .returning();
  if (!row) throw new Error('could not create a test user');
  return { id: row.id, email, subject, tenantId: options.tenantId };
}

export async function createTenant(db: Db, name: string): Promise<string> {
  const [row] = await db
    .insert(tenants)
    .values({ slug: `tenant-${randomUUID().slice(0, 8)}`, name })
    .returning();
  if (!row) throw new Error('could not create a test tenant');
  return row.id;
}

export async function createCompany(
  db: Db,
  options: { tenantId: string; name: string; owners?: Person[]; members?: Person[] },
): Promise<string> {
  const [row] = await db
    .insert(companies)
    .values({ tenantId: options.tenantId, legalNameOfBusiness: options.name })
    .returning();
  if (!row) throw new Error('could not create a test company');
  for (const owner of options.owners ?? []) {
    await db.insert(companyUsers).values({ companyId: row.id, userId: owner.id, role: 'owner' });
  }
  for (const member of options.members ?? []) {
    await db.insert(companyUsers).values({ companyId: row.id, userId: member.id, role: 'member' });
  }
  return row.id;
}

export async function createHomeTenant(db: Db): Promise<string> {
  return (await ensureDefaultTenant(db)).id;
}

/** Signs the person in as the SPA would: provider access token → Token/Exchange → internal token. */
export async function signIn(app: FastifyInstance, provider: TestProvider, person: Person): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: apiPaths.tokenExchange,
    headers: {
      authorization: `Bearer ${await provider.signAccessToken({ sub: person.subject, email: person.email })}`,
    },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return tokenExchangeResponseSchema.parse(response.json()).token;
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

/** The claims of a token, unverified: tests look at what was issued. */
export function readClaims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
}

/**
 * The set-up of most company-scoped API tests: the real app with a recording mailer, one owner in the home tenant,
 * one company of theirs, and the owner's internal token.
 */
export async function startAppWithCompanyOwner(
  database: Database,
  options: { label: string; companyName: string },
): Promise<{
  app: FastifyInstance;
  provider: TestProvider;
  tenantId: string;
  owner: Person;
  companyId: string;
  token: string;
}> {
  const config = createTestConfig();
  const provider = await createTestProvider(config);
  const app = await buildAccountTestApp(database, { provider, mailer: createRecordingMailer() });
  const tenantId = await createHomeTenant(database.db);
  const owner = await createPerson(database.db, { tenantId, label: options.label, issuer: config.auth.issuer });
  const companyId = await createCompany(database.db, { tenantId, name: options.companyName, owners: [owner] });
  const token = await signIn(app, provider, owner);
  return { app, provider, tenantId, owner, companyId, token };
}
