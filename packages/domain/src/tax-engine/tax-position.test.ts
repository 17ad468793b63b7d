import { describe, expect, it } from 'vitest';
import { parseEcbHistoryCsv } from '../exchange-rates/ecb-csv';
import { ECB_EXCERPT_CSV } from '../exchange-rates/ecb-excerpt.fixture';
import { createExchangeRateTable } from '../exchange-rates/exchange-rate-table';
import { daySum, GERMAN_SELLER, GERMAN_SELLER_WITH_OSS_AND_IOSS, liability } from './day-sum.fixture';
import { computeTaxPosition, createEcSalesListBuilder } from './tax-position';

// Golden cases: every expected figure is computed by hand in the comment above it. Rates are real ECB values from
// the excerpt fixture (units per 1 EUR, so EUR = amount / rate); "r(x)" is x rounded half-up to the cent.
const rates = createExchangeRateTable(parseEcbHistoryCsv(ECB_EXCERPT_CSV));

const SEPTEMBER_2023 = { periodStart: '2023-09-01', periodEnd: '2023-09-30' };
const JUNE_2023 = { periodStart: '2023-06-01', periodEnd: '2023-06-30' };

describe('distance sales without OSS: the €10,000 threshold', () => {
  const sums = [
    daySum({
      treatment: 'intra-eu-distance-sale',
      date: '2023-06-30',
      arrivalCountry: 'FR',
      netAmount: '6000.00',
      vatAmount: '1140.00',
      transactionCount: 40,
    }),
    // The refund of part of it keeps the sale's tax point and treatment.
    daySum({
      treatment: 'intra-eu-distance-sale',
      date: '2023-06-30',
      arrivalCountry: 'FR',
      netAmount: '-500.00',
      vatAmount: '-95.00',
      transactionCount: 2,
    }),
    daySum({
      treatment: 'intra-eu-distance-sale',
      date: '2023-09-26',
      arrivalCountry: 'IT',
      netAmount: '3000.00',
      vatAmount: '570.00',
      transactionCount: 20,
    }),
    // Running total 5,500 + 3,000 + 1,500 = 10,000.00: equal to the threshold, not above it.
    daySum({
      treatment: 'intra-eu-distance-sale',
      date: '2023-09-27',
      arrivalCountry: 'ES',
      netAmount: '1500.00',
      vatAmount: '285.00',
      transactionCount: 10,
    }),
    // 10,000 + 200 = 10,200: this supply exceeds the threshold and is taxed in Austria, and so is every later one.
    daySum({
      treatment: 'intra-eu-distance-sale',
      date: '2023-09-28',
      arrivalCountry: 'AT',
      taxableJurisdiction: 'AT',
      vatRate: '0.2',
      netAmount: '200.00',
      vatAmount: '40.00',
    }),
    daySum({
      treatment: 'intra-eu-distance-sale',
      date: '2023-09-29',
      arrivalCountry: 'NL',
      taxableJurisdiction: 'NL',
      vatRate: '0.21',
      netAmount: '100.00',
      vatAmount: '21.00',
    }),
    daySum({
      treatment: 'intra-eu-distance-sale',
      date: '2023-09-29',
      arrivalCountry: 'FR',
      taxableJurisdiction: 'FR',
      vatRate: '0.2',
      netAmount: '50.00',
      vatAmount: '10.00',
    }),
    daySum({
      treatment: 'domestic-sale',
      date: '2023-09-26',
      netAmount: '1000.00',
      vatAmount: '190.00',
      transactionCount: 5,
    }),
  ];
  const position = computeTaxPosition({ sums, profile: GERMAN_SELLER, rates });

  it('taxes the sales up to the threshold in Germany and the crossing supply and later ones at destination', () => {
    expect(position.liabilities).toEqual([
      // June: 6,000 − 500 = 5,500.00 net; 1,140 − 95 = 1,045.00 VAT; 40 + 2 rows.
      liability({
        jurisdiction: 'DE',
        scheme: 'local',
        ...JUNE_2023,
        netEur: '5500.00',
        vatEur: '1045.00',
        transactionCount: 42,
      }),
      // Austria from the crossing day 28 Sep.
      liability({
        jurisdiction: 'AT',
        scheme: 'local',
        ...SEPTEMBER_2023,
        netEur: '200.00',
        vatEur: '40.00',
        transactionCount: 1,
      }),
      // September in Germany: IT 3,000 + ES 1,500 + domestic 1,000 = 5,500.00; VAT 570 + 285 + 190 = 1,045.00.
      liability({
        jurisdiction: 'DE',
        scheme: 'local',
        ...SEPTEMBER_2023,
        netEur: '5500.00',
        vatEur: '1045.00',
        transactionCount: 35,
      }),
      liability({
        jurisdiction: 'FR',
        scheme: 'local',
        ...SEPTEMBER_2023,
        netEur: '50.00',
        vatEur: '10.00',
        transactionCount: 1,
      }),
      liability({
        jurisdiction: 'NL',
        scheme: 'local',
        ...SEPTEMBER_2023,
        netEur: '100.00',
        vatEur: '21.00',
        transactionCount: 1,
      }),
    ]);
  });

  it('reports the year total and the crossing day', () => {
    // 5,500 + 3,000 + 1,500 + 200 + 100 + 50 = 10,350.00
    expect(position.ossThresholds).toEqual([
      {
        year: 2023,
        distanceSalesEur: '10350.00',
        crossedOn: '2023-09-28',
        exceededPreviousYear: false,
        incomplete: false,
      },
    ]);
    expect(position.ossLines).toEqual([]);
    expect(position.problems).toEqual([]);
  });

  it('taxes every sale of the next year at destination', () => {
    const next = computeTaxPosition({
      sums: [
        ...sums,
        daySum({
          treatment: 'intra-eu-distance-sale',
          date: '2024-01-02',
          arrivalCountry: 'IT',
          vatRate: '0.22',
          netAmount: '10.00',
          vatAmount: '2.20',
        }),
      ],
      profile: GERMAN_SELLER,
      rates,
    });
    expect(next.ossThresholds.at(-1)).toEqual({
      year: 2024,
      distanceSalesEur: '10.00',
      crossedOn: null,
      exceededPreviousYear: true,
      incomplete: false,
    });
    expect(next.liabilities.at(-1)).toEqual(
      liability({
        jurisdiction: 'IT',
        scheme: 'local',
        periodStart: '2024-01-01',
        periodEnd: '2024-01-31',
        netEur: '10.00',
        vatEur: '2.20',
        transactionCount: 1,
      }),
    );
  });

  it('taxes a sale from stock outside the country of establishment at destination from the first euro', () => {
    // Poland → Czechia from the Polish warehouse: Art. 59c relief is only for goods leaving the seller's own country.
    const fromPoland = computeTaxPosition({
      sums: [
        daySum({
          treatment: 'intra-eu-distance-sale',
          departureCountry: 'PL',
          arrivalCountry: 'CZ',
          taxableJurisdiction: 'CZ',
          vatRate: '0.21',
          netAmount: '100.00',
          vatAmount: '21.00',
        }),
      ],
      profile: GERMAN_SELLER,
      rates,
    });
    // CZK on 27 Sep 2023 = 24.47: 100.00 × 24.47 = 2,447.00 CZK; 21.00 × 24.47 = 513.87 CZK.
    expect(fromPoland.liabilities).toEqual([
      liability({
        jurisdiction: 'CZ',
        scheme: 'local',
        ...SEPTEMBER_2023,
        currency: 'CZK',
        netEur: '100.00',
        vatEur: '21.00',
        netLocal: '2447.00',
        vatLocal: '513.87',
        transactionCount: 1,
      }),
    ]);
  });
});

