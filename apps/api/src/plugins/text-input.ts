import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors';

/** The most fields one answer names: a body full of them says as much with the first few. */
const MAX_NAMED_FIELDS = 10;

/**
 * An array or a plain object, as JSON and the parsers of the query and the path make them (a literal's prototype, none,
 * or one without a prototype of its own, as fast-querystring's are): never a stream, a buffer or a class's object.
 */
function isPlainData(value: unknown): value is Record<string, unknown> | unknown[] {
  if (Array.isArray(value)) return true;
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === null || Object.getPrototypeOf(prototype) === null;
}

/**
 * The fields of `value` (a parsed JSON body, the path's or the query's parameters) whose text holds the character
 * U+0000, named as a validation error names them (`legalNameOfBusiness`, `addresses.0.city`); `prefix` is the field
 * `value` itself stands for.
 */
export function fieldsWithNulCharacters(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return value.includes('\u0000') ? [prefix || 'request'] : [];
  if (!isPlainData(value)) return [];
  const fields: string[] = [];
  for (const [key, item] of Object.entries(value)) {
    if (fields.length >= MAX_NAMED_FIELDS) break;
    fields.push(...fieldsWithNulCharacters(item, prefix ? `${prefix}.${key}` : key));
  }
  return fields.slice(0, MAX_NAMED_FIELDS);
}

/**
 * Refuses, before a route's own validation, any text in the path, the query or a JSON body that holds the character
 * U+0000 (NUL): no field of the API means it, and PostgreSQL's text cannot store it, so it would otherwise end as the
 * database's error, a 500, wherever it was written. The answer names the fields, as every validation error does.
 * Routes under an exempt prefix (the embedded identity provider, which reads its own requests) are left alone.
 */
export function refuseNulCharacters(app: FastifyInstance, options: { exemptPrefixes: string[] }): void {
  const isExempt = (request: FastifyRequest) =>
    options.exemptPrefixes.some((prefix) => request.url === prefix || request.url.startsWith(`${prefix}/`));
  app.addHook('preValidation', async (request) => {
    if (isExempt(request)) return;
    const fields = [
      ...fieldsWithNulCharacters(request.params),
      ...fieldsWithNulCharacters(request.query),
      ...fieldsWithNulCharacters(request.body),
    ].slice(0, MAX_NAMED_FIELDS);
    if (fields.length === 0) return;
    throw new HttpError(
      400,
      'validation_error',
      'The request is invalid.',
      fields.map((field) => ({ field, code: 'invalidCharacter', message: 'must not contain the character U+0000' })),
    );
  });
}
