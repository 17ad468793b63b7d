import { hashPassword } from '@vatlas/idp';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  companies,
  companyUsers,
  idpAccounts,
  subscriptions,
  type TenantBranding,
  tenants,
  tenantUsers,
  users,
} from '../../db/schema';
import { DEFAULT_TENANT_SLUG, type TenantRecord } from '../user/repository';

export const DEMO_PASSWORD = 'vatlas-demo';

/** A white-label tenant of the demo: it runs Alpenrand Handels GmbH; the administrator can switch to it. */
export const DEMO_PARTNER_TENANT = {
  slug: 'nordic-tax',
  name: 'Nordic Tax Partners',
  themeId: 'stripe',
  branding: {
    companyName: 'Nordic Tax Partners',
    supportUrl: 'https://nordic-tax.example/support',
    termsUrl: 'https://nordic-tax.example/terms',
    privacyUrl: 'https://nordic-tax.example/privacy',
    websiteUrl: 'https://nordic-tax.example',
  } satisfies TenantBranding,
} as const;

/** Fixed ids make seeding idempotent without a natural key on companies. */
export const DEMO_COMPANY_IDS = {
  nordlicht: '7d1c2f4e-0b6a-4c51-9d3e-5a8f1b2c3d01',
  alpenrand: '7d1c2f4e-0b6a-4c51-9d3e-5a8f1b2c3d02',
} as const;

type DemoAccount = {
  email: string;
  givenName: string;
  familyName: string;
  isAdmin: boolean;
  memberships: { companyId: string; role: 'owner' | 'member' }[];
  /** Tenants besides the home tenant the person may switch to. */
  tenantSlugs?: string[];
  /**
   * Only the identity provider knows this person: the Vatlas user is created by their first token exchange, as
   * after a sign-up with Azure AD B2C (so the first-sign-in rules, such as the browser's language, apply).
   */
  signsUpOnFirstSignIn?: boolean;
};

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { email: 'new@vatlas.test', givenName: 'Nora', familyName: 'Neumann', isAdmin: false, memberships: [] },
  {
    email: 'visitor@vatlas.test',
    givenName: 'Vera',
    familyName: 'Visitor',
    isAdmin: false,
    memberships: [],
    signsUpOnFirstSignIn: true,
  },
  {
    email: 'seller@vatlas.test',
    givenName: 'Sam',
    familyName: 'Seller',
    isAdmin: false,
    memberships: [{ companyId: DEMO_COMPANY_IDS.nordlicht, role: 'owner' }],
  },
  {
    email: 'admin@vatlas.test',
    givenName: 'Ada',
    familyName: 'Admin',
    isAdmin: true,
    memberships: [
      { companyId: DEMO_COMPANY_IDS.nordlicht, role: 'member' },
      { companyId: DEMO_COMPANY_IDS.alpenrand, role: 'owner' },
    ],
    tenantSlugs: [DEMO_PARTNER_TENANT.slug],
  },
];

const DEMO_TERMS_ACCEPTED_AT = new Date('2025-01-15T09:00:00Z');

function demoCompanies(tenantIds: { home: string; partner: string }): (typeof companies.$inferInsert)[] {
  const common = {
    tenantId: tenantIds.home,
    legalStatus: 'gmbh',
    companyType: 'corporation',
    status: 'active',
    serviceType: 'vat-compliance',
    profile: 'e-commerce-seller',
    isRealTimeReporting: false,
    termsAccepted: true,
    termsAcceptedAt: DEMO_TERMS_ACCEPTED_AT,
    subscriptionDate: '2025-01-15',
  };
  return [
    {
      ...common,
      id: DEMO_COMPANY_IDS.nordlicht,
      legalNameOfBusiness: 'Nordlicht Trading GmbH',
      establishmentCountryId: 276,
      establishmentCountryCode: 'DE',
      zipCode: '10115',
      state: 'Berlin',
      city: 'Berlin',
      street: 'Friedrichstraße',
      houseNumber: '12',
      // A number of the right shape and check digit, as a registration's settings require (not a real company's).
      vatNumber: 'DE136695976',
      subscriptionCountryCodes: ['DE', 'FR'],
      incorporationDate: '2019-03-01',
      incorporationNumber: 'HRB 123456 B',
    },
    {
      ...common,
      tenantId: tenantIds.partner,
      id: DEMO_COMPANY_IDS.alpenrand,
      legalNameOfBusiness: 'Alpenrand Handels GmbH',
      establishmentCountryId: 40,
      establishmentCountryCode: 'AT',
      zipCode: '1010',
      state: 'Wien',
      city: 'Wien',
      street: 'Kärntner Straße',
      houseNumber: '5',
      vatNumber: 'ATU12345675',
      subscriptionCountryCodes: ['AT'],
      incorporationDate: '2021-06-15',
      incorporationNumber: 'FN 123456 a',
    },
  ];
}

