import type { Environment } from 'vitest/environments';
import { builtinEnvironments } from 'vitest/environments';

/**
 * Vitest's jsdom environment, with one window per worker thread instead of one per test file.
 *
 * package.json runs unit-web with `--no-isolate`, so a thread imports React, Testing Library and the app's modules once
 * for all the files it runs. Vitest still builds a new jsdom window for each file, and modules that took hold of the
 * first window when they were imported (Testing Library's `screen` is bound to the `document.body` it saw then) would
 * query a closed one. Here the thread keeps its first window, and between files it is put back as a new one is: an
 * empty document at http://localhost:3000/, nothing in storage, no cookie.
 */
const WINDOW_KEY = Symbol.for('vatlas.sharedJsdomWindow');
const START_URL = 'http://localhost:3000/';

type GlobalWithWindow = typeof globalThis & { [WINDOW_KEY]?: true };

/** Puts the thread's window back as a new one is: what a file left in it never reaches the next file. */
export function resetWindow(): void {
  const { document, window } = globalThis;
  document.head.replaceChildren();
  document.body.replaceChildren();
  for (const element of [document.documentElement, document.body]) {
    for (const name of element.getAttributeNames()) element.removeAttribute(name);
  }
  window.localStorage.clear();
  window.sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  window.history.replaceState(null, '', START_URL);
}

const sharedJsdom: Environment = {
  name: 'shared-jsdom',
  transformMode: 'web',
  async setup(global, options) {
    const shared = global as GlobalWithWindow;
    if (!shared[WINDOW_KEY]) {
      // The thread's first file: Vitest's own jsdom window, whose teardown is never run (it ends with the thread).
      await builtinEnvironments.jsdom.setup(global, options);
      shared[WINDOW_KEY] = true;
    } else {
      resetWindow();
    }
    return { teardown: resetWindow };
  },
};

export default sharedJsdom;
