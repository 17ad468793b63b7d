export * from './ecb-csv';
export * from './exchange-rate-table';
