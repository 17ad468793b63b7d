import { describe, expect, it } from 'vitest';
import { EcbCsvError, parseEcbHistoryCsv } from './ecb-csv';
import { ECB_EXCERPT_CSV } from './ecb-excerpt.fixture';

// Format: research §5 and [ECB-PAGE]; the excerpt is copied from the ECB file snapshot to 2024-01-19.

const HEADER = 'Date,USD,GBP,RUB,';

function parseError(text: string): EcbCsvError {
  try {
    parseEcbHistoryCsv(text);
  } catch (error) {
    if (error instanceof EcbCsvError) return error;
    throw error;
  }
  throw new Error('expected an EcbCsvError');
}

describe('parseEcbHistoryCsv on the ECB excerpt', () => {
  const rows = parseEcbHistoryCsv(ECB_EXCERPT_CSV);

  it('keeps every row in file order, newest first', () => {
    expect(rows).toHaveLength(19);
    expect(rows[0]?.date).toBe('2024-01-05');
    expect(rows.at(-1)?.date).toBe('2022-02-28');
  });

  it.each([
    ['2024-01-02', 'GBP', '0.86645'],
    ['2024-01-02', 'PLN', '4.3708'],
    ['2024-01-02', 'SEK', '11.1545'],
    ['2024-01-02', 'CHF', '0.9305'],
    ['2024-01-02', 'ZAR', '20.3656'],
    ['2023-10-02', 'GBP', '0.86628'],
    ['2022-03-01', 'RUB', '117.201'],
    ['2022-03-02', 'ISK', '143'],
  ])('%s %s is %s, the decimal string as published', (date, currency, rate) => {
    expect(rows.find((row) => row.date === date)?.rates[currency]).toBe(rate);
  });

  it.each([
    ['2022-03-02', 'RUB'],
    ['2024-01-02', 'HRK'],
    ['2024-01-02', 'CYP'],
  ])('%s %s is N/A, so it is absent rather than a number', (date, currency) => {
    const rates = rows.find((row) => row.date === date)?.rates ?? {};
    expect(currency in rates).toBe(false);
  });

  it('has no column for the empty cell after the trailing comma', () => {
    expect(Object.keys(rows[0]?.rates ?? {})).not.toContain('');
    expect(Object.keys(rows[0]?.rates ?? {}).at(-1)).toBe('ZAR');
  });
});

describe('parseEcbHistoryCsv tolerance', () => {
  const expected = [{ date: '2024-01-02', rates: { USD: '1.0956', GBP: '0.86645' } }];

  it.each([
    ['LF with the trailing comma', `${HEADER}\n2024-01-02,1.0956,0.86645,N/A,\n`],
    ['CRLF', `${HEADER}\r\n2024-01-02,1.0956,0.86645,N/A,\r\n`],
    ['a byte-order mark', `\uFEFF${HEADER}\n2024-01-02,1.0956,0.86645,N/A,`],
    ['no trailing comma', 'Date,USD,GBP,RUB\n2024-01-02,1.0956,0.86645,N/A'],
    ['blank lines and spaces', `\n${HEADER}\n\n2024-01-02, 1.0956 ,0.86645,N/A,\n\n`],
  ])('reads a file with %s', (_case, text) => {
    expect(parseEcbHistoryCsv(text)).toEqual(expected);
  });

  it('reads a header without rows as no rows', () => {
    expect(parseEcbHistoryCsv(`${HEADER}\n`)).toEqual([]);
  });
});

describe('parseEcbHistoryCsv refuses a malformed file, naming line and column', () => {
  it.each([
    ['an empty file', '', 'empty-file', 1, 1],
    ['a header not starting with Date', 'Day,USD,\n', 'bad-header', 1, 1],
    ['a header without currencies', 'Date,\n', 'bad-header', 1, 2],
    ['a currency code that is not three letters', 'Date,USD,gbp,\n', 'bad-currency-code', 1, 3],
    ['a currency twice', 'Date,USD,USD,\n', 'duplicate-currency', 1, 3],
    ['a row with a cell too few', `${HEADER}\n2024-01-02,1.0956,0.86645,\n`, 'wrong-cell-count', 2, 4],
    ['a row with a cell too many', `${HEADER}\n2024-01-02,1.0956,0.86645,N/A,1,\n`, 'wrong-cell-count', 2, 5],
    ['a date not in YYYY-MM-DD', `${HEADER}\n02/01/2024,1.0956,0.86645,N/A,\n`, 'bad-date', 2, 1],
    ['a day that does not exist', `${HEADER}\n2023-02-30,1.0956,0.86645,N/A,\n`, 'bad-date', 2, 1],
    [
      'a date twice',
      `${HEADER}\n2024-01-02,1.0956,0.86645,N/A,\n2024-01-02,1.0956,0.86645,N/A,\n`,
      'duplicate-date',
      3,
      1,
    ],
    ['a decimal comma', `${HEADER}\n2024-01-02,1.0956,"0,86645",N/A,\n`, 'wrong-cell-count', 2, 5],
    ['a word for a rate', `${HEADER}\n2024-01-02,1.0956,n/a,N/A,\n`, 'bad-rate', 2, 3],
    ['an empty rate cell', `${HEADER}\n2024-01-02,,0.86645,N/A,\n`, 'bad-rate', 2, 2],
    ['a zero rate', `${HEADER}\n2024-01-02,1.0956,0.000,N/A,\n`, 'bad-rate', 2, 3],
    ['a negative rate', `${HEADER}\n2024-01-02,1.0956,0.86645,-1,\n`, 'bad-rate', 2, 4],
    ['an exponent', `${HEADER}\n2024-01-02,1e0,0.86645,N/A,\n`, 'bad-rate', 2, 2],
  ])('%s', (_case, text, code, line, column) => {
    const error = parseError(text);
    expect({ code: error.code, line: error.line, column: error.column }).toEqual({ code, line, column });
    expect(error.message).toContain(`line ${line}, column ${column}`);
  });
});
