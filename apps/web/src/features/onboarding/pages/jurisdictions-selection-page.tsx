import type { JurisdictionChoice } from '@vatlas/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner';
import { useJurisdictions } from '../api/get-jurisdictions';
import { useSaveJurisdictions } from '../api/save-jurisdictions';
import { AssessmentReasonItem } from '../components/assessment-reason';
import type { ErrorSummaryItem } from '../components/error-summary';
import { fieldErrorId } from '../components/form-fields';
import { OnboardingLayout, useFlowNavigation } from '../components/onboarding-layout';

const PATH = '/onboarding/jurisdictions-selection';
const FORM_ID = 'jurisdictions-selection-form';
const FIELD_ID = 'countryCodes';

function CountryGroup({
  id,
  legend,
  choices,
  selected,
  onToggle,
  describedBy,
}: {
  id: string;
  legend: string;
  choices: readonly JurisdictionChoice[];
  selected: ReadonlySet<string>;
  onToggle: (code: string) => void;
  describedBy?: string;
}) {
  const { t, i18n } = useTranslation();
  const names = new Intl.DisplayNames([i18n.language], { type: 'region', fallback: 'code' });
  const sorted = [...choices].sort((a, b) =>
    (names.of(a.countryCode) ?? a.countryCode).localeCompare(names.of(b.countryCode) ?? b.countryCode, i18n.language),
  );
  return (
    <fieldset id={id} tabIndex={-1} aria-describedby={describedBy} className="flex flex-col gap-2">
      <legend className="mb-2 text-lg font-semibold text-fg">{legend}</legend>
      <ul className="grid items-start gap-2 md:grid-cols-2">
        {sorted.map((choice) => {
          const optionId = `jurisdiction-${choice.countryCode}`;
          return (
            <li key={choice.countryCode} className="rounded-lg border border-border p-3">
              <div className="flex items-center gap-2">
                <input
                  id={optionId}
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={selected.has(choice.countryCode)}
                  onChange={() => onToggle(choice.countryCode)}
                />
                <label htmlFor={optionId} className="text-sm font-semibold text-fg">
                  {names.of(choice.countryCode) ?? choice.countryCode}
                </label>
                {choice.isRecommended ? (
                  <span className="rounded-full border border-primary bg-primary-light px-2 py-0.5 text-xs font-semibold text-fg">
                    {t('onboarding.jurisdictions.selection.recommended')}
                  </span>
                ) : null}
              </div>
              {choice.reasons.length > 0 ? (
                <details className="mt-2">
                  <summary className="cursor-pointer text-xs text-fg-secondary">
                    {t('onboarding.jurisdictions.selection.why', { count: choice.reasons.length })}
                  </summary>
                  <ul className="mt-2 flex list-disc flex-col gap-2 pl-5">
                    {choice.reasons.map((reason) => (
                      <AssessmentReasonItem key={reason.code} reason={reason} />
                    ))}
                  </ul>
                </details>
              ) : null}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/** The 30 jurisdictions grouped EU / non-EU, pre-selected from the assessment, each showing why. */
export function JurisdictionsSelectionPage() {
  const { t } = useTranslation();
  const flow = useFlowNavigation(PATH);
  const jurisdictions = useJurisdictions();
  const save = useSaveJurisdictions();
  const [selected, setSelected] = useState<Set<string> | null>(null);
  const [error, setError] = useState<string | undefined>();

  // The server's selection (or pre-selection) is the starting point; later edits stay local until saved.
  useEffect(() => {
    if (jurisdictions.data && selected === null) {
      setSelected(
        new Set(jurisdictions.data.jurisdictions.filter((item) => item.selected).map((item) => item.countryCode)),
      );
    }
  }, [jurisdictions.data, selected]);

  const toggle = (code: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(code)) next.delete(code);
      else next.add(code);
      return next;
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const codes = [...(selected ?? [])];
    if (codes.length === 0) {
      setError(t('onboarding.jurisdictions.selection.errorNone'));
      return;
    }
    setError(undefined);
    save.mutate({ countryCodes: codes }, { onSuccess: flow.goNext });
  };

  const errors: ErrorSummaryItem[] = [
    ...(error ? [{ fieldId: 'jurisdictions-eu', message: error }] : []),
    ...(save.isError ? [{ message: t('onboarding.jurisdictions.selection.saveFailed') }] : []),
  ];
  const data = jurisdictions.data;

  return (
    <OnboardingLayout
      path={PATH}
      title={t('pages.onboarding.jurisdictionsSelection.title')}
      description={
        data && !data.hasAssessment
          ? t('onboarding.jurisdictions.selection.descriptionNoAssessment')
          : t('onboarding.jurisdictions.selection.description')
      }
      formId={FORM_ID}
      isSaving={save.isPending}
      errors={errors}
    >
      {jurisdictions.isPending || !data || selected === null ? (
        jurisdictions.isError ? (
          <p role="alert" className="text-sm text-danger">
            {t('onboarding.jurisdictions.loadFailed')}
          </p>
        ) : (
          <Spinner label={t('onboarding.jurisdictions.loading')} />
        )
      ) : (
        <form id={FORM_ID} noValidate onSubmit={submit} className="flex flex-col gap-6">
          <p className="text-sm text-fg-secondary" aria-live="polite">
            {t('onboarding.jurisdictions.selection.count', { count: selected.size })}
          </p>
          {error ? (
            <p id={fieldErrorId(FIELD_ID)} className="text-sm font-medium text-danger">
              {error}
            </p>
          ) : null}
          <CountryGroup
            id="jurisdictions-eu"
            legend={t('onboarding.jurisdictions.selection.eu')}
            choices={data.jurisdictions.filter((item) => item.isEu)}
            selected={selected}
            onToggle={toggle}
            describedBy={error ? fieldErrorId(FIELD_ID) : undefined}
          />
          <CountryGroup
            id="jurisdictions-non-eu"
            legend={t('onboarding.jurisdictions.selection.nonEu')}
            choices={data.jurisdictions.filter((item) => !item.isEu)}
            selected={selected}
            onToggle={toggle}
            describedBy={error ? fieldErrorId(FIELD_ID) : undefined}
          />
        </form>
      )}
    </OnboardingLayout>
  );
}
