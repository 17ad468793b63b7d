import type { FieldIssue } from '@vatlas/domain';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isEditConflict } from '../../../lib/forms/edit-conflict';
import { fieldErrorsFromIssues, fieldErrorsOfBadRequest } from '../../../lib/forms/field-issues';
import type { ErrorSummaryItem } from './error-summary';
import type { FieldErrors } from './form-errors';
import { toErrorSummary } from './form-errors';

/**
 * The business-profile forms (legal representative, business details, banking) share this: the domain's rules
 * answer issues with a code, the API's 400 answers the same codes, and both become translated per-field messages.
 */

const ISSUE_NAMESPACES = ['onboarding.businessProfile.errors'] as const;

/** A 400 with field details becomes field errors; anything else is one form-level message. */
function fieldErrorsFromSaveError(t: TFunction, error: unknown): FieldErrors {
  return (
    fieldErrorsOfBadRequest(t, error, { namespaces: ISSUE_NAMESPACES }) ?? { form: t('onboarding.layout.saveFailed') }
  );
}

/**
 * Controlled form state: the values, the per-field errors, and a submit that checks the domain rules first and
 * sends only what passes. A field's error disappears as soon as it is edited. `revision` is the stored record's the
 * values were filled from, which a save sends back; a save refused for an edit conflict (decision 052) sets
 * `isConflict` until the form is filled again.
 */
export function useProfileForm<V extends Record<string, string>>(options: {
  initial: V;
  revision: string;
  fieldOrder: readonly (keyof V & string)[];
  idPrefix: string;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<V>(options.initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [revision, setRevision] = useState(options.revision);
  const [isConflict, setIsConflict] = useState(false);

  const setValue = (field: keyof V & string, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      if (!current[field]) return current;
      const { [field]: _removed, ...rest } = current;
      return rest;
    });
  };

  const idOf = (field: string) => `${options.idPrefix}-${field}`;
  const summary: ErrorSummaryItem[] = toErrorSummary(errors, options.fieldOrder, idOf);

  return {
    values,
    setValues,
    setValue,
    errors,
    idOf,
    summary,
    revision,
    isConflict,
    showIssues: (issues: readonly FieldIssue[]) => setErrors(fieldErrorsFromIssues(t, issues, ISSUE_NAMESPACES)),
    /** Before a save is sent: no error of an earlier one. */
    clearErrors: () => {
      setErrors({});
      setIsConflict(false);
    },
    showSaveError: (error: unknown) =>
      isEditConflict(error) ? setIsConflict(true) : setErrors(fieldErrorsFromSaveError(t, error)),
    /**
     * Filled from the stored record `load` fetches again (after an edit conflict): every edit dropped, no error, and
     * the stored revision to send back. Answers the record.
     */
    reloadFrom: async <R extends { revision: string }>(load: () => Promise<R>, toValues: (stored: R) => V) => {
      const stored = await load();
      setValues(toValues(stored));
      setRevision(stored.revision);
      setErrors({});
      setIsConflict(false);
      return stored;
    },
  };
}

/** Country names in the user's language, sorted for a select; Intl knows them, so no list is shipped. */
export function countryOptions(codes: readonly string[], language: string): { value: string; label: string }[] {
  const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
  return codes
    .map((code) => ({ value: code, label: names.of(code) ?? code }))
    .sort((a, b) => a.label.localeCompare(b.label, language));
}
