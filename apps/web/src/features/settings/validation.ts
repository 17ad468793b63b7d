import { type MessageRef, message } from '../../lib/i18n/message';

/** Client-side checks of the settings forms, the same limits as the contract's schemas (names 1–100, e-mail). */
const MAX_NAME_LENGTH = 100;
/** The shape the API's zod `z.email()` accepts, close enough to catch typing slips before a request. */
const EMAIL_PATTERN = /^(?!\.)(?!.*\.\.)[A-Za-z0-9_'+\-.]*[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** Validation messages live under `settings.validation`, shared by the profile form and the add-user dialog. */
export function validateEmail(email: string): MessageRef | null {
  const trimmed = email.trim();
  if (trimmed === '') return message('settings.validation.emailRequired');
  if (trimmed.length > 254 || !EMAIL_PATTERN.test(trimmed)) return message('settings.validation.emailInvalid');
  return null;
}

export function validateName(value: string, field: 'firstName' | 'lastName'): MessageRef | null {
  const trimmed = value.trim();
  if (trimmed === '') return message(`settings.validation.${field}Required`);
  if (trimmed.length > MAX_NAME_LENGTH) {
    return message(`settings.validation.${field}TooLong`, { max: MAX_NAME_LENGTH });
  }
  return null;
}
