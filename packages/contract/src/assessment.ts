import {
  AMOUNT_PATTERN,
  ASSESSMENT_REASON_CODES,
  COUNTRY_CODES,
  MARKETPLACE_DEEMED_SUPPLIER_SHARES,
  REGISTRATION_DOCUMENT_TYPES,
} from '@vatlas/domain';
import { z } from 'zod';

const isoCountry = z.string().regex(/^[A-Z]{2}$/, 'an ISO 3166-1 alpha-2 code');
/** One of the 30 jurisdictions Vatlas registers in (EU-27, GB, CH, NO). */
const jurisdictionCode = z
  .string()
  .refine((code) => COUNTRY_CODES.includes(code), 'one of the EU-27, GB, CH or NO as an ISO code');
const countryList = z
  .array(jurisdictionCode)
  .max(30)
  .refine((codes) => new Set(codes).size === codes.length, 'each country once');
/** Decimal string, at most two decimals, never negative: money is never a binary float. */
const amount = z.string().regex(AMOUNT_PATTERN, 'an amount such as 12500 or 12500.50');

export const questionnaireAnswersSchema = z.object({
  establishmentCountryCode: isoCountry,
  ownWarehouseCountries: countryList,
  fulfilmentCenterCountries: countryList,
  euDistanceSales: z.object({ currentYear: amount, previousYear: amount }),
  marketplaceDeemedSupplier: z.enum(MARKETPLACE_DEEMED_SUPPLIER_SHARES),
  hasLowValueImports: z.boolean(),
  ukSales: amount,
  swissSales: amount,
  worldwideTurnover: amount,
  norwaySales: amount,
});
export type QuestionnaireAnswersBody = z.infer<typeof questionnaireAnswersSchema>;

export const assessmentReasonSchema = z.object({
  code: z.enum(ASSESSMENT_REASON_CODES),
  rule: z.string(),
  params: z.record(z.string(), z.string()),
  sources: z.array(z.string()),
});
export type AssessmentReasonDto = z.infer<typeof assessmentReasonSchema>;

const schemeRecommendationSchema = z.object({
  recommended: z.boolean(),
  reason: assessmentReasonSchema,
  notes: z.array(assessmentReasonSchema),
});

export const taxAssessmentSchema = z.object({
  jurisdictions: z.array(
    z.object({
      countryCode: z.string(),
      isRequired: z.boolean(),
      needsFiscalRepresentative: z.boolean(),
      reasons: z.array(assessmentReasonSchema),
    }),
  ),
  oss: schemeRecommendationSchema,
  ioss: schemeRecommendationSchema,
});
export type TaxAssessmentDto = z.infer<typeof taxAssessmentSchema>;

/** GET and PUT /api/v1/Questionnaire/{companyId}: the saved answers and the assessment computed from them. */
export const questionnaireResponseSchema = z.object({
  answers: questionnaireAnswersSchema.nullable(),
  assessment: taxAssessmentSchema.nullable(),
  assessedAt: z.string().nullable(),
});
export type QuestionnaireResponse = z.infer<typeof questionnaireResponseSchema>;

export const jurisdictionChoiceSchema = z.object({
  countryCode: z.string(),
  isEu: z.boolean(),
  selected: z.boolean(),
  /** The assessment found a registration required here. */
  isRecommended: z.boolean(),
  reasons: z.array(assessmentReasonSchema),
});
export type JurisdictionChoice = z.infer<typeof jurisdictionChoiceSchema>;

/** GET /api/v1/Registration/{companyId}/Jurisdictions: all 30, selected or pre-selected from the assessment. */
export const jurisdictionsResponseSchema = z.object({
  jurisdictions: z.array(jurisdictionChoiceSchema),
  /** False until the user saved a selection: `selected` then shows the assessment's pre-selection. */
  isSaved: z.boolean(),
  hasAssessment: z.boolean(),
});
export type JurisdictionsResponse = z.infer<typeof jurisdictionsResponseSchema>;

export const updateJurisdictionsBodySchema = z.object({
  countryCodes: countryList.min(1, 'choose at least one country'),
});
export type UpdateJurisdictionsBody = z.infer<typeof updateJurisdictionsBodySchema>;

const sourcedSchema = <T extends z.ZodType>(value: T) =>
  z.object({ value, sources: z.array(z.string()), isVerified: z.boolean() });

export const jurisdictionInfoSchema = z.object({
  countryCode: z.string(),
  isEu: z.boolean(),
  currency: z.string(),
  vatPrefix: z.string(),
  nonResidentThreshold: sourcedSchema(
    z.object({
      amount: z.string(),
      currency: z.string(),
      basis: z.enum(['first-local-supply', 'worldwide-turnover', 'local-turnover-12-months']),
    }),
  ),
  needsFiscalRepresentative: z.boolean(),
  fiscalRepresentative: sourcedSchema(z.enum(['non-eu', 'non-eea-uk', 'non-resident', 'optional', 'never'])),
  proposedReturnFrequency: sourcedSchema(z.enum(['monthly', 'every-two-months', 'quarterly', 'annual'])).extend({
    basis: z.string(),
  }),
  documents: z.array(z.object({ type: z.enum(REGISTRATION_DOCUMENT_TYPES), sources: z.array(z.string()) })),
});
export type JurisdictionInfo = z.infer<typeof jurisdictionInfoSchema>;

/** GET /api/v1/Registration/{companyId}/JurisdictionInfo: what each selected country's registration needs. */
export const jurisdictionInfoResponseSchema = z.object({
  establishmentCountryCode: z.string().nullable(),
  isEuEstablished: z.boolean(),
  jurisdictions: z.array(jurisdictionInfoSchema),
});
export type JurisdictionInfoResponse = z.infer<typeof jurisdictionInfoResponseSchema>;