describe('distance sales through OSS', () => {
  const sums = [
    // amazon.pl orders from the German warehouse, in PLN, Q3 2023: Polish VAT 23 %, in the OSS of Germany.
    daySum({
      treatment: 'intra-eu-distance-sale',
      date: '2023-09-29',
      arrivalCountry: 'PL',
      taxableJurisdiction: 'PL',
      currency: 'PLN',
      vatRate: '0.23',
      netAmount: '461.23',
      vatAmount: '106.08',
      transactionCount: 3,
    }),
    // Three single-zloty sales on three days: converted one by one and rounded they would be 3 × r(0.2168) = 0.66.
    ...['2023-09-26', '2023-09-27', '2023-09-28'].map((date) =>
      daySum({
        treatment: 'intra-eu-distance-sale',
        date,
        arrivalCountry: 'PL',
        taxableJurisdiction: 'PL',
        currency: 'PLN',
        vatRate: '0.23',
        netAmount: '1.00',
        vatAmount: '0.23',
      }),
    ),
    // From the Polish warehouse to a Czech consumer, in EUR: dispatched from PL, so a separate OSS line (Art. 369g).
    daySum({
      treatment: 'intra-eu-distance-sale',
      date: '2023-09-27',
      departureCountry: 'PL',
      arrivalCountry: 'CZ',
      taxableJurisdiction: 'CZ',
      vatRate: '0.21',
      netAmount: '80.00',
      vatAmount: '16.80',
    }),
    // Q4: a PLN sale on 29 Dec; the quarter ends on Sunday 31 Dec and 1 Jan is a TARGET holiday.
    daySum({
      treatment: 'intra-eu-distance-sale',
      date: '2023-12-29',
      arrivalCountry: 'PL',
      taxableJurisdiction: 'PL',
      currency: 'PLN',
      vatRate: '0.23',
      netAmount: '437.08',
      vatAmount: '100.53',
    }),
    // A Swedish consumer, from Germany, in EUR.
    daySum({
      treatment: 'intra-eu-distance-sale',
      date: '2023-12-28',
      arrivalCountry: 'SE',
      taxableJurisdiction: 'SE',
      vatRate: '0.25',
      netAmount: '40.00',
      vatAmount: '10.00',
      transactionCount: 2,
    }),
  ];
  const position = computeTaxPosition({ sums, profile: GERMAN_SELLER_WITH_OSS_AND_IOSS, rates });

  it('converts PLN at the rate of the next publication day after a weekend quarter end', () => {
    // Q3 ends Saturday 30 Sep 2023 → the rate of Monday 2 Oct: PLN 4.6123.
    //   461.23 + 3 × 1.00 = 464.23 PLN → 464.23 / 4.6123 = 100.6504… → 100.65 (not 100.00 + 0.66 = 100.66)
    //   106.08 + 3 × 0.23 = 106.77 PLN → 106.77 / 4.6123 = 23.1489… → 23.15
    // Q4 ends Sunday 31 Dec, 1 Jan is a holiday → the rate of Tuesday 2 Jan 2024: PLN 4.3708.
    //   437.08 / 4.3708 = 100.00; 100.53 / 4.3708 = 23.0003… → 23.00
    expect(position.ossLines).toEqual([
      {
        periodStart: '2023-07-01',
        periodEnd: '2023-09-30',
        memberStateOfConsumption: 'CZ',
        memberStateOfDispatch: 'PL',
        vatRate: '0.21',
        netEur: '80.00',
        vatEur: '16.80',
        transactionCount: 1,
        incomplete: false,
      },
      {
        periodStart: '2023-07-01',
        periodEnd: '2023-09-30',
        memberStateOfConsumption: 'PL',
        memberStateOfDispatch: 'DE',
        vatRate: '0.23',
        netEur: '100.65',
        vatEur: '23.15',
        transactionCount: 6,
        incomplete: false,
      },
      {
        periodStart: '2023-10-01',
        periodEnd: '2023-12-31',
        memberStateOfConsumption: 'PL',
        memberStateOfDispatch: 'DE',
        vatRate: '0.23',
        netEur: '100.00',
        vatEur: '23.00',
        transactionCount: 1,
        incomplete: false,
      },
      {
        periodStart: '2023-10-01',
        periodEnd: '2023-12-31',
        memberStateOfConsumption: 'SE',
        memberStateOfDispatch: 'DE',
        vatRate: '0.25',
        netEur: '40.00',
        vatEur: '10.00',
        transactionCount: 2,
        incomplete: false,
      },
    ]);
  });

  it('puts the monthly OSS liabilities in the member state of consumption, in the euro of the OSS of Germany', () => {
    const DECEMBER_2023 = { periodStart: '2023-12-01', periodEnd: '2023-12-31' };
    expect(position.liabilities).toEqual([
      liability({
        jurisdiction: 'CZ',
        scheme: 'oss',
        ...SEPTEMBER_2023,
        netEur: '80.00',
        vatEur: '16.80',
        transactionCount: 1,
      }),
      liability({
        jurisdiction: 'PL',
        scheme: 'oss',
        ...SEPTEMBER_2023,
        netEur: '100.65',
        vatEur: '23.15',
        transactionCount: 6,
      }),
      liability({
        jurisdiction: 'PL',
        scheme: 'oss',
        ...DECEMBER_2023,
        netEur: '100.00',
        vatEur: '23.00',
        transactionCount: 1,
      }),
      liability({
        jurisdiction: 'SE',
        scheme: 'oss',
        ...DECEMBER_2023,
        netEur: '40.00',
        vatEur: '10.00',
        transactionCount: 2,
      }),
    ]);
  });

  it('still counts the sales towards the threshold, at the tax-point rates', () => {
    // PLN at each tax point: 29 Sep 461.23 / 4.6283 = 99.654301…;
    //   1 / 4.6093 (26 Sep) + 1 / 4.625 (27 Sep) + 1 / 4.6343 (28 Sep) = 0.648951…;
    //   29 Dec 437.08 / 4.3395 = 100.721281…; EUR 80 + 40 = 120.
    //   Total 321.024533… → 321.02
    expect(position.ossThresholds).toEqual([
      { year: 2023, distanceSalesEur: '321.02', crossedOn: null, exceededPreviousYear: false, incomplete: false },
    ]);
  });
});

