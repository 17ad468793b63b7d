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
 * How `checkScreenInBothThemes` reaches the second theme. `in-place` switches the open screen's theme as back/forward
 * does (`switchThemeInPlace`), which spares a load of the whole app: an administrator's walk of nine screens took 36 s
 * instead of 48 s. `isReady` then runs again on the screen it has already prepared, so an `isReady` that acts (opens a
 * table, a row, a menu) would undo its own work: such a screen takes `reload`, which opens the path again by its URL.
 */
export type SecondThemeBy = 'reload' | 'in-place';

/**
 * Opens `path` in the first theme, waits until `isReady` holds, checks it with axe-core and saves a full-page
 * screenshot as a test artifact (`{name}-{theme}.png` in the test's output folder and attached to the report); then
 * the same in the second theme, reached as `secondThemeBy` says.
 */
export async function checkScreenInBothThemes(
  page: Page,
  testInfo: TestInfo,
  name: string,
  path: string,
  isReady: (page: Page) => Promise<void>,
  secondThemeBy: SecondThemeBy = 'in-place',
): Promise<void> {
  for (const [index, theme] of THEME_IDS.entries()) {
    if (index > 0 && secondThemeBy === 'in-place') await switchThemeInPlace(page, theme);
    else await page.goto(withTheme(path, theme));
    await isReady(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, `${name}-${theme}`);
  }
}

/** Long enough for a full page on a busy 2-core machine; the default action timeout (15 s) once was not. */
const SCREENSHOT_TIMEOUT_MS = 30_000;

/**
 * Saves a full-page screenshot of the open screen as `{name}.png` in the test's output folder and attaches it to the
 * report. A screenshot is evidence for a reader, not an assertion: when Chromium cannot capture one in time (in CI it
 * once hung on a screen whose text and axe-core scan had passed), the test records a warning, says so on stderr and
 * goes on, instead of failing on what its assertions have already shown.
 */
export async function saveScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const file = testInfo.outputPath(`${name}.png`);
  try {
    await page.screenshot({ path: file, fullPage: true, animations: 'disabled', timeout: SCREENSHOT_TIMEOUT_MS });
  } catch (error) {
    const description = `screenshot ${name} not saved: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
    testInfo.annotations.push({ type: 'warning', description });
    console.warn(`[${testInfo.title}] ${description}`);
    return;
  }
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

/** Nothing on the page says it is loading (`aria-busy`) any more. */
export async function expectNothingLoading(page: Page): Promise<void> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** The screen headed `heading` (its h1) is there, and nothing on it is loading any more. */
export async function expectScreenLoaded(page: Page, heading: string | RegExp): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expectNothingLoading(page);
}
