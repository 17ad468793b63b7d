import {
  EU_COUNTRY_CODES,
  frequencyRecordOf,
  hasAnnualReturn,
  REGISTRATION_STATUSES,
  type RegistrationStatus,
  type ReturnFrequency,
  validateJurisdictionRegistration,
} from '@vatlas/domain';
import type { TFunction } from 'i18next';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { focusRing, TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { useAuthStore } from '../../../lib/auth/auth-store';
import { cn } from '../../../lib/cn';
import { useFormatters } from '../../../lib/format/format';
import { useCountryName } from '../../../lib/format/use-country-name';
import { EditConflictAlert, isEditConflict } from '../../../lib/forms/edit-conflict';
import { fieldErrorsFromIssues, fieldErrorsOfBadRequest } from '../../../lib/forms/field-issues';
import {
  type JurisdictionRegistrationDto,
  type MissingRegistration,
  type TaxSchemes,
  type TaxSchemesResponse,
  useReloadTaxRegistrations,
  useReloadTaxSchemes,
  useSaveJurisdictionRegistration,
  useSaveTaxSchemes,
  useTaxRegistrations,
  useTaxSchemes,
} from '../api/tax-registrations';
import { SelectField } from '../components/select-field';
import { SaveStatus, SettingsSection } from '../components/settings-section';

/**
 * The company's tax registrations: per jurisdiction it chose, where it stands with the tax office, its VAT number
 * there and how often it files; and its OSS and IOSS registrations. Each save recomputes the liabilities and filings
 * on the server, so the calendar and the EC Sales List follow at once.
 */
export function TaxRegistrationsPage() {
  const { t } = useTranslation();
  const companyId = useAuthStore((state) => state.selectedCompanyId);
  const registrations = useTaxRegistrations(companyId);
  const schemes = useTaxSchemes(companyId);

  return (
    <div className="flex flex-col gap-8">
      <SettingsSection
        id="settings-registrations"
        title={t('settings.sections.registrations.title')}
        description={t('settings.registrations.description')}
      >
        {registrations.isPending || companyId === null ? (
          <Loading label={t('settings.registrations.loading')} />
        ) : registrations.isError ? (
          <LoadFailed message={registrations.error.message} onRetry={() => void registrations.refetch()} />
        ) : registrations.data.jurisdictions.length === 0 ? (
          <>
            <MissingRegistrations missing={registrations.data.missingRegistrations} />
            <EmptyState
              title={t('settings.registrations.empty.title')}
              text={t('settings.registrations.empty.text')}
              action={
                <Link
                  to={paths.onboarding.jurisdictionsSelection.getHref()}
                  className={cn('font-semibold text-primary-strong underline', focusRing)}
                >
                  {t('settings.registrations.empty.action')}
                </Link>
              }
            />
          </>
        ) : (
          <>
            <MissingRegistrations missing={registrations.data.missingRegistrations} />
            <ul className="flex flex-col divide-y divide-border">
              {registrations.data.jurisdictions.map((registration) => (
                <li key={registration.countryCode} className="py-4 first:pt-0 last:pb-0">
                  <JurisdictionForm companyId={companyId} registration={registration} />
                </li>
              ))}
            </ul>
          </>
        )}
      </SettingsSection>

      <SettingsSection
        id="settings-schemes"
        title={t('settings.registrations.schemes.title')}
        description={t('settings.registrations.schemes.description')}
      >
        {schemes.isPending || companyId === null ? (
          <Loading label={t('settings.registrations.schemes.loading')} />
        ) : schemes.isError ? (
          <LoadFailed message={schemes.error.message} onRetry={() => void schemes.refetch()} />
        ) : (
          <SchemesForm companyId={companyId} saved={schemes.data} />
        )}
      </SettingsSection>
    </div>
  );
}

/**
 * Registration relevance: the countries the stored tax position declares in (sales taxed there, goods dispatched from
 * or arriving there) where the company is not registered, or only from a later month or until an earlier one. Nothing
 * when there are none.
 */
function MissingRegistrations({ missing }: { missing: readonly MissingRegistration[] }) {
  const { t, i18n } = useTranslation();
  const format = useFormatters();
  const countryName = useCountryName();
  const headingId = useId();
  if (missing.length === 0) return null;
  /** Where the company stands there: not a jurisdiction, its status, or a registration whose days leave months out. */
  const standing = (item: MissingRegistration): string => {
    switch (item.registration) {
      case 'not-chosen':
        return t('settings.registrations.missing.notChosen');
      case 'registered-later':
        return t('settings.registrations.missing.registeredLater', { date: format.date(item.registeredFrom ?? '') });
      case 'registration-ended':
        return t('settings.registrations.missing.registrationEnded', {
          date: format.date(item.registeredUntil ?? ''),
        });
      default:
        return t(`settings.registrations.statuses.${item.registration}`);
    }
  };
  const month = new Intl.DateTimeFormat(i18n.language, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return (
    <section aria-labelledby={headingId} className="mb-6 rounded-lg border border-warning bg-surface p-4">
      <h3 id={headingId} className="text-base font-semibold text-fg">
        {t('settings.registrations.missing.title')}
      </h3>
      <p className="mt-1 text-sm text-fg-secondary">{t('settings.registrations.missing.text')}</p>
      <ul className="mt-3 flex list-disc flex-col gap-1 pl-5 text-sm text-fg">
        {missing.map((item) => (
          <li key={item.countryCode}>
            {t('settings.registrations.missing.item', {
              country: countryName(item.countryCode),
              since: month.format(new Date(`${item.since}T00:00:00Z`)),
              count: item.transactionCount,
            })}{' '}
            <span className="font-semibold">{standing(item)}</span>
          </li>
        ))}
      </ul>
      {missing.some((item) => item.registration === 'not-chosen') ? (
        <Link
          to={paths.onboarding.jurisdictionsSelection.getHref()}
          className={cn('mt-3 inline-block text-sm font-semibold text-primary-strong underline', focusRing)}
        >
          {t('settings.registrations.empty.action')}
        </Link>
      ) : null}
    </section>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <div aria-busy="true" className="flex flex-col gap-3">
      <span className="sr-only" role="status">
        {label}
      </span>
      {[1, 2, 3].map((row) => (
        <Skeleton key={row} className="h-10 w-full" />
      ))}
    </div>
  );
}

function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-start gap-3">
      <p role="alert" className="text-sm text-danger">
        {t('settings.registrations.loadFailed', { message })}
      </p>
      <Button variant="secondary" onClick={onRetry}>
        {t('settings.retry')}
      </Button>
    </div>
  );
}