describe('local returns in other currencies, at the rate of the tax point or the previous publication day', () => {
  it.each([
    // CZK 27 Sep 2023 (Wed) = 24.47: 2,447.00 / 24.47 = 100.00; 513.87 / 24.47 = 21.00.
    {
      country: 'CZ',
      currency: 'CZK',
      date: '2023-09-27',
      net: '2447.00',
      vat: '513.87',
      netEur: '100.00',
      vatEur: '21.00',
    },
    // Sunday 1 Oct 2023 → Friday 29 Sep, SEK 11.5325: 1,153.25 / 11.5325 = 100.00; 288.31 / 11.5325 = 24.99978… → 25.00.
    {
      country: 'SE',
      currency: 'SEK',
      date: '2023-10-01',
      net: '1153.25',
      vat: '288.31',
      netEur: '100.00',
      vatEur: '25.00',
    },
    // Saturday 30 Dec 2023 → Friday 29 Dec, GBP 0.86905: 86.91 / 0.86905 = 100.00575… → 100.01; 17.38 / 0.86905 = 19.9988… → 20.00.
    {
      country: 'GB',
      currency: 'GBP',
      date: '2023-12-30',
      net: '86.91',
      vat: '17.38',
      netEur: '100.01',
      vatEur: '20.00',
    },
    // Saturday 30 Sep 2023 → Friday 29 Sep, PLN 4.6283: 1,000.00 / 4.6283 = 216.0577… → 216.06; 230.00 / 4.6283 = 49.6943… → 49.69.
    {
      country: 'PL',
      currency: 'PLN',
      date: '2023-09-30',
      net: '1000.00',
      vat: '230.00',
      netEur: '216.06',
      vatEur: '49.69',
    },
  ])('a domestic sale in $country in $currency on $date', ({ country, currency, date, net, vat, netEur, vatEur }) => {
    const position = computeTaxPosition({
      sums: [
        daySum({
          date,
          departureCountry: country,
          arrivalCountry: country,
          taxableJurisdiction: country,
          currency,
          netAmount: net,
          vatAmount: vat,
        }),
      ],
      profile: GERMAN_SELLER,
      rates,
    });
    expect(position.liabilities).toEqual([
      liability({
        jurisdiction: country,
        scheme: 'local',
        ...calendarMonth(date),
        currency,
        netEur,
        vatEur,
        netLocal: net,
        vatLocal: vat,
        transactionCount: 1,
      }),
    ]);
  });
});

