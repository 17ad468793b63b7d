import { checkPostcode, isPlaceholderCity, postcodeExampleFor } from '@vatlas/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClientConfig } from '../../../lib/config/client-config';
import type { SuggestedAddress } from '../api/get-address-suggestion';
import { isOnboardingLoading, useOnboarding } from '../api/get-onboarding';
import { addressRequestSchema, useSaveAddress } from '../api/save-address';
import { type FieldErrors, fieldErrorsFromApi, fieldErrorsFromZod, toErrorSummary } from '../components/form-errors';
import { TextField } from '../components/form-fields';
import { OnboardingLayout, OnboardingPageLoading, useFlowNavigation } from '../components/onboarding-layout';
import { StreetCombobox } from '../components/street-combobox';

const PATH = '/onboarding/business-address';
const FORM_ID = 'business-address-form';
const FIELDS = ['street', 'houseNumber', 'zipCode', 'city', 'state'];

export type AddressValues = { street: string; houseNumber: string; zipCode: string; city: string; state: string };

/** Field → reason ('required', 'format', …); the postcode is checked for the establishment country. */
export function validateAddress(values: AddressValues, countryCode: string | null): FieldErrors {
  const parsed = addressRequestSchema.safeParse(values);
  const errors = parsed.success ? {} : fieldErrorsFromZod(parsed.error);
  if (!errors.zipCode) {
    const check = checkPostcode(countryCode, values.zipCode);
    if (!check.isValid || values.zipCode.trim() === '00000') errors.zipCode = 'format';
  }
  if (!errors.city && isPlaceholderCity(values.city.trim())) errors.city = 'required';
  return errors;
}

function AddressForm({ initial, countryCode }: { initial: AddressValues; countryCode: string | null }) {
  const { t, i18n } = useTranslation();
  const flow = useFlowNavigation(PATH);
  const save = useSaveAddress();
  // Suggestions only when the server has a Places key; without one the street is the plain field it always was.
  const hasSuggestions = Boolean(useClientConfig().data?.features.addressSuggestions);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const example = postcodeExampleFor(countryCode);
  const countryName = countryCode
    ? (new Intl.DisplayNames([i18n.language], { type: 'region' }).of(countryCode) ?? countryCode)
    : null;

  const set = (key: keyof AddressValues, value: string) => setValues((current) => ({ ...current, [key]: value }));
  // A chosen suggestion replaces the whole address, so no part of an earlier one survives beside it.
  const fill = (address: SuggestedAddress) =>
    setValues((current) => ({
      street: address.street ?? current.street,
      houseNumber: address.houseNumber ?? '',
      zipCode: address.zipCode ?? '',
      city: address.city ?? '',
      state: address.state ?? '',
    }));
  const message = (field: string) => {
    if (!errors[field]) return undefined;
    if (field === 'zipCode' && example) return t('onboarding.businessAddress.errors.zipCodeFormat', { example });
    return t(`onboarding.businessAddress.errors.${field}`);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const found = validateAddress(values, countryCode);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await save.mutateAsync({
        street: values.street,
        houseNumber: values.houseNumber || null,
        zipCode: values.zipCode,
        city: values.city,
        state: values.state || null,
      });
      flow.goNext();
    } catch (error) {
      const fromApi = fieldErrorsFromApi(error);
      if (fromApi) setErrors(fromApi);
      else setFormError(t('onboarding.layout.saveFailed'));
    }
  };

  const summary = toErrorSummary(
    Object.fromEntries(Object.keys(errors).map((field) => [field, message(field) ?? ''])),
    FIELDS,
  );

  return (
    <OnboardingLayout
      path={PATH}
      title={t('pages.onboarding.businessAddress.title')}
      description={
        countryName
          ? t('onboarding.businessAddress.descriptionWithCountry', { country: countryName })
          : t('onboarding.businessAddress.description')
      }
      formId={FORM_ID}
      isSaving={save.isPending}
      errors={formError ? [...summary, { message: formError }] : summary}
    >
      <form id={FORM_ID} noValidate onSubmit={onSubmit} className="grid gap-5 md:grid-cols-6">
        {hasSuggestions ? (
          <StreetCombobox
            id="street"
            label={t('onboarding.businessAddress.street')}
            value={values.street}
            onChange={(value) => set('street', value)}
            onAddressChosen={fill}
            error={message('street')}
            countryCode={countryCode}
            className="md:col-span-4"
          />
        ) : (
          <TextField
            id="street"
            label={t('onboarding.businessAddress.street')}
            autoComplete="address-line1"
            value={values.street}
            onChange={(value) => set('street', value)}
            error={message('street')}
            className="md:col-span-4"
          />
        )}
        <TextField
          id="houseNumber"
          label={t('onboarding.businessAddress.houseNumber')}
          isOptional
          value={values.houseNumber}
          onChange={(value) => set('houseNumber', value)}
          error={message('houseNumber')}
          className="md:col-span-2"
        />
        <TextField
          id="zipCode"
          label={t('onboarding.businessAddress.zipCode')}
          hint={example ? t('onboarding.businessAddress.zipCodeHint', { example }) : undefined}
          autoComplete="postal-code"
          value={values.zipCode}
          onChange={(value) => set('zipCode', value)}
          error={message('zipCode')}
          className="md:col-span-2"
        />
        <TextField
          id="city"
          label={t('onboarding.businessAddress.city')}
          autoComplete="address-level2"
          value={values.city}
          onChange={(value) => set('city', value)}
          error={message('city')}
          className="md:col-span-4"
        />
        <TextField
          id="state"
          label={t('onboarding.businessAddress.state')}
          isOptional
          autoComplete="address-level1"
          value={values.state}
          onChange={(value) => set('state', value)}
          error={message('state')}
          className="md:col-span-6"
        />
      </form>
    </OnboardingLayout>
  );
}

export function BusinessAddressPage() {
  const { t } = useTranslation();
  const onboarding = useOnboarding();
  if (isOnboardingLoading(onboarding)) {
    return <OnboardingPageLoading path={PATH} title={t('pages.onboarding.businessAddress.title')} />;
  }
  const saved = onboarding.data?.address;
  const initial: AddressValues = {
    street: saved?.street ?? '',
    houseNumber: saved?.houseNumber ?? '',
    zipCode: saved?.zipCode ?? '',
    city: saved?.city ?? '',
    state: saved?.state ?? '',
  };
  return (
    <AddressForm
      key={onboarding.data?.companyId ?? 'none'}
      initial={initial}
      countryCode={onboarding.data?.businessType.establishmentCountryCode ?? null}
    />
  );
}
