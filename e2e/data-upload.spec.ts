import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { apiPaths, type LiabilitySummary, liabilitySummarySchema } from '@vatlas/contract';
import { addMoney, formatMoneyFixed2, money, subtractMoney, ZERO } from '@vatlas/domain';
import { demoAccounts } from './support/accounts';
import { checkScreenInBothThemes } from './support/screens';
import { openSignedIn } from './support/sign-in';

/**
 * Issue 6, data upload as the seller would do it: a generated Amazon VTR for a month outside the demo data
 * (2024-03) goes through /data-upload — period, source, file with byte progress, check report, confirm, import
 * progress, result — and the API's liabilities grow by exactly the generator's expected totals. An eBay orders report
 * (2024-04) and an Etsy sold-orders file (2024-05) go the same way and are found by their channel.
 */

const MONTH = '2024-03';
const YEAR = 2024;

type Bucket = {
  taxableJurisdiction: string;
  scheme: 'local' | 'oss' | 'none';
  month: string;
  currency: string;
  netAmount: string;
  vatAmount: string;
};
type Generated = { path: string; fileName: string; rowCount: number; buckets: Bucket[] };

/**
 * Runs the generator's CLI (e2e may not import the API) with the demo seller's setting — established in DE, stock in
 * DE and FR — and keeps the euro rows and buckets only: the engine converts other currencies with ECB rates while the
 * generator sums each currency apart, so only euro amounts compare to the cent (as `demo-data/euro-rows.ts` does).
 */
function generateVtr(dir: string): Generated {
  const raw = join(dir, 'raw.txt');
  execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/api/src/modules/transaction-upload/synthetic-vtr/cli.ts',
      ...['--rows', '3200', '--seed', '6024', '--from', `${MONTH}-01`, '--to', `${MONTH}-31`],
      ...['--seller', 'DE', '--stock', 'DE,FR', '--out', raw],
    ],
    { stdio: 'pipe' },
  );
  const expected = JSON.parse(readFileSync(`${raw}.expected.json`, 'utf8')) as { buckets: Bucket[] };
  const [header = '', ...rows] = readFileSync(raw, 'utf8')
    .split('\r\n')
    .filter((line) => line !== '');
  const currency = header.split('\t').indexOf('TRANSACTION_CURRENCY_CODE');
  const kept = rows.filter((row) => ['', 'EUR'].includes(row.split('\t')[currency] ?? ''));
  const fileName = `Sales Tax Transaction Report_M-${MONTH}.txt`;
  const path = join(dir, fileName);
  writeFileSync(path, [header, ...kept].map((line) => `${line}\r\n`).join(''));
  return {
    path,
    fileName,
    rowCount: kept.length,
    buckets: expected.buckets.filter((bucket) => bucket.currency === 'EUR'),
  };
}

/** Net and VAT in euro per `jurisdiction|scheme|YYYY-MM` of a year's summary. */
function liabilityAmounts(summary: LiabilitySummary): Map<string, { net: string; vat: string }> {
  const amounts = new Map<string, { net: string; vat: string }>();
  for (const line of summary.jurisdictions) {
    for (const month of line.months) {
      amounts.set(`${line.jurisdiction}|${line.scheme}|${month.periodStart.slice(0, 7)}`, {
        net: month.netEur,
        vat: month.vatEur,
      });
    }
  }
  return amounts;
}

