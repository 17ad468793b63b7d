import { expect, test } from '@playwright/test';
import { demoAccounts } from './support/accounts';
import { axeViolations, expectNoAxeViolations } from './support/axe';
import { saveScreenshot } from './support/screens';
import { signIn, signOutWith } from './support/sign-in';

test.describe('sign-in chain: provider → token exchange → internal token → guarded routes', () => {
  test('an anonymous visitor is sent to /login, which shows the card of spec §2', async ({ page }) => {
    // The app's scripts arrive as the build compressed them: Brotli, which Chromium asks for from a secure origin
    // (HTTPS, or localhost as here).
    const scriptEncodings = new Map<string, string>();
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (/^\/assets\/index-[^/]+\.js$/.test(path))
        scriptEncodings.set(path, response.headers()['content-encoding'] ?? '');
    });
    await page.goto('/calendar');
    await expect(page).toHaveURL(/\/login$/);
    expect([...scriptEncodings.values()]).toEqual(['br']);
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await expect(page.getByText('Please sign in to continue to your Vatlas account.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign In with Microsoft' })).toBeVisible();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, test.info(), 'login-default');
  });

  test('the axe-core scan every spec relies on reports violations it is shown', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await expectNoAxeViolations(page);
    // Three faults added to the real page: an image without a text alternative, a button without a name, and
    // light-grey text on white (1.5:1).
    await page.evaluate(() => {
      const main = document.querySelector('main') ?? document.body;
      main.insertAdjacentHTML(
        'beforeend',
        '<img id="probe-image" src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><button id="probe-button" type="button"></button>' +
          '<p id="probe-text" style="color:#ddd;background:#fff">Faint text</p>',
      );
    });
    const violations = await axeViolations(page);
    const rules = Object.fromEntries(violations.map((violation) => [violation.rule, violation.targets]));
    expect(rules['image-alt']).toEqual(['#probe-image']);
    expect(rules['button-name']).toEqual(['#probe-button']);
    expect(rules['color-contrast']).toEqual(['#probe-text']);
  });

  test('the payment-provider theme is chosen by ?theme=stripe and passes axe-core', async ({ page }) => {
    await page.goto('/login?theme=stripe');
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    const primary = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--vt-primary').trim(),
    );
    expect(primary.toLowerCase()).toBe('#635bff');
    await expectNoAxeViolations(page);
    await saveScreenshot(page, test.info(), 'login-stripe');
  });

  test('the provider refuses a wrong password and signs no one in', async ({ page }) => {
    await signIn(page, demoAccounts.seller.email, 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText('Incorrect email or password.');
    await expect(page).toHaveURL(/\/idp\//);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, test.info(), 'idp-sign-in-error');

    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => sessionStorage.getItem('tokenInternal'))).toBeNull();
  });

  for (const [name, account] of Object.entries(demoAccounts)) {
    test(`${account.email} signs in over plain http and lands on ${account.landsOn}`, async ({ page }) => {
      const navigations: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) navigations.push(frame.url());
      });

      await signIn(page, account.email);
      await expect(page).toHaveURL(new RegExp(`${account.landsOn}$`));
      await expect(page.getByRole('heading', { name: account.heading, level: 1 })).toBeVisible();
      await expect(page.getByText(account.email)).toBeVisible();

      // The same origin over http all the way: no certificate interstitial, no foreign host.
      const origin = new URL(page.url()).origin;
      for (const url of navigations) expect(new URL(url).origin).toBe(origin);

      // The internal token, not the provider's, is what the SPA keeps under the spec's keys.
      const stored = await page.evaluate(() => ({
        session: sessionStorage.getItem('tokenInternal'),
        local: localStorage.getItem('tokenInternal'),
        authStore: localStorage.getItem('auth-store'),
      }));
      expect(stored.session).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(stored.local).toBe(stored.session);
      expect(JSON.parse(stored.authStore ?? '{}').state?.token).toBe(stored.session);

      await expectNoAxeViolations(page);
      await saveScreenshot(page, test.info(), `${name}-landing`);

      // A reload keeps the user signed in and on the same page.
      await page.reload();
      await expect(page).toHaveURL(new RegExp(`${account.landsOn}$`));
      await expect(page.getByRole('heading', { name: account.heading, level: 1 })).toBeVisible();
    });
  }

  test('a signed-in user who opens /login goes to /dashboard, and Sign out returns to /login', async ({ page }) => {
    await signIn(page, demoAccounts.seller.email);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.getByRole('button', { name: /User menu/ }).click();
    await signOutWith(page, page.getByRole('button', { name: 'Sign out' }));
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('in German', () => {
  test.use({ locale: 'de-DE' });

  test('the sign-in page and the provider form speak German', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Willkommen zurück' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expectNoAxeViolations(page);
    await saveScreenshot(page, test.info(), 'login-de');

    await page.getByRole('button', { name: 'Mit Microsoft anmelden' }).click();
    await expect(page.getByLabel('E-Mail')).toBeVisible();
    await expect(page.getByLabel('Passwort')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Anmelden', exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, test.info(), 'idp-sign-in-de');
  });
});
