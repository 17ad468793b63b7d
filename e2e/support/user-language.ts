import type { APIRequestContext, APIResponse, Page, Request } from '@playwright/test';
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

/** Every `ChangeLanguage` request, whatever the language. */
const changeLanguageUrl = new RegExp(`${apiPaths.changeLanguage('').replace(/\/$/, '')}/[^/?]+$`);

/**
 * For a test that lets the app change its user's language: call it before the first choice, and `restore` the
 * language in the test's `finally`, since every spec that signs the user in later expects English.
 *
 * The app saves a choice only once the language's translations have loaded, so a cleanup that simply saved English
 * could be overtaken by the app's own save of the language chosen last (sent after a held chunk is let through, or
 * still on its way when a test fails): the account would stay in that language, and every later sign-in of it in
 * the worker would fail (CI of session 25's submission: after the settings spec's French test failed, six sign-ins
 * of the seller found no "Dashboard"). `restore` first refuses the page any further save, then waits until every save
 * the page sent has been answered, and only then saves `language`.
 */
export function watchLanguageSaves(page: Page) {
  const answers: Promise<unknown>[] = [];
  page.on('request', (sent: Request) => {
    if (changeLanguageUrl.test(new URL(sent.url()).pathname)) answers.push(sent.response());
  });
  return {
    async restore(request: APIRequestContext, token: string, language = 'en'): Promise<void> {
      if (!page.isClosed()) await page.route(changeLanguageUrl, (route) => route.abort());
      await Promise.allSettled(answers);
      const response = await saveLanguage(request, token, language);
      // Not thrown: it would hide the test's own failure, which is what brought most cleanups here.
      if (!response.ok()) console.warn(`Saving the language ${language} back failed with HTTP ${response.status()}.`);
    },
  };
}
