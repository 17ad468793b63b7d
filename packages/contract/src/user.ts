import { z } from 'zod';
import { userProfileSchema } from './account';
import { companySummarySchema } from './company';

export const tenantSummarySchema = z.object({ id: z.string(), slug: z.string(), name: z.string() });
export type TenantSummary = z.infer<typeof tenantSummarySchema>;

/** Spec §3 "User" (the Me call), with the profile fields the screens need besides. */
export const userSchema = userProfileSchema.extend({
  selectedCompanyId: z.string().nullable(),
  selectedCompany: companySummarySchema.nullable(),
  selectedTenantId: z.string().nullable(),
  /** Tenants the user may switch to with Token/ChangeTenant (the selected one included). */
  tenants: z.array(tenantSummarySchema),
  companies: z.array(companySummarySchema),
  isAdmin: z.boolean(),
});
export type User = z.infer<typeof userSchema>;
