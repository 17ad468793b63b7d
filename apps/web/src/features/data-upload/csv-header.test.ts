import type { ColumnMapping } from '@vatlas/contract';
import { describe, expect, it } from 'vitest';
import {
  detectDelimiter,
  guessMapping,
  mappingFitsColumns,
  parseHeaderRow,
  readHeaderText,
  splitCsvLine,
} from './csv-header';

describe('the header row of a CSV file', () => {
  it('is read from the start of the file, without its byte-order mark', async () => {
    const file = new File(['\uFEFFOrder;Date;Net\r\n1;2026-01-01;10\r\n'], 'shop.csv');
    expect(parseHeaderRow(await readHeaderText(file))).toEqual({
      columns: ['Order', 'Date', 'Net'],
      delimiter: ';',
    });
  });

  it('finds the delimiter the line uses most, quotes respected', () => {
    expect(detectDelimiter('a,b,c')).toBe(',');
    expect(detectDelimiter('a;b;"c,d,e"')).toBe(';');
    expect(detectDelimiter('a\tb\tc')).toBe('\t');
    expect(splitCsvLine('"Net, EUR","He said ""hi""",x', ',')).toEqual(['Net, EUR', 'He said "hi"', 'x']);
  });

  it('drops empty names and trims the rest', () => {
    expect(parseHeaderRow(' Order , Date ,,\n').columns).toEqual(['Order', 'Date']);
  });

  it('guesses the usual columns and never one column twice', () => {
    const guess = guessMapping([
      'Order ID',
      'Order date',
      'Net amount',
      'VAT',
      'Total',
      'Shipping country',
      'Currency',
    ]);
    expect(guess).toMatchObject({
      transactionId: 'Order ID',
      date: 'Order date',
      netAmount: 'Net amount',
      vatAmount: 'VAT',
      grossAmount: 'Total',
      arrivalCountry: 'Shipping country',
      currency: 'Currency',
    });
    const used = Object.values(guess);
    expect(new Set(used).size).toBe(used.length);
  });
});

describe('a saved mapping', () => {
  const mapping: ColumnMapping = {
    transactionId: 'Invoice',
    date: 'Date',
    dateFormat: 'YYYY-MM-DD',
    arrivalCountry: { column: 'Country' },
    currency: { value: 'EUR' },
    netAmount: 'Net',
    grossAmount: 'Gross',
    decimalSeparator: '.',
    delimiter: 'auto',
  };

  it('fits a file that has every column it names, in any case', () => {
    expect(mappingFitsColumns(mapping, ['invoice', 'DATE', 'Country', 'Net', 'Gross', 'Extra'])).toBe(true);
  });

  it('does not fit a file without one of them', () => {
    expect(mappingFitsColumns(mapping, ['Invoice', 'Date', 'Net', 'Gross'])).toBe(false);
  });
});
