import { z } from 'zod';

/**
 * The security-relevant actions the audit log records (issue 7). One list, so the API can only record a known action
 * and the admin screen can translate each one.
 */
export const AUDIT_ACTIONS = [
  'sign_in',
  'token_exchange_failed',
  'company_switched',
  'tenant_switched',
  'signed_out',
  'company_user_added',
  'company_user_removed',
  'user_role_changed',
  'user_disabled',
  'user_enabled',
  'document_downloaded',
  'power_of_attorney_signed',
  'filing_marked_filed',
  'filing_marked_paid',
  'filing_marked_unpaid',
  'filing_reopened',
  'subscription_changed',
  'tenant_branding_changed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const auditActionSchema = z.enum(AUDIT_ACTIONS);

/**
 * Details are identifiers and codes only (a document id, a country code, a filing reference, a reason code) — never
 * names, addresses or other personal data.
 */
export const auditDetailsSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));
export type AuditDetails = z.infer<typeof auditDetailsSchema>;

export const auditEventSchema = z.object({
  id: z.string(),
  occurredAt: z.string(),
  action: auditActionSchema,
  /** Who acted; null when nobody could be identified (a failed token exchange). */
  actorUserId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  tenantId: z.string().nullable(),
  companyId: z.string().nullable(),
  /** What the action was about, e.g. `user`/id, `document`/id, `filing`/id. */
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  details: auditDetailsSchema,
});
export type AuditEvent = z.infer<typeof auditEventSchema>;
