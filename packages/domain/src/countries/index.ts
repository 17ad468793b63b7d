export * from './country-rules';
export * from './required-documents';
export * from './research-sources';
