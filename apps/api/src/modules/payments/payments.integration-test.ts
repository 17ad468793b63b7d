import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  adminCompanySubscriptionsSchema,
  adminSubscriptionListSchema,
  apiPaths,
  checkoutSessionSchema,
  companySubscriptionsSchema,
  userSchema,
} from '@vatlas/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, companyJurisdictions, paymentEvents } from '../../db/schema';
import { forEachDatabase, holdInTransaction, untilWaitingForLocks } from '../../test/databases';
import {
  buildTestApp,
  createTestConfig,
  createTestProvider,
  TEST_PUBLIC_URL,
  type TestProvider,
} from '../../test/test-app';
import { listAuditEvents } from '../audit/repository';
import { bearer, createCompany, createHomeTenant, createPerson, type Person, signIn } from '../user/account-test-kit';
import { lockSubscriptionsOf } from './repository';

const WEBHOOK_SECRET = 'whsec_paymentsIntegrationSecret01';
const SECRET_KEY = 'sk_test_paymentsIntegration01';

type RecordedRequest = { method: string; path: string; authorization: string | undefined; form: URLSearchParams };

/**
 * A real HTTP server standing in for Stripe's API (an external service): it records each request and answers
 * POST /v1/checkout/sessions as Stripe does, with a session id and its hosted URL, and POST
 * /v1/checkout/sessions/{id}/expire with the session expired.
 */
