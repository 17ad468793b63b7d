import {
  adminTenantThemeSchema,
  apiPaths,
  EDIT_CONFLICT,
  type TenantThemeInput,
  THEME_CONTRAST_ERROR_CODE,
  tenantThemeSchema,
} from '@vatlas/contract';
import { defaultTheme, stripeTheme } from '@vatlas/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditEvents, tenants, tenantUsers } from '../../db/schema';
import { forEachDatabase } from '../../test/databases';
import { createTestConfig, createTestProvider } from '../../test/test-app';
import {
  bearer,
  buildAccountTestApp,
  createHomeTenant,
  createPerson,
  createRecordingMailer,
  createTenant,
  signIn,
} from '../user/account-test-kit';

const validInput: TenantThemeInput = {
  baseThemeId: 'stripe',
  colors: { primary: '#0f766e', primaryStrong: '#0f766e', sidebarBackground: '#f0fdfa' },
  typography: {
    fontFamily: '"Inter", "Helvetica Neue", sans-serif',
    sizes: { base: '1.0625rem' },
    weights: { bold: 800 },
  },
  branding: {
    companyName: 'Fjord Tax',
    logoUrl: 'https://fjord.example/logo.svg',
    supportUrl: 'https://fjord.example/help',
    termsUrl: '/terms',
    privacyUrl: '/privacy',
    websiteUrl: 'https://fjord.example',
  },
};

