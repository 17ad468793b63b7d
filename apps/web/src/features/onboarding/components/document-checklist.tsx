import type { DocumentChecklist } from '@vatlas/contract';
import { useTranslation } from 'react-i18next';
import { SourcesText } from '../../../components/ui/source-keys';
import { cn } from '../../../lib/cn';

/** Per jurisdiction, each required document with a visible and spoken state (not colour alone). */
export function DocumentChecklistView({
  checklist,
  countryName,
  headingLevel = 'h2',
}: {
  checklist: DocumentChecklist;
  countryName: (code: string) => string;
  headingLevel?: 'h2' | 'h3';
}) {
  const { t } = useTranslation();
  const Heading = headingLevel;
  if (checklist.jurisdictions.length === 0) {
    return <p className="text-sm text-fg-secondary">{t('onboarding.documents.checklist.noJurisdictions')}</p>;
  }
  return (
    <div className="flex flex-col gap-4">
      {checklist.source === 'generic' ? (
        <p className="text-sm text-fg-secondary">{t('onboarding.documents.checklist.generic')}</p>
      ) : null}
      {checklist.jurisdictions.map((jurisdiction) => {
        const missing = jurisdiction.items.filter((item) => !item.isSatisfied).length;
        return (
          <section key={jurisdiction.countryCode} aria-labelledby={`checklist-${jurisdiction.countryCode}`}>
            <Heading id={`checklist-${jurisdiction.countryCode}`} className="text-base font-semibold text-fg">
              {countryName(jurisdiction.countryCode)}{' '}
              <span className="text-sm font-normal text-fg-secondary">
                {missing === 0
                  ? t('onboarding.documents.checklist.allThere')
                  : t('onboarding.documents.checklist.missing', { count: missing })}
              </span>
            </Heading>
            <ul className="mt-2 flex flex-col gap-1">
              {jurisdiction.items.map((item) => (
                <li key={item.documentType} className="flex items-start gap-2 text-sm">
                  <span
                    aria-hidden="true"
                    className={cn(
                      'mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full border text-xs',
                      item.isSatisfied ? 'border-success bg-success text-fg-inverse' : 'border-border text-fg-muted',
                    )}
                  >
                    {item.isSatisfied ? '✓' : ''}
                  </span>
                  <span className="text-fg">
                    {t(`onboarding.documentTypes.${item.documentType}`)}
                    <span className="sr-only">
                      {' — '}
                      {item.isSatisfied
                        ? t('onboarding.documents.checklist.done')
                        : t('onboarding.documents.checklist.todo')}
                    </span>
                    {item.sources.length > 0 ? (
                      <span className="ml-1 text-xs text-fg-secondary">
                        <SourcesText textKey="onboarding.documents.checklist.sources" sources={item.sources} />
                      </span>
                    ) : null}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
