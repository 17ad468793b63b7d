import { describe, expect, it } from 'vitest';
import { type LocaleTree, translations } from '../../locales/resources';

type Tree = LocaleTree;

function flatten(tree: Tree, prefix = '', flat: Record<string, string> = {}): Record<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') flat[path] = value;
    else flatten(value, path, flat);
  }
  return flat;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

describe('locales', () => {
  const english = flatten(translations.en);
  const german = flatten(translations.de);

  it('German has every English key and no extra one', () => {
    expect(Object.keys(german).sort()).toEqual(Object.keys(english).sort());
  });

  it('keeps the same placeholders in both languages', () => {
    for (const [key, text] of Object.entries(english))
      expect(placeholders(german[key] ?? ''), key).toEqual(placeholders(text));
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