/** This page's own issue codes first, then the VAT-number codes the business details share. */
const ISSUE_NAMESPACES = ['settings.registrations.errors', 'onboarding.businessProfile.errors'] as const;

/** The issues of a refused save by field; `form` for anything that is not about one field. */
function errorsOfSave(t: TFunction, error: unknown): Partial<Record<string, string>> {
  return (
    fieldErrorsOfBadRequest(t, error, { namespaces: ISSUE_NAMESPACES, isPathKept: true }) ?? {
      form: t('settings.registrations.saveFailed', { message: (error as Error).message }),
    }
  );
}

type JurisdictionValues = {
  registrationStatus: RegistrationStatus;
  registeredFrom: string;
  registeredUntil: string;
  vatNumber: string;
  filingFrequency: string;
  filingFrequencyFrom: string;
  hasDeadlineExtension: boolean;
  vatStagger: string;
};

const valuesOf = (registration: JurisdictionRegistrationDto): JurisdictionValues => ({
  registrationStatus: registration.registrationStatus,
  registeredFrom: registration.registeredFrom ?? '',
  registeredUntil: registration.registeredUntil ?? '',
  vatNumber: registration.vatNumber ?? '',
  filingFrequency: registration.filingFrequency ?? '',
  filingFrequencyFrom: registration.filingFrequencyFrom ?? '',
  hasDeadlineExtension: registration.hasDeadlineExtension,
  vatStagger: registration.vatStagger === null ? '' : String(registration.vatStagger),
});

