import { zipSync } from 'fflate';
import { beforeAll, expect, it } from 'vitest';
import { forEachDatabase } from '../../test/databases';
import { countExchangeRates, findExchangeRateCoverage, loadExchangeRateTable } from './repository';
import { ExchangeRateFileError, ensureExchangeRates, importExchangeRates } from './service';

const HEADER = 'Date,USD,JPY,PLN,HRK,';
const encode = (text: string) => new TextEncoder().encode(text);

forEachDatabase('ECB exchange rates', (context) => {
  let seeded: number;

  beforeAll(async () => {
    seeded = await ensureExchangeRates(context.database);
  });

  it('seeds the vendored history into an empty table, once', async () => {
    const db = context.database.db;
    // 6,415 publication days from 1999-01-04 to 2024-01-19; N/A cells (retired currencies) are not stored.
    expect(seeded).toBe(200_615);
    expect(await countExchangeRates(db)).toBe(200_615);
    expect(await findExchangeRateCoverage(db)).toEqual({ from: '1999-01-04', to: '2024-01-19' });
    expect(await ensureExchangeRates(context.database)).toBe(0);
    const table = await loadExchangeRateTable(db, { from: '2023-03-25', to: '2023-04-10' });
    expect(table.findOssConversionRate('PLN', '2023-03-31')).toMatchObject({ rateDate: '2023-03-31', rate: '4.67' });
    // HRK was retired with Croatia's euro: the ECB published that day but quoted no HRK.
    expect(table.findRate('HRK', '2023-03-31')).toMatchObject({ kind: 'missing-rate', reason: 'not-quoted' });
  });

  it('tells a day the ECB did not publish from one past the stored file, whatever window is loaded', async () => {
    const db = context.database.db;
    // Saturday 23 to Tuesday 26 December 2023: a weekend and TARGET's Christmas closure, no publication in the window.
    const christmas = await loadExchangeRateTable(db, { from: '2023-12-23', to: '2023-12-26' });
    expect(christmas.coverage).toEqual({ from: '1999-01-04', to: '2024-01-19' });
    expect(christmas.findRate('PLN', '2023-12-25')).toMatchObject({ kind: 'missing-rate', reason: 'not-published' });
    const future = await loadExchangeRateTable(db, { from: '2030-01-01', to: '2030-01-10', currencies: ['PLN'] });
    expect(future.findRate('PLN', '2030-01-07')).toMatchObject({ kind: 'missing-rate', reason: 'outside-table' });
  });

  it('imports a newer CSV: new days inserted, a corrected value updated, the rest unchanged', async () => {
    const db = context.database.db;
    const csv = [
      HEADER,
      '2024-01-23,1.0900,161.00,4.3700,N/A,',
      '2024-01-22,1.0890,160.50,4.3650,N/A,',
      // 2024-01-19 as published (1.0887) except PLN, corrected from 4.3618.
      '2024-01-19,1.0887,161.17,4.3600,N/A,',
    ].join('\r\n');
    const result = await importExchangeRates(context.database, encode(csv));
    expect(result).toMatchObject({ days: 3, inserted: 6, updated: 1, unchanged: 2 });
    expect(result.coverage).toEqual({ from: '1999-01-04', to: '2024-01-23' });
    const table = await loadExchangeRateTable(db, { from: '2024-01-19', to: '2024-01-23', currencies: ['PLN'] });
    expect(table.findRate('PLN', '2024-01-19')).toMatchObject({ rate: '4.36' });
    expect(table.findRate('PLN', '2024-01-23')).toMatchObject({ rate: '4.37' });
  });

  it('imports the ECB zip and is idempotent', async () => {
    const zip = zipSync({ 'eurofxref-hist.csv': encode([HEADER, '2024-01-24,1.0910,160.90,4.3750,N/A,'].join('\n')) });
    expect(await importExchangeRates(context.database, zip)).toMatchObject({ inserted: 3, updated: 0 });
    expect(await importExchangeRates(context.database, zip)).toMatchObject({ inserted: 0, updated: 0, unchanged: 3 });
  });

  it.each([
    ['a file that is not an ECB history', encode('hello,world\n1,2\n'), /Not an ECB euro reference rate history/],
    [
      'a bad rate in the last line',
      encode(`${HEADER}\n2024-02-01,1.09,160,4.37,N/A,\n2024-01-31,1.09,x,4.37,N/A,`),
      /line 3, column 3/,
    ],
    ['a zip without a CSV', zipSync({ 'readme.txt': encode('no rates') }), /exactly one \.csv file/],
  ])('refuses %s with a clear error and changes nothing', async (_label, bytes, message) => {
    const before = await countExchangeRates(context.database.db);
    const coverage = await findExchangeRateCoverage(context.database.db);
    const attempt = importExchangeRates(context.database, bytes);
    await expect(attempt).rejects.toThrow(ExchangeRateFileError);
    await expect(attempt).rejects.toThrow(message);
    expect(await countExchangeRates(context.database.db)).toBe(before);
    expect(await findExchangeRateCoverage(context.database.db)).toEqual(coverage);
  });
});
