import { money, rateFraction, subtractMoney, vatFromGross } from '../money';
import { findVatRate } from '../vat';
import type { TransactionDaySum } from './day-sum';

/**
 * Countries whose returns know a zero rate on ordinary goods (UK children's clothes, books, food; research §1a): there
 * a sale the file charged at 0 is taxed as charged.
 */
export const ZERO_RATED_GOODS_COUNTRIES: readonly string[] = ['GB', 'XI'];

/** The figures of a taxable sale (a row, or a day sum of rows alike) that decide the VAT due on it. */
export type TaxableSale = Pick<
  TransactionDaySum,
  'date' | 'taxableJurisdiction' | 'vatRate' | 'netAmount' | 'vatAmount' | 'grossAmount'
>;

/**
 * The VAT a taxable sale owes in the country that taxes it (docs/decisions/039-the-vat-due-on-a-sale.md).
 * - `charged`: the file charged that country's VAT, so its net and VAT stand (the invoice's amounts).
 * - `from-price`: the file charged another country's VAT, or none: the customer's price is taken as VAT included
 *   (CJEU C-249/12 and C-250/12, Tulică and Plavoşin) and the VAT in it is computed at the standard rate of the
 *   taxing country on the tax point, `gross × rate ÷ (100 + rate)`; the net is the rest of the price. The standard
 *   rate is an upper bound: a reduced-rate product owes less, which the file cannot tell. The row's cross-check
 *   names the difference.
 * Amounts are unrounded decimal strings in the sale's currency (the liability lines round once per line); `rate` is
 * a fraction (`0.2`), null where the file gave none and its figures stand.
 */
export type VatDue = { basis: 'charged' | 'from-price'; net: string; vat: string; rate: string | null };

/**
 * Whether the file charged `jurisdiction`'s VAT on the sale. Its own taxable jurisdiction (Amazon's) decides where it
 * names one. Without one, a rate above zero is taken as charged there, and so is a zero rate where zero-rated goods
 * exist; a zero rate elsewhere means no VAT was charged. A file that gives no rate at all tells nothing, and its
 * figures stand. Only the grain's fields decide, never the amounts, so any split of the rows into sums gives the same.
 */
export function isChargedIn(sale: TaxableSale, jurisdiction: string): boolean {
  if (sale.taxableJurisdiction !== null) return sale.taxableJurisdiction === jurisdiction;
  if (sale.vatRate === null || !money(sale.vatRate).eq(0)) return true;
  return ZERO_RATED_GOODS_COUNTRIES.includes(jurisdiction);
}

/**
 * The VAT due on a taxable sale in `jurisdiction` (see `VatDue`). Where Vatlas has no rates for that country and day
 * (before the first period its data knows), the file's figures stand: there is no rate to compute with.
 */
export function vatDueOf(sale: TaxableSale, jurisdiction: string): VatDue {
  const charged = vatAsCharged(sale);
  if (isChargedIn(sale, jurisdiction)) return charged;
  // Northern Ireland charges the UK's rates.
  const standard = findVatRate(jurisdiction === 'XI' ? 'GB' : jurisdiction, sale.date, 'standard');
  if (!standard.ok) return charged;
  const gross = money(sale.grossAmount);
  const vat = vatFromGross(gross, standard.rate);
  return {
    basis: 'from-price',
    net: subtractMoney(gross, vat).toFixed(),
    vat: vat.toFixed(),
    rate: rateFraction(standard.rate).toFixed(),
  };
}

/** The file's own figures as the VAT due: a taxable sale charged where it is taxed, or a zero-rated supply. */
export function vatAsCharged(sale: Pick<TaxableSale, 'netAmount' | 'vatAmount' | 'vatRate'>): VatDue {
  return { basis: 'charged', net: sale.netAmount, vat: sale.vatAmount, rate: sale.vatRate };
}
