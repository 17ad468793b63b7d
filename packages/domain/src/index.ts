export * from './company';
export * from './constants';
export * from './navigation';
export * from './onboarding';
export * from './token';
