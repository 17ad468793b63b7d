import { z } from 'zod';
import { languageSchema } from './account';

/** Fewer characters match too much to be useful and cost a Places request per keystroke. */
export const ADDRESS_SUGGESTIONS_MIN_QUERY = 3;

/**
 * GET Company/{companyId}/AddressSuggestions. The server asks Google Places (New) with its own key; the query is an
 * address, personal data, so it is never logged.
 */
export const addressSuggestionsQuerySchema = z.object({
  query: z
    .string()
    .trim()
    .min(ADDRESS_SUGGESTIONS_MIN_QUERY, `at least ${ADDRESS_SUGGESTIONS_MIN_QUERY} characters`)
    .max(200)
    .describe('What the user typed into the street field'),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'an ISO 3166-1 alpha-2 code')
    .optional()
    .describe('Only addresses in this country (the establishment country)'),
  language: languageSchema.optional().describe('Language of the suggestion texts (one of the six interface languages)'),
  sessionToken: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,36}$/, 'a URL-safe token of 8 to 36 characters')
    .optional()
    .describe('Groups the autocomplete requests and the one details request of a search, as Places bills them'),
});
export type AddressSuggestionsQuery = z.input<typeof addressSuggestionsQuerySchema>;

export const addressSuggestionSchema = z.object({
  placeId: z.string(),
  /** The whole suggestion as Places words it, e.g. "Friedrichstraße 123, Berlin, Germany". */
  text: z.string(),
});
export type AddressSuggestion = z.infer<typeof addressSuggestionSchema>;

export const addressSuggestionListSchema = z.object({ suggestions: z.array(addressSuggestionSchema) });
export type AddressSuggestionList = z.infer<typeof addressSuggestionListSchema>;

/** Place ids are URL-safe; anything else is refused before it reaches the Places URL. */
export const placeIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,512}$/, 'a Places place id')
  .describe('The placeId of a suggestion');

/** GET Company/{companyId}/AddressSuggestions/{placeId}: the chosen suggestion as the address form's fields. */
export const addressSuggestionDetailsQuerySchema = addressSuggestionsQuerySchema.pick({
  language: true,
  sessionToken: true,
});
export type AddressSuggestionDetailsQuery = z.input<typeof addressSuggestionDetailsQuerySchema>;

/** Null where Places knows no such part (a street-level suggestion has no house number). */
export const suggestedAddressSchema = z.object({
  street: z.string().nullable(),
  houseNumber: z.string().nullable(),
  zipCode: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  countryCode: z.string().nullable(),
});
export type SuggestedAddress = z.infer<typeof suggestedAddressSchema>;
