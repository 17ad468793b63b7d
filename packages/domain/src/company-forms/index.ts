export * from './legal-forms';
export * from './postcodes';
