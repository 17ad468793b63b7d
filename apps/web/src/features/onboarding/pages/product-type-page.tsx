import { marketplaceSchema, productTypeSchema, salesChannelSchema } from '@vatlas/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isOnboardingLoading, useOnboarding } from '../api/get-onboarding';
import { productTypeRequestSchema, useSaveProductType } from '../api/save-product-type';
import { type FieldErrors, fieldErrorsFromApi, fieldErrorsFromZod, toErrorSummary } from '../components/form-errors';
import { CheckboxGroup } from '../components/form-fields';
import { OnboardingLayout, OnboardingPageLoading, useFlowNavigation } from '../components/onboarding-layout';

const PATH = '/onboarding/product-type';
const FORM_ID = 'product-type-form';
const FIELDS = ['productTypes', 'salesChannels', 'marketplaces'];

export type ProductTypeValues = { productTypes: string[]; salesChannels: string[]; marketplaces: string[] };

export function validateProductType(values: ProductTypeValues): FieldErrors {
  const parsed = productTypeRequestSchema.safeParse(values);
  return parsed.success ? {} : fieldErrorsFromZod(parsed.error);
}

function ProductTypeForm({ initial }: { initial: ProductTypeValues }) {
  const { t } = useTranslation();
  const flow = useFlowNavigation(PATH);
  const save = useSaveProductType();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const message = (field: string) => (errors[field] ? t(`onboarding.productType.errors.${field}`) : undefined);
  const sellsOnMarketplaces = values.salesChannels.includes('marketplaces');

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    // Marketplaces only count with the marketplaces channel; unticking the channel drops them.
    const body = { ...values, marketplaces: sellsOnMarketplaces ? values.marketplaces : [] };
    const found = validateProductType(body);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await save.mutateAsync(body as Parameters<typeof save.mutateAsync>[0]);
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
    (field) =>
      `${field}-${field === 'productTypes' ? 'physical-goods' : field === 'salesChannels' ? 'own-webshop' : 'amazon'}`,
  );

  return (
    <OnboardingLayout
      path={PATH}
      title={t('pages.onboarding.productType.title')}
      description={t('onboarding.productType.description')}
      formId={FORM_ID}
      isSaving={save.isPending}
      errors={formError ? [...summary, { message: formError }] : summary}
    >
      <form id={FORM_ID} noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
        <CheckboxGroup
          id="productTypes"
          legend={t('onboarding.productType.productTypes')}
          hint={t('onboarding.productType.productTypesHint')}
          options={productTypeSchema.options.map((value) => ({
            value,
            label: t(`onboarding.productType.products.${value}`),
          }))}
          values={values.productTypes}
          onChange={(productTypes) => setValues((current) => ({ ...current, productTypes }))}
          error={message('productTypes')}
        />
        <CheckboxGroup
          id="salesChannels"
          legend={t('onboarding.productType.salesChannels')}
          options={salesChannelSchema.options.map((value) => ({
            value,
            label: t(`onboarding.productType.channels.${value}`),
          }))}
          values={values.salesChannels}
          onChange={(salesChannels) => setValues((current) => ({ ...current, salesChannels }))}
          error={message('salesChannels')}
        />
        {sellsOnMarketplaces ? (
          <CheckboxGroup
            id="marketplaces"
            legend={t('onboarding.productType.marketplaces')}
            options={marketplaceSchema.options.map((value) => ({
              value,
              label: t(`onboarding.productType.marketplaceNames.${value}`),
            }))}
            values={values.marketplaces}
            onChange={(marketplaces) => setValues((current) => ({ ...current, marketplaces }))}
            error={message('marketplaces')}
          />
        ) : null}
      </form>
    </OnboardingLayout>
  );
}

export function ProductTypePage() {
  const { t } = useTranslation();
  const onboarding = useOnboarding();
  if (isOnboardingLoading(onboarding)) {
    return <OnboardingPageLoading path={PATH} title={t('pages.onboarding.productType.title')} />;
  }
  const saved = onboarding.data?.productType;
  return (
    <ProductTypeForm
      key={onboarding.data?.companyId ?? 'none'}
      initial={{
        productTypes: [...(saved?.productTypes ?? [])],
        salesChannels: [...(saved?.salesChannels ?? [])],
        marketplaces: [...(saved?.marketplaces ?? [])],
      }}
    />
  );
}
