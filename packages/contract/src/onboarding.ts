import { z } from 'zod';

const countryCode = z.string().regex(/^[A-Z]{2}$/, 'an ISO 3166-1 alpha-2 code');
const trimmed = (max: number) => z.string().trim().min(1, 'required').max(max);
const optionalTrimmed = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((value) => (value.length === 0 ? null : value))
    .nullable()
    .optional();

export const onboardingStepIdSchema = z.enum([
  'account-creation',
  'tax-assessment',
  'business-details',
  'jurisdictions',
  'document-center',
]);
export const onboardingStepStatusSchema = z.enum(['completed', 'active', 'pending', 'locked']);

/** Spec §3 "Onboarding step"; title and description are English, the SPA shows its translation by id. */
export const onboardingStepSchema = z.object({
  id: onboardingStepIdSchema,
  title: z.string(),
  description: z.string(),
  order: z.number().int(),
  status: onboardingStepStatusSchema,
  route: z.string(),
  isRequired: z.boolean(),
  estimatedTime: z.number().int(),
});
export type OnboardingStepDto = z.infer<typeof onboardingStepSchema>;

/** Spec §3 "Progress". */
export const onboardingProgressSchema = z.object({
  completedSteps: z.number().int(),
  totalSteps: z.number().int(),
  completionPercentage: z.number().int().min(0).max(100),
});
export type OnboardingProgress = z.infer<typeof onboardingProgressSchema>;

export const companyTypeSchema = z.enum(['corporation', 'partnership', 'sole-trader', 'other']);
export type CompanyType = z.infer<typeof companyTypeSchema>;

export const productTypeSchema = z.enum(['physical-goods', 'digital-services']);
export const salesChannelSchema = z.enum(['own-webshop', 'marketplaces', 'retail-stores', 'b2b-wholesale', 'other']);
export const marketplaceSchema = z.enum([
  'amazon',
  'ebay',
  'etsy',
  'zalando',
  'otto',
  'kaufland',
  'cdiscount',
  'bol',
  'allegro',
  'other',
]);

/** PUT Company/{companyId}/BusinessType. The legal form must be one of the establishment country's (domain). */
export const businessTypeRequestSchema = z.object({
  legalNameOfBusiness: trimmed(200),
  establishmentCountryCode: countryCode,
  companyType: companyTypeSchema,
  legalForm: trimmed(40),
  termsAndConditionsAccepted: z.literal(true, 'the terms and conditions must be accepted'),
});
export type BusinessTypeRequest = z.infer<typeof businessTypeRequestSchema>;

/** PUT Company/{companyId}/Address. The postcode is checked against the company's establishment country. */
export const addressRequestSchema = z.object({
  street: trimmed(200),
  houseNumber: optionalTrimmed(20),
  zipCode: trimmed(20),
  city: trimmed(120),
  state: optionalTrimmed(120),
});
export type AddressRequest = z.input<typeof addressRequestSchema>;

/** PUT Company/{companyId}/ProductType. */
export const productTypeRequestSchema = z
  .object({
    productTypes: z.array(productTypeSchema).min(1, 'choose at least one').max(2),
    salesChannels: z.array(salesChannelSchema).min(1, 'choose at least one').max(5),
    marketplaces: z.array(marketplaceSchema).max(10).default([]),
  })
  .superRefine((value, context) => {
    if (value.salesChannels.includes('marketplaces') && value.marketplaces.length === 0)
      context.addIssue({ code: 'custom', path: ['marketplaces'], message: 'choose at least one marketplace' });
    if (!value.salesChannels.includes('marketplaces') && value.marketplaces.length > 0)
      context.addIssue({ code: 'custom', path: ['marketplaces'], message: 'only with the marketplaces channel' });
  });
export type ProductTypeRequest = z.input<typeof productTypeRequestSchema>;

/** POST Company: a new company in the caller's tenant; the address stays a placeholder (TBD / 00000). */
export const createCompanyRequestSchema = z.object({
  legalNameOfBusiness: trimmed(200),
});
export type CreateCompanyRequest = z.infer<typeof createCompanyRequestSchema>;

/** GET Company/{companyId}/Onboarding: everything the onboarding pages and their progress need. */
export const onboardingResponseSchema = z.object({
  companyId: z.string(),
  steps: z.array(onboardingStepSchema),
  progress: onboardingProgressSchema,
  /** Minutes of the steps not completed yet (spec §3 estimatedTime). */
  estimatedMinutesLeft: z.number().int(),
  /** Spec §4 next-step rule; null when onboarding is complete. */
  nextPath: z.string().nullable(),
  isComplete: z.boolean(),
  termsAndConditionsAccepted: z.boolean(),
  termsAcceptedAt: z.string().nullable(),
  businessType: z.object({
    legalNameOfBusiness: z.string(),
    establishmentCountryCode: countryCode.nullable(),
    companyType: companyTypeSchema.nullable(),
    legalForm: z.string().nullable(),
  }),
  /** Placeholders (TBD / 00000) come back as null: the pages must not show them as values. */
  address: z.object({
    street: z.string().nullable(),
    houseNumber: z.string().nullable(),
    zipCode: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
  }),
  productType: z.object({
    productTypes: z.array(productTypeSchema),
    salesChannels: z.array(salesChannelSchema),
    marketplaces: z.array(marketplaceSchema),
  }),
});
export type OnboardingResponse = z.infer<typeof onboardingResponseSchema>;

export const stepIdParamsSchema = z.object({ companyId: z.string(), stepId: z.string() });
