import type { TenantBrandingSettings, ThemeOverrides } from '@vatlas/domain';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  char,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The one schema of Vatlas, shared by PGlite and PostgreSQL. No int8 columns: PGlite returns them
 * as numbers and node-postgres as strings, and one set of repositories must read both the same.
 * Money columns are numeric (decimal strings in TypeScript); counts that may pass 2^31 are numeric(15, 0).
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/**
 * The order a table's rows were written in, which breaks ties of the time a list is ordered by: `now()` is a
 * transaction's start and PGlite's clock counts milliseconds, so rows written in one transaction or one millisecond
 * would otherwise come in the order of their random ids.
 */
const insertionOrder = () => bigint('sequence', { mode: 'number' }).notNull().generatedAlwaysAsIdentity();

/** A tenant's branding; the logo is a URL only, never markup (docs/decisions/009-tenant-themes.md). */
export type TenantBranding = TenantBrandingSettings;

export const tenants = pgTable('tenants', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  /** The built-in base theme (`default` or `stripe`) the tenant's overrides are laid over. */
  themeId: text('theme_id').notNull().default('default'),
  branding: jsonb('branding').$type<TenantBranding>(),
  /** Colour and typography fields that differ from the base theme; null: none. */
  themeOverrides: jsonb('theme_overrides').$type<ThemeOverrides>(),
  themeUpdatedAt: timestamp('theme_updated_at', { withTimezone: true }),
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
    /** The order errors were received in, which breaks ties of `receivedAt`. */
    sequence: insertionOrder(),
  },
  (table) => [index('client_errors_received_at_idx').on(table.receivedAt)],
);

/**
 * The audit log of security-relevant actions (issue 7), append-only. Actor, company and tenant are kept as plain ids
 * (no foreign keys) so the record outlives a deleted user or company. Details hold ids and codes, never personal data.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // clock_timestamp(), not now(): now() is the transaction's start, so the events of one transaction would tie.
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    /** The order events were recorded in, which breaks ties of `occurredAt` (PGlite's clock counts milliseconds). */
    sequence: insertionOrder(),
    action: text('action').notNull(),
    actorUserId: uuid('actor_user_id'),
    tenantId: uuid('tenant_id'),
    companyId: uuid('company_id'),
    targetType: text('target_type'),
    targetId: text('target_id'),
    details: jsonb('details').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    /**
     * Set where the same action must be recorded once only: a sign-in's provider token (its `jti`), which every full
     * load of the web app exchanges again until it expires. Not shown: an opaque id, not a detail for a reader.
     */
    onceKey: text('once_key'),
  },
  (table) => [
    index('audit_events_occurred_at_idx').on(table.occurredAt),
    index('audit_events_company_id_idx').on(table.companyId, table.occurredAt),
    uniqueIndex('audit_events_once_idx')
      .on(table.action, table.actorUserId, table.onceKey)
      .where(sql`${table.onceKey} is not null`),
  ],
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
    /** 'monthly' | 'every-two-months' | 'quarterly' | 'annual'; null: the country's usual one. */
    filingFrequency: text('filing_frequency'),
    /**
     * The first day `filing_frequency` applies when the tax office changed it from a day; the periods before it are at
     * `previous_filing_frequency` (null: the country's usual one). Null: it applies to every period not filed yet.
     */
    filingFrequencyFrom: date('filing_frequency_from'),
    previousFilingFrequency: text('previous_filing_frequency'),
    /** The tax office granted the country's extension of the VAT return's deadline (Germany's Dauerfristverlängerung). */
    hasDeadlineExtension: boolean('has_deadline_extension').notNull().default(false),
    /** The registration's first day as the tax office set it: no return is planned for a period ended before it. */
    registeredFrom: date('registered_from'),
    /** The last day of a registration that ended: no return is planned for a period that began after it. */
    registeredUntil: date('registered_until'),
    /** The stagger of quarterly returns the tax office assigned (the UK's 1, 2 or 3); null: calendar quarters. */
    vatStagger: smallint('vat_stagger'),
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
    /** The order documents were stored in, which breaks ties of `uploadedAt`. */
    sequence: insertionOrder(),
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
    /**
     * The order signatures were made in, which breaks ties of `signedAt`: a country without an active signature shows
     * its newest one as revoked, which must be its last, not one made in the same millisecond before it.
     */
    sequence: insertionOrder(),
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

