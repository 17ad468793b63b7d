import { LANGUAGES } from '@vatlas/contract';
import { describe, expect, it } from 'vitest';
import { LOCALE_LANGUAGES, type LocaleTree, translations } from '../../locales/resources';
import { createTestI18n } from '../../test/test-i18n';
import { SUPPORTED_LANGUAGES } from './i18n';
import { flattenLocale, localeProblems, pluralCategoriesOf } from './locale-parity';

const english = flattenLocale(translations.en);

describe('locales', () => {
  it('translates the six languages a user can choose in the API', () => {
    expect([...SUPPORTED_LANGUAGES]).toEqual([...LANGUAGES]);
    expect([...LOCALE_LANGUAGES]).toEqual([...LANGUAGES]);
  });

  for (const language of LOCALE_LANGUAGES.filter((code) => code !== 'en'))
    it(`${language} has every English key, no extra one, the same {{variables}} and every plural form`, () => {
      expect(localeProblems(translations.en, translations[language], language)).toEqual([]);
    });

  it('writes every count as numbers are written in the language: {{count, number}}, never a bare {{count}}', () => {
    const bare = LOCALE_LANGUAGES.flatMap((language) =>
      Object.entries(flattenLocale(translations[language]))
        .filter(([, text]) => /\{\{\s*count\s*\}\}/.test(text))
        .map(([key]) => `${language}: ${key}`),
    );
    expect(bare).toEqual([]);
    expect(createTestI18n('de').t('transactions.count.exact', { count: 1682 })).toBe('1.682 Transaktionen');
  });

  it('knows the plural forms each language needs', () => {
    expect(pluralCategoriesOf('de')).toEqual(['one', 'other']);
    expect(pluralCategoriesOf('fr')).toEqual(['many', 'one', 'other']);
    expect(pluralCategoriesOf('pl')).toEqual(['few', 'many', 'one', 'other']);
  });

  it('picks the plural form each language needs at run time', () => {
    const polish = createTestI18n('pl');
    const exact = (count: number) => polish.t('transactions.count.exact', { count });
    expect([1, 3, 5, 22, 25].map(exact)).toEqual([
      '1 transakcja',
      '3 transakcje',
      '5 transakcji',
      '22 transakcje',
      '25 transakcji',
    ]);
    const french = createTestI18n('fr');
    expect(french.t('onboarding.layout.minutesLeft', { count: 1 })).toBe('Environ 1 minute restante');
    expect(french.t('onboarding.layout.minutesLeft', { count: 20 })).toBe('Environ 20 minutes restantes');
  });

  it('carries the spec texts verbatim in English', () => {
    expect(english).toMatchObject({
      'errors.tokenExchangeFailed': 'Token exchange failed: {{status}} {{statusText}}',
      'errors.network': 'Network error - please check your internet connection and try again.',
      'errors.authCheckFailed': 'Failed to authenticate. Please check your token.',
      'errors.companyAccessDeniedSelected': 'Access denied to selected company. Please select a different company.',
      'errors.accessDenied': 'Access denied. You may not have permission to access this resource.',
      'errors.sessionExpired': 'Session expired. Please sign in again.',
      'errors.authInitFailed': 'Authentication initialization failed',
      'loading.initializingAuthentication': 'Initializing authentication...',
      'loading.redirectingToSignIn': 'Redirecting to sign in...',
      'loading.loadingTaxDashboard': 'Loading your tax dashboard...',
      'loading.loadingBusinessDetails': 'Loading business details...',
      'loading.preparingDashboard': 'Preparing your dashboard...',
      'loading.initializingUserSession': 'Initializing user session...',
      'loading.loadingUserData': 'Loading user data...',
      'screens.connectionFailed': 'Authentication Connection Failed',
      'screens.signInFailed': 'Sign In Failed',
      'screens.connectionIssue': 'Connection Issue',
      'screens.tryAgain': 'Try Again',
      'errors.companyDetailsTimeout':
        'Connection timed out after 60 seconds. Please check your internet connection and try again.',
      'errors.companyAccessDenied':
        'Company access denied. Please select a valid company from your available companies.',
      'errors.companyDetailsFailed': 'Failed to load company details',
      'errors.authServiceUnreachable':
        'Authentication service is unreachable. Please check your internet connection and try again.',
      'errors.authFailed': 'Authentication failed. Please try again.',
      'loading.page': 'Loading...',
      'admin.checkingPermissions': 'Checking admin permissions...',
    });
  });
});

describe('the parity check', () => {
  const reference: LocaleTree = {
    title: 'Files',
    greeting: 'Hello {{name}}',
    files: { count_one: '{{count}} file', count_other: '{{count}} files' },
  };
  const polish: LocaleTree = {
    title: 'Pliki',
    greeting: 'Cześć {{name}}',
    files: {
      count_one: '{{count}} plik',
      count_few: '{{count}} pliki',
      count_many: '{{count}} plików',
      count_other: '{{count}} pliku',
    },
  };

  it('accepts a complete translation with its own plural forms', () => {
    expect(localeProblems(reference, polish, 'pl')).toEqual([]);
  });

  it('finds a lost <Trans> tag', () => {
    const english: LocaleTree = { terms: 'I accept the <terms>terms</terms>.' };
    expect(localeProblems(english, { terms: 'Accetto i termini.' }, 'it')).toEqual([
      'it: terms has the tags none instead of </terms> <terms>',
    ]);
  });

  it('finds a missing key, an extra key, a missing plural form and a changed variable', () => {
    const broken: LocaleTree = {
      greeting: 'Cześć {{imie}}',
      subtitle: 'Zbędny',
      files: { count_one: '{{count}} plik', count_few: '{{count}} pliki', count_other: '{{count}} pliku' },
    };
    expect(localeProblems(reference, broken, 'pl').sort()).toEqual(
      [
        'pl: missing title',
        'pl: greeting has {{imie}} instead of {{name}}',
        'pl: missing files.count_many',
        'pl: extra subtitle',
      ].sort(),
    );
  });

  it('refuses English plural forms only where the language needs more (German needs no _few)', () => {
    const german: LocaleTree = {
      title: 'Dateien',
      greeting: 'Hallo {{name}}',
      files: { count_one: '{{count}} Datei', count_few: '{{count}} Dateien', count_other: '{{count}} Dateien' },
    };
    expect(localeProblems(reference, german, 'de')).toEqual(['de: extra files.count_few']);
  });
});
