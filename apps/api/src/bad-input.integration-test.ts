import { apiErrorSchema, apiPaths } from '@vatlas/contract';
import type { InjectOptions, RouteOptions } from 'fastify';
import { expect, it } from 'vitest';
import { buildMultipart } from './modules/documents/document-test-kit';
import type { Caller, MatrixEntry } from './test/authorization-matrix';
import { AUTHORIZATION_MATRIX } from './test/authorization-matrix-routes';
import { forEachDatabase } from './test/databases';
import { routeNames, useMatrixCallers } from './test/matrix-callers';

/**
 * Every route of the authorization matrix, asked as a caller it lets through (the member, or the administrator for
 * administration routes), with its request spoiled one way at a time: each path parameter and query parameter
 * replaced by a malformed or unknown value, a JSON body replaced whole (another type, JSON cut short), each of its
 * fields replaced by a value of another type, an empty one, or one far too long, and a multipart form's text fields
 * likewise, its file left out, empty or oddly named. Bad input must get a clear answer:
 * a 4xx in the API's error format (`code`, `message`; `details` naming the fields of a validation error), or a
 * success where the value is merely unusual (a search for any text). Never a 5xx, which would say the server, not the
 * request, was at fault.
 */

/** Values for a path or query parameter: not a uuid, an unknown uuid, too long, a NUL, a date that does not exist. */
const BAD_PARAMETERS = ['not-a-uuid', '00000000-0000-4000-8000-000000000000', 'x'.repeat(300), '\u0000', '2023-13-45'];

/**
 * Values for a JSON field: of every other type, empty, with a NUL, a string far longer than any field takes, and
 * numbers no count or amount field takes (beyond any integer column, negative, a fraction).
 */
const BAD_FIELDS: readonly unknown[] = [123, 'x', null, [], {}, true, '', 'a\u0000b', '9'.repeat(5000), 1e20, -1, 0.5];

/** Whole JSON bodies of another type than the route's, and one that is not JSON at all. */
const BAD_BODIES = ['[]', '"x"', '5', 'null', '{"cut short'];

type Variant = { label: string; request: InjectOptions };

/** The names a route's schema of `part` declares (a zod object, or one refined or piped), sent by the matrix or not. */
function declaredNames(route: RouteOptions | undefined, part: 'querystring' | 'body'): string[] {
  const schema = route?.schema?.[part] as
    | { shape?: Record<string, unknown>; def?: { in?: { shape?: Record<string, unknown> } } }
    | undefined;
  return Object.keys(schema?.shape ?? schema?.def?.in?.shape ?? {});
}

/**
 * The request with one path or query parameter of the route's pattern replaced by each bad value (every query
 * parameter its schema declares, sent or not), and with a query parameter it does not take.
 */
function parameterVariants(entry: MatrixEntry, request: InjectOptions, declared: readonly string[]): Variant[] {
  const [path = '', query] = String(request.url).split('?');
  const pattern = entry.route.split(' ')[1]?.split('/') ?? [];
  const segments = path.split('/');
  const variants: Variant[] = [];
  pattern.forEach((part, index) => {
    if (!part.startsWith(':')) return;
    for (const value of BAD_PARAMETERS) {
      const spoiled = segments.map((segment, at) => (at === index ? encodeURIComponent(value) : segment));
      variants.push({
        label: `${part} = ${JSON.stringify(value.slice(0, 20))}`,
        request: { ...request, url: `${spoiled.join('/')}${query === undefined ? '' : `?${query}`}` },
      });
    }
  });
  // A parameter the route does not take, which every route must ignore or refuse: with a NUL, refuse.
  const unexpected = new URLSearchParams(query);
  unexpected.set('unexpected', 'a\u0000b');
  variants.push({ label: '?unexpected = "a\\u0000b"', request: { ...request, url: `${path}?${unexpected}` } });
  for (const key of new Set([...new URLSearchParams(query).keys(), ...declared])) {
    for (const value of BAD_PARAMETERS) {
      const spoiled = new URLSearchParams(query);
      spoiled.set(key, value);
      variants.push({
        label: `?${key} = ${JSON.stringify(value.slice(0, 20))}`,
        request: { ...request, url: `${path}?${spoiled}` },
      });
    }
  }
  return variants;
}

