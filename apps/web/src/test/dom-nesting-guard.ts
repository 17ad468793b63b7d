import { afterEach } from 'vitest';
import { nestingProblemsIn } from './html-nesting';

/**
 * Fails a component test whose render holds invalid HTML nesting, such as a `<div>` inside a `<p>`. React only logs
 * that and renders on: the DOM it builds holds what no HTML parser would (a paragraph holds phrasing content only), and
 * the production build does not even log it.
 *
 * React logs each pair of tags once per process, and unit-web's files share a thread's React (`--no-isolate`), so its
 * log alone would fail only the first file to render a given mistake. The guard therefore also reads the rendered DOM
 * itself: every element added to the document is checked against HTML's rules (`html-nesting.ts`) as it arrives.
 */
type Guard = { reported: string[]; observer: MutationObserver };

const GUARD_KEY = Symbol.for('vatlas.domNestingGuard');
const invalidNesting = /cannot (?:contain a nested|be a descendant of|be a child of)/;

function checkAdded(reported: string[], records: MutationRecord[]): void {
  for (const record of records) {
    for (const node of record.addedNodes) {
      if (node.nodeType === Node.ELEMENT_NODE) reported.push(...nestingProblemsIn(node as Element));
    }
  }
}

function installGuard(): Guard {
  const reported: string[] = [];
  const consoleError = console.error;
  console.error = (...args: unknown[]) => {
    const [template, ...values] = args;
    // React passes a printf-style template ("%s cannot contain a nested %s.") and its values.
    const message = String(template).replace(/%s/g, () => String(values.shift()));
    if (invalidNesting.test(message)) reported.push(message.split('\n')[0] ?? message);
    consoleError(...args);
  };
  const observer = new MutationObserver((records) => checkAdded(reported, records));
  observer.observe(document, { childList: true, subtree: true });
  return { reported, observer };
}

// Installed once per thread: this setup file runs again before each file that shares the thread's window.
const shared = globalThis as typeof globalThis & { [GUARD_KEY]?: Guard };
shared[GUARD_KEY] ??= installGuard();
const guard = shared[GUARD_KEY];

/** The invalid nesting seen since the last call, each problem once. */
export function takeNestingReports(): string[] {
  checkAdded(guard.reported, guard.observer.takeRecords());
  return [...new Set(guard.reported.splice(0))];
}

afterEach(() => {
  const messages = takeNestingReports();
  if (messages.length > 0) throw new Error(`Invalid HTML nesting rendered:\n${messages.join('\n')}`);
});
