export * from './contrast';
export * from './tenant-theme';
export * from './themes';
