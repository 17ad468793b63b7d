import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { apiPaths, tokenExchangeResponseSchema } from '@vatlas/contract';
import { demoAccounts } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { signProviderAccessToken } from './support/provider-token';
import { checkScreenInBothThemes, expectScreenLoaded } from './support/screens';
import { openSignedIn, signIn } from './support/sign-in';

/** Each section of the admin sidebar: its link, its path and the heading of its page. */
const SECTIONS = [
  { link: 'Overview', path: '/admin', heading: 'Administration' },
  { link: 'Tenants', path: '/admin/tenants', heading: 'Tenants' },
  { link: 'Companies', path: '/admin/companies', heading: 'Companies' },
  { link: 'Users', path: '/admin/users', heading: 'Users' },
  { link: 'Uploads and jobs', path: '/admin/uploads', heading: 'Uploads and jobs' },
  { link: 'Filings due', path: '/admin/filings', heading: 'Filings due' },
  { link: 'Client errors', path: '/admin/client-errors', heading: 'Client errors' },
  { link: 'Audit log', path: '/admin/audit-log', heading: 'Audit log' },
  { link: 'Planned features', path: '/admin/coming-soon', heading: 'Planned administration features' },
] as const;

const adminNav = (page: Page) => page.getByRole('navigation', { name: 'Administration' });

/** The page's heading is there and nothing is loading any more. */
const isSectionReady = (heading: string) => (page: Page) => expectScreenLoaded(page, heading);

test.describe('the admin area (issue 7)', () => {
  test('an administrator walks every section of the sidebar, each accessible in both themes', async ({
    page,
    request,
  }) => {
    // Nine screens, each checked with axe-core in two themes.
    test.setTimeout(240_000);
    const startedAt = new Date().toISOString();
    await signIn(page, demoAccounts.admin.email);
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto('/admin');
    for (const section of SECTIONS) {
      await adminNav(page).getByRole('link', { name: section.link, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${section.path}$`));
      await isSectionReady(section.heading)(page);
      await expect(adminNav(page).getByRole('link', { name: section.link, exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
    }

    // What the demo data holds shows up: the seller's company, its uploads, the tenant with its editor link.
    await page.goto('/admin/companies?search=nordlicht');
    await expect(page.getByRole('cell', { name: /Nordlicht/ })).toBeVisible();
    await page.goto('/admin/uploads?status=completed');
    await expect(page.getByRole('cell', { name: 'Completed' }).first()).toBeVisible();
    // A file name wraps at its spaces, and inside a word only where the word is wider than its column.
    const fileName = page.getByRole('cell', { name: /^Sales Tax Transaction Report/ }).first();
    await expect(fileName).toHaveCSS('word-break', 'normal');
    await expect(fileName).toHaveCSS('overflow-wrap', 'anywhere');
    await page.goto('/admin/tenants');
    await expect(page.getByRole('link', { name: /Edit the white label of/ }).first()).toHaveAttribute(
      'href',
      /\/admin\/white-label\//,
    );
    await page.goto('/admin/audit-log?action=sign_in');
    await expect(page.getByRole('cell', { name: demoAccounts.admin.email }).first()).toBeVisible();
    // Each page.goto above loaded the app afresh, which exchanged the provider token again: still one sign-in.
    const token = await page.evaluate(() => sessionStorage.getItem('tokenInternal'));
    const signIns = await request.get(apiPaths.adminAuditEvents({ action: 'sign_in', limit: 100 }), {
      headers: { authorization: `Bearer ${token}` },
    });
    const { items } = (await signIns.json()) as { items: { actorEmail: string | null; occurredAt: string }[] };
    const ours = items.filter(
      (event) => event.actorEmail === demoAccounts.admin.email && event.occurredAt >= startedAt,
    );
    expect(ours).toHaveLength(1);

    for (const section of SECTIONS) {
      const name = `admin${section.path.replace('/admin', '').replaceAll('/', '-') || '-overview'}`;
      await checkScreenInBothThemes(page, test.info(), name, section.path, isSectionReady(section.heading));
    }
  });

  test('an administrator disables a throw-away user, whose API token is refused at once', async ({ page, request }) => {
    const email = `throwaway-${randomUUID().slice(0, 8)}@example.test`;
    const exchange = await request.post(apiPaths.tokenExchange, {
      headers: { authorization: `Bearer ${await signProviderAccessToken({ subject: `e2e-${randomUUID()}`, email })}` },
    });
    expect(exchange.status()).toBe(200);
    const { token } = tokenExchangeResponseSchema.parse(await exchange.json());
    const me = () => request.get(apiPaths.userMe, { headers: { authorization: `Bearer ${token}` } });
    expect((await me()).status()).toBe(200);

    await openSignedIn(page, demoAccounts.admin, '/admin/users');
    await page.getByLabel('Search by e-mail address or name').fill(email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByRole('cell', { name: email, exact: true })).toBeVisible();

    await page.getByRole('button', { name: `Disable: ${email}` }).click();
    const dialog = page.getByRole('dialog', { name: `Disable ${email}?` });
    await expect(dialog).toBeVisible();
    // Focus starts on Cancel, so Enter alone never disables anyone.
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Disable' }).click();

    await expect(
      page.getByRole('status').filter({ hasText: `${email} is disabled and signed out everywhere.` }),
    ).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Disabled' })).toBeVisible();
    const refused = await me();
    expect(refused.status()).toBe(401);
    expect(await refused.json()).toMatchObject({ code: 'user_disabled' });

    // The audit log names the change, with the administrator as the actor.
    await page.goto('/admin/audit-log?action=user_disabled');
    await expect(page.getByRole('cell', { name: 'User disabled' }).first()).toBeVisible();
    await expect(page.getByRole('cell', { name: demoAccounts.admin.email }).first()).toBeVisible();
  });
});