describe('zero-rated supplies, transfers, imports and what owes nothing', () => {
  const sums = [
    // B2B from the Czech warehouse to a German business, in EUR: zero-rated in CZ; CZK 28 Sep = 24.378,
    // 500.00 × 24.378 = 12,189.00 CZK.
    daySum({
      treatment: 'intra-eu-b2b-supply',
      date: '2023-09-28',
      departureCountry: 'CZ',
      arrivalCountry: 'DE',
      buyerVatNumber: 'DE811569869',
      vatRate: '0',
      netAmount: '500.00',
      vatAmount: '0.00',
      transactionCount: 2,
    }),
    // B2B DE → FR and an export DE → CH: zero-rated turnover in Germany.
    daySum({
      treatment: 'intra-eu-b2b-supply',
      date: '2023-09-26',
      arrivalCountry: 'FR',
      buyerVatNumber: 'FR40303265045',
      vatRate: '0',
      netAmount: '300.00',
      vatAmount: '0.00',
    }),
    daySum({
      treatment: 'export',
      date: '2023-09-27',
      arrivalCountry: 'CH',
      vatRate: '0',
      netAmount: '150.00',
      vatAmount: '0.00',
    }),
    // Own stock DE → PL at 1,000 EUR: zero-rated in DE, an acquisition in PL (PLN 28 Sep 4.6343: 4,634.30 PLN).
    daySum({
      treatment: 'own-goods-transfer',
      date: '2023-09-28',
      arrivalCountry: 'PL',
      vatRate: null,
      netAmount: '1000.00',
      vatAmount: '0.00',
      computedVatAmount: null,
      transactionCount: 4,
    }),
    // IOSS: a USD consignment CN → IT, monthly IOSS; Sat 30 Sep → Mon 2 Oct, USD 1.053:
    // 105.30 / 1.053 = 100.00; 23.17 / 1.053 = 22.0038… → 22.00.
    daySum({
      treatment: 'import-ioss',
      date: '2023-09-29',
      departureCountry: 'CN',
      arrivalCountry: 'IT',
      taxableJurisdiction: 'IT',
      currency: 'USD',
      vatRate: '0.22',
      netAmount: '105.30',
      vatAmount: '23.17',
    }),
    // Delivered duty paid from the UK to the Netherlands with Dutch VAT: a local Dutch sale.
    daySum({
      treatment: 'import',
      date: '2023-09-29',
      departureCountry: 'GB',
      arrivalCountry: 'NL',
      taxableJurisdiction: 'NL',
      vatRate: '0.21',
      netAmount: '200.00',
      vatAmount: '42.00',
    }),
    // Without VAT the customer imports: nothing for the seller.
    daySum({
      treatment: 'import',
      date: '2023-09-29',
      departureCountry: 'GB',
      arrivalCountry: 'NL',
      taxableJurisdiction: 'NL',
      vatRate: null,
      netAmount: '900.00',
      vatAmount: '0.00',
    }),
    // A donation from the German warehouse: a deemed supply in Germany at the file's value.
    daySum({ treatment: 'donation', date: '2023-09-29', netAmount: '10.00', vatAmount: '1.90' }),
    // Nothing to declare for these.
    daySum({ treatment: 'marketplace-deemed-supplier', arrivalCountry: 'GB', netAmount: '80.00', vatAmount: '16.00' }),
    daySum({ treatment: 'inbound-movement', currency: null, vatRate: null, netAmount: '0', vatAmount: '0' }),
    daySum({ treatment: 'return-movement', currency: null, vatRate: null, netAmount: '0', vatAmount: '0' }),
    daySum({ treatment: 'domestic-movement', currency: null, vatRate: null, netAmount: '0', vatAmount: '0' }),
    daySum({
      treatment: 'non-eu-movement',
      arrivalCountry: 'GB',
      currency: null,
      vatRate: null,
      netAmount: '0',
      vatAmount: '0',
    }),
    daySum({ treatment: 'commingling-purchase', netAmount: '30.00', vatAmount: '5.70' }),
    daySum({ treatment: 'unclassified', arrivalCountry: null, netAmount: '70.00', vatAmount: '13.30' }),
  ];
  const position = computeTaxPosition({ sums, profile: GERMAN_SELLER_WITH_OSS_AND_IOSS, rates });

  it('lists zero-rated turnover in the departure country and the acquisition in the arrival country', () => {
    expect(position.liabilities).toEqual([
      liability({
        jurisdiction: 'CZ',
        scheme: 'local',
        ...SEPTEMBER_2023,
        currency: 'CZK',
        netEur: '500.00',
        vatEur: '0.00',
        netLocal: '12189.00',
        vatLocal: '0.00',
        zeroRatedNetEur: '500.00',
        zeroRatedNetLocal: '12189.00',
        transactionCount: 2,
      }),
      // DE: B2B 300 + export 150 + transfer 1,000 + donation 10 = 1,460.00 net, of which 1,450.00 zero-rated;
      // VAT only the donation's 1.90.
      liability({
        jurisdiction: 'DE',
        scheme: 'local',
        ...SEPTEMBER_2023,
        netEur: '1460.00',
        vatEur: '1.90',
        zeroRatedNetEur: '1450.00',
        transactionCount: 7,
      }),
      liability({
        jurisdiction: 'IT',
        scheme: 'ioss',
        ...SEPTEMBER_2023,
        netEur: '100.00',
        vatEur: '22.00',
        transactionCount: 1,
      }),
      liability({
        jurisdiction: 'NL',
        scheme: 'local',
        ...SEPTEMBER_2023,
        netEur: '200.00',
        vatEur: '42.00',
        transactionCount: 1,
      }),
      liability({
        jurisdiction: 'PL',
        scheme: 'local',
        ...SEPTEMBER_2023,
        currency: 'PLN',
        netEur: '0.00',
        vatEur: '0.00',
        netLocal: '0.00',
        vatLocal: '0.00',
        acquisitionNetEur: '1000.00',
        acquisitionNetLocal: '4634.30',
        transactionCount: 4,
      }),
    ]);
  });

  it('lists B2B supplies and transfers in the EC sales list of the departure country', () => {
    expect(position.ecSalesListLines).toEqual([
      {
        reportingCountry: 'CZ',
        ...SEPTEMBER_2023,
        customerVatNumber: 'DE811569869',
        kind: 'goods',
        currency: 'CZK',
        netEur: '500.00',
        netLocal: '12189.00',
        transactionCount: 2,
        incomplete: false,
      },
      {
        reportingCountry: 'DE',
        ...SEPTEMBER_2023,
        customerVatNumber: 'FR40303265045',
        kind: 'goods',
        currency: 'EUR',
        netEur: '300.00',
        netLocal: '300.00',
        transactionCount: 1,
        incomplete: false,
      },
      // The transfer is listed under the company's own Polish VAT number from its profile.
      {
        reportingCountry: 'DE',
        ...SEPTEMBER_2023,
        customerVatNumber: 'PL5260001246',
        kind: 'transfer',
        currency: 'EUR',
        netEur: '1000.00',
        netLocal: '1000.00',
        transactionCount: 4,
        incomplete: false,
      },
    ]);
    expect(position.problems).toEqual([]);
    expect(position.ossLines).toEqual([]);
  });
});

