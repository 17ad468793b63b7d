import { expect, type Page, test } from '@playwright/test';
import { demoAccounts } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { saveScreenshot } from './support/screens';
import { ensureSignedIn } from './support/sign-in';

/** Spec §2 route rules and redirects, one by one, against the real server and the real sign-in. */

const pathOf = (page: Page) => new URL(page.url()).pathname + new URL(page.url()).search;

test.describe('spec §2 redirects', () => {
  const redirects: [string, string][] = [
    ['/account-welcome', '/onboarding/welcome'],
    ['/setup', '/onboarding/business-profile'],
    ['/setup/business-profile', '/onboarding/business-profile'],
    ['/setup/jurisdiction-info', '/onboarding/jurisdiction-info'],
    ['/setup/documents', '/onboarding/documents'],
    ['/setup/signing', '/onboarding/signing'],
    ['/setup/integrations', '/onboarding/integrations'],
    ['/payment/success', '/dashboard?payment=success'],
  ];

  test('each alias leads to its page for a signed-in seller', async ({ page }) => {
    await ensureSignedIn(page, demoAccounts.seller);
    for (const [from, to] of redirects) {
      await page.goto(from);
      await expect.poll(() => pathOf(page), { message: `${from} → ${to}` }).toBe(to);
    }
  });

  test('/ and an unknown path show the dashboard', async ({ page }) => {
    await ensureSignedIn(page, demoAccounts.seller);
    for (const path of ['/', '/no-such-page']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
      expect(new URL(page.url()).pathname).toBe(path);
    }
  });
});

test.describe('spec §2 guard rules', () => {
  test('anonymous users only see /login, wherever they go', async ({ page }) => {
    for (const path of ['/dashboard', '/onboarding/welcome', '/admin', '/payment/cancelled', '/settings']) {
      await page.goto(path);
      await expect(page, `anonymous on ${path}`).toHaveURL(/\/login$/);
    }
  });

  test('a user with zero companies is sent to /onboarding/welcome unless already under /onboarding', async ({
    page,
  }) => {
    await ensureSignedIn(page, demoAccounts.newcomer);
    for (const path of ['/dashboard', '/analytics', '/calendar', '/transactions', '/payment/cancelled']) {
      await page.goto(path);
      await expect(page, `newcomer on ${path}`).toHaveURL(/\/onboarding\/welcome$/);
    }
    await page.goto('/onboarding/business-type');
    await expect(page).toHaveURL(/\/onboarding\/business-type$/);
  });

  test('a company with a subscription country code may use every page', async ({ page }) => {
    await ensureSignedIn(page, demoAccounts.seller);
    for (const path of ['/analytics', '/calendar', '/settings', '/transactions', '/data-upload/amazon']) {
      await page.goto(path);
      await expect(page, `seller on ${path}`).toHaveURL(new RegExp(`${path}$`));
    }
  });

  test('a non-admin sees Access Denied with Go Back on admin pages', async ({ page }) => {
    await ensureSignedIn(page, demoAccounts.seller);
    await page.goto('/calendar');
    await expect(page).toHaveURL(/\/calendar$/);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(
      page.getByText(
        "You don't have permission to access this admin area. Please contact your administrator if you believe this is an error.",
      ),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, test.info(), 'admin-access-denied');
    await page.getByRole('button', { name: 'Go Back' }).click();
    // Back where the seller came from.
    await expect(page).toHaveURL(/\/calendar$/);
    // Every admin section is guarded, not only the index.
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Administration' })).toHaveCount(0);
  });

  test('an admin reaches the admin area', async ({ page }) => {
    await ensureSignedIn(page, demoAccounts.admin);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Administration', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toHaveCount(0);
  });
});
