import {
  adminCompanySubscriptionsSchema,
  adminSubscriptionListSchema,
  adminSubscriptionSearchSchema,
  apiErrorSchema,
  checkoutSessionSchema,
  companySubscriptionsSchema,
  manualSubscriptionChangeSchema,
  paymentWebhookResponseSchema,
  startCheckoutRequestSchema,
} from '@vatlas/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PaymentSettings, StripeSettings } from '../../config';
import type { Db } from '../../db/client';
import { requireAuth } from '../../plugins/auth';
import { guard } from '../../plugins/route-guard';
import {
  changeSubscriptionsManually,
  getCompanySubscriptions,
  handleStripeWebhook,
  type PaymentDeps,
  searchCompanySubscriptions,
  startCheckout,
} from './service';
import type { StripeGateway } from './stripe-gateway';

export const PAYMENT_ROUTE_PATTERNS = {
  subscriptions: '/api/v1/Payment/:companyId/Subscriptions',
  checkout: '/api/v1/Payment/:companyId/Checkout',
  webhook: '/api/v1/Payment/Webhook',
  adminList: '/api/v1/Admin/Subscriptions',
  adminChange: '/api/v1/Admin/Subscriptions/:companyId',
} as const;

const companyParams = z.object({ companyId: z.string().describe('The company id (uuid)') });

/** Stripe signs the exact bytes it sent; a webhook body is small (a few KiB), 512 KiB is generous. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/** Stripe's SDK is loaded only by a server that takes payments with it: the others never hold its modules. */
async function loadStripeGateway(settings: StripeSettings): Promise<StripeGateway> {
  const { createStripeGateway } = await import('./stripe-gateway');
  return createStripeGateway(settings);
}

export async function registerPaymentRoutes(
  app: FastifyInstance,
  deps: { db: Db; payments: PaymentSettings; publicUrl: string; stripe?: StripeGateway },
): Promise<void> {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const stripe =
    deps.stripe ?? (deps.payments.provider === 'stripe' ? await loadStripeGateway(deps.payments.stripe) : null);
  const paymentDeps: PaymentDeps = {
    db: deps.db,
    payments: deps.payments,
    stripe,
    publicUrl: deps.publicUrl,
    log: app.log,
  };

  typed.get(
    PAYMENT_ROUTE_PATTERNS.subscriptions,
    {
      config: guard('company'),
      schema: {
        tags: ['Payment'],
        summary: "The company's subscriptions per country and the countries it can subscribe to",
        description:
          '`paymentProvider` says how this server takes payments: `stripe` (Checkout) or `manual` (an administrator ' +
          'activates subscriptions). `availableCountries` lists the company’s jurisdictions first.',
        params: companyParams,
        response: { 200: companySubscriptionsSchema },
      },
    },
    async (request) => getCompanySubscriptions(paymentDeps, request.params.companyId),
  );

  typed.post(
    PAYMENT_ROUTE_PATTERNS.checkout,
    {
      config: guard('company'),
      schema: {
        tags: ['Payment'],
        summary: 'Start a Stripe Checkout Session (monthly subscription) for a set of countries',
        description:
          'Answers the URL of Stripe’s hosted checkout; the countries are pending until Stripe’s webhook reports ' +
          'the session completed. 409 `payments_manual` when the server takes no online payments (an administrator ' +
          'activates subscriptions), 409 `already_subscribed`, 400 `country_not_priced`, 502 `stripe_unavailable`.',
        params: companyParams,
        body: startCheckoutRequestSchema,
        response: { 200: checkoutSessionSchema, 409: apiErrorSchema, 502: apiErrorSchema },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      return startCheckout(paymentDeps, {
        companyId: request.params.companyId,
        userId: user.id,
        userEmail: user.email,
        countryCodes: request.body.countryCodes,
      });
    },
  );

  // The webhook needs the exact bytes Stripe signed, so its scope parses JSON bodies as a Buffer.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      PAYMENT_ROUTE_PATTERNS.webhook,
      {
        config: guard('public'),
        schema: {
          tags: ['Payment'],
          summary: 'Stripe webhook: checkout completed, expired, subscription deleted',
          description:
            'Public; every delivery is verified with its `Stripe-Signature` header (HMAC-SHA256 with the endpoint ' +
            'secret, at most 300 s old) — a wrong signature answers 400 and changes nothing. Each event id is ' +
            'applied once: a redelivery answers 200 with `duplicate: true`. 503 when Stripe is not configured.',
          headers: z.object({ 'stripe-signature': z.string().optional() }),
          response: { 200: paymentWebhookResponseSchema, 400: apiErrorSchema, 503: apiErrorSchema },
        },
      },
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const outcome = await handleStripeWebhook(paymentDeps, body, request.headers['stripe-signature']);
        return { received: true as const, duplicate: outcome.duplicate };
      },
    );
  });

  typed.get(
    PAYMENT_ROUTE_PATTERNS.adminList,
    {
      config: guard('admin'),
      schema: {
        tags: ['Payment'],
        summary: 'Administrators: companies with their subscriptions, searched by name or id',
        querystring: adminSubscriptionSearchSchema,
        response: { 200: adminSubscriptionListSchema },
      },
    },
    async (request) => searchCompanySubscriptions(paymentDeps, request.query.search),
  );

  typed.post(
    PAYMENT_ROUTE_PATTERNS.adminChange,
    {
      config: guard('admin'),
      schema: {
        tags: ['Payment'],
        summary: 'Administrators: activate or cancel countries of a company by hand (manual provider)',
        description:
          'The subscriptions are marked `manual` and the change is audit-logged. A country paid through Stripe is ' +
          'not cancelled here (409 `stripe_subscription`): cancel it in Stripe.',
        params: companyParams,
        body: manualSubscriptionChangeSchema,
        response: { 200: adminCompanySubscriptionsSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) =>
      changeSubscriptionsManually(paymentDeps, {
        companyId: request.params.companyId,
        adminUserId: requireAuth(request).user.id,
        activate: request.body.activate,
        cancel: request.body.cancel,
      }),
  );
}
