export * from './company-tax-profile';
export * from './normalized-transaction';
