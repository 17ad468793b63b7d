import type { CompanyUser, Language } from '@vatlas/contract';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { SUPPORTED_LANGUAGES, toSupportedLanguage } from '../../../lib/i18n/i18n';
import type { MessageRef } from '../../../lib/i18n/message';
import {
  type AddUserStep,
  buildAddUserRequest,
  decideAfterEmailCheck,
  describeAddUserError,
  type FieldErrors,
} from '../add-user-flow';
import { useAddUserCalls } from '../api/add-users';
import { languageName } from '../language-names';
import { validateEmail } from '../validation';
import { ModalDialog } from './modal-dialog';
import { SelectField } from './select-field';
import { SaveStatus } from './settings-section';

/**
 * Adding a person, as spec §5 says and issue 7 reads it (decision 010): the e-mail address is checked first
 * (CheckEmailAddress). An address that belongs to a Vatlas account is added as a full user with the person's own name
 * and language, userCreationType 1, and they are told by e-mail; an address nobody uses yet is invited by e-mail
 * alone, userCreationType 2, in the invitation language chosen here. No names are asked for: a profile is its owner's.
 * A request that outlives the HTTP timeout shows spec §8's message: the person may have been added.
 */
export function AddUserDialog({
  companyId,
  companyName,
  returnFocusTo,
  onClose,
  onAdded,
}: {
  companyId: string;
  companyName: string;
  returnFocusTo: () => HTMLElement | null;
  onClose: () => void;
  onAdded: (user: CompanyUser, kind: Exclude<AddUserStep, { kind: 'email' }>['kind']) => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const { check, add } = useAddUserCalls(companyId);
  const [step, setStep] = useState<AddUserStep>({ kind: 'email' });
  const [email, setEmail] = useState('');
  const [language, setLanguage] = useState<Language>(toSupportedLanguage(i18n.language) ?? 'en');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [general, setGeneral] = useState<{ message: MessageRef } | null>(null);
  const isBusy = check.isPending || add.isPending;

  // Each step replaces the form, so the focus would fall out of the dialog: put it where the next input is.
  useEffect(() => {
    if (step.kind === 'new-address') document.getElementById(`${id}-language`)?.focus();
    else if (step.kind === 'existing-user') document.getElementById(`${id}-submit`)?.focus();
    else if (emailRef.current && emailRef.current.ownerDocument.activeElement !== emailRef.current) {
      emailRef.current.focus();
    }
  }, [step.kind, id]);

  const text = (ref: MessageRef | null | undefined) => (ref ? t(ref.key, ref.values) : null);
  const focusField = (field: keyof FieldErrors) => document.getElementById(`${id}-${field}`)?.focus();

  const submitEmail = (event: FormEvent) => {
    event.preventDefault();
    if (isBusy) return;
    setGeneral(null);
    const error = validateEmail(email);
    if (error) {
      setErrors({ email: error });
      emailRef.current?.focus();
      return;
    }
    const address = email.trim();
    check.mutate(address, {
      onSettled: (_data, checkError) => {
        const next = decideAfterEmailCheck(address, checkError ? { ok: false, error: checkError } : { ok: true });
        if (next.kind === 'error') {
          setErrors({ email: next.error });
          emailRef.current?.focus();
          return;
        }
        setErrors({});
        setStep(next);
      },
    });
  };

  const submitPerson = (event: FormEvent) => {
    event.preventDefault();
    if (step.kind === 'email' || isBusy) return;
    setGeneral(null);
    setErrors({});
    add.mutate(buildAddUserRequest(step, { language }), {
      onSuccess: ([added]) => {
        if (added) onAdded(added, step.kind);
        dialogRef.current?.close();
      },
      onError: (error) => {
        const failure = describeAddUserError(error);
        if (failure.kind === 'fields') {
          setErrors(failure.errors);
          if (failure.errors.email) setStep({ kind: 'email' });
          else if (failure.errors.language) focusField('language');
        } else {
          setGeneral({ message: failure.message });
        }
      },
    });
  };

  const backToEmail = () => {
    setStep({ kind: 'email' });
    setErrors({});
    setGeneral(null);
  };

  const titleId = `${id}-title`;
  return (
    <ModalDialog titleId={titleId} onClose={onClose} returnFocusTo={returnFocusTo} dialogRef={dialogRef}>
      <h2 id={titleId} className="text-lg font-semibold text-fg">
        {t('settings.users.add.title', { company: companyName })}
      </h2>

      {step.kind === 'email' ? (
        <form noValidate onSubmit={submitEmail} className="flex flex-col gap-4">
          <p className="text-sm text-fg-secondary">{t('settings.users.add.emailIntro')}</p>
          <TextField
            id={`${id}-email`}
            inputRef={emailRef}
            label={t('settings.users.add.email')}
            type="email"
            autoComplete="off"
            isRequired
            value={email}
            onChange={(value) => {
              setEmail(value);
              setErrors({});
            }}
            error={text(errors.email)}
          />
          <DialogButtons
            onCancel={() => dialogRef.current?.close()}
            submitLabel={check.isPending ? t('settings.users.add.checking') : t('settings.users.add.continue')}
            isBusy={isBusy}
          />
        </form>
      ) : (
        <form noValidate onSubmit={submitPerson} className="flex flex-col gap-4">
          <div className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-light px-3 py-2 text-sm">
            <span className="min-w-0 wrap-anywhere">
              <span className="text-fg-secondary">{t('settings.users.add.email')}: </span>
              <span className="font-medium text-fg">{step.email}</span>
            </span>
            <Button variant="secondary" className="px-3 py-1.5" onClick={backToEmail} disabled={isBusy}>
              {t('settings.users.add.changeEmail')}
            </Button>
          </div>
          {step.kind === 'new-address' ? (
            <>
              <p className="text-sm text-fg-secondary">
                {t('settings.users.add.newAddressIntro', { company: companyName })}
              </p>
              <SelectField
                id={`${id}-language`}
                label={t('settings.users.add.invitationLanguage')}
                hint={t('settings.users.add.invitationLanguageHint')}
                value={language}
                onChange={(value) => {
                  setLanguage(value as Language);
                  setErrors({});
                }}
              >
                {SUPPORTED_LANGUAGES.map((option) => (
                  <option key={option} value={option} lang={option}>
                    {languageName(option)}
                  </option>
                ))}
              </SelectField>
              {errors.language ? <SaveStatus tone="danger">{text(errors.language)}</SaveStatus> : null}
            </>
          ) : (
            <p className="text-sm text-fg-secondary">
              {t('settings.users.add.existingUserIntro', { company: companyName })}
            </p>
          )}
          {general ? <SaveStatus tone="danger">{text(general.message)}</SaveStatus> : null}
          <DialogButtons
            onCancel={() => dialogRef.current?.close()}
            submitLabel={add.isPending ? t('settings.users.add.adding') : t('settings.users.add.submit')}
            isBusy={isBusy}
            submitId={`${id}-submit`}
          />
        </form>
      )}
    </ModalDialog>
  );
}

function DialogButtons({
  onCancel,
  submitLabel,
  isBusy,
  submitId,
}: {
  onCancel: () => void;
  submitLabel: string;
  isBusy: boolean;
  submitId?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button variant="secondary" onClick={onCancel}>
        {t('settings.users.add.cancel')}
      </Button>
      {/* Not disabled while busy, which would drop the focus out of the dialog; a second submit is ignored. */}
      <Button id={submitId} type="submit" aria-disabled={isBusy} aria-busy={isBusy}>
        {submitLabel}
      </Button>
    </div>
  );
}