/** Decimal money column: numeric, read back as a string by both drivers; never a float. */
const amount = (name: string) => numeric(name, { precision: 18, scale: 2 });

/**
 * A company's Union OSS and IOSS registrations (issue 5): the member state of identification and the first day the
 * company declares through the scheme. Absent row: the company does not use the scheme.
 */
export const companyTaxSchemes = pgTable(
  'company_tax_schemes',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** 'oss' | 'ioss'. */
    scheme: text('scheme').notNull(),
    memberState: char('member_state', { length: 2 }).notNull(),
    effectiveFrom: date('effective_from').notNull(),
    identificationNumber: text('identification_number'),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.scheme] })],
);

/** The months of sales data a company keeps (spec: PeriodManager, `dataPeriodId`). */
export const dataPeriods = pgTable(
  'data_periods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** First and last day of the calendar month. */
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('data_periods_company_start_idx').on(table.companyId, table.startDate)],
);

/**
 * One uploaded transaction file and its import, which is also the background job's state: the worker claims queued
 * uploads, and an upload's rows count only once its status is 'completed'.
 */
export const transactionUploads = pgTable(
  'transaction_uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    dataPeriodId: uuid('data_period_id').references(() => dataPeriods.id, { onDelete: 'set null' }),
    /** 'amazon-vtr' | 'shopify-orders' | 'ebay-orders' | 'etsy-orders' | 'generic-csv'. */
    sourceFormat: text('source_format').notNull(),
    /** The saved generic-CSV column mapping used, copied so a later change of the mapping does not rewrite history. */
    columnMapping: jsonb('column_mapping').$type<Record<string, unknown>>(),
    fileName: text('file_name').notNull(),
    /**
     * The file's key in file storage; null once the file is deleted, which a completed import's is (decision 037): it
     * holds the buyers' names and addresses, and nothing reads a completed upload's file again.
     */
    storageKey: text('storage_key').unique(),
    /** Null while the file is still arriving (`receivedAt` null): known once its last byte is in. */
    sha256: char('sha256', { length: 64 }),
    sizeBytes: numeric('size_bytes', { precision: 15, scale: 0 }).notNull(),
    /** 'queued' | 'processing' | 'completed' | 'failed' | 'cancelled'. */
    status: text('status').notNull(),
    bytesProcessed: numeric('bytes_processed', { precision: 15, scale: 0 }).notNull().default('0'),
    rowsRead: integer('rows_read').notNull().default(0),
    rowsImported: integer('rows_imported').notNull().default(0),
    /** Rows already stored by an earlier upload (same Amazon event, activity and type). */
    rowsDuplicate: integer('rows_duplicate').notNull().default(0),
    problemCount: integer('problem_count').notNull().default(0),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    cancelRequestedAt: timestamp('cancel_requested_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    /** The worker that holds the job and when it last said it is alive; a stale heartbeat frees the job. */
    lockedBy: text('locked_by'),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** The order uploads were made in, which breaks ties of `createdAt`: lists newest first, the worker's claim oldest. */
    sequence: insertionOrder(),
    /**
     * When the whole file was stored. Null while an import runs as the file arrives (decision 023): such an upload is
     * no one's to see, cancel or claim until its request ends, and is deleted with its rows if it never does.
     */
    receivedAt: timestamp('received_at', { withTimezone: true }).defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('transaction_uploads_company_idx').on(table.companyId, table.createdAt),
    index('transaction_uploads_status_idx').on(table.status),
    index('transaction_uploads_company_sha_idx').on(table.companyId, table.sha256),
    // The import worker looks for abandoned receipts every second (`selectAbandonedReceipts`): only uploads whose file
    // is still arriving are in this index, so the look costs the same however many uploads are stored.
    index('transaction_uploads_unreceived_idx').on(table.id).where(sql`${table.receivedAt} is null`),
  ],
);

