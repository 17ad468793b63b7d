import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../lib/auth/auth-store';
import { cn } from '../../lib/cn';
import { useSwitchLanguage } from '../../lib/i18n/change-language';
import { SUPPORTED_LANGUAGES, type SupportedLanguage } from '../../lib/i18n/i18n';
import { focusRing } from './focus-ring';

/** Each language is offered in its own name (and marked with its lang), whatever the interface language is. */
const LANGUAGE_NAMES: Record<SupportedLanguage, string> = { en: 'English', de: 'Deutsch' };

/** Switches the interface at once and saves the choice as the user's language (`useSwitchLanguage`). */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t } = useTranslation();
  const setNotice = useAuthStore((state) => state.setNotice);
  const { current, switchLanguage } = useSwitchLanguage();

  const choose = (language: SupportedLanguage) =>
    switchLanguage(language, { onError: () => setNotice({ key: 'shell.language.saveFailed' }) });

  // Two toggle buttons rather than a select: one press switches, both choices stay visible, and it fits a phone.
  return (
    // A floated legend is laid out as ordinary content, so it sits in the row beside the buttons.
    <fieldset className={cn('flex min-w-0 items-center gap-2', className)}>
      <legend className="float-left text-sm font-medium text-fg-secondary">{t('shell.language.label')}</legend>
      <div className="inline-flex rounded-md border border-border bg-surface p-0.5">
        {SUPPORTED_LANGUAGES.map((language) => {
          const isCurrent = language === current;
          return (
            <button
              key={language}
              type="button"
              lang={language}
              aria-pressed={isCurrent}
              onClick={() => void choose(language)}
              className={cn(
                'rounded px-2.5 py-1.5 text-sm font-medium',
                isCurrent ? 'bg-primary-strong text-on-primary' : 'text-fg-secondary hover:bg-gray-100 hover:text-fg',
                focusRing,
              )}
            >
              {LANGUAGE_NAMES[language]}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
