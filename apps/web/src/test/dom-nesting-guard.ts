import { afterEach } from 'vitest';

/**
 * Fails a component test whose render React reported as invalid HTML, such as a `<div>` inside a `<p>`. React only
 * logs that and renders on, while a browser repairs such markup its own way: on a server-rendered page it breaks
 * hydration, and the nesting screen readers meet is not the one written.
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
