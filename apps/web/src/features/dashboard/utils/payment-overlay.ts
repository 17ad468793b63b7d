/**
 * Spec §2: `/dashboard?payment=success` shows the payment-success overlay, unless the local skip flag is set when the
 * dashboard is reached; the flag is spent there either way (the page clears it).
 */
export function shouldShowPaymentOverlay(input: { paymentParam: string | null; hadSkipFlag: boolean }): boolean {
  return input.paymentParam === 'success' && !input.hadSkipFlag;
}
