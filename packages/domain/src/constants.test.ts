import { describe, expect, it } from 'vitest';
import * as constants from './constants';

/** Spec §9 constants: a change here is a product decision and must show up as a failing test. */
describe('business constants (spec §9)', () => {
  it.each([
    ['HTTP_TIMEOUT_MS', 60_000],
    ['TOKEN_EXPIRY_MARGIN_MS', 10_000],
    ['TOKEN_MEMORY_CACHE_MS', 5_000],
    ['PROACTIVE_REFRESH_CHECK_INTERVAL_MS', 60_000],
    ['PROACTIVE_REFRESH_WINDOW_MS', 300_000],
    ['SILENT_REFRESH_INTERVAL_MS', 300_000],
    ['SILENT_REFRESH_MAX_RETRIES', 3],
    ['SILENT_REFRESH_RETRY_UNIT_MS', 1_000],
    ['AUTH_INIT_MAX_RETRIES', 3],
    ['AUTH_INIT_BACKOFF_START_MS', 1_000],
    ['AUTH_INIT_BACKOFF_CAP_MS', 5_000],
    ['REDIRECT_WINDOW_HASH_TIMEOUT_MS', 60_000],
    ['REDIRECT_IFRAME_HASH_TIMEOUT_MS', 6_000],
    ['INTERACTION_IN_PROGRESS_RECHECK_MS', 1_000],
    ['LAZY_PAGE_RETRY_DELAY_MS', 1_000],
    ['CLASS_NAME_MERGE_CACHE_SIZE', 500],
  ] as const)('%s is %d', (name, value) => {
    // biome-ignore lint/performance/noDynamicNamespaceImportAccess: the table names every constant on purpose
    expect(constants[name]).toBe(value);
  });
});
