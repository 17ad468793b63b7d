export type Locale = 'en' | 'de';

export type PageTexts = {
  signInHeading: (productName: string) => string;
  emailLabel: string;
  passwordLabel: string;
  signInButton: string;
  incorrectCredentials: string;
  signingOutHeading: string;
  signingOutHint: string;
  signOutButton: string;
  signedOutHeading: string;
  signedOutMessage: (productName: string) => string;
  errorHeading: string;
  errorMessage: string;
  sessionExpiredMessage: string;
  backToProduct: (productName: string) => string;
};

const TEXTS: Record<Locale, PageTexts> = {
  en: {
    signInHeading: (productName) => `Sign in to ${productName}`,
    emailLabel: 'Email',
    passwordLabel: 'Password',
    signInButton: 'Sign in',
    incorrectCredentials: 'Incorrect email or password.',
    signingOutHeading: 'Signing you out…',
    signingOutHint: 'If nothing happens, select the button below.',
    signOutButton: 'Sign out',
    signedOutHeading: 'You are signed out',
    signedOutMessage: (productName) => `You have been signed out of ${productName}.`,
    errorHeading: 'Something went wrong',
    errorMessage: 'The sign-in request could not be completed. Please start again.',
    sessionExpiredMessage: 'Your sign-in session has expired. Please start again.',
    backToProduct: (productName) => `Back to ${productName}`,
  },
  de: {
    signInHeading: (productName) => `Bei ${productName} anmelden`,
    emailLabel: 'E-Mail',
    passwordLabel: 'Passwort',
    signInButton: 'Anmelden',
    incorrectCredentials: 'E-Mail oder Passwort ist falsch.',
    signingOutHeading: 'Sie werden abgemeldet…',
    signingOutHint: 'Falls nichts passiert, wählen Sie die Schaltfläche unten.',
    signOutButton: 'Abmelden',
    signedOutHeading: 'Sie sind abgemeldet',
    signedOutMessage: (productName) => `Sie wurden von ${productName} abgemeldet.`,
    errorHeading: 'Etwas ist schiefgelaufen',
    errorMessage: 'Die Anmeldung konnte nicht abgeschlossen werden. Bitte beginnen Sie erneut.',
    sessionExpiredMessage: 'Ihre Anmeldesitzung ist abgelaufen. Bitte beginnen Sie erneut.',
    backToProduct: (productName) => `Zurück zu ${productName}`,
  },
};

/** Picks the first supported language of an OIDC `ui_locales` value ("de-DE en"), English otherwise. */
export function resolveLocale(uiLocales: unknown): Locale {
  if (typeof uiLocales !== 'string') return 'en';
  for (const tag of uiLocales.split(/\s+/)) {
    const language = tag.split('-')[0]?.toLowerCase();
    if (language === 'de' || language === 'en') return language;
  }
  return 'en';
}

export function getTexts(locale: Locale): PageTexts {
  return TEXTS[locale];
}
