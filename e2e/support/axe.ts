import { expect, type Page } from '@playwright/test';
import axe from 'axe-core';

type Violation = { rule: string; impact: string | null; targets: string[] };

/** The page's window once axe-core's source has run in it. */
type WindowWithAxe = Window & { axe?: typeof axe };

/**
 * Runs axe-core with its default rules on the whole page and returns its violations (rule, impact, element).
 *
 * axe is put into the document once and stays there while the SPA navigates; a new document gets it again. This is
 * what @axe-core/playwright does, minus what Vatlas does not need: a fresh injection and a blank helper page for
 * every scan, which cost 0.8 to 1.5 s a scan against 0.3 s here. The app has no frames, so scanning the top document
 * is scanning everything.
 */
export async function axeViolations(page: Page): Promise<Violation[]> {
  const injected = await page.evaluate(() => typeof (window as WindowWithAxe).axe?.run === 'function');
  if (!injected) await page.evaluate(axe.source);
  return page.evaluate(async () => {
    const scanner = (window as WindowWithAxe).axe;
    if (!scanner) throw new Error('axe-core is not in the page');
    const results = await scanner.run(document, { resultTypes: ['violations'] });
    return results.violations.map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? null,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  });
}

/** Fails with the list of violations, so a report names the rule and the element. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}
