import type { TaxAssessmentDto } from '@vatlas/contract';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import { AssessmentReasonItem } from './assessment-reason';

function Badge({ tone, children }: { tone: 'required' | 'neutral'; children: string }) {
  return (
    <span
      className={cn(
        'rounded-full border px-2 py-0.5 text-xs font-semibold',
        tone === 'required' ? 'border-primary bg-primary-light text-fg' : 'border-border bg-gray-100 text-fg-secondary',
      )}
    >
      {children}
    </span>
  );
}

/**
 * The assessment as the user reads it: every listed jurisdiction with each reason and the rule behind it, then the
 * OSS and IOSS recommendations with theirs. Nothing is concluded without a reason shown next to it.
 */
export function AssessmentResult({ assessment }: { assessment: TaxAssessmentDto }) {
  const { t, i18n } = useTranslation();
  const names = new Intl.DisplayNames([i18n.language], { type: 'region', fallback: 'code' });
  const required = assessment.jurisdictions.filter((item) => item.isRequired);
  const schemes = [
    { id: 'oss', scheme: assessment.oss },
    { id: 'ioss', scheme: assessment.ioss },
  ] as const;

  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-fg" aria-live="polite">
        {required.length === 0
          ? t('onboarding.assessment.result.noneRequired')
          : t('onboarding.assessment.result.summary', { count: required.length })}
      </p>

      <section aria-labelledby="assessment-jurisdictions" className="flex flex-col gap-3">
        <h2 id="assessment-jurisdictions" className="text-lg font-semibold text-fg">
          {t('onboarding.assessment.result.jurisdictionsHeading')}
        </h2>
        {assessment.jurisdictions.length === 0 ? (
          <p className="text-sm text-fg-secondary">{t('onboarding.assessment.result.noJurisdictions')}</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {assessment.jurisdictions.map((item) => (
              <li key={item.countryCode} className="rounded-lg border border-border p-4">
                <div className="mb-2 flex flex-wrap items-center gap-2">
                  <h3 id={`assessment-${item.countryCode}`} className="font-semibold text-fg">
                    {names.of(item.countryCode) ?? item.countryCode}
                  </h3>
                  <Badge tone={item.isRequired ? 'required' : 'neutral'}>
                    {item.isRequired
                      ? t('onboarding.assessment.result.required')
                      : t('onboarding.assessment.result.notRequired')}
                  </Badge>
                  {item.needsFiscalRepresentative ? (
                    <Badge tone="neutral">{t('onboarding.assessment.result.fiscalRepresentative')}</Badge>
                  ) : null}
                </div>
                <ul className="flex list-disc flex-col gap-2 pl-5">
                  {item.reasons.map((reason) => (
                    <AssessmentReasonItem key={`${reason.code}-${reason.params.country ?? ''}`} reason={reason} />
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="assessment-schemes" className="flex flex-col gap-3">
        <h2 id="assessment-schemes" className="text-lg font-semibold text-fg">
          {t('onboarding.assessment.result.schemesHeading')}
        </h2>
        <div className="grid gap-3 md:grid-cols-2">
          {schemes.map(({ id, scheme }) => (
            <div key={id} className="rounded-lg border border-border p-4">
              <div className="mb-2 flex flex-wrap items-center gap-2">
                <h3 id={`assessment-${id}`} className="font-semibold text-fg">
                  {t(`onboarding.assessment.result.${id}`)}
                </h3>
                <Badge tone={scheme.recommended ? 'required' : 'neutral'}>
                  {scheme.recommended
                    ? t('onboarding.assessment.result.recommended')
                    : t('onboarding.assessment.result.notRecommended')}
                </Badge>
              </div>
              <ul className="flex list-disc flex-col gap-2 pl-5">
                {[scheme.reason, ...scheme.notes].map((reason) => (
                  <AssessmentReasonItem key={reason.code} reason={reason} />
                ))}
              </ul>
            </div>
          ))}
        </div>
      </section>
      <p className="text-xs text-fg-secondary">{t('onboarding.assessment.result.disclaimer')}</p>
    </div>
  );
}