describe('the VAT due where the file charged another country or none (decision 039)', () => {
  it('computes the VAT of the member state of consumption from the price where the file charged the departure country', () => {
    // Amazon charged German VAT (19 %) on an OSS sale to France: the customer paid 119.00, which holds French VAT at
    // 20 %: 119 × 20 / 120 = 19.8333… → 19.83; net 119 − 19.8333… = 99.1666… → 99.17.
    const position = computeTaxPosition({
      sums: [daySum({ treatment: 'intra-eu-distance-sale', arrivalCountry: 'FR', taxableJurisdiction: 'DE' })],
      profile: GERMAN_SELLER_WITH_OSS_AND_IOSS,
      rates,
    });
    expect(position.liabilities).toEqual([
      liability({
        jurisdiction: 'FR',
        scheme: 'oss',
        ...SEPTEMBER_2023,
        netEur: '99.17',
        vatEur: '19.83',
        transactionCount: 1,
      }),
    ]);
    // The OSS line is at the French rate the VAT was computed at, not the file's 19 %.
    expect(position.ossLines).toEqual([
      expect.objectContaining({ memberStateOfConsumption: 'FR', vatRate: '0.2', netEur: '99.17', vatEur: '19.83' }),
    ]);
    // The data health names the month and country whose VAT was computed so.
    expect(position.problems).toEqual([
      {
        kind: 'vat-from-price',
        jurisdiction: 'FR',
        periodStart: '2023-09-01',
        charged: 'elsewhere',
        transactionCount: 1,
      },
    ]);
  });

  it('computes German VAT from the price where the file charged the destination below the threshold', () => {
    // The file charged French VAT (20 %) on 120.00, but the seller is below €10,000 without OSS: taxed in Germany at
    // 19 %: 120 × 19 / 119 = 19.1596… → 19.16; net 100.8403… → 100.84.
    const position = computeTaxPosition({
      sums: [
        daySum({
          treatment: 'intra-eu-distance-sale',
          arrivalCountry: 'FR',
          taxableJurisdiction: 'FR',
          vatRate: '0.2',
          vatAmount: '20.00',
        }),
      ],
      profile: GERMAN_SELLER,
      rates,
    });
    expect(position.liabilities).toEqual([
      liability({
        jurisdiction: 'DE',
        scheme: 'local',
        ...SEPTEMBER_2023,
        netEur: '100.84',
        vatEur: '19.16',
        transactionCount: 1,
      }),
    ]);
  });

  it('takes the VAT in the price of a sale the file charged none on, and keeps a zero rate where goods are zero-rated', () => {
    // A shop that charged no VAT (a zero rate) on a German sale of 119.00: the price holds 119 × 19 / 119 = 19.00.
    const uncharged = daySum({ taxableJurisdiction: null, vatRate: '0', netAmount: '119.00', vatAmount: '0.00' });
    // A British sale at 0 % (children's clothes) stands: 0 is a rate the United Kingdom applies.
    const zeroRated = daySum({
      date: '2023-12-29',
      departureCountry: 'GB',
      arrivalCountry: 'GB',
      taxableJurisdiction: null,
      currency: 'GBP',
      vatRate: '0',
      netAmount: '86.91',
      vatAmount: '0.00',
    });
    // A file that gives no rate tells nothing: its figures stand.
    const unknown = daySum({ date: '2023-09-26', taxableJurisdiction: null, vatRate: null, vatAmount: '0.00' });
    const position = computeTaxPosition({ sums: [uncharged, zeroRated, unknown], profile: GERMAN_SELLER, rates });
    expect(position.problems).toEqual([
      { kind: 'vat-from-price', jurisdiction: 'DE', periodStart: '2023-09-01', charged: 'none', transactionCount: 1 },
    ]);
    expect(position.liabilities).toEqual([
      // 100.00 + 100.00 net (119.00 less its VAT, and the file's net), VAT 19.00 + 0.
      liability({
        jurisdiction: 'DE',
        scheme: 'local',
        ...SEPTEMBER_2023,
        netEur: '200.00',
        vatEur: '19.00',
        transactionCount: 2,
      }),
      // GBP 29 Dec 2023 = 0.86905: 86.91 / 0.86905 = 100.0057… → 100.01.
      liability({
        jurisdiction: 'GB',
        scheme: 'local',
        periodStart: '2023-12-01',
        periodEnd: '2023-12-31',
        currency: 'GBP',
        netEur: '100.01',
        vatEur: '0.00',
        netLocal: '86.91',
        vatLocal: '0.00',
        transactionCount: 1,
      }),
    ]);
  });
});

