import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  char,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The one schema of Vatlas, shared by PGlite and PostgreSQL. No int8 columns: PGlite returns them
 * as numbers and node-postgres as strings, and one set of repositories must read both the same.
 * Money columns, when they come, are numeric.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export type TenantBranding = {
  companyName: string;
  logoUrl?: string;
  supportUrl: string;
  termsUrl: string;
  privacyUrl: string;
  websiteUrl: string;
};

export const tenants = pgTable('tenants', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  themeId: text('theme_id').notNull().default('default'),
  branding: jsonb('branding').$type<TenantBranding>(),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    /** The provider's `sub`; null until the person first signs in (invited or seeded without a subject). */
    identitySubject: text('identity_subject').unique(),
    identityIssuer: text('identity_issuer'),
    /** Always stored lower-cased so uniqueness is case-insensitive. */
    email: text('email').notNull().unique(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    language: text('language').notNull().default('en'),
    isAdmin: boolean('is_admin').notNull().default(false),
    /** A disabled user's tokens stop working at once (checked on every request). */
    isDisabled: boolean('is_disabled').notNull().default(false),
    /**
     * Internal tokens carry the generation they were issued in; LogOut (and disabling) increments it, so every
     * token issued before answers 401 on every process without a shared revocation list.
     */
    sessionGeneration: integer('session_generation').notNull().default(0),
    /** Set when the user was added to a company by someone else before ever signing in. */
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    selectedCompanyId: uuid('selected_company_id').references((): AnyPgColumn => companies.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('users_tenant_id_idx').on(table.tenantId)],
);

export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    legalNameOfBusiness: text('legal_name_of_business').notNull(),
    legalStatusId: integer('legal_status_id'),
    legalStatus: text('legal_status'),
    companyType: text('company_type'),
    /** ISO 3166-1 numeric code of the establishment country. */
    establishmentCountryId: integer('establishment_country_id'),
    establishmentCountryCode: char('establishment_country_code', { length: 2 }),
    zipCode: text('zip_code').notNull().default('00000'),
    state: text('state'),
    city: text('city').notNull().default('TBD'),
    street: text('street'),
    houseNumber: text('house_number'),
    vatNumber: text('vat_number'),
    status: text('status').notNull().default('active'),
    serviceType: text('service_type'),
    profile: text('profile'),
    isRealTimeReporting: boolean('is_real_time_reporting').notNull().default(false),
    subscriptionCountryCodes: text('subscription_country_codes').array().notNull().default(sql`'{}'::text[]`),
    subscriptionDate: date('subscription_date', { mode: 'string' }),
    incorporationDate: date('incorporation_date', { mode: 'string' }),
    incorporationNumber: text('incorporation_number'),
    termsAccepted: boolean('terms_accepted').notNull().default(false),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('companies_tenant_id_idx').on(table.tenantId)],
);

export const companyUsers = pgTable(
  'company_users',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['owner', 'member'] }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.userId] }),
    index('company_users_user_id_idx').on(table.userId),
  ],
);

/** Tenants a user may switch to besides their home tenant (users.tenant_id). */
export const tenantUsers = pgTable(
  'tenant_users',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.userId] }),
    index('tenant_users_user_id_idx').on(table.userId),
  ],
);

/** One row per user, notification type and channel; a missing row means the type's default. */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    channel: text('channel').notNull(),
    enabled: boolean('enabled').notNull(),
    /** Deadline reminders only: how many days before a due date. */
    daysBefore: integer('days_before'),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.type, table.channel] })],
);

/** Errors reported by browsers through POST /api/log-error. No IP address is kept. */
export const clientErrors = pgTable(
  'client_errors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    message: text('message').notNull(),
    stack: text('stack'),
    component: text('component'),
    action: text('action'),
    /** As reported by the client: unverified, so not a foreign key. */
    reportedUserId: text('reported_user_id'),
    url: text('url'),
    userAgent: text('user_agent'),
    reportedAt: timestamp('reported_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('client_errors_received_at_idx').on(table.receivedAt)],
);

/**
 * Onboarding of one company (spec §3, §4): the stored step statuses, the product questions, the tax-assessment
 * questionnaire and its result. The rules that read them live in packages/domain.
 */
export const onboardingStates = pgTable('onboarding_states', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  /** `[{ id, status }]` for the steps of spec §3; derived rules (business-details, always-completed) win over it. */
  steps: jsonb('steps').$type<{ id: string; status: string }[]>().notNull(),
  /** 'physical-goods' | 'digital-services' (both when both). */
  productTypes: text('product_types').array().notNull().default(sql`'{}'::text[]`),
  salesChannels: text('sales_channels').array().notNull().default(sql`'{}'::text[]`),
  marketplaces: text('marketplaces').array().notNull().default(sql`'{}'::text[]`),
  questionnaire: jsonb('questionnaire').$type<Record<string, unknown>>(),
  assessment: jsonb('assessment').$type<Record<string, unknown>>(),
  assessedAt: timestamp('assessed_at', { withTimezone: true }),
  updatedAt: updatedAt(),
});

