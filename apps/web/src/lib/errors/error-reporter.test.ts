import { clientErrorReportSchema } from '@vatlas/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createErrorReporter,
  installGlobalErrorHandlers,
  MAX_ERROR_REPORTS_PER_MINUTE,
  redactSecrets,
} from './error-reporter';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1MSJ9.c2lnbmF0dXJl';

function createFetch() {
  return vi.fn(async (_input: string | URL | Request, _init?: RequestInit) => new Response(null, { status: 204 }));
}
const bodyOf = (fetchFn: ReturnType<typeof createFetch>, index = 0) =>
  JSON.parse(String(fetchFn.mock.calls[index]?.[1]?.body)) as Record<string, unknown>;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2025-03-01T12:00:00.000Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createErrorReporter', () => {
  it('posts the spec §7 fields to /api/log-error with keepalive, valid by the contract', () => {
    const fetchFn = createFetch();
    const reporter = createErrorReporter({ fetchFn, getUserId: () => 'user-7' });
    const error = new Error('Cannot read properties of undefined');
    expect(reporter.report(error, { component: 'DashboardPage', action: 'render' })).toBe(true);

    expect(fetchFn).toHaveBeenCalledTimes(1);
    expect(fetchFn.mock.calls[0]?.[0]).toBe('/api/log-error');
    expect(fetchFn.mock.calls[0]?.[1]).toMatchObject({ method: 'POST', keepalive: true });
    const body = bodyOf(fetchFn);
    expect(Object.keys(body).sort()).toEqual(
      ['action', 'component', 'message', 'stack', 'timestamp', 'url', 'userAgent', 'userId'].sort(),
    );
    expect(body).toMatchObject({
      message: 'Cannot read properties of undefined',
      component: 'DashboardPage',
      action: 'render',
      userId: 'user-7',
      timestamp: '2025-03-01T12:00:00.000Z',
    });
    expect(clientErrorReportSchema.safeParse(body).success).toBe(true);
  });

  it('truncates to the contract limits so the API never refuses a report for its size', () => {
    const fetchFn = createFetch();
    const error = new Error('m'.repeat(10_000));
    error.stack = 's'.repeat(50_000);
    createErrorReporter({ fetchFn }).report(error, { component: 'c'.repeat(1000), action: 'a'.repeat(1000) });
    const body = bodyOf(fetchFn);
    expect(clientErrorReportSchema.safeParse(body).success).toBe(true);
    expect((body.message as string).length).toBe(2000);
    expect((body.stack as string).length).toBe(8000);
  });

  it('never sends a token: JWTs, Bearer values and the query string of the page are removed', () => {
    window.history.replaceState(null, '', '/login?code=secret-code&state=xyz');
    const fetchFn = createFetch();
    const error = new Error(`Request failed with Authorization: Bearer ${JWT}`);
    error.stack = `at fetch (${JWT})`;
    createErrorReporter({ fetchFn }).report(error);
    const sent = String(fetchFn.mock.calls[0]?.[1]?.body);
    expect(sent).not.toContain(JWT);
    expect(sent).not.toContain('secret-code');
    expect(bodyOf(fetchFn).url).toBe(`${window.location.origin}/login`);
    window.history.replaceState(null, '', '/');
  });

  it(`sends at most ${MAX_ERROR_REPORTS_PER_MINUTE} reports a minute`, () => {
    const fetchFn = createFetch();
    const reporter = createErrorReporter({ fetchFn });
    for (let index = 0; index < 25; index += 1) reporter.report(new Error(`loop ${index}`));
    expect(fetchFn).toHaveBeenCalledTimes(10);
    vi.advanceTimersByTime(59_999);
    expect(reporter.report(new Error('still looping'))).toBe(false);
    vi.advanceTimersByTime(1);
    expect(reporter.report(new Error('a minute later'))).toBe(true);
    expect(fetchFn).toHaveBeenCalledTimes(11);
  });

  it('swallows a failing report (rejected or throwing fetch) and never throws to the caller', async () => {
    const rejecting = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')));
    expect(() => createErrorReporter({ fetchFn: rejecting }).report(new Error('x'))).not.toThrow();
    const throwing = vi.fn(() => {
      throw new Error('fetch is broken');
    });
    expect(createErrorReporter({ fetchFn: throwing as unknown as typeof fetch }).report(new Error('x'))).toBe(false);
    await vi.runAllTimersAsync();
  });

  it('describes non-Error values', () => {
    const fetchFn = createFetch();
    const reporter = createErrorReporter({ fetchFn });
    reporter.report('plain text');
    reporter.report({ reason: 'object' });
    expect(bodyOf(fetchFn, 0).message).toBe('plain text');
    expect(bodyOf(fetchFn, 1).message).toBe('{"reason":"object"}');
  });
});

describe('redactSecrets', () => {
  it('blanks JWTs, Bearer values and code/state/token parameters', () => {
    expect(redactSecrets(`token ${JWT} end`)).toBe('token [redacted-jwt] end');
    expect(redactSecrets('Bearer abc.def')).toBe('Bearer [redacted]');
    expect(redactSecrets('/login?code=abc&state=def&x=1')).toBe('/login?code=[redacted]&state=[redacted]&x=1');
  });
});

describe('installGlobalErrorHandlers', () => {
  it("reports window 'error' and 'unhandledrejection', and stops when removed", () => {
    const fetchFn = createFetch();
    const remove = installGlobalErrorHandlers(window, createErrorReporter({ fetchFn }));

    window.dispatchEvent(new ErrorEvent('error', { error: new Error('boom'), message: 'boom' }));
    const rejection = new Event('unhandledrejection') as Event & { reason?: unknown };
    rejection.reason = new Error('rejected');
    window.dispatchEvent(rejection);

    expect(bodyOf(fetchFn, 0)).toMatchObject({ message: 'boom', action: 'error' });
    expect(bodyOf(fetchFn, 1)).toMatchObject({ message: 'rejected', action: 'unhandledrejection' });
    remove();
    window.dispatchEvent(rejection);
    expect(fetchFn).toHaveBeenCalledTimes(2);
  });
});
