export * from './account';
export * from './company';
export * from './errors';
export * from './routes';
export * from './system';
export * from './token';
export * from './user';
