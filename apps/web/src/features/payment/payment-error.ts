import { useTranslation } from 'react-i18next';
import { useCountryName } from '../../lib/format/use-country-name';
import { isHttpError } from '../../lib/http/http-error';
import { type MessageRef, message } from '../../lib/i18n/message';

/**
 * What a failed payments call means for the person, in their language: the API's English `message` is for logs and
 * API clients, its `code` (and the countries in `details`) is what the screen translates. An unknown code still
 * names itself, so support can tell what happened.
 */
export function describePaymentError(error: unknown, countryName: (code: string) => string): MessageRef {
  if (!isHttpError(error)) return message('payment.errors.unexpected', { code: 'client' });
  if (error.kind === 'network') return message('errors.network');
  if (error.kind === 'timeout') return message('payment.errors.timeout');
  const countries = countriesOf(error.details).map(countryName).join(', ');
  switch (error.code) {
    case 'already_subscribed':
      return message('payment.errors.alreadySubscribed', { countries });
    case 'country_not_priced':
      return message('payment.errors.countryNotPriced', { countries });
    case 'stripe_subscription':
      return message('payment.errors.paidThroughStripe', { countries });
    case 'stripe_unavailable':
      return message('payment.errors.stripeUnavailable');
    case 'payments_manual':
      return message('payment.errors.manual');
    default:
      if (error.status === 403) return message('errors.accessDenied');
      return message('payment.errors.unexpected', { code: error.code || String(error.status) });
  }
}

function countriesOf(details: unknown): string[] {
  const codes = (details as { countryCodes?: unknown } | null)?.countryCodes;
  return Array.isArray(codes) ? codes.filter((code): code is string => typeof code === 'string') : [];
}

/** `describePaymentError` as text in the UI language, country names included. */
export function usePaymentErrorText(): (error: unknown) => string {
  const { t } = useTranslation();
  const countryName = useCountryName();
  return (error) => {
    const ref = describePaymentError(error, countryName);
    return t(ref.key, ref.values);
  };
}
