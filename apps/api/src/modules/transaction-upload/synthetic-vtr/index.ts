export * from './demo-vtr';
export * from './expected-totals';
export * from './generate-vtr';
export * from './vtr-columns';
export * from './write-vtr';
