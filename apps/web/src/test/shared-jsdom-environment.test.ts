import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resetWindow } from './shared-jsdom-environment';

const sourceRoot = resolve(import.meta.dirname, '..');

describe('the shared jsdom window between test files', () => {
  it('is put back as a new window is: empty document, no attributes, empty storage, no cookie, the start URL', () => {
    document.documentElement.lang = 'de';
    document.documentElement.setAttribute('data-theme', 'stripe');
    document.body.className = 'overflow-hidden';
    document.head.append(document.createElement('style'));
    document.body.append(document.createElement('main'));
    document.title = 'Dashboard';
    localStorage.setItem('vatlas.language', 'de');
    sessionStorage.setItem('vatlas.token', 'a.b.c');
    // biome-ignore lint/suspicious/noDocumentCookie: a cookie set as a page sets one, for the reset to clear.
    document.cookie = 'consent=yes; path=/';
    window.history.pushState(null, '', '/settings/language?theme=stripe');

    resetWindow();

    expect(document.documentElement.getAttributeNames()).toEqual([]);
    expect(document.body.getAttributeNames()).toEqual([]);
    expect(document.head.childNodes).toHaveLength(0);
    expect(document.body.childNodes).toHaveLength(0);
    expect(document.title).toBe('');
    expect(localStorage).toHaveLength(0);
    expect(sessionStorage).toHaveLength(0);
    expect(document.cookie).toBe('');
    expect(window.location.href).toBe('http://localhost:3000/');
  });
});

describe('the test files that share a thread', () => {
  it('mock no module: a module another file imported first would stay unmocked (vitest.config.ts)', () => {
    const testFiles = readdirSync(sourceRoot, { recursive: true, encoding: 'utf8' }).filter((path) =>
      /\.test\.tsx?$/.test(path),
    );
    expect(testFiles.length).toBeGreaterThan(50);
    const mocking = testFiles.filter((path) =>
      /\bvi\.(?:do)?mock\(/.test(readFileSync(join(sourceRoot, path), 'utf8')),
    );
    expect(mocking).toEqual([]);
  });
});
