import { type ApiError, EDIT_CONFLICT } from '@vatlas/contract';
import type { FieldIssue } from '@vatlas/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/** An error meant for the client: its status, code and message are sent as they are. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly details: unknown;

  constructor(statusCode: number, code: string, message: string, details?: unknown) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.code = code;
    this.details = details;
  }
}

/** A failure of @vatlas/domain's field rules as the API answers it: per field, a code the SPA translates, a message. */
export function invalidFields(issues: readonly FieldIssue[]): HttpError {
  return new HttpError(
    400,
    'validation_error',
    'The request is invalid.',
    issues.map(({ field, code, params, message }) => ({ field, code, message, ...(params ? { params } : {}) })),
  );
}

/**
 * Refuses the save of a record written since its form was read (docs/decisions/052): 409 `edit_conflict`, and the
 * caller writes nothing. `expected` undefined (a client that sends none) replaces whatever is stored. `record` names
 * it for the message ("The registration in DE").
 */
export function refuseStaleRevision(expected: string | undefined, stored: string, record: string): void {
  if (expected === undefined || expected === stored) return;
  throw new HttpError(
    409,
    EDIT_CONFLICT,
    `${record} was changed since this form was read, so nothing was saved. Reload it to see what is stored, then ` +
      'make your change again.',
  );
}

const CODE_BY_STATUS: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

type ValidationIssue = { instancePath?: string; message?: string };

function toFieldName(issue: ValidationIssue, context: string | undefined): string {
  const path = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  return path || context || 'request';
}

export function toPath(url: string): string {
  const queryStart = url.indexOf('?');
  return queryStart === -1 ? url : url.slice(0, queryStart);
}

/**
 * One place decides what a client sees of a failure: our own HttpErrors and Fastify's 4xx as they
 * are, validation failures with the fields named, everything else a bare 500 (logged, never sent).
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      const body: ApiError = { code: error.code, message: error.message };
      if (error.details !== undefined) body.details = error.details;
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = (error as { validationContext?: string }).validationContext;
      const details = error.validation.map((issue) => ({
        field: toFieldName(issue, context),
        message: issue.message ?? 'is invalid',
      }));
      return reply.status(400).send({ code: 'validation_error', message: 'The request is invalid.', details });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return reply.status(500).send({ code: 'internal_error', message: 'Internal server error' });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ code: CODE_BY_STATUS[status] ?? 'bad_request', message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: 'internal_error', message: 'Internal server error' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ code: 'not_found', message: `No route for ${request.method} ${toPath(request.url)}` });
  });
}
