import type { AssessmentReasonDto } from '@vatlas/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { SourcesText } from '../../../components/ui/source-keys';

/** Codes in a reason's params become names in the UI language; lists are joined the way the language joins them. */
export function reasonParams(reason: AssessmentReasonDto, t: TFunction, language: string): Record<string, string> {
  const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
  const list = new Intl.ListFormat(language, { type: 'conjunction' });
  const name = (code: string | undefined) => (code ? (names.of(code) ?? code) : '');
  const params: Record<string, string> = { ...reason.params };
  // Display only: the decimal string is formatted, never computed with, so a float is harmless here.
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
  for (const key of ['amount', 'turnover', 'currentYear', 'previousYear', 'threshold'] as const) {
    const value = reason.params[key];
    if (value !== undefined && /^\d+(\.\d+)?$/.test(value)) params[key] = number.format(Number(value));
  }
  if (reason.params.country) params.country = name(reason.params.country);
  if (reason.params.establishment) params.establishment = name(reason.params.establishment);
  if (reason.params.countries) params.countries = list.format(reason.params.countries.split(',').map(name));
  if (reason.params.via) {
    params.via = list.format(reason.params.via.split(',').map((via) => t(`onboarding.assessment.via.${via}`)));
  }
  if (reason.params.year) params.year = t(`onboarding.assessment.years.${reason.params.year}`);
  return params;
}

/** One reason: the sentence, then the rule it applies and the source keys a reviewer can check. */
export function AssessmentReasonItem({ reason }: { reason: AssessmentReasonDto }) {
  const { t, i18n } = useTranslation();
  return (
    <li className="flex flex-col gap-0.5">
      <span className="text-sm text-fg">
        {t(`onboarding.assessment.reasons.${reason.code}`, reasonParams(reason, t, i18n.language))}
      </span>
      <span className="text-xs text-fg-secondary">
        {t('onboarding.assessment.ruleLabel')}: {reason.rule}
        {reason.sources.length > 0 ? (
          <>
            {' · '}
            <SourcesText textKey="onboarding.assessment.sources" sources={reason.sources} />
          </>
        ) : null}
      </span>
    </li>
  );
}
