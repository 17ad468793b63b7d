import { isIsoDate } from '@vatlas/domain';
import { z } from 'zod';
import { auditActionSchema, auditEventSchema } from './audit';
import { FILING_STATUS_VALUES, FILING_TYPE_VALUES } from './filings';
import { uploadStatusSchema } from './transaction-upload';

/** The admin area (issue 7, spec §6): administrators look across tenants, companies, users, jobs and logs. */

const isoDate = z.string().refine(isIsoDate, 'a calendar date as YYYY-MM-DD');
const timestamp = z.string().describe('ISO 8601, UTC');

/** Offset paging of the admin tables: small, sorted lists an administrator pages through by hand. */
export const adminPageQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    /** Every matching row, not only this page's. */
    total: z.number().int().nonnegative(),
    offset: z.number().int().nonnegative(),
    limit: z.number().int().positive(),
  });

const searchText = z
  .string()
  .trim()
  .max(200, 'at most 200 characters')
  .optional()
  .describe('Case-insensitive; matches any part');

export const adminTenantSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  themeId: z.string(),
  companyCount: z.number().int().nonnegative(),
  /** People whose home tenant this is, or who may switch to it. */
  userCount: z.number().int().nonnegative(),
});
export type AdminTenant = z.infer<typeof adminTenantSchema>;
export const adminTenantListSchema = z.object({ items: z.array(adminTenantSchema) });
export type AdminTenantList = z.infer<typeof adminTenantListSchema>;

export const adminCompanyQuerySchema = adminPageQuerySchema.extend({
  search: searchText.describe('Matches the legal name or the VAT number, case-insensitive'),
});
export type AdminCompanyQuery = z.infer<typeof adminCompanyQuerySchema>;

export const adminCompanySchema = z.object({
  id: z.string(),
  legalNameOfBusiness: z.string(),
  vatNumber: z.string().nullable(),
  establishmentCountryCode: z.string().nullable(),
  tenantId: z.string(),
  tenantName: z.string(),
  onboarding: z.object({
    isComplete: z.boolean(),
    /** The next onboarding page by the rules of spec §4; null once complete. */
    nextPath: z.string().nullable(),
    completionPercentage: z.number().int().min(0).max(100),
  }),
  subscriptionCountryCodes: z.array(z.string()),
  userCount: z.number().int().nonnegative(),
  createdAt: timestamp,
});
export type AdminCompany = z.infer<typeof adminCompanySchema>;
export const adminCompanyPageSchema = pageOf(adminCompanySchema);
export type AdminCompanyPage = z.infer<typeof adminCompanyPageSchema>;

export const adminUserQuerySchema = adminPageQuerySchema.extend({
  search: searchText.describe('Matches the e-mail address, first or last name, case-insensitive'),
});
export type AdminUserQuery = z.infer<typeof adminUserQuerySchema>;

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  tenantId: z.string(),
  isAdmin: z.boolean(),
  isDisabled: z.boolean(),
  companyCount: z.number().int().nonnegative(),
  /** False for someone added to a company who has never signed in. */
  hasSignedIn: z.boolean(),
  createdAt: timestamp,
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserPageSchema = pageOf(adminUserSchema);
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;

export const adminUserRoleRequestSchema = z.object({ isAdmin: z.boolean() });
export type AdminUserRoleRequest = z.infer<typeof adminUserRoleRequestSchema>;
export const adminUserStatusRequestSchema = z.object({ isDisabled: z.boolean() });
export type AdminUserStatusRequest = z.infer<typeof adminUserStatusRequestSchema>;

export const adminUploadQuerySchema = adminPageQuerySchema.extend({ status: uploadStatusSchema.optional() });
export type AdminUploadQuery = z.infer<typeof adminUploadQuerySchema>;

export const adminUploadSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  fileName: z.string(),
  format: z.string(),
  status: uploadStatusSchema,
  rowsRead: z.number().int().nonnegative(),
  rowsImported: z.number().int().nonnegative(),
  problemCount: z.number().int().nonnegative(),
  attempts: z.number().int().nonnegative(),
  errorCode: z.string().nullable(),
  createdAt: timestamp,
  startedAt: timestamp.nullable(),
  finishedAt: timestamp.nullable(),
});
export type AdminUpload = z.infer<typeof adminUploadSchema>;

