import { expect, type Page, test } from '@playwright/test';
import { demoAccounts } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { expectScreenLoaded, switchThemeInPlace, type ThemeId, withTheme } from './support/screens';
import { openSignedIn } from './support/sign-in';
import { translate, translatedPattern } from './support/translations';
import { saveLanguage } from './support/user-language';

/**
 * Issue 7's acceptance: every settings and admin screen in every language and both themes, with no axe-core
 * violations. English walks every screen in both themes in settings.spec.ts and admin.spec.ts; here each of the other
 * five languages walks every screen by the links a keyboard user follows (no reload between screens). On each screen
 * axe-core scans the whole page (the shell, the area's navigation and its content in that language) in the theme
 * the walk is in, then the theme is switched in place, as browser back/forward switches it, and the page is scanned
 * again. Each screen must show its translated heading with `html[lang]` and the theme. The expected texts come from
 * the SPA's own locale files (support/translations.ts).
 */
const LANGUAGES: readonly { code: string; name: string; theme: ThemeId }[] = [
  { code: 'de', name: 'German', theme: 'stripe' },
  { code: 'fr', name: 'French', theme: 'default' },
  { code: 'it', name: 'Italian', theme: 'stripe' },
  { code: 'es', name: 'Spanish', theme: 'default' },
  { code: 'pl', name: 'Polish', theme: 'stripe' },
];

/** The settings sections in the order of their navigation: the link's (and the section heading's) text key. */
const SETTINGS_SECTIONS = [
  { path: '/settings', key: 'settings.sections.profile.title' },
  { path: '/settings/language', key: 'settings.sections.language.title' },
  { path: '/settings/notifications', key: 'settings.sections.notifications.title' },
  { path: '/settings/users', key: 'settings.sections.users.title' },
  { path: '/settings/company', key: 'settings.sections.company.title' },
  { path: '/settings/registrations', key: 'settings.sections.registrations.title' },
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

// The five walks are the longest file of the suite: each may run in either worker, on that worker's own server, so
// the two workers finish together. Each walk sets the administrator's language and sets English back at its end.
test.describe.configure({ mode: 'parallel' });

const otherTheme = (theme: ThemeId): ThemeId => (theme === 'default' ? 'stripe' : 'default');

/**
 * The screen is in `language`, finished loading, and axe-core finds nothing on the whole page in `theme`; then the
 * same in the other theme, chosen the way back/forward chooses it (the URL's ?theme= changes and the router hears a
 * popstate), without reloading the screen. Answers the theme the page is left in, which the next screen keeps.
 */
async function expectScreenInBothThemes(
  page: Page,
  screen: { language: string; heading: string | RegExp },
  theme: ThemeId,
): Promise<ThemeId> {
  await expectScreenLoaded(page, screen.heading);
  await expect(page.locator('html')).toHaveAttribute('lang', screen.language);
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  await expectNoAxeViolations(page);

  const other = otherTheme(theme);
  await switchThemeInPlace(page, other);
  await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
  await expectNoAxeViolations(page);
  return other;
}

/** Every settings section by its navigation, then every admin page by the sidebar, then the white-label editor. */
async function walkSettingsAndAdmin(page: Page, language: string, startTheme: ThemeId) {
  const text = (key: string) => translate(language, key);
  let theme = startTheme;

  await page.goto(withTheme('/settings', theme));
  const settingsNav = page.getByRole('navigation', { name: text('settings.nav.label') });
  for (const section of SETTINGS_SECTIONS) {
    await settingsNav.getByRole('link', { name: text(section.key), exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${section.path}$`));
    await expect(page.getByRole('heading', { level: 2, name: text(section.key), exact: true })).toBeVisible();
    theme = await expectScreenInBothThemes(page, { language, heading: text('pages.settings.title') }, theme);
  }

  await page.goto(withTheme('/admin', theme));
  const adminNav = page.getByRole('navigation', { name: text('adminArea.nav.label') });
  for (const section of ADMIN_SECTIONS) {
    await adminNav.getByRole('link', { name: text(section.link), exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${section.path}$`));
    await expect(adminNav.getByRole('link', { name: text(section.link), exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    theme = await expectScreenInBothThemes(page, { language, heading: text(section.heading) }, theme);
  }

  // The white-label editor of the first tenant, opened from the tenants list.
  await adminNav.getByRole('link', { name: text('adminArea.nav.tenants'), exact: true }).click();
  await page
    .getByRole('link', { name: translatedPattern(language, 'adminArea.tenants.editWhiteLabelOf') })
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin\/white-label\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 2, name: text('whiteLabel.preview.title') })).toBeVisible();
  await expectScreenInBothThemes(page, { language, heading: translatedPattern(language, 'whiteLabel.title') }, theme);
}

for (const { code, name, theme } of LANGUAGES) {
  test(`every settings and admin screen in ${name}, in both themes, with no axe-core violations (issue 7)`, async ({
    page,
    request,
  }) => {
    // Some 30 s in a normal minute, 54 s in a slow one (a CI run of 19 minutes).
    test.setTimeout(180_000);
    const token = await openSignedIn(page, demoAccounts.admin);
    await expect(page).toHaveURL(/\/dashboard$/);
    const changeLanguage = async (language: string) => {
      const response = await saveLanguage(request, token, language);
      expect(response.ok()).toBe(true);
    };

    // The language saved for the user wins when the app loads.
    await changeLanguage(code);
    try {
      await walkSettingsAndAdmin(page, code, theme);
    } finally {
      // Other specs sign the administrator in and expect English.
      await changeLanguage('en');
    }
  });
}
