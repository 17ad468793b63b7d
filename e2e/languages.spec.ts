import { type Browser, expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, demoAccounts } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { checkScreenInBothThemes, saveScreenshot } from './support/screens';
import { signIn, storedToken } from './support/sign-in';
import { savedLanguage, watchLanguageSaves } from './support/user-language';

/** Issue 7: six languages, each with translated navigation and dashboard, formatted per locale, following the user. */
const LANGUAGES = [
  {
    code: 'fr',
    locale: 'fr-FR',
    languageLabel: 'Langue',
    pages: 'Pages',
    nav: ['Tableau de bord', 'Analyses', 'Calendrier', 'Import de données', 'Transactions', 'Paramètres'],
    dashboard: 'Tableau de bord',
    cards: ['Dettes fiscales', 'Déclarations'],
    totalLine: /^TVA due en \d{4} :/,
  },
  {
    code: 'it',
    locale: 'it-IT',
    languageLabel: 'Lingua',
    pages: 'Pagine',
    nav: ['Dashboard', 'Analisi', 'Calendario', 'Caricamento dati', 'Transazioni', 'Impostazioni'],
    dashboard: 'Dashboard',
    cards: ["Debiti d'imposta", 'Adempimenti'],
    totalLine: /^IVA dovuta nel \d{4}:/,
  },
  {
    code: 'es',
    locale: 'es-ES',
    languageLabel: 'Idioma',
    pages: 'Páginas',
    nav: ['Panel', 'Análisis', 'Calendario', 'Carga de datos', 'Transacciones', 'Ajustes'],
    dashboard: 'Panel',
    cards: ['Deudas tributarias', 'Declaraciones'],
    totalLine: /^IVA adeudado en \d{4}:/,
  },
  {
    code: 'pl',
    locale: 'pl-PL',
    languageLabel: 'Język',
    pages: 'Strony',
    nav: ['Pulpit', 'Analizy', 'Kalendarz', 'Import danych', 'Transakcje', 'Ustawienia'],
    dashboard: 'Pulpit',
    cards: ['Zobowiązania podatkowe', 'Deklaracje'],
    totalLine: /^VAT należny za \d{4}:/,
  },
] as const;

const sidebarNav = (page: Page, name: string) => page.getByRole('navigation', { name });

/** The year's VAT total next to "VAT owed in {year}:" on the dashboard, as the page shows it. */
async function shownTotal(page: Page, line: RegExp): Promise<string> {
  const paragraph = page.getByText(line);
  await expect(paragraph).toBeVisible();
  return ((await paragraph.locator('span').textContent()) ?? '').trim();
}

async function signInInNewContext(browser: Browser, options: { locale?: string } = {}) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  return { context, page };
}

test.describe('six languages (issue 7)', () => {
  test('the seller switches to French, Italian, Spanish and Polish; the choice survives a reload and a new sign-in elsewhere', async ({
    page,
    request,
    browser,
  }, testInfo) => {
    test.setTimeout(180_000);
    const languageSaves = watchLanguageSaves(page);
    await signIn(page, demoAccounts.seller.email);
    await expect(page).toHaveURL(/\/dashboard$/);
    const token = (await storedToken(page)) ?? '';
    const languageSaved = () => savedLanguage(request, token);

    try {
      // The same total in English, as a plain decimal: each language must show exactly this amount, in its format.
      const english = await shownTotal(page, /^VAT owed in \d{4}:/);
      expect(english).toMatch(/^€[\d,]+\.\d{2}$/);
      const amount = english.replace(/[€,]/g, '');
      let label = 'Language';

      for (const language of LANGUAGES) {
        const select = page.getByRole('combobox', { name: label, exact: true });
        await expect(select.locator(`option[value="${language.code}"]`)).toHaveAttribute('lang', language.code);
        await select.selectOption(language.code);
        label = language.languageLabel;

        await expect(page.locator('html')).toHaveAttribute('lang', language.code);
        await expect(sidebarNav(page, language.pages).getByRole('link')).toHaveText([...language.nav]);
        await expect(page.getByRole('heading', { level: 1, name: language.dashboard })).toBeVisible();
        for (const card of language.cards)
          await expect(page.getByRole('heading', { level: 2, name: card, exact: true })).toBeVisible();

        const expectedTotal = await page.evaluate(
          ([value, locale]) =>
            new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(
              value as Intl.StringNumericLiteral,
            ),
          [amount, language.locale] as const,
        );
        expect(await shownTotal(page, language.totalLine), language.code).toBe(expectedTotal);
        expect(expectedTotal).toMatch(/,\d{2}\s€$/);

        await expect.poll(languageSaved).toBe(language.code);
        await expectNoAxeViolations(page);
        await saveScreenshot(page, testInfo, `dashboard-${language.code}`);
      }

      // Polish is the last choice: a reload keeps it (the user's language from the API wins) ...
      await page.reload();
      await expect(sidebarNav(page, 'Strony')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: 'Pulpit' })).toBeVisible();
      await checkScreenInBothThemes(page, testInfo, 'dashboard-pl', '/dashboard', async (p) => {
        await expect(p.getByRole('heading', { level: 2, name: 'Zobowiązania podatkowe' })).toBeVisible();
      });

      // ... and so does a sign-in on another device: a fresh browser whose own language is English.
      const other = await signInInNewContext(browser, { locale: 'en-GB' });
      try {
        await signIn(other.page, demoAccounts.seller.email);
        await expect(other.page).toHaveURL(/\/dashboard$/);
        await expect(other.page.locator('html')).toHaveAttribute('lang', 'pl');
        await expect(sidebarNav(other.page, 'Strony').getByRole('link')).toHaveText([...LANGUAGES[3].nav]);
        await expect(other.page.getByRole('combobox', { name: 'Język' })).toHaveValue('pl');
      } finally {
        await other.context.close();
      }
    } finally {
      await languageSaves.restore(request, token);
    }
  });

  test('a German browser signing in for the first time sees German, and the account keeps it', async ({
    browser,
    request,
  }, testInfo) => {
    const { context, page } = await signInInNewContext(browser, { locale: 'de-DE' });
    try {
      // Before sign-in the browser's language already applies: the Vatlas page and the provider's form are German.
      await page.goto('/login');
      await page.getByRole('button', { name: 'Mit Microsoft anmelden' }).click();
      await expect(page).toHaveURL(/\/idp\//);
      await page.getByLabel('E-Mail').fill('visitor@vatlas.test');
      await page.getByLabel('Passwort').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Anmelden', exact: true }).click();

      // The visitor has no Vatlas user yet: this exchange creates it, in German.
      await expect(page).toHaveURL(/\/onboarding\/welcome$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Willkommen' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');
      await expect(page.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
      const token = (await storedToken(page)) ?? '';
      expect(await savedLanguage(request, token)).toBe('de');

      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Willkommen' })).toBeVisible();
      await expectNoAxeViolations(page);
      await saveScreenshot(page, testInfo, 'first-sign-in-de');
    } finally {
      await context.close();
    }
  });
});
