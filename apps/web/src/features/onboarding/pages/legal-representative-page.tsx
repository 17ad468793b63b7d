import {
  ID_DOCUMENT_TYPES,
  ISO_COUNTRY_CODES,
  type LegalRepresentativeInput,
  todayIsoDate,
  validateLegalRepresentative,
} from '@vatlas/domain';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { EditConflictAlert } from '../../../lib/forms/edit-conflict';
import {
  type LegalRepresentativeResponse,
  useLegalRepresentative,
  useReloadLegalRepresentative,
} from '../api/get-legal-representative';
import { useSaveLegalRepresentative } from '../api/save-legal-representative';
import { countryOptions, useProfileForm } from '../components/business-profile-form';
import { BusinessProfileLoading } from '../components/business-profile-loading';
import { SelectField, TextField } from '../components/form-fields';
import { OnboardingLayout, useFlowNavigation } from '../components/onboarding-layout';

const PATH = paths.onboarding.legalRepresentative.path;
const FORM_ID = 'legal-representative-form';
const FIELDS = [
  'firstName',
  'lastName',
  'dateOfBirth',
  'nationality',
  'idDocumentType',
  'idDocumentNumber',
  'idDocumentExpiry',
] as const;

const toFormValues = (saved: LegalRepresentativeResponse): LegalRepresentativeInput => ({
  firstName: saved.firstName ?? '',
  lastName: saved.lastName ?? '',
  dateOfBirth: saved.dateOfBirth ?? '',
  nationality: saved.nationality ?? '',
  idDocumentType: saved.idDocumentType ?? '',
  idDocumentNumber: saved.idDocumentNumber ?? '',
  idDocumentExpiry: saved.idDocumentExpiry ?? '',
});

export function LegalRepresentativeForm({
  initial,
  revision,
  onSaved,
}: {
  initial: LegalRepresentativeInput;
  /** The stored record's the values were filled from (decision 052). */
  revision: string;
  onSaved: () => void;
}) {
  const { t, i18n } = useTranslation();
  const save = useSaveLegalRepresentative();
  const reload = useReloadLegalRepresentative();
  const form = useProfileForm({ initial, revision, fieldOrder: FIELDS, idPrefix: 'legal-representative' });
  const { values, errors, idOf, setValue } = form;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateLegalRepresentative(values, todayIsoDate());
    if (!result.isValid) return form.showIssues(result.issues);
    form.clearErrors();
    save.mutate({ ...values, revision: form.revision }, { onSuccess: onSaved, onError: form.showSaveError });
  };

  const label = (field: string) => t(`onboarding.businessProfile.legalRepresentative.fields.${field}`);
  return (
    <OnboardingLayout
      path={PATH}
      title={t('onboarding.businessProfile.legalRepresentative.title')}
      description={t('onboarding.businessProfile.legalRepresentative.description')}
      formId={FORM_ID}
      isSaving={save.isPending}
      errors={form.summary}
    >
      <form id={FORM_ID} noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={idOf('firstName')}
          label={label('firstName')}
          value={values.firstName}
          onChange={(value) => setValue('firstName', value)}
          error={errors.firstName}
          autoComplete="given-name"
        />
        <TextField
          id={idOf('lastName')}
          label={label('lastName')}
          value={values.lastName}
          onChange={(value) => setValue('lastName', value)}
          error={errors.lastName}
          autoComplete="family-name"
        />
        <TextField
          id={idOf('dateOfBirth')}
          type="date"
          label={label('dateOfBirth')}
          hint={t('onboarding.businessProfile.legalRepresentative.hints.dateOfBirth')}
          value={values.dateOfBirth}
          onChange={(value) => setValue('dateOfBirth', value)}
          error={errors.dateOfBirth}
          autoComplete="bday"
        />
        <SelectField
          id={idOf('nationality')}
          label={label('nationality')}
          placeholder={t('onboarding.businessProfile.choose')}
          options={countryOptions(ISO_COUNTRY_CODES, i18n.language)}
          value={values.nationality}
          onChange={(value) => setValue('nationality', value)}
          error={errors.nationality}
        />
        <SelectField
          id={idOf('idDocumentType')}
          label={label('idDocumentType')}
          placeholder={t('onboarding.businessProfile.choose')}
          options={ID_DOCUMENT_TYPES.map((type) => ({
            value: type,
            label: t(`onboarding.businessProfile.legalRepresentative.documentTypes.${type}`),
          }))}
          value={values.idDocumentType}
          onChange={(value) => setValue('idDocumentType', value)}
          error={errors.idDocumentType}
        />
        <TextField
          id={idOf('idDocumentNumber')}
          label={label('idDocumentNumber')}
          hint={t('onboarding.businessProfile.legalRepresentative.hints.idDocumentNumber')}
          value={values.idDocumentNumber}
          onChange={(value) => setValue('idDocumentNumber', value)}
          error={errors.idDocumentNumber}
          autoComplete="off"
        />
        <TextField
          id={idOf('idDocumentExpiry')}
          type="date"
          label={label('idDocumentExpiry')}
          value={values.idDocumentExpiry}
          onChange={(value) => setValue('idDocumentExpiry', value)}
          error={errors.idDocumentExpiry}
        />
        {form.isConflict ? (
          <EditConflictAlert className="sm:col-span-2" onReload={() => form.reloadFrom(reload, toFormValues)} />
        ) : null}
      </form>
    </OnboardingLayout>
  );
}

export function LegalRepresentativePage() {
  const { t } = useTranslation();
  const saved = useLegalRepresentative();
  const { goNext } = useFlowNavigation(PATH);
  if (!saved.data) {
    return (
      <BusinessProfileLoading
        path={PATH}
        title={t('onboarding.businessProfile.legalRepresentative.title')}
        isError={saved.isError}
      />
    );
  }
  return <LegalRepresentativeForm initial={toFormValues(saved.data)} revision={saved.data.revision} onSaved={goNext} />;
}
