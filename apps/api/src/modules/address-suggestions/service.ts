import type { AddressSuggestion, SuggestedAddress } from '@vatlas/contract';
import type { AppConfig } from '../../config';
import { HttpError } from '../../plugins/errors';
import { createPlacesClient, PlaceNotFoundError, type PlacesClient, PlacesUnavailableError } from './places-client';

export type AddressSuggestionService = {
  suggest(input: {
    query: string;
    country?: string;
    language?: string;
    sessionToken?: string;
  }): Promise<AddressSuggestion[]>;
  details(placeId: string, options: { language?: string; sessionToken?: string }): Promise<SuggestedAddress>;
};

const notConfigured = () =>
  new HttpError(503, 'maps_not_configured', 'Address suggestions are not configured (MAPS_API_KEY is not set).');

/** Places' failures as answers the SPA understands; the form keeps working without suggestions either way. */
async function translateFailure<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PlaceNotFoundError) {
      throw new HttpError(404, 'address_suggestion_not_found', 'No address is known for this suggestion.');
    }
    if (error instanceof PlacesUnavailableError) {
      throw new HttpError(502, 'maps_unavailable', 'The address service did not answer; type the address instead.');
    }
    throw error;
  }
}

export function createAddressSuggestionService(
  config: Pick<AppConfig, 'mapsApiKey' | 'mapsApiBaseUrl'>,
  options: { timeoutMs?: number } = {},
): AddressSuggestionService {
  const client: PlacesClient | null = config.mapsApiKey
    ? createPlacesClient({ apiKey: config.mapsApiKey, baseUrl: config.mapsApiBaseUrl, timeoutMs: options.timeoutMs })
    : null;
  return {
    async suggest(input) {
      if (!client) throw notConfigured();
      return translateFailure(() => client.autocomplete({ ...input, input: input.query }));
    },
    async details(placeId, detailOptions) {
      if (!client) throw notConfigured();
      return translateFailure(() => client.placeAddress(placeId, detailOptions));
    },
  };
}
