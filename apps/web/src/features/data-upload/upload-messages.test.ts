import { UPLOAD_FAILURE_CODES, UPLOAD_PROBLEM_CODES, type UploadProblem } from '@vatlas/contract';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http/http-error';
import { type LocaleTree, translations } from '../../locales/resources';
import { createTestI18n } from '../../test/test-i18n';
import { actionErrorText, failureText, problemReason } from './upload-messages';

const lookup = (tree: LocaleTree, path: string): unknown =>
  path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], tree);

const problem = (overrides: Partial<UploadProblem>): UploadProblem => ({
  lineNumber: 7,
  column: 'TRANSACTION_COMPLETE_DATE',
  code: 'bad-date',
  message: 'Line 7: "31/02" is not a date (expected DD-MM-YYYY, DD.MM.YYYY or YYYY-MM-DD).',
  ...overrides,
});

describe('upload problem and failure texts', () => {
  it('translates every problem code the API can produce, in English and German', () => {
    for (const language of ['en', 'de'] as const)
      for (const code of UPLOAD_PROBLEM_CODES)
        expect(typeof lookup(translations[language], `dataUpload.problems.codes.${code}`), `${language} ${code}`).toBe(
          'string',
        );
  });

  it('translates every failure code of an upload, in English and German', () => {
    for (const language of ['en', 'de'] as const) {
      const i18n = createTestI18n(language);
      for (const code of UPLOAD_FAILURE_CODES) {
        const text = failureText(i18n.t, {
          errorCode: code,
          errorMessage: 'SERVER TEXT',
          problemCount: 2,
          format: 'amazon-vtr',
        });
        expect(text, `${language} ${code}`).not.toBe('SERVER TEXT');
        expect(text, `${language} ${code}`).not.toMatch(/\{\{|dataUpload\./);
      }
    }
  });

  it('puts the column and the line into the German reason', () => {
    const { t } = createTestI18n('de');
    expect(problemReason(t, problem({}))).toBe(
      'Der Wert in TRANSACTION_COMPLETE_DATE ist kein Datum im erwarteten Format.',
    );
    expect(problemReason(t, problem({ code: 'column-count', column: null }))).toBe(
      'Zeile 7 hat eine andere Anzahl Felder als die Kopfzeile.',
    );
    expect(problemReason(t, problem({ lineNumber: 0, column: null, code: 'header-only' }))).toBe(
      'Die Datei hat eine Kopfzeile, aber keine Zeilen.',
    );
  });

  it('falls back to the server message for a code it does not know', () => {
    const { t } = createTestI18n('de');
    expect(problemReason(t, problem({ code: 'brand-new-code', message: 'Something new.' }))).toBe('Something new.');
    expect(
      failureText(t, { errorCode: 'brand_new', errorMessage: 'Something new.', problemCount: 0, format: 'amazon-vtr' }),
    ).toBe('Something new.');
  });

  it('says how many rows failed for row problems, in German', () => {
    const { t } = createTestI18n('de');
    expect(
      failureText(t, { errorCode: 'row_problems', errorMessage: 'x', problemCount: 3, format: 'amazon-vtr' }),
    ).toMatch(/3/);
    expect(
      failureText(t, { errorCode: 'missing-columns', errorMessage: 'x', problemCount: 1, format: 'amazon-vtr' }),
    ).toMatch(/^Der Datei fehlen Spalten/);
  });

  it('names the columns a file lacks, where the problem names them', () => {
    const missing = problem({ lineNumber: 0, column: 'Sold For, Total Price', code: 'missing-columns' });
    expect(problemReason(createTestI18n('en').t, missing)).toBe(
      'The file lacks the columns this format needs: Sold For, Total Price. Check that you chose the right format.',
    );
    expect(problemReason(createTestI18n('de').t, missing)).toBe(
      'Der Datei fehlen Spalten, die dieses Format braucht: Sold For, Total Price. Prüfen Sie, ob Sie das richtige ' +
        'Format gewählt haben.',
    );
    // Stored before the columns were named: the general reason.
    expect(problemReason(createTestI18n('en').t, { ...missing, column: null })).toBe(
      'The file lacks columns this format needs. Check that you chose the right format.',
    );
  });

  it("tells a file of another kind what the chosen marketplace's file is, where that is easily mistaken", () => {
    const failed = { errorCode: 'unknown-format', errorMessage: 'x', problemCount: 1 } as const;
    expect(failureText(createTestI18n('en').t, { ...failed, format: 'etsy-orders' })).toMatch(
      /^This is not Etsy's orders file\. Upload the file of orders \(EtsySoldOrders\)/,
    );
    expect(failureText(createTestI18n('de').t, { ...failed, format: 'ebay-orders' })).toMatch(
      /^Das ist kein eBay-Bestellbericht mit englischen Spaltennamen\./,
    );
    expect(failureText(createTestI18n('en').t, { ...failed, format: 'amazon-vtr' })).toBe(
      'The columns do not match the format you chose. Check the format and upload again.',
    );
  });

  it('translates the errors of upload actions by code, else shows the server message', () => {
    const { t } = createTestI18n('de');
    const processing = new HttpError({
      kind: 'http',
      status: 409,
      code: 'upload_processing',
      message: 'The upload is being imported',
    });
    expect(actionErrorText(t, processing)).toMatch(/^Der Upload wird gerade importiert/);
    const unknown = new HttpError({ kind: 'http', status: 409, code: 'brand_new', message: 'Server says no.' });
    expect(actionErrorText(t, unknown)).toBe('Server says no.');
    expect(actionErrorText(t, new Error('plain'))).toBe('plain');
  });
});
