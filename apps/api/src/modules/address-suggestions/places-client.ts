import type { AddressSuggestion, SuggestedAddress } from '@vatlas/contract';
import { z } from 'zod';

/**
 * A small client of Google Places API (New): Autocomplete and Place Details, nothing else. It runs on the server so
 * the key never reaches a browser; neither the input (an address, personal data) nor the key goes into an error.
 */

export const PLACES_TIMEOUT_MS = 5_000;
/** Addresses, not shops: a registered office is a street address or a building. */
const ADDRESS_TYPES = ['street_address', 'premise', 'route'];

export class PlacesUnavailableError extends Error {
  constructor(reason: string) {
    super(`Places is unavailable: ${reason}`);
    this.name = 'PlacesUnavailableError';
  }
}

export class PlaceNotFoundError extends Error {
  constructor() {
    super('Places knows no such place');
    this.name = 'PlaceNotFoundError';
  }
}

const autocompleteResponseSchema = z.object({
  suggestions: z
    .array(
      z.object({
        placePrediction: z.object({ placeId: z.string(), text: z.object({ text: z.string() }) }).optional(),
      }),
    )
    .default([]),
});

const addressComponentSchema = z.object({
  longText: z.string().optional(),
  shortText: z.string().optional(),
  types: z.array(z.string()).default([]),
});
const placeDetailsResponseSchema = z.object({
  addressComponents: z.array(addressComponentSchema).default([]),
  formattedAddress: z.string().optional(),
});
type AddressComponent = z.infer<typeof addressComponentSchema>;

/** Places' address components as the fields of our address form; the first type found wins. */
export function toSuggestedAddress(components: AddressComponent[]): SuggestedAddress {
  const find = (types: string[], form: 'longText' | 'shortText' = 'longText') => {
    for (const type of types) {
      const component = components.find((candidate) => candidate.types.includes(type));
      const value = component?.[form] ?? component?.longText;
      if (value) return value;
    }
    return null;
  };
  return {
    street: find(['route']),
    houseNumber: find(['street_number', 'premise']),
    zipCode: find(['postal_code']),
    // Cities are `locality` almost everywhere; UK addresses name the post town, some rural ones only the municipality.
    city: find(['locality', 'postal_town', 'administrative_area_level_3']),
    state: find(['administrative_area_level_1']),
    countryCode: find(['country'], 'shortText')?.toUpperCase() ?? null,
  };
}

export type PlacesClient = {
  autocomplete(input: {
    input: string;
    country?: string;
    language?: string;
    sessionToken?: string;
  }): Promise<AddressSuggestion[]>;
  placeAddress(placeId: string, options: { language?: string; sessionToken?: string }): Promise<SuggestedAddress>;
};

export function createPlacesClient(options: { apiKey: string; baseUrl: string; timeoutMs?: number }): PlacesClient {
  const timeoutMs = options.timeoutMs ?? PLACES_TIMEOUT_MS;

  async function call<T>(url: string, init: RequestInit, schema: z.ZodType<T>): Promise<T> {
    let response: Response;
    try {
      response = await fetch(url, {
        ...init,
        headers: { ...init.headers, 'X-Goog-Api-Key': options.apiKey },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      // Only the kind of failure: the message of a network error can carry the URL.
      const isTimeout = error instanceof Error && error.name === 'TimeoutError';
      throw new PlacesUnavailableError(isTimeout ? `no answer within ${timeoutMs} ms` : 'network error');
    }
    if (response.status === 404) throw new PlaceNotFoundError();
    if (!response.ok) throw new PlacesUnavailableError(`status ${response.status}`);
    const parsed = schema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) throw new PlacesUnavailableError('unexpected answer');
    return parsed.data;
  }

  return {
    async autocomplete({ input, country, language, sessionToken }) {
      const body = {
        input,
        includedPrimaryTypes: ADDRESS_TYPES,
        ...(country ? { includedRegionCodes: [country] } : {}),
        ...(language ? { languageCode: language } : {}),
        ...(sessionToken ? { sessionToken } : {}),
      };
      const answer = await call(
        `${options.baseUrl}/v1/places:autocomplete`,
        { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
        autocompleteResponseSchema,
      );
      // Query predictions ("pizza near…") have no place to fill the form from.
      return answer.suggestions.flatMap((suggestion) =>
        suggestion.placePrediction
          ? [{ placeId: suggestion.placePrediction.placeId, text: suggestion.placePrediction.text.text }]
          : [],
      );
    },

    async placeAddress(placeId, { language, sessionToken }) {
      const search = new URLSearchParams();
      if (language) search.set('languageCode', language);
      if (sessionToken) search.set('sessionToken', sessionToken);
      const query = search.size > 0 ? `?${search}` : '';
      const answer = await call(
        `${options.baseUrl}/v1/places/${encodeURIComponent(placeId)}${query}`,
        { method: 'GET', headers: { 'X-Goog-FieldMask': 'addressComponents,formattedAddress' } },
        placeDetailsResponseSchema,
      );
      return toSuggestedAddress(answer.addressComponents);
    },
  };
}
