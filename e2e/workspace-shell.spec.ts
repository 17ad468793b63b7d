import { expect, type Locator, type Page, test } from '@playwright/test';
import { demoAccounts } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { checkScreenInBothThemes, expectScreenLoaded } from './support/screens';
import { ensureSignedIn, openSignedIn, storedToken } from './support/sign-in';
import { savedLanguage, watchLanguageSaves } from './support/user-language';

/** Presses Tab until `target` has focus; fails when it is not reached within `limit` presses. */
async function tabTo(page: Page, target: Locator, limit = 40): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

const sidebarNav = (page: Page, name = 'Pages') => page.getByRole('navigation', { name });

async function signInSeller(page: Page): Promise<void> {
  await openSignedIn(page, demoAccounts.seller);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(sidebarNav(page)).toBeVisible();
}

test.describe('the app shell (issue 6)', () => {
  test('the skip link comes first and moves focus to the main content', async ({ page }) => {
    await signInSeller(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main-content')).toBeFocused();
  });

  test('the seller walks the sidebar by keyboard to every page', async ({ page }) => {
    await signInSeller(page);
    const nav = sidebarNav(page);
    await expect(nav.getByRole('link')).toHaveText([
      'Dashboard',
      'Analytics',
      'Calendar',
      'Data upload',
      'Transactions',
      'Settings',
    ]);
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');

    const walk = [
      ['Analytics', '/analytics'],
      ['Calendar', '/calendar'],
      ['Data upload', '/data-upload'],
      ['Transactions', '/transactions'],
      ['Settings', '/settings'],
      ['Dashboard', '/dashboard'],
    ] as const;
    for (const [label, path] of walk) {
      const link = nav.getByRole('link', { name: label, exact: true });
      await tabTo(page, link);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(link).toHaveAttribute('aria-current', 'page');
      await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
  });

  test('the user menu opens by keyboard, closes with Escape and returns focus', async ({ page }) => {
    await signInSeller(page);
    const trigger = page.getByRole('button', { name: /User menu/ });
    await tabTo(page, trigger);
    await page.keyboard.press('Enter');
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const panel = page.locator(`[id="${await trigger.getAttribute('aria-controls')}"]`);
    await expect(panel).toBeVisible();
    await expect(panel).toContainText(`Signed in as${demoAccounts.seller.email}`);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Settings' }).last()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(trigger).toBeFocused();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeHidden();
  });

  test('switching to Deutsch changes the navigation at once and is saved; English again', async ({ page, request }) => {
    const languageSaves = watchLanguageSaves(page);
    await signInSeller(page);
    const token = (await storedToken(page)) ?? '';
    const languageSaved = () => savedLanguage(request, token);
    try {
      await page.getByRole('combobox', { name: 'Language', exact: true }).selectOption('de');
      await expect(sidebarNav(page, 'Seiten').getByRole('link')).toHaveText([
        'Dashboard',
        'Analysen',
        'Kalender',
        'Daten-Upload',
        'Transaktionen',
        'Einstellungen',
      ]);
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');
      await expect.poll(languageSaved).toBe('de');

      // The choice survives a reload: the user's language from the API wins.
      await page.reload();
      await expect(sidebarNav(page, 'Seiten')).toBeVisible();
      // The page inside the shell has loaded (its h1) before axe judges the whole document.
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page);

      await page.getByRole('combobox', { name: 'Sprache', exact: true }).selectOption('en');
      await expect(sidebarNav(page).getByRole('link', { name: 'Analytics' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect.poll(languageSaved).toBe('en');
    } finally {
      await languageSaves.restore(request, token);
    }
  });

  test('a language whose translations cannot be fetched leaves the interface as it was, says so, and can be chosen again', async ({
    page,
    request,
  }) => {
    const languageSaves = watchLanguageSaves(page);
    await signInSeller(page);
    const token = (await storedToken(page)) ?? '';
    const languageSaved = () => savedLanguage(request, token);
    // Italian is a chunk of its own, fetched when first chosen: here the network fails it.
    await page.route(/\/assets\/it-[\w-]+\.js$/, (route) => route.abort('internetdisconnected'));
    try {
      const select = page.getByRole('combobox', { name: 'Language', exact: true });
      await select.selectOption('it');
      await expect(page.getByRole('alert')).toContainText(
        'The language could not be loaded. Check your connection and try again.',
      );
      await expect(sidebarNav(page).getByRole('link', { name: 'Analytics' })).toBeVisible();
      await expect(select).toHaveValue('en');
      await expect(select).toHaveAttribute('aria-busy', 'false');
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      expect(await languageSaved()).toBe('en');
      // The dashboard behind the alert, whole: a fresh-clone CI run once checked it before its heading was there.
      await expectScreenLoaded(page, 'Dashboard');
      await expectNoAxeViolations(page);

      // The connection is back: the same choice now works, and is saved.
      await page.unroute(/\/assets\/it-[\w-]+\.js$/);
      await page.getByRole('button', { name: 'Dismiss' }).click();
      await select.selectOption('it');
      await expect(sidebarNav(page, 'Pagine').getByRole('link', { name: 'Analisi' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'it');
      await expect.poll(languageSaved).toBe('it');
    } finally {
      await languageSaves.restore(request, token);
    }
  });

  test('at 375 × 800 the sidebar sits behind Menu, opens as a panel and navigates', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await openSignedIn(page, demoAccounts.seller);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const menu = page.getByRole('button', { name: 'Menu', exact: true });
    await expect(menu).toBeVisible();
    await expect(sidebarNav(page)).toBeHidden();
    const hasHorizontalScroll = () =>
      page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
    expect(await hasHorizontalScroll()).toBe(false);

    await menu.click();
    const dialog = page.getByRole('dialog', { name: 'Navigation' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Close menu' })).toBeFocused();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(menu).toBeFocused();

    await menu.click();
    await dialog.getByRole('link', { name: 'Transactions' }).click();
    await expect(page).toHaveURL(/\/transactions$/);
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    await menu.click();
    await expect(dialog.getByRole('link', { name: 'Transactions' })).toHaveAttribute('aria-current', 'page');
    // The backdrop beside the panel closes it.
    await page.mouse.click(360, 400);
    await expect(dialog).toBeHidden();
    expect(await hasHorizontalScroll()).toBe(false);
  });

  test('an administrator sees Admin in the sidebar', async ({ page }) => {
    await openSignedIn(page, demoAccounts.admin);
    await expect(page).toHaveURL(/\/dashboard$/);
    await sidebarNav(page).getByRole('link', { name: 'Admin' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(sidebarNav(page).getByRole('link', { name: 'Admin' })).toHaveAttribute('aria-current', 'page');
  });

  test('during onboarding the shell offers no workspace navigation', async ({ page }) => {
    await openSignedIn(page, demoAccounts.newcomer);
    await expect(page).toHaveURL(/\/onboarding\/welcome$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Pages' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Menu', exact: true })).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Language' })).toBeVisible();
    await expect(page.getByRole('button', { name: /User menu/ })).toBeVisible();
  });

  test('the shell on the dashboard in both themes, desktop and phone (axe-core, screenshots)', async ({
    page,
  }, testInfo) => {
    await ensureSignedIn(page, demoAccounts.seller);
    await checkScreenInBothThemes(page, testInfo, 'shell-dashboard', '/dashboard', async (p) => {
      await expect(sidebarNav(p)).toBeVisible();
      await expect(p.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    });
    await page.setViewportSize({ width: 375, height: 800 });
    await checkScreenInBothThemes(
      page,
      testInfo,
      'shell-phone-menu',
      '/dashboard',
      async (p) => {
        await expect(p.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
        await p.getByRole('button', { name: 'Menu', exact: true }).click();
        await expect(p.getByRole('dialog', { name: 'Navigation' })).toBeVisible();
      },
      'reload',
    );
  });
});
