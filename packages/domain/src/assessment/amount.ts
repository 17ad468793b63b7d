/**
 * Money amounts of the questionnaire arrive as decimal strings ("10000.50") and are compared as integer cents, so a
 * threshold test never suffers binary-float rounding (10000.01 is above €10,000, 10000.00 is not).
 */
export const AMOUNT_PATTERN = /^(0|[1-9]\d{0,12})(\.\d{1,2})?$/;

export function parseAmountToCents(amount: string): bigint | undefined {
  const trimmed = amount.trim();
  if (!AMOUNT_PATTERN.test(trimmed)) return undefined;
  const [whole, fraction = ''] = trimmed.split('.');
  return BigInt(whole ?? '0') * 100n + BigInt(fraction.padEnd(2, '0'));
}

export function isAmount(amount: string): boolean {
  return parseAmountToCents(amount) !== undefined;
}

/** Cents of a valid amount; an invalid one counts as zero because the contract has refused it before. */
export function centsOf(amount: string): bigint {
  return parseAmountToCents(amount) ?? 0n;
}
