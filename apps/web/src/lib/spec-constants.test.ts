import {
  AUTH_INIT_BACKOFF_CAP_MS,
  AUTH_INIT_BACKOFF_START_MS,
  AUTH_INIT_MAX_RETRIES,
  HTTP_TIMEOUT_MS,
  INTERACTION_IN_PROGRESS_RECHECK_MS,
  PROACTIVE_REFRESH_CHECK_INTERVAL_MS,
  PROACTIVE_REFRESH_WINDOW_MS,
  REDIRECT_WINDOW_HASH_TIMEOUT_MS,
  SILENT_REFRESH_INTERVAL_MS,
  SILENT_REFRESH_MAX_RETRIES,
  SILENT_REFRESH_RETRY_UNIT_MS,
  TOKEN_EXPIRY_MARGIN_MS,
  TOKEN_MEMORY_CACHE_MS,
} from '@vatlas/domain';
import { describe, expect, it } from 'vitest';

/**
 * Spec §9, as the SPA uses it. The behaviour tests next to each rule use these numbers literally too, so a
 * changed constant fails twice: here by value, there by behaviour.
 */
describe('spec §9 constants the client relies on', () => {
  it.each([
    ['HTTP timeout', HTTP_TIMEOUT_MS, 60_000],
    ['token expiry margin', TOKEN_EXPIRY_MARGIN_MS, 10_000],
    ['in-memory token cache', TOKEN_MEMORY_CACHE_MS, 5_000],
    ['proactive refresh check', PROACTIVE_REFRESH_CHECK_INTERVAL_MS, 60_000],
    ['proactive refresh window', PROACTIVE_REFRESH_WINDOW_MS, 300_000],
    ['silent refresh interval', SILENT_REFRESH_INTERVAL_MS, 300_000],
    ['silent refresh retries', SILENT_REFRESH_MAX_RETRIES, 3],
    ['silent refresh retry unit', SILENT_REFRESH_RETRY_UNIT_MS, 1_000],
    ['auth init retries', AUTH_INIT_MAX_RETRIES, 3],
    ['auth init backoff start', AUTH_INIT_BACKOFF_START_MS, 1_000],
    ['auth init backoff cap', AUTH_INIT_BACKOFF_CAP_MS, 5_000],
    ['interaction-in-progress recheck', INTERACTION_IN_PROGRESS_RECHECK_MS, 1_000],
    ['redirect window timeout', REDIRECT_WINDOW_HASH_TIMEOUT_MS, 60_000],
  ])('%s is %d', (_name, value, expected) => {
    expect(value).toBe(expected);
  });
});
