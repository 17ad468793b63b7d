import Stripe from 'stripe';
import type { StripeSettings } from '../../config';
import { StripeCheckoutError } from './stripe-checkout-error';

/**
 * The part of Stripe Vatlas uses: creating a Checkout Session and verifying webhook events. Requests go to
 * `apiBase` (Stripe's API, or a stand-in server in tests); verification is local (no network).
 */
export type StripeGateway = {
  createCheckoutSession(input: {
    priceIds: string[];
    successUrl: string;
    cancelUrl: string;
    companyId: string;
    countryCodes: string[];
    customerEmail: string | null;
  }): Promise<{ id: string; url: string }>;
  /** Ends an open session unpaid, so it can no longer be paid; throws a StripeCheckoutError when Stripe refuses. */
  expireCheckoutSession(sessionId: string): Promise<void>;
  /** Throws when the signature is missing, wrong or older than the tolerance (300 s). */
  verifyEvent(rawBody: Buffer, signatureHeader: string): Stripe.Event;
};

export function createStripeGateway(settings: StripeSettings): StripeGateway {
  const base = new URL(settings.apiBase);
  const protocol = base.protocol === 'http:' ? 'http' : 'https';
  const stripe = new Stripe(settings.secretKey, {
    host: base.hostname,
    port: base.port === '' ? (protocol === 'http' ? 80 : 443) : Number(base.port),
    protocol,
    telemetry: false,
    timeout: 20_000,
  });
  return {
    async createCheckoutSession(input) {
      // Both the session and the subscription it creates carry the company and its countries: the session's
      // completion activates them, the subscription's deletion (months later) cancels them.
      const metadata = { companyId: input.companyId, countryCodes: input.countryCodes.join(',') };
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.create({
          mode: 'subscription',
          line_items: input.priceIds.map((price) => ({ price, quantity: 1 })),
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          client_reference_id: input.companyId,
          metadata,
          subscription_data: { metadata },
          ...(input.customerEmail ? { customer_email: input.customerEmail } : {}),
        });
      } catch (error) {
        throw new StripeCheckoutError(
          error instanceof Error ? error.message : 'Stripe did not create a checkout session.',
          { cause: error },
        );
      }
      if (!session.url) throw new StripeCheckoutError('Stripe answered a checkout session without a URL.');
      return { id: session.id, url: session.url };
    },
    async expireCheckoutSession(sessionId) {
      try {
        await stripe.checkout.sessions.expire(sessionId);
      } catch (error) {
        throw new StripeCheckoutError(
          error instanceof Error ? error.message : 'Stripe did not expire the checkout session.',
          { cause: error },
        );
      }
    },
    verifyEvent(rawBody, signatureHeader) {
      return stripe.webhooks.constructEvent(rawBody, signatureHeader, settings.webhookSecret, 300);
    },
  };
}
