import { type AddUserRequest, type Language, USER_CREATION_TYPES } from '@vatlas/contract';
import { isHttpError } from '../../lib/http/http-error';
import { type MessageRef, message } from '../../lib/i18n/message';

/**
 * The add-user dialog's decisions (spec §5 as issue 7 reads it, decision 010), apart from the markup so each rule is
 * tested on its own: the e-mail is checked first; an address that belongs to a Vatlas user (the check succeeds) is
 * added as a full user with their own name and language, userCreationType 1; an address nobody has (the check fails,
 * 404 email_not_registered) is invited by e-mail only, userCreationType 2, in the invitation language chosen here.
 * Any other failure of the check (offline, a timeout, a refused address) is an error to show, never a silent
 * fall-back to an invitation.
 */

export type AddUserStep =
  | { kind: 'email' }
  /** The check succeeded: a Vatlas user has the address; they are added with their own profile and told by e-mail. */
  | { kind: 'existing-user'; email: string }
  /** The check failed: nobody has the address yet; ask for the language of the invitation e-mail. */
  | { kind: 'new-address'; email: string };

export type EmailCheckResult = { ok: true } | { ok: false; error: unknown };

export type AddUserFields = 'email' | 'language';
export type FieldErrors = Partial<Record<AddUserFields, MessageRef>>;

/** Where the dialog goes after CheckEmailAddress; `error` when the check could not decide. */
export function decideAfterEmailCheck(
  email: string,
  result: EmailCheckResult,
): AddUserStep | { kind: 'error'; error: MessageRef } {
  if (result.ok) return { kind: 'existing-user', email };
  const { error } = result;
  if (isHttpError(error) && error.status === 404 && error.code === 'email_not_registered') {
    return { kind: 'new-address', email };
  }
  return { kind: 'error', error: describeCheckError(error) };
}

/** Type 1 sends the address alone (the person's profile is theirs); type 2 the address and the invitation language. */
export function buildAddUserRequest(
  step: Exclude<AddUserStep, { kind: 'email' }>,
  invitation: { language: Language },
): AddUserRequest {
  if (step.kind === 'existing-user') return { userCreationType: USER_CREATION_TYPES.fullUser, email: step.email };
  return { userCreationType: USER_CREATION_TYPES.emailOnly, email: step.email, language: invitation.language };
}

function describeCheckError(error: unknown): MessageRef {
  if (isHttpError(error)) {
    if (error.kind === 'timeout') return message('settings.users.add.errors.checkTimeout');
    if (error.kind === 'network') return message('settings.users.add.errors.network');
    if (error.status === 400) return message('settings.validation.emailInvalid');
  }
  return message('settings.users.add.errors.checkFailed');
}

export type AddUserFailure =
  /** Spec §8: no answer within the HTTP timeout; the person may have been added. */
  | { kind: 'timeout'; message: MessageRef }
  | { kind: 'fields'; errors: FieldErrors }
  | { kind: 'general'; message: MessageRef };

const API_FIELDS: readonly AddUserFields[] = ['email', 'language'];

/** What to tell the person when AddUsers fails: the timeout text of spec §8, the field at fault, or what happened. */
export function describeAddUserError(error: unknown): AddUserFailure {
  if (!isHttpError(error)) return { kind: 'general', message: message('settings.users.add.errors.addFailed') };
  if (error.kind === 'timeout') return { kind: 'timeout', message: message('settings.users.add.errors.timeout') };
  if (error.kind === 'network') return { kind: 'general', message: message('settings.users.add.errors.network') };
  if (error.code === 'already_member') {
    return { kind: 'fields', errors: { email: message('settings.users.add.errors.alreadyMember') } };
  }
  // The address changed hands between the check and the add: back to the e-mail step, where Continue checks again.
  if (error.code === 'email_already_registered') {
    return { kind: 'fields', errors: { email: message('settings.users.add.errors.registeredMeanwhile') } };
  }
  if (error.code === 'email_not_registered') {
    return { kind: 'fields', errors: { email: message('settings.users.add.errors.unregisteredMeanwhile') } };
  }
  if (error.code === 'company_role_required') {
    return { kind: 'general', message: message('settings.users.add.errors.ownersOnly') };
  }
  if (error.status === 400 && Array.isArray(error.details)) {
    const errors: FieldErrors = {};
    for (const detail of error.details as { field?: unknown }[]) {
      // The API names the entry and the field: "0.language".
      const field = String(detail.field ?? '')
        .split('.')
        .pop() as AddUserFields;
      if (API_FIELDS.includes(field)) errors[field] = message(`settings.validation.${field}Invalid`);
    }
    if (Object.keys(errors).length > 0) return { kind: 'fields', errors };
  }
  return { kind: 'general', message: message('settings.users.add.errors.addFailed') };
}
