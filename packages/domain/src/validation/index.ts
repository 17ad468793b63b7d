export * from './bank-account';
export * from './business-details';
export { ageInYears, type FieldIssue, isIsoDate, todayIsoDate, type ValidationResult } from './field-issue';
export * from './iso-countries';
export * from './jurisdiction-registration';
export * from './legal-representative';
export * from './vat-number';
