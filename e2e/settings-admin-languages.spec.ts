import { expect, type Page, test } from '@playwright/test';
import { apiPaths } from '@vatlas/contract';
import { demoAccounts } from './support/accounts';
import { type ThemeId, withTheme } from './support/screens';
import { expectNoAxeViolations, signIn } from './support/sign-in';
import { translate, translatedPattern } from './support/translations';

/**
 * Issue 7's acceptance: every settings and admin screen in every language. English walks every screen in both themes
 * with axe-core in settings.spec.ts and admin.spec.ts; here the other five languages walk them all by the links a
 * keyboard user follows (no reload between screens), alternating the theme, and each screen must show its translated
 * heading with `html[lang]` and the theme. axe-core (one to four seconds a screen, too slow for every screen in every
 * language within CI's time) scans the first screen of each area as a whole page: the shell, the area's navigation
 * and its content in that language. The expected texts come from the SPA's own locale files
 * (support/translations.ts).
 */
const LANGUAGES: readonly { code: string; theme: ThemeId }[] = [
  { code: 'de', theme: 'stripe' },
  { code: 'fr', theme: 'default' },
  { code: 'it', theme: 'stripe' },
  { code: 'es', theme: 'default' },
  { code: 'pl', theme: 'stripe' },
];

/** The settings sections in the order of their navigation: the link's (and the section heading's) text key. */
const SETTINGS_SECTIONS = [
  { path: '/settings', key: 'settings.sections.profile.title' },
  { path: '/settings/language', key: 'settings.sections.language.title' },
  { path: '/settings/notifications', key: 'settings.sections.notifications.title' },
  { path: '/settings/users', key: 'settings.sections.users.title' },
  { path: '/settings/company', key: 'settings.sections.company.title' },
  { path: '/settings/subscription', key: 'settings.sections.subscription.title' },
] as const;

/** The admin sidebar: the link's text key and the page heading's. */
const ADMIN_SECTIONS = [
  { path: '/admin', link: 'adminArea.nav.overview', heading: 'adminArea.overview.title' },
  { path: '/admin/tenants', link: 'adminArea.nav.tenants', heading: 'adminArea.tenants.title' },
  { path: '/admin/companies', link: 'adminArea.nav.companies', heading: 'adminArea.companies.title' },
  { path: '/admin/users', link: 'adminArea.nav.users', heading: 'adminArea.users.title' },
  { path: '/admin/subscriptions', link: 'adminArea.nav.subscriptions', heading: 'payment.admin.title' },
  { path: '/admin/uploads', link: 'adminArea.nav.uploads', heading: 'adminArea.uploads.title' },
  { path: '/admin/filings', link: 'adminArea.nav.filings', heading: 'adminArea.filings.title' },
  { path: '/admin/client-errors', link: 'adminArea.nav.clientErrors', heading: 'adminArea.clientErrors.title' },
  { path: '/admin/audit-log', link: 'adminArea.nav.auditLog', heading: 'adminArea.audit.title' },
  { path: '/admin/coming-soon', link: 'adminArea.nav.comingSoon', heading: 'adminArea.comingSoon.title' },
] as const;

/** The screen is in `language` and `theme` and finished loading; axe-core scans the whole page when asked. */
async function expectScreen(
  page: Page,
  screen: { language: string; theme: ThemeId; heading: string | RegExp; scan: boolean },
) {
  await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('lang', screen.language);
  await expect(page.locator('html')).toHaveAttribute('data-theme', screen.theme);
  if (screen.scan) await expectNoAxeViolations(page);
}

test('every settings and admin screen in German, French, Italian, Spanish and Polish (issue 7)', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await signIn(page, demoAccounts.admin.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  const token = (await page.evaluate(() => sessionStorage.getItem('tokenInternal'))) ?? '';
  const changeLanguage = async (language: string) => {
    const response = await request.post(apiPaths.changeLanguage(language), {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.ok()).toBe(true);
  };

  try {
    for (const { code, theme } of LANGUAGES) {
      const text = (key: string) => translate(code, key);
      // The language saved for the user wins when the app loads.
      await changeLanguage(code);

      await page.goto(withTheme('/settings', theme));
      const settingsNav = page.getByRole('navigation', { name: text('settings.nav.label') });
      for (const [index, section] of SETTINGS_SECTIONS.entries()) {
        await settingsNav.getByRole('link', { name: text(section.key), exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`${section.path}$`));
        await expect(page.getByRole('heading', { level: 2, name: text(section.key), exact: true })).toBeVisible();
        await expectScreen(page, { language: code, theme, heading: text('pages.settings.title'), scan: index === 0 });
      }

      await page.goto(withTheme('/admin', theme));
      const adminNav = page.getByRole('navigation', { name: text('adminArea.nav.label') });
      for (const [index, section] of ADMIN_SECTIONS.entries()) {
        await adminNav.getByRole('link', { name: text(section.link), exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`${section.path}$`));
        await expect(adminNav.getByRole('link', { name: text(section.link), exact: true })).toHaveAttribute(
          'aria-current',
          'page',
        );
        await expectScreen(page, { language: code, theme, heading: text(section.heading), scan: index === 0 });
      }

      // The white-label editor of the first tenant, opened from the tenants list.
      await adminNav.getByRole('link', { name: text('adminArea.nav.tenants'), exact: true }).click();
      await page
        .getByRole('link', { name: translatedPattern(code, 'adminArea.tenants.editWhiteLabelOf') })
        .first()
        .click();
      await expect(page).toHaveURL(/\/admin\/white-label\/[^/]+$/);
      await expect(page.getByRole('heading', { level: 2, name: text('whiteLabel.preview.title') })).toBeVisible();
      const whiteLabel = translatedPattern(code, 'whiteLabel.title');
      await expectScreen(page, { language: code, theme, heading: whiteLabel, scan: false });
    }
  } finally {
    // Other specs sign the administrator in and expect English.
    await changeLanguage('en');
  }
});