/** Row problems of an upload: line, column and reason (never the row's personal data). */
export const uploadProblems = pgTable(
  'upload_problems',
  {
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => transactionUploads.id, { onDelete: 'cascade' }),
    sequence: integer('sequence').notNull(),
    lineNumber: integer('line_number').notNull(),
    columnName: text('column_name'),
    code: text('code').notNull(),
    message: text('message').notNull(),
  },
  (table) => [primaryKey({ columns: [table.uploadId, table.sequence] })],
);

/** A saved column mapping for generic CSV files, per company and name. */
export const columnMappings = pgTable(
  'column_mappings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    mapping: jsonb('mapping').$type<Record<string, unknown>>().notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('column_mappings_company_name_idx').on(table.companyId, table.name)],
);

/**
 * Normalised transactions (packages/domain NormalizedTransaction) with their row-local treatment. Bulk-loaded with
 * COPY; visible only while their upload is 'completed'. No personal data columns. Every column has the statistics
 * target 25 (migration 0037, so an ANALYZE samples 7,500 rows): a column added needs it too.
 */
export const transactions = pgTable(
  'transactions',
  {
    /**
     * The transaction's identity: its tax point date, then a digest of company, source, event id, activity id, type and
     * SKU (transaction-upload/transaction-identity.ts). The same Amazon transaction in a second file has the same id,
     * so the identity key (below) is also the rule that nothing counts twice; and ids sort as the rows' dates do, so
     * that key is also the list's keyset index (decision 057).
     */
    id: uuid('id').notNull(),
    /**
     * company_id and upload_id carry no foreign keys: COPY would check a million references per file (measured: the
     * check alone costs two thirds of a bare COPY). Rows leave with their upload through the import's own deletes,
     * and readers count a row only while its upload (of the same company) is 'completed'.
     */
    companyId: uuid('company_id').notNull(),
    uploadId: uuid('upload_id').notNull(),
    source: text('source').notNull(),
    lineNumber: integer('line_number').notNull(),
    transactionType: text('transaction_type').notNull(),
    eventId: text('event_id').notNull(),
    activityId: text('activity_id').notNull(),
    taxPointDate: date('tax_point_date').notNull(),
    completeDate: date('complete_date').notNull(),
    marketplace: text('marketplace'),
    salesChannel: text('sales_channel'),
    departureCountry: char('departure_country', { length: 2 }),
    arrivalCountry: char('arrival_country', { length: 2 }),
    taxableJurisdiction: char('taxable_jurisdiction', { length: 2 }),
    currency: char('currency', { length: 3 }),
    netAmount: amount('net_amount').notNull(),
    vatAmount: amount('vat_amount').notNull(),
    grossAmount: amount('gross_amount').notNull(),
    /** Fraction, e.g. 0.19. */
    vatRate: numeric('vat_rate', { precision: 7, scale: 6 }),
    /** net × file rate, rounded half-up: differs from vat_amount only where the file's VAT is off (cross-check). */
    computedVatAmount: amount('computed_vat_amount').notNull(),
    buyerVatNumber: text('buyer_vat_number'),
    sellerVatNumber: text('seller_vat_number'),
    isExport: boolean('is_export').notNull(),
    taxReportingScheme: text('tax_reporting_scheme'),
    taxCollectionResponsibility: text('tax_collection_responsibility'),
    quantity: integer('quantity').notNull(),
    sku: text('sku'),
    /** packages/domain TransactionTreatment, decided per row at import. */
    treatment: text('treatment').notNull(),
  },
  (table) => [
    /**
     * The company's rows in date order, one B-tree for both the rule that nothing counts twice and the list's keyset:
     * ids begin with their row's date (decision 057), so a month is a range of ids and a page of the list a walk along
     * them. The jurisdiction, a third column after the unique id, orders nothing but lets that filter be checked on the
     * index's entries instead of on the rows (decision 032); a row without one is a duplicate of another without one
     * (NULLS NOT DISTINCT). Two B-trees (the ids at random as the primary key, then company, date, id and jurisdiction)
     * cost the backend's COPY of 1M rows 6.5 s of 10.1-10.7 s on the AMD EPYC, against some 2.5 s of 6.3-7.2 s for
     * this one.
     */
    unique('transactions_identity_key').on(table.companyId, table.id, table.taxableJurisdiction).nullsNotDistinct(),
    /**
     * One BRIN index of 32 pages a range (256 kB, some 900 rows), summing up four columns (decision 062):
     * - the upload ids (their minimum and maximum), for an upload's deletes: COPY appends an upload's rows together. A
     *   B-tree's entry per row cost the backend's COPY of 1M rows about 1 CPU-s more (session 39). Its readers go
     *   through `throughUploadIndexes` (transaction-upload/repository.ts);
     * - a bloom filter of the event ids, of the activity ids and of the SKUs, for the search (each matched whole), so a
     *   search for an id reads the summaries and the few ranges whose filter may hold it, not every row of the range
     *   asked (decision 054).
     * The pages a COPY appends are summarised after the import (`summarizeTransactionIndexes`), not row by row in it.
     * As four indexes, every row a COPY inserted looked each one's range up (PostgreSQL 15 reads the index's first page
     * and its range map per row and index): 13% of the backend's COPY, some 0.4-1.1 CPU-s of a million rows more.
     */
    index('transactions_upload_search_idx')
      .using(
        'brin',
        table.uploadId,
        table.eventId.op('text_bloom_ops'),
        table.activityId.op('text_bloom_ops'),
        table.sku.op('text_bloom_ops'),
      )
      .with({ pages_per_range: 32 }),
    /** The cross-check's rows whose file VAT differs from net × rate: a handful, found without walking the rest. */
    index('transactions_vat_difference_idx')
      .on(table.companyId, table.taxPointDate, table.id)
      .where(sql`${table.vatRate} is not null and ${table.vatAmount} <> ${table.computedVatAmount}`),
    /**
     * The data-health count of stock movements without a value (cost price): a handful of rows, found without walking
     * the year's rows (measured at 1M rows: ~280 ms → under 1 ms).
     */
    index('transactions_stock_without_value_idx')
      .on(table.companyId, table.taxPointDate)
      .where(sql`${table.transactionType} in ('FC_TRANSFER', 'INBOUND') and ${table.netAmount} = 0`),
  ],
);

