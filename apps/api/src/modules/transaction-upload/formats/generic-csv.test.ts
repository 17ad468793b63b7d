import type { ColumnMapping } from '@vatlas/contract';
import { describe, expect, it } from 'vitest';
import { FileFormatError } from './format';
import { chunked, parseAll, tableText } from './format-test-kit';

const COLUMNS = [
  'Beleg',
  'Pos',
  'Datum',
  'Art',
  'Land',
  'Netto',
  'Brutto',
  'Satz',
  'USt-IdNr',
  'Artikel',
  'Menge',
  'Kunde',
];

const MAPPING: ColumnMapping = {
  transactionId: 'beleg',
  lineId: 'Pos',
  date: 'Datum',
  dateFormat: 'DD.MM.YYYY',
  type: { column: 'Art', values: { Verkauf: 'SALE', Gutschrift: 'REFUND' } },
  departureCountry: { value: 'DE' },
  arrivalCountry: { column: 'Land' },
  currency: { value: 'EUR' },
  netAmount: 'Netto',
  grossAmount: 'Brutto',
  vatRate: { column: 'Satz', format: 'percent' },
  buyerVatNumber: 'USt-IdNr',
  sku: 'Artikel',
  quantity: 'Menge',
  decimalSeparator: ',',
  delimiter: 'auto',
};

const ROWS: Record<string, string>[] = [
  {
    Beleg: 'RE-1',
    Pos: '1',
    Datum: '31.03.2024',
    Art: 'Verkauf',
    Land: 'AT',
    Netto: '1.000,00',
    Brutto: '1.200,00',
    Satz: '20',
    Artikel: 'A-1',
    Menge: '3',
    Kunde: 'Max Mustermann',
  },
  {
    Beleg: 'GS-1',
    Pos: '1',
    Datum: '02.04.2024',
    Art: 'gutschrift',
    Land: 'FR',
    Netto: '-10,00',
    Brutto: '-10,00',
    Satz: '0',
    'USt-IdNr': 'FR12345678901',
    Kunde: 'Max Mustermann',
  },
  { Beleg: 'RE-2', Pos: '1', Datum: '2024-04-02', Art: 'Verkauf', Land: 'FR', Netto: '1', Brutto: '1' },
  { Beleg: 'RE-3', Pos: '1', Datum: '03.04.2024', Art: 'Tausch', Land: 'FR', Netto: '1', Brutto: '1' },
  { Beleg: 'RE-4', Pos: '1', Datum: '03.04.2024', Art: 'Verkauf', Land: 'FR', Netto: '1,5', Brutto: '1,234.00' },
];

const text = tableText(COLUMNS, ROWS, { delimiter: ';' });

async function formatErrorOf(promise: Promise<unknown>): Promise<FileFormatError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(FileFormatError);
  return error as FileFormatError;
}

