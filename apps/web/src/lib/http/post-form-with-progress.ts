import { apiErrorSchema, apiPaths } from '@vatlas/contract';
import type { z } from 'zod';
import { readInternalToken } from '../storage/token-storage';
import type { HttpClient } from './http-client';
import { HttpError } from './http-error';

export type ByteProgress = { loaded: number; total: number };

function sendOnce(
  url: string,
  buildForm: () => FormData,
  onProgress: (progress: ByteProgress) => void,
  signal?: AbortSignal,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    // XMLHttpRequest, not fetch: only it reports upload progress in every browser.
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('Authorization', `Bearer ${readInternalToken() ?? ''}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
    };
    request.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = undefined;
      }
      resolve({ status: request.status, body });
    };
    request.onerror = () =>
      reject(new HttpError({ kind: 'network', code: 'network_error', message: 'The upload could not be sent.' }));
    request.onabort = () => reject(new DOMException('The upload was stopped.', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(buildForm());
  });
}

/**
 * POSTs a multipart form with byte progress and the bearer token. On a 401 a cheap JSON call lets the http client
 * renew the session once, then the form is sent again (built anew: a FormData body cannot be replayed). The answer
 * with `successStatus` is parsed with `schema`; any other becomes an HttpError with the server's code and message.
 */
export async function postFormWithProgress<T>(
  http: HttpClient,
  url: string,
  options: {
    buildForm: () => FormData;
    successStatus: number;
    schema: z.ZodType<T>;
    onProgress: (progress: ByteProgress) => void;
    signal?: AbortSignal;
  },
): Promise<T> {
  const { buildForm, successStatus, schema, onProgress, signal } = options;
  let answer = await sendOnce(url, buildForm, onProgress, signal);
  if (answer.status === 401) {
    await http.request(apiPaths.userMe);
    answer = await sendOnce(url, buildForm, onProgress, signal);
  }
  if (answer.status === successStatus) return schema.parse(answer.body);
  const error = apiErrorSchema.safeParse(answer.body);
  throw new HttpError({
    kind: 'http',
    status: answer.status,
    code: error.success ? error.data.code : `http_${answer.status}`,
    message: error.success ? error.data.message : 'The upload failed.',
    details: error.success ? error.data.details : undefined,
  });
}
