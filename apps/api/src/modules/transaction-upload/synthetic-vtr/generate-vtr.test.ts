import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { findVatRate, formatMoneyFixed2, type Money, money, rateFraction, roundToCentsHalfUp } from '@vatlas/domain';
import { describe, expect, it } from 'vitest';
import { DEMO_VTR_ROWS_PER_MONTH, generateDemoVtrMonths } from './demo-vtr';
import type { ExpectedBucket } from './expected-totals';
import { quoteCsvField, type SyntheticVtrOptions } from './generate-vtr';
import { VTR_COLUMNS_92, VTR_COLUMNS_95 } from './vtr-columns';
import { generateVtrText, writeVtr } from './write-vtr';

const OPTIONS: SyntheticVtrOptions = { rows: 4000, seed: 7, from: '2024-11-01', to: '2025-02-28' };

type Record = { [column: string]: string };

/** A reader of our own, independent of the import parser: split on CRLF, then on tab, map by header name. */
function readTsv(text: string): { header: string[]; records: Record[] } {
  expect(text.endsWith('\r\n')).toBe(true);
  const [headerLine = '', ...lines] = text.slice(0, -2).split('\r\n');
  const header = headerLine.split('\t');
  const records = lines.map((line) => {
    const fields = line.split('\t');
    expect(fields).toHaveLength(header.length);
    return Object.fromEntries(header.map((name, index) => [name, fields[index] ?? '']));
  });
  return { header, records };
}

/** RFC 4180 fields: quoted fields may hold commas and doubled quotes. */
function readCsvLine(line: string): string[] {
  const fields: string[] = [];
  let index = 0;
  while (index <= line.length) {
    if (line[index] === '"') {
      let value = '';
      index += 1;
      for (;;) {
        const quote = line.indexOf('"', index);
        value += line.slice(index, quote);
        if (line[quote + 1] === '"') {
          value += '"';
          index = quote + 2;
        } else {
          index = quote + 2;
          break;
        }
      }
      fields.push(value);
    } else {
      const comma = line.indexOf(',', index);
      const end = comma === -1 ? line.length : comma;
      fields.push(line.slice(index, end));
      index = end + 1;
    }
  }
  return fields;
}

const NAME_TO_CODE: { [name: string]: string } = {
  AUSTRIA: 'AT',
  BELGIUM: 'BE',
  'CZECH REPUBLIC': 'CZ',
  GERMANY: 'DE',
  DENMARK: 'DK',
  SPAIN: 'ES',
  FINLAND: 'FI',
  FRANCE: 'FR',
  'UNITED KINGDOM': 'GB',
  IRELAND: 'IE',
  ITALY: 'IT',
  NETHERLANDS: 'NL',
  POLAND: 'PL',
  PORTUGAL: 'PT',
  SWEDEN: 'SE',
};

