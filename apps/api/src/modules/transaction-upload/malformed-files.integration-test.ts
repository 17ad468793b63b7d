import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  apiPaths,
  type LiabilitySummary,
  type TransactionUpload,
  type UploadProblem,
  type UploadProblemPage,
} from '@vatlas/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { forEachDatabase } from '../../test/databases';
import { buildTestApp, createTestConfig, createTestProvider, type TestProvider } from '../../test/test-app';
import { buildMultipart } from '../documents/document-test-kit';
import { ensureExchangeRates } from '../exchange-rates/service';
import { createLocalFileStorage, type FileStorage } from '../storage/file-storage';
import { setUpTaxProfile } from '../tax-position/tax-position-test-kit';
import { bearer, createCompany, createHomeTenant, createPerson, type Person, signIn } from '../user/account-test-kit';
import { generateVtrText } from './synthetic-vtr';
import { countTransactionRows, createTestImportWorker } from './upload-test-kit';

/**
 * Issue 5: malformed files through the API. Each is uploaded, the worker runs it, and it must end 'failed' with its
 * own error code and a message naming what is wrong and where, its problem downloadable as CSV, no row of it stored,
 * and the totals of what the company imported before exactly as they were.
 */

const YEAR = 2025;
const TAB_FILE = generateVtrText({ rows: 6, seed: 61, from: '2025-04-01', to: '2025-04-30' });
const [HEADER = '', ...LINES] = TAB_FILE.text.split('\r\n').filter((line) => line !== '');
const COLUMNS = HEADER.split('\t');
const CSV_FILE = generateVtrText({ rows: 6, seed: 62, from: '2025-04-01', to: '2025-04-30', delimiter: ',' });
const [CSV_HEADER = '', ...CSV_LINES] = CSV_FILE.text.split('\r\n').filter((line) => line !== '');

const crlf = (lines: readonly string[]) => `${lines.join('\r\n')}\r\n`;
const vtr = (lines: readonly string[]) => Buffer.from(crlf([HEADER, ...lines]));

function withCell(line: string, column: string, value: string): string {
  const cells = line.split('\t');
  cells[COLUMNS.indexOf(column)] = value;
  return cells.join('\t');
}

function withoutColumns(columns: readonly string[]): Buffer {
  const drop = new Set(columns.map((column) => COLUMNS.indexOf(column)));
  const keep = (line: string) =>
    line
      .split('\t')
      .filter((_, index) => !drop.has(index))
      .join('\t');
  return Buffer.from(crlf([HEADER, ...LINES.slice(0, 3)].map(keep)));
}

function utf16le(text: string): Buffer {
  return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
}

/** What an upload must end with, and what its one or more problems must say. */
type Expectation = {
  errorCode: string;
  message: RegExp;
  problems: Partial<UploadProblem>[];
};

type Case = { label: string; bytes: () => Buffer; format?: 'generic-csv'; expected: Expectation };

