/**
 * Business constants of the product specification (§9). Each value is pinned by a test:
 * changing one is a product decision, not a refactoring.
 */
export const HTTP_TIMEOUT_MS = 60_000;
export const TOKEN_EXPIRY_MARGIN_MS = 10_000;
export const TOKEN_MEMORY_CACHE_MS = 5_000;
export const PROACTIVE_REFRESH_CHECK_INTERVAL_MS = 60_000;
export const PROACTIVE_REFRESH_WINDOW_MS = 5 * 60_000;
export const SILENT_REFRESH_INTERVAL_MS = 5 * 60_000;
export const SILENT_REFRESH_MAX_RETRIES = 3;
export const SILENT_REFRESH_RETRY_UNIT_MS = 1_000;
export const AUTH_INIT_MAX_RETRIES = 3;
export const AUTH_INIT_BACKOFF_START_MS = 1_000;
export const AUTH_INIT_BACKOFF_CAP_MS = 5_000;
export const REDIRECT_WINDOW_HASH_TIMEOUT_MS = 60_000;
export const REDIRECT_IFRAME_HASH_TIMEOUT_MS = 6_000;
export const INTERACTION_IN_PROGRESS_RECHECK_MS = 1_000;
export const LAZY_PAGE_RETRY_DELAY_MS = 1_000;
export const CLASS_NAME_MERGE_CACHE_SIZE = 500;
