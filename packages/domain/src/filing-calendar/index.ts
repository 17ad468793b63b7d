export * from './annual-settlement';
export { FilingCalendarError, monthsBetween } from './calendar-dates';
export * from './due-date';
export * from './filing-rules';
export * from './filing-status';
export * from './plan-filings';
export * from './return-periods';
