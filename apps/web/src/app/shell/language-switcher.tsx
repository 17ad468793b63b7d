import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../lib/auth/auth-store';
import { cn } from '../../lib/cn';
import { SUPPORTED_LANGUAGES, type SupportedLanguage, toSupportedLanguage } from '../../lib/i18n/i18n';
import { useChangeLanguage } from './api/change-language';
import { focusRing } from './focus-ring';

/**
 * Each language is offered in its own name (and marked with its lang, so a screen reader pronounces it in that
 * language), whatever the interface language is: someone who cannot read the current language still finds theirs.
 */
export const LANGUAGE_NAMES: Readonly<Record<SupportedLanguage, string>> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  it: 'Italiano',
  es: 'Español',
  pl: 'Polski',
};

/**
 * Switches the interface at once and saves the choice as the user's language (ChangeLanguage), which
 * `applyUserLanguage` applies at the next sign-in on any device. The user in the store follows, so the root layout's
 * sync of the user's language agrees with the choice instead of switching back.
 */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const setNotice = useAuthStore((state) => state.setNotice);
  const { mutate: saveLanguage } = useChangeLanguage();
  const current = toSupportedLanguage(i18n.language) ?? 'en';

  const choose = async (language: SupportedLanguage) => {
    if (language === current) return;
    await i18n.changeLanguage(language);
    const user = useAuthStore.getState().user;
    if (user) useAuthStore.setState({ user: { ...user, language } });
    saveLanguage(language, { onError: () => setNotice({ key: 'shell.language.saveFailed' }) });
  };

  // A native select rather than a button per language: six choices stay one compact, labelled, keyboard-usable
  // control that fits a phone's top bar.
  return (
    <div className={cn('flex min-w-0 items-center gap-2', className)}>
      <label htmlFor={id} className="text-sm font-medium text-fg-secondary">
        {t('shell.language.label')}
      </label>
      <select
        id={id}
        value={current}
        lang={current}
        onChange={(event) => {
          const language = toSupportedLanguage(event.target.value);
          if (language) void choose(language);
        }}
        className={cn('rounded-md border border-border bg-surface px-3 py-2 text-sm text-fg', focusRing)}
      >
        {SUPPORTED_LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </div>
  );
}