async function readLiabilities(page: Page): Promise<LiabilitySummary> {
  const { token, companyId } = await page.evaluate(() => ({
    token: sessionStorage.getItem('tokenInternal') ?? localStorage.getItem('tokenInternal'),
    companyId: localStorage.getItem('selectedCompanyId'),
  }));
  const response = await page.request.get(apiPaths.liabilitySummary(String(companyId).replaceAll('"', ''), YEAR), {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return liabilitySummarySchema.parse(await response.json());
}

/**
 * Takes a marketplace file through the wizard as the seller does: the month added and chosen, the source, the file
 * uploaded and checked, then imported; the check report and the result say `checked` and `imported`.
 */
async function uploadMarketplaceFile(
  page: Page,
  upload: { month: string; monthLabel: RegExp; source: RegExp; path: string; checked: string; imported: string },
): Promise<void> {
  await openSignedIn(page, demoAccounts.seller, '/data-upload/new');
  await page.getByLabel('Add a month').selectOption(upload.month);
  await page.getByRole('button', { name: 'Add month' }).click();
  await expect(page.getByRole('radio', { name: upload.monthLabel })).toBeChecked();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('radio', { name: upload.source }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Choose files').setInputFiles(upload.path);
  await page.getByRole('button', { name: 'Upload and check' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Check report' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(upload.checked)).toBeVisible();
  await page.getByRole('button', { name: 'Import now' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import complete' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(upload.imported)).toBeVisible();
}

test.describe('data upload', () => {
  let dir: string;
  let generated: Generated;

  test.beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'vatlas-e2e-upload-'));
    generated = generateVtr(dir);
  });
  test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('the seller uploads a generated VTR, checks it, imports it and the liabilities grow by its totals', async ({
    page,
  }, testInfo) => {
    test.setTimeout(240_000);
    await openSignedIn(page, demoAccounts.seller);
    await expect(page).toHaveURL(/\/dashboard$/);
    const before = liabilityAmounts(await readLiabilities(page));

    // The history, and the first step of a new upload, in both themes.
    await checkScreenInBothThemes(page, testInfo, 'data-upload-history', '/data-upload', async (p) => {
      await expect(p.getByRole('heading', { level: 1, name: 'Data upload' })).toBeVisible();
      await expect(p.getByRole('heading', { name: 'Upload history' })).toBeVisible();
      await expect(p.getByRole('table', { name: /Uploaded files/ })).toBeVisible();
    });
    await checkScreenInBothThemes(page, testInfo, 'data-upload-period-step', '/data-upload/new', async (p) => {
      await expect(p.getByRole('heading', { name: 'Which month is this data for?' })).toBeVisible();
      await expect(p.getByRole('radio').first()).toBeVisible();
    });

    // Period: add the month (idempotent), then it is chosen.
    await page.goto('/data-upload');
    await page.getByRole('link', { name: 'New upload' }).first().click();
    await page.getByLabel('Add a month').selectOption(MONTH);
    await page.getByRole('button', { name: 'Add month' }).click();
    await expect(page.getByRole('radio', { name: /Mar 2024/ })).toBeChecked();
    await page.getByRole('button', { name: 'Continue' }).click();

    // Source.
    await expect(page.getByRole('heading', { name: 'Where does the file come from?' })).toBeFocused();
    await page.getByRole('radio', { name: /Amazon VAT Transactions Report/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();

    // File, sent over a throttled line so the byte progress is seen moving.
    await page.getByLabel('Choose files').setInputFiles(generated.path);
    await expect(page.getByRole('listitem').filter({ hasText: generated.fileName })).toBeVisible();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 400 * 1024,
    });
    await page.getByRole('button', { name: 'Upload and check' }).click();
    const bar = page.getByRole('progressbar', { name: `Uploading ${generated.fileName}` });
    await expect(bar).toBeVisible();
    await expect
      .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 30_000, intervals: [100] })
      .toBeGreaterThan(0);
    const midway = Number(await bar.getAttribute('aria-valuenow'));
    expect(midway).toBeLessThan(100);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    // The check report: every row read, no problem, nothing imported yet.
    await expect(page).toHaveURL(/\/data-upload\/[0-9a-f-]{36}$/, { timeout: 60_000 });
    const uploadUrl = new URL(page.url()).pathname;
    await expect(page.getByRole('heading', { level: 1, name: 'Check report' })).toBeVisible({ timeout: 120_000 });
    const rows = new Intl.NumberFormat('en-GB').format(generated.rowCount);
    await expect(page.getByText(`No problems: ${rows} rows are ready to import.`)).toBeVisible();
    expect(liabilityAmounts(await readLiabilities(page))).toEqual(before);

    // Confirm: the import runs with row progress, then the result.
    await page.getByRole('button', { name: 'Import now' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Importing' })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'File read' })).toBeVisible();
    await expect(page.getByText('Rows read')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Import complete' })).toBeVisible({ timeout: 120_000 });
    await expect(page.getByText(`${rows} transactions are now part of your data.`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'View transactions' })).toHaveAttribute('href', '/transactions');
    await expect(page.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/dashboard');

    // The liabilities grew by exactly the generator's local and OSS buckets, to the cent.
    const after = liabilityAmounts(await readLiabilities(page));
    const grown = new Map<string, { net: string; vat: string }>();
    for (const [key, amounts] of after) {
      const earlier = before.get(key) ?? { net: '0.00', vat: '0.00' };
      const net = subtractMoney(money(amounts.net), money(earlier.net));
      const vat = subtractMoney(money(amounts.vat), money(earlier.vat));
      if (net.eq(ZERO) && vat.eq(ZERO)) continue;
      grown.set(key, { net: formatMoneyFixed2(net), vat: formatMoneyFixed2(vat) });
    }
    const expected = new Map<string, { net: string; vat: string }>();
    for (const bucket of generated.buckets) {
      if (bucket.scheme === 'none' || !bucket.month.startsWith(String(YEAR))) continue;
      const key = `${bucket.taxableJurisdiction}|${bucket.scheme}|${bucket.month}`;
      const sum = expected.get(key) ?? { net: '0.00', vat: '0.00' };
      expected.set(key, {
        net: formatMoneyFixed2(addMoney(money(sum.net), money(bucket.netAmount))),
        vat: formatMoneyFixed2(addMoney(money(sum.vat), money(bucket.vatAmount))),
      });
    }
    for (const [key, amounts] of [...expected]) {
      if (money(amounts.net).eq(ZERO) && money(amounts.vat).eq(ZERO)) expected.delete(key);
    }
    const sorted = (map: Map<string, unknown>) => Object.fromEntries([...map].sort(([a], [b]) => a.localeCompare(b)));
    expect(expected.size).toBeGreaterThan(2);
    expect(sorted(grown)).toEqual(sorted(expected));

    // The result screen in both themes, and the upload in the history.
    await checkScreenInBothThemes(page, testInfo, 'data-upload-result', uploadUrl, async (p) => {
      await expect(p.getByRole('heading', { level: 1, name: 'Import complete' })).toBeVisible();
    });
    await page.goto('/data-upload');
    const row = page.getByRole('row').filter({ hasText: generated.fileName });
    await expect(row.getByText('Imported', { exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: 'Mar 2024' })).toBeVisible();

    // The dashboard shows the new month: its table alternative holds the API's amounts for March 2024.
    const summary = await readLiabilities(page);
    const march = summary.jurisdictions.flatMap((line) =>
      line.months
        .filter((month) => month.periodStart.startsWith(MONTH))
        .map((month) => ({ series: `${line.jurisdiction}-${line.scheme}`, vat: month.vatEur })),
    );
    expect(march.length).toBeGreaterThan(0);
    await page.goto('/dashboard');
    await page.getByLabel('Year', { exact: true }).selectOption(String(YEAR));
    await page.getByRole('button', { name: 'Show as table' }).click();
    const table = page.getByTestId('liabilities-table');
    for (const { series, vat } of march) {
      await expect(table.locator(`a[data-series="${series}"][data-month="${MONTH}"]`)).toHaveAttribute(
        'data-amount',
        vat,
      );
    }

    // And the transactions table lists exactly the imported rows for that month.
    await page.goto(`/transactions?month=${MONTH}`);
    await expect(page.getByTestId('transactions-count')).toContainText(rows);
    await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
  });

  test("an eBay orders report goes through the same steps, read by eBay's columns, and its rows are eBay's", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // Two orders in April 2024, sent from Germany: one at home, one of two items to Austria. Quoted as eBay writes
    // them, with its blank first line and its footer.
    const fileName = 'eBay-OrdersReport-Apr-2024.csv';
    const path = join(dir, fileName);
    const header = ['Order Number', 'Ship To Country', 'Item Country', 'Custom Label', 'Quantity', 'Sold For'];
    const lines = [
      [...header, 'Total Price', 'Sale Date'],
      ['21-00001-00001', 'Germany', 'Germany', 'MUG-RED', '1', '€119.00', '€119.00', 'Apr-05-24'],
      ['21-00002-00002', 'Austria', 'Germany', 'CUP-BLUE', '2', '€60.00', '€120.00', 'Apr-12-24'],
    ];
    writeFileSync(
      path,
      `\n${lines.map((cells) => cells.map((cell) => `"${cell}"`).join(',')).join('\n')}\n2 record(s) downloaded\n`,
    );

    await uploadMarketplaceFile(page, {
      month: '2024-04',
      monthLabel: /Apr 2024/,
      source: /eBay orders/,
      path,
      checked: 'No problems: 2 rows are ready to import.',
      imported: '2 transactions are now part of your data.',
    });

    // The transactions list finds them by their channel, in date order, the second sent from Germany to Austria.
    await page.goto('/transactions?source=ebay-orders&month=2024-04&sort=date-asc');
    await expect(page.getByTestId('transactions-count')).toHaveText('2 transactions');
    await expect(page.getByRole('combobox', { name: 'Source', exact: true })).toHaveValue('ebay-orders');
    const rows = page.locator('tbody tr[data-row-index]');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('21-00001-00001');
    await expect(rows.nth(1)).toContainText('DE → AT');
  });

  test("an Etsy sold-orders file is read by Etsy's columns, and a partly refunded order keeps what was not refunded", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // Two orders in May 2024, sent from the seller's country (the file does not say): one to France, and one at home
    // whose Adjusted Order Total says 20.00 of its 30.00 went back. Dates month first, countries by name, as Etsy
    // writes them.
    const fileName = 'EtsySoldOrders2024-5.csv';
    const path = join(dir, fileName);
    const lines = [
      ['Sale Date', 'Order ID', 'Number of Items', 'Ship Country', 'Currency', 'Order Value', 'Sales Tax'],
      ['05/03/24', '3300000001', '1', 'France', 'EUR', '48.00', '0.00'],
      ['05/17/24', '3300000002', '2', 'Germany', 'EUR', '30.00', '0.00'],
    ];
    const totals = [
      ['Order Total', 'Adjusted Order Total', 'Order Type'],
      ['48.00', '', 'online'],
      ['30.00', '10.00', 'online'],
    ];
    writeFileSync(path, `${lines.map((cells, index) => [...cells, ...(totals[index] ?? [])].join(',')).join('\n')}\n`);

    // Two rows read, three transactions: the refund is one of its own.
    await uploadMarketplaceFile(page, {
      month: '2024-05',
      monthLabel: /May 2024/,
      source: /Etsy/,
      path,
      checked: 'No problems: 2 rows are ready to import.',
      imported: '3 transactions are now part of your data.',
    });

    // Three rows of Etsy's: the French sale, and the German one with its refund of 20.00 on the same day.
    await page.goto('/transactions?source=etsy-orders&month=2024-05&sort=date-asc');
    await expect(page.getByTestId('transactions-count')).toHaveText('3 transactions');
    const rows = page.locator('tbody tr[data-row-index]');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText('3300000001');
    await expect(rows.nth(0)).toContainText('DE → FR');
    await expect(rows.filter({ hasText: 'Refund' })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'Refund' })).toContainText('-€20.00');
  });
});
