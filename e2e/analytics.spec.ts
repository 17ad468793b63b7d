import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { type Analytics, analyticsSchema } from '@vatlas/contract';
import { strFromU8, unzipSync } from 'fflate';
import { demoAccounts } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { checkScreenInBothThemes } from './support/screens';
import { ensureSignedIn, openSignedIn } from './support/sign-in';

/**
 * The analytics screen on the seller's demo data (the 12 complete months before today): the breakdowns, a table's
 * figures against the API's answer to the cent, both exports, and each theme checked with axe-core.
 */

const euro = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' });
/** The key the page gives lines without a value (features/analytics/hooks/chart-rows.ts). */
const UNKNOWN_KEY = '∅';
const money = (amount: string) => euro.format(amount as Intl.StringNumericLiteral);

async function openAnalytics(page: Page): Promise<Analytics> {
  const answer = page.waitForResponse(
    (response) => /\/api\/v1\/Analytics\/[^/?]+\?/.test(response.url()) && response.request().method() === 'GET',
  );
  await openSignedIn(page, demoAccounts.seller, '/analytics');
  const response = await answer;
  expect(response.status()).toBe(200);
  return analyticsSchema.parse(await response.json());
}

test.describe('analytics', () => {
  test('shows the breakdowns of the demo data, and a table equals the API to the cent', async ({ page }) => {
    const analytics = await openAnalytics(page);
    await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
    // The default period is the last 12 complete months: the demo's whole year.
    expect(analytics.byMonth).toHaveLength(12);
    expect(analytics.totals.transactionCount).toBeGreaterThan(0);
    expect(analytics.byCountry.map((line) => line.key)).toEqual(expect.arrayContaining(['DE', 'FR']));

    await expect(page.getByTestId('total-net')).toContainText(money(analytics.totals.netEur));
    await expect(page.getByTestId('total-vat')).toContainText(money(analytics.totals.vatEur));
    await expect(page.getByTestId('total-gross')).toContainText(money(analytics.totals.grossEur));
    for (const id of ['month', 'country', 'rate', 'channel', 'arrival']) {
      await expect(page.getByTestId(`breakdown-${id}`).locator('svg.recharts-surface')).toBeVisible();
    }

    // The country table, opened by keyboard-usable disclosure, row by row against the API's lines.
    const card = page.getByTestId('breakdown-country');
    await card.getByText('Show as table').click();
    const table = card.getByRole('table');
    await expect(table.locator('caption')).toContainText('by country whose VAT applies');
    await expect(table.locator('tbody tr')).toHaveCount(analytics.byCountry.length);
    for (const line of analytics.byCountry) {
      const cells = table.locator(`tbody tr[data-key="${line.key ?? UNKNOWN_KEY}"] td`);
      await expect(cells).toHaveText([
        money(line.netEur),
        money(line.vatEur),
        money(line.grossEur),
        new Intl.NumberFormat('en-GB').format(line.transactionCount),
      ]);
    }

    // The month table sums to the totals.
    const monthCard = page.getByTestId('breakdown-month');
    await monthCard.getByText('Show as table').click();
    await expect(monthCard.locator('tbody tr')).toHaveCount(12);
  });

  test('a preset and an empty period change the request; the empty state leads to data upload', async ({ page }) => {
    await openAnalytics(page);
    // Months are chosen in selects named in the UI's language; six years back has no demo data.
    const year = new Date().getUTCFullYear() - 6;
    const answer = page.waitForResponse((response) => response.url().includes(`from=${year}-01&to=${year}-06`));
    await page.getByLabel('To month').selectOption(`${year}-06`);
    await page.getByLabel('From month').selectOption(`${year}-01`);
    await answer;
    await expect(page.getByText('No transactions in this period')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Upload data' })).toHaveAttribute('href', '/data-upload');

    await page.getByRole('button', { name: 'Last 12 months' }).click();
    await expect(page.getByRole('button', { name: 'Last 12 months' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('total-net')).toBeVisible();
  });

  test('exports CSV and Excel downloads with the figures of the page', async ({ page }) => {
    const analytics = await openAnalytics(page);

    const csvDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = await csvDownload;
    expect(csv.suggestedFilename()).toBe(`vatlas-analytics-${analytics.from}-${analytics.to}.csv`);
    const text = await readFile((await csv.path()) as string, 'utf8');
    const rows = text
      .trimEnd()
      .split('\r\n')
      .map((row) => row.split(','));
    expect(rows[0]).toEqual([
      'breakdown',
      'key',
      'net_eur',
      'vat_eur',
      'gross_eur',
      'transactions',
      'unconverted_transactions',
    ]);
    const total = rows.find((row) => row[0] === 'Total');
    expect(total?.slice(2, 6)).toEqual([
      analytics.totals.netEur,
      analytics.totals.vatEur,
      analytics.totals.grossEur,
      String(analytics.totals.transactionCount),
    ]);
    expect(rows.filter((row) => row[0] === 'Month')).toHaveLength(12);
    await expect(page.getByRole('status').filter({ hasText: 'The CSV file has been downloaded.' })).toBeVisible();

    const xlsxDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export Excel' }).click();
    const xlsx = await xlsxDownload;
    expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
    const bytes = new Uint8Array(await readFile((await xlsx.path()) as string));
    expect([...bytes.slice(0, 2)]).toEqual([0x50, 0x4b]);
    const files = unzipSync(bytes);
    const workbook = strFromU8(files['xl/workbook.xml'] as Uint8Array);
    expect(workbook).toContain('<sheet name="Country"');
    const totals = strFromU8(files['xl/worksheets/sheet1.xml'] as Uint8Array);
    expect(totals).toContain(`<v>${analytics.totals.netEur}</v>`);
  });

  test('passes axe-core in both themes', async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await ensureSignedIn(page, demoAccounts.seller);
    await checkScreenInBothThemes(page, testInfo, 'analytics', '/analytics', async (ready) => {
      await expect(ready.getByTestId('breakdown-country').locator('svg.recharts-surface')).toBeVisible();
    });
  });

  test('passes axe-core in both themes with every table alternative open', async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await ensureSignedIn(page, demoAccounts.seller);
    await checkScreenInBothThemes(
      page,
      testInfo,
      'analytics-tables',
      '/analytics',
      async (ready) => {
        await expect(ready.getByTestId('breakdown-month').locator('svg.recharts-surface')).toBeVisible();
        for (const summary of await ready.getByText('Show as table').all()) await summary.click();
        await expect(ready.getByTestId('table-country')).toBeVisible();
      },
      'reload',
    );
  });

  test('on a 375 px phone, with the tables open, passes axe-core', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 375, height: 812 });
    await openSignedIn(page, demoAccounts.seller, '/analytics');
    await expect(page.getByTestId('breakdown-month').locator('svg.recharts-surface')).toBeVisible();
    for (const summary of await page.getByText('Show as table').all()) await summary.click();
    await expect(page.getByTestId('table-month')).toBeVisible();
    // No horizontal scrolling of the page itself: wide tables scroll inside their own region.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoAxeViolations(page);
  });
});
