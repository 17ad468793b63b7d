import { describe, expect, it } from 'vitest';
import { VTR_COLUMNS_95 } from '../synthetic-vtr';
import { FileFormatError } from './format';
import { BUYER_NAME, chunked, parseAll, VTR_SALE, VTR_SALE_TRANSACTION } from './format-test-kit';
import { decodeXstring } from './xlsx-rows';
import { buildXlsx, type XlsxCell, type XlsxOptions } from './xlsx-test-kit';

/** The sale as Excel holds it once opened and saved: numbers as numbers, dates as date-formatted serials. */
function saleCells(overrides: Record<string, XlsxCell> = {}): XlsxCell[] {
  const typed: Record<string, XlsxCell> = {
    QTY: 2,
    TOTAL_ACTIVITY_VALUE_AMT_VAT_EXCL: 100,
    PRICE_OF_ITEMS_VAT_RATE_PERCENT: 0.2,
    TOTAL_ACTIVITY_VALUE_VAT_AMT: 20,
    TOTAL_ACTIVITY_VALUE_AMT_VAT_INCL: 120,
    TAX_CALCULATION_DATE: { date: '2024-03-15' },
    TRANSACTION_COMPLETE_DATE: { date: '2024-03-16' },
    TRANSACTION_DEPART_DATE: { date: '2024-03-14' },
    ...overrides,
  };
  return VTR_COLUMNS_95.map((name) => (name in typed ? (typed[name] as XlsxCell) : (VTR_SALE[name] ?? null)));
}

const EXPECTED = { ...VTR_SALE_TRANSACTION, netAmount: '100', vatAmount: '20', grossAmount: '120' };

function workbook(rows: XlsxCell[][], options?: XlsxOptions): Uint8Array {
  return buildXlsx([[...VTR_COLUMNS_95], ...rows], options);
}

async function formatErrorOf(promise: Promise<unknown>): Promise<FileFormatError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(FileFormatError);
  return error as FileFormatError;
}

