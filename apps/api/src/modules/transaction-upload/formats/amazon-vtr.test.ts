import { describe, expect, it } from 'vitest';
import { VTR_COLUMNS_92, VTR_COLUMNS_95 } from '../synthetic-vtr';
import { FileFormatError, MAX_BATCH_BYTES, MAX_LINE_BYTES, parseTransactionFile } from './format';
import {
  ARRIVAL_ADDRESS,
  BUYER_NAME,
  chunked,
  parseAll,
  utf16,
  VTR_SALE,
  VTR_SALE_TRANSACTION,
  vtrText,
  windows1252,
} from './format-test-kit';

const REFUND = {
  ...VTR_SALE,
  TRANSACTION_TYPE: 'REFUND',
  ACTIVITY_TRANSACTION_ID: 'amzn1:crow:refund9',
  TRANSACTION_COMPLETE_DATE: '02-04-2024',
  QTY: '-1',
  TOTAL_ACTIVITY_VALUE_AMT_VAT_EXCL: '-50.00',
  TOTAL_ACTIVITY_VALUE_VAT_AMT: '-10.00',
  TOTAL_ACTIVITY_VALUE_AMT_VAT_INCL: '-60.00',
};

const FC_TRANSFER = {
  UNIQUE_ACCOUNT_IDENTIFIER: 'A1B2C3D4E5',
  SALES_CHANNEL: 'AFN',
  MARKETPLACE: 'N/A',
  TRANSACTION_TYPE: 'FC_TRANSFER',
  TRANSACTION_EVENT_ID: 'FBA15ABCDE',
  ACTIVITY_TRANSACTION_ID: 'FBA15ABCDE-1',
  TAX_CALCULATION_DATE: '',
  TRANSACTION_COMPLETE_DATE: '20-03-2024',
  SELLER_SKU: 'MUG-RED',
  QTY: '10',
  DEPARTURE_COUNTRY: 'DE',
  ARRIVAL_COUNTRY: 'PL',
  SALE_DEPART_COUNTRY: 'DE',
  SALE_ARRIVAL_COUNTRY: 'PL',
  TAXABLE_JURISDICTION: '',
  EXPORT_OUTSIDE_EU: 'NO',
};

async function expectFormatError(promise: Promise<unknown>, code: string) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(FileFormatError);
  expect((error as FileFormatError).code).toBe(code);
  return error as FileFormatError;
}

