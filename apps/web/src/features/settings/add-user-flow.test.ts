import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http/http-error';
import { buildAddUserRequest, decideAfterEmailCheck, describeAddUserError } from './add-user-flow';
import { validateEmail, validateName } from './validation';

const httpError = (status: number, code: string, details?: unknown) =>
  new HttpError({ kind: 'http', status, code, message: code, details });

describe('the add-user decision of spec §5 (decision 010: the check succeeds for a registered address)', () => {
  it('a successful check (the address has a Vatlas account) adds that user with the address alone, userCreationType 1', () => {
    const step = decideAfterEmailCheck('frida@example.test', { ok: true });
    expect(step).toEqual({ kind: 'existing-user', email: 'frida@example.test' });
    if (step.kind !== 'existing-user') throw new Error('expected an existing user');
    // The invitation language is not sent: the person's own profile (names, language) is used.
    expect(buildAddUserRequest(step, { language: 'de' })).toEqual({ userCreationType: 1, email: 'frida@example.test' });
  });

  it('a failed check (404 email_not_registered) invites the address by e-mail only, userCreationType 2', () => {
    const step = decideAfterEmailCheck('new@example.test', {
      ok: false,
      error: httpError(404, 'email_not_registered'),
    });
    expect(step).toEqual({ kind: 'new-address', email: 'new@example.test' });
    if (step.kind !== 'new-address') throw new Error('expected a new address');
    expect(buildAddUserRequest(step, { language: 'pl' })).toEqual({
      userCreationType: 2,
      email: 'new@example.test',
      language: 'pl',
    });
  });

  it('any other failure of the check is an error, never a silent invitation', () => {
    const offline = new HttpError({ kind: 'network', code: 'network_error', message: 'offline' });
    const timeout = new HttpError({ kind: 'timeout', code: 'timeout', message: 'slow' });
    expect(decideAfterEmailCheck('a@b.test', { ok: false, error: offline })).toEqual({
      kind: 'error',
      error: { key: 'settings.users.add.errors.network' },
    });
    expect(decideAfterEmailCheck('a@b.test', { ok: false, error: timeout })).toEqual({
      kind: 'error',
      error: { key: 'settings.users.add.errors.checkTimeout' },
    });
    expect(decideAfterEmailCheck('a@b.test', { ok: false, error: httpError(400, 'validation_error') })).toEqual({
      kind: 'error',
      error: { key: 'settings.validation.emailInvalid' },
    });
    expect(decideAfterEmailCheck('a@b.test', { ok: false, error: httpError(500, 'internal') }).kind).toBe('error');
    // A 404 of another kind (a missing route, say) and the old rule's 409 decide nothing.
    expect(decideAfterEmailCheck('a@b.test', { ok: false, error: httpError(404, 'not_found') }).kind).toBe('error');
    expect(
      decideAfterEmailCheck('a@b.test', { ok: false, error: httpError(409, 'email_already_registered') }).kind,
    ).toBe('error');
  });
});

describe('what a failed add says', () => {
  it('a timeout is the message of spec §8', () => {
    const failure = describeAddUserError(new HttpError({ kind: 'timeout', code: 'timeout', message: 'slow' }));
    expect(failure).toEqual({ kind: 'timeout', message: { key: 'settings.users.add.errors.timeout' } });
  });

  it('names the field at fault', () => {
    expect(describeAddUserError(httpError(409, 'already_member'))).toEqual({
      kind: 'fields',
      errors: { email: { key: 'settings.users.add.errors.alreadyMember' } },
    });
    expect(
      describeAddUserError(httpError(400, 'validation_error', [{ field: '0.language', message: 'is invalid' }])),
    ).toEqual({ kind: 'fields', errors: { language: { key: 'settings.validation.languageInvalid' } } });
  });

  it('sends the person back to the e-mail step when the address changed hands between the check and the add', () => {
    // Type 2 for an address that was registered meanwhile, type 1 for one that is no longer registered.
    expect(describeAddUserError(httpError(409, 'email_already_registered'))).toEqual({
      kind: 'fields',
      errors: { email: { key: 'settings.users.add.errors.registeredMeanwhile' } },
    });
    expect(describeAddUserError(httpError(409, 'email_not_registered'))).toEqual({
      kind: 'fields',
      errors: { email: { key: 'settings.users.add.errors.unregisteredMeanwhile' } },
    });
  });

  it('says when only owners may add, and otherwise that it failed', () => {
    expect(describeAddUserError(httpError(403, 'company_role_required'))).toEqual({
      kind: 'general',
      message: { key: 'settings.users.add.errors.ownersOnly' },
    });
    expect(describeAddUserError(new Error('boom'))).toEqual({
      kind: 'general',
      message: { key: 'settings.users.add.errors.addFailed' },
    });
  });
});

describe('validation of the settings forms', () => {
  it('asks for an e-mail address of a valid shape', () => {
    expect(validateEmail('  ')).toEqual({ key: 'settings.validation.emailRequired' });
    expect(validateEmail('not-an-address')).toEqual({ key: 'settings.validation.emailInvalid' });
    expect(validateEmail('a@b')).toEqual({ key: 'settings.validation.emailInvalid' });
    expect(validateEmail(' ana@example.test ')).toBeNull();
  });

  it('asks for names of 1–100 characters', () => {
    expect(validateName(' ', 'firstName')).toEqual({ key: 'settings.validation.firstNameRequired' });
    expect(validateName('x'.repeat(101), 'lastName')).toEqual({
      key: 'settings.validation.lastNameTooLong',
      values: { max: 100 },
    });
    expect(validateName('Ana', 'firstName')).toBeNull();
  });
});
