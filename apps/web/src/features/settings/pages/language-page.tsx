import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../../components/ui/text-field';
import { cn } from '../../../lib/cn';
import { useSwitchLanguage } from '../../../lib/i18n/change-language';
import { SUPPORTED_LANGUAGES, type SupportedLanguage } from '../../../lib/i18n/i18n';
import { SaveStatus, SettingsSection } from '../components/settings-section';
import { languageName } from '../language-names';

/**
 * The interface language: one radio per language Vatlas is translated into, each in its own name. Choosing one
 * switches the interface at once and saves it to the account (the top bar's switcher does the same, through the same
 * hook), so it follows the person to every device they sign in on.
 */
export function LanguagePage() {
  const { t, i18n } = useTranslation();
  const name = useId();
  const { current, switchLanguage, loadStatus, saveStatus } = useSwitchLanguage();
  const [hasChosen, setHasChosen] = useState(false);

  const choose = (language: SupportedLanguage) => {
    setHasChosen(true);
    void switchLanguage(language);
  };

  return (
    <SettingsSection
      id="settings-language"
      title={t('settings.sections.language.title')}
      description={t('settings.language.description')}
    >
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-medium text-fg">{t('settings.language.legend')}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {SUPPORTED_LANGUAGES.map((language) => {
            const isCurrent = language === current;
            const ownName = languageName(language);
            const nameInUi = languageName(language, i18n.language);
            return (
              <label
                key={language}
                className={cn(
                  'flex cursor-pointer items-center gap-3 rounded-lg border px-4 py-3',
                  isCurrent ? 'border-primary-strong bg-light' : 'border-border hover:bg-gray-100',
                )}
              >
                <input
                  type="radio"
                  name={name}
                  value={language}
                  checked={isCurrent}
                  onChange={() => choose(language)}
                  className={cn('size-4 accent-primary-strong', focusRing)}
                />
                <span className="flex flex-col">
                  <span lang={language} className="text-sm font-semibold text-fg">
                    {ownName}
                  </span>
                  {nameInUi !== ownName ? <span className="text-xs text-fg-secondary">{nameInUi}</span> : null}
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
      <div className="mt-4 min-h-6">
        {loadStatus === 'loading' ? <SaveStatus tone="neutral">{t('shell.language.loading')}</SaveStatus> : null}
        {loadStatus === 'error' ? <SaveStatus tone="danger">{t('shell.language.loadFailed')}</SaveStatus> : null}
        {hasChosen && saveStatus === 'pending' ? (
          <SaveStatus tone="neutral">{t('settings.language.saving')}</SaveStatus>
        ) : null}
        {hasChosen && saveStatus === 'success' ? (
          <SaveStatus tone="success">{t('settings.language.saved', { language: languageName(current) })}</SaveStatus>
        ) : null}
        {hasChosen && saveStatus === 'error' ? (
          <SaveStatus tone="danger">{t('settings.language.saveFailed')}</SaveStatus>
        ) : null}
      </div>
    </SettingsSection>
  );
}