/** The job queue is the uploads table (decision 006): its rows waiting or being worked on. */
export const adminJobQueueSchema = z.object({
  queued: z.number().int().nonnegative(),
  /** Imports and validations a worker holds right now. */
  running: z.number().int().nonnegative(),
  /** Running jobs whose worker has stopped reporting (IMPORT_STALE_AFTER_SECONDS): a worker will take them over. */
  stale: z.number().int().nonnegative(),
  oldestQueuedAt: timestamp.nullable(),
});
export type AdminJobQueue = z.infer<typeof adminJobQueueSchema>;

export const adminUploadPageSchema = pageOf(adminUploadSchema).extend({ queue: adminJobQueueSchema });
export type AdminUploadPage = z.infer<typeof adminUploadPageSchema>;

export const ADMIN_FILINGS_DUE_MAX_DAYS = 366;
export const adminFilingsDueQuerySchema = adminPageQuerySchema.extend({
  withinDays: z.coerce
    .number()
    .int()
    .min(0)
    .max(ADMIN_FILINGS_DUE_MAX_DAYS)
    .default(30)
    .describe('Open filings due within this many days from today, and every overdue one'),
});
export type AdminFilingsDueQuery = z.infer<typeof adminFilingsDueQuerySchema>;

export const adminFilingSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  jurisdiction: z.string(),
  filingType: z.enum(FILING_TYPE_VALUES),
  periodStart: isoDate,
  periodEnd: isoDate,
  dueDate: isoDate,
  status: z.enum(FILING_STATUS_VALUES),
  currency: z.string(),
  amountEur: z.string().describe('Decimal string, two places'),
  amountLocal: z.string().describe('Decimal string, two places'),
});
export type AdminFiling = z.infer<typeof adminFilingSchema>;
export const adminFilingPageSchema = pageOf(adminFilingSchema).extend({
  /** The day the statuses and the window were computed for. */
  today: isoDate,
  withinDays: z.number().int().nonnegative(),
});
export type AdminFilingPage = z.infer<typeof adminFilingPageSchema>;

export const adminClientErrorSchema = z.object({
  id: z.string(),
  message: z.string(),
  stack: z.string().nullable(),
  component: z.string().nullable(),
  action: z.string().nullable(),
  url: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** As the browser reported it: unverified. */
  reportedUserId: z.string().nullable(),
  reportedAt: timestamp.nullable(),
  receivedAt: timestamp,
});
export type AdminClientError = z.infer<typeof adminClientErrorSchema>;
export const adminClientErrorPageSchema = pageOf(adminClientErrorSchema);
export type AdminClientErrorPage = z.infer<typeof adminClientErrorPageSchema>;

export const adminAuditQuerySchema = z.object({
  action: auditActionSchema.optional(),
  companyId: z.uuid('must be a company id (uuid)').optional(),
  actorEmail: z.string().trim().max(320).optional().describe('Exact e-mail address of the person who acted'),
  cursor: z.string().max(200).optional().describe('nextCursor of the previous page'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type AdminAuditQuery = z.infer<typeof adminAuditQuerySchema>;
export const adminAuditPageSchema = z.object({
  items: z.array(auditEventSchema),
  /** Null on the last page. */
  nextCursor: z.string().nullable(),
});
export type AdminAuditPage = z.infer<typeof adminAuditPageSchema>;

export const adminOverviewSchema = z.object({
  counts: z.object({
    tenants: z.number().int().nonnegative(),
    companies: z.number().int().nonnegative(),
    users: z.number().int().nonnegative(),
    administrators: z.number().int().nonnegative(),
    disabledUsers: z.number().int().nonnegative(),
    /** Uploads that failed within the last 7 days. */
    failedUploads: z.number().int().nonnegative(),
    overdueFilings: z.number().int().nonnegative(),
    /** Client errors received within the last 7 days. */
    clientErrors: z.number().int().nonnegative(),
  }),
  queue: adminJobQueueSchema,
  /** The most urgent items, at most five of each. */
  failedUploads: z.array(adminUploadSchema),
  overdueFilings: z.array(adminFilingSchema),
  recentClientErrors: z.array(adminClientErrorSchema),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;