const CASES: Case[] = [
  {
    label: 'a report separated by pipes',
    bytes: () => Buffer.from(crlf([HEADER, ...LINES.slice(0, 2)].map((line) => line.replaceAll('\t', '|')))),
    expected: {
      errorCode: 'wrong-delimiter',
      message: /header line has a single column: fields must be separated by tabs, commas or semicolons/,
      problems: [{ lineNumber: 0, column: null, code: 'wrong-delimiter' }],
    },
  },
  {
    label: 'a comma CSV under a column mapping that says semicolons',
    format: 'generic-csv',
    bytes: () => Buffer.from(crlf(['Invoice,Date,Country,Net,Gross', 'INV-1,01.04.2025,DE,100.00,119.00'])),
    expected: {
      errorCode: 'wrong-delimiter',
      message: /header line has a single column when split at semicolons/,
      problems: [{ lineNumber: 0, code: 'wrong-delimiter' }],
    },
  },
  {
    label: 'a CSV cut short inside a quoted field',
    bytes: () => {
      const last = CSV_LINES[2] ?? '';
      return Buffer.from(`${crlf([CSV_HEADER, ...CSV_LINES.slice(0, 2)])}${last.slice(0, 40)},"24 inch monit`);
    },
    expected: {
      errorCode: 'truncated',
      message: /quoted field that starts on line 4 is never closed/,
      problems: [{ lineNumber: 4, column: null, code: 'truncated' }],
    },
  },
  {
    label: 'a report without its event id and tax date columns',
    bytes: () => withoutColumns(['TRANSACTION_EVENT_ID', 'TAX_CALCULATION_DATE']),
    expected: {
      errorCode: 'missing-columns',
      message:
        /lacks the columns .*(TRANSACTION_EVENT_ID.*TAX_CALCULATION_DATE|TAX_CALCULATION_DATE.*TRANSACTION_EVENT_ID)/,
      // The problem names the columns, so the list can say which in the interface's language.
      problems: [{ lineNumber: 0, column: 'TRANSACTION_EVENT_ID, TAX_CALCULATION_DATE', code: 'missing-columns' }],
    },
  },
  {
    label: 'rows with impossible and ambiguous dates',
    bytes: () =>
      vtr([
        LINES[0] ?? '',
        withCell(LINES[1] ?? '', 'TAX_CALCULATION_DATE', '30-02-2025'),
        LINES[2] ?? '',
        withCell(LINES[3] ?? '', 'TAX_CALCULATION_DATE', '04/05/2025'),
      ]),
    expected: {
      errorCode: 'row_problems',
      message: /^2 row\(s\) could not be read; nothing was imported/,
      problems: [
        {
          lineNumber: 3,
          column: 'TAX_CALCULATION_DATE',
          code: 'bad-date',
          message: 'Line 3: "30-02-2025" is not a date (expected DD-MM-YYYY, DD.MM.YYYY or YYYY-MM-DD).',
        },
        {
          lineNumber: 5,
          column: 'TAX_CALCULATION_DATE',
          code: 'bad-date',
          message: 'Line 5: "04/05/2025" is not a date (expected DD-MM-YYYY, DD.MM.YYYY or YYYY-MM-DD).',
        },
      ],
    },
  },
  {
    // Without a byte-order mark anything free of zero bytes is valid Windows-1252: wrong encodings are these.
    label: 'binary data (a PNG)',
    bytes: () => Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]),
    expected: {
      errorCode: 'unsupported-encoding',
      message: /contains binary data, not text/,
      problems: [{ lineNumber: 0, code: 'unsupported-encoding' }],
    },
  },
  {
    label: 'UTF-16 text with a broken surrogate pair',
    bytes: () => utf16le(crlf([HEADER, withCell(LINES[0] ?? '', 'SELLER_SKU', 'Mug-\ud800A')])),
    expected: {
      errorCode: 'unsupported-encoding',
      message: /not valid UTF-16LE in the part that starts at byte \d+/,
      problems: [{ lineNumber: 0, code: 'unsupported-encoding' }],
    },
  },
  {
    label: 'UTF-8 text that turns into other bytes',
    bytes: () =>
      Buffer.concat([
        vtr([withCell(LINES[0] ?? '', 'SELLER_SKU', 'Tasse-Größe-L')]),
        Buffer.from([0x54, 0x61, 0x73, 0x73, 0x65, 0xe4, 0x0d, 0x0a]),
      ]),
    expected: {
      errorCode: 'unsupported-encoding',
      message: /not valid UTF-8 in the part that starts at byte \d+, although it is UTF-8 before: it mixes encodings/,
      problems: [{ lineNumber: 0, code: 'unsupported-encoding' }],
    },
  },
  {
    // Before, the database refused the row's text and the import failed without saying where (import_error).
    label: 'UTF-16 text with the character U+0000 in a cell',
    bytes: () => utf16le(crlf([HEADER, LINES[0] ?? '', withCell(LINES[1] ?? '', 'SELLER_SKU', 'Mug\u0000L')])),
    expected: {
      errorCode: 'row_problems',
      message: /^1 row\(s\) could not be read; nothing was imported/,
      problems: [
        {
          lineNumber: 3,
          column: 'SELLER_SKU',
          code: 'nul-character',
          message:
            'Line 3: SELLER_SKU holds the character U+0000 (NUL), which is not text. Export the report again from its source.',
        },
      ],
    },
  },
  {
    // Before, the database refused the chunk (numeric field overflow) and the import failed as import_error.
    label: 'an amount beyond what an amount column holds',
    bytes: () =>
      vtr([
        LINES[0] ?? '',
        [
          ['TOTAL_ACTIVITY_VALUE_AMT_VAT_EXCL', '123456789012345678.00'],
          ['TOTAL_ACTIVITY_VALUE_VAT_AMT', '0.00'],
          ['TOTAL_ACTIVITY_VALUE_AMT_VAT_INCL', '123456789012345678.00'],
          ['PRICE_OF_ITEMS_VAT_RATE_PERCENT', '0'],
        ].reduce((line, [column = '', value = '']) => withCell(line, column, value), LINES[1] ?? ''),
      ]),
    expected: {
      errorCode: 'row_problems',
      message: /^1 row\(s\) could not be read; nothing was imported/,
      problems: [
        {
          lineNumber: 3,
          column: null,
          code: 'amount-too-large',
          message:
            'Line 3: the net amount 123456789012345678.00 has more than 16 digits before the decimal point, more than any amount Vatlas stores.',
        },
      ],
    },
  },
  {
    label: 'UTF-16 text with an odd number of bytes',
    bytes: () => Buffer.concat([utf16le(crlf([HEADER, LINES[0] ?? ''])), Buffer.from([0x41])]),
    expected: {
      errorCode: 'truncated',
      message: /ends in the middle of a UTF-16LE character/,
      problems: [{ lineNumber: 0, code: 'truncated' }],
    },
  },
  {
    label: 'an empty file',
    bytes: () => Buffer.alloc(0),
    expected: { errorCode: 'empty-file', message: /^The file is empty\.$/, problems: [{ code: 'empty-file' }] },
  },
  {
    label: 'a header without rows',
    bytes: () => Buffer.from(`\r\n${HEADER}\r\n\r\n`),
    expected: {
      errorCode: 'header-only',
      message: /^The file has a header on line 2 but no rows\.$/,
      problems: [{ code: 'header-only' }],
    },
  },
  {
    label: 'a 10 MB line',
    bytes: () => vtr([LINES[0] ?? '', withCell(LINES[1] ?? '', 'ITEM_DESCRIPTION', 'x'.repeat(10 * 1024 * 1024))]),
    expected: {
      errorCode: 'line-too-long',
      message: /^Line 3 is longer than 1048576 characters/,
      problems: [{ lineNumber: 3, column: null, code: 'line-too-long' }],
    },
  },
];