describe('generic CSV with a column mapping', () => {
  it('reads the mapped columns in the file convention and derives the missing amount', async () => {
    const { transactions } = await parseAll('generic-csv', text, { mapping: MAPPING });
    expect(transactions).toEqual([
      {
        source: 'generic-csv',
        lineNumber: 2,
        type: 'SALE',
        eventId: 'RE-1',
        activityId: '1',
        taxPointDate: '2024-03-31',
        completeDate: '2024-03-31',
        marketplace: null,
        salesChannel: null,
        departureCountry: 'DE',
        arrivalCountry: 'AT',
        taxableJurisdiction: null,
        currency: 'EUR',
        netAmount: '1000.00',
        vatAmount: '200',
        grossAmount: '1200.00',
        vatRate: '0.2',
        buyerVatNumber: null,
        sellerVatNumber: null,
        isExport: false,
        taxReportingScheme: null,
        taxCollectionResponsibility: null,
        quantity: 3,
        sku: 'A-1',
      },
      expect.objectContaining({
        type: 'REFUND',
        eventId: 'GS-1',
        netAmount: '-10.00',
        vatAmount: '0',
        grossAmount: '-10.00',
        vatRate: '0',
        buyerVatNumber: 'FR12345678901',
      }),
    ]);
    expect(JSON.stringify(transactions)).not.toContain('Mustermann');
  });

  it('finds columns and values named beyond ASCII in a UTF-8 file, however its bytes are cut', async () => {
    const renamed: Record<string, string> = { Art: 'Vorgangsart', Netto: 'Netto (€)' };
    const columns = COLUMNS.map((column) => renamed[column] ?? column);
    const { Art: _type, Netto: net, ...first } = ROWS[0] ?? {};
    const rows = [{ ...first, Vorgangsart: 'Verkäufe', 'Netto (€)': net ?? '' }];
    const mapping: ColumnMapping = {
      ...MAPPING,
      type: { column: 'Vorgangsart', values: { Verkäufe: 'SALE' } },
      netAmount: 'Netto (€)',
    };
    for (const size of [65_536, 1, { seed: 3 }]) {
      const bytes = chunked(tableText(columns, rows, { delimiter: ';' }), size);
      const { transactions, problems } = await parseAll('generic-csv', bytes, { mapping });
      expect(problems).toEqual([]);
      expect(transactions).toEqual([expect.objectContaining({ type: 'SALE', eventId: 'RE-1', netAmount: '1000.00' })]);
    }
  });

  it('reports dates in another layout, unmapped types and amounts the separator setting cannot read', async () => {
    const { problems } = await parseAll('generic-csv', text, { mapping: MAPPING });
    expect(problems.map((problem) => [problem.lineNumber, problem.column, problem.code])).toEqual([
      [4, 'Datum', 'bad-date'],
      [5, 'Art', 'unknown-type'],
      [6, 'Brutto', 'bad-amount'],
    ]);
  });

  it('checks net + VAT = gross when all three are mapped, and reads US dates with a tab delimiter', async () => {
    const columns = ['id', 'date', 'to', 'net', 'vat', 'gross'];
    const rows = [
      { id: '1', date: '03/31/2024', to: 'DE', net: '10.00', vat: '1.90', gross: '11.90' },
      { id: '2', date: '04/01/2024', to: 'DE', net: '10.00', vat: '1.90', gross: '12.00' },
    ];
    const mapping: ColumnMapping = {
      transactionId: 'id',
      date: 'date',
      dateFormat: 'MM/DD/YYYY',
      arrivalCountry: { column: 'to' },
      currency: { value: 'EUR' },
      netAmount: 'net',
      vatAmount: 'vat',
      grossAmount: 'gross',
      decimalSeparator: '.',
      delimiter: '\t',
    };
    const { transactions, problems } = await parseAll('generic-csv', tableText(columns, rows), { mapping });
    expect(transactions).toEqual([
      expect.objectContaining({ eventId: '1', activityId: '1', taxPointDate: '2024-03-31', departureCountry: null }),
    ]);
    expect(problems).toEqual([expect.objectContaining({ lineNumber: 3, column: 'gross', code: 'amounts-mismatch' })]);
  });

  it('lists the mapped columns the file lacks', async () => {
    const error = await formatErrorOf(
      parseAll('generic-csv', text, { mapping: { ...MAPPING, sku: 'SKU', netAmount: 'Net' } }),
    );
    expect(error.code).toBe('missing-columns');
    expect(error.details).toEqual({ columns: ['Net', 'SKU'] });
  });

  it('refuses to read without a valid mapping and names the field', async () => {
    expect((await formatErrorOf(parseAll('generic-csv', text))).code).toBe('invalid-mapping');
    const error = await formatErrorOf(
      parseAll('generic-csv', text, { mapping: { ...MAPPING, grossAmount: undefined } }),
    );
    expect(error.code).toBe('invalid-mapping');
    expect(error.details).toEqual({
      issues: expect.arrayContaining([expect.objectContaining({ field: 'vatAmount' })]),
    });
  });
});
