import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http/http-error';
import { createTestI18n } from '../../test/test-i18n';
import { describePaymentError } from './payment-error';

const names: Record<string, string> = { DE: 'Germany', FR: 'France' };
const countryName = (code: string) => names[code] ?? code;

const apiError = (status: number, code: string, details?: unknown) =>
  new HttpError({ kind: 'http', status, code, message: 'English text of the API', details });

describe('describePaymentError', () => {
  it('names the countries already subscribed, not the API text', () => {
    const ref = describePaymentError(apiError(409, 'already_subscribed', { countryCodes: ['DE', 'FR'] }), countryName);
    expect(ref).toEqual({ key: 'payment.errors.alreadySubscribed', values: { countries: 'Germany, France' } });
  });

  it.each([
    ['country_not_priced', 'payment.errors.countryNotPriced'],
    ['stripe_subscription', 'payment.errors.paidThroughStripe'],
    ['stripe_unavailable', 'payment.errors.stripeUnavailable'],
    ['payments_manual', 'payment.errors.manual'],
  ])('translates %s', (code, key) => {
    expect(describePaymentError(apiError(409, code, { countryCodes: ['FR'] }), countryName).key).toBe(key);
  });

  it('tells a network failure and a timeout apart from an answer', () => {
    const network = new HttpError({ kind: 'network', code: 'network', message: 'offline' });
    const timeout = new HttpError({ kind: 'timeout', code: 'timeout', message: 'slow' });
    expect(describePaymentError(network, countryName).key).toBe('errors.network');
    expect(describePaymentError(timeout, countryName).key).toBe('payment.errors.timeout');
  });

  it('names an unknown code so support can tell what happened', () => {
    expect(describePaymentError(apiError(500, 'internal_error'), countryName)).toEqual({
      key: 'payment.errors.unexpected',
      values: { code: 'internal_error' },
    });
  });

  it('reads in German with the country names filled in', () => {
    const i18n = createTestI18n('de');
    const ref = describePaymentError(
      apiError(409, 'already_subscribed', { countryCodes: ['DE'] }),
      () => 'Deutschland',
    );
    expect(i18n.t(ref.key, ref.values)).toBe('Deutschland ist bereits abonniert.');
  });
});
