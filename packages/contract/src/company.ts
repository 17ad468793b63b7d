import { z } from 'zod';

const countryCode = z.string().regex(/^[A-Z]{2}$/, 'an ISO 3166-1 alpha-2 code');

/** Spec §3 "Company summary", as listed in the user's companies. */
export const companySummarySchema = z.object({
  id: z.string(),
  legalNameOfBusiness: z.string(),
  countryOfEstablishment: z.string().nullable(),
  countryIdOfEstablishment: z.number().int().nullable(),
  countryCodeOfEstablishment: countryCode.nullable(),
  legalStatus: z.string().nullable(),
  companyStatus: z.string(),
  serviceType: z.string().nullable(),
  profile: z.string().nullable(),
  isRealTimeReportingCompany: z.boolean(),
  subscriptionCountries: z.array(z.string()),
  subscriptionCountryCodes: z.array(countryCode),
  termsAndConditionsAccepted: z.boolean(),
});
export type CompanySummary = z.infer<typeof companySummarySchema>;

/** Spec §3 "Company details" (the onboarding getCompany answer). */
export const companyDetailsSchema = z.object({
  companyId: z.string(),
  companyObjectId: z.string(),
  legalNameOfBusiness: z.string(),
  legalStatusId: z.number().int().nullable(),
  companyType: z.string().nullable(),
  establishmentCountryId: z.number().int().nullable(),
  establishmentCountryCode: countryCode.nullable(),
  zipCode: z.string(),
  state: z.string().nullable(),
  city: z.string(),
  street: z.string().nullable(),
  houseNumber: z.string().nullable(),
  vatNumber: z.string().nullable(),
  status: z.string(),
  subscriptionDate: z.string().nullable(),
  incorporationDate: z.string().nullable(),
  incorporationNumber: z.string().nullable(),
});
export type CompanyDetails = z.infer<typeof companyDetailsSchema>;