/**
 * An upload's rows summed per day at the finest grain the tax position and the analytics read (every dimension of
 * packages/domain `TransactionDaySum`, the buyer VAT number included, and the channel), written once when its rows are
 * loaded: a recompute and the analytics read these sums (some tens of thousands a million rows) instead of the rows.
 * Like the rows, they carry no foreign keys, leave with their upload's rows (`deleteUploadRows`) and count only while
 * the upload is 'completed'. Like the rows', every column has the statistics target 25 (migration 0037).
 */
export const transactionDaySums = pgTable(
  'transaction_day_sums',
  {
    uploadId: uuid('upload_id').notNull(),
    companyId: uuid('company_id').notNull(),
    treatment: text('treatment').notNull(),
    taxPointDate: date('tax_point_date').notNull(),
    departureCountry: char('departure_country', { length: 2 }),
    arrivalCountry: char('arrival_country', { length: 2 }),
    taxableJurisdiction: char('taxable_jurisdiction', { length: 2 }),
    currency: char('currency', { length: 3 }),
    vatRate: numeric('vat_rate', { precision: 7, scale: 6 }),
    buyerVatNumber: text('buyer_vat_number'),
    /**
     * Where the rows were sold, as the analytics break them down: the marketplace, or the sales channel where the row
     * names none. Only the analytics read it; every other reader sums over it.
     */
    channel: text('channel'),
    netAmount: amount('net_amount').notNull(),
    vatAmount: amount('vat_amount').notNull(),
    grossAmount: amount('gross_amount').notNull(),
    computedVatAmount: amount('computed_vat_amount').notNull(),
    transactionCount: integer('transaction_count').notNull(),
  },
  /**
   * An upload's sums (its deletes, the recomputes' reads), and of those a month's (the analytics read a month at a
   * time).
   */
  (table) => [index('transaction_day_sums_upload_idx').on(table.uploadId, table.taxPointDate)],
);

