import { type BrowserContext, expect, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, type DemoAccount } from './accounts';

/** From the Vatlas /login page through the identity provider's form and back into the app. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign In with Microsoft' }).click();
  await expect(page).toHaveURL(/\/idp\//);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** What the browser held right after an account signed in through the form, and when: per account, per worker. */
const keptSessions = new Map<string, { state: StorageState; signedInAt: number }>();

/**
 * A kept session is handed on for five minutes. The provider's access tokens live ten (apps/idp ACCESS_TOKEN_TTL),
 * and every load of the app exchanges that token for an internal one, so a page given a kept session loads exactly
 * as the tab it was taken from would: it also gets a fresh internal token after a LogOut revoked the kept one.
 */
const KEPT_SESSION_MAX_AGE_MS = 5 * 60_000;

/**
 * Signs the page's fresh context in as `account`.
 *
 * The first call for an account in a worker, and the first after five minutes, signs in through the provider's form
 * (2 to 5 s) and keeps the cookies and localStorage the browser then holds: the page shows the landing page. Later
 * calls give what was kept to the context, as a user returning to the app in a second tab, and leave the page on a
 * document of the origin without the app (localStorage belongs to the origin), so the next screen opened is the first
 * the app loads. Tests whose subject is signing in itself (the form, the audit event, the language chosen at the first
 * sign-in) call `signIn` instead.
 */
export async function ensureSignedIn(page: Page, account: DemoAccount): Promise<void> {
  const kept = keptSessions.get(account.email);
  if (!kept || Date.now() - kept.signedInAt > KEPT_SESSION_MAX_AGE_MS) {
    const signedInAt = Date.now();
    await signIn(page, account.email);
    await expect(page).toHaveURL(new RegExp(`${account.landsOn}$`));
    await expect(page.getByRole('heading', { level: 1, name: account.heading })).toBeVisible();
    keptSessions.set(account.email, { state: await page.context().storageState(), signedInAt });
    return;
  }
  await page.context().addCookies(kept.state.cookies);
  await page.goto('/api/health');
  const origin = new URL(page.url()).origin;
  const items = kept.state.origins.find((entry) => entry.origin === origin)?.localStorage ?? [];
  await page.evaluate((entries) => {
    for (const { name, value } of entries) window.localStorage.setItem(name, value);
  }, items);
}

/**
 * Opens `path` (the account's landing page by default) signed in as `account` (see `ensureSignedIn`), and answers
 * the internal token once the app holds it in the tab, so a test may call the API as the page does.
 */
export async function openSignedIn(page: Page, account: DemoAccount, path = account.landsOn): Promise<string> {
  await ensureSignedIn(page, account);
  const url = new URL(page.url());
  if (`${url.pathname}${url.search}` !== path) await page.goto(path);
  const token = await page.waitForFunction(() => window.sessionStorage.getItem('tokenInternal'));
  return (await token.jsonValue()) as string;
}

/** The internal token the tab holds (session storage), or null before the app has one. */
export const storedToken = (page: Page) => page.evaluate(() => sessionStorage.getItem('tokenInternal'));

/**
 * Clicks a Sign out button and waits for the whole round trip: the app's LogOut, the provider's end-session page (its
 * form submits itself) and the provider's redirect back to /login. The app's guard shows /login as soon as the session
 * is cleared, before the browser leaves for the provider, so the URL alone would let a test end in the middle of that
 * navigation; closing a context then once hung Chromium's teardown past the test timeout in CI. The SPA's own route
 * change loads no document, so the document /login is the provider sending the browser back.
 */
export async function signOutWith(page: Page, signOutButton: Locator): Promise<void> {
  const backFromProvider = page.waitForResponse(
    (response) => response.request().resourceType() === 'document' && new URL(response.url()).pathname === '/login',
  );
  await signOutButton.click();
  expect((await backFromProvider).ok()).toBe(true);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
}
