import { describe, expect, it } from 'vitest';
import {
  exportFileName,
  filtersFromSearchParams,
  filtersToApiQuery,
  filtersToSearchParams,
  hasActiveFilters,
} from './filters';

describe('transaction filters in the URL', () => {
  it('reads the dashboard link /transactions?taxedIn=DE&scheme=local&month=2026-03', () => {
    const filters = filtersFromSearchParams(new URLSearchParams('taxedIn=DE&scheme=local&month=2026-03'));
    expect(filters).toEqual({
      taxedIn: 'DE',
      scheme: 'local',
      jurisdiction: undefined,
      month: '2026-03',
      type: undefined,
      treatment: undefined,
      country: undefined,
      search: undefined,
      sort: 'date-desc',
    });
    expect(hasActiveFilters(filters)).toBe(true);
  });

  it('reads every filter and the sort', () => {
    const filters = filtersFromSearchParams(
      new URLSearchParams(
        'taxedIn=it&scheme=oss&jurisdiction=fr&month=2025-12&type=REFUND&treatment=intra-eu-distance-sale&source=ebay-orders&country=PL&search=+302-1+&sort=date-asc',
      ),
    );
    expect(filters).toEqual({
      taxedIn: 'IT',
      scheme: 'oss',
      jurisdiction: 'FR',
      month: '2025-12',
      type: 'REFUND',
      treatment: 'intra-eu-distance-sale',
      source: 'ebay-orders',
      country: 'PL',
      search: '302-1',
      sort: 'date-asc',
    });
  });

  it('drops values the API would refuse instead of sending them', () => {
    const filters = filtersFromSearchParams(
      new URLSearchParams(
        'taxedIn=DEU&jurisdiction=Germany&month=2026-13&type=GIFT&treatment=x&source=ebay&country=1&search=%20&sort=random',
      ),
    );
    expect(filters).toEqual({ sort: 'date-desc' });
    expect(hasActiveFilters(filters)).toBe(false);
  });

  it('writes only the set filters, leaves out the default sort and keeps other parameters', () => {
    const params = filtersToSearchParams(
      { jurisdiction: 'DE', month: '2026-03', search: 'MUG', sort: 'date-desc' },
      new URLSearchParams('theme=stripe&type=SALE'),
    );
    expect(params.toString()).toBe('theme=stripe&jurisdiction=DE&month=2026-03&search=MUG');
    expect(filtersToSearchParams({ sort: 'date-asc' }).toString()).toBe('sort=date-asc');
  });

  it("reads a filing's period as days, and drops a day that does not exist", () => {
    const filters = filtersFromSearchParams(
      new URLSearchParams('taxedIn=FR&scheme=local&from=2026-07-01&to=2026-09-30'),
    );
    expect(filters).toMatchObject({ taxedIn: 'FR', scheme: 'local', from: '2026-07-01', to: '2026-09-30' });
    expect(filtersToApiQuery(filters)).toMatchObject({ from: '2026-07-01', to: '2026-09-30' });
    expect(exportFileName(filters)).toBe('transactions-taxed-in-FR-local-from-2026-07-01-to-2026-09-30.csv');
    expect(filtersFromSearchParams(new URLSearchParams('from=2026-02-30&to=30.09.2026'))).toEqual({
      sort: 'date-desc',
    });
  });

  it("reads an EC Sales List's country, and names the export after it", () => {
    const filters = filtersFromSearchParams(new URLSearchParams('ecSalesList=de&month=2026-04'));
    expect(filters).toMatchObject({ ecSalesList: 'DE', month: '2026-04' });
    expect(filtersToApiQuery(filters)).toMatchObject({ ecSalesList: 'DE' });
    expect(exportFileName(filters)).toBe('transactions-esl-DE-2026-04.csv');
    expect(filtersFromSearchParams(new URLSearchParams('ecSalesList=Germany')).ecSalesList).toBeUndefined();
  });

  it('round-trips URL → filters → URL', () => {
    const query =
      'taxedIn=IT&jurisdiction=FR&month=2026-01&type=SALE&treatment=domestic-sale&source=etsy-orders&country=DE&search=abc&sort=date-asc';
    expect(filtersToSearchParams(filtersFromSearchParams(new URLSearchParams(query))).toString()).toBe(query);
  });

  it('gives the API the same filters and names the export after them', () => {
    const filters = filtersFromSearchParams(new URLSearchParams('jurisdiction=DE&month=2026-03&type=REFUND'));
    expect(filtersToApiQuery(filters)).toMatchObject({
      taxedIn: undefined,
      jurisdiction: 'DE',
      month: '2026-03',
      type: 'REFUND',
      sort: 'date-desc',
    });
    expect(exportFileName(filters)).toBe('transactions-DE-2026-03-refund.csv');
    expect(exportFileName({ sort: 'date-desc' })).toBe('transactions.csv');
    const drillDown = filtersFromSearchParams(new URLSearchParams('taxedIn=FR&scheme=oss&month=2026-03'));
    expect(filtersToApiQuery(drillDown)).toMatchObject({ taxedIn: 'FR', scheme: 'oss', month: '2026-03' });
    expect(exportFileName(drillDown)).toBe('transactions-taxed-in-FR-oss-2026-03.csv');
    expect(exportFileName({ search: 'a b/c', sort: 'date-desc' })).toBe('transactions-search-a_b_c.csv');
    // The channel, as the API names it.
    const ebay = filtersFromSearchParams(new URLSearchParams('source=ebay-orders&month=2026-03'));
    expect(filtersToApiQuery(ebay)).toMatchObject({ source: 'ebay-orders', month: '2026-03' });
    expect(exportFileName(ebay)).toBe('transactions-2026-03-ebay-orders.csv');
  });
});