/** ECB euro reference rates: units of `currency` per 1 EUR on `rate_date` (no rows for weekends and holidays). */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    currency: char('currency', { length: 3 }).notNull(),
    rateDate: date('rate_date').notNull(),
    rate: numeric('rate', { precision: 18, scale: 6 }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.currency, table.rateDate] }),
    /** The publication days of a window, whatever the currency (the tax position's rate table). */
    index('exchange_rates_date_idx').on(table.rateDate),
  ],
);

/** Liabilities per company, jurisdiction, calendar month and scheme, recomputed when the company's data changes. */
export const liabilities = pgTable(
  'liabilities',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    jurisdiction: char('jurisdiction', { length: 2 }).notNull(),
    /** 'local' | 'oss' | 'ioss'. */
    scheme: text('scheme').notNull(),
    periodStart: date('period_start').notNull(),
    periodEnd: date('period_end').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    netEur: amount('net_eur').notNull(),
    vatEur: amount('vat_eur').notNull(),
    netLocal: amount('net_local').notNull(),
    vatLocal: amount('vat_local').notNull(),
    /** The zero-rated part of net (intra-EU B2B supplies, exports, own-goods transfers out). */
    zeroRatedNetEur: amount('zero_rated_net_eur').notNull(),
    zeroRatedNetLocal: amount('zero_rated_net_local').notNull(),
    /** Own goods arriving from another member state: declared and self-assessed, no VAT to pay. */
    acquisitionNetEur: amount('acquisition_net_eur').notNull(),
    acquisitionNetLocal: amount('acquisition_net_local').notNull(),
    transactionCount: integer('transaction_count').notNull(),
    /** A missing exchange rate left amounts out of the totals (tax_position_problems says which). */
    isIncomplete: boolean('is_incomplete').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.jurisdiction, table.scheme, table.periodStart] })],
);

/** OSS return lines (Art. 369g): per quarter, member state of consumption, of dispatch, and VAT rate, in EUR. */
export const ossReturnLines = pgTable(
  'oss_return_lines',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    periodStart: date('period_start').notNull(),
    periodEnd: date('period_end').notNull(),
    consumptionCountry: char('consumption_country', { length: 2 }).notNull(),
    dispatchCountry: char('dispatch_country', { length: 2 }).notNull(),
    /** Null when the file applied no rate; such a line is still declared and flagged. */
    vatRate: numeric('vat_rate', { precision: 7, scale: 6 }),
    netEur: amount('net_eur').notNull(),
    vatEur: amount('vat_eur').notNull(),
    transactionCount: integer('transaction_count').notNull(),
    isIncomplete: boolean('is_incomplete').notNull(),
  },
  // Written only as a whole per company by the recompute, which keeps the lines unique; no key on a nullable rate.
  (table) => [index('oss_return_lines_company_period_idx').on(table.companyId, table.periodStart)],
);

/** EC Sales List lines: per reporting country, month, customer VAT number and kind (goods or own-goods transfer). */
export const ecSalesListLines = pgTable(
  'ec_sales_list_lines',
  {
    /**
     * No foreign key (decision 024): the recompute writes tens of thousands of lines at an upload's completion, and the
     * key's check per line cost more than the insert itself (75,025 lines: 212 ms of 366 ms). The lines are derived
     * data, written only by the recompute after it has read the company.
     */
    companyId: uuid('company_id').notNull(),
    reportingCountry: char('reporting_country', { length: 2 }).notNull(),
    periodStart: date('period_start').notNull(),
    periodEnd: date('period_end').notNull(),
    /** Null when neither the file nor the company's registrations give it: the line cannot be filed as it is. */
    customerVatNumber: text('customer_vat_number'),
    /** 'goods' | 'transfer'. */
    kind: text('kind').notNull(),
    netEur: amount('net_eur').notNull(),
    netLocal: amount('net_local').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    transactionCount: integer('transaction_count').notNull(),
    isIncomplete: boolean('is_incomplete').notNull(),
  },
  // Written only as a whole per company by the recompute; no key on a nullable VAT number.
  (table) => [index('ec_sales_list_lines_company_period_idx').on(table.companyId, table.periodStart)],
);

/**
 * The EC Sales List lines' net values summed per reporting country, month and currency (packages/domain
 * `EcSalesListTotal`, decision 036): what a filing of the list declares. The recompute writes them with the lines, so
 * the filings, which are planned again after every recompute and on every read of the calendar, read a few rows per
 * month instead of summing a line per business customer over every year.
 */