describe('xlsx workbooks', () => {
  it.each([
    ['transitional OOXML as Excel orders the parts', { namespaces: 'transitional', order: 'excel' }],
    ['transitional OOXML with shared strings first', { namespaces: 'transitional', order: 'parts-first' }],
    ['strict OOXML with prefixed elements', { namespaces: 'strict', order: 'excel' }],
    ['strict OOXML with inline strings', { namespaces: 'strict', inlineStrings: true }],
  ] as [string, XlsxOptions][])('reads the first worksheet of %s', async (_name, options) => {
    const result = await parseAll('amazon-vtr', workbook([saleCells(), saleCells({ QTY: 3 })], options));
    expect(result.problems).toEqual([]);
    expect(result.transactions).toEqual([EXPECTED, { ...EXPECTED, lineNumber: 3, quantity: 3 }]);
    expect(JSON.stringify(result)).not.toContain('NOTES SHEET');
  });

  it('reads dates of the 1904 date system', async () => {
    const { transactions } = await parseAll('amazon-vtr', workbook([saleCells()], { date1904: true }));
    expect(transactions).toEqual([EXPECTED]);
  });

  it('reads a plain number in a date column as a serial date, and text dates as in text files', async () => {
    const rows = [
      saleCells({ TAX_CALCULATION_DATE: 45_366, TRANSACTION_COMPLETE_DATE: '16.03.2024' }),
      saleCells({ TAX_CALCULATION_DATE: '15-03-2024', TRANSACTION_COMPLETE_DATE: 45_367.75 }),
    ];
    const { transactions, problems } = await parseAll('amazon-vtr', workbook(rows));
    expect(problems).toEqual([]);
    expect(transactions.map((row) => [row.taxPointDate, row.completeDate])).toEqual([
      ['2024-03-15', '2024-03-16'],
      ['2024-03-15', '2024-03-16'],
    ]);
  });

  it('values a stock transfer at its numeric COST_PRICE_OF_ITEMS × QTY when the activity value is empty', async () => {
    const transfer = saleCells({
      TRANSACTION_TYPE: 'FC_TRANSFER',
      MARKETPLACE: 'N/A',
      ACTIVITY_TRANSACTION_ID: 'FBA15XLSX-1',
      QTY: 3,
      COST_PRICE_OF_ITEMS: 0.1 + 0.2,
      TOTAL_ACTIVITY_VALUE_AMT_VAT_EXCL: null,
      TOTAL_ACTIVITY_VALUE_VAT_AMT: null,
      TOTAL_ACTIVITY_VALUE_AMT_VAT_INCL: null,
      TRANSACTION_CURRENCY_CODE: null,
      PRICE_OF_ITEMS_VAT_RATE_PERCENT: null,
    });
    const { transactions, problems } = await parseAll('amazon-vtr', workbook([saleCells(), transfer]));
    expect(problems).toEqual([]);
    expect(transactions[0]).toEqual(EXPECTED);
    // 0.30000000000000004 as stored, 0.3 as Excel shows it: 0.3 × 3 = 0.90, never 0.9000000000000001.
    expect(transactions[1]).toMatchObject({
      type: 'FC_TRANSFER',
      netAmount: '0.90',
      vatAmount: '0',
      grossAmount: '0.90',
      currency: 'EUR',
    });
  });

  it('reads amounts as Excel shows them, not as the binary float it stores', async () => {
    const rows = [
      saleCells({
        TOTAL_ACTIVITY_VALUE_AMT_VAT_EXCL: 0.1,
        TOTAL_ACTIVITY_VALUE_VAT_AMT: 0.1 + 0.2,
        TOTAL_ACTIVITY_VALUE_AMT_VAT_INCL: 0.4,
        PRICE_OF_ITEMS_VAT_RATE_PERCENT: 1.9e-1,
      }),
    ];
    const { transactions, problems } = await parseAll('amazon-vtr', workbook(rows));
    expect(problems).toEqual([]);
    expect(transactions[0]).toMatchObject({ netAmount: '0.1', vatAmount: '0.3', grossAmount: '0.4', vatRate: '0.19' });
  });

  it('gives the same result however the bytes are cut into chunks', async () => {
    const bytes = workbook([saleCells(), saleCells({ TAX_CALCULATION_DATE: 'never' })]);
    const whole = await parseAll('amazon-vtr', bytes);
    expect(whole.transactions).toHaveLength(1);
    expect(whole.problems).toHaveLength(1);
    for (const size of [1, 7, { seed: 3 }]) {
      const pieces = await parseAll('amazon-vtr', chunked(bytes, size));
      expect(pieces.transactions).toEqual(whole.transactions);
      expect(pieces.problems).toEqual(whole.problems);
    }
  });

  it('reads a held worksheet chunk by chunk once its shared strings arrive', async () => {
    const rows = Array.from({ length: 2000 }, (_, index) => saleCells({ QTY: index + 1 }));
    const { transactions, problems, batches } = await parseAll('amazon-vtr', chunked(workbook(rows), 4096), {
      batchSize: 500,
    });
    expect(problems).toEqual([]);
    expect(transactions).toHaveLength(2000);
    expect(transactions.at(-1)).toEqual({ ...EXPECTED, lineNumber: 2001, quantity: 2000 });
    expect(batches.length).toBeGreaterThanOrEqual(4);
  });

  describe("Excel's escapes of characters XML cannot hold (_xHHHH_)", () => {
    it.each([
      ['MUG_x002D_RED', 'MUG-RED'],
      ['line_x000D__x000A_break', 'line\r\nbreak'],
      ['lower_x002d_case', 'lower-case'],
      ['_x005F_x002D_ as written', '_x002D_ as written'],
      ['MUG_RED_x', 'MUG_RED_x'],
      ['_x12_ and _xZZZZ_', '_x12_ and _xZZZZ_'],
    ])('reads %j as %j', (written, text) => {
      expect(decodeXstring(written)).toBe(text);
    });

    it.each([
      ['shared strings', {}],
      ['inline strings', { inlineStrings: true }],
    ] as [string, XlsxOptions][])('decodes them in %s', async (_name, options) => {
      const result = await parseAll('amazon-vtr', workbook([saleCells({ SELLER_SKU: 'MUG_x002D_RED' })], options));
      expect(result.problems).toEqual([]);
      expect(result.transactions).toEqual([EXPECTED]);
    });

    it.each([
      ['shared strings', {}],
      ['inline strings', { inlineStrings: true }],
    ] as [string, XlsxOptions][])(
      'reports U+0000 written as _x0000_ in %s by its row and column',
      async (_name, options) => {
        const rows = [saleCells(), saleCells({ SELLER_SKU: 'MUG_x0000_RED' }), saleCells()];
        const result = await parseAll('amazon-vtr', workbook(rows, options));
        expect(result.transactions.map((transaction) => transaction.lineNumber)).toEqual([2, 4]);
        expect(result.problems).toEqual([
          {
            lineNumber: 3,
            column: 'SELLER_SKU',
            code: 'nul-character',
            message:
              'Line 3: SELLER_SKU holds the character U+0000 (NUL), which is not text. Export the report again from its source.',
          },
        ]);
      },
    );
  });

  it('keeps personal data out', async () => {
    const result = await parseAll('amazon-vtr', workbook([saleCells()]));
    expect(result.transactions).toHaveLength(1);
    expect(JSON.stringify(result)).not.toContain(BUYER_NAME);
  });

  it('refuses a workbook cut short', async () => {
    const bytes = workbook(
      Array.from({ length: 50 }, () => saleCells()),
      { order: 'parts-first' },
    );
    const error = await formatErrorOf(parseAll('amazon-vtr', bytes.slice(0, Math.floor(bytes.byteLength * 0.6))));
    expect(error.code).toBe('truncated');
  });

  it('refuses a zip that is no workbook, and a broken zip', async () => {
    const notWorkbook = await formatErrorOf(parseAll('amazon-vtr', buildXlsx([]).slice(0, 4)));
    expect(['not-xlsx', 'truncated']).toContain(notWorkbook.code);
    const { zipSync, strToU8 } = await import('fflate');
    const otherZip = await formatErrorOf(parseAll('amazon-vtr', zipSync({ 'readme.txt': strToU8('hello') })));
    expect(otherZip.code).toBe('not-xlsx');
  });

  it('refuses a workbook whose first sheet has a header only, or nothing', async () => {
    expect((await formatErrorOf(parseAll('amazon-vtr', workbook([])))).code).toBe('header-only');
    expect((await formatErrorOf(parseAll('amazon-vtr', buildXlsx([])))).code).toBe('empty-file');
  });
});
