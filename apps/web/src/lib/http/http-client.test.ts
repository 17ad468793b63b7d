import { HTTP_TIMEOUT_MS } from '@vatlas/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createHttpClient, type HttpClientOptions, isCompanyEndpoint } from './http-client';
import { HttpError } from './http-error';

const json = (status: number, body: unknown, statusText = '') =>
  new Response(JSON.stringify(body), { status, statusText, headers: { 'Content-Type': 'application/json' } });

const authorizationOf = (init: RequestInit | undefined) =>
  (init?.headers as Record<string, string> | undefined)?.Authorization;

/** A fake API: answers 401 to every token but the current valid one. */
function createFakeApi(validToken: { value: string }) {
  return vi.fn(async (_path: string | URL | Request, init?: RequestInit) =>
    authorizationOf(init) === `Bearer ${validToken.value}`
      ? json(200, { ok: true })
      : json(401, { code: 'unauthorized', message: 'Token expired' }),
  );
}

function createOptions(overrides: Partial<HttpClientOptions> = {}) {
  let token: string | null = 'old';
  const options = {
    getToken: () => token,
    refreshToken: vi.fn(async () => {
      token = 'new';
      return 'new';
    }),
    onSessionExpired: vi.fn(),
    onCompanyAccessDenied: vi.fn(),
    onAccessDenied: vi.fn(),
    ...overrides,
  } satisfies HttpClientOptions;
  return { options, setToken: (value: string | null) => (token = value) };
}

