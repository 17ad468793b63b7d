import { COMPANY_TYPES, type CompanyType, checkLegalForm, legalFormsFor } from '@vatlas/domain';
import { type FormEvent, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { useTheme } from '../../../theme/use-theme';
import { isOnboardingLoading, useOnboarding } from '../api/get-onboarding';
import { businessTypeRequestSchema, useSaveBusinessType } from '../api/save-business-type';
import { countryOptions, OTHER_COUNTRY_CODES, SERVED_COUNTRY_CODES } from '../components/country-options';
import { type FieldErrors, fieldErrorsFromApi, fieldErrorsFromZod, toErrorSummary } from '../components/form-errors';
import { SelectField, TextField } from '../components/form-fields';
import { OnboardingLayout, OnboardingPageLoading, useFlowNavigation } from '../components/onboarding-layout';

const PATH = '/onboarding/business-type';
const FORM_ID = 'business-type-form';
const OTHER = 'other';
const FIELDS = [
  'legalNameOfBusiness',
  'establishmentCountryCode',
  'companyType',
  'legalForm',
  'termsAndConditionsAccepted',
];

export type BusinessTypeValues = {
  legalNameOfBusiness: string;
  /** One of the 30, or "other" with `otherCountryCode` holding the real code. */
  countryChoice: string;
  otherCountryCode: string;
  companyType: string;
  legalForm: string;
  termsAndConditionsAccepted: boolean;
};

const countryOf = (values: BusinessTypeValues) =>
  values.countryChoice === OTHER ? values.otherCountryCode : values.countryChoice;

/** Field → translation key of its message; the same key whatever the reason, so every language says it well. */
export function validateBusinessType(values: BusinessTypeValues): FieldErrors {
  const parsed = businessTypeRequestSchema.safeParse({
    legalNameOfBusiness: values.legalNameOfBusiness,
    establishmentCountryCode: countryOf(values),
    companyType: values.companyType,
    legalForm: values.legalForm,
    termsAndConditionsAccepted: values.termsAndConditionsAccepted,
  });
  const errors = parsed.success ? {} : fieldErrorsFromZod(parsed.error);
  if (!errors.legalForm && !errors.establishmentCountryCode && !errors.companyType) {
    if (checkLegalForm(countryOf(values), values.companyType as CompanyType, values.legalForm))
      errors.legalForm = 'invalid';
  }
  return errors;
}

function BusinessTypeForm({ initial }: { initial: BusinessTypeValues }) {
  const { t, i18n } = useTranslation();
  const { theme } = useTheme();
  const flow = useFlowNavigation(PATH);
  const save = useSaveBusinessType();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const set = <K extends keyof BusinessTypeValues>(key: K, value: BusinessTypeValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const message = (field: string) => (errors[field] ? t(`onboarding.businessType.errors.${field}`) : undefined);
  const country = countryOf(values);
  const legalForms = country && values.companyType ? legalFormsFor(country, values.companyType as CompanyType) : [];

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const found = validateBusinessType(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await save.mutateAsync({
        legalNameOfBusiness: values.legalNameOfBusiness.trim(),
        establishmentCountryCode: country,
        companyType: values.companyType as CompanyType,
        legalForm: values.legalForm,
        termsAndConditionsAccepted: true,
      });
      flow.goNext();
    } catch (error) {
      const fromApi = fieldErrorsFromApi(error);
      if (fromApi) setErrors(fromApi);
      else setFormError(t('onboarding.layout.saveFailed'));
    }
  };

  const summary = toErrorSummary(
    Object.fromEntries(Object.keys(errors).map((field) => [field, message(field) ?? ''])),
    FIELDS,
    (field) => (field === 'establishmentCountryCode' && values.countryChoice === OTHER ? 'otherCountryCode' : field),
  );

  return (
    <OnboardingLayout
      path={PATH}
      title={t('pages.onboarding.businessType.title')}
      description={t('onboarding.businessType.description')}
      formId={FORM_ID}
      isSaving={save.isPending}
      errors={formError ? [...summary, { message: formError }] : summary}
    >
      <form id={FORM_ID} noValidate onSubmit={onSubmit} className="grid gap-5 md:grid-cols-2">
        <TextField
          id="legalNameOfBusiness"
          className="md:col-span-2"
          label={t('onboarding.businessType.legalName')}
          autoComplete="organization"
          value={values.legalNameOfBusiness}
          onChange={(value) => set('legalNameOfBusiness', value)}
          error={message('legalNameOfBusiness')}
        />
        <SelectField
          id="establishmentCountryCode"
          label={t('onboarding.businessType.country')}
          hint={t('onboarding.businessType.countryHint')}
          placeholder={t('onboarding.businessType.choose')}
          options={[
            ...countryOptions(SERVED_COUNTRY_CODES, i18n.language),
            { value: OTHER, label: t('onboarding.businessType.otherCountry') },
          ]}
          value={values.countryChoice}
          onChange={(value) => setValues((current) => ({ ...current, countryChoice: value, legalForm: '' }))}
          error={values.countryChoice === OTHER ? undefined : message('establishmentCountryCode')}
        />
        {values.countryChoice === OTHER ? (
          <SelectField
            id="otherCountryCode"
            label={t('onboarding.businessType.otherCountryLabel')}
            placeholder={t('onboarding.businessType.choose')}
            options={countryOptions(OTHER_COUNTRY_CODES, i18n.language)}
            value={values.otherCountryCode}
            onChange={(value) => setValues((current) => ({ ...current, otherCountryCode: value, legalForm: '' }))}
            error={message('establishmentCountryCode')}
          />
        ) : (
          <span className="hidden md:block" />
        )}
        <SelectField
          id="companyType"
          label={t('onboarding.businessType.companyType')}
          placeholder={t('onboarding.businessType.choose')}
          options={COMPANY_TYPES.map((type) => ({
            value: type,
            label: t(`onboarding.businessType.companyTypes.${type}`),
          }))}
          value={values.companyType}
          onChange={(value) => setValues((current) => ({ ...current, companyType: value, legalForm: '' }))}
          error={message('companyType')}
        />
        <SelectField
          id="legalForm"
          label={t('onboarding.businessType.legalForm')}
          hint={legalForms.length === 0 ? t('onboarding.businessType.legalFormHint') : undefined}
          placeholder={t('onboarding.businessType.choose')}
          options={legalForms.map((form) => ({
            value: form.code,
            label: form.code === 'other' ? t('onboarding.businessType.otherLegalForm') : form.name,
          }))}
          isDisabled={legalForms.length === 0}
          value={values.legalForm}
          onChange={(value) => set('legalForm', value)}
          error={message('legalForm')}
        />
        <div className="md:col-span-2">
          <CheckboxField
            id="termsAndConditionsAccepted"
            checked={values.termsAndConditionsAccepted}
            onChange={(checked) => set('termsAndConditionsAccepted', checked)}
            error={message('termsAndConditionsAccepted')}
            label={
              <Trans
                i18nKey="onboarding.businessType.terms"
                values={{ company: theme.branding.companyName }}
                components={{
                  terms: (
                    // biome-ignore lint/a11y/useAnchorContent: Trans puts the translated link text inside.
                    <a
                      className="text-primary-strong underline"
                      href={theme.branding.termsUrl}
                      target="_blank"
                      rel="noreferrer"
                    />
                  ),
                  privacy: (
                    // biome-ignore lint/a11y/useAnchorContent: Trans puts the translated link text inside.
                    <a
                      className="text-primary-strong underline"
                      href={theme.branding.privacyUrl}
                      target="_blank"
                      rel="noreferrer"
                    />
                  ),
                }}
              />
            }
          />
        </div>
      </form>
    </OnboardingLayout>
  );
}

export function BusinessTypePage() {
  const { t } = useTranslation();
  const onboarding = useOnboarding();
  if (isOnboardingLoading(onboarding)) {
    return <OnboardingPageLoading path={PATH} title={t('pages.onboarding.businessType.title')} />;
  }
  const saved = onboarding.data?.businessType;
  const code = saved?.establishmentCountryCode ?? '';
  const isServed = code === '' || SERVED_COUNTRY_CODES.includes(code);
  // The form starts from the server's values so a reload shows what was saved.
  const initial: BusinessTypeValues = {
    legalNameOfBusiness: saved?.legalNameOfBusiness ?? '',
    countryChoice: isServed ? code : OTHER,
    otherCountryCode: isServed ? '' : code,
    companyType: saved?.companyType ?? '',
    legalForm: saved?.legalForm ?? '',
    termsAndConditionsAccepted: onboarding.data?.termsAndConditionsAccepted ?? false,
  };
  return <BusinessTypeForm key={onboarding.data?.companyId ?? 'none'} initial={initial} />;
}
