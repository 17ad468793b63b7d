import { afterEach, describe, expect, it } from 'vitest';
import { translations } from '../../locales/resources';
import { STORAGE_KEYS } from '../storage/token-storage';
import { initI18n, showLanguage, startI18n } from './i18n';

const heading = (language: keyof typeof translations) =>
  (translations[language].pages as { dashboard: { title: string } }).dashboard.title;

afterEach(() => {
  localStorage.clear();
  document.documentElement.lang = '';
});

describe('translations fetched when needed', () => {
  it('starts with English alone built in; another language is added when first shown', async () => {
    const i18n = initI18n('en');
    expect(i18n.hasResourceBundle('de', 'translation')).toBe(false);
    expect(i18n.t('pages.dashboard.title')).toBe(heading('en'));

    await showLanguage(i18n, 'de');
    expect(i18n.language).toBe('de');
    expect(i18n.hasResourceBundle('de', 'translation')).toBe(true);
    expect(i18n.t('pages.dashboard.title')).toBe(heading('de'));
    expect(document.documentElement.lang).toBe('de');
  });

  it('starts in the language chosen earlier on this device, with its translations', async () => {
    localStorage.setItem(STORAGE_KEYS.language, 'pl');
    const i18n = await startI18n();
    expect(i18n.language).toBe('pl');
    expect(i18n.t('pages.dashboard.title')).toBe(heading('pl'));
    expect(i18n.hasResourceBundle('fr', 'translation')).toBe(false);
  });

  it('keeps the last language asked for when an earlier one finishes loading after it', async () => {
    const i18n = initI18n('en');
    const german = showLanguage(i18n, 'de');
    // English is built in, so it is shown at once, while German's translations are still being fetched.
    const english = showLanguage(i18n, 'en');
    await Promise.all([german, english]);
    expect(i18n.language).toBe('en');
    expect(i18n.t('pages.dashboard.title')).toBe(heading('en'));
  });

  it('refuses to show a language whose translations it was not given', () => {
    expect(() => initI18n('it')).toThrow(/no translations given for it/);
  });
});
