import { expect, type Page, test } from '@playwright/test';
import { ecSalesListSchema, type Filing, filingListSchema, liabilitySummarySchema } from '@vatlas/contract';
import { dueDate, sumToFixed2 } from '@vatlas/domain';
import ICAL from 'ical.js';
import { demoAccounts } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { checkScreenInBothThemes, saveScreenshot } from './support/screens';
import { openSignedIn } from './support/sign-in';
import { transactionsCountText } from './support/transactions';

/** Seeded by the API (apps/api/src/modules/identity/seed.ts): the seller's company with 12 months of demo data. */
const NORDLICHT_COMPANY_ID = '7d1c2f4e-0b6a-4c51-9d3e-5a8f1b2c3d01';

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const formatDay = (isoDate: string) => dayFormat.format(new Date(`${isoDate}T12:00:00Z`));
const monthFormat = new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const formatMonth = (isoDate: string) => monthFormat.format(new Date(`${isoDate}T12:00:00Z`));
const longDayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const formatDayLong = (isoDate: string) => longDayFormat.format(new Date(`${isoDate}T12:00:00Z`));

async function signInToCalendar(page: Page, path = '/calendar'): Promise<string> {
  const token = await openSignedIn(page, demoAccounts.seller, path);
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
  return token;
}

async function fetchFilings(page: Page, token: string, query: Record<string, string> = {}): Promise<Filing[]> {
  const search = new URLSearchParams(query).toString();
  const response = await page.request.get(`/api/v1/Filings/${NORDLICHT_COMPANY_ID}${search ? `?${search}` : ''}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return filingListSchema.parse(await response.json()).items;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The demo data covers the seller's last 12 complete months, so the test follows the clock: the German return of the
 * month before last (on 21 November 2026: September 2026, due in October) is always planned, with its due month shown.
 */
const now = new Date();
const TARGET_PERIOD_END = isoDay(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 0)));
const DUE_MONTH = isoDay(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))).slice(0, 7);
const DUE_MONTH_NAME = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
  new Date(`${DUE_MONTH}-15T12:00:00Z`),
);

/** The whole weeks (Monday to Sunday) around a month: the range the month grid shows. */
function gridRange(month: string): { from: string; to: string } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, monthNumber - 1, 1));
  const last = new Date(Date.UTC(year, monthNumber, 0));
  first.setUTCDate(first.getUTCDate() - ((first.getUTCDay() + 6) % 7));
  last.setUTCDate(last.getUTCDate() + ((7 - last.getUTCDay()) % 7));
  return { from: isoDay(first), to: isoDay(last) };
}

const findSeptemberReturn = (filings: Filing[]) => {
  const filing = filings.find(
    (candidate) =>
      candidate.jurisdiction === 'DE' &&
      candidate.filingType === 'vat-return' &&
      candidate.periodEnd === TARGET_PERIOD_END,
  );
  if (!filing) throw new Error(`the demo data has no German VAT return ending ${TARGET_PERIOD_END}`);
  return filing;
};

test.describe('the filings calendar', () => {
  test('shows the due dates of the domain rules in the month view, with filters in the URL', async ({ page }, info) => {
    const token = await signInToCalendar(page);
    const filings = await fetchFilings(page, token);
    const september = findSeptemberReturn(filings);
    // The rule of packages/domain, computed here: 10 October 2026 is a Saturday, so the return is due Monday the 12th.
    const expected = dueDate({
      country: 'DE',
      filingType: 'vat-return',
      frequency: september.frequency,
      isEstablished: true,
      period: { start: september.periodStart, end: september.periodEnd },
    });
    expect(september.dueDate).toBe(expected);
    if (september.periodEnd === '2026-09-30' && september.frequency === 'monthly') expect(expected).toBe('2026-10-12');

    await page.goto(`/calendar?month=${DUE_MONTH}`);
    await expect(page.getByRole('heading', { level: 2, name: DUE_MONTH_NAME })).toBeVisible();
    const grid = page.getByRole('table', { name: `Filing deadlines in ${DUE_MONTH_NAME}` });
    const range = gridRange(DUE_MONTH);
    const rangeFilings = await fetchFilings(page, token, range);
    await expect(grid.getByRole('button')).toHaveCount(rangeFilings.length);
    const septemberTitle = `DE VAT return ${formatMonth(september.periodStart)}`;
    const dueCell = grid.getByRole('cell').filter({ hasText: formatDayLong(september.dueDate) });
    const deadline = dueCell.getByRole('button', { name: new RegExp(`^${septemberTitle}`) });
    await expect(deadline).toBeVisible();
    await expect(deadline).toContainText(september.status === 'filed' ? 'Filed' : /Overdue|Due soon|Upcoming/);

    // Keyboard: the deadline is a focusable button that opens the detail; Escape closes it.
    await deadline.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: septemberTitle });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(formatDayLong(september.dueDate));
    await expect(dialog).toContainText('Germany (DE)');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // Previous / next / today move the month.
    await page.getByRole('button', { name: 'Next month' }).click();
    await expect(page).not.toHaveURL(new RegExp(`month=${DUE_MONTH}`));
    await page.getByRole('button', { name: 'Previous month' }).click();
    await expect(page).toHaveURL(new RegExp(`month=${DUE_MONTH}`));
    await expect(page.getByRole('heading', { level: 2, name: DUE_MONTH_NAME })).toBeVisible();

    // A filter goes to the URL and survives a reload.
    await page.getByLabel('Jurisdiction').selectOption('FR');
    await expect(page).toHaveURL(/jurisdiction=FR/);
    await page.reload();
    await expect(page.getByLabel('Jurisdiction')).toHaveValue('FR');
    const frenchOnly = await fetchFilings(page, token, { ...range, jurisdiction: 'FR' });
    await expect(grid.getByRole('button')).toHaveCount(frenchOnly.length);
    for (const button of await grid.getByRole('button').all()) await expect(button).toContainText(/^FR/);

    await checkScreenInBothThemes(page, info, 'calendar-month', `/calendar?month=${DUE_MONTH}`, async (current) => {
      await expect(current.getByRole('button', { name: new RegExp(`^${septemberTitle}`) })).toBeVisible();
    });
  });

  test('lists the filings by month, sortable and filterable, and marks one filed and reopens it', async ({
    page,
  }, info) => {
    const token = await signInToCalendar(page, '/calendar?view=list');
    const filings = await fetchFilings(page, token);
    const september = findSeptemberReturn(filings);

    await expect(page.getByRole('button', { name: 'List', exact: true })).toHaveAttribute('aria-pressed', 'true');
    const rows = page.locator('tbody tr');
    await expect(rows).toHaveCount(filings.length);
    const octoberTable = page.getByRole('table', { name: `Filings due in ${DUE_MONTH_NAME}` });
    const row = octoberTable.getByRole('row').filter({ hasText: 'VAT return' }).filter({ hasText: 'Germany' });
    await expect(row.first()).toContainText(formatDay(september.dueDate));
    await expect(row.first()).toContainText(formatMonth(september.periodStart));

    // Sort by due date, latest first.
    const firstDate = () => page.locator('tbody tr th').first().textContent();
    expect(await firstDate()).toBe(formatDay(filings[0]?.dueDate ?? ''));
    await page
      .getByRole('button', { name: /^Due date/ })
      .first()
      .click();
    await expect(page).toHaveURL(/sort=desc/);
    await expect.poll(firstDate).toBe(formatDay(filings.at(-1)?.dueDate ?? ''));

    // Status filter: only overdue filings remain, each saying so.
    await page.getByLabel('Status', { exact: true }).selectOption('overdue');
    await expect(page).toHaveURL(/status=overdue/);
    const overdue = filings.filter((filing) => filing.status === 'overdue');
    await expect(rows).toHaveCount(overdue.length);
    await page.getByLabel('Filing type', { exact: true }).selectOption('oss-return');
    await expect(rows).toHaveCount(overdue.filter((filing) => filing.filingType === 'oss-return').length);
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect(rows).toHaveCount(filings.length);

    await checkScreenInBothThemes(page, info, 'calendar-list', '/calendar?view=list', async (current) => {
      await expect(current.locator('tbody tr')).toHaveCount(filings.length);
    });

    // An EC Sales List's amount is the net value of the supplies it lists: nothing is paid with it.
    const salesList = filings.find((filing) => filing.filingType === 'ec-sales-list');
    if (!salesList) throw new Error('the demo data has no EC Sales List');
    await expect(rows.filter({ hasText: 'EC Sales List' }).first()).toContainText('Net value listed');
    await page
      .getByRole('button', { name: new RegExp(`^Open ${salesList.jurisdiction} EC Sales List`) })
      .first()
      .click();
    const salesListDialog = page.getByRole('dialog');
    await expect(salesListDialog.getByText('Net value listed', { exact: true })).toBeVisible();
    await expect(salesListDialog).toContainText('there is no VAT to pay with it');
    await salesListDialog.getByRole('button', { name: 'Close' }).click();
    await expect(salesListDialog).toBeHidden();

    // A monthly list with supplies shows its lines: one per customer VAT number (or own goods moved), with the net.
    const withLines = filings.find(
      (filing) =>
        filing.filingType === 'ec-sales-list' && filing.frequency === 'monthly' && filing.amountEur !== '0.00',
    );
    if (!withLines) throw new Error('the demo data has no monthly EC Sales List with supplies');
    const withLinesTitle = `${withLines.jurisdiction} EC Sales List ${formatMonth(withLines.periodStart)}`;
    await page.getByRole('button', { name: `Open ${withLinesTitle}`, exact: true }).click();
    const linesDialog = page.getByRole('dialog', { name: withLinesTitle });
    const listed = linesDialog.getByRole('table', { name: 'Lines listed' });
    await expect(listed.locator('tbody tr').first()).toBeVisible();
    await expectNoAxeViolations(page);
    await linesDialog.getByRole('button', { name: 'Close' }).click();
    await expect(linesDialog).toBeHidden();

    // An OSS return's lines per member state of consumption and rate add up to the VAT the return pays.
    const ossReturn = filings.find((filing) => filing.filingType === 'oss-return' && filing.amountEur !== '0.00');
    if (!ossReturn) throw new Error('the demo data has no OSS return with VAT');
    await page.getByLabel('Filing type', { exact: true }).selectOption('oss-return');
    await page
      .getByRole('button', { name: new RegExp(`^Open ${ossReturn.jurisdiction} OSS return`) })
      .first()
      .click();
    const ossDialog = page.getByRole('dialog');
    const ossLines = ossDialog.getByRole('table', { name: 'Return lines' });
    await expect(ossLines.locator('tbody tr').first()).toBeVisible();
    const amount = (
      await ossDialog
        .locator('dt', { hasText: /^Amount$/ })
        .locator('xpath=following-sibling::dd[1]')
        .textContent()
    )?.trim();
    await expect(ossLines.locator('tfoot td').last()).toHaveText(amount ?? 'no amount');
    await saveScreenshot(page, info, 'calendar-oss-return-lines');
    await expectNoAxeViolations(page);
    await ossDialog.getByRole('button', { name: 'Close' }).click();
    await expect(ossDialog).toBeHidden();
    await page.getByRole('button', { name: 'Clear filters' }).first().click();

    // Mark an open return filed, then reopen it (the demo data ends as it was).
    const open = filings.find(
      (filing) => filing.filedOn === null && filing.filingType === 'vat-return' && filing.frequency === 'monthly',
    );
    if (!open) throw new Error('the demo data has no open monthly VAT return');
    const title = `${open.jurisdiction} VAT return ${formatMonth(open.periodStart)}`;
    await page.getByRole('button', { name: `Open ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.getByLabel('Reference').fill('E2E-ELSTER-1');
    await dialog.getByRole('button', { name: 'Mark as filed' }).click();
    const findOpen = async () => (await fetchFilings(page, token)).find((filing) => filing.id === open.id);
    try {
      await expect(dialog.getByRole('status')).toHaveText('Marked as filed.');
      await expect(dialog).toContainText('E2E-ELSTER-1');
      await expect(dialog).toContainText('Filed');
      expect((await findOpen())?.filingReference).toBe('E2E-ELSTER-1');
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: 'Reopen' }).click();
      await expect(dialog.getByRole('status')).toHaveText('Reopened.');
    } finally {
      if ((await findOpen())?.filedOn) {
        await page.request.post(`/api/v1/Filings/${NORDLICHT_COMPANY_ID}/${open.id}/Reopen`, {
          headers: { authorization: `Bearer ${token}` },
        });
      }
    }
    expect((await findOpen())?.filedOn).toBeNull();
  });

  test('a return or a list opens the transactions it declares, as many as its lines count', async ({ page }) => {
    const token = await signInToCalendar(page, '/calendar?view=list');
    const filings = await fetchFilings(page, token);
    /** The transactions the liabilities summary counts on the lines of `scheme` (and `country`) over the days. */
    const counted = async (scheme: string, from: string, to: string, country?: string) => {
      const response = await page.request.get(
        `/api/v1/Liabilities/${NORDLICHT_COMPANY_ID}/Summary?year=${from.slice(0, 4)}`,
        { headers: { authorization: `Bearer ${token}` } },
      );
      expect(response.status()).toBe(200);
      const summary = liabilitySummarySchema.parse(await response.json());
      return summary.jurisdictions
        .filter((entry) => entry.scheme === scheme && (country === undefined || entry.jurisdiction === country))
        .flatMap((entry) => entry.months)
        .filter((month) => month.periodStart >= from && month.periodEnd <= to)
        .reduce((count, month) => count + month.transactionCount, 0);
    };

    // The German return of a month: Germany's local lines of that month.
    const september = findSeptemberReturn(filings);
    await page.getByRole('button', { name: `Open DE VAT return ${formatMonth(september.periodStart)}` }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Show the transactions in this return' }).click();
    const month = september.periodStart.slice(0, 7);
    await expect(page).toHaveURL(new RegExp(`/transactions\\?taxedIn=DE&scheme=local&month=${month}$`));
    await expect(page.getByRole('combobox', { name: 'Declared through', exact: true })).toHaveValue('local');
    const german = await counted('local', september.periodStart, september.periodEnd, 'DE');
    expect(german).toBeGreaterThan(0);
    await expect(page.getByTestId('transactions-count')).toHaveText(transactionsCountText(german));

    // An OSS return of a quarter: every country's OSS lines of its three months, the period shown and removable.
    const ossReturn = filings.find((filing) => filing.filingType === 'oss-return' && filing.amountEur !== '0.00');
    if (!ossReturn) throw new Error('the demo data has no OSS return with VAT');
    await page.goto('/calendar?view=list');
    const quarter = `${formatMonth(ossReturn.periodStart)} – ${formatMonth(ossReturn.periodEnd)}`;
    await page
      .getByRole('button', { name: `Open ${ossReturn.jurisdiction} OSS return ${quarter}`, exact: true })
      .click();
    await page.getByRole('dialog').getByRole('link', { name: 'Show the transactions in this return' }).click();
    await expect(page).toHaveURL(
      new RegExp(`/transactions\\?scheme=oss&from=${ossReturn.periodStart}&to=${ossReturn.periodEnd}$`),
    );
    const period = page.getByTestId('transactions-period');
    await expect(period).toContainText(
      `Period: ${formatDay(ossReturn.periodStart)} to ${formatDay(ossReturn.periodEnd)}`,
    );
    const oss = await counted('oss', ossReturn.periodStart, ossReturn.periodEnd);
    expect(oss).toBeGreaterThan(0);
    await expect(page.getByTestId('transactions-count')).toHaveText(transactionsCountText(oss));
    await expectNoAxeViolations(page);
    await period.getByRole('button', { name: 'Remove the period' }).click();
    await expect(page).toHaveURL(/\/transactions\?scheme=oss$/);

    // A monthly EC Sales List with supplies: the rows it lists, as many as its lines count.
    const salesList = filings.find(
      (filing) =>
        filing.filingType === 'ec-sales-list' && filing.frequency === 'monthly' && filing.amountEur !== '0.00',
    );
    if (!salesList) throw new Error('the demo data has no monthly EC Sales List with supplies');
    await page.goto('/calendar?view=list');
    const listTitle = `${salesList.jurisdiction} EC Sales List ${formatMonth(salesList.periodStart)}`;
    await page.getByRole('button', { name: `Open ${listTitle}`, exact: true }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Show the transactions on this list' }).click();
    const listMonth = salesList.periodStart.slice(0, 7);
    await expect(page).toHaveURL(
      new RegExp(`/transactions\\?ecSalesList=${salesList.jurisdiction}&month=${listMonth}$`),
    );
    await expect(page.getByTestId('transactions-esl')).toContainText('On the EC Sales List of');
    const response = await page.request.get(
      `/api/v1/Liabilities/${NORDLICHT_COMPANY_ID}/EcSalesList?month=${listMonth}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(response.status()).toBe(200);
    const listed = ecSalesListSchema
      .parse(await response.json())
      .lines.filter((line) => line.reportingCountry === salesList.jurisdiction)
      .reduce((count, line) => count + line.transactionCount, 0);
    expect(listed).toBeGreaterThan(0);
    await expect(page.getByTestId('transactions-count')).toHaveText(transactionsCountText(listed));
    await expectNoAxeViolations(page);
    await page.getByTestId('transactions-esl').getByRole('button', { name: 'Remove' }).click();
    await expect(page).toHaveURL(new RegExp(`/transactions\\?month=${listMonth}$`));
  });

  test("Germany's annual return pays the year's VAT less what its periodic returns declared", async ({
    page,
  }, info) => {
    const token = await signInToCalendar(page, '/calendar?view=list');
    const filings = await fetchFilings(page, token);
    const annualReturns = filings.filter((filing) => filing.filingType === 'annual-return');
    // The demo seller files the year's German return after the year; the running year's is still open.
    const open = annualReturns
      .filter((filing) => filing.jurisdiction === 'DE' && filing.filedOn === null)
      .sort((a, b) => a.periodStart.localeCompare(b.periodStart))[0];
    if (!open?.annualSettlement) throw new Error('the demo data has no open German annual return');
    const year = open.periodStart.slice(0, 4);
    expect(open).toMatchObject({ periodStart: `${year}-01-01`, periodEnd: `${year}-12-31`, frequency: 'annual' });
    expect(open.dueDate).toBe(
      dueDate({
        country: 'DE',
        filingType: 'annual-return',
        frequency: 'annual',
        period: { start: open.periodStart, end: open.periodEnd },
      }),
    );
    // What the year's German VAT returns declare, and the year's German VAT in the liabilities summary.
    const periodic = filings.filter(
      (filing) =>
        filing.jurisdiction === 'DE' && filing.filingType === 'vat-return' && filing.periodStart.startsWith(year),
    );
    expect(open.annualSettlement.declaredEur).toBe(sumToFixed2(periodic.map((filing) => filing.amountEur)));
    const response = await page.request.get(`/api/v1/Liabilities/${NORDLICHT_COMPANY_ID}/Summary?year=${year}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status()).toBe(200);
    const germany = liabilitySummarySchema
      .parse(await response.json())
      .jurisdictions.find((entry) => entry.jurisdiction === 'DE' && entry.scheme === 'local');
    expect(open.annualSettlement.vatForYearEur).toBe(germany?.totals.vatEur);
    // The balance and what was declared make the year.
    expect(sumToFixed2([open.amountEur, open.annualSettlement.declaredEur])).toBe(open.annualSettlement.vatForYearEur);

    // The filter shows the annual returns alone; the open one names its year and explains its balance.
    await page.getByLabel('Filing type', { exact: true }).selectOption('annual-return');
    await expect(page).toHaveURL(/type=annual-return/);
    await expect(page.locator('tbody tr')).toHaveCount(annualReturns.length);
    await expect(page.locator('tbody tr').first()).toContainText('Balance after the periodic returns');
    await page.getByRole('button', { name: `Open DE Annual VAT return ${year}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `DE Annual VAT return ${year}` });
    await expect(dialog).toContainText(formatDayLong(open.dueDate));
    const balance = dialog.locator('dt', { hasText: /^Balance$/ }).locator('xpath=following-sibling::dd[1]');
    await expect(balance).toContainText(`VAT for ${year}: `);
    await expect(balance).toContainText('declared in the periodic returns');
    // Why that day: the rule in words, its sources, and that the research could not confirm Germany's date.
    const rule = dialog.locator('dt', { hasText: /^Deadline rule$/ }).locator('xpath=following-sibling::dd[1]');
    await expect(rule).toContainText(
      'The last day of the 7th month after the period, moved to the next working day when it falls on a weekend or public holiday.',
    );
    await expect(rule).toContainText('Sources: MAR-DE, MAR-DE-ESL, AV-DE, DATEV');
    await expect(rule).toContainText('Not confirmed by our research: check it with the tax office.');
    await expectNoAxeViolations(page);
    await saveScreenshot(page, info, 'calendar-annual-return');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    await checkScreenInBothThemes(
      page,
      info,
      'calendar-annual-returns',
      '/calendar?view=list&type=annual-return',
      async (current) => {
        await expect(current.locator('tbody tr')).toHaveCount(annualReturns.length);
      },
    );
  });

  test('the subscription link serves an iCalendar feed with every filing on its due date', async ({ page }) => {
    const token = await signInToCalendar(page);
    const filings = await fetchFilings(page, token);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    const link = page.getByLabel('Your calendar link');
    await expect(link).toHaveValue(/\/api\/v1\/Calendar\/Feed\/[A-Za-z0-9_-]{43}\.ics$/);
    await expectNoAxeViolations(page);
    const url = await link.inputValue();

    const response = await page.request.get(url);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    const events = new ICAL.Component(ICAL.parse(await response.text()))
      .getAllSubcomponents('vevent')
      .map((vevent) => new ICAL.Event(vevent));
    for (const filing of filings) {
      const event = events.find((candidate) => candidate.uid === `filing-${filing.id}@vatlas`);
      expect(event?.startDate.toString(), `${filing.jurisdiction} ${filing.filingType} ${filing.periodStart}`).toBe(
        filing.dueDate,
      );
    }
    const september = findSeptemberReturn(filings);
    const event = events.find((candidate) => candidate.uid === `filing-${september.id}@vatlas`);
    expect(event?.summary).toMatch(new RegExp(`^DE VAT return ${september.periodStart.slice(0, 7)} — `));

    // A new link: the old one stops working.
    await page.getByRole('button', { name: 'Create a new link' }).click();
    await page.getByRole('button', { name: 'Yes, create a new link' }).click();
    await expect(page.getByText('A new link was created; the old one no longer works.')).toBeVisible();
    await expect(link).not.toHaveValue(url);
    expect((await page.request.get(url)).status()).toBe(404);
    expect((await page.request.get(await link.inputValue())).status()).toBe(200);
  });
});
