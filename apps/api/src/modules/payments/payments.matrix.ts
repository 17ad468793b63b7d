import { apiPaths } from '@vatlas/contract';
import {
  expectAdminOnly,
  expectCompanyScoped,
  expectPublic,
  type MatrixEntry,
  withToken,
} from '../../test/authorization-matrix';

// The matrix app runs without STRIPE_SECRET_KEY (manual payments). Checkout then answers 409 payments_manual and the
// webhook 503 payments_not_configured — both from the handler, after the guard. Both are tested with Stripe
// configured (against a stand-in of Stripe's API) in payments.integration-test.ts.
const MANUAL = 'STRIPE_SECRET_KEY is unset in the matrix app: 409 payments_manual comes after the guard';
const WEBHOOK_UNCONFIGURED = 'STRIPE_SECRET_KEY is unset in the matrix app: 503 payments_not_configured';

export const matrixEntries: MatrixEntry[] = [
  {
    route: 'GET /api/v1/Payment/:companyId/Subscriptions',
    scope: 'company',
    build: (context) => withToken(context, { method: 'GET', url: apiPaths.paymentSubscriptions(context.companyId) }),
    expected: expectCompanyScoped(200),
  },
  {
    route: 'POST /api/v1/Payment/:companyId/Checkout',
    scope: 'company',
    build: (context) =>
      withToken(context, {
        method: 'POST',
        url: apiPaths.paymentCheckout(context.companyId),
        payload: { countryCodes: ['DE'] },
      }),
    expected: expectCompanyScoped(409),
    memberOutcomeNot2xx: MANUAL,
  },
  {
    route: 'POST /api/v1/Payment/Webhook',
    scope: 'public',
    build: (context) =>
      withToken(context, {
        method: 'POST',
        url: apiPaths.paymentWebhook,
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
        payload: JSON.stringify({ id: 'evt_matrix', type: 'checkout.session.completed' }),
      }),
    expected: expectPublic(503),
    memberOutcomeNot2xx: WEBHOOK_UNCONFIGURED,
  },
  {
    route: 'GET /api/v1/Admin/Subscriptions',
    scope: 'admin',
    build: (context) => withToken(context, { method: 'GET', url: apiPaths.adminSubscriptions({ search: 'Matrix' }) }),
    expected: expectAdminOnly(200),
  },
  {
    route: 'POST /api/v1/Admin/Subscriptions/:companyId',
    scope: 'admin',
    build: (context) =>
      withToken(context, {
        method: 'POST',
        url: apiPaths.adminCompanySubscriptions(context.companyId),
        payload: { activate: ['DE'] },
      }),
    expected: expectAdminOnly(200),
  },
];