const isoOf = (vtrDate: string) => `${vtrDate.slice(6, 10)}-${vtrDate.slice(3, 5)}-${vtrDate.slice(0, 2)}`;
const amount = (record: Record, column: string): Money => money(record[column] ?? '');
const MOVEMENTS = new Set(['RETURN', 'FC_TRANSFER', 'INBOUND']);
/** Movements whose value is the cost price (per unit) in COST_PRICE_OF_ITEMS, the activity value left empty. */
const COSTED_MOVEMENTS = new Set(['FC_TRANSFER', 'INBOUND']);
const EU_STOCK = new Set(['DE', 'PL', 'CZ', 'FR', 'IT', 'ES']);

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('generateVtrText', () => {
  const generated = generateVtrText(OPTIONS);
  const { header, records } = readTsv(generated.text);

  it('is deterministic for a seed and differs between seeds', () => {
    expect(sha256(generateVtrText(OPTIONS).text)).toBe(sha256(generated.text));
    expect(sha256(generateVtrText({ ...OPTIONS, seed: 8 }).text)).not.toBe(sha256(generated.text));
  });

  it('writes the 95-column header by default and the 92-column one on request, DEPATURE_CITY included', () => {
    expect(header).toEqual([...VTR_COLUMNS_95]);
    expect(header).toHaveLength(95);
    expect(header[4]).toBe('PROGRAM_TYPE');
    expect(header.slice(-2)).toEqual(['TAX_REPORTING_SCHEME', 'TAX_COLLECTION_RESPONSIBILITY']);
    const old = readTsv(generateVtrText({ ...OPTIONS, rows: 50, layout: 92 }).text);
    expect(old.header).toEqual([...VTR_COLUMNS_92]);
    expect(old.header).toHaveLength(92);
    expect(old.header).toContain('DEPATURE_CITY');
    expect(old.records).toHaveLength(50);
  });

  it('writes exactly the rows asked for, every transaction type among them, counted in the expectation', () => {
    expect(records).toHaveLength(OPTIONS.rows);
    const counts: { [type: string]: number } = {};
    for (const record of records)
      counts[record.TRANSACTION_TYPE ?? ''] = (counts[record.TRANSACTION_TYPE ?? ''] ?? 0) + 1;
    for (const type of ['SALE', 'REFUND', 'RETURN', 'FC_TRANSFER', 'INBOUND']) {
      expect(counts[type]).toBeGreaterThan(40);
      expect(generated.expected.rowsByType[type as 'SALE']).toBe(counts[type]);
    }
    expect(generated.expected.rowCount).toBe(OPTIONS.rows);
  });

  it('keeps INCL = EXCL + VAT on every row and part, and VAT = net × rate rounded half-up per row', () => {
    for (const record of records) {
      if (COSTED_MOVEMENTS.has(record.TRANSACTION_TYPE ?? '')) continue;
      const isMovement = MOVEMENTS.has(record.TRANSACTION_TYPE ?? '');
      const parts = isMovement
        ? ['TOTAL_ACTIVITY_VALUE']
        : ['TOTAL_ACTIVITY_VALUE', 'TOTAL_PRICE_OF_ITEMS', 'TOTAL_SHIP_CHARGE'];
      for (const prefix of parts) {
        const net = amount(record, `${prefix}_AMT_VAT_EXCL`);
        const vat = amount(record, `${prefix}_VAT_AMT`);
        expect(amount(record, `${prefix}_AMT_VAT_INCL`).eq(net.plus(vat))).toBe(true);
      }
      if (isMovement) continue;
      const rate = money(record.PRICE_OF_ITEMS_VAT_RATE_PERCENT ?? '');
      const net = amount(record, 'TOTAL_ACTIVITY_VALUE_AMT_VAT_EXCL');
      expect(formatMoneyFixed2(roundToCentsHalfUp(net.times(rate)))).toBe(record.TOTAL_ACTIVITY_VALUE_VAT_AMT);
    }
  });

  it('applies the standard rate of the taxable jurisdiction on the tax date, as a fraction; 0 for B2B and exports', () => {
    for (const record of records) {
      if (MOVEMENTS.has(record.TRANSACTION_TYPE ?? '')) continue;
      const rate = record.PRICE_OF_ITEMS_VAT_RATE_PERCENT;
      if (record.BUYER_VAT_NUMBER !== '' || record.EXPORT_OUTSIDE_EU === 'YES') {
        expect(rate).toBe('0');
        continue;
      }
      const country = NAME_TO_CODE[record.TAXABLE_JURISDICTION ?? ''] ?? '';
      const found = findVatRate(country, isoOf(record.TAX_CALCULATION_DATE ?? ''), 'standard');
      if (!found.ok) throw new Error(`no rate for ${country}`);
      expect(rate).toBe(rateFraction(found.rate).toFixed());
    }
  });

  it('writes refunds negative with the earlier tax date of their sale, and sales positive', () => {
    for (const record of records) {
      if (COSTED_MOVEMENTS.has(record.TRANSACTION_TYPE ?? '')) continue;
      const net = amount(record, 'TOTAL_ACTIVITY_VALUE_AMT_VAT_EXCL');
      const taxDate = isoOf(record.TAX_CALCULATION_DATE ?? '');
      const completeDate = isoOf(record.TRANSACTION_COMPLETE_DATE ?? '');
      if (record.TRANSACTION_TYPE === 'REFUND') {
        expect(net.lt(0)).toBe(true);
        expect(taxDate <= completeDate).toBe(true);
        expect(taxDate >= OPTIONS.from).toBe(true);
      } else if (record.TRANSACTION_TYPE === 'SALE') {
        expect(net.gt(0)).toBe(true);
        expect(taxDate).toBe(completeDate);
      } else {
        expect(net.eq(0)).toBe(true);
        expect(record.TRANSACTION_CURRENCY_CODE).toBe('');
      }
    }
    expect(
      records
        .filter((r) => r.TRANSACTION_TYPE === 'REFUND')
        .some((r) => r.TAX_CALCULATION_DATE !== r.TRANSACTION_COMPLETE_DATE),
    ).toBe(true);
  });

  it('values transfers and inbound shipments as Amazon does: a unit cost price, no activity value, no currency', () => {
    const costByAsin = new Map<string, string>();
    for (const record of records) {
      const type = record.TRANSACTION_TYPE ?? '';
      if (!COSTED_MOVEMENTS.has(type)) {
        // Sales, refunds and returns keep their own values; the cost price is a movement's.
        expect(record.COST_PRICE_OF_ITEMS).toBe('');
        continue;
      }
      for (const column of [
        'TOTAL_ACTIVITY_VALUE_AMT_VAT_EXCL',
        'TOTAL_ACTIVITY_VALUE_VAT_AMT',
        'TOTAL_ACTIVITY_VALUE_AMT_VAT_INCL',
        'TRANSACTION_CURRENCY_CODE',
      ]) {
        expect(record[column]).toBe('');
      }
      const cost = record.COST_PRICE_OF_ITEMS ?? '';
      expect(cost).toMatch(/^\d+\.\d{2}$/);
      expect(money(cost).gte('1.99') && money(cost).lte('59.98')).toBe(true);
      // One cost per product, however often it moves.
      const asin = record.ASIN ?? '';
      expect(costByAsin.get(asin) ?? cost).toBe(cost);
      costByAsin.set(asin, cost);
    }
    expect(new Set(costByAsin.values()).size).toBeGreaterThan(5);
    expect(records.some((r) => r.TRANSACTION_TYPE === 'FC_TRANSFER' && Number(r.QTY) > 1)).toBe(true);
  });

  it('writes Amazon date, period, id and jurisdiction formats in date order', () => {
    const months = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
    let previous = '';
    for (const record of records) {
      const complete = isoOf(record.TRANSACTION_COMPLETE_DATE ?? '');
      expect(record.TRANSACTION_COMPLETE_DATE).toMatch(/^\d{2}-\d{2}-\d{4}$/);
      expect(complete >= OPTIONS.from && complete <= OPTIONS.to).toBe(true);
      expect(complete >= previous).toBe(true);
      previous = complete;
      expect(record.ACTIVITY_PERIOD).toBe(`${complete.slice(0, 4)}-${months[Number(complete.slice(5, 7)) - 1]}`);
      if (record.TRANSACTION_TYPE === 'SALE' || record.TRANSACTION_TYPE === 'REFUND') {
        expect(record.TRANSACTION_EVENT_ID).toMatch(/^\d{3}-\d{7}-\d{7}$/);
        expect(record.ACTIVITY_TRANSACTION_ID).toMatch(/^amzn1:crow:[A-Za-z0-9]{22}$/);
        expect(Object.keys(NAME_TO_CODE)).toContain(record.TAXABLE_JURISDICTION);
        expect(record.BUYER_NAME).not.toBe('');
        expect(record.ARRIVAL_ADDRESS).not.toBe('');
      }
    }
    const keys = new Set(
      records.map((r) => `${r.TRANSACTION_EVENT_ID}|${r.ACTIVITY_TRANSACTION_ID}|${r.TRANSACTION_TYPE}`),
    );
    expect(keys.size).toBe(records.length);
    expect(records.some((r) => /[^\u0020-\u007e]/.test(r.ITEM_DESCRIPTION ?? ''))).toBe(true);
    expect(records.some((r) => /[^\u0020-\u007e]/.test(r.BUYER_NAME ?? ''))).toBe(true);
  });

  it('covers the scenarios: marketplaces and currencies, OSS, B2B, exports, marketplace collection, transfers', () => {
    const sales = records.filter((r) => r.TRANSACTION_TYPE === 'SALE');
    const pairs = new Set(sales.map((r) => `${r.MARKETPLACE} ${r.TRANSACTION_CURRENCY_CODE}`));
    for (const pair of ['amazon.de EUR', 'amazon.co.uk GBP', 'amazon.pl PLN', 'amazon.se SEK', 'amazon.fr EUR']) {
      expect(pairs).toContain(pair);
    }
    const schemes = new Set(sales.map((r) => `${r.TAX_REPORTING_SCHEME} ${r.TAX_COLLECTION_RESPONSIBILITY}`));
    for (const scheme of [
      'REGULAR SELLER',
      'UNION-OSS SELLER',
      'UK_VOEC-DOMESTIC MARKETPLACE',
      'DEEMED_RESELLER MARKETPLACE',
    ]) {
      expect(schemes).toContain(scheme);
    }
    expect(sales.some((r) => r.BUYER_VAT_NUMBER?.startsWith(r.SALE_ARRIVAL_COUNTRY ?? '-'))).toBe(true);
    expect(
      sales.some((r) => r.EXPORT_OUTSIDE_EU === 'YES' && ['CH', 'NO', 'US'].includes(r.SALE_ARRIVAL_COUNTRY ?? '')),
    ).toBe(true);
    expect(
      sales.some((r) => r.SALE_DEPART_COUNTRY === r.SALE_ARRIVAL_COUNTRY && r.TAX_REPORTING_SCHEME === 'REGULAR'),
    ).toBe(true);
    const transfers = records.filter((r) => r.TRANSACTION_TYPE === 'FC_TRANSFER');
    expect(transfers.every((r) => r.MARKETPLACE === 'N/A' && r.SALE_DEPART_COUNTRY !== r.SALE_ARRIVAL_COUNTRY)).toBe(
      true,
    );
    for (const record of transfers) {
      expect(['DE', 'PL', 'CZ', 'FR', 'IT', 'ES']).toContain(record.SALE_DEPART_COUNTRY);
      expect(['DE', 'PL', 'CZ', 'FR', 'IT', 'ES']).toContain(record.SALE_ARRIVAL_COUNTRY);
    }
  });

  it('expects exactly what re-summing the rows by jurisdiction, scheme, month of the tax date and currency gives', () => {
    const sums = new Map<string, { net: Money; vat: Money; gross: Money; rowCount: number }>();
    for (const record of records) {
      // A transfer between two member states (between fulfilment centres, or the seller's own shipment into one): a
      // zero-rated supply of the departure country at cost × QTY, in euro.
      const from = record.SALE_DEPART_COUNTRY ?? '';
      const to = record.SALE_ARRIVAL_COUNTRY ?? '';
      const isTransfer = record.TRANSACTION_TYPE === 'FC_TRANSFER' || record.TRANSACTION_TYPE === 'INBOUND';
      if (isTransfer && from !== to && EU_STOCK.has(from) && EU_STOCK.has(to)) {
        const key = [from, 'local', isoOf(record.TAX_CALCULATION_DATE ?? '').slice(0, 7), 'EUR'].join('|');
        const value = money(record.COST_PRICE_OF_ITEMS ?? '').times(record.QTY ?? '');
        const sum = sums.get(key) ?? { net: money('0'), vat: money('0'), gross: money('0'), rowCount: 0 };
        sums.set(key, {
          net: sum.net.plus(value),
          vat: sum.vat,
          gross: sum.gross.plus(value),
          rowCount: sum.rowCount + 1,
        });
        continue;
      }
      if (MOVEMENTS.has(record.TRANSACTION_TYPE ?? '')) continue;
      const scheme =
        record.TAX_COLLECTION_RESPONSIBILITY === 'MARKETPLACE'
          ? 'none'
          : record.TAX_REPORTING_SCHEME === 'UNION-OSS'
            ? 'oss'
            : 'local';
      const key = [
        NAME_TO_CODE[record.TAXABLE_JURISDICTION ?? ''],
        scheme,
        isoOf(record.TAX_CALCULATION_DATE ?? '').slice(0, 7),
        record.TRANSACTION_CURRENCY_CODE,
      ].join('|');
      const sum = sums.get(key) ?? { net: money('0'), vat: money('0'), gross: money('0'), rowCount: 0 };
      sums.set(key, {
        net: sum.net.plus(amount(record, 'TOTAL_ACTIVITY_VALUE_AMT_VAT_EXCL')),
        vat: sum.vat.plus(amount(record, 'TOTAL_ACTIVITY_VALUE_VAT_AMT')),
        gross: sum.gross.plus(amount(record, 'TOTAL_ACTIVITY_VALUE_AMT_VAT_INCL')),
        rowCount: sum.rowCount + 1,
      });
    }
    const resummed: ExpectedBucket[] = [...sums.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([key, sum]) => {
        const [taxableJurisdiction = '', scheme = '', month = '', currency = ''] = key.split('|');
        return {
          taxableJurisdiction,
          scheme: scheme as ExpectedBucket['scheme'],
          month,
          currency,
          netAmount: formatMoneyFixed2(sum.net),
          vatAmount: formatMoneyFixed2(sum.vat),
          grossAmount: formatMoneyFixed2(sum.gross),
          rowCount: sum.rowCount,
        };
      });
    expect(generated.expected.buckets).toEqual(resummed);
    const schemes = new Set(resummed.map((bucket) => bucket.scheme));
    expect([...schemes].sort()).toEqual(['local', 'none', 'oss']);
  });

  it('has no marketplace-collected rows and no scheme columns in the 92-column layout', () => {
    const old = generateVtrText({ ...OPTIONS, rows: 2000, layout: 92 });
    expect(old.expected.buckets.some((bucket) => bucket.scheme === 'none')).toBe(false);
    expect(old.expected.buckets.some((bucket) => bucket.scheme === 'oss')).toBe(true);
    expect(readTsv(old.text).records.some((r) => r.MARKETPLACE === 'amazon.co.uk')).toBe(false);
  });

  it('writes the same records as CSV, quoting fields with commas (the addresses)', () => {
    const csv = generateVtrText({ ...OPTIONS, rows: 300, delimiter: ',' });
    const tsv = readTsv(generateVtrText({ ...OPTIONS, rows: 300 }).text);
    const lines = csv.text.slice(0, -2).split('\r\n');
    expect(readCsvLine(lines[0] ?? '')).toEqual(tsv.header);
    expect(lines.some((line) => line.includes('"'))).toBe(true);
    lines.slice(1).forEach((line, index) => {
      const fields = readCsvLine(line);
      expect(Object.fromEntries(tsv.header.map((name, column) => [name, fields[column]]))).toEqual(tsv.records[index]);
    });
    expect(csv.expected).toEqual(generateVtrText({ ...OPTIONS, rows: 300 }).expected);
  });
});

