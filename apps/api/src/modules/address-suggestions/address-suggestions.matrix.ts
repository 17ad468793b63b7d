import { apiPaths } from '@vatlas/contract';
import { expectCompanyScoped, type MatrixEntry, withToken } from '../../test/authorization-matrix';

// The matrix app runs without MAPS_API_KEY, so a member who passes the guard gets 503 maps_not_configured: that
// answer comes from the handler, after the guard, and shows the member was let through. The suggestions themselves
// are tested against a stand-in Places server in address-suggestions.integration-test.ts.
const NOT_CONFIGURED = 'MAPS_API_KEY is unset in the matrix app: 503 maps_not_configured comes after the guard';

export const matrixEntries: MatrixEntry[] = [
  {
    route: 'GET /api/v1/Company/:companyId/AddressSuggestions',
    scope: 'company',
    build: (context) =>
      withToken(context, {
        method: 'GET',
        url: apiPaths.addressSuggestions(context.companyId, { query: 'Friedrichstr', country: 'DE' }),
      }),
    expected: expectCompanyScoped(503),
    memberOutcomeNot2xx: NOT_CONFIGURED,
  },
  {
    route: 'GET /api/v1/Company/:companyId/AddressSuggestions/:placeId',
    scope: 'company',
    build: (context) =>
      withToken(context, { method: 'GET', url: apiPaths.addressSuggestion(context.companyId, 'ChIJexamplePlace01') }),
    expected: expectCompanyScoped(503),
    memberOutcomeNot2xx: NOT_CONFIGURED,
  },
];
