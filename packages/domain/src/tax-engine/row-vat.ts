import { multiplyToCentsHalfUp } from '../money';

/**
 * The VAT a row should carry by its own figures: net × the file's rate (a fraction, `0.19`), rounded half-up to the
 * cent once. The importer stores it beside the file's VAT amount so the cross-check can show where they differ.
 * A row without a rate has no computed VAT.
 */
export function computeRowVat(netAmount: string, vatRate: string): string;
export function computeRowVat(netAmount: string, vatRate: null): null;
export function computeRowVat(netAmount: string, vatRate: string | null): string | null;
export function computeRowVat(netAmount: string, vatRate: string | null): string | null {
  if (vatRate === null) return null;
  return multiplyToCentsHalfUp(netAmount, vatRate);
}