/**
 * The request's JSON body replaced whole, and each of its fields (those it sends and those the route's schema declares)
 * or its one item replaced by each bad value.
 */
function bodyVariants(request: InjectOptions, declared: readonly string[]): Variant[] {
  const body = request.payload;
  const isJson = typeof body === 'object' && body !== null && !Buffer.isBuffer(body) && !('pipe' in body);
  if (!isJson) return [];
  const asJson = { ...request, headers: { ...request.headers, 'content-type': 'application/json' } };
  const variants: Variant[] = BAD_BODIES.map((text) => ({
    label: `body ${text}`,
    request: { ...asJson, payload: text },
  }));
  const fields = Array.isArray(body) ? [] : [...new Set([...Object.keys(body), ...declared])];
  for (const value of BAD_FIELDS) {
    const shown = JSON.stringify(value).slice(0, 20);
    if (Array.isArray(body)) variants.push({ label: `body [${shown}]`, request: { ...request, payload: [value] } });
    for (const field of fields) {
      variants.push({ label: `${field} = ${shown}`, request: { ...request, payload: { ...body, [field]: value } } });
    }
  }
  return variants;
}

/** Values for a text field of a multipart form: empty, any text, with a NUL, far too long, an unknown uuid. */
const BAD_FORM_FIELDS = ['', 'x', 'a\u0000b', 'x'.repeat(5000), '00000000-0000-4000-8000-000000000000'];

type FormPart = { name: string; fileName?: string; contentType?: string; bytes: Buffer };

/** The parts of a multipart body as `buildMultipart` writes it: a name, for a file its name and type, the bytes. */
function formParts(payload: Buffer, boundary: string): FormPart[] {
  const parts: FormPart[] = [];
  const delimiter = Buffer.from(`--${boundary}`);
  let at = payload.indexOf(delimiter);
  while (at !== -1) {
    const next = payload.indexOf(delimiter, at + delimiter.length);
    if (next === -1) break;
    const part = payload.subarray(at + delimiter.length + 2, next - 2);
    const headerEnd = part.indexOf('\r\n\r\n');
    const headers = part.subarray(0, headerEnd).toString('utf8');
    const name = /name="([^"]*)"/.exec(headers)?.[1] ?? '';
    const fileName = /filename="([^"]*)"/.exec(headers)?.[1];
    const contentType = /Content-Type: (.*)/i.exec(headers)?.[1];
    parts.push({ name, fileName, contentType, bytes: Buffer.from(part.subarray(headerEnd + 4)) });
    at = next;
  }
  return parts;
}

/** The request's multipart form with each text field, the file's name, or the file itself spoiled in turn. */
function formVariants(request: InjectOptions): Variant[] {
  const type = String((request.headers as Record<string, string> | undefined)?.['content-type'] ?? '');
  const boundary = /boundary=(.*)$/.exec(type)?.[1];
  if (!type.startsWith('multipart/form-data') || boundary === undefined || !Buffer.isBuffer(request.payload)) return [];
  const parts = formParts(request.payload, boundary);
  const rebuilt = (label: string, spoiled: FormPart[]): Variant => {
    const fields = Object.fromEntries(
      spoiled.filter((part) => part.fileName === undefined).map((part) => [part.name, part.bytes.toString('utf8')]),
    );
    const files = spoiled
      .filter((part) => part.fileName !== undefined)
      .map((part) => ({
        fieldName: part.name,
        fileName: part.fileName as string,
        contentType: part.contentType ?? 'application/octet-stream',
        bytes: part.bytes,
      }));
    const body = buildMultipart(fields, files);
    return { label, request: { ...request, payload: body.payload, headers: { ...request.headers, ...body.headers } } };
  };
  const variants: Variant[] = [];
  parts.forEach((part, index) => {
    const replaced = (changed: Partial<FormPart>) =>
      parts.map((each, at) => (at === index ? { ...each, ...changed } : each));
    if (part.fileName === undefined) {
      for (const value of BAD_FORM_FIELDS) {
        variants.push(
          rebuilt(`form ${part.name} = ${JSON.stringify(value.slice(0, 20))}`, replaced({ bytes: Buffer.from(value) })),
        );
      }
      return;
    }
    variants.push(
      rebuilt(
        'the file left out',
        parts.filter((_, at) => at !== index),
      ),
    );
    variants.push(rebuilt('an empty file', replaced({ bytes: Buffer.alloc(0) })));
    for (const fileName of ['a\u0000b.txt', `${'x'.repeat(1000)}.txt`, '../../etc/passwd']) {
      variants.push(rebuilt(`file name ${JSON.stringify(fileName.slice(0, 20))}`, replaced({ fileName })));
    }
  });
  variants.push(rebuilt('an unexpected field', [{ name: 'unexpected', bytes: Buffer.from('a\u0000b') }, ...parts]));
  return variants;
}

