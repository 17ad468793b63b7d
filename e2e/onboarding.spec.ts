import { expect, type Page, test } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { demoAccounts } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { saveScreenshot } from './support/screens';
import { signIn } from './support/sign-in';

/**
 * A new user goes through every onboarding page to the dashboard, as spec §2–§4 and issue 4 describe, with real
 * saving, a real PDF upload and a real signature. Each page is reloaded once to prove it kept what was entered.
 */

async function aRealPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  page.drawText('Handelsregisterauszug — Testfirma Onboarding GmbH', {
    x: 50,
    y: 780,
    size: 14,
    font: await pdf.embedFont(StandardFonts.Helvetica),
  });
  return Buffer.from(await pdf.save());
}

async function next(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Next', exact: true }).click();
}

/** Arrives on a page, then proves a reload returns to that same page. */
async function arriveAt(page: Page, path: RegExp): Promise<void> {
  await expect(page).toHaveURL(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
}

async function reloadAndExpect(page: Page, path: RegExp): Promise<void> {
  await page.reload();
  await expect(page).toHaveURL(path);
}

async function look(page: Page, name: string): Promise<void> {
  // Judge the page once it has rendered, not its loading spinner.
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, test.info(), name);
}

test('a new user completes the whole onboarding and reaches the dashboard', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, demoAccounts.newcomer.email);
  await expect(page).toHaveURL(/\/onboarding\/welcome$/);
  await look(page, '01-welcome');

  await page.getByRole('button', { name: 'Create my company' }).click();
  await expect(page.getByText('Enter the legal name of your business.')).toBeVisible();
  await page.getByLabel('Legal name of your business').fill('Testfirma Onboarding GmbH');
  await page.getByRole('button', { name: 'Create my company' }).click();
  await expect(page).toHaveURL(/\/onboarding\/business-type$/);

  // Spec §2 with an incomplete, unsubscribed company: the next step decides, payment=success lets the dashboard
  // through, a page of a later step sends back to the next step, and pages of the current step stay reachable.
  for (const path of ['/dashboard', '/analytics', '/onboarding/documents', '/onboarding/jurisdictions-selection']) {
    await page.goto(path);
    await expect(page, `incomplete company on ${path}`).toHaveURL(/\/onboarding\/business-type$/);
  }
  await page.goto('/dashboard?payment=success');
  await expect(page).toHaveURL(/\/dashboard\?payment=success$/);
  await page.goto('/onboarding/business-type');

  // Business type: per-field validation first, then real values.
  await expect(page.getByLabel('Legal name of the business')).toHaveValue('Testfirma Onboarding GmbH');
  await next(page);
  await expect(page.getByText('Please correct the following:')).toBeVisible();
  await page.getByLabel('Country of establishment').selectOption('DE');
  await page.getByLabel('Type of company').selectOption('corporation');
  await page.getByLabel('Legal form', { exact: true }).selectOption({ label: 'GmbH' });
  await page.getByRole('checkbox', { name: /I accept the terms and conditions/ }).check();
  await look(page, '02-business-type');
  await next(page);
  await expect(page).toHaveURL(/\/onboarding\/business-address$/);
  await page.goBack();
  await expect(page.getByLabel('Legal name of the business')).toHaveValue('Testfirma Onboarding GmbH');
  await page.goForward();

  // Address: the postcode is checked for the country.
  await page.getByLabel('Street').fill('Torstraße');
  await page.getByLabel('House number').fill('42');
  await page.getByLabel('Postcode').fill('1011');
  await page.getByLabel('City').fill('Berlin');
  await next(page);
  await expect(page.getByText('Please correct the following:')).toBeVisible();
  await page.getByLabel('Postcode').fill('10119');
  await look(page, '03-business-address');
  await next(page);
  await arriveAt(page, /\/onboarding\/product-type$/);
  await page.goBack();
  await reloadAndExpect(page, /\/onboarding\/business-address$/);
  await expect(page.getByLabel('Postcode')).toHaveValue('10119');
  await page.goForward();

  // Product type.
  await page.getByRole('checkbox', { name: 'Physical goods' }).check();
  await page.getByRole('checkbox', { name: 'Online marketplaces' }).check();
  await page.getByRole('checkbox', { name: 'Amazon' }).check();
  await look(page, '04-product-type');
  await next(page);
  await expect(page).toHaveURL(/\/onboarding\/tax-assessment$/);

  // Tax assessment (a modal page): a German seller with Amazon stock in Poland.
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Country of establishment').selectOption('DE');
  await dialog.getByRole('group', { name: 'Amazon FBA / Pan-EU fulfilment centres' }).getByLabel('Poland').check();
  await dialog.getByLabel('This calendar year, EUR (net of VAT)').fill('12500.00');
  await dialog.getByLabel('Last calendar year, EUR (net of VAT)').fill('4000');
  await dialog.getByRole('radio', { name: 'None', exact: true }).check();
  await dialog
    .getByRole('group', { name: /consignments worth at most/ })
    .getByRole('radio', { name: 'No', exact: true })
    .check();
  await look(page, '05-tax-assessment');
  await dialog.getByRole('button', { name: 'Assess' }).click();
  await expect(dialog.getByText('Registration required').first()).toBeVisible();
  await expect(dialog.getByText(/Poland/).first()).toBeVisible();
  await look(page, '06-tax-assessment-result');
  await reloadAndExpect(page, /\/onboarding\/tax-assessment$/);
  await expect(page.getByRole('dialog').getByText('Registration required').first()).toBeVisible();
  await next(page);
  await arriveAt(page, /\/onboarding\/jurisdictions$/);

  // Jurisdictions: intro, then the selection pre-filled from the assessment.
  await look(page, '07-jurisdictions');
  await next(page);
  await arriveAt(page, /\/onboarding\/jurisdictions-selection$/);
  await expect(page.getByRole('checkbox', { name: /Poland/ })).toBeChecked();
  await look(page, '08-jurisdictions-selection');
  await next(page);
  await arriveAt(page, /\/onboarding\/jurisdiction-info$/);
  await expect(page.getByRole('heading', { name: /Poland/ })).toBeVisible();
  await look(page, '09-jurisdiction-info');
  await next(page);

  // Business profile: legal representative, business details, banking.
  await arriveAt(page, /\/onboarding\/business-profile\/legal-representative$/);
  await page.getByLabel('First name').fill('Nora');
  await page.getByLabel('Last name').fill('Neumann');
  await page.getByLabel('Date of birth').fill('1985-04-12');
  await page.getByLabel('Nationality').selectOption('DE');
  await page.getByLabel('Identity document').selectOption('passport');
  await page.getByLabel('Document number').fill('C01X00T47');
  await page.getByLabel('Valid until').fill('2031-06-30');
  await look(page, '10-legal-representative');
  await next(page);
  await arriveAt(page, /\/onboarding\/business-profile\/business-details$/);
  await page.getByLabel('Commercial register number').fill('HRB 123456 B');
  await page.getByLabel('Date of incorporation').fill('2019-03-01');
  await page.getByLabel('VAT number').fill('DE123456780');
  await next(page);
  await expect(page.getByText('Please correct the following:')).toBeVisible();
  await page.getByLabel('VAT number').fill('DE136695976');
  await look(page, '11-business-details');
  await next(page);
  await arriveAt(page, /\/onboarding\/business-profile\/banking$/);
  await page.getByLabel('Account holder').fill('Testfirma Onboarding GmbH');
  await page.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
  await page.getByLabel('BIC').fill('COBADEFFXXX');
  await look(page, '12-banking');
  await next(page);

  // Documents: a real PDF, type detected from its bytes; then the checklist.
  await arriveAt(page, /\/onboarding\/documents$/);
  const pdf = await aRealPdf();
  const required = [
    'Certificate of incorporation',
    'Articles of association',
    'VAT certificate of the home country',
    'Identity document of the legal representative',
    'Bank confirmation letter',
  ];
  for (const [index, type] of required.entries()) {
    const name = `document-${index + 1}.pdf`;
    await page.getByLabel('Document type').selectOption({ label: type });
    await page.getByLabel('File', { exact: true }).setInputFiles({ name, mimeType: 'application/pdf', buffer: pdf });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(page.getByText(`${name} was uploaded.`)).toBeVisible();
  }
  await reloadAndExpect(page, /\/onboarding\/documents$/);
  await expect(page.getByText('document-5.pdf')).toBeVisible();
  await look(page, '13-documents');
  await next(page);

  // Signing: the power of attorney for Poland, signed by typing the name.
  await arriveAt(page, /\/onboarding\/signing$/);
  const poland = page.getByRole('region', { name: /Poland/ });
  await poland.getByRole('radio', { name: 'Type my name' }).check();
  await poland.getByLabel('Your full name').fill('Nora Neumann');
  await poland.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(poland.getByText(/Signed by Nora Neumann/)).toBeVisible();
  await look(page, '14-signing');
  await reloadAndExpect(page, /\/onboarding\/signing$/);
  await expect(page.getByRole('region', { name: /Poland/ }).getByText(/Signed by Nora Neumann/)).toBeVisible();
  await next(page);

  // Integrations: honest states, then finish.
  await arriveAt(page, /\/onboarding\/integrations$/);
  await expect(page.getByText('Not connected').first()).toBeVisible();
  await look(page, '15-integrations');
  await page.getByRole('button', { name: 'Go to dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

  // Onboarding is complete: the dashboard stays reachable after a reload.
  await reloadAndExpect(page, /\/dashboard$/);
});
