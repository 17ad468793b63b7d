import { describe, expect, it } from 'vitest';
import {
  emptyQuestionnaireForm,
  formFieldOfApiField,
  normalizeAmount,
  type QuestionnaireFormValues,
  validateQuestionnaire,
} from './questionnaire-form';

const filled = (change: Partial<QuestionnaireFormValues> = {}): QuestionnaireFormValues => ({
  ...emptyQuestionnaireForm('DE'),
  marketplaceDeemedSupplier: 'none',
  hasLowValueImports: 'no',
  ...change,
});

describe('validateQuestionnaire', () => {
  it('turns a complete form into the contract answers', () => {
    const result = validateQuestionnaire(
      filled({ fulfilmentCenterCountries: ['PL', 'CZ'], euCurrentYear: '12 500,50', hasLowValueImports: 'yes' }),
    );
    expect(result).toEqual({
      isValid: true,
      answers: {
        establishmentCountryCode: 'DE',
        ownWarehouseCountries: [],
        fulfilmentCenterCountries: ['PL', 'CZ'],
        euDistanceSales: { currentYear: '12500.50', previousYear: '0' },
        marketplaceDeemedSupplier: 'none',
        hasLowValueImports: true,
        ukSales: '0',
        swissSales: '0',
        worldwideTurnover: '0',
        norwaySales: '0',
      },
    });
  });

  it('names every missing choice of an empty form', () => {
    const result = validateQuestionnaire(emptyQuestionnaireForm());
    expect(result).toEqual({
      isValid: false,
      errors: {
        establishmentCountryCode: 'required',
        marketplaceDeemedSupplier: 'choose',
        hasLowValueImports: 'choose',
      },
    });
  });

  it.each([
    ['euCurrentYear', '', 'required'],
    ['euPreviousYear', '-5', 'amount'],
    ['ukSales', '1e5', 'amount'],
    ['norwaySales', '12.3456', 'amount'],
    ['swissSales', '€100', 'amount'],
  ] as const)('%s = %j → %s', (field, value, error) => {
    const result = validateQuestionnaire(filled({ [field]: value }));
    expect(result.isValid).toBe(false);
    if (!result.isValid) expect(result.errors).toEqual({ [field]: error });
  });

  it('refuses a stock country outside the 30 jurisdictions', () => {
    const result = validateQuestionnaire(filled({ ownWarehouseCountries: ['US'] }));
    expect(result.isValid ? null : result.errors).toEqual({ ownWarehouseCountries: 'country' });
  });

  it('refuses a worldwide turnover below the Swiss sales', () => {
    const result = validateQuestionnaire(filled({ swissSales: '20000', worldwideTurnover: '15000' }));
    expect(result.isValid ? null : result.errors).toEqual({ worldwideTurnover: 'turnoverBelowSales' });
  });
});

describe('normalizeAmount', () => {
  it.each([
    ['12500', '12500'],
    ['12 500', '12500'],
    ["12'500", '12500'],
    ['12500,5', '12500.5'],
    ['12,500', '12500'],
    ['12.500,50', '12500.50'],
    ['1,234,567.89', '1234567.89'],
    ['0500', '500'],
    ['0.5', '0.5'],
    ['12.345', '12345'],
  ])('%j → %j', (input, expected) => {
    expect(normalizeAmount(input)).toBe(expected);
  });
});

describe('formFieldOfApiField', () => {
  it.each([
    ['euDistanceSales.currentYear', 'euCurrentYear'],
    ['body.euDistanceSales.previousYear', 'euPreviousYear'],
    ['fulfilmentCenterCountries.0', 'fulfilmentCenterCountries'],
    ['ukSales', 'ukSales'],
    ['nonsense', undefined],
  ])('%s → %s', (apiField, formField) => {
    expect(formFieldOfApiField(apiField)).toBe(formField);
  });
});
