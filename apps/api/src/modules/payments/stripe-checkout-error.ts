/**
 * Stripe refused or failed to create a Checkout Session. Its own module, so the payment service can recognise it
 * without loading Stripe's SDK, which only `stripe-gateway.ts` imports (a server without Stripe never loads it).
 */
export class StripeCheckoutError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StripeCheckoutError';
  }
}