/** Countries a company registers or is registered in (EU-27, GB, CH, NO), with why. */
export const companyJurisdictions = pgTable(
  'company_jurisdictions',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    countryCode: char('country_code', { length: 2 }).notNull(),
    /** 'assessment' when the tax assessment proposed it, 'user' when chosen by hand. */
    source: text('source').notNull(),
    reasons: jsonb('reasons').$type<unknown[]>().notNull().default(sql`'[]'::jsonb`),
    /** 'not-registered' | 'registration-requested' | 'registered'. */
    registrationStatus: text('registration_status').notNull().default('not-registered'),
    vatNumber: text('vat_number'),
    /** 'monthly' | 'quarterly' | 'annual'. */
    filingFrequency: text('filing_frequency'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.countryCode] })],
);

/** Business profile: the company's legal representative. Personal data: never logged. */
export const legalRepresentatives = pgTable('legal_representatives', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
  nationality: char('nationality', { length: 2 }).notNull(),
  /** 'passport' | 'national-id-card'. */
  idDocumentType: text('id_document_type').notNull(),
  idDocumentNumber: text('id_document_number').notNull(),
  idDocumentExpiry: date('id_document_expiry', { mode: 'string' }),
  updatedAt: updatedAt(),
});

/** Business profile: the account VAT refunds are paid to. */
export const bankAccounts = pgTable('bank_accounts', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  accountHolder: text('account_holder').notNull(),
  /** Stored electronic format: upper case, no spaces. */
  iban: text('iban').notNull(),
  bic: text('bic').notNull(),
  updatedAt: updatedAt(),
});

/** Uploaded documents; the bytes live in file storage under storage_key. */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** e.g. 'certificate-of-incorporation', 'articles-of-association', 'id-document', 'vat-certificate', 'other'. */
    documentType: text('document_type').notNull(),
    /** The jurisdiction the document is for, when it is for one. */
    countryCode: char('country_code', { length: 2 }),
    fileName: text('file_name').notNull(),
    /** Detected from the content, never taken from the name or the browser. */
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: char('sha256', { length: 64 }).notNull(),
    storageKey: text('storage_key').notNull().unique(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('documents_company_id_idx').on(table.companyId)],
);

/** Signed powers of attorney, one active per company and jurisdiction (revoke before signing again). */
export const powerOfAttorneySignatures = pgTable(
  'power_of_attorney_signatures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    countryCode: char('country_code', { length: 2 }).notNull(),
    /** sha256 of the unsigned power of attorney the signer saw. */
    documentSha256: char('document_sha256', { length: 64 }).notNull(),
    signedStorageKey: text('signed_storage_key').notNull().unique(),
    signedSha256: char('signed_sha256', { length: 64 }).notNull(),
    signerUserId: uuid('signer_user_id').references(() => users.id, { onDelete: 'set null' }),
    signerName: text('signer_name').notNull(),
    /** 'drawn' | 'typed'. */
    signatureKind: text('signature_kind').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address').notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('poa_signatures_company_id_idx').on(table.companyId),
    uniqueIndex('poa_signatures_one_active_idx')
      .on(table.companyId, table.countryCode)
      .where(sql`${table.revokedAt} is null`),
  ],
);

/** Marketplace and shop integrations with their true state; nothing is "connected" until it really is. */
export const companyIntegrations = pgTable(
  'company_integrations',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** 'amazon' | 'shopify' | 'ebay' | 'etsy'. */
    provider: text('provider').notNull(),
    /** 'not-connected' | 'file-upload' (the seller uploads reports instead). */
    status: text('status').notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.provider] })],
);

/** Accounts of the embedded identity provider only; B2C keeps its own. */
export const idpAccounts = pgTable('idp_accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  givenName: text('given_name'),
  familyName: text('family_name'),
  createdAt: createdAt(),
});

/** oidc-provider's sessions, grants, codes, refresh tokens and interactions, so they survive restarts. */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.model, table.id] }),
    index('oidc_payloads_grant_id_idx').on(table.grantId),
    index('oidc_payloads_uid_idx').on(table.uid),
    index('oidc_payloads_user_code_idx').on(table.userCode),
  ],
);

export const schema = {
  tenants,
  users,
  companies,
  companyUsers,
  tenantUsers,
  notificationSettings,
  clientErrors,
  onboardingStates,
  companyJurisdictions,
  legalRepresentatives,
  bankAccounts,
  documents,
  powerOfAttorneySignatures,
  companyIntegrations,
  idpAccounts,
  oidcPayloads,
};
export type Schema = typeof schema;
