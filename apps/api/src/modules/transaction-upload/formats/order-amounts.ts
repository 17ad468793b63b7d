import {
  formatMoneyFixed2,
  type Money,
  multiplyByFraction,
  type NormalizedTransaction,
  roundToCentsHalfUp,
  subtractMoney,
  sumMoney,
  ZERO,
} from '@vatlas/domain';

/** An order's money shared out over its lines, and its refunds, as the order formats (Shopify, eBay, Etsy) do. */

/**
 * Shares `total` (rounded to cents) out in proportion to `weights`, in whole cents that add up to it exactly: each
 * share is rounded toward zero and the cents left over go to the largest remainders (the first line on ties). Lines
 * without weight get nothing; when no line has weight, the first line takes it all.
 */
export function allocateByWeights(total: Money, weights: readonly Money[]): Money[] {
  const totalCents = roundToCentsHalfUp(total).times(100);
  const positive = weights.map((weight) => (weight.gt(0) ? weight : ZERO));
  const weightSum = sumMoney(positive);
  if (weightSum.eq(0)) return weights.map((_, index) => (index === 0 ? totalCents.div(100) : ZERO));
  const exact = positive.map((weight) => totalCents.times(weight).div(weightSum));
  const cents = exact.map((share) => share.round(0, 0));
  let leftover = totalCents.minus(sumMoney(cents));
  const step = leftover.gt(0) ? 1 : -1;
  const order = exact
    .map((share, index) => ({ index, remainder: share.minus(cents[index] as Money).abs() }))
    .sort((a, b) => b.remainder.cmp(a.remainder) || a.index - b.index);
  for (const { index } of order) {
    if (leftover.eq(0)) break;
    cents[index] = (cents[index] as Money).plus(step);
    leftover = leftover.minus(step);
  }
  return cents.map((share) => share.div(100));
}

/**
 * The amounts of a refund of `refunded` out of an order of `total` that held `tax`: the order's share of the tax,
 * rounded to the cent, and the rest net, all negative as a refund's are.
 */
export function refundAmounts(
  refunded: Money,
  tax: Money,
  total: Money,
): Pick<NormalizedTransaction, 'netAmount' | 'vatAmount' | 'grossAmount'> {
  const gross = roundToCentsHalfUp(refunded);
  const vat = total.eq(0) ? ZERO : roundToCentsHalfUp(multiplyByFraction(refunded, tax.div(total)));
  return {
    netAmount: formatMoneyFixed2(subtractMoney(vat, gross)),
    vatAmount: formatMoneyFixed2(vat.times(-1)),
    grossAmount: formatMoneyFixed2(gross.times(-1)),
  };
}