export const ecSalesListTotals = pgTable(
  'ec_sales_list_totals',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    reportingCountry: char('reporting_country', { length: 2 }).notNull(),
    periodStart: date('period_start').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    netEur: amount('net_eur').notNull(),
    netLocal: amount('net_local').notNull(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.reportingCountry, table.periodStart, table.currency] })],
);

/** The €10,000 OSS threshold per calendar year: the year's intra-EU B2C distance sales and when they crossed it. */
export const ossThresholdYears = pgTable(
  'oss_threshold_years',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    totalEur: amount('total_eur').notNull(),
    crossedOn: date('crossed_on'),
    exceededPreviousYear: boolean('exceeded_previous_year').notNull(),
    isIncomplete: boolean('is_incomplete').notNull(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.year] })],
);

/**
 * What the recompute of a company's tax position could not settle (a missing exchange rate, say), as the tax engine
 * reported it, so the liabilities summary shows it without recomputing. Kept per calendar year of the tax points
 * that raised it, since a recompute may replace some years only; a problem raised in two years is stored in both and
 * read once.
 */
export const taxPositionProblems = pgTable(
  'tax_position_problems',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Unique per company; the order problems are read in is the tax engine's (`mergeProblems`), not this. */
    sequence: integer('sequence').notNull(),
    /**
     * The calendar year of the tax points that raised the problem. Null only for problems stored before problems had
     * a year, by a recompute that stored no `taxPositionProfiles` row either: the next one runs over every year.
     */
    year: integer('year'),
    problem: jsonb('problem').$type<Record<string, unknown>>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.sequence] })],
);

/**
 * The company's tax profile (`loadCompanyTaxProfile`) as its stored tax position was last computed with. A recompute
 * replaces only the years a change alters while the profile is the same; a company without a row here, or whose profile
 * changed since (a new seat, registration or VAT number), is recomputed over every year.
 */
export const taxPositionProfiles = pgTable('tax_position_profiles', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  profile: jsonb('profile').$type<Record<string, unknown>>().notNull(),
  /**
   * How many times the stored position was replaced since the row was made: every recompute adds one. A position
   * computed outside the transaction that stores it (`prepareTaxPosition`) is stored only while this is what it was
   * when the computing began; otherwise another change came in between, and the position is computed again.
   */
  generation: bigint('generation', { mode: 'number' }).notNull().default(0),
  /**
   * Set when the stored position no longer follows from the stored rows as the rules now read them (a migration that
   * changed a rule sets it, as 0027 did): the import worker recomputes every year of such a company when it starts, and
   * a recompute clears it. Until then any recompute of the company takes every year.
   */
  recomputeRequestedAt: timestamp('recompute_requested_at', { withTimezone: true }),
});

/**
 * Every (taxable jurisdiction, tax-point day, VAT rate) the company's visible rows use, written by the recompute from
 * its day sums, so the cross-check checks a few thousand combinations against the rate table without a pass over
 * every row per request.
 */
export const transactionRateDays = pgTable(
  'transaction_rate_days',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    jurisdiction: char('jurisdiction', { length: 2 }).notNull(),
    rateDate: date('rate_date').notNull(),
    /** Fraction without trailing zeros, as the day sums carry it (0.19). */
    vatRate: numeric('vat_rate', { precision: 7, scale: 6 }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.jurisdiction, table.rateDate, table.vatRate] })],
);

/**
 * Filings generated from the company's registrations and the country rules. Only 'open' or 'filed' is stored;
 * upcoming, due soon and overdue follow from the due date and today.
 */
