import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { demoAccounts } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { checkScreenInBothThemes } from './support/screens';
import { ensureSignedIn, openSignedIn } from './support/sign-in';

/**
 * The transactions screen on the seller's demo data (the 12 complete months before today, registrations DE and FR).
 * Read-only: nothing here changes data another spec reads.
 */

/** `YYYY-MM` of the month `back` months before the current one (the demo ends with last month). */
function monthsAgo(back: number): string {
  const now = new Date();
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  return date.toISOString().slice(0, 7);
}

const MONTH = monthsAgo(3);
const monthLabel = (month: string) =>
  new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T12:00:00Z`),
  );

const rows = (page: Page) => page.locator('tbody tr[data-row-index]');
/** The default columns: date, type, treatment, event id, SKU, from → to, jurisdiction, net, VAT, gross. */
const JURISDICTION_COLUMN = 6;

async function countShown(page: Page): Promise<number> {
  const count = page.getByTestId('transactions-count');
  // "Counting transactions…" until the count arrives.
  await expect(count).toHaveText(/[\d,]+ transactions?/);
  const text = (await count.textContent()) ?? '';
  const match = /([\d,]+) transactions?/.exec(text);
  expect(match, text).not.toBeNull();
  return Number((match?.[1] ?? '').replaceAll(',', ''));
}

test.describe('transactions screen', () => {
  test('shows the rows, scrolls and loads more pages', async ({ page }) => {
    await openSignedIn(page, demoAccounts.seller, '/transactions');
    await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
    await expect(rows(page).first()).toBeVisible();
    const total = await countShown(page);
    expect(total).toBeGreaterThan(400);
    await expect(page.getByRole('table')).toHaveAttribute('aria-rowcount', String(total + 1));

    // Scroll to the end of what is loaded until rows of the third page (index ≥ 400) are rendered.
    const scroller = page.getByTestId('transactions-scroll');
    for (let attempt = 0; attempt < 40; attempt += 1) {
      await scroller.evaluate((element) => element.scrollBy(0, 2500));
      await page.waitForTimeout(150);
      const last = await rows(page).last().getAttribute('aria-rowindex');
      if (Number(last) > 402) break;
    }
    expect(Number(await rows(page).last().getAttribute('aria-rowindex'))).toBeGreaterThan(402);

    // Keyboard: the rows are one tab stop; the arrow keys move, Enter opens, Escape closes and returns focus.
    await scroller.evaluate((element) => element.scrollTo(0, 0));
    // The table renders the rows around the scroll position, a frame or more after it moves: until then the first row
    // in the DOM is one of the deep rows, so the rows are found by their index, not their place in the DOM.
    const row = (index: number) => page.locator(`tbody tr[data-row-index="${index}"]`);
    await expect(row(0)).toBeVisible();
    await row(0).focus();
    await page.keyboard.press('ArrowDown');
    await expect(row(1)).toBeFocused();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Transaction details' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(row(1)).toBeFocused();
  });

  test("filters by the file's jurisdiction and month from the URL and keeps them on reload", async ({ page }) => {
    await openSignedIn(page, demoAccounts.seller, `/transactions?jurisdiction=FR&month=${MONTH}`);
    await expect(rows(page).first()).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Jurisdiction (file)', exact: true })).toHaveValue('FR');
    await expect(page.getByLabel('Month', { exact: true })).toHaveValue(MONTH);
    const filtered = await countShown(page);
    expect(filtered).toBeGreaterThan(0);

    const shown = await rows(page).evaluateAll(
      (elements, column) =>
        elements.map((row) => ({
          date: row.children[0]?.textContent ?? '',
          jurisdiction: row.children[column]?.textContent ?? '',
        })),
      JURISDICTION_COLUMN,
    );
    expect(shown.length).toBe(Math.min(filtered, shown.length));
    for (const row of shown) {
      expect(row.jurisdiction).toBe('FR');
      expect(row.date).toContain(monthLabel(MONTH).split(' ')[0] ?? '');
    }

    // A filter chosen on the page goes into the URL and survives a reload.
    await page.getByRole('combobox', { name: 'Type', exact: true }).selectOption('SALE');
    await expect(page).toHaveURL(/type=SALE/);
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Type', exact: true })).toHaveValue('SALE');
    await expect(page.getByRole('combobox', { name: 'Jurisdiction (file)', exact: true })).toHaveValue('FR');
    expect(await countShown(page)).toBeLessThanOrEqual(filtered);

    // The channel: the demo's rows all come from Amazon reports, so eBay has none of them.
    const source = page.getByRole('combobox', { name: 'Source', exact: true });
    await source.selectOption('ebay-orders');
    await expect(page).toHaveURL(/source=ebay-orders/);
    await expect(page.getByText('No transactions match these filters')).toBeVisible();
    await source.selectOption('amazon-vtr');
    await expect(rows(page).first()).toBeVisible();
    await source.selectOption('');
    await expect(page).not.toHaveURL(/source=/);

    // A whole event ID finds its rows; a part of one finds none, and the empty state says why.
    const searchbox = page.getByRole('searchbox', { name: 'Search', exact: true });
    const eventId = (await rows(page).first().locator('span.font-mono').first().textContent()) ?? '';
    expect(eventId).not.toBe('');
    await searchbox.fill(eventId);
    await expect(page).toHaveURL(new RegExp(`search=${eventId}`));
    await expect(rows(page).first().locator('span.font-mono').first()).toHaveText(eventId);
    await searchbox.fill(eventId.slice(0, -2));
    await expect(page.getByText('No transactions match these filters')).toBeVisible();
    await expect(
      page.getByText('The search finds a whole event ID, activity ID or SKU', { exact: false }),
    ).toBeVisible();

    // No match: a search nothing has, then "Clear filters" brings every row back.
    await searchbox.fill('no-such-event-zzz');
    await expect(page).toHaveURL(/search=no-such-event-zzz/);
    await expect(page.getByText('No transactions match these filters')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect(page).not.toHaveURL(/jurisdiction=/);
    await expect(rows(page).first()).toBeVisible();
  });

  test('a row opens its detail with the "why this treatment" explanation', async ({ page }) => {
    await openSignedIn(page, demoAccounts.seller, `/transactions?jurisdiction=FR&month=${MONTH}`);
    await rows(page).first().click();
    const dialog = page.getByRole('dialog', { name: 'Transaction details' });
    await expect(dialog.getByRole('heading', { name: 'Why this treatment' })).toBeVisible();
    await expect(dialog.getByTestId('transaction-explanation')).not.toBeEmpty();
    await expect(dialog.getByText('Taxable jurisdiction')).toBeVisible();
    await expect(dialog.getByText('France (FR)').first()).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });

  test('exports the filtered set as CSV whose rows match the filter', async ({ page }) => {
    await openSignedIn(page, demoAccounts.seller, `/transactions?jurisdiction=FR&month=${MONTH}`);
    await expect(rows(page).first()).toBeVisible();
    const filtered = await countShown(page);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`transactions-FR-${MONTH}.csv`);
    await expect(page.getByTestId('export-status')).toContainText(`transactions-FR-${MONTH}.csv`);
    const text = await readFile((await download.path()) ?? '', 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).trimEnd().split('\r\n');
    const header = (lines[0] ?? '').split(',');
    const dateColumn = header.indexOf('tax_point_date');
    const jurisdictionColumn = header.indexOf('taxable_jurisdiction');
    expect(dateColumn).toBeGreaterThanOrEqual(0);
    const body = lines.slice(1);
    expect(body.length).toBe(filtered);
    for (const line of body) {
      const cells = line.split(',');
      expect(cells[jurisdictionColumn]).toBe('FR');
      expect(cells[dateColumn]?.startsWith(MONTH)).toBe(true);
    }
  });

  test('the cross-check view lists what the API finds for the month, reached by keyboard, in both themes', async ({
    page,
  }, testInfo) => {
    const token = await openSignedIn(page, demoAccounts.seller, `/transactions?month=${MONTH}`);
    await expect(rows(page).first()).toBeVisible();
    const views = page.getByRole('navigation', { name: 'Views' });
    await expect(views.getByRole('link', { name: 'All transactions' })).toHaveAttribute('aria-current', 'page');
    await views.getByRole('link', { name: 'Cross-check' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/transactions\\?view=cross-check&month=${MONTH}$`));
    await expect(page.getByRole('heading', { level: 2, name: "Cross-check of the file's VAT" })).toBeVisible();

    // The demo's generated reports charge each row net × rate at a rate in force: the API finds no difference, and
    // the screen says so and what to do next.
    const companyId = await page.evaluate(() => localStorage.getItem('selectedCompanyId') ?? '');
    const [year, month] = MONTH.split('-').map(Number) as [number, number];
    const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
    const response = await page.request.get(
      `/api/v1/Liabilities/${companyId}/CrossCheck?from=${MONTH}-01&to=${MONTH}-${lastDay}`,
      { headers: { Authorization: `Bearer ${token}` } },
    );
    expect(response.ok()).toBe(true);
    expect(((await response.json()) as { items: unknown[] }).items).toEqual([]);
    await expect(page.getByText('No differences', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Upload data' })).toHaveAttribute('href', '/data-upload');

    await checkScreenInBothThemes(
      page,
      testInfo,
      'transactions-cross-check',
      `/transactions?view=cross-check&month=${MONTH}`,
      async (current) => {
        await expect(current.getByText('No differences', { exact: true })).toBeVisible();
      },
    );
  });

  test('the table and the detail pass axe-core in both themes', async ({ page }, testInfo) => {
    await ensureSignedIn(page, demoAccounts.seller);
    await checkScreenInBothThemes(page, testInfo, 'transactions-table', '/transactions', async (current) => {
      await expect(rows(current).first()).toBeVisible();
      await expect(current.getByTestId('transactions-count')).toContainText('transactions');
    });
    await checkScreenInBothThemes(
      page,
      testInfo,
      'transactions-detail',
      `/transactions?jurisdiction=FR&month=${MONTH}`,
      async (current) => {
        await rows(current).first().click();
        await expect(current.getByTestId('transaction-explanation')).not.toBeEmpty();
      },
      'reload',
    );
  });
});