function JurisdictionForm({
  companyId,
  registration,
}: {
  companyId: string;
  registration: JurisdictionRegistrationDto;
}) {
  const { t } = useTranslation();
  const id = useId();
  const countryName = useCountryName();
  const format = useFormatters();
  const save = useSaveJurisdictionRegistration(companyId);
  const reload = useReloadTaxRegistrations(companyId);
  // The stored registration the form was filled from: its revision goes with the save (decision 052), and the frequency
  // history is derived from it, not from a newer one a refetch brought meanwhile.
  const [base, setBase] = useState(registration);
  const [values, setValues] = useState(() => valuesOf(registration));
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [isSaved, setIsSaved] = useState(false);
  const [isConflict, setIsConflict] = useState(false);
  const { countryCode, deadlineExtension, vatStaggers } = registration;
  const name = countryName(countryCode);
  const frequencyName = (frequency: ReturnFrequency) => t(`onboarding.jurisdictionInfo.frequencies.${frequency}`);

  const setValue = <K extends keyof JurisdictionValues>(field: K, value: JurisdictionValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _edited, form: _form, ...rest }) => rest);
    setIsSaved(false);
  };

  const fill = (stored: JurisdictionRegistrationDto) => {
    setBase(stored);
    setValues(valuesOf(stored));
    setErrors({});
  };

  const reloadStored = async () => {
    const stored = (await reload()).jurisdictions.find((item) => item.countryCode === countryCode);
    // A jurisdiction no longer chosen leaves the list, and this form with it.
    if (stored) fill(stored);
    setIsConflict(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setIsSaved(false);
    setIsConflict(false);
    const body = {
      registrationStatus: values.registrationStatus,
      registeredFrom: values.registeredFrom || null,
      registeredUntil: values.registeredUntil || null,
      vatNumber: values.vatNumber,
      filingFrequency: (values.filingFrequency || null) as ReturnFrequency | null,
      filingFrequencyFrom: values.filingFrequencyFrom || null,
      // Only a country that grants an extension is asked about it, and only one with staggers about a stagger.
      ...(deadlineExtension !== null && { hasDeadlineExtension: values.hasDeadlineExtension }),
      ...(vatStaggers.length > 0 && { vatStagger: values.vatStagger === '' ? null : Number(values.vatStagger) }),
      revision: base.revision,
    };
    // The server's rules, run first here: a wrong number or day is shown without a round trip.
    const stored = {
      frequency: base.filingFrequency,
      before: base.previousFilingFrequency,
      from: base.filingFrequencyFrom,
    };
    const checked = validateJurisdictionRegistration(body, countryCode);
    const record = frequencyRecordOf(
      body.filingFrequencyFrom,
      body.filingFrequency,
      stored,
      countryCode,
      body.vatStagger ?? null,
    );
    const issues = [...(checked.isValid ? [] : checked.issues), ...(record.isValid ? [] : record.issues)];
    if (issues.length > 0) {
      setErrors(fieldErrorsFromIssues(t, issues, ISSUE_NAMESPACES));
      document.getElementById(`${id}-${issues[0]?.field}`)?.focus();
      return;
    }
    save.mutate(
      { countryCode, body },
      {
        onSuccess: (saved) => {
          fill(saved);
          setIsSaved(true);
        },
        onError: (error) => (isEditConflict(error) ? setIsConflict(true) : setErrors(errorsOfSave(t, error))),
      },
    );
  };

  const headingId = `${id}-heading`;
  return (
    <form noValidate onSubmit={submit} aria-labelledby={headingId} className="flex flex-col gap-4">
      <h3 id={headingId} className="text-base font-semibold text-fg">
        {name} <span className="font-normal text-fg-secondary">({countryCode})</span>
      </h3>
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        <SelectField
          id={`${id}-registrationStatus`}
          label={t('settings.registrations.fields.status')}
          value={values.registrationStatus}
          onChange={(value) => setValue('registrationStatus', value as RegistrationStatus)}
        >
          {REGISTRATION_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`settings.registrations.statuses.${status}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          id={`${id}-registeredFrom`}
          type="date"
          label={t('settings.registrations.fields.registeredFrom')}
          value={values.registeredFrom}
          hint={t('settings.registrations.hints.registeredFrom')}
          onChange={(value) => setValue('registeredFrom', value)}
          error={errors.registeredFrom}
        />
        <TextField
          id={`${id}-registeredUntil`}
          type="date"
          label={t('settings.registrations.fields.registeredUntil')}
          value={values.registeredUntil}
          hint={t('settings.registrations.hints.registeredUntil')}
          onChange={(value) => setValue('registeredUntil', value)}
          error={errors.registeredUntil}
        />
        <TextField
          id={`${id}-vatNumber`}
          label={t('settings.registrations.fields.vatNumber')}
          value={values.vatNumber}
          autoComplete="off"
          isCode
          hint={
            registration.vatNumberExample
              ? t('settings.registrations.hints.vatNumber', { example: registration.vatNumberExample })
              : undefined
          }
          onChange={(value) => setValue('vatNumber', value)}
          error={errors.vatNumber}
        />
        <SelectField
          id={`${id}-filingFrequency`}
          label={t('settings.registrations.fields.frequency')}
          value={values.filingFrequency}
          hint={
            hasAnnualReturn(countryCode) ? t('settings.registrations.hints.annualReturn', { country: name }) : undefined
          }
          onChange={(value) => setValue('filingFrequency', value)}
          error={errors.filingFrequency}
        >
          <option value="">
            {t('settings.registrations.usualFrequency', { frequency: frequencyName(registration.defaultFrequency) })}
          </option>
          {registration.frequencies.map((frequency) => (
            <option key={frequency} value={frequency}>
              {frequencyName(frequency)}
            </option>
          ))}
        </SelectField>
        <TextField
          id={`${id}-filingFrequencyFrom`}
          type="date"
          label={t('settings.registrations.fields.frequencyFrom')}
          value={values.filingFrequencyFrom}
          hint={
            registration.filingFrequencyFrom
              ? t('settings.registrations.hints.frequencyBefore', {
                  date: format.date(registration.filingFrequencyFrom),
                  frequency: frequencyName(registration.previousFilingFrequency ?? registration.defaultFrequency),
                })
              : t('settings.registrations.hints.frequencyFrom')
          }
          onChange={(value) => setValue('filingFrequencyFrom', value)}
          error={errors.filingFrequencyFrom}
        />
        {vatStaggers.length === 0 ? null : (
          // Two columns wide: each option names the four months its quarters end in.
          <div className="md:col-span-2">
            <SelectField
              id={`${id}-vatStagger`}
              label={t('settings.registrations.fields.vatStagger')}
              value={values.vatStagger}
              hint={t('settings.registrations.hints.vatStagger')}
              onChange={(value) => setValue('vatStagger', value)}
              error={errors.vatStagger}
            >
              <option value="">{t('settings.registrations.staggerNotSet')}</option>
              {vatStaggers.map((stagger) => (
                <option key={stagger} value={String(stagger)}>
                  {t('settings.registrations.stagger', {
                    stagger,
                    months: format.list(
                      [3, 6, 9, 12].map((month) => format.monthName(((month + stagger - 2) % 12) + 1, 'short')),
                    ),
                  })}
                </option>
              ))}
            </SelectField>
          </div>
        )}
      </div>
      {deadlineExtension === null ? null : (
        <CheckboxField
          id={`${id}-hasDeadlineExtension`}
          label={t('settings.registrations.fields.deadlineExtension', { name: deadlineExtension.name })}
          hint={t('settings.registrations.hints.deadlineExtension', { count: deadlineExtension.months })}
          checked={values.hasDeadlineExtension}
          onChange={(checked) => setValue('hasDeadlineExtension', checked)}
          error={errors.hasDeadlineExtension}
        />
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending
            ? t('settings.registrations.saving')
            : t('settings.registrations.saveCountry', { country: name })}
        </Button>
        {save.isPending ? <SaveStatus tone="neutral">{t('settings.registrations.recomputing')}</SaveStatus> : null}
        {isSaved ? (
          <SaveStatus tone="success">{t('settings.registrations.saved', { country: name })}</SaveStatus>
        ) : null}
        {errors.form ? <SaveStatus tone="danger">{errors.form}</SaveStatus> : null}
        {isConflict ? <EditConflictAlert onReload={reloadStored} /> : null}
      </div>
    </form>
  );
}

type SchemeKind = 'oss' | 'ioss';
type SchemeValues = { isRegistered: boolean; memberState: string; effectiveFrom: string; identificationNumber: string };

const schemeValuesOf = (registration: TaxSchemes[SchemeKind]): SchemeValues => ({
  isRegistered: registration !== null,
  memberState: registration?.memberState ?? '',
  effectiveFrom: registration?.effectiveFrom ?? '',
  identificationNumber: registration?.identificationNumber ?? '',
});

/** Field errors of one scheme before it is sent: where it is registered and from when are what the engine needs. */
function schemeErrors(t: TFunction, values: SchemeValues): Record<string, string> {
  if (!values.isRegistered) return {};
  const errors: Record<string, string> = {};
  if (!EU_COUNTRY_CODES.includes(values.memberState))
    errors.memberState = t('settings.registrations.schemes.errors.memberState');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.effectiveFrom))
    errors.effectiveFrom = t('settings.registrations.schemes.errors.effectiveFrom');
  return errors;
}

function SchemesForm({ companyId, saved }: { companyId: string; saved: TaxSchemesResponse }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const countryName = useCountryName();
  const save = useSaveTaxSchemes(companyId);
  const reload = useReloadTaxSchemes(companyId);
  const [revision, setRevision] = useState(saved.revision);
  const [values, setValues] = useState(() => ({ oss: schemeValuesOf(saved.oss), ioss: schemeValuesOf(saved.ioss) }));
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [isSaved, setIsSaved] = useState(false);
  const [isConflict, setIsConflict] = useState(false);
  const memberStates = [...EU_COUNTRY_CODES]
    .map((code) => ({ code, name: countryName(code) }))
    .sort((a, b) => a.name.localeCompare(b.name, i18n.language));

  const setValue = (scheme: SchemeKind, changes: Partial<SchemeValues>) => {
    setValues((current) => ({ ...current, [scheme]: { ...current[scheme], ...changes } }));
    setErrors({});
    setIsSaved(false);
  };

  const fill = (stored: TaxSchemesResponse) => {
    setRevision(stored.revision);
    setValues({ oss: schemeValuesOf(stored.oss), ioss: schemeValuesOf(stored.ioss) });
    setErrors({});
  };

  const reloadStored = async () => {
    fill(await reload());
    setIsConflict(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setIsSaved(false);
    setIsConflict(false);
    const found: Record<string, string> = {};
    for (const scheme of ['oss', 'ioss'] as const) {
      for (const [field, message] of Object.entries(schemeErrors(t, values[scheme])))
        found[`${scheme}.${field}`] = message;
    }
    if (Object.keys(found).length > 0) {
      setErrors(found);
      document.getElementById(`${id}-${Object.keys(found)[0]?.replace('.', '-')}`)?.focus();
      return;
    }
    const toRegistration = (scheme: SchemeValues): TaxSchemes[SchemeKind] =>
      scheme.isRegistered
        ? {
            memberState: scheme.memberState,
            effectiveFrom: scheme.effectiveFrom,
            identificationNumber: scheme.identificationNumber.trim() || null,
          }
        : null;
    save.mutate(
      { oss: toRegistration(values.oss), ioss: toRegistration(values.ioss), revision },
      {
        onSuccess: (answer) => {
          fill(answer);
          setIsSaved(true);
        },
        onError: (error) => (isEditConflict(error) ? setIsConflict(true) : setErrors(errorsOfSave(t, error))),
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-6">
      {(['oss', 'ioss'] as const).map((scheme) => {
        const current = values[scheme];
        const fieldId = (field: string) => `${id}-${scheme}-${field}`;
        return (
          <fieldset key={scheme} className="flex flex-col gap-4">
            <legend className="text-base font-semibold text-fg">
              {t(`settings.registrations.schemes.${scheme}.title`)}
            </legend>
            <label className="flex items-start gap-2 text-sm text-fg">
              <input
                type="checkbox"
                checked={current.isRegistered}
                onChange={(event) => setValue(scheme, { isRegistered: event.target.checked })}
                className={cn('mt-0.5 h-4 w-4 accent-primary-strong', focusRing)}
              />
              {t(`settings.registrations.schemes.${scheme}.registered`)}
            </label>
            {current.isRegistered ? (
              <div className="grid gap-4 md:grid-cols-3">
                <SelectField
                  id={fieldId('memberState')}
                  label={t('settings.registrations.schemes.fields.memberState')}
                  value={current.memberState}
                  onChange={(memberState) => setValue(scheme, { memberState })}
                  error={errors[`${scheme}.memberState`]}
                >
                  <option value="">{t('settings.registrations.schemes.choose')}</option>
                  {memberStates.map((state) => (
                    <option key={state.code} value={state.code}>
                      {state.name}
                    </option>
                  ))}
                </SelectField>
                <TextField
                  id={fieldId('effectiveFrom')}
                  type="date"
                  label={t('settings.registrations.schemes.fields.effectiveFrom')}
                  value={current.effectiveFrom}
                  onChange={(effectiveFrom) => setValue(scheme, { effectiveFrom })}
                  error={errors[`${scheme}.effectiveFrom`]}
                />
                <TextField
                  id={fieldId('identificationNumber')}
                  label={t('settings.registrations.schemes.fields.identificationNumber')}
                  hint={t(`settings.registrations.schemes.${scheme}.numberHint`)}
                  value={current.identificationNumber}
                  isCode
                  onChange={(identificationNumber) => setValue(scheme, { identificationNumber })}
                  error={errors[`${scheme}.identificationNumber`]}
                />
              </div>
            ) : null}
          </fieldset>
        );
      })}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('settings.registrations.saving') : t('settings.registrations.schemes.save')}
        </Button>
        {save.isPending ? <SaveStatus tone="neutral">{t('settings.registrations.recomputing')}</SaveStatus> : null}
        {isSaved ? <SaveStatus tone="success">{t('settings.registrations.schemes.saved')}</SaveStatus> : null}
        {errors.form ? <SaveStatus tone="danger">{errors.form}</SaveStatus> : null}
        {isConflict ? <EditConflictAlert onReload={reloadStored} /> : null}
      </div>
    </form>
  );
}
