import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { demoAccounts } from './support/accounts';
import { checkScreenInBothThemes } from './support/screens';
import { e2eDataDir } from './support/server';
import { signIn } from './support/sign-in';

/** Seeded by the API (apps/api/src/modules/identity/seed.ts): the seller is its only owner. */
const NORDLICHT_COMPANY_ID = '7d1c2f4e-0b6a-4c51-9d3e-5a8f1b2c3d01';

/** The embedded default mailer writes each outgoing e-mail as an .eml file here (no SMTP_URL in e2e). */
const outbox = join(e2eDataDir, 'outbox');

/** The raw messages of the outbox addressed to `email`. */
function mailsTo(email: string): string[] {
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .map((file) => readFileSync(join(outbox, file), 'utf8'))
    .filter((raw) => /^To: (.*)$/m.exec(raw)?.[1]?.includes(email));
}

const storedToken = (page: Page) => page.evaluate(() => sessionStorage.getItem('tokenInternal'));

async function signInAsSeller(page: Page) {
  await signIn(page, demoAccounts.seller.email);
  await expect(page).toHaveURL(/\/dashboard$/);
}

test.describe('settings (issue 7)', () => {
  test('the profile change survives a reload; a notification switch is saved on its own', async ({ page }) => {
    await signInAsSeller(page);
    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Profile' }),
    ).toHaveAttribute('aria-current', 'page');

    const firstName = page.getByLabel('First name');
    await expect(firstName).toHaveValue('Sam');
    await expect(page.getByLabel('E-mail address')).toHaveValue(demoAccounts.seller.email);
    await expect(page.getByLabel('E-mail address')).toHaveAttribute('readonly', '');

    // Inline validation names the field, and nothing is saved.
    await firstName.fill('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Enter a first name.')).toBeVisible();
    await expect(firstName).toHaveAttribute('aria-invalid', 'true');

    await firstName.fill('Samira');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your profile was saved.' })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('First name')).toHaveValue('Samira');
    // Put the demo account back as the other specs know it.
    await page.getByLabel('First name').fill('Sam');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your profile was saved.' })).toBeVisible();

    await page
      .getByRole('navigation', { name: 'Settings sections' })
      .getByRole('link', { name: 'Notifications' })
      .click();
    await expect(page).toHaveURL(/\/settings\/notifications$/);
    const weeklyByEmail = page.getByRole('switch', { name: 'Weekly summary by E-mail' });
    await expect(weeklyByEmail).toHaveAttribute('aria-checked', 'false');
    const saved = page.waitForResponse(
      (response) =>
        response.url().includes('/api/v1/User/UpdateNotificationSettings/weekly-summary/email') && response.ok(),
    );
    await weeklyByEmail.click();
    await saved;
    await expect(weeklyByEmail).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Weekly summary by E-mail' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expect(page.getByRole('switch', { name: 'Weekly summary by In Vatlas' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    await page.getByRole('switch', { name: 'Weekly summary by E-mail' }).click();
    await expect(page.getByRole('switch', { name: 'Weekly summary by E-mail' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  });

  test('company users: add a new address (type 1) by keyboard, remove with confirmation, add it again as an existing account (type 2); the last owner stays', async ({
    page,
    request,
  }) => {
    const email = `e2e-${Date.now()}@example.test`;
    await signInAsSeller(page);
    await page.goto('/settings/users');
    const table = page.getByRole('table', { name: 'People of the company' });
    const sellerRow = table.getByRole('row').filter({ hasText: demoAccounts.seller.email });
    await expect(sellerRow).toContainText('Owner');
    await expect(sellerRow).toContainText('The only owner cannot be removed');
    await expect(sellerRow.getByRole('button')).toHaveCount(0);
    // The API enforces it too, with a code the UI explains.
    const refused = await request.post('/api/v1/User/RemoveUserFromCompany', {
      headers: { authorization: `Bearer ${await storedToken(page)}` },
      data: { email: demoAccounts.seller.email, companyId: NORDLICHT_COMPANY_ID },
    });
    expect(refused.status()).toBe(409);
    expect((await refused.json()).code).toBe('last_owner');

    // Keyboard only: open the dialog, type, submit with Enter; focus moves with each step and returns at the end.
    const addButton = page.getByRole('button', { name: 'Add user' });
    await addButton.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: /Add a user to/ });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('E-mail address')).toBeFocused();
    await page.keyboard.type(email);
    await page.keyboard.press('Enter');
    await expect(dialog.getByLabel('First name')).toBeFocused();
    await expect(dialog).toContainText('Nobody uses this address in Vatlas yet');
    await page.keyboard.type('Frida');
    await page.keyboard.press('Tab');
    await expect(dialog.getByLabel('Last name')).toBeFocused();
    await page.keyboard.type('Full');
    await page.keyboard.press('Tab');
    await expect(dialog.getByLabel('Language')).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    const added = page.waitForResponse((response) => response.url().includes('/AddUsers'));
    await page.keyboard.press('Enter');
    expect((await added).status()).toBe(201);
    expect((await added).request().postDataJSON()).toEqual([
      { userCreationType: 1, email, firstName: 'Frida', lastName: 'Full', language: 'en' },
    ]);
    await expect(dialog).toBeHidden();
    await expect(addButton).toBeFocused();
    await expect(page.getByRole('status').filter({ hasText: `An invitation was sent to ${email}` })).toBeVisible();
    const fridaRow = table.getByRole('row').filter({ hasText: email });
    await expect(fridaRow).toContainText('Frida Full');
    await expect(fridaRow).toContainText('Member');
    await expect(fridaRow).toContainText('Invited');
    await expect.poll(() => mailsTo(email).length).toBe(1);
    expect(mailsTo(email)[0]).toContain('Nordlicht');

    // Escape from the dialog adds nobody.
    await addButton.click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // Remove: Cancel keeps the person; Remove takes them out.
    await fridaRow.getByRole('button', { name: 'Remove Frida Full' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove Frida Full?' });
    await expect(confirm).toContainText(`${email} loses access`);
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(fridaRow).toBeVisible();
    await fridaRow.getByRole('button', { name: 'Remove Frida Full' }).click();
    await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(fridaRow).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: `${email} was removed from the company.` })).toBeVisible();

    // The address now belongs to a Vatlas account: the check fails (409) and the add is by e-mail only (type 2).
    await addButton.click();
    await dialog.getByLabel('E-mail address').fill(email);
    const checked = page.waitForResponse((response) => response.url().includes('/CheckEmailAddress'));
    await dialog.getByRole('button', { name: 'Continue' }).click();
    expect((await checked).status()).toBe(409);
    await expect(dialog).toContainText('This address already belongs to a Vatlas account');
    await expect(dialog.getByLabel('First name')).toHaveCount(0);
    const addedAgain = page.waitForResponse((response) => response.url().includes('/AddUsers'));
    await dialog.getByRole('button', { name: 'Add user' }).click();
    expect((await addedAgain).request().postDataJSON()).toEqual([{ userCreationType: 2, email }]);
    await expect(dialog).toBeHidden();
    await expect(table.getByRole('row').filter({ hasText: email })).toContainText('Invited');
    await expect.poll(() => mailsTo(email).length).toBe(2);

    // Leave the demo company as it was.
    await table
      .getByRole('row')
      .filter({ hasText: email })
      .getByRole('button', { name: /^Remove/ })
      .click();
    await page
      .getByRole('dialog', { name: /^Remove/ })
      .getByRole('button', { name: 'Remove', exact: true })
      .click();
    await expect(table.getByRole('row').filter({ hasText: email })).toHaveCount(0);
  });

  test('every settings section in both themes, with no axe-core violations', async ({ page }, testInfo) => {
    await signInAsSeller(page);
    const sections: [string, string, (page: Page) => Promise<void>][] = [
      ['settings-profile', '/settings', (p) => expect(p.getByLabel('First name')).toHaveValue('Sam')],
      [
        'settings-language',
        '/settings/language',
        (p) => expect(p.getByRole('radio', { name: /English/ })).toBeChecked(),
      ],
      [
        'settings-notifications',
        '/settings/notifications',
        (p) => expect(p.getByRole('switch', { name: 'Deadline reminders by E-mail' })).toBeVisible(),
      ],
      [
        'settings-users',
        '/settings/users',
        (p) => expect(p.getByRole('table', { name: 'People of the company' })).toContainText(demoAccounts.seller.email),
      ],
      [
        'settings-company',
        '/settings/company',
        (p) => expect(p.getByText('Legal name', { exact: true })).toBeVisible(),
      ],
    ];
    for (const [name, path, isReady] of sections) {
      await checkScreenInBothThemes(page, testInfo, name, path, isReady);
    }
    // The add-user dialog and the phone layout are screens too.
    await page.goto('/settings/users');
    await page.getByRole('button', { name: 'Add user' }).click();
    await page.getByRole('dialog').getByLabel('E-mail address').fill('someone@example.test');
    await page.getByRole('dialog').getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('dialog').getByLabel('First name')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('settings-add-user-dialog.png') });
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/settings/notifications');
    await expect(page.getByRole('switch', { name: 'Deadline reminders by E-mail' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('settings-phone.png'), fullPage: true });
  });

  test('the language section switches the interface at once and keeps it after a reload', async ({ page }) => {
    await signInAsSeller(page);
    await page.goto('/settings/language');
    const saved = page.waitForResponse((response) => response.url().includes('/api/v1/User/ChangeLanguage/de'));
    await page.getByRole('radio', { name: /Deutsch/ }).check();
    expect((await saved).ok()).toBe(true);
    await expect(page.getByRole('heading', { level: 1, name: 'Einstellungen' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Gespeichert.' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('radio', { name: /Deutsch/ })).toBeChecked();
    await page.getByRole('radio', { name: /English/ }).check();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  });

  test('Sign out in settings ends the session and lands on /login', async ({ page, request }) => {
    await signInAsSeller(page);
    await page.goto('/settings');
    const token = await storedToken(page);
    await page.getByRole('main').getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    const afterLogOut = await request.get('/api/v1/User/Me', { headers: { authorization: `Bearer ${token}` } });
    expect(afterLogOut.status()).toBe(401);
  });
});
