import type {
  AdminCompanySubscriptions,
  AdminSubscriptionList,
  CheckoutSession,
  CompanySubscriptions,
  PaymentProvider,
  SubscribableCountry,
} from '@vatlas/contract';
import { COUNTRY_CODES } from '@vatlas/domain';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { PaymentSettings } from '../../config';
import type { Db } from '../../db/client';
import { HttpError } from '../../plugins/errors';
import { recordAuditEvent } from '../audit/repository';
import {
  type CompanySummaryRow,
  cancelSubscriptions,
  claimPaymentEvent,
  findCompanySummary,
  listJurisdictionCodes,
  listSubscriptionRows,
  lockSubscriptionsOf,
  searchCompanies,
  setPaymentEventOutcome,
  syncSubscriptionCountryCodes,
  toSubscription,
  upsertSubscriptions,
  withdrawPendingCheckout,
} from './repository';
import { StripeCheckoutError } from './stripe-checkout-error';
import type { StripeGateway } from './stripe-gateway';

export type PaymentDeps = {
  db: Db;
  payments: PaymentSettings;
  /** Null when payments are manual. */
  stripe: StripeGateway | null;
  publicUrl: string;
  now?: () => Date;
  /** Where a failure that does not fail the request is told (a refused checkout's session left open at Stripe). */
  log?: Pick<FastifyBaseLogger, 'warn'>;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ADMIN_SEARCH_LIMIT = 25;

export const SPA_PAYMENT_SUCCESS_PATH = '/payment/success';
export const SPA_PAYMENT_CANCELLED_PATH = '/payment/cancelled';

function priceOf(payments: PaymentSettings, countryCode: string): string | undefined {
  return payments.provider === 'stripe' ? payments.stripe.priceIds[countryCode] : undefined;
}

export async function getCompanySubscriptions(deps: PaymentDeps, companyId: string): Promise<CompanySubscriptions> {
  const [rows, jurisdictions] = await Promise.all([
    listSubscriptionRows(deps.db, [companyId]),
    listJurisdictionCodes(deps.db, companyId),
  ]);
  const subscriptions = rows.map(toSubscription);
  const active = new Set(subscriptions.filter((row) => row.status === 'active').map((row) => row.countryCode));
  const jurisdictionSet = new Set(jurisdictions);
  const availableCountries: SubscribableCountry[] = COUNTRY_CODES.filter((code) => !active.has(code))
    .map((countryCode) => ({
      countryCode,
      isJurisdiction: jurisdictionSet.has(countryCode),
      canCheckout: priceOf(deps.payments, countryCode) !== undefined,
    }))
    // Stable: the jurisdictions first, each group in the order of COUNTRY_CODES.
    .sort((a, b) => Number(b.isJurisdiction) - Number(a.isJurisdiction));
  return {
    companyId,
    paymentProvider: deps.payments.provider,
    subscriptions,
    subscriptionCountryCodes: [...active].sort(),
    availableCountries,
  };
}

const alreadySubscribed = (countryCodes: string[]) =>
  new HttpError(409, 'already_subscribed', `Already subscribed: ${countryCodes.join(', ')}.`, { countryCodes });

/**
 * Starts a Stripe Checkout Session for the countries and marks them pending. Without Stripe there is nothing to
 * pay here: the answer says that an administrator activates subscriptions (never a pretended success).
 */
export async function startCheckout(
  deps: PaymentDeps,
  input: { companyId: string; userId: string; userEmail: string | null; countryCodes: string[] },
): Promise<CheckoutSession> {
  if (deps.payments.provider !== 'stripe' || !deps.stripe) {
    throw new HttpError(
      409,
      'payments_manual',
      'Payments are not taken online on this Vatlas server: an administrator activates subscriptions. ' +
        'Ask your administrator or support to activate the countries you need.',
    );
  }
  const rows = await listSubscriptionRows(deps.db, [input.companyId]);
  const alreadyActive = input.countryCodes.filter((code) =>
    rows.some((row) => row.countryCode.trim() === code && row.status === 'active'),
  );
  if (alreadyActive.length > 0) throw alreadySubscribed(alreadyActive);
  const withoutPrice = input.countryCodes.filter((code) => priceOf(deps.payments, code) === undefined);
  if (withoutPrice.length > 0) {
    throw new HttpError(
      400,
      'country_not_priced',
      `No price is configured for ${withoutPrice.join(', ')}; these countries cannot be bought online.`,
      { countryCodes: withoutPrice },
    );
  }
  let session: { id: string; url: string };
  try {
    session = await deps.stripe.createCheckoutSession({
      priceIds: input.countryCodes.map((code) => priceOf(deps.payments, code) as string),
      successUrl: `${deps.publicUrl}${SPA_PAYMENT_SUCCESS_PATH}`,
      cancelUrl: `${deps.publicUrl}${SPA_PAYMENT_CANCELLED_PATH}`,
      companyId: input.companyId,
      countryCodes: input.countryCodes,
      customerEmail: input.userEmail,
    });
  } catch (error) {
    if (error instanceof StripeCheckoutError) {
      throw new HttpError(502, 'stripe_unavailable', 'Stripe could not start the checkout. Please try again later.');
    }
    throw error;
  }
  const now = deps.now?.() ?? new Date();
  try {
    await markCheckoutPending(deps.db, input, session.id, now);
  } catch (error) {
    await expireRefusedSession(deps, session.id);
    throw error;
  }
  return { checkoutUrl: session.url, sessionId: session.id };
}

/**
 * A session made for a checkout that was then refused is never offered; it is expired at Stripe at once, so nobody
 * pays it from Stripe's side (a link Stripe mailed, say). Should Stripe refuse that, the session expires unused after
 * 24 hours, and the refusal stands.
 */
async function expireRefusedSession(deps: PaymentDeps, sessionId: string): Promise<void> {
  try {
    await deps.stripe?.expireCheckoutSession(sessionId);
  } catch (error) {
    if (!(error instanceof StripeCheckoutError)) throw error;
    deps.log?.warn({ sessionId, reason: error.message }, 'a refused checkout session could not be expired at Stripe');
  }
}

/** The countries pending under the session, in one transaction; 409 when one was paid while Stripe made it. */
async function markCheckoutPending(
  db: Db,
  input: { companyId: string; countryCodes: string[] },
  sessionId: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const pending = await upsertSubscriptions(
      txDb,
      input.countryCodes.map((countryCode) => ({
        companyId: input.companyId,
        countryCode,
        status: 'pending',
        provider: 'stripe',
        providerReference: sessionId,
        activatedByUserId: null,
      })),
      now,
    );
    // A payment for a country (an earlier checkout's, or an administrator's activation) arrived while Stripe made this
    // session: it stays active, and the session is not offered, as if it had come first.
    const paidMeanwhile = input.countryCodes.filter((code) => !pending.includes(code));
    if (paidMeanwhile.length > 0) throw alreadySubscribed(paidMeanwhile);
  });
}