describe('Amazon VAT Transactions Report', () => {
  it('maps a sale, a refund and a stock transfer of the 95-column tab-separated layout', async () => {
    const { transactions, problems } = await parseAll('amazon-vtr', vtrText([VTR_SALE, REFUND, FC_TRANSFER]));
    expect(problems).toEqual([]);
    expect(transactions[0]).toEqual(VTR_SALE_TRANSACTION);
    expect(transactions[1]).toMatchObject({
      lineNumber: 3,
      type: 'REFUND',
      activityId: 'amzn1:crow:refund9',
      taxPointDate: '2024-03-15',
      completeDate: '2024-04-02',
      netAmount: '-50.00',
      vatAmount: '-10.00',
      grossAmount: '-60.00',
      quantity: -1,
    });
    expect(transactions[2]).toEqual({
      source: 'amazon-vtr',
      lineNumber: 4,
      type: 'FC_TRANSFER',
      eventId: 'FBA15ABCDE',
      activityId: 'FBA15ABCDE-1',
      taxPointDate: '2024-03-20',
      completeDate: '2024-03-20',
      marketplace: null,
      salesChannel: 'AFN',
      departureCountry: 'DE',
      arrivalCountry: 'PL',
      taxableJurisdiction: null,
      currency: null,
      netAmount: '0',
      vatAmount: '0',
      grossAmount: '0',
      vatRate: null,
      buyerVatNumber: null,
      sellerVatNumber: null,
      isExport: false,
      taxReportingScheme: null,
      taxCollectionResponsibility: null,
      quantity: 10,
      sku: 'MUG-RED',
    });
  });

  describe('the value of stock movements (COST_PRICE_OF_ITEMS)', () => {
    it('values a movement without an activity value at the cost price per unit × QTY, VAT excluded, in euro', async () => {
      const rows = [
        { ...FC_TRANSFER, COST_PRICE_OF_ITEMS: '12.345' },
        { ...FC_TRANSFER, ACTIVITY_TRANSACTION_ID: 'FBA15ABCDE-2', QTY: '', COST_PRICE_OF_ITEMS: '7.5' },
        {
          ...FC_TRANSFER,
          TRANSACTION_TYPE: 'INBOUND',
          ACTIVITY_TRANSACTION_ID: 'FBA15ABCDE-3',
          QTY: '3',
          COST_PRICE_OF_ITEMS: '4.10',
          TRANSACTION_CURRENCY_CODE: 'PLN',
        },
        // Some exports write zeros where Amazon leaves the movement's value empty.
        {
          ...FC_TRANSFER,
          ACTIVITY_TRANSACTION_ID: 'FBA15ABCDE-4',
          QTY: '2',
          COST_PRICE_OF_ITEMS: '1234.50',
          TOTAL_ACTIVITY_VALUE_AMT_VAT_EXCL: '0.00',
          TOTAL_ACTIVITY_VALUE_VAT_AMT: '0.00',
          TOTAL_ACTIVITY_VALUE_AMT_VAT_INCL: '0.00',
        },
      ];
      const { transactions, problems } = await parseAll('amazon-vtr', vtrText(rows));
      expect(problems).toEqual([]);
      const values = transactions.map((row) => [row.type, row.netAmount, row.vatAmount, row.grossAmount, row.currency]);
      expect(values).toEqual([
        // 12.345 × 10 = 123.45 exactly; an empty QTY moves one unit.
        ['FC_TRANSFER', '123.45', '0', '123.45', 'EUR'],
        ['FC_TRANSFER', '7.50', '0', '7.50', 'EUR'],
        // A currency the row names is kept.
        ['INBOUND', '12.30', '0', '12.30', 'PLN'],
        ['FC_TRANSFER', '2469.00', '0', '2469.00', 'EUR'],
      ]);
    });

    it('rounds the line value half-up to the cent', async () => {
      const { transactions } = await parseAll(
        'amazon-vtr',
        vtrText([{ ...FC_TRANSFER, QTY: '3', COST_PRICE_OF_ITEMS: '0.335' }]),
      );
      expect(transactions[0]?.netAmount).toBe('1.01'); // 1.005 → 1.01
    });

    it('keeps a movement without either value at zero and without a currency, as before', async () => {
      const { transactions, problems } = await parseAll('amazon-vtr', vtrText([FC_TRANSFER]));
      expect(problems).toEqual([]);
      expect(transactions[0]).toMatchObject({ netAmount: '0', vatAmount: '0', grossAmount: '0', currency: null });
    });

    it('never lets the cost price replace the value of a sale or of a movement that has one', async () => {
      const valuedMove = {
        ...FC_TRANSFER,
        COST_PRICE_OF_ITEMS: '99.00',
        TOTAL_ACTIVITY_VALUE_AMT_VAT_EXCL: '40.00',
        TOTAL_ACTIVITY_VALUE_VAT_AMT: '0.00',
        TOTAL_ACTIVITY_VALUE_AMT_VAT_INCL: '40.00',
        TRANSACTION_CURRENCY_CODE: 'EUR',
      };
      const { transactions, problems } = await parseAll(
        'amazon-vtr',
        vtrText([{ ...VTR_SALE, COST_PRICE_OF_ITEMS: '3.00' }, valuedMove]),
      );
      expect(problems).toEqual([]);
      expect(transactions[0]).toEqual(VTR_SALE_TRANSACTION);
      expect(transactions[1]).toMatchObject({ netAmount: '40.00', grossAmount: '40.00', currency: 'EUR' });
    });

    it('reports a cost price that is not an amount, or negative, with its line and column', async () => {
      const { transactions, problems } = await parseAll(
        'amazon-vtr',
        vtrText([
          { ...FC_TRANSFER, COST_PRICE_OF_ITEMS: 'n/a €' },
          { ...FC_TRANSFER, ACTIVITY_TRANSACTION_ID: 'FBA15ABCDE-2', COST_PRICE_OF_ITEMS: '-5.00' },
        ]),
      );
      expect(transactions).toEqual([]);
      expect(problems.map((problem) => [problem.lineNumber, problem.column, problem.code])).toEqual([
        [2, 'COST_PRICE_OF_ITEMS', 'bad-amount'],
        [3, 'COST_PRICE_OF_ITEMS', 'bad-amount'],
      ]);
    });
  });

  it('reads the 92-column layout, which has no reporting scheme and no collection responsibility', async () => {
    const { transactions, problems } = await parseAll('amazon-vtr', vtrText([VTR_SALE], { columns: VTR_COLUMNS_92 }));
    expect(problems).toEqual([]);
    expect(transactions).toEqual([
      { ...VTR_SALE_TRANSACTION, taxReportingScheme: null, taxCollectionResponsibility: null },
    ]);
  });

  it('finds columns by name: shuffled order, later added columns and both spellings of DEPARTURE_CITY', async () => {
    const shuffled = [...VTR_COLUMNS_95].reverse().map((name) => (name === 'DEPATURE_CITY' ? 'DEPARTURE_CITY' : name));
    const columns = [...shuffled.slice(0, 40), 'NEW_AMAZON_COLUMN', ...shuffled.slice(40), 'ANOTHER_ONE'];
    const record = { ...VTR_SALE, DEPARTURE_CITY: 'Leipzig', NEW_AMAZON_COLUMN: 'x', ANOTHER_ONE: 'y' };
    const { transactions, problems } = await parseAll('amazon-vtr', vtrText([record], { columns }));
    expect(problems).toEqual([]);
    expect(transactions).toEqual([VTR_SALE_TRANSACTION]);
  });

  it('reads day-first dates with dots and ISO dates, with or without a time', async () => {
    const records = [
      { ...VTR_SALE, TAX_CALCULATION_DATE: '15.03.2024', TRANSACTION_COMPLETE_DATE: '16.03.2024' },
      { ...VTR_SALE, TAX_CALCULATION_DATE: '2024-03-15', TRANSACTION_COMPLETE_DATE: '2024-03-16T10:11:12Z' },
      { ...VTR_SALE, TAX_CALCULATION_DATE: '5-3-2024', TRANSACTION_COMPLETE_DATE: '' },
    ];
    const { transactions, problems } = await parseAll('amazon-vtr', vtrText(records));
    expect(problems).toEqual([]);
    expect(transactions.map((row) => [row.taxPointDate, row.completeDate])).toEqual([
      ['2024-03-15', '2024-03-16'],
      ['2024-03-15', '2024-03-16'],
      ['2024-03-05', '2024-03-05'],
    ]);
  });

  it('reports a bad date with its line and column and leaves only that row out', async () => {
    const records = [
      { ...VTR_SALE, TAX_CALCULATION_DATE: '31-02-2024' },
      VTR_SALE,
      { ...VTR_SALE, TRANSACTION_COMPLETE_DATE: '03/16/2024' },
    ];
    const { transactions, problems } = await parseAll('amazon-vtr', vtrText(records));
    expect(transactions.map((row) => row.lineNumber)).toEqual([3]);
    expect(problems).toEqual([
      expect.objectContaining({ lineNumber: 2, column: 'TAX_CALCULATION_DATE', code: 'bad-date' }),
      expect.objectContaining({ lineNumber: 4, column: 'TRANSACTION_COMPLETE_DATE', code: 'bad-date' }),
    ]);
    expect(problems[0]?.message).toContain('"31-02-2024"');
  });

  it('reports an amount with more than 16 digits before its point, which no amount column holds', async () => {
    const amounts = (value: string) => ({
      ...VTR_SALE,
      TOTAL_ACTIVITY_VALUE_AMT_VAT_EXCL: value,
      TOTAL_ACTIVITY_VALUE_VAT_AMT: '0.00',
      TOTAL_ACTIVITY_VALUE_AMT_VAT_INCL: value,
      PRICE_OF_ITEMS_VAT_RATE_PERCENT: '0',
    });
    const { transactions, problems } = await parseAll(
      'amazon-vtr',
      vtrText([amounts('9999999999999999.99'), amounts('-9999999999999999.99'), amounts('10000000000000000.00')]),
    );
    expect(transactions.map((row) => [row.lineNumber, row.netAmount])).toEqual([
      [2, '9999999999999999.99'],
      [3, '-9999999999999999.99'],
    ]);
    expect(problems).toEqual([
      {
        lineNumber: 4,
        column: null,
        code: 'amount-too-large',
        message:
          'Line 4: the net amount 10000000000000000.00 has more than 16 digits before the decimal point, more than any amount Vatlas stores.',
      },
    ]);
  });

  describe('the character U+0000 (NUL), which no text means and the database cannot store', () => {
    // Enough rows that the NUL comes long after the first 4 kB, where a zero byte says the file is binary.
    const rows = Array.from({ length: 40 }, () => VTR_SALE);
    const withNul = (column: string) => [...rows, { ...VTR_SALE, [column]: 'MUG\u0000L' }, VTR_SALE];

    it('reports a row with one in a column it reads, with its line and column, in UTF-8 and UTF-16', async () => {
      for (const bytes of [vtrText(withNul('SELLER_SKU')), utf16(vtrText(withNul('SELLER_SKU')), 'le')]) {
        const { transactions, problems } = await parseAll('amazon-vtr', bytes);
        expect(transactions).toHaveLength(41);
        expect(problems).toEqual([
          {
            lineNumber: 42,
            column: 'SELLER_SKU',
            code: 'nul-character',
            message:
              'Line 42: SELLER_SKU holds the character U+0000 (NUL), which is not text. Export the report again from its source.',
          },
        ]);
      }
    });

    it('leaves a row alone that holds one in a column it does not read', async () => {
      const { transactions, problems } = await parseAll('amazon-vtr', vtrText(withNul('ITEM_DESCRIPTION')));
      expect(problems).toEqual([]);
      expect(transactions).toHaveLength(42);
    });
  });

  it('reports rows it cannot accept, each with the reason, and keeps the others', async () => {
    const records = [
      { ...VTR_SALE, TOTAL_ACTIVITY_VALUE_AMT_VAT_INCL: '120.02' },
      { ...VTR_SALE, TOTAL_ACTIVITY_VALUE_AMT_VAT_INCL: '120.01' },
      { ...VTR_SALE, SALE_ARRIVAL_COUNTRY: 'XX' },
      { ...VTR_SALE, TAXABLE_JURISDICTION: 'ATLANTIS' },
      { ...VTR_SALE, TRANSACTION_EVENT_ID: '' },
      { ...VTR_SALE, TOTAL_ACTIVITY_VALUE_VAT_AMT: '20,00' },
      { ...VTR_SALE, TRANSACTION_TYPE: 'GIFT' },
      {
        ...VTR_SALE,
        TOTAL_ACTIVITY_VALUE_AMT_VAT_EXCL: '',
        TOTAL_ACTIVITY_VALUE_VAT_AMT: '',
        TOTAL_ACTIVITY_VALUE_AMT_VAT_INCL: '',
      },
      { ...VTR_SALE, TRANSACTION_CURRENCY_CODE: '' },
      { ...VTR_SALE, EXPORT_OUTSIDE_EU: 'MAYBE' },
    ];
    const text = `${vtrText(records)}short\trow\r\n`;
    const { transactions, problems } = await parseAll('amazon-vtr', text);
    expect(transactions.map((row) => [row.lineNumber, row.grossAmount])).toEqual([[3, '120.01']]);
    expect(problems.map((problem) => [problem.lineNumber, problem.column, problem.code])).toEqual([
      [2, 'TOTAL_ACTIVITY_VALUE_AMT_VAT_INCL', 'amounts-mismatch'],
      [4, 'SALE_ARRIVAL_COUNTRY', 'unknown-country'],
      [5, 'TAXABLE_JURISDICTION', 'unknown-country'],
      [6, 'TRANSACTION_EVENT_ID', 'missing-id'],
      [7, 'TOTAL_ACTIVITY_VALUE_VAT_AMT', 'bad-amount'],
      [8, 'TRANSACTION_TYPE', 'unknown-type'],
      [9, 'TOTAL_ACTIVITY_VALUE_AMT_VAT_INCL', 'missing-amount'],
      [10, 'TRANSACTION_CURRENCY_CODE', 'missing-currency'],
      [11, 'EXPORT_OUTSIDE_EU', 'bad-value'],
      [12, null, 'column-count'],
    ]);
  });

  it('maps jurisdiction names and country variants of all kinds to ISO codes', async () => {
    const cases: [string, string, string][] = [
      ['CZECH REPUBLIC', 'CZ', 'CZ'],
      ['UNITED KINGDOM', 'UK', 'GB'],
      ['NETHERLANDS', 'NL', 'NL'],
      ['GREECE', 'EL', 'GR'],
      ['SLOVAK REPUBLIC', 'sk', 'SK'],
      ['Germany', 'DE', 'DE'],
    ];
    const records = cases.map(([jurisdiction, arrival]) => ({
      ...VTR_SALE,
      TAXABLE_JURISDICTION: jurisdiction,
      SALE_ARRIVAL_COUNTRY: arrival,
    }));
    const { transactions, problems } = await parseAll('amazon-vtr', vtrText(records));
    expect(problems).toEqual([]);
    expect(transactions.map((row) => [row.taxableJurisdiction, row.arrivalCountry])).toEqual(
      cases.map(([, , code]) => [code === 'GB' ? 'GB' : code, code]),
    );
  });

  it('falls back to the physical leg when the sale-leg countries are absent or empty', async () => {
    const columns = VTR_COLUMNS_95.filter((name) => name !== 'SALE_DEPART_COUNTRY');
    const { transactions } = await parseAll(
      'amazon-vtr',
      vtrText([{ ...VTR_SALE, DEPARTURE_COUNTRY: 'PL', SALE_ARRIVAL_COUNTRY: '', ARRIVAL_COUNTRY: 'CZ' }], { columns }),
    );
    expect(transactions[0]).toMatchObject({ departureCountry: 'PL', arrivalCountry: 'CZ' });
  });

  it('accepts VAT rates as fractions or percentages, and B2B, export and marketplace-collected rows', async () => {
    const records = [
      { ...VTR_SALE, PRICE_OF_ITEMS_VAT_RATE_PERCENT: '20%' },
      { ...VTR_SALE, PRICE_OF_ITEMS_VAT_RATE_PERCENT: '0.055' },
      {
        ...VTR_SALE,
        PRICE_OF_ITEMS_VAT_RATE_PERCENT: '0',
        TOTAL_ACTIVITY_VALUE_VAT_AMT: '0',
        TOTAL_ACTIVITY_VALUE_AMT_VAT_INCL: '100.00',
        BUYER_VAT_NUMBER: 'FR12345678901',
        EXPORT_OUTSIDE_EU: 'YES',
        TAX_COLLECTION_RESPONSIBILITY: 'MARKETPLACE',
      },
    ];
    const { transactions, problems } = await parseAll('amazon-vtr', vtrText(records));
    expect(problems).toEqual([]);
    expect(transactions.map((row) => row.vatRate)).toEqual(['0.2', '0.055', '0']);
    expect(transactions[2]).toMatchObject({
      buyerVatNumber: 'FR12345678901',
      isExport: true,
      taxCollectionResponsibility: 'MARKETPLACE',
    });
  });

  describe('delimiters and quoting', () => {
    it('reads comma- and semicolon-separated files with LF endings and quoted fields', async () => {
      const record = { ...VTR_SALE, ITEM_DESCRIPTION: 'Mug "Paris", red;\nline two' };
      for (const delimiter of [',', ';']) {
        const text = vtrText([record, VTR_SALE], { delimiter, lineEnding: '\n' });
        const { transactions, problems } = await parseAll('amazon-vtr', text);
        expect(problems).toEqual([]);
        // The embedded line break makes the second record start on line 4.
        expect(transactions).toEqual([VTR_SALE_TRANSACTION, { ...VTR_SALE_TRANSACTION, lineNumber: 4 }]);
      }
    });

    it('unwraps tab-separated fields that a tool quoted as a whole and keeps quotes inside a field', async () => {
      const quoted = vtrText([VTR_SALE], { quoteAll: true });
      expect((await parseAll('amazon-vtr', quoted)).transactions).toEqual([VTR_SALE_TRANSACTION]);
      const inches = vtrText([{ ...VTR_SALE, ITEM_DESCRIPTION: 'Monitor 24" wide' }]);
      expect((await parseAll('amazon-vtr', inches)).transactions).toEqual([VTR_SALE_TRANSACTION]);
    });

    it('refuses a header that does not split into columns', async () => {
      const text = vtrText([VTR_SALE]).replaceAll('\t', '|');
      const error = await expectFormatError(parseAll('amazon-vtr', text), 'wrong-delimiter');
      expect(error.message).toContain('tabs, commas or semicolons');
    });

    it('refuses a CSV whose quoted field never closes as cut short', async () => {
      const cut = `${vtrText([VTR_SALE, VTR_SALE], { delimiter: ',' })}A1,2024-MAR,"never closed\r\nmore\r\n`;
      const error = await expectFormatError(parseAll('amazon-vtr', cut), 'truncated');
      expect(error.details).toEqual({ lineNumber: 4 });
    });
  });

  describe('encodings', () => {
    const text = vtrText([{ ...VTR_SALE, ITEM_DESCRIPTION: 'Müsli-Schüssel, weiß' }]);

    it.each([
      ['UTF-8', () => new TextEncoder().encode(text)],
      ['UTF-8 with BOM', () => new TextEncoder().encode(`\ufeff${text}`)],
      ['UTF-16 LE', () => utf16(text, 'le')],
      ['UTF-16 BE', () => utf16(text, 'be')],
      ['Windows-1252', () => windows1252(text)],
    ])('reads %s, in one piece and byte by byte', async (_name, encode) => {
      for (const size of [65_536, 1]) {
        const { transactions, problems } = await parseAll('amazon-vtr', chunked(encode(), size));
        expect(problems).toEqual([]);
        expect(transactions).toEqual([VTR_SALE_TRANSACTION]);
      }
    });

    it('keeps the characters of the cells it reads, of one to four bytes in UTF-8, however the bytes are cut', async () => {
      // What the mapper reads (the SKU, the event id, the buyer's VAT number) beside what it leaves (the description),
      // in tab-separated text and in CSV with quoted fields.
      const sku = 'Tasse, Größe L — 😀';
      const row = { ...VTR_SALE, SELLER_SKU: sku, TRANSACTION_EVENT_ID: 'ÉV-1', ITEM_DESCRIPTION: 'Müsli-Schüssel' };
      const expected = { ...VTR_SALE_TRANSACTION, sku, eventId: 'ÉV-1' };
      for (const delimiter of ['\t', ','] as const) {
        const text = vtrText([row, row], { delimiter });
        for (const [name, bytes] of [
          ['UTF-8', new TextEncoder().encode(text)],
          ['UTF-8 with BOM', new TextEncoder().encode(`\ufeff${text}`)],
          ['UTF-16 LE', utf16(text, 'le')],
        ] as const) {
          for (const size of [65_536, 1, 2, 3, { seed: 7 }]) {
            const { transactions, problems } = await parseAll('amazon-vtr', chunked(bytes, size));
            expect({ name, size, problems }).toEqual({ name, size, problems: [] });
            expect(transactions).toEqual([expected, { ...expected, lineNumber: 3 }]);
          }
        }
      }
    });

    it('names a cell beyond ASCII in a problem as the file has it', async () => {
      const { problems } = await parseAll(
        'amazon-vtr',
        new TextEncoder().encode(vtrText([{ ...VTR_SALE, TRANSACTION_CURRENCY_CODE: 'ÉUR' }])),
      );
      expect(problems).toEqual([
        expect.objectContaining({ message: expect.stringContaining('"ÉUR" is not an ISO 4217') }),
      ]);
    });

    it('switches to Windows-1252 when the first non-ASCII byte comes late in the file', async () => {
      const late = vtrText([...Array.from({ length: 50 }, () => VTR_SALE), { ...VTR_SALE, ITEM_DESCRIPTION: 'Café' }]);
      const { transactions, problems } = await parseAll('amazon-vtr', chunked(windows1252(late), 7));
      expect(problems).toEqual([]);
      expect(transactions).toHaveLength(51);
    });

    it('refuses a file that is UTF-8 first and something else later', async () => {
      const mixed = new Uint8Array([
        ...new TextEncoder().encode(vtrText([{ ...VTR_SALE, ITEM_DESCRIPTION: 'weiß' }])),
        ...windows1252(vtrText([{ ...VTR_SALE, ITEM_DESCRIPTION: 'weiß' }]).split('\r\n')[1] as string),
      ]);
      await expectFormatError(parseAll('amazon-vtr', mixed), 'unsupported-encoding');
    });

    it('refuses a UTF-8 file that ends inside a character as cut short', async () => {
      const text = new TextEncoder().encode(vtrText([{ ...VTR_SALE, ITEM_DESCRIPTION: 'weiß' }]));
      for (const size of [65_536, 1]) {
        const cut = chunked(new Uint8Array([...text, 0xe2, 0x82]), size);
        const error = await expectFormatError(parseAll('amazon-vtr', cut), 'truncated');
        expect(error.message).toContain('ends in the middle of a UTF-8 character');
      }
    });

    it('refuses binary data', async () => {
      await expectFormatError(parseAll('amazon-vtr', new Uint8Array([0, 0, 0, 1, 2, 3, 0, 0])), 'unsupported-encoding');
    });
  });

  it('gives the same result however the bytes are cut into chunks', async () => {
    const text = vtrText([VTR_SALE, REFUND, FC_TRANSFER, { ...VTR_SALE, TAX_CALCULATION_DATE: 'soon' }], {
      delimiter: ',',
    }).replace('"Red mug, 300 ml"', '"Red ""mug"",\r\n300 ml"');
    const whole = await parseAll('amazon-vtr', text);
    expect(whole.transactions).toHaveLength(3);
    for (const size of [1, 7, { seed: 1 }, { seed: 42 }]) {
      const pieces = await parseAll('amazon-vtr', chunked(text, size));
      expect(pieces.transactions).toEqual(whole.transactions);
      expect(pieces.problems).toEqual(whole.problems);
    }
  });

  it('yields batches of the requested size with cumulative bytes and rows', async () => {
    const text = vtrText([VTR_SALE, VTR_SALE, VTR_SALE, VTR_SALE, { ...VTR_SALE, QTY: 'two' }]);
    const { batches } = await parseAll('amazon-vtr', chunked(text, 100), { batchSize: 2 });
    expect(batches.map((batch) => [batch.transactions.length, batch.problems.length, batch.linesRead])).toEqual([
      [2, 0, 2],
      [2, 0, 4],
      [0, 1, 5],
    ]);
    expect(batches.at(-1)?.bytesRead).toBe(new TextEncoder().encode(text).byteLength);
  });

  it('ends a batch of long lines once it spans MAX_BATCH_BYTES of the file, whatever its row count', async () => {
    // Lines of about 700 KB (a buyer VAT number as long as a line may be): 256 rows of them would hold 180 MB.
    const long = { ...VTR_SALE, BUYER_VAT_NUMBER: `DE${'9'.repeat(700 * 1024)}` };
    const text = vtrText(Array.from({ length: 24 }, () => long));
    const { batches, transactions } = await parseAll('amazon-vtr', chunked(text, 65_536), { batchSize: 256 });
    expect(transactions).toHaveLength(24);
    expect(batches.length).toBeGreaterThan(1);
    let batchStartedAt = 0;
    for (const batch of batches) {
      // A batch ends after the row that reaches the mark: it spans less than the mark, one line and one read more.
      expect(batch.bytesRead - batchStartedAt).toBeLessThan(MAX_BATCH_BYTES + 700 * 1024 + 2 * 65_536);
      batchStartedAt = batch.bytesRead;
    }
  });

  it('never lets the buyer name or address out, not even through problems', async () => {
    const records = [VTR_SALE, { ...VTR_SALE, TAX_CALCULATION_DATE: 'x' }, { ...VTR_SALE, BUYER_NAME: '' }];
    const result = await parseAll('amazon-vtr', vtrText(records));
    expect(result.transactions).toHaveLength(2);
    const everything = JSON.stringify(result);
    expect(everything).not.toContain(BUYER_NAME);
    expect(everything).not.toContain('Rivoli');
    expect(everything).not.toContain(ARRIVAL_ADDRESS);
  });

  describe('whole-file problems', () => {
    it('refuses an empty file and one of blank lines', async () => {
      await expectFormatError(parseAll('amazon-vtr', ''), 'empty-file');
      await expectFormatError(parseAll('amazon-vtr', '\r\n  \r\n'), 'empty-file');
    });

    it('refuses a header without rows', async () => {
      const error = await expectFormatError(parseAll('amazon-vtr', vtrText([])), 'header-only');
      expect(error.message).toContain('line 1');
    });

    it('lists the required columns that are missing', async () => {
      const columns = VTR_COLUMNS_95.filter(
        (name) => !['TAX_CALCULATION_DATE', 'SALE_ARRIVAL_COUNTRY', 'ARRIVAL_COUNTRY'].includes(name),
      );
      const error = await expectFormatError(
        parseAll('amazon-vtr', vtrText([VTR_SALE], { columns })),
        'missing-columns',
      );
      expect(error.details).toEqual({ columns: ['TAX_CALCULATION_DATE', 'SALE_ARRIVAL_COUNTRY'] });
      expect(error.message).toContain('TAX_CALCULATION_DATE, SALE_ARRIVAL_COUNTRY');
    });

    it('says when the file is another format altogether', async () => {
      await expectFormatError(parseAll('amazon-vtr', 'Name,Email,Total\n#1001,a@b.c,10.00\n'), 'unknown-format');
    });

    it('refuses an old .xls workbook', async () => {
      await expectFormatError(parseAll('amazon-vtr', new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1])), 'not-xlsx');
    });

    it('stops at a line over the limit without reading the rest of a 10 MB line', async () => {
      let bytesPulled = 0;
      async function* tenMegabyteLine() {
        yield new TextEncoder().encode(`${VTR_COLUMNS_95.join('\t')}\r\n`);
        const block = new Uint8Array(65_536).fill(0x41);
        for (let sent = 0; sent < 10 * 1024 * 1024; sent += block.byteLength) {
          bytesPulled += block.byteLength;
          yield block;
        }
      }
      const error = await expectFormatError(parseAll('amazon-vtr', tenMegabyteLine()), 'line-too-long');
      expect(error.details).toMatchObject({ lineNumber: 2 });
      expect(bytesPulled).toBeLessThanOrEqual(MAX_LINE_BYTES + 2 * 65_536);
    });
  });

  it('is lazy: a consumer that stops after the first batch does not read the whole input', async () => {
    let chunksPulled = 0;
    async function* manyRows() {
      const line = new TextEncoder().encode(vtrText([VTR_SALE]).split('\r\n')[1]?.concat('\r\n'));
      yield new TextEncoder().encode(`${VTR_COLUMNS_95.join('\t')}\r\n`);
      for (let index = 0; index < 10_000; index++) {
        chunksPulled++;
        yield line;
      }
    }
    for await (const batch of parseTransactionFile('amazon-vtr', manyRows(), { batchSize: 10 })) {
      expect(batch.transactions).toHaveLength(10);
      break;
    }
    expect(chunksPulled).toBeLessThan(100);
  });
});
