import { type BankAccountInput, validateBankAccount } from '@vatlas/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { EditConflictAlert } from '../../../lib/forms/edit-conflict';
import { type BankAccountResponse, useBankAccount, useReloadBankAccount } from '../api/get-bank-account';
import { useSaveBankAccount } from '../api/save-bank-account';
import { useProfileForm } from '../components/business-profile-form';
import { BusinessProfileLoading } from '../components/business-profile-loading';
import { TextField } from '../components/form-fields';
import { OnboardingLayout, useFlowNavigation } from '../components/onboarding-layout';

const PATH = paths.onboarding.banking.path;
const FORM_ID = 'banking-form';
const FIELDS = ['accountHolder', 'iban', 'bic'] as const;

type Warning = BankAccountResponse['warnings'][number];

/** Shown in groups of four, as printed on cards and statements; saved without spaces. */
const friendlyIban = (iban: string) => iban.replace(/(.{4})(?=.)/g, '$1 ');

const toFormValues = (saved: BankAccountResponse): BankAccountInput => ({
  accountHolder: saved.accountHolder ?? '',
  iban: saved.iban ? friendlyIban(saved.iban) : '',
  bic: saved.bic ?? '',
});

export function BankingForm({
  initial,
  revision,
  savedWarnings,
  onSaved,
}: {
  initial: BankAccountInput;
  /** The stored account's revision the values were filled from (decision 052). */
  revision: string;
  /** Warnings of the saved account, so a reload shows them again. */
  savedWarnings: readonly Warning[];
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveBankAccount();
  const reload = useReloadBankAccount();
  const form = useProfileForm({ initial, revision, fieldOrder: FIELDS, idPrefix: 'banking' });
  const { values, errors, idOf } = form;
  // A BIC of another country is allowed (payment institutions issue such accounts) but asked about once.
  // An account saved with a warning was confirmed then; a reload does not ask again.
  const [confirmedWarning, setConfirmedWarning] = useState<string | null>(
    savedWarnings.length > 0 ? JSON.stringify(savedWarnings) : null,
  );
  const [warnings, setWarnings] = useState<readonly Warning[]>(savedWarnings);

  const setValue = (field: (typeof FIELDS)[number], value: string) => {
    form.setValue(field, value);
    setWarnings([]);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateBankAccount(values);
    if (!result.isValid) return form.showIssues(result.issues);
    form.clearErrors();
    const signature = JSON.stringify(result.warnings);
    if (result.warnings.length > 0 && confirmedWarning !== signature) {
      setWarnings(result.warnings);
      setConfirmedWarning(signature);
      return;
    }
    save.mutate({ ...values, revision: form.revision }, { onSuccess: onSaved, onError: form.showSaveError });
  };

  const needsConfirmation = warnings.length > 0 && confirmedWarning !== null;
  const label = (field: string) => t(`onboarding.businessProfile.banking.fields.${field}`);
  return (
    <OnboardingLayout
      path={PATH}
      title={t('onboarding.businessProfile.banking.title')}
      description={t('onboarding.businessProfile.banking.description')}
      formId={FORM_ID}
      isSaving={save.isPending}
      errors={form.summary}
      nextLabel={needsConfirmation ? t('onboarding.businessProfile.banking.saveAnyway') : undefined}
    >
      <form id={FORM_ID} noValidate onSubmit={onSubmit} className="grid gap-4">
        <TextField
          id={idOf('accountHolder')}
          label={label('accountHolder')}
          value={values.accountHolder}
          onChange={(value) => setValue('accountHolder', value)}
          error={errors.accountHolder}
          autoComplete="organization"
        />
        <TextField
          id={idOf('iban')}
          label={label('iban')}
          hint={t('onboarding.businessProfile.banking.hints.iban')}
          value={values.iban}
          onChange={(value) => setValue('iban', value)}
          error={errors.iban}
          autoComplete="off"
        />
        <TextField
          id={idOf('bic')}
          label={label('bic')}
          hint={t('onboarding.businessProfile.banking.hints.bic')}
          value={values.bic}
          onChange={(value) => setValue('bic', value)}
          error={errors.bic}
          autoComplete="off"
        />
        {warnings.length > 0 ? (
          <div role="status" className="rounded-md border-2 border-warning bg-surface p-3 text-sm text-fg">
            {warnings.map((warning) => (
              <p key={warning.code}>
                {t(`onboarding.businessProfile.banking.warnings.${warning.code}`, warning.params)}
              </p>
            ))}
          </div>
        ) : null}
        {form.isConflict ? (
          <EditConflictAlert
            onReload={async () => {
              const stored = await form.reloadFrom(reload, toFormValues);
              setWarnings(stored.warnings);
              setConfirmedWarning(stored.warnings.length > 0 ? JSON.stringify(stored.warnings) : null);
            }}
          />
        ) : null}
      </form>
    </OnboardingLayout>
  );
}

export function BankingPage() {
  const { t } = useTranslation();
  const saved = useBankAccount();
  const { goNext } = useFlowNavigation(PATH);
  if (!saved.data) {
    return (
      <BusinessProfileLoading
        path={PATH}
        title={t('onboarding.businessProfile.banking.title')}
        isError={saved.isError}
      />
    );
  }
  return (
    <BankingForm
      initial={toFormValues(saved.data)}
      revision={saved.data.revision}
      savedWarnings={saved.data.warnings}
      onSaved={goNext}
    />
  );
}