type WebhookOutcome = { duplicate: boolean };

function readCheckoutTarget(session: Stripe.Checkout.Session): { companyId: string; countryCodes: string[] } | null {
  const companyId = session.client_reference_id ?? session.metadata?.companyId ?? '';
  const countryCodes = (session.metadata?.countryCodes ?? '')
    .split(',')
    .map((code) => code.trim())
    .filter((code) => COUNTRY_CODES.includes(code));
  if (!UUID.test(companyId) || countryCodes.length === 0) return null;
  return { companyId, countryCodes };
}

/**
 * Verifies a Stripe webhook delivery and applies it once. The event id is claimed in the same transaction as the
 * effect: a redelivery (Stripe retries until it gets a 2xx) finds it claimed and changes nothing.
 */
export async function handleStripeWebhook(
  deps: PaymentDeps,
  rawBody: Buffer,
  signatureHeader: string | undefined,
): Promise<WebhookOutcome> {
  if (deps.payments.provider !== 'stripe' || !deps.stripe) {
    throw new HttpError(503, 'payments_not_configured', 'Stripe is not configured on this server.');
  }
  if (!signatureHeader) throw new HttpError(400, 'invalid_signature', 'The Stripe-Signature header is missing.');
  let event: Stripe.Event;
  try {
    event = deps.stripe.verifyEvent(rawBody, signatureHeader);
  } catch {
    throw new HttpError(400, 'invalid_signature', 'The Stripe-Signature does not match this payload and secret.');
  }
  const now = deps.now?.() ?? new Date();
  return deps.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const isFirst = await claimPaymentEvent(db, { eventId: event.id, provider: 'stripe', type: event.type });
    if (!isFirst) return { duplicate: true };
    const outcome = await applyStripeEvent(db, event, now);
    if (outcome !== 'applied') await setPaymentEventOutcome(db, event.id, outcome);
    return { duplicate: false };
  });
}

