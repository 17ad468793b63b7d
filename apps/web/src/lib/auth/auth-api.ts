import {
  apiPaths,
  type CompanyDetails,
  companyDetailsSchema,
  tokenExchangeResponseSchema,
  type User,
  userSchema,
} from '@vatlas/contract';
import type { HttpClient } from '../http/http-client';

/** Spec §7: the PROVIDER access token goes as Bearer, no body; the answer carries the internal token. */
export async function exchangeProviderToken(http: HttpClient, providerAccessToken: string): Promise<string> {
  const answer = await http.request(apiPaths.tokenExchange, {
    method: 'POST',
    isProtected: false,
    headers: { Authorization: `Bearer ${providerAccessToken}` },
    schema: tokenExchangeResponseSchema,
  });
  return answer.token;
}

export function fetchCurrentUser(http: HttpClient): Promise<User> {
  return http.request(apiPaths.userMe, { schema: userSchema });
}

export function fetchCompanyDetails(http: HttpClient, companyId: string): Promise<CompanyDetails> {
  return http.request(apiPaths.companyDetails(companyId), { schema: companyDetailsSchema });
}
