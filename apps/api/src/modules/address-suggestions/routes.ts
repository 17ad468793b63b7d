import {
  addressSuggestionDetailsQuerySchema,
  addressSuggestionListSchema,
  addressSuggestionsQuerySchema,
  apiErrorSchema,
  placeIdSchema,
  suggestedAddressSchema,
} from '@vatlas/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config';
import { guard } from '../../plugins/route-guard';
import { createAddressSuggestionService } from './service';

export const ADDRESS_SUGGESTION_ROUTE_PATTERNS = {
  list: '/api/v1/Company/:companyId/AddressSuggestions',
  one: '/api/v1/Company/:companyId/AddressSuggestions/:placeId',
} as const;

/** The query of a suggestions URL is an address someone typed: personal data, so the request log never sees it. */
export function redactAddressQuery(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1 || !url.slice(0, queryStart).includes('/AddressSuggestions')) return url;
  return `${url.slice(0, queryStart)}?[redacted]`;
}

const companyParams = z.object({ companyId: z.string().describe('The company id (uuid)') });
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  502: apiErrorSchema,
  503: apiErrorSchema,
};

export function registerAddressSuggestionRoutes(
  app: FastifyInstance,
  deps: { config: Pick<AppConfig, 'mapsApiKey' | 'mapsApiBaseUrl'> },
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const service = createAddressSuggestionService(deps.config);

  typed.get(
    ADDRESS_SUGGESTION_ROUTE_PATTERNS.list,
    {
      config: guard('company'),
      schema: {
        tags: ['Onboarding'],
        summary: 'Address suggestions for what the user typed (Google Places, asked by the server)',
        description:
          '503 `maps_not_configured` when MAPS_API_KEY is not set; 502 `maps_unavailable` when Places fails or ' +
          'takes longer than 5 s. The address form works without suggestions.',
        params: companyParams,
        querystring: addressSuggestionsQuerySchema,
        response: { 200: addressSuggestionListSchema, ...errors },
      },
    },
    async (request) => ({ suggestions: await service.suggest(request.query) }),
  );

  typed.get(
    ADDRESS_SUGGESTION_ROUTE_PATTERNS.one,
    {
      config: guard('company'),
      schema: {
        tags: ['Onboarding'],
        summary: 'The chosen suggestion as street, house number, postcode, city, state and country',
        params: companyParams.extend({ placeId: placeIdSchema }),
        querystring: addressSuggestionDetailsQuerySchema,
        response: { 200: suggestedAddressSchema, ...errors, 404: apiErrorSchema },
      },
    },
    async (request) => service.details(request.params.placeId, request.query),
  );
}
