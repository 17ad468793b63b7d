import { afterEach } from 'vitest';

/**
 * Fails a component test whose render React reported as invalid HTML, such as a `<div>` inside a `<p>`. React only
 * logs that and renders on: the DOM it builds holds what no HTML parser would (a paragraph holds phrasing content
 * only), and the production build does not even log it.
 */
const invalidNesting = /cannot (?:contain a nested|be a descendant of|be a child of)/;
const reported: string[] = [];

const consoleError = console.error;
console.error = (...args: unknown[]) => {
  const [template, ...values] = args;
  // React passes a printf-style template ("%s cannot contain a nested %s.") and its values.
  const message = String(template).replace(/%s/g, () => String(values.shift()));
  if (invalidNesting.test(message)) reported.push(message.split('\n')[0] ?? message);
  consoleError(...args);
};

afterEach(() => {
  const messages = reported.splice(0);
  if (messages.length > 0) throw new Error(`React reported invalid HTML nesting:\n${messages.join('\n')}`);
});
