import { apiErrorSchema } from '@vatlas/contract';
import { HTTP_TIMEOUT_MS } from '@vatlas/domain';
import type { ZodType } from 'zod';
import { type MessageRef, message } from '../i18n/message';
import { HttpError } from './http-error';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type RequestOptions<T> = {
  method?: HttpMethod;
  body?: unknown;
  /** Validates the answer; without it the parsed JSON is returned as is. */
  schema?: ZodType<T>;
  /** Protected endpoints carry the internal token and take part in the 401 refresh. Default true. */
  isProtected?: boolean;
  headers?: Record<string, string>;
  /** Overrides the client's 60 s timeout for calls that must not hold the UI (e.g. LogOut on sign-out). */
  timeoutMs?: number;
};

export type HttpClientOptions = {
  fetchFn?: typeof fetch;
  timeoutMs?: number;
  getToken: () => string | null;
  /** Obtains a new internal token (provider refresh + exchange); rejects when the session cannot be renewed. */
  refreshToken: () => Promise<string>;
  onSessionExpired: (notice: MessageRef) => void;
  onCompanyAccessDenied: (notice: MessageRef) => void;
  onAccessDenied: (notice: MessageRef) => void;
};

export type HttpClient = {
  request: <T = unknown>(path: string, options?: RequestOptions<T>) => Promise<T>;
};

/** Spec §7: these endpoint families belong to the selected company; a 403 there means "not your company". */
export function isCompanyEndpoint(path: string): boolean {
  return (
    /\/(Company|TransactionUpload|PeriodManager)\//.test(path) ||
    path.includes('companyId=') ||
    path.includes('dataPeriodId=')
  );
}

async function readApiError(response: Response): Promise<HttpError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const parsed = apiErrorSchema.safeParse(body);
  return new HttpError({
    kind: 'http',
    status: response.status,
    statusText: response.statusText,
    code: parsed.success ? parsed.data.code : `http_${response.status}`,
    message: parsed.success ? parsed.data.message : response.statusText || `HTTP ${response.status}`,
    details: parsed.success ? parsed.data.details : undefined,
  });
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const fetchFn = options.fetchFn ?? ((input, init) => globalThis.fetch(input, init));
  const timeoutMs = options.timeoutMs ?? HTTP_TIMEOUT_MS;
  // One refresh at a time: every request that meets a 401 (or starts during a refresh) waits on it.
  let pendingRefresh: Promise<string> | null = null;

  function refreshOnce(): Promise<string> {
    if (!pendingRefresh) {
      pendingRefresh = options
        .refreshToken()
        .catch(() => {
          options.onSessionExpired(message('errors.sessionExpired'));
          throw new HttpError({
            kind: 'session-expired',
            status: 401,
            code: 'session_expired',
            message: 'Session expired. Please sign in again.',
          });
        })
        .finally(() => {
          pendingRefresh = null;
        });
    }
    return pendingRefresh;
  }

  async function send(path: string, init: RequestOptions<unknown>, token: string | null): Promise<Response> {
    const controller = new AbortController();
    const requestTimeoutMs = init.timeoutMs ?? timeoutMs;
    const timer = setTimeout(() => controller.abort(), requestTimeoutMs);
    const headers: Record<string, string> = { Accept: 'application/json', ...init.headers };
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    try {
      return await fetchFn(path, {
        method: init.method ?? 'GET',
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: controller.signal,
      });
    } catch (error) {
      if (controller.signal.aborted) {
        throw new HttpError({
          kind: 'timeout',
          code: 'timeout',
          message: `Request timed out after ${requestTimeoutMs} ms`,
        });
      }
      throw new HttpError({
        kind: 'network',
        code: 'network_error',
        message: error instanceof Error ? error.message : 'Network error',
      });
    } finally {
      clearTimeout(timer);
    }
  }

  async function request<T>(path: string, init: RequestOptions<T> = {}): Promise<T> {
    const isProtected = init.isProtected ?? true;
    let token = isProtected ? (pendingRefresh ? await pendingRefresh : options.getToken()) : null;
    let response = await send(path, init, token);

    if (response.status === 401 && isProtected) {
      // Another request may have renewed the token while this one was in flight: replay with that one.
      const current = options.getToken();
      token = pendingRefresh ? await pendingRefresh : current && current !== token ? current : await refreshOnce();
      // Spec §4: one refresh per request; a second 401 is returned to the caller as is.
      response = await send(path, init, token);
    }

    if (!response.ok) {
      const error = await readApiError(response);
      if (response.status === 403 && isProtected) {
        if (isCompanyEndpoint(path)) options.onCompanyAccessDenied(message('errors.companyAccessDeniedSelected'));
        else options.onAccessDenied(message('errors.accessDenied'));
      }
      throw error;
    }

    if (response.status === 204) return undefined as T;
    let body: unknown;
    try {
      const text = await response.text();
      body = text.length > 0 ? JSON.parse(text) : undefined;
    } catch {
      throw new HttpError({
        kind: 'invalid-response',
        status: response.status,
        code: 'invalid_json',
        message: 'The answer is not JSON',
      });
    }
    if (!init.schema) return body as T;
    const parsed = init.schema.safeParse(body);
    if (!parsed.success) {
      throw new HttpError({
        kind: 'invalid-response',
        status: response.status,
        code: 'invalid_response',
        message: 'The answer does not match the contract',
        details: parsed.error.issues,
      });
    }
    return parsed.data;
  }

  return { request };
}
