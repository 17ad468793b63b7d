import { apiPaths, type ClientErrorReport, clientErrorReportSchema } from '@vatlas/contract';

/** A render loop must not flood the API: at most this many reports leave a page per minute. */
export const MAX_ERROR_REPORTS_PER_MINUTE = 10;
const MINUTE_MS = 60_000;

export type ErrorContext = { component?: string; action?: string };

export type ErrorReporterOptions = {
  fetchFn?: typeof fetch;
  getUserId?: () => string | null | undefined;
  now?: () => number;
  maxPerMinute?: number;
};

const { shape } = clientErrorReportSchema;
/** The contract's own limits, so a report is never refused (413/400) for being a few characters too long. */
const limits = {
  message: shape.message.maxLength ?? 2000,
  stack: shape.stack.unwrap().maxLength ?? 8000,
  component: shape.component.unwrap().maxLength ?? 200,
  action: shape.action.unwrap().maxLength ?? 200,
  userId: shape.userId.unwrap().maxLength ?? 100,
  url: shape.url.unwrap().maxLength ?? 2000,
  userAgent: shape.userAgent.unwrap().maxLength ?? 500,
};

const truncate = (text: string | undefined, max: number) =>
  text === undefined ? undefined : text.length > max ? text.slice(0, max) : text;

/** Tokens never leave in a report: JWTs and Bearer values are blanked wherever an error message quotes them. */
export function redactSecrets(text: string): string {
  return text
    .replace(/\beyJ[\w-]*\.[\w-]*\.[\w-]*/g, '[redacted-jwt]')
    .replace(/(Bearer\s+)[^\s"']+/gi, '$1[redacted]')
    .replace(
      /([?&#](?:code|state|token|access_token|id_token|refresh_token|session_state)=)[^&#\s]*/gi,
      '$1[redacted]',
    );
}

/** The page address without its query and fragment: those carry the provider's code and state. */
function describeLocation(): string | undefined {
  if (typeof window === 'undefined') return undefined;
  return `${window.location.origin}${window.location.pathname}`;
}

export function describeError(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) return { message: error.message || error.name, stack: error.stack };
  if (typeof error === 'string') return { message: error };
  try {
    return { message: JSON.stringify(error) ?? String(error) };
  } catch {
    return { message: String(error) };
  }
}

/**
 * Spec §7 POST /api/log-error, fire and forget: nothing is awaited on the UI path, a failing report is
 * swallowed, and a per-minute budget keeps a loop of errors from becoming a loop of requests.
 */
export function createErrorReporter(options: ErrorReporterOptions = {}) {
  const fetchFn = options.fetchFn ?? ((input, init) => globalThis.fetch(input, init));
  const now = options.now ?? Date.now;
  const maxPerMinute = options.maxPerMinute ?? MAX_ERROR_REPORTS_PER_MINUTE;
  let sentAt: number[] = [];

  function buildReport(error: unknown, context: ErrorContext): ClientErrorReport {
    const described = describeError(error);
    const userId = options.getUserId?.() ?? undefined;
    return {
      message: truncate(redactSecrets(described.message || 'Unknown error'), limits.message) as string,
      stack: truncate(described.stack && redactSecrets(described.stack), limits.stack),
      component: truncate(context.component, limits.component),
      action: truncate(context.action, limits.action),
      userId: truncate(userId ?? undefined, limits.userId),
      url: truncate(describeLocation(), limits.url),
      userAgent: truncate(typeof navigator === 'undefined' ? undefined : navigator.userAgent, limits.userAgent),
      timestamp: new Date(now()).toISOString(),
    };
  }

  /** Returns whether a report was sent (false when over budget); never throws. */
  function report(error: unknown, context: ErrorContext = {}): boolean {
    try {
      const time = now();
      sentAt = sentAt.filter((at) => time - at < MINUTE_MS);
      if (sentAt.length >= maxPerMinute) return false;
      sentAt.push(time);
      const body = JSON.stringify(buildReport(error, context));
      // keepalive: the report survives the page unloading (a failed chunk is often followed by a reload).
      void fetchFn(apiPaths.logError, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
        keepalive: true,
      }).catch(() => undefined);
      return true;
    } catch {
      return false;
    }
  }

  return { report, buildReport };
}

export type ErrorReporter = ReturnType<typeof createErrorReporter>;

let activeReporter: ErrorReporter = createErrorReporter();

/** main.tsx installs the reporter that knows the signed-in user; until then reports go without a userId. */
export function setErrorReporter(reporter: ErrorReporter): void {
  activeReporter = reporter;
}

export function reportClientError(error: unknown, context: ErrorContext = {}): void {
  activeReporter.report(error, context);
}

/** Uncaught errors and unhandled promise rejections of the page. Returns a function that removes the listeners. */
export function installGlobalErrorHandlers(target: Window, reporter: ErrorReporter): () => void {
  const onError = (event: ErrorEvent) => {
    reporter.report(event.error ?? event.message, { component: 'window', action: 'error' });
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    reporter.report(event.reason, { component: 'window', action: 'unhandledrejection' });
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