async function applyStripeEvent(db: Db, event: Stripe.Event, now: Date): Promise<string> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      // A delayed payment method completes the session unpaid; async_payment_succeeded follows once it is paid.
      if (event.type === 'checkout.session.completed' && session.payment_status === 'unpaid') return 'awaiting_payment';
      const target = readCheckoutTarget(session);
      if (!target) return 'no_company_in_metadata';
      const company = await findCompanySummary(db, target.companyId);
      if (!company) return 'unknown_company';
      await lockSubscriptionsOf(db, target.companyId);
      const reference =
        typeof session.subscription === 'string' ? session.subscription : (session.subscription?.id ?? session.id);
      await upsertSubscriptions(
        db,
        target.countryCodes.map((countryCode) => ({
          companyId: target.companyId,
          countryCode,
          status: 'active',
          provider: 'stripe',
          providerReference: reference,
          activatedByUserId: null,
        })),
        now,
      );
      await syncSubscriptionCountryCodes(db, target.companyId);
      await recordAuditEvent(db, {
        action: 'subscription_changed',
        tenantId: company.tenantId,
        companyId: target.companyId,
        targetType: 'company',
        targetId: target.companyId,
        details: {
          change: 'activated',
          provider: 'stripe',
          countryCodes: target.countryCodes.join(','),
          stripeEventId: event.id,
        },
      });
      return 'applied';
    }
    case 'checkout.session.expired': {
      const withdrawn = await withdrawPendingCheckout(db, event.data.object.id, now);
      const companyIds = [...new Set(withdrawn.map((row) => row.companyId))];
      for (const companyId of companyIds) await syncSubscriptionCountryCodes(db, companyId);
      return withdrawn.length > 0 ? 'applied' : 'nothing_pending';
    }
    case 'customer.subscription.deleted': {
      const cancelled = await cancelSubscriptions(db, { providerReference: event.data.object.id }, now);
      const companyIds = [...new Set(cancelled.map((row) => row.companyId))];
      for (const companyId of companyIds) {
        await syncSubscriptionCountryCodes(db, companyId);
        await recordAuditEvent(db, {
          action: 'subscription_changed',
          tenantId: (await findCompanySummary(db, companyId))?.tenantId ?? null,
          companyId,
          targetType: 'company',
          targetId: companyId,
          details: {
            change: 'cancelled',
            provider: 'stripe',
            countryCodes: cancelled
              .filter((row) => row.companyId === companyId)
              .map((row) => row.countryCode.trim())
              .join(','),
            stripeEventId: event.id,
          },
        });
      }
      return cancelled.length > 0 ? 'applied' : 'no_active_subscription';
    }
    default:
      return 'ignored_type';
  }
}