forEachDatabase('tenant themes', (context) => {
  const config = createTestConfig();
  let app: FastifyInstance;
  let adminToken: string;
  let memberToken: string;
  let outsiderToken: string;
  let partnerTenantId: string;
  let partnerSlug: string;
  let adminId: string;

  beforeAll(async () => {
    const db = context.database.db;
    const provider = await createTestProvider(config);
    app = await buildAccountTestApp(context.database, { provider, mailer: createRecordingMailer() });
    const homeTenantId = await createHomeTenant(db);
    partnerTenantId = await createTenant(db, 'Fjord Partners');
    const [partner] = await db.select().from(tenants).where(eq(tenants.id, partnerTenantId));
    partnerSlug = partner?.slug ?? '';
    const issuer = config.auth.issuer;
    const admin = await createPerson(db, { tenantId: homeTenantId, label: 'theme-admin', issuer, isAdmin: true });
    const member = await createPerson(db, { tenantId: homeTenantId, label: 'theme-member', issuer });
    const outsider = await createPerson(db, { tenantId: homeTenantId, label: 'theme-outsider', issuer });
    await db.insert(tenantUsers).values({ tenantId: partnerTenantId, userId: member.id });
    adminId = admin.id;
    adminToken = await signIn(app, provider, admin);
    memberToken = await signIn(app, provider, member);
    outsiderToken = await signIn(app, provider, outsider);
  });
  afterAll(async () => {
    await app?.close();
  });

  const put = (input: unknown, token = adminToken) =>
    app.inject({
      method: 'PUT',
      url: apiPaths.adminTenantTheme(partnerTenantId),
      headers: bearer(token),
      payload: input as object,
    });

  it('answers the base theme with the tenant name before anything is saved', async () => {
    const response = await app.inject({
      method: 'GET',
      url: apiPaths.adminTenantTheme(partnerTenantId),
      headers: bearer(adminToken),
    });
    expect(response.statusCode).toBe(200);
    const body = adminTenantThemeSchema.parse(response.json());
    expect(body).toMatchObject({ baseThemeId: 'default', colors: {}, typography: {}, branding: null });
    expect(body.theme.colors).toEqual(defaultTheme.colors);
    expect(body.theme.branding.companyName).toBe('Fjord Partners');
    expect(body.contrast.every((check) => check.passes)).toBe(true);
  });

  it('saves overrides and branding, delivers them to members and the sign-in page, and audits it', async () => {
    const saved = await put(validInput);
    expect(saved.statusCode, saved.body).toBe(200);
    const body = adminTenantThemeSchema.parse(saved.json());
    expect(body.baseThemeId).toBe('stripe');
    expect(body.theme.colors.primary).toBe('#0f766e');
    expect(body.theme.colors.danger).toBe(stripeTheme.colors.danger);
    expect(body.theme.typography.sizes.base).toBe('1.0625rem');
    expect(body.theme.typography.weights).toEqual({ ...stripeTheme.typography.weights, bold: 800 });
    expect(body.theme.branding).toMatchObject({
      companyName: 'Fjord Tax',
      logo: { url: 'https://fjord.example/logo.svg' },
    });

    const forMember = await app.inject({
      method: 'GET',
      url: apiPaths.tenantTheme(partnerTenantId),
      headers: bearer(memberToken),
    });
    expect(forMember.statusCode).toBe(200);
    const delivered = tenantThemeSchema.parse(forMember.json());
    expect(delivered).toMatchObject({ tenantId: partnerTenantId, slug: partnerSlug, isCustomised: true });
    expect(delivered.theme).toEqual(body.theme);

    const publicAnswer = await app.inject({ method: 'GET', url: apiPaths.publicTenantTheme(partnerSlug) });
    expect(publicAnswer.statusCode).toBe(200);
    expect(tenantThemeSchema.parse(publicAnswer.json()).theme.branding.companyName).toBe('Fjord Tax');

    const events = await context.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'tenant_branding_changed'), eq(auditEvents.tenantId, partnerTenantId)));
    expect(events.at(-1)).toMatchObject({ actorUserId: adminId, targetType: 'tenant', targetId: partnerTenantId });
    expect(events.at(-1)?.details).toEqual({ change: 'saved', baseThemeId: 'stripe' });
  });

  it('refuses the theme of a tenant the user is not in, and an unknown slug', async () => {
    const refused = await app.inject({
      method: 'GET',
      url: apiPaths.tenantTheme(partnerTenantId),
      headers: bearer(outsiderToken),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('tenant_access_denied');
    const unknown = await app.inject({ method: 'GET', url: apiPaths.publicTenantTheme('no-such-tenant') });
    expect(unknown.statusCode).toBe(404);
    const notAdmin = await put(validInput, memberToken);
    expect(notAdmin.statusCode).toBe(403);
  });

  it('refuses a theme that fails WCAG AA, naming every failing pair, and stores nothing', async () => {
    const response = await put({
      ...validInput,
      colors: { ...validInput.colors, primaryStrong: '#7fb2ff', text: { muted: '#aaaaaa' } },
    });
    expect(response.statusCode).toBe(400);
    const error = response.json();
    expect(error.code).toBe(THEME_CONTRAST_ERROR_CODE);
    const failing = (error.details as { id: string; ratio: number }[]).map((check) => check.id).sort();
    expect(failing).toEqual(
      [
        'link-on-body',
        'link-on-surface',
        'muted-text-on-body',
        'muted-text-on-surface',
        'on-primary-on-primary-strong',
      ].sort(),
    );
    expect(error.message).toContain('on-primary-on-primary-strong (#ffffff on #7fb2ff');
    const current = adminTenantThemeSchema.parse(
      (
        await app.inject({
          method: 'GET',
          url: apiPaths.adminTenantTheme(partnerTenantId),
          headers: bearer(adminToken),
        })
      ).json(),
    );
    expect(current.theme.colors.primaryStrong).toBe('#0f766e');
  });

  it.each([
    ['a colour that is not #rrggbb', { colors: { primary: 'blue' } }, 'body.colors.primary'],
    [
      'a link with another scheme',
      { branding: { ...validInput.branding, supportUrl: 'javascript:alert(1)' } },
      'body.branding.supportUrl',
    ],
    [
      'a protocol-relative link',
      { branding: { ...validInput.branding, termsUrl: '//evil.example' } },
      'body.branding.termsUrl',
    ],
    [
      'a logo over http',
      { branding: { ...validInput.branding, logoUrl: 'http://fjord.example/logo.svg' } },
      'body.branding.logoUrl',
    ],
    [
      'a font stack that breaks out of CSS',
      { typography: { fontFamily: 'Inter; background: red' } },
      'body.typography.fontFamily',
    ],
    ['an unknown base theme', { baseThemeId: 'neon' }, 'body.baseThemeId'],
    ['an unknown colour field', { colors: { brandPurple: '#635bff' } }, 'body.colors'],
    ['a weight that is no multiple of 100', { typography: { weights: { bold: 750 } } }, 'body.typography.weights.bold'],
    ['an empty company name', { branding: { ...validInput.branding, companyName: ' ' } }, 'body.branding.companyName'],
  ])('refuses %s and names the field', async (_case, change, field) => {
    const response = await put({ ...validInput, ...change });
    expect(response.statusCode).toBe(400);
    const fields = (response.json().details as { field: string }[]).map((detail) => detail.field);
    expect(fields.some((name) => name.startsWith(field.replace(/^body\./, '')) || name.startsWith(field))).toBe(true);
  });

  it('resets to the base theme and audits it', async () => {
    const response = await app.inject({
      method: 'DELETE',
      url: apiPaths.adminTenantTheme(partnerTenantId),
      headers: bearer(adminToken),
    });
    expect(response.statusCode).toBe(200);
    const body = adminTenantThemeSchema.parse(response.json());
    expect(body).toMatchObject({ baseThemeId: 'stripe', colors: {}, typography: {}, branding: null });
    expect(body.theme.colors).toEqual(stripeTheme.colors);
    expect(body.theme.branding).toEqual({ ...stripeTheme.branding, companyName: 'Fjord Partners' });
    const delivered = tenantThemeSchema.parse(
      (await app.inject({ method: 'GET', url: apiPaths.publicTenantTheme(partnerSlug) })).json(),
    );
    expect(delivered.isCustomised).toBe(false);
    const events = await context.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'tenant_branding_changed'), eq(auditEvents.tenantId, partnerTenantId)));
    expect(events.map((event) => event.details.change)).toEqual(['saved', 'reset']);
  });

  it('answers 404 for an unknown tenant', async () => {
    const response = await app.inject({
      method: 'GET',
      url: apiPaths.adminTenantTheme('00000000-0000-4000-8000-000000000000'),
      headers: bearer(adminToken),
    });
    expect(response.statusCode).toBe(404);
  });

  it('refuses a save from an editor read before the theme was saved since, storing and auditing nothing (decision 052)', async () => {
    const read = async () => {
      const response = await app.inject({
        method: 'GET',
        url: apiPaths.adminTenantTheme(partnerTenantId),
        headers: bearer(adminToken),
      });
      expect(response.statusCode, response.body).toBe(200);
      return adminTenantThemeSchema.parse(response.json());
    };
    const savedThemes = async () =>
      (
        await context.database.db
          .select()
          .from(auditEvents)
          .where(and(eq(auditEvents.action, 'tenant_branding_changed'), eq(auditEvents.tenantId, partnerTenantId)))
      ).length;

    // Two editors open on the same theme; the first saves.
    const opened = await read();
    const first = await put({ ...validInput, revision: opened.revision });
    expect(first.statusCode, first.body).toBe(200);
    const stored = adminTenantThemeSchema.parse(first.json());
    expect(stored.revision).not.toBe(opened.revision);
    expect(await read()).toEqual(stored);
    const audited = await savedThemes();

    const second = await put({ ...validInput, baseThemeId: 'default', revision: opened.revision });
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json()).toEqual({
      code: EDIT_CONFLICT,
      message:
        'The theme of Fjord Partners was changed since this form was read, so nothing was saved. Reload it to see ' +
        'what is stored, then make your change again.',
    });
    expect(await read()).toEqual(stored);
    expect(await savedThemes()).toBe(audited);

    // Two saves from one editor at once: one is stored.
    const answers = await Promise.all(
      (['default', 'stripe'] as const).map((baseThemeId) =>
        put({ ...validInput, baseThemeId, revision: stored.revision }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await read()).toEqual(answers.find((answer) => answer.statusCode === 200)?.json());
    expect(await savedThemes()).toBe(audited + 1);
  });
});
