import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http/http-error';
import { buildAddUserRequest, decideAfterEmailCheck, describeAddUserError } from './add-user-flow';
import { validateEmail, validateName } from './validation';

const person = { firstName: ' Frida ', lastName: ' Full ', language: 'de' as const };
const httpError = (status: number, code: string, details?: unknown) =>
  new HttpError({ kind: 'http', status, code, message: code, details });

describe('the add-user decision of spec §5', () => {
  it('a successful check leads to a full user with names and language, userCreationType 1', () => {
    const step = decideAfterEmailCheck('frida@example.test', { ok: true });
    expect(step).toEqual({ kind: 'new-user', email: 'frida@example.test' });
    if (step.kind !== 'new-user') throw new Error('expected a new user');
    expect(buildAddUserRequest(step, person)).toEqual({
      userCreationType: 1,
      email: 'frida@example.test',
      firstName: 'Frida',
      lastName: 'Full',
      language: 'de',
    });
  });

  it('a failed check (409 email_already_registered) leads to the e-mail alone, userCreationType 2', () => {
    const step = decideAfterEmailCheck('taken@example.test', {
      ok: false,
      error: httpError(409, 'email_already_registered'),
    });
    expect(step).toEqual({ kind: 'existing-user', email: 'taken@example.test' });
    if (step.kind !== 'existing-user') throw new Error('expected an existing user');
    expect(buildAddUserRequest(step, person)).toEqual({ userCreationType: 2, email: 'taken@example.test' });
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
    expect(decideAfterEmailCheck('a@b.test', { ok: false, error: httpError(409, 'other') }).kind).toBe('error');
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
      describeAddUserError(httpError(400, 'validation_error', [{ field: '0.lastName', message: 'must not be empty' }])),
    ).toEqual({ kind: 'fields', errors: { lastName: { key: 'settings.validation.lastNameInvalid' } } });
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