async function toAdminView(db: Db, companies: CompanySummaryRow[]): Promise<AdminCompanySubscriptions[]> {
  const rows = await listSubscriptionRows(
    db,
    companies.map((company) => company.id),
  );
  return companies.map((company) => ({
    companyId: company.id,
    legalNameOfBusiness: company.legalNameOfBusiness,
    tenantId: company.tenantId,
    establishmentCountryCode: company.establishmentCountryCode?.trim() ?? null,
    subscriptions: rows.filter((row) => row.companyId === company.id).map(toSubscription),
    subscriptionCountryCodes: company.subscriptionCountryCodes,
  }));
}

export async function searchCompanySubscriptions(
  deps: Pick<PaymentDeps, 'db' | 'payments'>,
  search: string | undefined,
): Promise<AdminSubscriptionList> {
  const companies = await searchCompanies(deps.db, search === '' ? undefined : search, ADMIN_SEARCH_LIMIT);
  return { paymentProvider: deps.payments.provider, items: await toAdminView(deps.db, companies) };
}

/**
 * An administrator activates or cancels countries by hand (the manual provider). A country bought through Stripe is
 * not cancelled here: Stripe would go on charging, so it must be cancelled in Stripe (whose webhook then cancels it).
 */
export async function changeSubscriptionsManually(
  deps: Pick<PaymentDeps, 'db' | 'now'>,
  input: { companyId: string; adminUserId: string; activate: string[]; cancel: string[] },
): Promise<AdminCompanySubscriptions> {
  const target = UUID.test(input.companyId) ? await findCompanySummary(deps.db, input.companyId) : null;
  if (!target) throw new HttpError(404, 'company_not_found', 'There is no company with this id.');
  const now = deps.now?.() ?? new Date();
  await deps.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    // Read under the company's lock: a Stripe payment that arrived meanwhile is seen, not overwritten as manual.
    await lockSubscriptionsOf(db, input.companyId);
    const rows = await listSubscriptionRows(db, [input.companyId]);
    const current = (code: string) => rows.find((row) => row.countryCode.trim() === code);
    const paidThroughStripe = input.cancel.filter((code) => {
      const row = current(code);
      return row?.status === 'active' && row.provider === 'stripe';
    });
    if (paidThroughStripe.length > 0) {
      throw new HttpError(
        409,
        'stripe_subscription',
        `${paidThroughStripe.join(', ')} ${paidThroughStripe.length === 1 ? 'is' : 'are'} paid through Stripe: ` +
          'cancel the subscription in Stripe, which then cancels it here.',
        { countryCodes: paidThroughStripe },
      );
    }
    const toActivate = input.activate.filter((code) => current(code)?.status !== 'active');
    await upsertSubscriptions(
      db,
      toActivate.map((countryCode) => ({
        companyId: input.companyId,
        countryCode,
        status: 'active',
        provider: 'manual' as PaymentProvider,
        providerReference: null,
        activatedByUserId: input.adminUserId,
      })),
      now,
    );
    const cancelled = input.cancel.length
      ? await cancelSubscriptions(db, { companyId: input.companyId, countryCodes: input.cancel }, now)
      : [];
    await syncSubscriptionCountryCodes(db, input.companyId);
    if (toActivate.length > 0 || cancelled.length > 0) {
      await recordAuditEvent(db, {
        action: 'subscription_changed',
        actorUserId: input.adminUserId,
        tenantId: target.tenantId,
        companyId: input.companyId,
        targetType: 'company',
        targetId: input.companyId,
        details: {
          change: 'manual',
          provider: 'manual',
          activated: toActivate.join(','),
          cancelled: cancelled.map((row) => row.countryCode.trim()).join(','),
        },
      });
    }
  });
  const company = await findCompanySummary(deps.db, input.companyId);
  if (!company) throw new HttpError(404, 'company_not_found', 'There is no company with this id.');
  const [view] = await toAdminView(deps.db, [company]);
  if (!view) throw new Error('the company view was not built');
  return view;
}