async function startStripeStandIn() {
  const state = {
    requests: [] as RecordedRequest[],
    failNext: false,
    sessionCount: 0,
    /** While set, a new session is answered only once it resolves: a test acts while Stripe is creating one. */
    sessionsHeldUntil: null as Promise<void> | null,
  };
  const server: Server = createServer((request: IncomingMessage, response) => {
    let raw = '';
    request.on('data', (chunk) => {
      raw += chunk;
    });
    request.on('end', async () => {
      state.requests.push({
        method: request.method ?? '',
        path: request.url ?? '',
        authorization: request.headers.authorization,
        form: new URLSearchParams(raw),
      });
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_standin' });
        response.end(JSON.stringify(body));
      };
      if (state.failNext) {
        state.failNext = false;
        return send(400, { error: { type: 'invalid_request_error', message: 'No such price: price_x' } });
      }
      if (request.method === 'POST' && request.url === '/v1/checkout/sessions') {
        await state.sessionsHeldUntil;
        state.sessionCount += 1;
        const id = `cs_test_standin${state.sessionCount}`;
        return send(200, {
          id,
          object: 'checkout.session',
          mode: 'subscription',
          status: 'open',
          url: `https://checkout.stripe.test/c/pay/${id}`,
        });
      }
      const expired = /^\/v1\/checkout\/sessions\/(cs_test_standin\d+)\/expire$/.exec(request.url ?? '');
      if (request.method === 'POST' && expired) {
        return send(200, { id: expired[1], object: 'checkout.session', status: 'expired', url: null });
      }
      return send(404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    state,
    baseUrl: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Stripe's documented signature scheme, written out here independently of the app's verification. */
function signStripePayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

function checkoutCompletedEvent(eventId: string, companyId: string, countryCodes: string[], subscriptionId: string) {
  return JSON.stringify({
    id: eventId,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: 'cs_test_standin1',
        object: 'checkout.session',
        mode: 'subscription',
        payment_status: 'paid',
        status: 'complete',
        client_reference_id: companyId,
        metadata: { companyId, countryCodes: countryCodes.join(',') },
        subscription: subscriptionId,
      },
    },
  });
}

function subscriptionDeletedEvent(eventId: string, subscriptionId: string) {
  return JSON.stringify({
    id: eventId,
    object: 'event',
    type: 'customer.subscription.deleted',
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: subscriptionId, object: 'subscription', status: 'canceled', metadata: {} } },
  });
}

forEachDatabase('payments and subscriptions API', (context) => {
  let stripeStandIn: Awaited<ReturnType<typeof startStripeStandIn>>;
  let stripeApp: FastifyInstance;
  let manualApp: FastifyInstance;
  let owner: Person;
  let admin: Person;
  let ownerToken: string;
  let provider: TestProvider;
  let companyId: string;
  let manualCompanyId: string;
  const stripeConfig = () =>
    createTestConfig({
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripeStandIn.baseUrl,
      STRIPE_PRICE_IDS: 'DE=price_de001,FR=price_fr001,AT=price_at001',
    });

  beforeAll(async () => {
    const db = context.database.db;
    stripeStandIn = await startStripeStandIn();
    const config = stripeConfig();
    provider = await createTestProvider(config);
    stripeApp = await buildTestApp(context.database, { config, provider });
    manualApp = await buildTestApp(context.database, { config: createTestConfig(), provider });
    const tenantId = await createHomeTenant(db);
    owner = await createPerson(db, { tenantId, label: 'payments-owner', issuer: config.auth.issuer });
    admin = await createPerson(db, { tenantId, label: 'payments-admin', issuer: config.auth.issuer, isAdmin: true });
    companyId = await createCompany(db, { tenantId, name: 'Payments Stripe GmbH', owners: [owner] });
    manualCompanyId = await createCompany(db, { tenantId, name: 'Payments Manual GmbH', owners: [owner] });
    await db.insert(companyJurisdictions).values({ companyId, countryCode: 'FR', source: 'user' });
    ownerToken = await signIn(stripeApp, provider, owner);
  });
  afterAll(async () => {
    await stripeApp?.close();
    await manualApp?.close();
    await stripeStandIn?.close();
  });

  async function subscriptionCodesInMe(app: FastifyInstance, id: string): Promise<string[]> {
    const response = await app.inject({ method: 'GET', url: apiPaths.userMe, headers: bearer(ownerToken) });
    expect(response.statusCode).toBe(200);
    const me = userSchema.parse(response.json());
    const company = me.companies.find((item) => item.id === id);
    if (!company) throw new Error('the company is not in Me');
    return company.subscriptionCountryCodes;
  }

  /** An administrator's (or anyone's) hand change of the manual company's countries. */
  function changeManualSubscriptions(token: string, payload: { activate?: string[]; cancel?: string[] }) {
    return manualApp.inject({
      method: 'POST',
      url: apiPaths.adminCompanySubscriptions(manualCompanyId),
      headers: bearer(token),
      payload,
    });
  }

  function postWebhook(payload: string, signature: string | undefined) {
    return stripeApp.inject({
      method: 'POST',
      url: apiPaths.paymentWebhook,
      // Exactly the content type Stripe sends.
      headers: {
        'content-type': 'application/json; charset=utf-8',
        ...(signature ? { 'stripe-signature': signature } : {}),
      },
      payload,
    });
  }

  describe('with Stripe configured', () => {
    it('lists the company jurisdictions first and says payments go through Stripe', async () => {
      const response = await stripeApp.inject({
        method: 'GET',
        url: apiPaths.paymentSubscriptions(companyId),
        headers: bearer(ownerToken),
      });
      expect(response.statusCode).toBe(200);
      const body = companySubscriptionsSchema.parse(response.json());
      expect(body.paymentProvider).toBe('stripe');
      expect(body.subscriptions).toEqual([]);
      expect(body.availableCountries[0]).toEqual({ countryCode: 'FR', isJurisdiction: true, canCheckout: true });
      expect(body.availableCountries.find((country) => country.countryCode === 'IT')?.canCheckout).toBe(false);
      expect(body.availableCountries).toHaveLength(30);
    });

    it('creates a Checkout Session at Stripe with the prices, URLs and metadata, and marks the countries pending', async () => {
      const before = stripeStandIn.state.requests.length;
      const response = await stripeApp.inject({
        method: 'POST',
        url: apiPaths.paymentCheckout(companyId),
        headers: bearer(ownerToken),
        payload: { countryCodes: ['DE', 'FR'] },
      });
      expect(response.statusCode, response.body).toBe(200);
      const session = checkoutSessionSchema.parse(response.json());
      expect(session).toEqual({
        sessionId: 'cs_test_standin1',
        checkoutUrl: 'https://checkout.stripe.test/c/pay/cs_test_standin1',
      });

      const sent = stripeStandIn.state.requests.slice(before);
      expect(sent).toHaveLength(1);
      const [request] = sent;
      expect(request?.method).toBe('POST');
      expect(request?.path).toBe('/v1/checkout/sessions');
      expect(request?.authorization).toBe(`Bearer ${SECRET_KEY}`);
      const form = Object.fromEntries(request?.form ?? []);
      expect(form).toMatchObject({
        mode: 'subscription',
        'line_items[0][price]': 'price_de001',
        'line_items[0][quantity]': '1',
        'line_items[1][price]': 'price_fr001',
        'line_items[1][quantity]': '1',
        success_url: `${TEST_PUBLIC_URL}/payment/success`,
        cancel_url: `${TEST_PUBLIC_URL}/payment/cancelled`,
        client_reference_id: companyId,
        'metadata[companyId]': companyId,
        'metadata[countryCodes]': 'DE,FR',
        'subscription_data[metadata][companyId]': companyId,
        'subscription_data[metadata][countryCodes]': 'DE,FR',
      });

      const list = companySubscriptionsSchema.parse(
        (
          await stripeApp.inject({
            method: 'GET',
            url: apiPaths.paymentSubscriptions(companyId),
            headers: bearer(ownerToken),
          })
        ).json(),
      );
      expect(list.subscriptions.map((row) => [row.countryCode, row.status, row.provider])).toEqual([
        ['DE', 'pending', 'stripe'],
        ['FR', 'pending', 'stripe'],
      ]);
      // Pending is not paid: the guard still sees no subscription.
      expect(await subscriptionCodesInMe(stripeApp, companyId)).toEqual([]);
    });

    it('refuses a country without a price and reports a failing Stripe as 502', async () => {
      const unpriced = await stripeApp.inject({
        method: 'POST',
        url: apiPaths.paymentCheckout(companyId),
        headers: bearer(ownerToken),
        payload: { countryCodes: ['IT'] },
      });
      expect(unpriced.statusCode).toBe(400);
      expect(unpriced.json()).toMatchObject({ code: 'country_not_priced' });

      stripeStandIn.state.failNext = true;
      const failing = await stripeApp.inject({
        method: 'POST',
        url: apiPaths.paymentCheckout(companyId),
        headers: bearer(ownerToken),
        payload: { countryCodes: ['DE'] },
      });
      expect(failing.statusCode).toBe(502);
      expect(failing.json()).toMatchObject({ code: 'stripe_unavailable' });
    });

    it('answers 400 to a webhook with an invalid or missing signature and changes nothing', async () => {
      const payload = checkoutCompletedEvent('evt_forged_1', companyId, ['DE', 'FR'], 'sub_forged');
      const wrongSecret = await postWebhook(payload, signStripePayload(payload, 'whsec_someoneElse'));
      expect(wrongSecret.statusCode).toBe(400);
      expect(wrongSecret.json()).toMatchObject({ code: 'invalid_signature' });

      const signedOther = signStripePayload(
        checkoutCompletedEvent('evt_forged_1', companyId, ['DE'], 'sub_x'),
        WEBHOOK_SECRET,
      );
      const tampered = await postWebhook(payload, signedOther);
      expect(tampered.statusCode).toBe(400);

      const stale = await postWebhook(
        payload,
        signStripePayload(payload, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600),
      );
      expect(stale.statusCode).toBe(400);

      const unsigned = await postWebhook(payload, undefined);
      expect(unsigned.statusCode).toBe(400);

      expect(await subscriptionCodesInMe(stripeApp, companyId)).toEqual([]);
      const events = await context.database.db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.eventId, 'evt_forged_1'));
      expect(events).toEqual([]);
    });

    it('activates the countries on checkout.session.completed, audit-logged, and a replay changes nothing', async () => {
      const payload = checkoutCompletedEvent('evt_completed_1', companyId, ['DE', 'FR'], 'sub_standin1');
      const signature = signStripePayload(payload, WEBHOOK_SECRET);
      const first = await postWebhook(payload, signature);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({ received: true, duplicate: false });

      expect(await subscriptionCodesInMe(stripeApp, companyId)).toEqual(['DE', 'FR']);
      const [company] = await context.database.db.select().from(companies).where(eq(companies.id, companyId));
      expect(company?.subscriptionDate).toBe(new Date().toISOString().slice(0, 10));

      const audit = await listAuditEvents(context.database.db, {
        limit: 10,
        companyId,
        action: 'subscription_changed',
      });
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actorUserId: null, tenantId: owner.tenantId });
      expect(audit[0]?.details).toMatchObject({ change: 'activated', provider: 'stripe', countryCodes: 'DE,FR' });

      const replay = await postWebhook(payload, signature);
      expect(replay.statusCode).toBe(200);
      expect(replay.json()).toEqual({ received: true, duplicate: true });
      expect(
        await listAuditEvents(context.database.db, { limit: 10, companyId, action: 'subscription_changed' }),
      ).toHaveLength(1);
      expect(
        await context.database.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, 'evt_completed_1')),
      ).toHaveLength(1);

      const list = companySubscriptionsSchema.parse(
        (
          await stripeApp.inject({
            method: 'GET',
            url: apiPaths.paymentSubscriptions(companyId),
            headers: bearer(ownerToken),
          })
        ).json(),
      );
      expect(list.subscriptions.map((row) => [row.countryCode, row.status, row.provider])).toEqual([
        ['DE', 'active', 'stripe'],
        ['FR', 'active', 'stripe'],
      ]);
      expect(list.availableCountries.some((country) => country.countryCode === 'DE')).toBe(false);

      const again = await stripeApp.inject({
        method: 'POST',
        url: apiPaths.paymentCheckout(companyId),
        headers: bearer(ownerToken),
        payload: { countryCodes: ['DE'] },
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'already_subscribed' });
    });

    it('waits for an unpaid completion, and withdraws a pending country when its checkout expires', async () => {
      const startedAt = stripeStandIn.state.sessionCount;
      const started = await stripeApp.inject({
        method: 'POST',
        url: apiPaths.paymentCheckout(companyId),
        headers: bearer(ownerToken),
        payload: { countryCodes: ['AT'] },
      });
      expect(started.statusCode, started.body).toBe(200);
      const sessionId = `cs_test_standin${startedAt + 1}`;
      expect(checkoutSessionSchema.parse(started.json()).sessionId).toBe(sessionId);

      const unpaid = JSON.stringify({
        id: 'evt_unpaid_1',
        object: 'event',
        type: 'checkout.session.completed',
        data: {
          object: {
            id: sessionId,
            object: 'checkout.session',
            payment_status: 'unpaid',
            client_reference_id: companyId,
            metadata: { companyId, countryCodes: 'AT' },
            subscription: 'sub_unpaid',
          },
        },
      });
      expect((await postWebhook(unpaid, signStripePayload(unpaid, WEBHOOK_SECRET))).statusCode).toBe(200);
      const [unpaidEvent] = await context.database.db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.eventId, 'evt_unpaid_1'));
      expect(unpaidEvent?.outcome).toBe('awaiting_payment');
      expect(await subscriptionCodesInMe(stripeApp, companyId)).toEqual(['DE', 'FR']);

      const expired = JSON.stringify({
        id: 'evt_expired_1',
        object: 'event',
        type: 'checkout.session.expired',
        data: { object: { id: sessionId, object: 'checkout.session', status: 'expired', metadata: {} } },
      });
      expect((await postWebhook(expired, signStripePayload(expired, WEBHOOK_SECRET))).statusCode).toBe(200);
      const list = companySubscriptionsSchema.parse(
        (
          await stripeApp.inject({
            method: 'GET',
            url: apiPaths.paymentSubscriptions(companyId),
            headers: bearer(ownerToken),
          })
        ).json(),
      );
      expect(list.subscriptions.map((row) => row.countryCode)).toEqual(['DE', 'FR']);
    });

    it('cancels the countries on customer.subscription.deleted', async () => {
      const payload = subscriptionDeletedEvent('evt_deleted_1', 'sub_standin1');
      const response = await postWebhook(payload, signStripePayload(payload, WEBHOOK_SECRET));
      expect(response.statusCode).toBe(200);
      expect(await subscriptionCodesInMe(stripeApp, companyId)).toEqual([]);
      const audit = await listAuditEvents(context.database.db, {
        limit: 10,
        companyId,
        action: 'subscription_changed',
      });
      expect(audit[0]?.details).toMatchObject({ change: 'cancelled', provider: 'stripe', countryCodes: 'DE,FR' });
    });

    /**
     * A checkout for `country` that passed its check and waits for Stripe while an earlier checkout's payment for the
     * country arrives; its answer, and what was sent to Stripe from its session on. `failNext` has Stripe refuse the
     * first request after the session's.
     */
    async function checkoutWhilePaidMeanwhile(country: string, subscriptionId: string, options = { failNext: false }) {
      let letStripeAnswer = () => {};
      stripeStandIn.state.sessionsHeldUntil = new Promise<void>((resolve) => {
        letStripeAnswer = resolve;
      });
      const sent = stripeStandIn.state.requests.length;
      const checkout = stripeApp.inject({
        method: 'POST',
        url: apiPaths.paymentCheckout(companyId),
        headers: bearer(ownerToken),
        payload: { countryCodes: [country] },
      });
      try {
        await expect.poll(() => stripeStandIn.state.requests.length).toBe(sent + 1);
        stripeStandIn.state.failNext = options.failNext;
        const payload = checkoutCompletedEvent(`evt_${subscriptionId}`, companyId, [country], subscriptionId);
        expect((await postWebhook(payload, signStripePayload(payload, WEBHOOK_SECRET))).statusCode).toBe(200);
      } finally {
        stripeStandIn.state.sessionsHeldUntil = null;
        letStripeAnswer();
      }
      const answer = await checkout;
      return {
        answer,
        requests: stripeStandIn.state.requests.slice(sent).map(({ method, path }) => `${method} ${path}`),
      };
    }

    it('keeps a country paid while a second checkout for it was being created, refuses that checkout and expires its session', async () => {
      const { answer: refused, requests } = await checkoutWhilePaidMeanwhile('AT', 'sub_standin_at');
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'already_subscribed', details: { countryCodes: ['AT'] } });
      // The session never offered is ended at Stripe, so it cannot be paid there either.
      const session = `cs_test_standin${stripeStandIn.state.sessionCount}`;
      expect(requests).toEqual(['POST /v1/checkout/sessions', `POST /v1/checkout/sessions/${session}/expire`]);
      // Still paid, by the subscription that paid it: its cancellation at Stripe cancels it here.
      expect(await subscriptionCodesInMe(stripeApp, companyId)).toEqual(['AT']);
      const deleted = subscriptionDeletedEvent('evt_deleted_at', 'sub_standin_at');
      expect((await postWebhook(deleted, signStripePayload(deleted, WEBHOOK_SECRET))).statusCode).toBe(200);
      expect(await subscriptionCodesInMe(stripeApp, companyId)).toEqual([]);
    });

    it('still refuses that checkout when Stripe will not expire its session, which then expires unused', async () => {
      const { answer: refused, requests } = await checkoutWhilePaidMeanwhile('AT', 'sub_standin_at_again', {
        failNext: true,
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'already_subscribed', details: { countryCodes: ['AT'] } });
      expect(requests.at(-1)).toMatch(/^POST \/v1\/checkout\/sessions\/cs_test_standin\d+\/expire$/);
      expect(await subscriptionCodesInMe(stripeApp, companyId)).toEqual(['AT']);
      const deleted = subscriptionDeletedEvent('evt_deleted_at_again', 'sub_standin_at_again');
      expect((await postWebhook(deleted, signStripePayload(deleted, WEBHOOK_SECRET))).statusCode).toBe(200);
    });

    it('leaves a country paid through Stripe when an administrator activates it by hand at the same moment', async () => {
      const adminToken = await signIn(stripeApp, provider, admin);
      const paid = checkoutCompletedEvent('evt_completed_with_admin', companyId, ['AT'], 'sub_standin_at2');
      // Held until the payment, then the administrator's change, wait for the company's subscriptions.
      const holder = await holdInTransaction(context.database.db, (txDb) => lockSubscriptionsOf(txDb, companyId));
      let answers: Promise<{ statusCode: number; json: () => unknown }[]>;
      try {
        const webhook = postWebhook(paid, signStripePayload(paid, WEBHOOK_SECRET));
        await untilWaitingForLocks(context, 1);
        const byHand = stripeApp.inject({
          method: 'POST',
          url: apiPaths.adminCompanySubscriptions(companyId),
          headers: bearer(adminToken),
          payload: { activate: ['AT'] },
        });
        await untilWaitingForLocks(context, 2);
        answers = Promise.all([webhook, byHand]);
      } finally {
        await holder.release();
      }
      const [webhookAnswer, byHandAnswer] = await answers;
      expect(webhookAnswer?.statusCode).toBe(200);
      expect(byHandAnswer?.statusCode).toBe(200);
      // The administrator's change found the country paid, and changed nothing: it stays Stripe's, unaudited.
      const after = adminCompanySubscriptionsSchema.parse(byHandAnswer?.json());
      expect(after.subscriptions.find((row) => row.countryCode === 'AT')).toMatchObject({
        status: 'active',
        provider: 'stripe',
      });
      const changes = await listAuditEvents(context.database.db, {
        limit: 1,
        companyId,
        action: 'subscription_changed',
      });
      expect(changes[0]?.details).toMatchObject({ change: 'activated', stripeEventId: 'evt_completed_with_admin' });
      const deleted = subscriptionDeletedEvent('evt_deleted_at2', 'sub_standin_at2');
      expect((await postWebhook(deleted, signStripePayload(deleted, WEBHOOK_SECRET))).statusCode).toBe(200);
      expect(await subscriptionCodesInMe(stripeApp, companyId)).toEqual([]);
    });
  });

  describe('without Stripe (manual provider)', () => {
    let adminToken: string;
    beforeAll(async () => {
      adminToken = await signIn(manualApp, provider, admin);
    });

    it('says checkout is manual instead of pretending a payment', async () => {
      const list = companySubscriptionsSchema.parse(
        (
          await manualApp.inject({
            method: 'GET',
            url: apiPaths.paymentSubscriptions(manualCompanyId),
            headers: bearer(ownerToken),
          })
        ).json(),
      );
      expect(list.paymentProvider).toBe('manual');
      expect(list.availableCountries.every((country) => !country.canCheckout)).toBe(true);
      const response = await manualApp.inject({
        method: 'POST',
        url: apiPaths.paymentCheckout(manualCompanyId),
        headers: bearer(ownerToken),
        payload: { countryCodes: ['AT'] },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'payments_manual' });
      expect(await subscriptionCodesInMe(manualApp, manualCompanyId)).toEqual([]);
    });

    it('refuses a non-admin', async () => {
      const response = await changeManualSubscriptions(ownerToken, { activate: ['AT'] });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'admin_required' });
      expect(await subscriptionCodesInMe(manualApp, manualCompanyId)).toEqual([]);
    });

    it('lets an admin activate and cancel countries, labelled manual, audit-logged, followed by Me', async () => {
      const activated = await changeManualSubscriptions(adminToken, { activate: ['AT', 'DE'] });
      expect(activated.statusCode, activated.body).toBe(200);
      const view = adminCompanySubscriptionsSchema.parse(activated.json());
      expect(view.subscriptionCountryCodes).toEqual(['AT', 'DE']);
      expect(view.subscriptions.map((row) => [row.countryCode, row.status, row.provider])).toEqual([
        ['AT', 'active', 'manual'],
        ['DE', 'active', 'manual'],
      ]);
      expect(await subscriptionCodesInMe(manualApp, manualCompanyId)).toEqual(['AT', 'DE']);

      const audit = await listAuditEvents(context.database.db, {
        limit: 10,
        companyId: manualCompanyId,
        action: 'subscription_changed',
      });
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        actorUserId: admin.id,
        tenantId: admin.tenantId,
        details: { provider: 'manual', activated: 'AT,DE' },
      });

      const search = adminSubscriptionListSchema.parse(
        (
          await manualApp.inject({
            method: 'GET',
            url: apiPaths.adminSubscriptions({ search: 'payments manual' }),
            headers: bearer(adminToken),
          })
        ).json(),
      );
      expect(search.paymentProvider).toBe('manual');
      expect(search.items.map((item) => [item.companyId, item.subscriptionCountryCodes])).toEqual([
        [manualCompanyId, ['AT', 'DE']],
      ]);

      const cancelled = await changeManualSubscriptions(adminToken, { cancel: ['AT'] });
      expect(cancelled.statusCode).toBe(200);
      expect(adminCompanySubscriptionsSchema.parse(cancelled.json()).subscriptions[0]).toMatchObject({
        countryCode: 'AT',
        status: 'cancelled',
      });
      expect(await subscriptionCodesInMe(manualApp, manualCompanyId)).toEqual(['DE']);
    });

    it('answers 404 for an unknown company and 400 for an unknown country', async () => {
      const unknown = await manualApp.inject({
        method: 'POST',
        url: apiPaths.adminCompanySubscriptions('00000000-0000-4000-8000-000000000000'),
        headers: bearer(adminToken),
        payload: { activate: ['AT'] },
      });
      expect(unknown.statusCode).toBe(404);
      const badCountry = await changeManualSubscriptions(adminToken, { activate: ['US'] });
      expect(badCountry.statusCode).toBe(400);
      expect(badCountry.json()).toMatchObject({ code: 'validation_error' });
    });

    it('refuses to cancel a Stripe-paid country by hand', async () => {
      // The Stripe company's DE was bought and cancelled above; buy it again through the webhook.
      const payload = checkoutCompletedEvent('evt_completed_2', companyId, ['DE'], 'sub_standin2');
      expect((await postWebhook(payload, signStripePayload(payload, WEBHOOK_SECRET))).statusCode).toBe(200);
      const response = await manualApp.inject({
        method: 'POST',
        url: apiPaths.adminCompanySubscriptions(companyId),
        headers: bearer(adminToken),
        payload: { cancel: ['DE'] },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'stripe_subscription' });
      expect(await subscriptionCodesInMe(stripeApp, companyId)).toEqual(['DE']);
    });
  });
});