export const filings = pgTable(
  'filings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    jurisdiction: char('jurisdiction', { length: 2 }).notNull(),
    /** 'vat-return' | 'oss-return' | 'ioss-return' | 'ec-sales-list'. */
    filingType: text('filing_type').notNull(),
    /** 'monthly' | 'every-two-months' | 'quarterly' | 'annual'. */
    frequency: text('frequency').notNull(),
    periodStart: date('period_start').notNull(),
    periodEnd: date('period_end').notNull(),
    dueDate: date('due_date').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    /** VAT payable (returns) or net value listed (EC Sales List), recomputed until the filing is filed. */
    amountEur: amount('amount_eur').notNull(),
    amountLocal: amount('amount_local').notNull(),
    filedOn: date('filed_on'),
    filingReference: text('filing_reference'),
    filedBy: uuid('filed_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The day its VAT was paid, as the user marked it: only a filing whose payment is due apart from it (decision
     * 051), and independent of its being filed (Italy's annual balance is paid before the return is due).
     */
    paidOn: date('paid_on'),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('filings_identity_idx').on(table.companyId, table.jurisdiction, table.filingType, table.periodStart),
    index('filings_company_due_idx').on(table.companyId, table.dueDate),
  ],
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

/**
 * The secret iCalendar feed of a user (issue 6). The secret in the URL is an HMAC of `nonce` under a key derived from
 * the server's token secret, so the URL can be shown again while the database keeps only its sha256 (a copy of the
 * database alone opens no feed). Rotating replaces the nonce: the old URL stops working.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  nonce: text('nonce').notNull(),
  /** sha256 of the secret, hex: what the public feed route looks up. */
  secretHash: text('secret_hash').notNull().unique(),
  createdAt: createdAt(),
});

/**
 * Deadline reminders claimed or sent: at most one per user, filing and due date (a moved due date is a new reminder).
 * The row is inserted before the mail goes out, so two processes running the job never both send it.
 */
export const filingReminders = pgTable(
  'filing_reminders',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    filingId: uuid('filing_id')
      .notNull()
      .references(() => filings.id, { onDelete: 'cascade' }),
    dueDate: date('due_date').notNull(),
    channel: text('channel').notNull().default('email'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.filingId, table.dueDate, table.channel] }),
    index('filing_reminders_filing_id_idx').on(table.filingId),
  ],
);

export const SUBSCRIPTION_STATUSES = ['active', 'cancelled', 'pending'] as const;
export const SUBSCRIPTION_PROVIDERS = ['stripe', 'manual'] as const;

/**
 * A company's subscription of one country (issue 7): the one source of truth of what a company pays for. One row per
 * company and country whose status moves (pending at checkout, active, cancelled); the history of changes is in the
 * audit log. `companies.subscription_country_codes` (what the route guard reads) is a projection of the active rows,
 * rewritten in the same transaction as every change (payments/repository.ts `syncSubscriptionCountryCodes`).
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    countryCode: char('country_code', { length: 2 }).notNull(),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull(),
    /** 'stripe': bought through Stripe Checkout; 'manual': activated by an administrator without a payment provider. */
    provider: text('provider', { enum: SUBSCRIPTION_PROVIDERS }).notNull(),
    /** Stripe: the Checkout Session id while pending, then the Stripe subscription id. Manual: null. */
    providerReference: text('provider_reference'),
    /** The administrator who activated a manual subscription; null for Stripe (the webhook activates it). */
    activatedByUserId: uuid('activated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('subscriptions_company_country_idx').on(table.companyId, table.countryCode),
    index('subscriptions_provider_reference_idx').on(table.providerReference),
  ],
);

/**
 * Payment-provider events already applied, by the provider's event id: a webhook delivered twice (Stripe retries
 * until it sees a 2xx) is recorded in the same transaction as its effect, so the second delivery changes nothing.
 */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  provider: text('provider', { enum: SUBSCRIPTION_PROVIDERS }).notNull(),
  type: text('type').notNull(),
  /** What the event did: 'applied' or why it was ignored (e.g. 'unknown_company'). */
  outcome: text('outcome').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

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
  companyTaxSchemes,
  dataPeriods,
  transactionUploads,
  uploadProblems,
  columnMappings,
  transactions,
  transactionDaySums,
  exchangeRates,
  liabilities,
  ossReturnLines,
  ecSalesListLines,
  ossThresholdYears,
  taxPositionProblems,
  taxPositionProfiles,
  transactionRateDays,
  filings,
  idpAccounts,
  oidcPayloads,
  calendarFeeds,
  filingReminders,
  subscriptions,
  paymentEvents,
};
export type Schema = typeof schema;
