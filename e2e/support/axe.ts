import { expect, type Page } from '@playwright/test';
import axe from 'axe-core';

type Violation = { rule: string; impact: string | null; targets: string[] };

/** The page's window once axe-core's source has run in it. */
type WindowWithAxe = Window & { axe?: typeof axe };

/** Runs axe in the page: its violations, or null when this document has no axe yet. */
const runAxeInPage = async (): Promise<Violation[] | null> => {
  const scanner = (window as WindowWithAxe).axe;
  if (typeof scanner?.run !== 'function') return null;
  const results = await scanner.run(document, { resultTypes: ['violations'] });
  return results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact ?? null,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
};

/**
 * Runs axe-core with its default rules on the whole page and returns its violations (rule, impact, element).
 *
 * axe is put into the document once and stays there while the SPA navigates; a new document gets it again, so a scan
 * is one round trip to the page, two more only after a page load. @axe-core/playwright instead injects axe afresh
 * and opens a blank helper page for every scan: whole scans took 1.5 to 4 s with it against 0.2 to 1.2 s here. The
 * app has no frames, so scanning the top document is scanning everything.
 */
export async function axeViolations(page: Page): Promise<Violation[]> {
  const violations = await page.evaluate(runAxeInPage);
  if (violations !== null) return violations;
  await page.evaluate(axe.source);
  const afterInjection = await page.evaluate(runAxeInPage);
  if (afterInjection === null) throw new Error('axe-core did not load in the page');
  return afterInjection;
}

/** Fails with the list of violations, so a report names the rule and the element. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}
