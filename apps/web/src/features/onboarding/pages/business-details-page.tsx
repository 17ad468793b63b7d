import {
  type BusinessDetailsInput,
  COMPANY_TYPES,
  type CompanyType,
  findVatNumberFormat,
  legalFormsFor,
  todayIsoDate,
  validateBusinessDetails,
} from '@vatlas/domain';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { EditConflictAlert } from '../../../lib/forms/edit-conflict';
import {
  type BusinessDetailsResponse,
  useBusinessDetails,
  useReloadBusinessDetails,
} from '../api/get-business-details';
import { useSaveBusinessDetails } from '../api/save-business-details';
import { useProfileForm } from '../components/business-profile-form';
import { BusinessProfileLoading } from '../components/business-profile-loading';
import { SelectField, TextField } from '../components/form-fields';
import { OnboardingLayout, useFlowNavigation } from '../components/onboarding-layout';

const PATH = paths.onboarding.businessDetails.path;
const FORM_ID = 'business-details-form';
const FIELDS = ['legalNameOfBusiness', 'legalForm', 'incorporationNumber', 'incorporationDate', 'vatNumber'] as const;

const toFormValues = (saved: BusinessDetailsResponse): BusinessDetailsInput => ({
  legalNameOfBusiness: saved.legalNameOfBusiness,
  legalForm: saved.legalForm ?? '',
  incorporationNumber: saved.incorporationNumber ?? '',
  incorporationDate: saved.incorporationDate ?? '',
  vatNumber: saved.vatNumber ?? '',
});

export function BusinessDetailsForm({
  initial,
  revision,
  establishmentCountryCode,
  companyType,
  onSaved,
}: {
  initial: BusinessDetailsInput;
  /** The company's revision the values were filled from (decision 052). */
  revision: string;
  /** The VAT number and the legal form are checked for this country (set on the business-type page). */
  establishmentCountryCode: string | null;
  companyType: string | null;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveBusinessDetails();
  const reload = useReloadBusinessDetails();
  const form = useProfileForm({ initial, revision, fieldOrder: FIELDS, idPrefix: 'business-details' });
  const { values, errors, idOf, setValue } = form;
  const vatFormat = establishmentCountryCode ? findVatNumberFormat(establishmentCountryCode) : undefined;
  const knownType = (COMPANY_TYPES as readonly string[]).includes(companyType ?? '')
    ? (companyType as CompanyType)
    : undefined;
  // The forms of the company's type (from business type), plus the saved one should it be of another type.
  const legalForms = legalFormsFor(establishmentCountryCode ?? '').filter(
    (form) =>
      !knownType || form.companyType === knownType || form.companyType === 'other' || form.code === initial.legalForm,
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateBusinessDetails(values, { establishmentCountryCode, today: todayIsoDate() });
    if (!result.isValid) return form.showIssues(result.issues);
    form.clearErrors();
    // The normalised VAT number goes back into the field, so what was saved is what the user sees.
    if (result.value.vatNumber !== null) setValue('vatNumber', result.value.vatNumber);
    save.mutate({ ...values, revision: form.revision }, { onSuccess: onSaved, onError: form.showSaveError });
  };

  const label = (field: string) => t(`onboarding.businessProfile.businessDetails.fields.${field}`);
  const hint = (field: string) => t(`onboarding.businessProfile.businessDetails.hints.${field}`);
  return (
    <OnboardingLayout
      path={PATH}
      title={t('onboarding.businessProfile.businessDetails.title')}
      description={t('onboarding.businessProfile.businessDetails.description')}
      formId={FORM_ID}
      isSaving={save.isPending}
      errors={form.summary}
    >
      <form id={FORM_ID} noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={idOf('legalNameOfBusiness')}
          className="sm:col-span-2"
          label={label('legalNameOfBusiness')}
          value={values.legalNameOfBusiness}
          onChange={(value) => setValue('legalNameOfBusiness', value)}
          error={errors.legalNameOfBusiness}
          autoComplete="organization"
        />
        <SelectField
          id={idOf('legalForm')}
          label={label('legalForm')}
          placeholder={t('onboarding.businessProfile.choose')}
          options={legalForms.map((form) => ({ value: form.code, label: form.name }))}
          value={values.legalForm}
          onChange={(value) => setValue('legalForm', value)}
          error={errors.legalForm}
        />
        <TextField
          id={idOf('incorporationNumber')}
          label={label('incorporationNumber')}
          hint={hint('incorporationNumber')}
          value={values.incorporationNumber}
          onChange={(value) => setValue('incorporationNumber', value)}
          error={errors.incorporationNumber}
        />
        <TextField
          id={idOf('incorporationDate')}
          type="date"
          label={label('incorporationDate')}
          value={values.incorporationDate}
          onChange={(value) => setValue('incorporationDate', value)}
          error={errors.incorporationDate}
        />
        <TextField
          id={idOf('vatNumber')}
          label={label('vatNumber')}
          isOptional
          hint={
            vatFormat
              ? t('onboarding.businessProfile.businessDetails.hints.vatNumber', { example: vatFormat.example })
              : t('onboarding.businessProfile.businessDetails.hints.vatNumberUnchecked')
          }
          value={values.vatNumber}
          onChange={(value) => setValue('vatNumber', value)}
          error={errors.vatNumber}
          autoComplete="off"
        />
        {form.isConflict ? (
          <EditConflictAlert className="sm:col-span-2" onReload={() => form.reloadFrom(reload, toFormValues)} />
        ) : null}
      </form>
    </OnboardingLayout>
  );
}

export function BusinessDetailsPage() {
  const { t } = useTranslation();
  const saved = useBusinessDetails();
  const { goNext } = useFlowNavigation(PATH);
  if (!saved.data) {
    return (
      <BusinessProfileLoading
        path={PATH}
        title={t('onboarding.businessProfile.businessDetails.title')}
        isError={saved.isError}
      />
    );
  }
  return (
    <BusinessDetailsForm
      initial={toFormValues(saved.data)}
      revision={saved.data.revision}
      establishmentCountryCode={saved.data.establishmentCountryCode}
      companyType={saved.data.companyType}
      onSaved={goNext}
    />
  );
}
