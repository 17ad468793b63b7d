import type { JurisdictionInfo } from '@vatlas/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SourcesText } from '../../../components/ui/source-keys';
import { Spinner } from '../../../components/ui/spinner';
import { useJurisdictionInfo } from '../api/get-jurisdiction-info';
import { OnboardingLayout } from '../components/onboarding-layout';

const PATH = '/onboarding/jurisdiction-info';

function Sources({ sources, isVerified }: { sources: readonly string[]; isVerified?: boolean }) {
  const { t } = useTranslation();
  if (sources.length === 0) return null;
  return (
    <span className="block text-xs text-fg-secondary">
      <SourcesText textKey="onboarding.assessment.sources" sources={sources} />
      {isVerified === false ? ` · ${t('onboarding.jurisdictionInfo.unverified')}` : ''}
    </span>
  );
}

function CountryInfo({ info }: { info: JurisdictionInfo }) {
  const { t, i18n } = useTranslation();
  const name = new Intl.DisplayNames([i18n.language], { type: 'region', fallback: 'code' }).of(info.countryCode);
  const threshold = info.nonResidentThreshold.value;
  const amount = new Intl.NumberFormat(i18n.language, {
    style: 'currency',
    currency: threshold.currency,
    maximumFractionDigits: 0,
  }).format(Number(threshold.amount));
  const headingId = `info-${info.countryCode}`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-lg border border-border p-4">
      <h2 id={headingId} className="text-lg font-semibold text-fg">
        {name ?? info.countryCode}
      </h2>
      <dl className="grid gap-3 text-sm md:grid-cols-[14rem_1fr]">
        <dt className="font-medium text-fg">{t('onboarding.jurisdictionInfo.threshold')}</dt>
        <dd className="text-fg">
          {t(`onboarding.jurisdictionInfo.thresholdBasis.${threshold.basis}`, { amount })}
          <Sources sources={info.nonResidentThreshold.sources} isVerified={info.nonResidentThreshold.isVerified} />
        </dd>
        <dt className="font-medium text-fg">{t('onboarding.jurisdictionInfo.fiscalRepresentative')}</dt>
        <dd className="text-fg">
          {info.needsFiscalRepresentative
            ? t('onboarding.jurisdictionInfo.fiscalRepresentativeRequired')
            : t(`onboarding.jurisdictionInfo.fiscalRepresentativeRule.${info.fiscalRepresentative.value}`)}
          <Sources sources={info.fiscalRepresentative.sources} isVerified={info.fiscalRepresentative.isVerified} />
        </dd>
        <dt className="font-medium text-fg">{t('onboarding.jurisdictionInfo.frequency')}</dt>
        <dd className="text-fg">
          {t(`onboarding.jurisdictionInfo.frequencies.${info.proposedReturnFrequency.value}`)}
          <span className="block text-xs text-fg-secondary">{t('onboarding.jurisdictionInfo.frequencyNote')}</span>
          <Sources
            sources={info.proposedReturnFrequency.sources}
            isVerified={info.proposedReturnFrequency.isVerified}
          />
        </dd>
        <dt className="font-medium text-fg">{t('onboarding.jurisdictionInfo.vatPrefix')}</dt>
        <dd className="text-fg">
          {info.vatPrefix} · {info.currency}
        </dd>
        <dt className="font-medium text-fg">{t('onboarding.jurisdictionInfo.documents')}</dt>
        <dd>
          <ul className="list-disc space-y-1 pl-5 text-fg">
            {info.documents.map((doc) => (
              <li key={doc.type}>
                {t(`onboarding.jurisdictionInfo.documentTypes.${doc.type}`)}
                <Sources sources={doc.sources} />
              </li>
            ))}
          </ul>
        </dd>
      </dl>
    </section>
  );
}

/** Per selected country what its registration needs, from the country rules, each fact with its sources. */
export function JurisdictionInfoPage() {
  const { t } = useTranslation();
  const info = useJurisdictionInfo();
  const data = info.data;
  return (
    <OnboardingLayout
      path={PATH}
      title={t('pages.onboarding.jurisdictionInfo.title')}
      description={t('onboarding.jurisdictionInfo.description')}
    >
      {info.isPending ? (
        <Spinner label={t('onboarding.jurisdictions.loading')} />
      ) : info.isError || !data ? (
        <p role="alert" className="text-sm text-danger">
          {t('onboarding.jurisdictions.loadFailed')}
        </p>
      ) : data.jurisdictions.length === 0 ? (
        <p className="text-sm text-fg">
          {t('onboarding.jurisdictionInfo.noneSelected')}{' '}
          <Link className="font-semibold underline" to="/onboarding/jurisdictions-selection">
            {t('onboarding.jurisdictionInfo.chooseCountries')}
          </Link>
        </p>
      ) : (
        <div className="flex flex-col gap-4">
          {data.jurisdictions.map((item) => (
            <CountryInfo key={item.countryCode} info={item} />
          ))}
          <p className="text-xs text-fg-secondary">{t('onboarding.assessment.result.disclaimer')}</p>
        </div>
      )}
    </OnboardingLayout>
  );
}
