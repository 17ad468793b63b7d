export * from './country-rules';
export * from './required-documents';
