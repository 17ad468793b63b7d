/**
 * One reason a field is invalid: a stable code the SPA translates (onboarding.businessProfile.errors.<code>), the
 * values the message needs, and an English message the API sends as it is. The same rules run in the browser and
 * on the server, so a message the user sees and the 400 the API answers always agree.
 */
export type FieldIssue = {
  field: string;
  code: string;
  params?: Record<string, string | number>;
  message: string;
};

export const issue = (
  field: string,
  code: string,
  message: string,
  params?: Record<string, string | number>,
): FieldIssue => (params ? { field, code, message, params } : { field, code, message });

export type ValidationResult<T> = { isValid: true; value: T } | { isValid: false; issues: FieldIssue[] };

/** Spaces and invisible separators people paste with numbers; never part of an identifier. */
export const stripSeparators = (value: string): string => value.toUpperCase().replace(/[\s\-./]+/g, '');

/** YYYY-MM-DD of a real calendar day (2023-02-30 is not one). */
export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Today in the user's calendar as YYYY-MM-DD; the rules take it as a parameter so tests can fix the day. */
export function todayIsoDate(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Whole years from `birthDate` to `onDate` (both YYYY-MM-DD); a birthday on 29 Feb counts on 1 Mar in other years. */
export function ageInYears(birthDate: string, onDate: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [oy, om, od] = onDate.split('-').map(Number) as [number, number, number];
  let age = oy - by;
  if (om < bm || (om === bm && od < bd)) age -= 1;
  return age;
}
