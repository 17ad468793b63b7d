import type { QuestionnaireAnswersBody, QuestionnaireResponse } from '@vatlas/contract';
import { AMOUNT_PATTERN, COUNTRY_CODES, MARKETPLACE_DEEMED_SUPPLIER_SHARES } from '@vatlas/domain';

/**
 * The questionnaire as the form holds it: every input a string, so a half-typed amount is kept as typed. It turns
 * into the contract's answers only through `validateQuestionnaire`, which names each invalid field.
 */
export type QuestionnaireFormValues = {
  establishmentCountryCode: string;
  ownWarehouseCountries: string[];
  fulfilmentCenterCountries: string[];
  euCurrentYear: string;
  euPreviousYear: string;
  marketplaceDeemedSupplier: string;
  hasLowValueImports: '' | 'yes' | 'no';
  ukSales: string;
  swissSales: string;
  worldwideTurnover: string;
  norwaySales: string;
};

export type QuestionnaireField = keyof QuestionnaireFormValues;

/** Field order of the form, for the error summary. */
export const QUESTIONNAIRE_FIELDS: readonly QuestionnaireField[] = [
  'establishmentCountryCode',
  'ownWarehouseCountries',
  'fulfilmentCenterCountries',
  'euCurrentYear',
  'euPreviousYear',
  'marketplaceDeemedSupplier',
  'hasLowValueImports',
  'ukSales',
  'swissSales',
  'worldwideTurnover',
  'norwaySales',
];

/** Error keys under onboarding.assessment.errors. */
export type QuestionnaireErrorKey = 'required' | 'amount' | 'country' | 'choose' | 'turnoverBelowSales';
export type QuestionnaireErrors = Partial<Record<QuestionnaireField, QuestionnaireErrorKey>>;

export function emptyQuestionnaireForm(establishmentCountryCode = ''): QuestionnaireFormValues {
  return {
    establishmentCountryCode,
    ownWarehouseCountries: [],
    fulfilmentCenterCountries: [],
    euCurrentYear: '0',
    euPreviousYear: '0',
    marketplaceDeemedSupplier: '',
    hasLowValueImports: '',
    ukSales: '0',
    swissSales: '0',
    worldwideTurnover: '0',
    norwaySales: '0',
  };
}

export function formFromAnswers(answers: NonNullable<QuestionnaireResponse['answers']>): QuestionnaireFormValues {
  return {
    establishmentCountryCode: answers.establishmentCountryCode,
    ownWarehouseCountries: answers.ownWarehouseCountries,
    fulfilmentCenterCountries: answers.fulfilmentCenterCountries,
    euCurrentYear: answers.euDistanceSales.currentYear,
    euPreviousYear: answers.euDistanceSales.previousYear,
    marketplaceDeemedSupplier: answers.marketplaceDeemedSupplier,
    hasLowValueImports: answers.hasLowValueImports ? 'yes' : 'no',
    ukSales: answers.ukSales,
    swissSales: answers.swissSales,
    worldwideTurnover: answers.worldwideTurnover,
    norwaySales: answers.norwaySales,
  };
}

/**
 * Accepts what people type: "12 500", "12'500", "12500,50" (a decimal comma, as German users write) and "12500.50".
 * A comma followed by exactly three digits is a thousands separator ("12,500"), never decimals.
 */
export function normalizeAmount(input: string): string {
  const compact = input.trim().replace(/[\s'’]/g, '');
  if (/^\d+,\d{1,2}$/.test(compact)) return compact.replace(',', '.');
  if (/^\d{1,3}(,\d{3})+(\.\d{1,2})?$/.test(compact)) return compact.replaceAll(',', '');
  if (/^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(compact)) return compact.replaceAll('.', '').replace(',', '.');
  // A leading zero ("0500") is harmless for the user; drop it so the contract's strict pattern accepts the value.
  return compact.replace(/^0+(?=\d)/, '');
}

const AMOUNT_FIELDS = [
  'euCurrentYear',
  'euPreviousYear',
  'ukSales',
  'swissSales',
  'worldwideTurnover',
  'norwaySales',
] as const;

const toCents = (amount: string): bigint => {
  const [whole = '0', fraction = ''] = amount.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
};

export type QuestionnaireValidation =
  | { isValid: true; answers: QuestionnaireAnswersBody }
  | { isValid: false; errors: QuestionnaireErrors };

export function validateQuestionnaire(values: QuestionnaireFormValues): QuestionnaireValidation {
  const errors: QuestionnaireErrors = {};
  const amounts: Partial<Record<(typeof AMOUNT_FIELDS)[number], string>> = {};

  if (!values.establishmentCountryCode) errors.establishmentCountryCode = 'required';
  else if (!/^[A-Z]{2}$/.test(values.establishmentCountryCode)) errors.establishmentCountryCode = 'country';
  for (const field of ['ownWarehouseCountries', 'fulfilmentCenterCountries'] as const) {
    if (values[field].some((code) => !COUNTRY_CODES.includes(code))) errors[field] = 'country';
  }
  for (const field of AMOUNT_FIELDS) {
    const raw = values[field];
    if (raw.trim() === '') {
      errors[field] = 'required';
      continue;
    }
    const normalized = normalizeAmount(raw);
    if (AMOUNT_PATTERN.test(normalized)) amounts[field] = normalized;
    else errors[field] = 'amount';
  }
  if (!(MARKETPLACE_DEEMED_SUPPLIER_SHARES as readonly string[]).includes(values.marketplaceDeemedSupplier)) {
    errors.marketplaceDeemedSupplier = 'choose';
  }
  if (values.hasLowValueImports === '') errors.hasLowValueImports = 'choose';
  // Worldwide turnover includes the Swiss sales; a smaller figure is a typo the assessment would take at face value.
  if (
    amounts.swissSales &&
    amounts.worldwideTurnover &&
    toCents(amounts.worldwideTurnover) < toCents(amounts.swissSales)
  ) {
    errors.worldwideTurnover = 'turnoverBelowSales';
  }

  if (Object.keys(errors).length > 0) return { isValid: false, errors };
  return {
    isValid: true,
    answers: {
      establishmentCountryCode: values.establishmentCountryCode,
      ownWarehouseCountries: [...new Set(values.ownWarehouseCountries)],
      fulfilmentCenterCountries: [...new Set(values.fulfilmentCenterCountries)],
      euDistanceSales: { currentYear: amounts.euCurrentYear ?? '0', previousYear: amounts.euPreviousYear ?? '0' },
      marketplaceDeemedSupplier:
        values.marketplaceDeemedSupplier as QuestionnaireAnswersBody['marketplaceDeemedSupplier'],
      hasLowValueImports: values.hasLowValueImports === 'yes',
      ukSales: amounts.ukSales ?? '0',
      swissSales: amounts.swissSales ?? '0',
      worldwideTurnover: amounts.worldwideTurnover ?? '0',
      norwaySales: amounts.norwaySales ?? '0',
    },
  };
}

/** An API 400 names fields of the contract ("euDistanceSales.currentYear"); map them back to the form's inputs. */
export function formFieldOfApiField(field: string): QuestionnaireField | undefined {
  const path = field.replace(/^body\.?/, '');
  if (path.startsWith('euDistanceSales.currentYear')) return 'euCurrentYear';
  if (path.startsWith('euDistanceSales.previousYear')) return 'euPreviousYear';
  const top = path.split('.')[0] as QuestionnaireField;
  return QUESTIONNAIRE_FIELDS.includes(top) ? top : undefined;
}
