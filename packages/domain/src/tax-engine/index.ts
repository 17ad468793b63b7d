export * from './country-names';
export * from './cross-check';
export * from './day-sum';
export * from './explain';
export * from './row-vat';
export * from './tax-position';
export * from './threshold';
export * from './treatment';
