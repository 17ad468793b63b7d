import { apiPaths, type DataHealth, dataHealthSchema } from '@vatlas/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { forEachDatabase } from '../../test/databases';
import { ensureExchangeRates } from '../exchange-rates/service';
import { isVisibleTransaction } from '../tax-position/repository';
import { recomputeTaxPosition } from '../tax-position/service';
import {
  insertTransactions,
  insertUpload,
  setUpTaxProfile,
  transactionFixture,
} from '../tax-position/tax-position-test-kit';
import { bearer, createCompany, startAppWithCompanyOwner } from '../user/account-test-kit';
import {
  countCrossCheckRows,
  countStockMovementsWithoutValue,
  crossCheckCountQuery,
  stockMovementsWithoutValueQuery,
} from './repository';

const PROFILE = { establishmentCountry: 'DE', ioss: null } as const;

forEachDatabase('data-health API', (context) => {
  let app: FastifyInstance;
  let token: string;
  let companyId: string;
  let emptyCompanyId: string;
  let tenantId: string;

  beforeAll(async () => {
    const db = context.database.db;
    await ensureExchangeRates(context.database);
    const started = await startAppWithCompanyOwner(context.database, {
      label: 'health-owner',
      companyName: 'Health GmbH',
    });
    ({ app, companyId, token, tenantId } = started);
    emptyCompanyId = await createCompany(db, {
      tenantId: started.tenantId,
      name: 'Empty GmbH',
      owners: [started.owner],
    });
    await setUpTaxProfile(db, companyId, {
      establishmentCountry: 'DE',
      oss: { memberState: 'DE', from: '2021-07-01' },
      registrations: [{ country: 'DE', frequency: 'monthly' }],
    });
    const transfer = { type: 'FC_TRANSFER', departureCountry: 'DE', arrivalCountry: 'PL' } as const;
    await insertTransactions(db, {
      companyId,
      uploadId: await insertUpload(db, companyId),
      profile: PROFILE,
      rows: [
        // Clean: a domestic sale.
        transactionFixture({ taxPointDate: '2023-03-01' }),
        // Amazon's VAT is a euro short of net × rate.
        transactionFixture({ taxPointDate: '2023-03-02', vatAmount: '18.00', grossAmount: '118.00' }),
        // Stock moved to Poland, where the company has no VAT number: the EC Sales List line has none.
        transactionFixture({
          ...transfer,
          taxPointDate: '2023-03-03',
          taxableJurisdiction: 'DE',
          netAmount: '50.00',
          vatAmount: '0.00',
          grossAmount: '50.00',
          vatRate: '0',
        }),
        // The same without its value (cost price): counts for both.
        transactionFixture({
          ...transfer,
          taxPointDate: '2023-03-04',
          taxableJurisdiction: 'DE',
          netAmount: '0.00',
          vatAmount: '0.00',
          grossAmount: '0.00',
          vatRate: '0',
        }),
        // A currency the ECB does not quote: its amounts cannot be converted.
        transactionFixture({ taxPointDate: '2023-03-06', currency: 'XAF' }),
      ],
    });
    // Rows of a failed upload never count.
    await insertTransactions(db, {
      companyId,
      uploadId: await insertUpload(db, companyId, 'failed'),
      profile: PROFILE,
      rows: [
        transactionFixture({ taxPointDate: '2023-03-09', vatAmount: '1.00', grossAmount: '101.00' }),
        transactionFixture({ ...transfer, taxPointDate: '2023-03-09', netAmount: '0.00', vatAmount: '0.00' }),
      ],
    });
    await recomputeTaxPosition(db, companyId);
  });
  afterAll(async () => {
    await app?.close();
  });

  const read = async (id: string, year: number): Promise<DataHealth> => {
    const response = await app.inject({ method: 'GET', url: apiPaths.dataHealth(id, year), headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    return dataHealthSchema.parse(response.json());
  };
  const alertOf = (health: DataHealth, code: string) => health.alerts.find((alert) => alert.code === code);

  it('reports each problem of the year with its count and months', async () => {
    const health = await read(companyId, 2023);
    expect(health.year).toBe(2023);
    expect(alertOf(health, 'amazon-vat-difference')).toEqual({
      code: 'amazon-vat-difference',
      severity: 'info',
      count: 1,
      periods: ['2023-03'],
    });
    expect(alertOf(health, 'stock-movement-without-cost-price')).toEqual({
      code: 'stock-movement-without-cost-price',
      severity: 'warning',
      count: 1,
      periods: ['2023-03'],
    });
    expect(alertOf(health, 'b2b-without-vat-number')).toMatchObject({
      severity: 'warning',
      count: 2,
      periods: ['2023-03'],
      details: ['DE'],
    });
    expect(alertOf(health, 'missing-exchange-rate')).toMatchObject({
      severity: 'error',
      periods: ['2023-03'],
      details: ['XAF'],
    });
    // The stock arriving in Poland is declared there, where the company is not registered.
    expect(alertOf(health, 'registration-missing')).toEqual({
      code: 'registration-missing',
      severity: 'error',
      count: 2,
      periods: ['2023-03'],
      details: ['PL'],
    });
  });

  it('names the months behind overdue filings that have no data, not the months that have', async () => {
    const alert = alertOf(await read(companyId, 2023), 'period-without-data');
    expect(alert?.severity).toBe('error');
    expect(alert?.periods).toContain('2023-04');
    expect(alert?.periods).not.toContain('2023-03');
    expect(alert?.count).toBe(alert?.periods?.length);
  });

  it('leaves out what belongs to another year', async () => {
    const health = await read(companyId, 2022);
    expect(health.alerts.map((alert) => alert.code)).toEqual(['period-without-data']);
  });

  it('counts through the partial indexes of the few rows it counts, never walking every row of every upload', async () => {
    // A company of its own with enough rows that the planner weighs its indexes by their statistics: 2,400 rows of
    // 2023 in three uploads, of which a handful differ from net × rate and a handful move stock without a value.
    const db = context.database.db;
    const planned = await createCompany(db, { tenantId, name: 'Planned GmbH' });
    for (let upload = 0; upload < 3; upload += 1) {
      await insertTransactions(db, {
        companyId: planned,
        uploadId: await insertUpload(db, planned),
        profile: PROFILE,
        rows: Array.from({ length: 800 }, (_, index) => {
          const taxPointDate = `2023-${String(1 + (index % 12)).padStart(2, '0')}-${String(1 + (index % 28)).padStart(2, '0')}`;
          if (index % 200 === 1) return transactionFixture({ taxPointDate, vatAmount: '18.00', grossAmount: '118.00' });
          if (index % 200 === 2) {
            return transactionFixture({
              type: 'FC_TRANSFER',
              departureCountry: 'DE',
              arrivalCountry: 'PL',
              taxPointDate,
              netAmount: '0.00',
              vatAmount: '0.00',
              grossAmount: '0.00',
            });
          }
          return transactionFixture({ taxPointDate });
        }),
      });
    }
    await db.execute(sql`analyze transactions`);
    await db.execute(sql`analyze transaction_uploads`);
    // At 2,400 rows reading the whole table is cheapest; at a million it is not, and the planner then chose between
    // the partial index and walking every row of every upload through the upload ids' BRIN index (0.35 s). With
    // sequential scans priced out, the plan shows that choice on a small table.
    const planOf = (query: SQL) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const plan = (await tx.execute(sql`explain ${query}`)) as unknown as { rows: Record<string, unknown>[] };
        return plan.rows.map((row) => String(Object.values(row)[0])).join('\n');
      });
    // The visible-row condition is never an index condition: it can only be checked on rows another index found.
    const visible = await planOf(
      sql`select count(*) from transactions where company_id = ${planned} and ${isVisibleTransaction(planned)}`,
    );
    expect(visible).not.toContain('transactions_upload_search_idx');
    const year = { from: '2023-01-01', to: '2023-12-31' };
    const crossCheck = await planOf(crossCheckCountQuery(planned, year, []));
    expect(crossCheck).toContain('transactions_vat_difference_idx');
    expect(crossCheck).not.toContain('transactions_upload_search_idx');
    const stock = await planOf(stockMovementsWithoutValueQuery(planned, year));
    expect(stock).toContain('transactions_stock_without_value_idx');
    expect(stock).not.toContain('transactions_upload_search_idx');
    // And what they count: four rows of each kind in each of the three uploads.
    const total = (counts: readonly { count: number }[]) => counts.reduce((sum, month) => sum + month.count, 0);
    expect(total(await countCrossCheckRows(db, planned, year, []))).toBe(12);
    const counted = await countStockMovementsWithoutValue(db, planned, year);
    expect(total(counted)).toBe(12);
  });

  it('answers no alerts for a company without data or registrations', async () => {
    expect((await read(emptyCompanyId, 2023)).alerts).toEqual([]);
  });

  it('refuses a year out of range', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/Liabilities/${companyId}/DataHealth?year=abc`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(400);
  });
});