describe('refunds', () => {
  it('cancels its sale in every total', () => {
    const sale = daySum({
      treatment: 'intra-eu-distance-sale',
      arrivalCountry: 'PL',
      taxableJurisdiction: 'PL',
      currency: 'PLN',
      vatRate: '0.23',
      netAmount: '123.45',
      vatAmount: '28.39',
    });
    const refund = { ...sale, netAmount: '-123.45', vatAmount: '-28.39', grossAmount: '-151.84' };
    const position = computeTaxPosition({ sums: [sale, refund], profile: GERMAN_SELLER_WITH_OSS_AND_IOSS, rates });
    expect(position.liabilities).toEqual([
      liability({
        jurisdiction: 'PL',
        scheme: 'oss',
        ...SEPTEMBER_2023,
        netEur: '0.00',
        vatEur: '0.00',
        transactionCount: 2,
      }),
    ]);
    expect(position.ossThresholds[0]?.distanceSalesEur).toBe('0.00');
  });
});

describe('missing exchange rates', () => {
  const sums = [
    daySum({ date: '2023-09-27', netAmount: '100.00', vatAmount: '19.00' }),
    // The ECB never quotes AED.
    daySum({ date: '2023-09-27', currency: 'AED', netAmount: '400.00', vatAmount: '76.00' }),
    // The excerpt has no rows from 4 Jul to 25 Sep 2023: no publication within the week before 15 Aug.
    daySum({
      date: '2023-08-15',
      departureCountry: 'PL',
      arrivalCountry: 'PL',
      taxableJurisdiction: 'PL',
      currency: 'PLN',
      vatRate: '0.23',
      netAmount: '100.00',
      vatAmount: '23.00',
    }),
    // After the last row of the table.
    daySum({ date: '2024-03-01', netAmount: '5.00', vatAmount: '0.95', currency: 'GBP' }),
  ];
  const position = computeTaxPosition({ sums, profile: GERMAN_SELLER, rates });

  it('never converts at 1.0: the amount is left out and the line marked incomplete', () => {
    expect(position.liabilities).toEqual([
      // PLN 100.00 stays in the Polish total; its EUR value is unknown.
      liability({
        jurisdiction: 'PL',
        scheme: 'local',
        periodStart: '2023-08-01',
        periodEnd: '2023-08-31',
        currency: 'PLN',
        netEur: '0.00',
        vatEur: '0.00',
        netLocal: '100.00',
        vatLocal: '23.00',
        transactionCount: 1,
        incomplete: true,
      }),
      // Only the EUR sale is in the September total.
      liability({
        jurisdiction: 'DE',
        scheme: 'local',
        ...SEPTEMBER_2023,
        netEur: '100.00',
        vatEur: '19.00',
        transactionCount: 2,
        incomplete: true,
      }),
      liability({
        jurisdiction: 'DE',
        scheme: 'local',
        periodStart: '2024-03-01',
        periodEnd: '2024-03-31',
        netEur: '0.00',
        vatEur: '0.00',
        transactionCount: 1,
        incomplete: true,
      }),
    ]);
  });

  it('names each missing rate once with its reason', () => {
    expect(position.problems).toEqual([
      { kind: 'missing-rate', currency: 'PLN', date: '2023-08-15', reason: 'not-published' },
      { kind: 'missing-rate', currency: 'AED', date: '2023-09-27', reason: 'not-quoted' },
      { kind: 'missing-rate', currency: 'GBP', date: '2024-03-01', reason: 'outside-table' },
    ]);
  });
});

