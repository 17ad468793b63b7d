import { expect, type Page, test } from '@playwright/test';
import { adminTenantThemeSchema, apiPaths } from '@vatlas/contract';
import { demoAccounts } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { checkScreenInBothThemes, saveScreenshot } from './support/screens';
import { openSignedIn, storedToken } from './support/sign-in';

/**
 * Issue 7, themes and white label: an administrator edits the demo white-label tenant (nordic-tax, base theme
 * `stripe`), sees the preview follow every keystroke, saves, switches to that tenant and finds the new look in the
 * shell, then resets it. And spec §4 "Theme": ?theme=stripe, back/forward, and the sign-in round trip.
 */

const cssVariable = (page: Page, name: string) =>
  page.evaluate((variable) => getComputedStyle(document.documentElement).getPropertyValue(variable).trim(), name);

async function signInAsAdmin(page: Page): Promise<void> {
  await openSignedIn(page, demoAccounts.admin);
  await expect(page.getByRole('heading', { level: 1, name: demoAccounts.admin.heading })).toBeVisible();
}

/** The id of a tenant the signed-in user may switch to, from the real Me answer. */
async function tenantIdOf(page: Page, slug: string): Promise<string> {
  const id = await page.evaluate(
    async ({ url, wanted }) => {
      const token = window.sessionStorage.getItem('tokenInternal') ?? window.localStorage.getItem('tokenInternal');
      const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      const me = (await response.json()) as { tenants: { id: string; slug: string }[] };
      return me.tenants.find((tenant) => tenant.slug === wanted)?.id ?? null;
    },
    { url: apiPaths.userMe, wanted: slug },
  );
  if (!id) throw new Error(`The admin cannot switch to the tenant ${slug}`);
  return id;
}

async function switchTenant(page: Page, name: string): Promise<void> {
  await page.getByLabel('Workspace').first().selectOption({ label: name });
  await expect(page.getByLabel('Workspace').first()).toBeEnabled();
}

