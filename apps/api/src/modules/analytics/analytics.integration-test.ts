import { setImmediate } from 'node:timers/promises';
import { type Analytics, analyticsSchema, apiPaths } from '@vatlas/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { forEachDatabase } from '../../test/databases';
import { ensureExchangeRates } from '../exchange-rates/service';
import {
  insertTransactions,
  insertUpload,
  setUpTaxProfile,
  transactionFixture,
} from '../tax-position/tax-position-test-kit';
import { bearer, createCompany, startAppWithCompanyOwner } from '../user/account-test-kit';
import { getAnalytics } from './service';

const PROFILE = { establishmentCountry: 'DE', ioss: null } as const;
const SPAN = { from: '2023-03', to: '2023-04' };

/** `line` of `lines` with key `key`, without the key. */
const lineOf = (lines: Analytics['byCountry'], key: string | null) => {
  const found = lines.find((line) => line.key === key);
  if (!found) throw new Error(`no line ${key}`);
  const { key: _key, ...figures } = found;
  return figures;
};

const figures = (netEur: string, vatEur: string, grossEur: string, transactionCount: number, unconvertedCount = 0) => ({
  netEur,
  vatEur,
  grossEur,
  transactionCount,
  unconvertedCount,
});

forEachDatabase('analytics API', (context) => {
  let app: FastifyInstance;
  let token: string;
  let companyId: string;
  let ownerId: string;

  beforeAll(async () => {
    const db = context.database.db;
    await ensureExchangeRates(context.database);
    const started = await startAppWithCompanyOwner(context.database, {
      label: 'analytics-owner',
      companyName: 'Analytics GmbH',
    });
    ({ app, companyId, token } = started);
    const { tenantId } = started;
    ownerId = started.owner.id;
    await setUpTaxProfile(db, companyId, {
      establishmentCountry: 'DE',
      oss: { memberState: 'DE', from: '2021-07-01' },
    });

    const rows = [
      // Germany, EUR, 19 %.
      transactionFixture({ taxPointDate: '2023-03-10' }),
      transactionFixture({
        taxPointDate: '2023-03-10',
        marketplace: 'amazon.fr',
        arrivalCountry: 'FR',
        taxableJurisdiction: 'FR',
        netAmount: '50.00',
        vatAmount: '10.00',
        grossAmount: '60.00',
        vatRate: '0.2',
      }),
      // A Saturday in PLN: the ECB published nothing, so Friday 10 March's 4.6815 applies (Monday's is 4.6944).
      // 468.15 / 4.6815 = 100.00; 107.67 / 4.6815 = 22.99904 → 23.00; 575.82 / 4.6815 = 122.99904 → 123.00.
      transactionFixture({
        taxPointDate: '2023-03-11',
        marketplace: 'amazon.pl',
        departureCountry: 'PL',
        arrivalCountry: 'PL',
        taxableJurisdiction: 'PL',
        currency: 'PLN',
        netAmount: '468.15',
        vatAmount: '107.67',
        grossAmount: '575.82',
        vatRate: '0.23',
      }),
      // A channel name a spreadsheet would run as a formula.
      transactionFixture({
        taxPointDate: '2023-03-15',
        marketplace: '=1+2',
        arrivalCountry: 'IT',
        taxableJurisdiction: 'IT',
        netAmount: '10.00',
        vatAmount: '2.00',
        grossAmount: '12.00',
        vatRate: '0.2',
      }),
      // A refund of the first sale.
      transactionFixture({
        type: 'REFUND',
        taxPointDate: '2023-04-05',
        netAmount: '-100.00',
        vatAmount: '-19.00',
        grossAmount: '-119.00',
      }),
      // AED is never quoted by the ECB: counted, not converted (never at 1).
      transactionFixture({
        taxPointDate: '2023-04-06',
        currency: 'AED',
        netAmount: '100.00',
        vatAmount: '0.00',
        grossAmount: '100.00',
        vatRate: '0',
      }),
      // Outside the span.
      transactionFixture({ taxPointDate: '2023-05-01', netAmount: '999.00', vatAmount: '0.00', grossAmount: '999.00' }),
      // The last day of September 2023 is a Saturday: Friday 29 September's GBP 0.86458 applies (Monday's is 0.86628),
      // although the span ends that day. 86.46 / 0.86458 = 100.0023 → 100.00; 17.29 → 19.998 → 20.00;
      // 103.75 → 120.0005 → 120.00.
      transactionFixture({
        taxPointDate: '2023-09-30',
        marketplace: 'amazon.co.uk',
        currency: 'GBP',
        netAmount: '86.46',
        vatAmount: '17.29',
        grossAmount: '103.75',
      }),
    ];
    await insertTransactions(db, { companyId, uploadId: await insertUpload(db, companyId), profile: PROFILE, rows });
    // Rows of an upload that did not complete, and of another company, never count.
    for (const status of ['failed', 'processing'] as const) {
      await insertTransactions(db, {
        companyId,
        uploadId: await insertUpload(db, companyId, status),
        profile: PROFILE,
        rows: [transactionFixture({ taxPointDate: '2023-03-20', netAmount: '7777.00' })],
      });
    }
    const otherCompany = await createCompany(db, { tenantId, name: 'Someone Else Ltd' });
    await insertTransactions(db, {
      companyId: otherCompany,
      uploadId: await insertUpload(db, otherCompany),
      profile: PROFILE,
      rows: [transactionFixture({ taxPointDate: '2023-03-20', netAmount: '5555.00' })],
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  const get = async (url: string) => app.inject({ method: 'GET', url, headers: bearer(token) });

  it('sums the visible rows of the span in EUR, per month, country, arrival, channel and rate, to the cent', async () => {
    const response = await get(apiPaths.analytics(companyId, SPAN));
    expect(response.statusCode, response.body).toBe(200);
    const analytics = analyticsSchema.parse(response.json());

    // 100 + 50 + 100.00 + 10 − 100 = 160.00; 19 + 10 + 23.00 + 2 − 19 = 35.00; 119 + 60 + 123.00 + 12 − 119 = 195.00.
    expect(analytics.totals).toEqual(figures('160.00', '35.00', '195.00', 6, 1));
    expect(analytics.byMonth).toEqual([
      { key: '2023-03', ...figures('260.00', '54.00', '314.00', 4) },
      { key: '2023-04', ...figures('-100.00', '-19.00', '-119.00', 2, 1) },
    ]);
    expect(analytics.byCountry.map((line) => line.key)).toEqual(['PL', 'FR', 'IT', 'DE']);
    expect(lineOf(analytics.byCountry, 'PL')).toEqual(figures('100.00', '23.00', '123.00', 1));
    expect(lineOf(analytics.byCountry, 'FR')).toEqual(figures('50.00', '10.00', '60.00', 1));
    expect(lineOf(analytics.byCountry, 'IT')).toEqual(figures('10.00', '2.00', '12.00', 1));
    expect(lineOf(analytics.byCountry, 'DE')).toEqual(figures('0.00', '0.00', '0.00', 3, 1));
    expect(lineOf(analytics.byArrivalCountry, 'PL')).toEqual(figures('100.00', '23.00', '123.00', 1));
    expect(lineOf(analytics.byChannel, 'amazon.de')).toEqual(figures('0.00', '0.00', '0.00', 3, 1));
    expect(lineOf(analytics.byChannel, '=1+2')).toEqual(figures('10.00', '2.00', '12.00', 1));
    expect(analytics.byRate.map((line) => line.key)).toEqual(['0.23', '0.2', '0.19', '0']);
    expect(lineOf(analytics.byRate, '0.2')).toEqual(figures('60.00', '12.00', '72.00', 2));
    expect(lineOf(analytics.byRate, '0')).toEqual(figures('0.00', '0.00', '0.00', 1, 1));
    expect(analytics.unconverted).toEqual([{ currency: 'AED', transactionCount: 1, days: 1 }]);
  });

  it('converts a weekend at the very end of the span at the previous publication day', async () => {
    const response = await get(apiPaths.analytics(companyId, { from: '2023-09', to: '2023-09' }));
    const analytics = analyticsSchema.parse(response.json());
    expect(analytics.totals).toEqual(figures('100.00', '20.00', '120.00', 1));
    expect(analytics.unconverted).toEqual([]);
  });

  it('answers every month of the span, also the empty ones', async () => {
    const response = await get(apiPaths.analytics(companyId, { from: '2022-12', to: '2023-01' }));
    const analytics = analyticsSchema.parse(response.json());
    expect(analytics.byMonth.map((line) => line.key)).toEqual(['2022-12', '2023-01']);
    expect(analytics.totals).toEqual(figures('0.00', '0.00', '0.00', 0));
    expect(analytics.byCountry).toEqual([]);
  });

  it('lets another statement run between the months it sums, and sums the same as one span', async () => {
    const db = context.database.db;
    const happened: string[] = [];
    const summing = getAnalytics(db, companyId, SPAN).then((analytics) => {
      happened.push('analytics');
      return analytics;
    });
    // The event loop's next turn, when March is being summed: on PGlite, one statement over the whole span held this
    // one back to its end.
    await setImmediate();
    await db.execute(sql`select 1`);
    happened.push('another statement');
    const analytics = await summing;
    // On PGlite, the server's one connection, the statement can only run between two of the months' statements, and
    // it does. PostgreSQL runs it beside them on a pool connection of its own, so there the order is a race (once lost
    // on a loaded CI machine) and says nothing.
    if (context.database.kind === 'pglite') expect(happened).toEqual(['another statement', 'analytics']);
    // March and April apart add up to the span.
    const march = await getAnalytics(db, companyId, { from: '2023-03', to: '2023-03' });
    const april = await getAnalytics(db, companyId, { from: '2023-04', to: '2023-04' });
    expect(analytics.byMonth).toEqual([...march.byMonth, ...april.byMonth]);
    expect(analytics.totals.transactionCount).toBe(march.totals.transactionCount + april.totals.transactionCount);
  });

  describe('refuses a span', () => {
    it.each([
      ['that ends before it starts', { from: '2023-04', to: '2023-03' }],
      ['of more than 24 months', { from: '2021-01', to: '2023-01' }],
      ['that is not YYYY-MM', { from: '2023-3', to: '2023-04' }],
    ])('%s', async (_label, span) => {
      const response = await get(apiPaths.analytics(companyId, span));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    });
  });

  it('exports CSV with the same figures, formulas neutralised and refunds still numbers', async () => {
    const response = await get(apiPaths.analyticsExport(companyId, { format: 'csv', ...SPAN }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain('vatlas-analytics-2023-03-2023-04.csv');
    const rows = response.body.trimEnd().split('\r\n');
    expect(rows[0]).toBe('breakdown,key,net_eur,vat_eur,gross_eur,transactions,unconverted_transactions');
    expect(rows).toContain("Channel,'=1+2,10.00,2.00,12.00,1,0");
    expect(rows).toContain('Month,2023-04,-100.00,-19.00,-119.00,2,1');
    expect(rows).toContain('Country,PL,100.00,23.00,123.00,1,0');
    expect(rows.at(-1)).toBe('Total,,160.00,35.00,195.00,6,1');
    expect(rows.some((row) => /(^|,)=/.test(row))).toBe(false);
  });

  it('exports an .xlsx workbook: a zip with one sheet per breakdown and the amounts as numeric cells', async () => {
    const response = await get(apiPaths.analyticsExport(companyId, { format: 'xlsx', ...SPAN }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const bytes = new Uint8Array(response.rawPayload);
    expect([...bytes.slice(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    const files = unzipSync(bytes);
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining(['[Content_Types].xml', '_rels/.rels', 'xl/workbook.xml', 'xl/_rels/workbook.xml.rels']),
    );
    const workbook = strFromU8(files['xl/workbook.xml'] as Uint8Array);
    const names = [...workbook.matchAll(/<sheet name="([^"]+)"/g)].map((match) => match[1]);
    expect(names).toEqual(['Totals', 'Month', 'Country', 'Arrival country', 'Channel', 'VAT rate']);
    const totals = strFromU8(files['xl/worksheets/sheet1.xml'] as Uint8Array);
    expect(totals).toContain('<c r="B4"><v>160.00</v></c><c r="C4"><v>35.00</v></c><c r="D4"><v>195.00</v></c>');
    const countries = strFromU8(files['xl/worksheets/sheet3.xml'] as Uint8Array);
    expect(countries).toMatch(/<t xml:space="preserve">PL<\/t><\/is><\/c><c r="B\d+"><v>100.00<\/v><\/c>/);
    const channels = strFromU8(files['xl/worksheets/sheet5.xml'] as Uint8Array);
    expect(channels).toContain('<t xml:space="preserve">\'=1+2</t>');
    expect(channels).not.toContain('<f>');
  });
  describe("exports in the language asked for, else in the user's stored language", () => {
    const sheetNames = (bytes: Uint8Array) => {
      const workbook = strFromU8(unzipSync(bytes)['xl/workbook.xml'] as Uint8Array);
      return [...workbook.matchAll(/<sheet name="([^"]+)"/g)].map((match) => match[1]);
    };
    const setLanguage = (language: string) =>
      context.database.db.update(users).set({ language }).where(eq(users.id, ownerId));

    it('writes German CSV headers, breakdown names and total with lang=de, figures unchanged', async () => {
      const response = await get(apiPaths.analyticsExport(companyId, { format: 'csv', ...SPAN, lang: 'de' }));
      expect(response.statusCode, response.body).toBe(200);
      const rows = response.body.trimEnd().split('\r\n');
      expect(rows[0]).toBe('aufteilung,gruppe,netto_eur,ust_eur,brutto_eur,transaktionen,nicht_umgerechnet');
      expect(rows).toContain('Monat,2023-04,-100.00,-19.00,-119.00,2,1');
      expect(rows).toContain('Land,PL,100.00,23.00,123.00,1,0');
      expect(rows.at(-1)).toBe('Summe,,160.00,35.00,195.00,6,1');
    });

    it('names the sheets and header cells of the workbook in German with lang=de', async () => {
      const response = await get(apiPaths.analyticsExport(companyId, { format: 'xlsx', ...SPAN, lang: 'de' }));
      expect(response.statusCode, response.body).toBe(200);
      const bytes = new Uint8Array(response.rawPayload);
      expect(sheetNames(bytes)).toEqual(['Summen', 'Monat', 'Land', 'Bestimmungsland', 'Kanal', 'USt-Satz']);
      const totals = strFromU8(unzipSync(bytes)['xl/worksheets/sheet1.xml'] as Uint8Array);
      expect(totals).toContain('<t xml:space="preserve">Von</t>');
      expect(totals).toContain('<t xml:space="preserve">Netto (EUR)</t>');
      expect(totals).toContain('<c r="B4"><v>160.00</v></c>');
    });

    it('defaults to the stored language, and lang=en overrides it', async () => {
      await setLanguage('de');
      try {
        const german = await get(apiPaths.analyticsExport(companyId, { format: 'xlsx', ...SPAN }));
        expect(sheetNames(new Uint8Array(german.rawPayload))[0]).toBe('Summen');
        const english = await get(apiPaths.analyticsExport(companyId, { format: 'csv', ...SPAN, lang: 'en' }));
        expect(english.body.split('\r\n')[0]).toBe(
          'breakdown,key,net_eur,vat_eur,gross_eur,transactions,unconverted_transactions',
        );
      } finally {
        await setLanguage('en');
      }
    });

    it('writes Polish and French exports with lang=pl and lang=fr, and follows a stored Italian', async () => {
      const polish = await get(apiPaths.analyticsExport(companyId, { format: 'csv', ...SPAN, lang: 'pl' }));
      expect(polish.statusCode, polish.body).toBe(200);
      const rows = polish.body.trimEnd().split('\r\n');
      expect(rows[0]).toBe('podzial,klucz,netto_eur,vat_eur,brutto_eur,transakcje,nieprzeliczone');
      expect(rows).toContain('Miesiąc,2023-04,-100.00,-19.00,-119.00,2,1');
      expect(rows.at(-1)).toBe('Suma,,160.00,35.00,195.00,6,1');
      const french = await get(apiPaths.analyticsExport(companyId, { format: 'xlsx', ...SPAN, lang: 'fr' }));
      expect(sheetNames(new Uint8Array(french.rawPayload))).toEqual([
        'Totaux',
        'Mois',
        'Pays',
        'Pays de destination',
        'Canal',
        'Taux de TVA',
      ]);
      await setLanguage('it');
      try {
        const italian = await get(apiPaths.analyticsExport(companyId, { format: 'xlsx', ...SPAN }));
        expect(sheetNames(new Uint8Array(italian.rawPayload))[0]).toBe('Totali');
      } finally {
        await setLanguage('en');
      }
    });

    it('refuses a language it does not have', async () => {
      const response = await get(`${apiPaths.analyticsExport(companyId, { format: 'csv', ...SPAN })}&lang=nl`);
      expect(response.statusCode).toBe(400);
    });
  });
});