describe('what cannot be put on a line', () => {
  it('reports a liability in a country outside the 30 and amounts without a currency', () => {
    const position = computeTaxPosition({
      sums: [
        daySum({ departureCountry: 'US', arrivalCountry: 'US', currency: 'USD' }),
        daySum({ currency: null, netAmount: '10.00', vatAmount: '1.90' }),
      ],
      profile: GERMAN_SELLER,
      rates,
    });
    expect(position.liabilities).toEqual([
      liability({
        jurisdiction: 'DE',
        scheme: 'local',
        ...SEPTEMBER_2023,
        netEur: '0.00',
        vatEur: '0.00',
        netLocal: '0.00',
        vatLocal: '0.00',
        transactionCount: 1,
        incomplete: true,
      }),
    ]);
    expect(position.problems).toEqual([
      { kind: 'missing-currency', date: '2023-09-27', treatment: 'domestic-sale' },
      { kind: 'unsupported-jurisdiction', country: 'US', treatment: 'domestic-sale' },
    ]);
  });

  it('needs no rate for a movement without a value', () => {
    // An own-goods transfer without currency or value on a day the excerpt has no PLN rate for.
    const position = computeTaxPosition({
      sums: [
        daySum({
          treatment: 'own-goods-transfer',
          date: '2023-08-15',
          arrivalCountry: 'PL',
          currency: null,
          vatRate: null,
          netAmount: '0',
          vatAmount: '0',
        }),
      ],
      profile: GERMAN_SELLER,
      rates,
    });
    expect(position.problems).toEqual([]);
    expect(
      position.liabilities.map((line) => [line.jurisdiction, line.netLocal, line.acquisitionNetLocal, line.incomplete]),
    ).toEqual([
      ['DE', '0.00', '0.00', false],
      ['PL', '0.00', '0.00', false],
    ]);
  });
});

