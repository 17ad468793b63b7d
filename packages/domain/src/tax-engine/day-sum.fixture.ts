import { addMoney, money } from '../money';
import type { CompanyTaxProfile } from '../transactions/company-tax-profile';
import type { TransactionDaySum } from './day-sum';
import type { Liability } from './tax-position';

/**
 * A day sum of one German domestic EUR sale at 19 %, charged in Germany; tests override what they are about. The
 * gross amount is net + VAT unless a test gives it.
 */
export function daySum(overrides: Partial<TransactionDaySum> = {}): TransactionDaySum {
  const netAmount = overrides.netAmount ?? '100.00';
  const vatAmount = overrides.vatAmount ?? '19.00';
  return {
    treatment: 'domestic-sale',
    date: '2023-09-27',
    departureCountry: 'DE',
    arrivalCountry: 'DE',
    taxableJurisdiction: 'DE',
    currency: 'EUR',
    vatRate: '0.19',
    buyerVatNumber: null,
    netAmount: '100.00',
    vatAmount: '19.00',
    grossAmount: addMoney(money(netAmount), money(vatAmount)).toFixed(2),
    computedVatAmount: '19.00',
    transactionCount: 1,
    ...overrides,
  };
}

/** A seller established in Germany with stock in Poland and the Czech Republic, without OSS or IOSS. */
export const GERMAN_SELLER: CompanyTaxProfile = {
  establishmentCountry: 'DE',
  oss: null,
  ioss: null,
  registrations: [
    { country: 'DE', frequency: 'monthly', vatNumber: 'DE123456789' },
    { country: 'PL', frequency: 'monthly', vatNumber: 'PL5260001246' },
    { country: 'CZ', frequency: 'monthly', vatNumber: 'CZ12345678' },
  ],
};

export const GERMAN_SELLER_WITH_OSS_AND_IOSS: CompanyTaxProfile = {
  ...GERMAN_SELLER,
  oss: { memberState: 'DE', from: '2021-07-01' },
  ioss: { memberState: 'DE', from: '2021-07-01' },
};

/** A liability line in EUR with nothing zero-rated or acquired unless the test says so. */
export function liability(
  fields: Pick<
    Liability,
    'jurisdiction' | 'scheme' | 'periodStart' | 'periodEnd' | 'netEur' | 'vatEur' | 'transactionCount'
  > &
    Partial<Liability>,
): Liability {
  return {
    currency: 'EUR',
    netLocal: fields.netEur,
    vatLocal: fields.vatEur,
    zeroRatedNetEur: '0.00',
    zeroRatedNetLocal: fields.zeroRatedNetEur ?? '0.00',
    acquisitionNetEur: '0.00',
    acquisitionNetLocal: fields.acquisitionNetEur ?? '0.00',
    incomplete: false,
    ...fields,
  };
}
