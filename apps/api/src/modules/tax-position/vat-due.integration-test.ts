import { asc, eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { liabilities, ossReturnLines } from '../../db/schema';
import { forEachDatabase } from '../../test/databases';
import { updatesOf } from '../../test/migration-backfill';
import { getDataHealth } from '../data-health/service';
import { ensureExchangeRates } from '../exchange-rates/service';
import { createCompany, createHomeTenant } from '../user/account-test-kit';
import { selectRecomputeRequests } from './repository';
import { recomputeTaxPosition } from './service';
import {
  insertTransactions,
  insertUpload,
  pollWithoutJob,
  setUpTaxProfile,
  transactionFixture,
} from './tax-position-test-kit';

/**
 * Decision 039: a taxable sale owes the VAT of the country that taxes it. Where the file charged another country's VAT
 * or none, the VAT is the one the price holds at that country's standard rate.
 */
forEachDatabase('the VAT due on a sale the file charged elsewhere or not at all', (context) => {
  let companyId: string;

  beforeAll(async () => {
    const db = context.database.db;
    await ensureExchangeRates(context.database);
    companyId = await createCompany(db, { tenantId: await createHomeTenant(db), name: 'Vat Due GmbH' });
    await setUpTaxProfile(db, companyId, {
      establishmentCountry: 'DE',
      oss: { memberState: 'DE', from: '2021-07-01' },
      registrations: [{ country: 'DE', frequency: 'monthly' }],
    });
    const profile = { establishmentCountry: 'DE', ioss: null };
    await insertTransactions(db, {
      companyId,
      uploadId: await insertUpload(db, companyId, 'completed'),
      profile,
      rows: [
        // Amazon charged German VAT on a sale to France; the company uses OSS since 2021, so France taxes it.
        transactionFixture({
          taxPointDate: '2023-03-15',
          arrivalCountry: 'FR',
          taxableJurisdiction: 'DE',
          vatRate: '0.19',
          netAmount: '100.00',
          vatAmount: '19.00',
          grossAmount: '119.00',
        }),
        // A German sale Amazon charged in Germany: its figures stand.
        transactionFixture({ taxPointDate: '2023-03-20' }),
      ],
    });
    await insertTransactions(db, {
      companyId,
      uploadId: await insertUpload(db, companyId, 'completed', { sourceFormat: 'shopify-orders' }),
      profile,
      rows: [
        // A shop's order that charged no VAT (a zero rate) to a German consumer.
        transactionFixture({
          source: 'shopify-orders',
          taxPointDate: '2023-03-10',
          taxableJurisdiction: null,
          vatRate: '0',
          netAmount: '238.00',
          vatAmount: '0.00',
          grossAmount: '238.00',
        }),
      ],
    });
  });

  const position = async () => {
    const db = context.database.db;
    return {
      liabilities: await db
        .select({
          jurisdiction: liabilities.jurisdiction,
          scheme: liabilities.scheme,
          netEur: liabilities.netEur,
          vatEur: liabilities.vatEur,
        })
        .from(liabilities)
        .where(eq(liabilities.companyId, companyId))
        .orderBy(asc(liabilities.jurisdiction)),
      ossLines: await db
        .select({
          consumption: ossReturnLines.consumptionCountry,
          vatRate: ossReturnLines.vatRate,
          netEur: ossReturnLines.netEur,
          vatEur: ossReturnLines.vatEur,
        })
        .from(ossReturnLines)
        .where(eq(ossReturnLines.companyId, companyId)),
    };
  };

  /** What the stored rows owe, by hand (the fixture's German sale is 100.00 net, 19.00 VAT). */
  const EXPECTED = {
    liabilities: [
      // 238.00 holds 238 × 19 / 119 = 38.00 German VAT; with the sale Amazon charged: net 200.00 + 100.00, VAT 38 + 19.
      { jurisdiction: 'DE', scheme: 'local', netEur: '300.00', vatEur: '57.00' },
      // 119.00 holds 119 × 20 / 120 = 19.8333… → 19.83 French VAT; net 99.1666… → 99.17.
      { jurisdiction: 'FR', scheme: 'oss', netEur: '99.17', vatEur: '19.83' },
    ],
    ossLines: [{ consumption: 'FR', vatRate: '0.200000', netEur: '99.17', vatEur: '19.83' }],
  };

  it('declares the taxing country’s VAT from the price, on the OSS line at its rate', async () => {
    await recomputeTaxPosition(context.database.db, companyId);
    expect(await position()).toEqual(EXPECTED);
    // The dashboard's data health names the sales, their month and the countries.
    const health = await getDataHealth(context.database.db, companyId, 2023);
    expect(health.alerts.filter((alert) => alert.code === 'vat-computed-from-price')).toEqual([
      { code: 'vat-computed-from-price', severity: 'warning', count: 2, periods: ['2023-03'], details: ['DE', 'FR'] },
    ]);
  });

  it('asks for a recompute of every company with taxable sales stored (migration 0028), which a worker runs', async () => {
    const db = context.database.db;
    const isRequested = async () => (await selectRecomputeRequests(db)).includes(companyId);
    // A position stored before the rule: here, none at all.
    await db.delete(liabilities).where(eq(liabilities.companyId, companyId));
    await db.delete(ossReturnLines).where(eq(ossReturnLines.companyId, companyId));
    expect(await isRequested()).toBe(false);

    for (const statement of updatesOf('0028_taxable_sales_recomputed_for_the_vat_due.sql')) {
      await db.execute(sql.raw(statement));
    }
    expect(await isRequested()).toBe(true);
    await pollWithoutJob(context.database);
    expect(await position()).toEqual(EXPECTED);
    expect(await isRequested()).toBe(false);
  });
});
