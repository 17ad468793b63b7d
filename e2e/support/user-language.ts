import type { APIRequestContext, APIResponse } from '@playwright/test';
import { apiPaths } from '@vatlas/contract';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The language saved for the token's user, as `GET User/Me` answers it. */
export async function savedLanguage(request: APIRequestContext, token: string): Promise<string> {
  return (await (await request.get(apiPaths.userMe, { headers: bearer(token) })).json()).language;
}

/** Saves `language` as the token's user's language (`ChangeLanguage`), as the app does when one is chosen. */
export function saveLanguage(request: APIRequestContext, token: string, language: string): Promise<APIResponse> {
  return request.post(apiPaths.changeLanguage(language), { headers: bearer(token) });
}
