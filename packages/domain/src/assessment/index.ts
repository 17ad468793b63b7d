export * from './amount';
export * from './assess-tax-registration';
export * from './questionnaire';
