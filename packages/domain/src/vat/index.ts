export * from './vat-rates';
