import { expect, test } from '@playwright/test';
import { demoAccounts } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { expireInternalToken } from './support/internal-token';
import { saveScreenshot } from './support/screens';
import { openSignedIn, signOutWith, storedToken } from './support/sign-in';

/** Seeded by the API (apps/api/src/modules/identity/seed.ts); the seller is not a member of Alpenrand. */
const ALPENRAND_COMPANY_ID = '7d1c2f4e-0b6a-4c51-9d3e-5a8f1b2c3d02';
const NORDLICHT_COMPANY_ID = '7d1c2f4e-0b6a-4c51-9d3e-5a8f1b2c3d01';

test.describe('the token life cycle against the real server (spec §4, §8)', () => {
  test('an expired internal token is refreshed once and the request replayed with the new token', async ({ page }) => {
    await openSignedIn(page, demoAccounts.admin);
    await expect(page).toHaveURL(/\/dashboard$/);
    const companySelect = page.getByLabel('Company', { exact: true });
    await expect(companySelect).toBeVisible();

    const expired = await expireInternalToken((await storedToken(page)) ?? '');
    const changeCompanyStatuses: number[] = [];
    const exchangeStatuses: number[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/v1/Token/ChangeCompany')) changeCompanyStatuses.push(response.status());
      if (response.url().includes('/api/v1/Token/Exchange')) exchangeStatuses.push(response.status());
    });
    // The first switch leaves with the expired token, as a tab that slept past its expiry would send it.
    let isFirstAttempt = true;
    await page.route('**/api/v1/Token/ChangeCompany**', async (route) => {
      if (!isFirstAttempt) return route.continue();
      isFirstAttempt = false;
      await route.continue({ headers: { ...route.request().headers(), authorization: `Bearer ${expired}` } });
    });

    const current = await companySelect.inputValue();
    const target = current === NORDLICHT_COMPANY_ID ? ALPENRAND_COMPANY_ID : NORDLICHT_COMPANY_ID;
    await companySelect.selectOption(target);

    await expect(companySelect).toHaveValue(target);
    await expect.poll(() => changeCompanyStatuses).toEqual([401, 200]);
    expect(exchangeStatuses).toEqual([200]);
    expect(await page.evaluate(() => localStorage.getItem('selectedCompanyId'))).toContain(target);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, test.info(), 'company-switched');
  });

  test('after sign-out (LogOut) the old internal token is refused by the API', async ({ page, request }) => {
    await openSignedIn(page, demoAccounts.seller);
    await expect(page).toHaveURL(/\/dashboard$/);
    const token = await storedToken(page);
    expect((await request.get('/api/v1/User/Me', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(
      200,
    );

    await page.getByRole('button', { name: /User menu/ }).click();
    await signOutWith(page, page.getByRole('button', { name: 'Sign out' }));

    const afterLogOut = await request.get('/api/v1/User/Me', { headers: { authorization: `Bearer ${token}` } });
    expect(afterLogOut.status()).toBe(401);
    expect((await afterLogOut.json()).code).toBe('token_revoked');
  });

  test('a 403 while loading the company clears the selection; Try Again recovers with a valid company', async ({
    page,
  }) => {
    await openSignedIn(page, demoAccounts.seller);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    // The next company-details call asks for a company the seller does not belong to; the real API answers 403.
    let isRedirected = false;
    await page.route(`**/api/v1/Company/${NORDLICHT_COMPANY_ID}`, async (route) => {
      if (isRedirected) return route.continue();
      isRedirected = true;
      await route.continue({ url: route.request().url().replace(NORDLICHT_COMPANY_ID, ALPENRAND_COMPANY_ID) });
    });
    const forbidden = page.waitForResponse(
      (response) => response.url().includes(`/api/v1/Company/${ALPENRAND_COMPANY_ID}`) && response.status() === 403,
    );
    await page.reload();
    await forbidden;

    await expect(page.getByRole('heading', { name: 'Connection Issue' })).toBeVisible();
    await expect(
      page.getByText('Company access denied. Please select a valid company from your available companies.'),
    ).toBeVisible();
    const selection = await page.evaluate(() => ({
      key: localStorage.getItem('selectedCompanyId'),
      store: JSON.parse(localStorage.getItem('auth-store') ?? '{}').state?.selectedCompanyId ?? null,
    }));
    expect(selection).toEqual({ key: null, store: null });
    await expectNoAxeViolations(page);
    await saveScreenshot(page, test.info(), 'company-access-denied');

    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });

  test('a switch to a company the API refuses (403) shows the message of spec §8', async ({ page }) => {
    await openSignedIn(page, demoAccounts.admin);
    await expect(page).toHaveURL(/\/dashboard$/);
    const companySelect = page.getByLabel('Company', { exact: true });
    const before = await companySelect.inputValue();
    const target = before === NORDLICHT_COMPANY_ID ? ALPENRAND_COMPANY_ID : NORDLICHT_COMPANY_ID;

    // The switch asks for a company nobody here belongs to; the real API refuses it.
    const foreignCompanyId = '00000000-0000-4000-8000-000000000403';
    await page.route('**/api/v1/Token/ChangeCompany**', (route) =>
      route.continue({ url: route.request().url().replace(target, foreignCompanyId) }),
    );
    const refused = page.waitForResponse(
      (response) => response.url().includes('/api/v1/Token/ChangeCompany') && response.status() === 403,
    );
    await companySelect.selectOption(target);
    await refused;

    await expect(page.getByText('Access denied to selected company. Please select a different company.')).toBeVisible();
    await expect(companySelect).toHaveValue(before);
    await saveScreenshot(page, test.info(), 'company-switch-refused');
  });
});