/** The tenant every user without an invitation lands in; needed in every mode, demo or not. */
export async function ensureDefaultTenant(db: Db): Promise<TenantRecord> {
  await db
    .insert(tenants)
    // No branding of its own: the default tenant shows the default theme's name and links as they are.
    .values({ slug: DEFAULT_TENANT_SLUG, name: 'Vatlas', themeId: 'default' })
    .onConflictDoNothing({ target: tenants.slug });
  const [tenant] = await db.select().from(tenants).where(eq(tenants.slug, DEFAULT_TENANT_SLUG)).limit(1);
  if (!tenant) throw new Error('The default tenant could not be created.');
  return tenant;
}

/**
 * Demo accounts for the embedded provider. Each Vatlas user is created already linked to its
 * provider account (subject = idp account id), so the first sign-in finds it by subject.
 * Running it again changes nothing: every insert skips rows that exist.
 */
export async function seedDemoData(db: Db, options: { issuer: string }): Promise<void> {
  const tenant = await ensureDefaultTenant(db);
  await db
    .insert(tenants)
    .values({ ...DEMO_PARTNER_TENANT, branding: { ...DEMO_PARTNER_TENANT.branding } })
    .onConflictDoNothing({ target: tenants.slug });
  const [partner] = await db.select().from(tenants).where(eq(tenants.slug, DEMO_PARTNER_TENANT.slug)).limit(1);
  if (!partner) throw new Error('The demo partner tenant could not be created.');
  const tenantIdsBySlug = new Map([
    [tenant.slug, tenant.id],
    [partner.slug, partner.id],
  ]);

  const accountIds = new Map<string, string>();
  for (const demo of DEMO_ACCOUNTS) {
    const [existing] = await db.select().from(idpAccounts).where(eq(idpAccounts.email, demo.email)).limit(1);
    if (existing) {
      accountIds.set(demo.email, existing.id);
      continue;
    }
    const [created] = await db
      .insert(idpAccounts)
      .values({
        email: demo.email,
        passwordHash: await hashPassword(DEMO_PASSWORD),
        givenName: demo.givenName,
        familyName: demo.familyName,
      })
      .onConflictDoNothing({ target: idpAccounts.email })
      .returning();
    const [row] = created ? [created] : await db.select().from(idpAccounts).where(eq(idpAccounts.email, demo.email));
    if (!row) throw new Error('A demo account could not be created.');
    accountIds.set(demo.email, row.id);
  }

  await db.transaction(async (tx) => {
    await tx
      .insert(companies)
      .values(demoCompanies({ home: tenant.id, partner: partner.id }))
      .onConflictDoNothing({ target: companies.id });
    // Data seeded before the partner tenant existed had Alpenrand in the home tenant.
    await tx.update(companies).set({ tenantId: partner.id }).where(eq(companies.id, DEMO_COMPANY_IDS.alpenrand));
    // The subscriptions table is the source of truth of subscription_country_codes: the demo companies' countries
    // are manual subscriptions from their subscription date.
    for (const company of demoCompanies({ home: tenant.id, partner: partner.id })) {
      for (const countryCode of company.subscriptionCountryCodes ?? []) {
        await tx
          .insert(subscriptions)
          .values({
            companyId: company.id as string,
            countryCode,
            status: 'active',
            provider: 'manual',
            activatedAt: new Date(`${company.subscriptionDate}T00:00:00Z`),
          })
          .onConflictDoNothing();
      }
    }
    for (const demo of DEMO_ACCOUNTS) {
      if (demo.signsUpOnFirstSignIn) continue;
      await tx
        .insert(users)
        .values({
          tenantId: tenant.id,
          email: demo.email,
          identitySubject: accountIds.get(demo.email) ?? null,
          identityIssuer: options.issuer,
          firstName: demo.givenName,
          lastName: demo.familyName,
          isAdmin: demo.isAdmin,
        })
        .onConflictDoNothing();
      const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, demo.email)).limit(1);
      if (!user) throw new Error('A demo user could not be created.');
      for (const membership of demo.memberships) {
        await tx
          .insert(companyUsers)
          .values({ companyId: membership.companyId, userId: user.id, role: membership.role })
          .onConflictDoNothing();
      }
      for (const slug of demo.tenantSlugs ?? []) {
        const tenantId = tenantIdsBySlug.get(slug);
        if (!tenantId) throw new Error(`The demo tenant ${slug} does not exist.`);
        await tx.insert(tenantUsers).values({ tenantId, userId: user.id }).onConflictDoNothing();
      }
    }
  });
}