describe('quoteCsvField', () => {
  it('quotes only fields with a comma, quote or line break, doubling quotes', () => {
    expect(quoteCsvField('plain')).toBe('plain');
    expect(quoteCsvField('Rue Léopold 4, 4000 Liège')).toBe('"Rue Léopold 4, 4000 Liège"');
    expect(quoteCsvField('Poster "Fjord"')).toBe('"Poster ""Fjord"""');
    expect(quoteCsvField('two\r\nlines')).toBe('"two\r\nlines"');
  });
});

describe('writeVtr', () => {
  it('streams the same bytes into a slow sink, waiting for drain, and ends it', async () => {
    const options = { ...OPTIONS, rows: 3000 };
    const received: Buffer[] = [];
    let drainsNeeded = 0;
    const sink = new Writable({
      highWaterMark: 16 * 1024,
      write(chunk: Buffer, _encoding, done) {
        received.push(chunk);
        setImmediate(done);
      },
    });
    sink.on('drain', () => {
      drainsNeeded += 1;
    });
    const result = await writeVtr(options, sink);
    const text = Buffer.concat(received).toString('utf8');
    const reference = generateVtrText(options);
    expect(sha256(text)).toBe(sha256(reference.text));
    expect(result.bytes).toBe(Buffer.byteLength(reference.text));
    expect(result.expected).toEqual(reference.expected);
    expect(drainsNeeded).toBeGreaterThan(0);
    expect(sink.writableFinished).toBe(true);
  });
});