test.describe('white label', () => {
  test('an admin edits the nordic-tax theme live, saves it, sees it in the shell and resets it', async ({
    page,
  }, testInfo) => {
    await signInAsAdmin(page);
    const tenantId = await tenantIdOf(page, 'nordic-tax');
    // The tenant the administrator works in is restored at the end, so other specs find the account as seeded.
    const initialTenantId = await page.getByLabel('Workspace').first().inputValue();
    const editorPath = `/admin/white-label/${tenantId}`;
    const editorReady = async (current: Page) => {
      await expect(current.getByRole('heading', { level: 1, name: 'White label: Nordic Tax Partners' })).toBeVisible();
      await expect(current.getByTestId('contrast-summary')).toHaveText('All 17 pairs pass.');
    };
    await checkScreenInBothThemes(page, testInfo, 'white-label-editor', editorPath, editorReady, 'reload');

    // A fresh load without ?theme= (the explicit choice of the check above does not stick to it).
    await page.goto(editorPath);
    await editorReady(page);
    const ownPrimary = await cssVariable(page, '--vt-primary');
    const preview = page.getByTestId('theme-preview');
    const previewButton = page.getByTestId('preview-primary-button');
    await expect(page.getByLabel('Primary', { exact: true })).toHaveValue('#635bff');
    await expect(previewButton).toHaveCSS('background-color', 'rgb(88, 81, 255)');

    // Every keystroke reaches the preview; an unreadable colour is flagged pair by pair.
    await page.getByLabel('Primary for text and buttons', { exact: true }).fill('#7fb2ff');
    await expect(previewButton).toHaveCSS('background-color', 'rgb(127, 178, 255)');
    await expect(page.getByTestId('contrast-summary')).toHaveText('3 of 17 pairs fail: fix them before saving.');
    await expect(page.getByTestId('contrast-on-primary-on-primary-strong')).toContainText('Fail');
    await page.getByLabel('Primary for text and buttons', { exact: true }).fill('#0f766e');
    await page.getByLabel('Primary', { exact: true }).fill('#0f766e');
    await page.getByLabel('Company name').fill('Fjord Tax Partners');
    await expect(previewButton).toHaveCSS('background-color', 'rgb(15, 118, 110)');
    await expect(page.getByTestId('preview-company-name')).toHaveText('Fjord Tax Partners');
    await expect(page.getByTestId('contrast-summary')).toHaveText('All 17 pairs pass.');
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    // Until it is saved, only the preview changes: the page around it keeps the admin's own look.
    expect(await cssVariable(page, '--vt-primary')).toBe(ownPrimary);
    await expect(preview).toBeVisible();
    await saveScreenshot(page, testInfo, 'white-label-edited');

    // Leaving with unsaved changes asks first.
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: 'Stay' }).click();
    await expect(page).toHaveURL(new RegExp(`${editorPath}$`));

    await page.getByRole('button', { name: 'Save theme' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
    await expect(page.getByText('Unsaved changes')).toHaveCount(0);

    // The tenant's users see it: from another tenant, switch to it in the top bar.
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await switchTenant(page, 'Vatlas');
    await expect.poll(() => cssVariable(page, '--vt-primary')).toBe('#1171ff');
    await switchTenant(page, 'Nordic Tax Partners');
    await expect.poll(() => cssVariable(page, '--vt-primary')).toBe('#0f766e');
    await expect(page.getByText('Fjord Tax Partners', { exact: true }).first()).toBeVisible();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, 'shell-fjord');

    // Reset (confirmed) brings back the base theme and the tenant's own name at once.
    await page.goto(editorPath);
    await editorReady(page);
    await page.getByRole('button', { name: 'Reset to base theme' }).click();
    const confirm = page.getByRole('dialog', { name: "Reset this tenant's theme?" });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Reset', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Reset.' })).toBeVisible();
    await expect(page.getByLabel('Primary', { exact: true })).toHaveValue('#635bff');
    await expect(page.getByLabel('Company name')).toHaveValue('Nordic Tax Partners');
    // In the shell, working in that tenant (the reload above may have landed in another one: a sign-in picks the
    // tenant of the selected company, which earlier specs may have changed), its base theme and own name are back.
    await page.goto('/dashboard');
    await switchTenant(page, 'Vatlas');
    await switchTenant(page, 'Nordic Tax Partners');
    await expect.poll(() => cssVariable(page, '--vt-primary')).toBe('#635bff');
    await expect(page.getByText('Nordic Tax Partners', { exact: true }).first()).toBeVisible();
    await page.getByLabel('Workspace').first().selectOption(initialTenantId);
    await expect(page.getByLabel('Workspace').first()).toHaveValue(initialTenantId);
  });

  test("a theme another administrator saved after the editor was opened: the editor's save is refused, and it loads the stored theme (decision 052)", async ({
    page,
  }, testInfo) => {
    await signInAsAdmin(page);
    const tenantId = await tenantIdOf(page, 'nordic-tax');
    await page.goto(`/admin/white-label/${tenantId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'White label: Nordic Tax Partners' })).toBeVisible();
    await expect(page.getByLabel('Company name')).toHaveValue('Nordic Tax Partners');
    const headers = { Authorization: `Bearer ${await storedToken(page)}` };
    const url = apiPaths.adminTenantTheme(tenantId);
    try {
      // The other administrator's editor, read at the same revision, saves a company name first.
      const read = await page.request.get(url, { headers });
      expect(read.ok()).toBe(true);
      const opened = adminTenantThemeSchema.parse(await read.json());
      const other = await page.request.put(url, {
        headers,
        data: {
          baseThemeId: opened.baseThemeId,
          colors: opened.colors,
          typography: opened.typography,
          branding: {
            companyName: 'Fjord Tax Partners',
            supportUrl: '/support',
            termsUrl: '/terms',
            privacyUrl: '/privacy',
            websiteUrl: 'https://fjord.example',
          },
          revision: opened.revision,
        },
      });
      expect(other.status(), await other.text()).toBe(200);

      await page.getByLabel('Primary', { exact: true }).fill('#0f766e');
      await page.getByLabel('Primary for text and buttons', { exact: true }).fill('#0f766e');
      await page.getByRole('button', { name: 'Save theme' }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'This was changed elsewhere' });
      await expect(alert).toContainText('so your changes were not saved.');
      await expect(page.getByText('Unsaved changes')).toBeVisible();
      await expectNoAxeViolations(page);
      await saveScreenshot(page, testInfo, 'white-label-edit-conflict');

      await alert.getByRole('button', { name: 'Load the saved version' }).click();
      await expect(page.getByLabel('Company name')).toHaveValue('Fjord Tax Partners');
      await expect(page.getByLabel('Primary', { exact: true })).toHaveValue('#635bff');
      await expect(alert).toHaveCount(0);
      await expect(page.getByText('Unsaved changes')).toHaveCount(0);
      // Made again on what is stored, the change is saved.
      await page.getByLabel('Primary', { exact: true }).fill('#0f766e');
      await page.getByLabel('Primary for text and buttons', { exact: true }).fill('#0f766e');
      await page.getByRole('button', { name: 'Save theme' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
      const stored = adminTenantThemeSchema.parse(await (await page.request.get(url, { headers })).json());
      expect(stored.colors).toMatchObject({ primary: '#0f766e', primaryStrong: '#0f766e' });
      expect(stored.branding?.companyName).toBe('Fjord Tax Partners');
    } finally {
      // Back to the seeded look (the base theme), for the specs after this one.
      const reset = await page.request.delete(url, { headers });
      expect(reset.ok()).toBe(true);
    }
  });

  test('?theme=stripe shows #635bff, back and forward restore the theme of each entry', async ({ page }) => {
    // The seller works in the Vatlas tenant, whose look is the default theme.
    await openSignedIn(page, demoAccounts.seller, '/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(await cssVariable(page, '--vt-primary')).toBe('#1171ff');

    await page.goto('/dashboard?theme=stripe');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'stripe');
    expect(await cssVariable(page, '--vt-primary')).toBe('#635bff');
    // An internal navigation keeps the chosen theme.
    await page.getByRole('link', { name: 'Calendar' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Filings calendar' })).toBeVisible();
    expect(await cssVariable(page, '--vt-primary')).toBe('#635bff');

    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(await cssVariable(page, '--vt-primary')).toBe('#635bff');
    await page.goBack();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect.poll(() => cssVariable(page, '--vt-primary')).toBe('#1171ff');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'default');
    await page.goForward();
    await expect(page).toHaveURL(/theme=stripe/);
    await expect.poll(() => cssVariable(page, '--vt-primary')).toBe('#635bff');
  });

  test('?theme=stripe survives the sign-in at the identity provider', async ({ page }) => {
    await page.goto('/login?theme=stripe');
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    expect(await cssVariable(page, '--vt-primary')).toBe('#635bff');
    await page.getByRole('button', { name: 'Sign In with Microsoft' }).click();
    await expect(page).toHaveURL(/\/idp\//);
    await page.getByLabel('Email').fill(demoAccounts.seller.email);
    await page.getByLabel('Password').fill('vatlas-demo');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'stripe');
    expect(await cssVariable(page, '--vt-primary')).toBe('#635bff');
    const primaryButtonBackground = await page.evaluate(() => {
      const probe = document.createElement('span');
      probe.className = 'bg-primary';
      document.body.append(probe);
      const colour = getComputedStyle(probe).backgroundColor;
      probe.remove();
      return colour;
    });
    expect(primaryButtonBackground).toBe('rgb(99, 91, 255)');
  });

  test("the sign-in page shows a white-label tenant's look with ?tenant=<slug>", async ({ page }) => {
    await page.goto('/login?tenant=nordic-tax');
    await expect(page.getByText('Please sign in to continue to your Nordic Tax Partners account.')).toBeVisible();
    await expect.poll(() => cssVariable(page, '--vt-primary')).toBe('#635bff');
    await expectNoAxeViolations(page);
  });

  test('the default theme links to real support, terms and privacy pages, readable before sign-in', async ({
    page,
  }, testInfo) => {
    for (const [path, title] of [
      ['/support', 'Support'],
      ['/terms', 'Terms of use'],
      ['/privacy', 'Privacy'],
    ] as const) {
      await checkScreenInBothThemes(page, testInfo, `legal${path.replace('/', '-')}`, path, async (current) => {
        await expect(current.getByRole('heading', { level: 1, name: title })).toBeVisible();
      });
      await expect(page).toHaveURL(new RegExp(`${path}\\?theme=stripe$`));
    }
  });
});