/** What is wrong with an answer to bad input, or null when it is a success or a 4xx in the API's error format. */
function faultOf(statusCode: number, body: string, tolerated: number): string | null {
  if (statusCode < 400 || statusCode === tolerated) return null;
  if (statusCode >= 500) return `${statusCode} ${body.slice(0, 160)}`;
  let error: ReturnType<typeof apiErrorSchema.safeParse>;
  try {
    error = apiErrorSchema.safeParse(JSON.parse(body));
  } catch {
    return `${statusCode} without a JSON body`;
  }
  if (!error.success) return `${statusCode} not in the error format: ${body.slice(0, 160)}`;
  if (error.data.code !== 'validation_error') return null;
  const details = error.data.details;
  const namesFields =
    Array.isArray(details) && details.length > 0 && details.every((detail) => typeof detail?.field === 'string');
  return namesFields ? null : `validation_error without the fields: ${body.slice(0, 160)}`;
}

forEachDatabase('bad input', (context) => {
  const callers = useMatrixCallers(context);

  it('names the field holding U+0000 and keeps what was stored', async () => {
    const rename = AUTHORIZATION_MATRIX.find((entry) => entry.route === 'PATCH /api/v1/User/:id');
    if (!rename) throw new Error('no entry for renaming the caller');
    const request = await callers.requestOf(rename, 'member');
    const lastName = async () =>
      (await callers.app.inject({ method: 'GET', url: apiPaths.userMe, headers: request.headers })).json().lastName;
    const before = await lastName();
    const refused = await callers.app.inject({ ...request, payload: { lastName: 'Null\u0000Byte' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      code: 'validation_error',
      message: 'The request is invalid.',
      details: [{ field: 'lastName', code: 'invalidCharacter', message: 'must not contain the character U+0000' }],
    });
    expect(await lastName()).toBe(before);
  });

  /** The route as the app registered it, with its schemas. */
  const routeOf = (entry: MatrixEntry) =>
    callers.registeredRoutes.find((route) => routeNames(route).includes(entry.route));

  for (const entry of AUTHORIZATION_MATRIX) {
    const caller: Caller = entry.scope === 'admin' ? 'admin' : 'member';
    // An outcome the matrix documents for this caller (a service the test app does not configure) stays tolerated.
    const tolerated = entry.expected[caller] ?? 0;
    it(`${entry.route}: a 4xx in the error format, never a 5xx`, async () => {
      const variants = [
        ...parameterVariants(
          entry,
          await callers.requestOf(entry, caller),
          declaredNames(routeOf(entry), 'querystring'),
        ),
        ...bodyVariants(await callers.requestOf(entry, caller), declaredNames(routeOf(entry), 'body')),
        ...formVariants(await callers.requestOf(entry, caller)),
      ];
      const faults: string[] = [];
      for (const variant of variants) {
        // Each spoiled request with a token of its own, as `requestOf` issues: a route may revoke the one it is sent with.
        const { authorization } = (await callers.requestOf(entry, caller)).headers ?? {};
        const response = await callers.app.inject({
          ...variant.request,
          headers: { ...variant.request.headers, ...(authorization === undefined ? {} : { authorization }) },
        });
        const fault = faultOf(response.statusCode, response.body, tolerated);
        if (fault) faults.push(`${variant.label}: ${fault}`);
      }
      expect(faults).toEqual([]);
    });
  }
});