describe('generateDemoVtrMonths', () => {
  const months = generateDemoVtrMonths('2025-07');

  it('gives twelve monthly reports across the year end, each named as Amazon names it', () => {
    expect(months.map((month) => month.month)).toEqual([
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
    ]);
    expect(months[0]?.fileName).toBe('Sales Tax Transaction Report_M-2025-07.txt');
    expect(new Set(months.map((month) => sha256(month.text))).size).toBe(12);
  });

  it('keeps every row inside its month and the stock in Germany and France (or the UK for UK VOEC sales)', () => {
    for (const month of months) {
      const { records } = readTsv(month.text);
      expect(records).toHaveLength(DEMO_VTR_ROWS_PER_MONTH);
      for (const record of records) {
        expect(isoOf(record.TAX_CALCULATION_DATE ?? '').slice(0, 7)).toBe(month.month);
        expect(isoOf(record.TRANSACTION_COMPLETE_DATE ?? '').slice(0, 7)).toBe(month.month);
        if (record.TRANSACTION_TYPE === 'SALE') {
          const allowed = record.TAX_REPORTING_SCHEME === 'UK_VOEC-DOMESTIC' ? ['GB'] : ['DE', 'FR'];
          expect(allowed).toContain(record.SALE_DEPART_COUNTRY);
        }
      }
      expect(month.expected.buckets.every((bucket) => bucket.month === month.month)).toBe(true);
    }
  });
});
