import { cleanup } from '@testing-library/react';
import { afterAll } from 'vitest';

/**
 * Leaves the jsdom window as a file found it: the rendered tree, both storages (the chosen language and the tokens
 * live there), the document element's language, theme and inline style, and the URL. Vitest 3 gives each file a window
 * of its own, as long as the run isolates files (a project's own `isolate: false` is not honoured; `--no-isolate` for
 * the whole run would share windows, and 127 of these tests then failed), so this keeps the files independent should
 * they ever share one.
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
