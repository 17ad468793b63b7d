import type { QuestionnaireAnswersBody } from '@vatlas/contract';
import { COUNTRY_RULES, ISO_COUNTRY_CODES } from '@vatlas/domain';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useAuthStore } from '../../../lib/auth/auth-store';
import { isHttpError } from '../../../lib/http/http-error';
import { useQuestionnaire } from '../api/get-questionnaire';
import { useSaveQuestionnaire } from '../api/save-questionnaire';
import { AssessmentResult } from '../components/assessment-result';
import { CountryCheckboxGrid } from '../components/country-checkbox-grid';
import { countryOptions } from '../components/country-options';
import type { ErrorSummaryItem } from '../components/error-summary';
import { fieldErrorId, SelectField, TextField } from '../components/form-fields';
import { OnboardingLayout, useFlowNavigation } from '../components/onboarding-layout';
import {
  emptyQuestionnaireForm,
  formFieldOfApiField,
  formFromAnswers,
  QUESTIONNAIRE_FIELDS,
  type QuestionnaireErrors,
  type QuestionnaireField,
  type QuestionnaireFormValues,
  validateQuestionnaire,
} from '../components/questionnaire-form';

const PATH = '/onboarding/tax-assessment';
const FORM_ID = 'tax-assessment-form';

function RadioGroup({
  id,
  legend,
  options,
  value,
  onChange,
  error,
}: {
  id: string;
  legend: string;
  options: readonly { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  return (
    <fieldset
      id={id}
      tabIndex={-1}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? fieldErrorId(id) : undefined}
      className="flex flex-col gap-2"
    >
      <legend className="mb-1 text-sm font-medium text-fg">{legend}</legend>
      {options.map((option) => (
        <div key={option.value} className="flex items-center gap-2">
          <input
            id={`${id}-${option.value}`}
            type="radio"
            name={id}
            value={option.value}
            checked={value === option.value}
            className="size-4 accent-primary"
            onChange={() => onChange(option.value)}
          />
          <label htmlFor={`${id}-${option.value}`} className="text-sm text-fg">
            {option.label}
          </label>
        </div>
      ))}
      {error ? (
        <p id={fieldErrorId(id)} className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4 rounded-lg border border-border p-4">
      <h2 id={id} className="text-lg font-semibold text-fg">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function QuestionnaireForm({
  initial,
  onSubmit,
  apiErrors,
}: {
  initial: QuestionnaireFormValues;
  onSubmit: (answers: QuestionnaireAnswersBody) => void;
  apiErrors?: QuestionnaireErrors | Partial<Record<QuestionnaireField, string>>;
}) {
  const { t, i18n } = useTranslation();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<QuestionnaireErrors>({});
  const set = <K extends QuestionnaireField>(field: K, value: QuestionnaireFormValues[K]) =>
    setValues((current) => ({ ...current, [field]: value }));
  const message = (field: QuestionnaireField) => {
    const key = errors[field] ?? apiErrors?.[field];
    return key ? t(`onboarding.assessment.errors.${key}`, { defaultValue: key }) : undefined;
  };

  const jurisdictions = countryOptions(
    COUNTRY_RULES.map((rule) => rule.code),
    i18n.language,
  ).map((option) => ({ code: option.value, label: option.label }));
  const amountField = (field: QuestionnaireField, hint?: string) => (
    <TextField
      id={field}
      label={t(`onboarding.assessment.fields.${field}`)}
      hint={hint}
      inputMode="numeric"
      value={values[field] as string}
      error={message(field)}
      onChange={(value) => set(field, value)}
    />
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateQuestionnaire(values);
    if (!result.isValid) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    onSubmit(result.answers);
  };

  const summary: ErrorSummaryItem[] = QUESTIONNAIRE_FIELDS.flatMap((field) => {
    const text = message(field);
    return text ? [{ fieldId: field, message: `${t(`onboarding.assessment.fields.${field}`)}: ${text}` }] : [];
  });

  return (
    <form id={FORM_ID} noValidate onSubmit={submit} className="flex flex-col gap-6">
      {summary.length > 0 ? (
        <div role="alert" className="rounded-md border-2 border-danger p-4">
          <h2 className="text-base font-semibold text-fg">{t('onboarding.layout.errorSummaryTitle')}</h2>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-danger">
            {summary.map((item) => (
              <li key={item.fieldId}>
                <a
                  className="underline"
                  href={`#${item.fieldId}`}
                  onClick={(event) => {
                    event.preventDefault();
                    document.getElementById(item.fieldId ?? '')?.focus();
                  }}
                >
                  {item.message}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <Section id="section-business" title={t('onboarding.assessment.sections.business')}>
        <SelectField
          id="establishmentCountryCode"
          label={t('onboarding.assessment.fields.establishmentCountryCode')}
          hint={t('onboarding.assessment.hints.establishmentCountryCode')}
          placeholder={t('onboarding.assessment.choose')}
          options={countryOptions(ISO_COUNTRY_CODES, i18n.language)}
          value={values.establishmentCountryCode}
          error={message('establishmentCountryCode')}
          onChange={(value) => set('establishmentCountryCode', value)}
        />
      </Section>

      <Section id="section-stock" title={t('onboarding.assessment.sections.stock')}>
        <CountryCheckboxGrid
          id="ownWarehouseCountries"
          legend={t('onboarding.assessment.fields.ownWarehouseCountries')}
          description={t('onboarding.assessment.hints.ownWarehouseCountries')}
          countries={jurisdictions}
          values={values.ownWarehouseCountries}
          error={message('ownWarehouseCountries')}
          onChange={(codes) => set('ownWarehouseCountries', codes)}
        />
        <CountryCheckboxGrid
          id="fulfilmentCenterCountries"
          legend={t('onboarding.assessment.fields.fulfilmentCenterCountries')}
          description={t('onboarding.assessment.hints.fulfilmentCenterCountries')}
          countries={jurisdictions}
          values={values.fulfilmentCenterCountries}
          error={message('fulfilmentCenterCountries')}
          onChange={(codes) => set('fulfilmentCenterCountries', codes)}
        />
      </Section>

      <Section id="section-eu-sales" title={t('onboarding.assessment.sections.euSales')}>
        <p className="text-sm text-fg-secondary">{t('onboarding.assessment.hints.euSales')}</p>
        <div className="grid gap-4 md:grid-cols-2">
          {amountField('euCurrentYear')}
          {amountField('euPreviousYear')}
        </div>
      </Section>

      <Section id="section-marketplaces" title={t('onboarding.assessment.sections.marketplaces')}>
        <RadioGroup
          id="marketplaceDeemedSupplier"
          legend={t('onboarding.assessment.fields.marketplaceDeemedSupplier')}
          options={(['none', 'some', 'all'] as const).map((share) => ({
            value: share,
            label: t(`onboarding.assessment.deemedSupplier.${share}`),
          }))}
          value={values.marketplaceDeemedSupplier}
          error={message('marketplaceDeemedSupplier')}
          onChange={(value) => set('marketplaceDeemedSupplier', value)}
        />
        <RadioGroup
          id="hasLowValueImports"
          legend={t('onboarding.assessment.fields.hasLowValueImports')}
          options={[
            { value: 'yes', label: t('onboarding.assessment.yes') },
            { value: 'no', label: t('onboarding.assessment.no') },
          ]}
          value={values.hasLowValueImports}
          error={message('hasLowValueImports')}
          onChange={(value) => set('hasLowValueImports', value as QuestionnaireFormValues['hasLowValueImports'])}
        />
      </Section>

      <Section id="section-non-eu" title={t('onboarding.assessment.sections.nonEu')}>
        <div className="grid gap-4 md:grid-cols-2">
          {amountField('ukSales')}
          {amountField('norwaySales', t('onboarding.assessment.hints.norwaySales'))}
          {amountField('swissSales')}
          {amountField('worldwideTurnover', t('onboarding.assessment.hints.worldwideTurnover'))}
        </div>
      </Section>
    </form>
  );
}

function apiFieldErrors(error: unknown): Partial<Record<QuestionnaireField, string>> | undefined {
  if (!isHttpError(error) || error.status !== 400 || !Array.isArray(error.details)) return undefined;
  const errors: Partial<Record<QuestionnaireField, string>> = {};
  for (const issue of error.details as { field?: unknown; message?: unknown }[]) {
    const field = typeof issue.field === 'string' ? formFieldOfApiField(issue.field) : undefined;
    if (field && typeof issue.message === 'string') errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * Spec §2: the tax assessment is a modal page over the onboarding. The questionnaire comes in sections; once saved,
 * the result lists every jurisdiction with its reasons and rules and the OSS/IOSS recommendation. A reload shows the
 * saved result, with "Edit answers" to change them.
 */
export function TaxAssessmentPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const flow = useFlowNavigation(PATH);
  const questionnaire = useQuestionnaire();
  const save = useSaveQuestionnaire();
  const companyCountry = useAuthStore((state) => state.selectedCompanyDetails?.establishmentCountryCode ?? '');
  const [isEditing, setIsEditing] = useState(false);
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    dialogRef.current?.focus();
  }, []);

  const data = questionnaire.data;
  const showResult = !isEditing && data?.assessment != null;
  const close = () => (flow.previousPath ? navigate(flow.previousPath) : navigate(-1));
  const formError = save.isError && !apiFieldErrors(save.error) ? t('onboarding.assessment.saveFailed') : undefined;
  const layoutErrors: ErrorSummaryItem[] = formError ? [{ message: formError }] : [];

  return (
    <div className="fixed inset-0 z-40 overflow-y-auto bg-overlay p-2 md:p-6">
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby="page-title"
        tabIndex={-1}
        className="mx-auto max-w-6xl rounded-xl bg-body shadow-lg focus:outline-none"
        onKeyDown={(event) => {
          if (event.key === 'Escape') close();
        }}
      >
        <div className="flex justify-end px-4 pt-4">
          <Button variant="secondary" onClick={close}>
            {t('onboarding.assessment.close')}
          </Button>
        </div>
        <OnboardingLayout
          path={PATH}
          title={t('pages.onboarding.taxAssessment.title')}
          description={showResult ? t('onboarding.assessment.resultIntro') : t('onboarding.assessment.intro')}
          formId={showResult ? undefined : FORM_ID}
          isSaving={save.isPending}
          errors={layoutErrors}
          nextLabel={showResult ? undefined : t('onboarding.assessment.assess')}
          onNext={showResult ? flow.goNext : undefined}
        >
          {questionnaire.isPending ? (
            <Spinner label={t('onboarding.assessment.loading')} />
          ) : questionnaire.isError ? (
            <p role="alert" className="text-sm text-danger">
              {t('onboarding.assessment.loadFailed')}
            </p>
          ) : showResult && data?.assessment ? (
            <div className="flex flex-col gap-4">
              <div>
                <Button variant="secondary" onClick={() => setIsEditing(true)}>
                  {t('onboarding.assessment.editAnswers')}
                </Button>
              </div>
              <AssessmentResult assessment={data.assessment} />
            </div>
          ) : (
            <QuestionnaireForm
              initial={data?.answers ? formFromAnswers(data.answers) : emptyQuestionnaireForm(companyCountry)}
              apiErrors={apiFieldErrors(save.error)}
              onSubmit={(answers) =>
                save.mutate(answers, {
                  onSuccess: () => {
                    setIsEditing(false);
                    dialogRef.current?.scrollIntoView({ block: 'start' });
                  },
                })
              }
            />
          )}
        </OnboardingLayout>
      </div>
    </div>
  );
}
