import type { ZodError } from 'zod';
import { isHttpError } from '../../../lib/http/http-error';
import type { ErrorSummaryItem } from './error-summary';

/** Field name → message to show. Keys are the request's field names (e.g. "zipCode", "productTypes"). */
export type FieldErrors = Partial<Record<string, string>>;

/** The first issue per top-level field of a failed safeParse. */
export function fieldErrorsFromZod(error: ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}

type ApiFieldIssue = { field: string; message: string };

const isFieldIssue = (value: unknown): value is ApiFieldIssue =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ApiFieldIssue).field === 'string' &&
  typeof (value as ApiFieldIssue).message === 'string';

/** A 400 of the API names its fields in `details: [{ field, message }]`; anything else is a form-level error. */
export function fieldErrorsFromApi(error: unknown): FieldErrors | undefined {
  if (!isHttpError(error) || error.status !== 400 || !Array.isArray(error.details)) return undefined;
  const errors: FieldErrors = {};
  for (const issue of error.details.filter(isFieldIssue)) {
    const field = issue.field.replace(/^body\.?/, '').split('.')[0] || 'form';
    errors[field] ??= issue.message;
  }
  return Object.keys(errors).length > 0 ? errors : undefined;
}

/** Summary entries in the order of the form's fields; `idOf` maps a field name to its input id. */
export function toErrorSummary(
  errors: FieldErrors,
  order: readonly string[],
  idOf: (field: string) => string = (field) => field,
): ErrorSummaryItem[] {
  const fields = [...order.filter((field) => errors[field]), ...Object.keys(errors).filter((f) => !order.includes(f))];
  return fields.flatMap((field) => {
    const message = errors[field];
    if (!message) return [];
    return [field === 'form' ? { message } : { fieldId: idOf(field), message }];
  });
}
