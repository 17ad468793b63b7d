import { expect, test } from '@playwright/test';
import { demoAccounts } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { saveScreenshot } from './support/screens';
import { openSignedIn } from './support/sign-in';
import { watchLanguageSaves } from './support/user-language';

/** Issue 6: every workspace screen in German, on the demo data, with axe-core and a screenshot artifact. */
const germanScreens = [
  { path: '/dashboard', heading: 'Dashboard', ready: 'Steuerverbindlichkeiten' },
  { path: '/analytics', heading: 'Analysen', ready: 'Umsatz und Umsatzsteuer nach Monat' },
  { path: '/calendar', heading: 'Fristenkalender', ready: 'Abonnieren' },
  { path: '/data-upload', heading: 'Daten-Upload', ready: 'Upload-Verlauf' },
  { path: '/transactions', heading: 'Transaktionen', ready: 'Spalten' },
  { path: '/transactions?view=cross-check', heading: 'Transaktionen', ready: 'Keine Abweichungen' },
] as const;

test('every workspace screen speaks German once the seller chooses Deutsch', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const languageSaves = watchLanguageSaves(page);
  const token = await openSignedIn(page, demoAccounts.seller);
  await expect(page).toHaveURL(/\/dashboard$/);
  try {
    await page.getByRole('combobox', { name: 'Language', exact: true }).selectOption('de');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    for (const screen of germanScreens) {
      await page.goto(screen.path);
      await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
      await expect(page.getByText(screen.ready, { exact: false }).first()).toBeVisible();
      await expectNoAxeViolations(page);
      await saveScreenshot(page, testInfo, `${screen.path.slice(1).replace(/\W+/g, '-')}-de`);
    }
  } finally {
    await languageSaves.restore(request, token);
  }
});
