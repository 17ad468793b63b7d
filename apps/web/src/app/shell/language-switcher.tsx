import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../lib/auth/auth-store';
import { cn } from '../../lib/cn';
import { useSwitchLanguage } from '../../lib/i18n/change-language';
import { SUPPORTED_LANGUAGES, type SupportedLanguage, toSupportedLanguage } from '../../lib/i18n/i18n';
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
 * Switches the interface (once the language's translations are here) and saves the choice as the user's language
 * (`useSwitchLanguage`: ChangeLanguage), which `applyUserLanguage` applies at the next sign-in on any device. A language
 * that cannot be fetched is said so in the shell's notice.
 */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const setNotice = useAuthStore((state) => state.setNotice);
  const { current, switchLanguage, loadStatus } = useSwitchLanguage();

  const choose = (language: SupportedLanguage) =>
    switchLanguage(language, {
      onError: () => setNotice({ key: 'shell.language.saveFailed' }),
      onLoadError: () => setNotice({ key: 'shell.language.loadFailed' }),
    });

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
        aria-busy={loadStatus === 'loading'}
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
