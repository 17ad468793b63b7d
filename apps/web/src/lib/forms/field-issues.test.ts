import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../../test/test-i18n';
import { HttpError } from '../http/http-error';
import { fieldErrorsFromIssues, fieldErrorsOfBadRequest, translateIssue } from './field-issues';

const SETTINGS = ['settings.registrations.errors', 'onboarding.businessProfile.errors'];

const badRequest = (details: unknown) =>
  new HttpError({ kind: 'http', status: 400, code: 'validation_error', message: 'Invalid', details });

describe('field issues', () => {
  const { t } = createTestI18n('en');

  it("translates a code under the first namespace that has it, else the issue's English message", () => {
    expect(translateIssue(t, { field: 'vatNumber', code: 'vatNumberWhenRegistered', message: 'x' }, SETTINGS)).toBe(
      "Enter the VAT number: a registered jurisdiction's returns carry it.",
    );
    expect(translateIssue(t, { field: 'name', code: 'required', message: 'x' }, SETTINGS)).toBe(
      'Please fill in this field.',
    );
    expect(translateIssue(t, { field: 'name', code: 'fromANewerApi', message: 'As the API says.' }, SETTINGS)).toBe(
      'As the API says.',
    );
    expect(
      fieldErrorsFromIssues(
        t,
        [
          { field: 'name', code: 'required', message: 'x' },
          { field: 'name', code: 'tooLong', message: 'x', params: { max: 5 } },
        ],
        SETTINGS,
      ),
    ).toEqual({ name: 'Please fill in this field.' });
  });

  it("reads a 400's details by top-level field, or by the whole path where asked", () => {
    const error = badRequest([
      { field: 'body.oss.memberState', code: 'required', message: 'x' },
      { field: 'body', message: 'The body is not an object.' },
    ]);
    expect(fieldErrorsOfBadRequest(t, error, { namespaces: SETTINGS })).toEqual({
      oss: 'Please fill in this field.',
      form: 'The body is not an object.',
    });
    expect(fieldErrorsOfBadRequest(t, error, { namespaces: SETTINGS, isPathKept: true })).toEqual({
      'oss.memberState': 'Please fill in this field.',
      form: 'The body is not an object.',
    });
  });

  it('leaves anything but a 400 with field details to the caller', () => {
    expect(fieldErrorsOfBadRequest(t, badRequest(undefined), { namespaces: SETTINGS })).toBeUndefined();
    expect(fieldErrorsOfBadRequest(t, badRequest([{ reason: 'no field' }]), { namespaces: SETTINGS })).toBeUndefined();
    const serverError = new HttpError({ kind: 'http', status: 500, code: 'internal', message: 'Boom', details: [] });
    expect(fieldErrorsOfBadRequest(t, serverError, { namespaces: SETTINGS })).toBeUndefined();
  });
});
