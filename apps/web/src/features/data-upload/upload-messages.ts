import {
  type TransactionUpload,
  UPLOAD_FILE_ERROR_CODES,
  UPLOAD_PROBLEM_CODES,
  type UploadProblem,
} from '@vatlas/contract';
import type { TFunction } from 'i18next';
import { HttpError } from '../../lib/http/http-error';

const PROBLEM_CODES: ReadonlySet<string> = new Set(UPLOAD_PROBLEM_CODES);
const FILE_ERROR_CODES: ReadonlySet<string> = new Set(UPLOAD_FILE_ERROR_CODES);

/**
 * The reason of one problem in the UI's language, by its code, with the problem's line and column interpolated. The
 * server's (English) message is the fallback for a code this version of the app does not know.
 */
export function problemReason(t: TFunction, problem: UploadProblem): string {
  if (!PROBLEM_CODES.has(problem.code)) return problem.message;
  const isFileError = FILE_ERROR_CODES.has(problem.code);
  return t(`dataUpload.problems.codes.${problem.code}`, {
    line: problem.lineNumber,
    column: problem.column ?? '—',
    // A file's missing columns are named in `column` ('missing-columns_column'); older problems did not name them.
    context: isFileError && problem.column !== null ? 'column' : undefined,
    defaultValue: problem.message,
  });
}

/**
 * Why a failed upload failed, in the UI's language; the server's message for an unknown code. A file of another kind
 * than the format chosen is told what that format's file is (`unknown-format_ebay-orders`, where there is such a text).
 */
export function failureText(
  t: TFunction,
  upload: Pick<TransactionUpload, 'errorCode' | 'errorMessage' | 'problemCount' | 'format'>,
): string {
  const fallback = upload.errorMessage ?? t('dataUpload.detail.errors.unknown');
  const code = upload.errorCode;
  if (code === null) return fallback;
  if (FILE_ERROR_CODES.has(code)) {
    return t(`dataUpload.problems.codes.${code}`, { defaultValue: fallback, context: upload.format });
  }
  return t(`dataUpload.detail.errors.${code}`, { defaultValue: fallback, count: upload.problemCount });
}

/** Why an action (cancel, run again, confirm, delete) failed, in the UI's language; the server's message otherwise. */
export function actionErrorText(t: TFunction, error: Error): string {
  if (!(error instanceof HttpError)) return error.message;
  return t(`dataUpload.actionErrors.${error.code}`, { defaultValue: error.message });
}
