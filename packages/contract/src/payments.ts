import { COUNTRY_CODES } from '@vatlas/domain';
import { z } from 'zod';

/**
 * Subscriptions per country (issue 7, spec §2). A company's active subscriptions are its `subscriptionCountryCodes`,
 * which let it past onboarding. Checkout goes through Stripe when the server is configured for it; otherwise
 * payments are `manual`: an administrator activates countries by hand.
 */

const coveredCountryCode = z
  .string()
  .regex(/^[A-Z]{2}$/, 'an ISO 3166-1 alpha-2 code in capitals')
  .refine((code) => COUNTRY_CODES.includes(code), 'a country Vatlas covers (EU-27, GB, CH, NO)');

export const SUBSCRIPTION_STATUS_VALUES = ['active', 'cancelled', 'pending'] as const;
export const PAYMENT_PROVIDER_VALUES = ['stripe', 'manual'] as const;
export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUS_VALUES);
export const paymentProviderSchema = z.enum(PAYMENT_PROVIDER_VALUES);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;
export type PaymentProvider = z.infer<typeof paymentProviderSchema>;

export const subscriptionSchema = z.object({
  countryCode: z.string(),
  status: subscriptionStatusSchema.describe('pending: checkout started, not paid yet'),
  provider: paymentProviderSchema.describe('stripe: bought through Stripe Checkout; manual: activated by an admin'),
  /** When it became active (ISO timestamp); null while pending and never active. */
  activatedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const subscribableCountrySchema = z.object({
  countryCode: z.string(),
  /** One of the company's jurisdictions (registered or to register): listed first. */
  isJurisdiction: z.boolean(),
  /** Stripe only: a price is configured for the country, so it can be bought. Always false for manual payments. */
  canCheckout: z.boolean(),
});
export type SubscribableCountry = z.infer<typeof subscribableCountrySchema>;

export const companySubscriptionsSchema = z.object({
  companyId: z.string(),
  /** How subscriptions are paid on this server. */
  paymentProvider: paymentProviderSchema,
  subscriptions: z.array(subscriptionSchema),
  /** The active countries, as the company summary's `subscriptionCountryCodes` (what the route guard reads). */
  subscriptionCountryCodes: z.array(z.string()),
  /** Countries without an active subscription: the company's jurisdictions first, then the rest by code. */
  availableCountries: z.array(subscribableCountrySchema),
});
export type CompanySubscriptions = z.infer<typeof companySubscriptionsSchema>;

export const startCheckoutRequestSchema = z.object({
  countryCodes: z
    .array(coveredCountryCode)
    .min(1, 'choose at least one country')
    .max(COUNTRY_CODES.length)
    .refine((codes) => new Set(codes).size === codes.length, 'each country once'),
});
export type StartCheckoutRequest = z.infer<typeof startCheckoutRequestSchema>;

export const checkoutSessionSchema = z.object({
  /** Stripe's hosted checkout page: the browser goes there. */
  checkoutUrl: z.string(),
  sessionId: z.string(),
});
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;

export const paymentWebhookResponseSchema = z.object({
  received: z.literal(true),
  /** True when this event id was processed before: nothing was done again. */
  duplicate: z.boolean(),
});

export const manualSubscriptionChangeSchema = z
  .object({
    activate: z.array(coveredCountryCode).default([]),
    cancel: z.array(coveredCountryCode).default([]),
  })
  .refine((change) => change.activate.length + change.cancel.length > 0, {
    message: 'name at least one country to activate or cancel',
    path: ['activate'],
  })
  .refine((change) => !change.activate.some((code) => change.cancel.includes(code)), {
    message: 'a country cannot be activated and cancelled at once',
    path: ['cancel'],
  });
export type ManualSubscriptionChange = z.input<typeof manualSubscriptionChangeSchema>;

export const adminCompanySubscriptionsSchema = z.object({
  companyId: z.string(),
  legalNameOfBusiness: z.string(),
  tenantId: z.string(),
  establishmentCountryCode: z.string().nullable(),
  subscriptions: z.array(subscriptionSchema),
  subscriptionCountryCodes: z.array(z.string()),
});
export type AdminCompanySubscriptions = z.infer<typeof adminCompanySubscriptionsSchema>;

export const adminSubscriptionSearchSchema = z.object({
  search: z.string().trim().max(200).optional().describe('Part of the company name, or its id'),
});

export const adminSubscriptionListSchema = z.object({
  paymentProvider: paymentProviderSchema,
  /** At most 25 companies, by name. */
  items: z.array(adminCompanySubscriptionsSchema),
});
export type AdminSubscriptionList = z.infer<typeof adminSubscriptionListSchema>;
