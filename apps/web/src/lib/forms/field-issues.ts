import type { TFunction } from 'i18next';
import { isHttpError } from '../http/http-error';

/**
 * A field's issue as the domain's rules give it and as the API's 400 answers it: a code with its params, and the
 * English message for a code the app does not know (a newer API, say).
 */
export type IssueLike = { field: string; code?: string; message: string; params?: Record<string, string | number> };

/** The translation of an issue's code under the first of `namespaces` that has it; the English message otherwise. */
export function translateIssue(t: TFunction, issue: IssueLike, namespaces: readonly string[]): string {
  if (!issue.code) return issue.message;
  const code = issue.code;
  return t(
    namespaces.map((namespace) => `${namespace}.${code}`),
    { ...issue.params, defaultValue: issue.message },
  );
}

/** The first translated issue of each field. */
export function fieldErrorsFromIssues(
  t: TFunction,
  issues: readonly IssueLike[],
  namespaces: readonly string[],
): Partial<Record<string, string>> {
  const errors: Partial<Record<string, string>> = {};
  for (const issue of issues) errors[issue.field] ??= translateIssue(t, issue, namespaces);
  return errors;
}

const isIssue = (value: unknown): value is IssueLike =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as IssueLike).field === 'string' &&
  typeof (value as IssueLike).message === 'string';

/**
 * A refused save's 400 details as translated errors by field of the body (`body.vatNumber` → `vatNumber`): its
 * top-level field, or with `isPathKept` its whole path (`oss.memberState`) for a form with nested fields. Undefined
 * when the error is no 400 with field details, which the caller shows as one form-level message.
 */
export function fieldErrorsOfBadRequest(
  t: TFunction,
  error: unknown,
  options: { namespaces: readonly string[]; isPathKept?: boolean },
): Partial<Record<string, string>> | undefined {
  if (!isHttpError(error) || error.status !== 400 || !Array.isArray(error.details)) return undefined;
  const fieldOf = (path: string) => {
    const field = path.replace(/^body\.?/, '');
    return (options.isPathKept ? field : field.split('.')[0]) || 'form';
  };
  const issues = error.details.filter(isIssue).map((issue) => ({ ...issue, field: fieldOf(issue.field) }));
  return issues.length > 0 ? fieldErrorsFromIssues(t, issues, options.namespaces) : undefined;
}
