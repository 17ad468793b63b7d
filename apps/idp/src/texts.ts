/** The six interface languages of Vatlas (issue 7); the provider's pages speak each of them. */
export const LOCALES = ['en', 'de', 'fr', 'it', 'es', 'pl'] as const;
export type Locale = (typeof LOCALES)[number];

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
  fr: {
    signInHeading: (productName) => `Se connecter à ${productName}`,
    emailLabel: 'E-mail',
    passwordLabel: 'Mot de passe',
    signInButton: 'Se connecter',
    incorrectCredentials: 'E-mail ou mot de passe incorrect.',
    signingOutHeading: 'Déconnexion en cours…',
    signingOutHint: 'Si rien ne se passe, sélectionnez le bouton ci-dessous.',
    signOutButton: 'Se déconnecter',
    signedOutHeading: 'Vous êtes déconnecté',
    signedOutMessage: (productName) => `Vous avez été déconnecté de ${productName}.`,
    errorHeading: 'Une erreur s’est produite',
    errorMessage: 'La demande de connexion n’a pas pu aboutir. Veuillez recommencer.',
    sessionExpiredMessage: 'Votre session de connexion a expiré. Veuillez recommencer.',
    backToProduct: (productName) => `Retour à ${productName}`,
  },
  it: {
    signInHeading: (productName) => `Accedi a ${productName}`,
    emailLabel: 'E-mail',
    passwordLabel: 'Password',
    signInButton: 'Accedi',
    incorrectCredentials: 'E-mail o password non corretti.',
    signingOutHeading: 'Disconnessione in corso…',
    signingOutHint: 'Se non succede nulla, seleziona il pulsante qui sotto.',
    signOutButton: 'Esci',
    signedOutHeading: 'Sei disconnesso',
    signedOutMessage: (productName) => `Sei uscito da ${productName}.`,
    errorHeading: 'Si è verificato un problema',
    errorMessage: 'Non è stato possibile completare la richiesta di accesso. Ricomincia.',
    sessionExpiredMessage: 'La sessione di accesso è scaduta. Ricomincia.',
    backToProduct: (productName) => `Torna a ${productName}`,
  },
  es: {
    signInHeading: (productName) => `Iniciar sesión en ${productName}`,
    emailLabel: 'Correo electrónico',
    passwordLabel: 'Contraseña',
    signInButton: 'Iniciar sesión',
    incorrectCredentials: 'Correo electrónico o contraseña incorrectos.',
    signingOutHeading: 'Cerrando tu sesión…',
    signingOutHint: 'Si no ocurre nada, selecciona el botón de abajo.',
    signOutButton: 'Cerrar sesión',
    signedOutHeading: 'Has cerrado sesión',
    signedOutMessage: (productName) => `Has cerrado sesión en ${productName}.`,
    errorHeading: 'Algo ha salido mal',
    errorMessage: 'No se pudo completar la solicitud de inicio de sesión. Vuelve a empezar.',
    sessionExpiredMessage: 'Tu sesión de inicio de sesión ha caducado. Vuelve a empezar.',
    backToProduct: (productName) => `Volver a ${productName}`,
  },
  pl: {
    signInHeading: (productName) => `Zaloguj się do ${productName}`,
    emailLabel: 'E-mail',
    passwordLabel: 'Hasło',
    signInButton: 'Zaloguj się',
    incorrectCredentials: 'Nieprawidłowy e-mail lub hasło.',
    signingOutHeading: 'Trwa wylogowywanie…',
    signingOutHint: 'Jeśli nic się nie stanie, wybierz przycisk poniżej.',
    signOutButton: 'Wyloguj się',
    signedOutHeading: 'Wylogowano',
    signedOutMessage: (productName) => `Wylogowano Cię z ${productName}.`,
    errorHeading: 'Coś poszło nie tak',
    errorMessage: 'Nie udało się dokończyć logowania. Zacznij od nowa.',
    sessionExpiredMessage: 'Sesja logowania wygasła. Zacznij od nowa.',
    backToProduct: (productName) => `Wróć do ${productName}`,
  },
};

/** Picks the first supported language of an OIDC `ui_locales` value ("de-DE en"), English otherwise. */
export function resolveLocale(uiLocales: unknown): Locale {
  if (typeof uiLocales !== 'string') return 'en';
  for (const tag of uiLocales.split(/\s+/)) {
    const language = tag.split('-')[0]?.toLowerCase();
    const locale = LOCALES.find((candidate) => candidate === language);
    if (locale) return locale;
  }
  return 'en';
}

export function getTexts(locale: Locale): PageTexts {
  return TEXTS[locale];
}