function calendarMonth(date: string) {
  const start = `${date.slice(0, 7)}-01`;
  const end = new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)), 0)).toISOString().slice(0, 10);
  return { periodStart: start, periodEnd: end };
}

describe('the EC sales list builder fed a month at a time', () => {
  const supply = (date: string, buyerVatNumber: string) =>
    daySum({ treatment: 'intra-eu-b2b-supply', date, arrivalCountry: 'FR', buyerVatNumber, vatRate: '0' });

  it('drains each month once and refuses a sum of a month already drained', () => {
    const builder = createEcSalesListBuilder({ profile: GERMAN_SELLER, rates });
    builder.add([supply('2023-09-26', 'FR40303265045'), supply('2023-09-28', 'FR40303265045')]);
    const september = builder.drain();
    expect(september).toMatchObject([
      { periodStart: '2023-09-01', customerVatNumber: 'FR40303265045', netEur: '200.00', transactionCount: 2 },
    ]);
    builder.add([supply('2023-10-02', 'FR40303265045')]);
    expect(builder.drain().map((line) => line.periodStart)).toEqual(['2023-10-01']);
    expect(builder.drain()).toEqual([]);
    expect(() => builder.add([supply('2023-09-29', 'FR40303265045')])).toThrow(/2023-09-01/);
    expect(builder.finish().lines).toEqual([]);
  });
});
