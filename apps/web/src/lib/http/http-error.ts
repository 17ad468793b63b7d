export type HttpErrorKind = 'http' | 'network' | 'timeout' | 'invalid-response' | 'session-expired';

/** Every failure of the HTTP client: the API's `{ code, message }` when there was an answer. */
export class HttpError extends Error {
  readonly kind: HttpErrorKind;
  /** HTTP status, or 0 when no answer arrived. */
  readonly status: number;
  readonly statusText: string;
  readonly code: string;
  readonly details: unknown;

  constructor(init: {
    kind: HttpErrorKind;
    status?: number;
    statusText?: string;
    code: string;
    message: string;
    details?: unknown;
  }) {
    super(init.message);
    this.name = 'HttpError';
    this.kind = init.kind;
    this.status = init.status ?? 0;
    this.statusText = init.statusText ?? '';
    this.code = init.code;
    this.details = init.details;
  }
}

export const isHttpError = (error: unknown): error is HttpError => error instanceof HttpError;
