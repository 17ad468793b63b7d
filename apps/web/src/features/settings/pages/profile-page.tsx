import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { TextField } from '../../../components/ui/text-field';
import { useAuthStore } from '../../../lib/auth/auth-store';
import { isHttpError } from '../../../lib/http/http-error';
import type { MessageRef } from '../../../lib/i18n/message';
import { useUpdateProfile } from '../api/update-profile';
import { SaveStatus, SettingsSection } from '../components/settings-section';
import { validateName } from '../validation';

type NameField = 'firstName' | 'lastName';

/** The API names the field at fault in `details`; anything else is a general failure. */
function fieldErrorsOf(error: unknown): Partial<Record<NameField, MessageRef>> {
  if (!isHttpError(error) || error.status !== 400 || !Array.isArray(error.details)) return {};
  const errors: Partial<Record<NameField, MessageRef>> = {};
  for (const detail of error.details as { field?: unknown }[]) {
    if (detail.field === 'firstName' || detail.field === 'lastName') {
      errors[detail.field] = { key: `settings.validation.${detail.field}Invalid` };
    }
  }
  return errors;
}

/** First and last name (PATCH User/{id}); the e-mail comes from the identity provider and is shown read-only. */
export function ProfilePage() {
  const { t } = useTranslation();
  const user = useAuthStore((state) => state.user);
  if (!user) {
    return (
      <SettingsSection id="settings-profile" title={t('settings.sections.profile.title')}>
        <div aria-busy="true" className="flex flex-col gap-4">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      </SettingsSection>
    );
  }
  return (
    <ProfileForm
      key={user.userId}
      userId={user.userId}
      email={user.email}
      initial={{ firstName: user.firstName ?? '', lastName: user.lastName ?? '' }}
    />
  );
}

function ProfileForm({
  userId,
  email,
  initial,
}: {
  userId: string;
  email: string;
  initial: Record<NameField, string>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const update = useUpdateProfile();
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Record<NameField, boolean>>({ firstName: false, lastName: false });
  const [serverErrors, setServerErrors] = useState<Partial<Record<NameField, MessageRef>>>({});
  const [isSaved, setIsSaved] = useState(false);

  const clientError = (field: NameField) => validateName(values[field], field);
  const errorText = (field: NameField): string | null => {
    const error = (touched[field] ? clientError(field) : null) ?? serverErrors[field] ?? null;
    return error ? t(error.key, error.values) : null;
  };

  const setValue = (field: NameField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => ({ ...current, [field]: undefined }));
    setIsSaved(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched({ firstName: true, lastName: true });
    setIsSaved(false);
    const firstInvalid = (['firstName', 'lastName'] as const).find((field) => clientError(field) !== null);
    if (firstInvalid) {
      document.getElementById(`${id}-${firstInvalid}`)?.focus();
      return;
    }
    update.mutate(
      { userId, changes: { firstName: values.firstName.trim(), lastName: values.lastName.trim() } },
      {
        onSuccess: (profile) => {
          setValues({ firstName: profile.firstName ?? '', lastName: profile.lastName ?? '' });
          setTouched({ firstName: false, lastName: false });
          setIsSaved(true);
        },
        onError: (error) => setServerErrors(fieldErrorsOf(error)),
      },
    );
  };

  const hasFieldErrorFromServer = Object.values(serverErrors).some(Boolean);

  return (
    <SettingsSection
      id="settings-profile"
      title={t('settings.sections.profile.title')}
      description={t('settings.profile.description')}
    >
      <form noValidate onSubmit={submit} className="flex max-w-xl flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id={`${id}-firstName`}
            label={t('settings.profile.firstName')}
            value={values.firstName}
            autoComplete="given-name"
            isRequired
            onChange={(value) => setValue('firstName', value)}
            onBlur={() => setTouched((current) => ({ ...current, firstName: true }))}
            error={errorText('firstName')}
          />
          <TextField
            id={`${id}-lastName`}
            label={t('settings.profile.lastName')}
            value={values.lastName}
            autoComplete="family-name"
            isRequired
            onChange={(value) => setValue('lastName', value)}
            onBlur={() => setTouched((current) => ({ ...current, lastName: true }))}
            error={errorText('lastName')}
          />
        </div>
        <TextField
          id={`${id}-email`}
          label={t('settings.profile.email')}
          type="email"
          value={email}
          isReadOnly
          hint={t('settings.profile.emailHint')}
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? t('settings.profile.saving') : t('settings.profile.save')}
          </Button>
          {isSaved ? <SaveStatus tone="success">{t('settings.profile.saved')}</SaveStatus> : null}
          {update.isError && !hasFieldErrorFromServer ? (
            <SaveStatus tone="danger">
              {t('settings.profile.errors.saveFailed', { message: update.error.message })}
            </SaveStatus>
          ) : null}
        </div>
      </form>
    </SettingsSection>
  );
}
