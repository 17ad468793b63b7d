import { cleanup } from '@testing-library/react';
import { afterAll } from 'vitest';

/**
 * The web unit tests share one jsdom window per worker (`isolate: false`: building a window and importing React,
 * i18next and the locales for every file took most of the suite's time). What one test leaves in that window must not
 * reach the next file: the rendered tree, both storages (the chosen language and the tokens live there), the document
 * element's language, theme and inline style, and the URL.
 */
function resetWindow(): void {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  const root = document.documentElement;
  for (const attribute of [...root.attributes]) root.removeAttribute(attribute.name);
  document.head.replaceChildren();
  document.body.replaceChildren();
  document.body.removeAttribute('style');
  document.body.removeAttribute('class');
  window.history.replaceState(null, '', '/');
}

afterAll(resetWindow);
