import { z } from 'zod';
import { companySummarySchema } from './company';

/** Spec §3 "User" (the Me call), with the profile fields the screens need besides. */
export const userSchema = z.object({
  userId: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  language: z.string(),
  selectedCompanyId: z.string().nullable(),
  selectedCompany: companySummarySchema.nullable(),
  selectedTenantId: z.string().nullable(),
  companies: z.array(companySummarySchema),
  isAdmin: z.boolean(),
});
export type User = z.infer<typeof userSchema>;
