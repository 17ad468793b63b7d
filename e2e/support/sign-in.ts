import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './accounts';

/** From the Vatlas /login page through the identity provider's form and back into the app. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign In with Microsoft' }).click();
  await expect(page).toHaveURL(/\/idp\//);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}
