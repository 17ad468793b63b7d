import {
  apiPaths,
  type CompanyDetails,
  companyDetailsSchema,
  tokenExchangeResponseSchema,
  type User,
  userSchema,
} from '@vatlas/contract';
import type { HttpClient } from '../http/http-client';
import { detectLanguage } from '../i18n/i18n';

/**
 * Spec §7: the PROVIDER access token goes as Bearer, no body; the answer carries the internal token. Accept-Language
 * names the language this device shows (chosen here before, else the browser's): the API gives it to a user it
 * creates on this first sign-in; an existing user keeps their own.
 */
export async function exchangeProviderToken(
  http: HttpClient,
  providerAccessToken: string,
  language: string = detectLanguage(),
): Promise<string> {
  const answer = await http.request(apiPaths.tokenExchange, {
    method: 'POST',
    isProtected: false,
    headers: { Authorization: `Bearer ${providerAccessToken}`, 'Accept-Language': language },
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

/** Token/ChangeCompany and Token/ChangeTenant answer a new internal token (spec §7); only `token` is relied on. */
const tokenAnswerSchema = tokenExchangeResponseSchema.pick({ token: true });

export async function requestCompanyChange(http: HttpClient, companyId: string): Promise<string> {
  return (await http.request(apiPaths.changeCompany(companyId), { schema: tokenAnswerSchema })).token;
}

export async function requestTenantChange(http: HttpClient, tenantId: string): Promise<string> {
  return (await http.request(apiPaths.changeTenant(tenantId), { schema: tokenAnswerSchema })).token;
}

/**
 * User/LogOut revokes every internal token issued before it. The token goes explicitly and the call is
 * not "protected": a 401 here must not start a refresh on the way out.
 */
export async function requestLogOut(http: HttpClient, token: string, timeoutMs: number): Promise<void> {
  await http.request(apiPaths.logOut, {
    isProtected: false,
    headers: { Authorization: `Bearer ${token}` },
    timeoutMs,
  });
}
