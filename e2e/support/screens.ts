import { expect, type Page, type TestInfo } from '@playwright/test';
import { expectNoAxeViolations } from './axe';

/** The two themes of spec §1, by their `?theme=` ids. */
export const THEME_IDS = ['default', 'stripe'] as const;
export type ThemeId = (typeof THEME_IDS)[number];

export function withTheme(path: string, theme: ThemeId): string {
  const url = new URL(path, 'http://vatlas.invalid');
  url.searchParams.set('theme', theme);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Switches the open screen to `theme` without loading the page again: the URL's `?theme=` is replaced and a popstate
 * sent, as back/forward does. A walk that reached its screen by links (and would lose its state by a reload) scans
 * it in both themes this way; `checkScreenInBothThemes` loads the screen by its URL in each theme instead.
 */
export async function switchThemeInPlace(page: Page, theme: ThemeId): Promise<void> {
  await page.evaluate((id) => {
    const url = new URL(window.location.href);
    url.searchParams.set('theme', id);
    window.history.replaceState(window.history.state, '', url);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, theme);
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

/**
 * Opens `path` in each theme, waits until `isReady` holds, checks it with axe-core and saves a full-page screenshot
 * as a test artifact (`{name}-{theme}.png` in the test's output folder and attached to the report).
 */
export async function checkScreenInBothThemes(
  page: Page,
  testInfo: TestInfo,
  name: string,
  path: string,
  isReady: (page: Page) => Promise<void>,
): Promise<void> {
  for (const theme of THEME_IDS) {
    await page.goto(withTheme(path, theme));
    await isReady(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expectNoAxeViolations(page);
    const file = testInfo.outputPath(`${name}-${theme}.png`);
    await page.screenshot({ path: file, fullPage: true });
    await testInfo.attach(`${name}-${theme}`, { path: file, contentType: 'image/png' });
  }
}