describe('createHttpClient', () => {
  it('sends the internal token as Bearer on protected endpoints and parses with the schema', async () => {
    const fetchFn = vi.fn(async (_path: string | URL | Request, _init?: RequestInit) => json(200, { name: 'ACME' }));
    const { options } = createOptions({ fetchFn });
    const client = createHttpClient(options);

    await expect(client.request('/api/v1/User/Me', { schema: z.object({ name: z.string() }) })).resolves.toEqual({
      name: 'ACME',
    });
    expect(authorizationOf(fetchFn.mock.calls[0]?.[1])).toBe('Bearer old');
  });

  it('sends no internal token on public endpoints and keeps explicit headers', async () => {
    const fetchFn = vi.fn(async (_path: string | URL | Request, _init?: RequestInit) => json(200, {}));
    const { options } = createOptions({ fetchFn });
    await createHttpClient(options).request('/api/v1/Token/Exchange', {
      method: 'POST',
      isProtected: false,
      headers: { Authorization: 'Bearer provider' },
    });
    const init = fetchFn.mock.calls[0]?.[1];
    expect(authorizationOf(init)).toBe('Bearer provider');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBeUndefined();
  });

  it('turns an error answer into an HttpError carrying the API code and message', async () => {
    const fetchFn = vi.fn(async () =>
      json(404, { code: 'company_not_found', message: 'No such company' }, 'Not Found'),
    );
    const { options } = createOptions({ fetchFn });
    const failure = await createHttpClient(options)
      .request('/api/v1/User/Me')
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({ status: 404, code: 'company_not_found', message: 'No such company' });
  });

  it('refreshes once on a 401 and replays the request with the new token', async () => {
    const valid = { value: 'new' };
    const fetchFn = createFakeApi(valid);
    const { options } = createOptions({ fetchFn });

    await expect(createHttpClient(options).request('/api/v1/User/Me')).resolves.toEqual({ ok: true });
    expect(options.refreshToken).toHaveBeenCalledTimes(1);
    expect(fetchFn.mock.calls.map(([, init]) => authorizationOf(init))).toEqual(['Bearer old', 'Bearer new']);
  });

  it('queues concurrent 401s behind ONE refresh and replays each with the new token', async () => {
    const valid = { value: 'new' };
    const fetchFn = createFakeApi(valid);
    let finishRefresh: (token: string) => void = () => undefined;
    const { options, setToken } = createOptions({
      fetchFn,
      refreshToken: vi.fn(
        () =>
          new Promise<string>((resolve) => {
            finishRefresh = (token) => {
              setToken(token);
              resolve(token);
            };
          }),
      ),
    });
    const client = createHttpClient(options);

    const requests = [client.request('/a'), client.request('/b'), client.request('/c')];
    await vi.waitFor(() => expect(options.refreshToken).toHaveBeenCalledTimes(1));
    // A request started while the refresh runs waits for it instead of sending the old token.
    const late = client.request('/d');
    finishRefresh('new');

    await expect(Promise.all([...requests, late])).resolves.toHaveLength(4);
    expect(options.refreshToken).toHaveBeenCalledTimes(1);
    const sentTokens = fetchFn.mock.calls.map(([path, init]) => `${String(path)} ${authorizationOf(init)}`);
    expect(sentTokens.filter((line) => line.endsWith('Bearer new')).sort()).toEqual([
      '/a Bearer new',
      '/b Bearer new',
      '/c Bearer new',
      '/d Bearer new',
    ]);
    expect(sentTokens).not.toContain('/d Bearer old');
  });

  it('does not refresh a second time when the replay fails with 401 again', async () => {
    const fetchFn = createFakeApi({ value: 'never-valid' });
    const { options } = createOptions({ fetchFn });
    const failure = await createHttpClient(options)
      .request('/api/v1/User/Me')
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 401 });
    expect(options.refreshToken).toHaveBeenCalledTimes(1);
    expect(fetchFn).toHaveBeenCalledTimes(2);
  });

  it('ends the session with "Session expired" when the refresh fails, rejecting every queued request', async () => {
    const fetchFn = createFakeApi({ value: 'new' });
    const { options } = createOptions({
      fetchFn,
      refreshToken: vi.fn(async () => Promise.reject(new Error('no refresh token'))),
    });
    const client = createHttpClient(options);

    const results = await Promise.allSettled([client.request('/a'), client.request('/b')]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(results[0]).toMatchObject({ reason: { kind: 'session-expired' } });
    expect(options.refreshToken).toHaveBeenCalledTimes(1);
    expect(options.onSessionExpired).toHaveBeenCalledTimes(1);
    expect(options.onSessionExpired).toHaveBeenCalledWith({ key: 'errors.sessionExpired' });
  });

  it('does not refresh on a 401 from a public endpoint', async () => {
    const fetchFn = vi.fn(async () => json(401, { code: 'invalid_token', message: 'Bad provider token' }));
    const { options } = createOptions({ fetchFn });
    await expect(
      createHttpClient(options).request('/api/v1/Token/Exchange', { isProtected: false }),
    ).rejects.toMatchObject({
      status: 401,
    });
    expect(options.refreshToken).not.toHaveBeenCalled();
  });

  it.each([
    '/api/v1/Company/42',
    '/api/v2/Company/42/AddUsers',
    '/api/v1/TransactionUpload/7',
    '/api/v1/PeriodManager/periods',
    '/api/v1/User/ListCompanyUsers?companyId=42',
    '/api/v1/Filings?dataPeriodId=9',
  ])('a 403 on the company endpoint %s clears the company selection', async (path) => {
    const fetchFn = vi.fn(async () => json(403, { code: 'forbidden', message: 'Not a member' }));
    const { options } = createOptions({ fetchFn });
    await expect(createHttpClient(options).request(path)).rejects.toMatchObject({ status: 403 });
    expect(options.onCompanyAccessDenied).toHaveBeenCalledWith({ key: 'errors.companyAccessDeniedSelected' });
    expect(options.onAccessDenied).not.toHaveBeenCalled();
  });

  it('a 403 elsewhere reports the generic access-denied message', async () => {
    const fetchFn = vi.fn(async () => json(403, { code: 'forbidden', message: 'Admins only' }));
    const { options } = createOptions({ fetchFn });
    await expect(createHttpClient(options).request('/api/v1/User')).rejects.toMatchObject({ status: 403 });
    expect(options.onAccessDenied).toHaveBeenCalledWith({ key: 'errors.accessDenied' });
    expect(options.onCompanyAccessDenied).not.toHaveBeenCalled();
  });

  it('recognises the company endpoint families of spec §7 and nothing else', () => {
    expect(isCompanyEndpoint('/api/v1/Company/1')).toBe(true);
    expect(isCompanyEndpoint('/api/v1/User/Me')).toBe(false);
    expect(isCompanyEndpoint('/api/v1/Token/ChangeTenant?tenantId=1')).toBe(false);
  });

  describe('timeout', () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it(`aborts a request after ${HTTP_TIMEOUT_MS} ms`, async () => {
      const fetchFn = vi.fn(
        (_path: string | URL | Request, init?: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      );
      const { options } = createOptions({ fetchFn });
      const outcome = createHttpClient(options)
        .request('/api/v1/User/Me')
        .catch((error: unknown) => error);

      await vi.advanceTimersByTimeAsync(HTTP_TIMEOUT_MS - 1);
      expect(fetchFn.mock.calls[0]?.[1]?.signal?.aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await expect(outcome).resolves.toMatchObject({ kind: 'timeout', code: 'timeout' });
    });

    it('reports a failed connection as a network error', async () => {
      const fetchFn = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')));
      const { options } = createOptions({ fetchFn });
      await expect(createHttpClient(options).request('/api/v1/User/Me')).rejects.toMatchObject({ kind: 'network' });
    });
  });
});