forEachDatabase('malformed transaction files', (context) => {
  const config = createTestConfig();
  let app: FastifyInstance;
  let provider: TestProvider;
  let storage: FileStorage;
  let storageDir: string;
  let owner: Person;
  let companyId: string;
  let mappingId: string;
  let summaryBefore: LiabilitySummary;
  let rowsBefore: number;

  const runWorker = () =>
    createTestImportWorker({
      database: context.database,
      storage,
      workerId: 'malformed-files-worker',
    }).runOnce();

  async function get(url: string) {
    return app.inject({ method: 'GET', url, headers: bearer(await signIn(app, provider, owner)) });
  }

  async function upload(bytes: Buffer, fileName: string, fields: Record<string, string>) {
    const body = buildMultipart(fields, [{ fileName, contentType: 'text/plain', bytes }]);
    const response = await app.inject({
      method: 'POST',
      url: apiPaths.transactionUploads(companyId),
      ...body,
      headers: { ...body.headers, ...bearer(await signIn(app, provider, owner)) },
    });
    expect(response.statusCode, response.body).toBe(202);
    return response.json<TransactionUpload>().id;
  }

  const countRows = (uploadId?: string) => countTransactionRows(context.database.db, { uploadId, companyId });

  const readSummary = async () => (await get(apiPaths.liabilitySummary(companyId, YEAR))).json<LiabilitySummary>();

  beforeAll(async () => {
    const db = context.database.db;
    await ensureExchangeRates(context.database);
    storageDir = mkdtempSync(join(tmpdir(), 'vatlas-malformed-'));
    storage = createLocalFileStorage(storageDir);
    provider = await createTestProvider(config);
    app = await buildTestApp(context.database, { config, provider, fileStorage: storage });
    const tenantId = await createHomeTenant(db);
    owner = await createPerson(db, { tenantId, label: 'malformed-owner', issuer: config.auth.issuer });
    companyId = await createCompany(db, { tenantId, name: 'Malformed Files GmbH', owners: [owner] });
    await setUpTaxProfile(db, companyId, {
      establishmentCountry: 'DE',
      oss: { memberState: 'DE', from: '2021-07-01' },
    });

    const saved = await app.inject({
      method: 'PUT',
      url: apiPaths.columnMapping(companyId, 'Semicolons'),
      headers: bearer(await signIn(app, provider, owner)),
      payload: {
        mapping: {
          delimiter: ';',
          transactionId: 'Invoice',
          date: 'Date',
          dateFormat: 'DD.MM.YYYY',
          arrivalCountry: { column: 'Country' },
          currency: { value: 'EUR' },
          netAmount: 'Net',
          grossAmount: 'Gross',
        },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    mappingId = saved.json<{ id: string }>().id;

    // The company's data before any bad file: a month imported cleanly, with totals to keep.
    const earlier = generateVtrText({ rows: 200, seed: 63, from: '2025-03-01', to: '2025-03-31' });
    const earlierId = await upload(Buffer.from(earlier.text), 'march.txt', { format: 'amazon-vtr' });
    expect(await runWorker()).toBe('completed');
    rowsBefore = await countRows(earlierId);
    expect(rowsBefore).toBe(200);
    summaryBefore = await readSummary();
    expect(Number(summaryBefore.totals.vatEur)).toBeGreaterThan(0);
  });

  afterAll(async () => {
    await app?.close();
    if (storageDir) rmSync(storageDir, { recursive: true, force: true });
  });

  for (const { label, bytes, format, expected } of CASES) {
    it(`fails ${label} with ${expected.errorCode}, saying where, storing nothing, keeping the totals`, async () => {
      const fields: Record<string, string> =
        format === 'generic-csv' ? { format, columnMappingId: mappingId } : { format: 'amazon-vtr' };
      const id = await upload(bytes(), 'sales report.txt', fields);
      expect(await runWorker()).toBe('failed');

      const failed = (await get(apiPaths.transactionUpload(companyId, id))).json<TransactionUpload>();
      expect(failed).toMatchObject({ status: 'failed', errorCode: expected.errorCode, rowsImported: 0 });
      expect(failed.errorMessage).toMatch(expected.message);
      expect(failed.problemCount).toBe(expected.problems.length);

      const page = (await get(apiPaths.transactionUploadProblems(companyId, id))).json<UploadProblemPage>();
      expect(page.items).toEqual(expected.problems.map((problem) => expect.objectContaining(problem)));
      if (expected.errorCode !== 'row_problems') expect(page.items[0]?.message).toBe(failed.errorMessage);

      const csv = await get(apiPaths.transactionUploadProblemsCsv(companyId, id));
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-disposition']).toContain('sales report-problems.csv');
      const [header, ...lines] = csv.body.split('\r\n').filter((line) => line !== '');
      expect(header).toBe('line,column,code,message');
      expect(lines).toHaveLength(expected.problems.length);
      for (const [index, problem] of page.items.entries()) {
        // A column list holds commas, so the CSV quotes it.
        const column = problem.column?.includes(',') ? `"${problem.column}"` : (problem.column ?? '');
        expect(lines[index]?.startsWith(`${problem.lineNumber},${column},${problem.code},`), lines[index]).toBe(true);
      }

      expect(await countRows(id)).toBe(0);
      expect(await countRows()).toBe(rowsBefore);
      expect(await readSummary()).toEqual(summaryBefore);
    });
  }
  it('numbers a whole-file error after the row problems earlier batches stored, and counts both', async () => {
    const bytes = vtr([
      LINES[0] ?? '',
      withCell(LINES[1] ?? '', 'TAX_CALCULATION_DATE', '30-02-2025'),
      LINES[2] ?? '',
      'x'.repeat(2 * 1024 * 1024),
    ]);
    const id = await upload(bytes, 'problems then too long.txt', { format: 'amazon-vtr' });
    // One row per batch: the bad date is stored before the parser reaches the long line.
    const worker = createTestImportWorker({
      database: context.database,
      storage,
      workerId: 'malformed-files-worker',
      batchSize: 1,
    });
    expect(await worker.runOnce()).toBe('failed');

    const failed = (await get(apiPaths.transactionUpload(companyId, id))).json<TransactionUpload>();
    expect(failed).toMatchObject({ status: 'failed', errorCode: 'line-too-long', problemCount: 2, rowsImported: 0 });
    const page = (await get(apiPaths.transactionUploadProblems(companyId, id))).json<UploadProblemPage>();
    expect(page.items).toEqual([
      expect.objectContaining({ lineNumber: 3, code: 'bad-date' }),
      expect.objectContaining({ lineNumber: 5, code: 'line-too-long' }),
    ]);
    expect(await countRows(id)).toBe(0);
    expect(await readSummary()).toEqual(summaryBefore);
  });
});
