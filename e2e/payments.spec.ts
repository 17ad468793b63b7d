import { type Browser, expect, type Page, test } from '@playwright/test';
import { type DemoAccount, demoAccounts } from './support/accounts';
import { checkScreenInBothThemes } from './support/screens';
import { openSignedIn } from './support/sign-in';

/**
 * Payments on a server without STRIPE_SECRET_KEY (the e2e server): the manual provider. The seeded seller's company
 * (Nordlicht Trading GmbH) has Germany and France as manual subscriptions (apps/api/src/modules/identity/seed.ts).
 */
const NORDLICHT = 'Nordlicht Trading GmbH';

/** A page of a context of its own, signed in as `account`, on `path`. */
async function newSignedInPage(browser: Browser, account: DemoAccount, path: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openSignedIn(page, account, path);
  return page;
}

const subscriptionRow = (page: Page, country: string) =>
  page.getByRole('table', { name: 'Subscriptions per country' }).getByRole('row', { name: new RegExp(country) });

test.describe('payments (manual provider)', () => {
  test('the subscription page lists the countries and explains that an administrator activates them', async ({
    page,
  }, testInfo) => {
    await openSignedIn(page, demoAccounts.seller, '/settings/subscription');
    await expect(page.getByRole('heading', { level: 2, name: 'Subscription' })).toBeVisible();

    for (const country of ['Germany', 'France']) {
      const row = subscriptionRow(page, country);
      await expect(row).toContainText('Active');
      await expect(row).toContainText('Manual (activated by an administrator)');
    }
    await expect(page.getByRole('heading', { name: 'Payments are handled by an administrator' })).toBeVisible();
    await expect(page.getByText('This Vatlas server does not take payments online.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/support');
    // No checkout is offered: nothing pretends to take a payment.
    await expect(page.getByRole('button', { name: 'Subscribe' })).toHaveCount(0);

    await checkScreenInBothThemes(page, testInfo, 'subscription-manual', '/settings/subscription', async (p) => {
      await expect(subscriptionRow(p, 'Germany')).toBeVisible();
    });
  });

  test('the cancelled and activated result pages say what happened and what to do next', async ({ page }, testInfo) => {
    await openSignedIn(page, demoAccounts.seller, '/payment/cancelled');
    await expect(page.getByRole('heading', { level: 1, name: 'Payment cancelled' })).toBeVisible();
    await expect(page.getByText('Nothing was charged and no subscription was started.')).toBeVisible();
    await checkScreenInBothThemes(page, testInfo, 'payment-cancelled', '/payment/cancelled', async (p) => {
      await expect(p.getByRole('link', { name: 'Back to subscription' })).toBeVisible();
    });
    await page.getByRole('link', { name: 'Back to subscription' }).click();
    await expect(page).toHaveURL(/\/settings\/subscription/);
    await expect(page.getByRole('heading', { level: 2, name: 'Subscription' })).toBeVisible();

    await page.goto('/payment/activated');
    await expect(page.getByRole('heading', { level: 1, name: 'Subscription activated' })).toBeVisible();
    await expect(page.getByText('These countries are active for your company:')).toBeVisible();
    await expect(subscriptionRow(page, 'Germany')).toContainText('Active');
    await expect(subscriptionRow(page, 'France')).toContainText('Active');
    await checkScreenInBothThemes(page, testInfo, 'payment-activated', '/payment/activated', async (p) => {
      await expect(subscriptionRow(p, 'France')).toBeVisible();
    });
    await page.getByRole('link', { name: 'Go to the dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard/);
  });

  test('an administrator activates a country by hand and the company sees it, then cancels it', async ({
    page,
    browser,
  }, testInfo) => {
    await openSignedIn(page, demoAccounts.admin, '/admin/subscriptions');
    await expect(page.getByRole('heading', { level: 1, name: 'Subscriptions' })).toBeVisible();
    await expect(
      page.getByText('No payment provider is configured: subscriptions are activated only here.'),
    ).toBeVisible();

    await page.getByLabel('Company name or id').fill('Nordlicht');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: NORDLICHT }) });
    await expect(card).toHaveCount(1);
    await expect(page.getByRole('heading', { name: 'Alpenrand Handels GmbH' })).toHaveCount(0);

    await card.getByLabel(`Country to activate for ${NORDLICHT}`).selectOption('IT');
    await card.getByRole('button', { name: 'Activate' }).click();
    await expect(card.getByText(`Italy is active for ${NORDLICHT}.`)).toBeVisible();
    await expect(card.getByRole('listitem').filter({ hasText: 'Italy' })).toContainText(
      'Manual (activated by an administrator)',
    );

    await checkScreenInBothThemes(page, testInfo, 'admin-subscriptions', '/admin/subscriptions', async (p) => {
      await expect(p.getByRole('heading', { level: 2, name: NORDLICHT })).toBeVisible();
    });

    const seller = await newSignedInPage(browser, demoAccounts.seller, '/settings/subscription');
    const italy = subscriptionRow(seller, 'Italy');
    await expect(italy).toContainText('Active');
    await expect(italy).toContainText('Manual (activated by an administrator)');

    // Cancelling asks first, then the seller's page shows Italy cancelled.
    await page.goto('/admin/subscriptions');
    await page.getByLabel('Company name or id').fill('Nordlicht');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const nordlicht = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: NORDLICHT }) });
    await nordlicht.getByRole('button', { name: 'Cancel Italy' }).click();
    await expect(nordlicht.getByText(`Cancel the subscription of Italy for ${NORDLICHT}?`)).toBeVisible();
    await nordlicht.getByRole('button', { name: 'Yes, cancel' }).click();
    await expect(nordlicht.getByText(`Italy is cancelled for ${NORDLICHT}.`)).toBeVisible();

    await seller.reload();
    await expect(subscriptionRow(seller, 'Italy')).toContainText('Cancelled');
    await expect(subscriptionRow(seller, 'Germany')).toContainText('Active');
    await seller.context().close();
  });
});
