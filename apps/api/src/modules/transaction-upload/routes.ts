import multipart from '@fastify/multipart';
import {
  apiErrorSchema,
  columnMappingNameSchema,
  saveColumnMappingRequestSchema,
  savedColumnMappingListSchema,
  savedColumnMappingSchema,
  transactionUploadFieldsSchema,
  transactionUploadListSchema,
  transactionUploadSchema,
  uploadProblemPageSchema,
  uploadProblemsQuerySchema,
} from '@vatlas/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { requireAuth } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import { guard } from '../../plugins/route-guard';
import { contentDisposition } from '../documents/service';
import type { FileStorage } from '../storage/file-storage';
import type { TaxPositionRecomputer } from './import-job';
import type { ImportWorker } from './import-worker';
import { type ReceivingUpload, startReceivingUpload } from './receiving-upload';
import {
  cancelUpload,
  confirmUpload,
  deleteUpload,
  getMapping,
  getProblemPage,
  getUpload,
  listMappings,
  listUploads,
  queueUpload,
  removeMapping,
  renderProblemsCsv,
  rerunUpload,
  type StoredFile,
  saveMapping,
  storeFileStream,
  toSafeUploadName,
} from './service';

/** Fastify patterns of the parameterised paths of `apiPaths`. */
export const TRANSACTION_UPLOAD_ROUTE_PATTERNS = {
  uploads: '/api/v1/TransactionUpload/:companyId',
  upload: '/api/v1/TransactionUpload/:companyId/:uploadId',
  cancel: '/api/v1/TransactionUpload/:companyId/:uploadId/Cancel',
  confirm: '/api/v1/TransactionUpload/:companyId/:uploadId/Confirm',
  rerun: '/api/v1/TransactionUpload/:companyId/:uploadId/Rerun',
  problems: '/api/v1/TransactionUpload/:companyId/:uploadId/Problems',
  problemsCsv: '/api/v1/TransactionUpload/:companyId/:uploadId/Problems.csv',
  columnMappings: '/api/v1/TransactionUpload/:companyId/ColumnMappings',
  columnMapping: '/api/v1/TransactionUpload/:companyId/ColumnMappings/:mapping',
} as const;

const companyParams = z.object({ companyId: z.string().describe('The company id (uuid)') });
const uploadParams = companyParams.extend({ uploadId: z.string().describe('The upload id (uuid)') });
const mappingParams = companyParams.extend({
  mapping: z.string().describe('The column mapping: its name, or its id (uuid)'),
});

export type TransactionUploadRouteDeps = {
  db: Db;
  storage: FileStorage;
  recomputeTaxPosition: TaxPositionRecomputer;
  maxFileBytes: number;
  /** Tells the in-process worker that a job is waiting. */
  onUploadQueued?: () => void;
  /** The in-process worker's start of an import while its file arrives (decision 023); none without one. */
  importWhileReceiving?: ImportWorker['importWhileReceiving'];
  /** When a job's heartbeat counts as stale (the worker's setting). */
  staleAfterSeconds: number;
};

const oneFileOnly = () =>
  new HttpError(400, 'validation_error', 'Send one file per upload.', [
    { field: 'file', message: 'only one file per upload' },
  ]);

const parseUploadFields = (fields: Record<string, string>) =>
  transactionUploadFieldsSchema.safeParse({
    format: fields.format,
    ...(fields.dataPeriodId ? { dataPeriodId: fields.dataPeriodId } : {}),
    ...(fields.columnMappingId ? { columnMappingId: fields.columnMappingId } : {}),
    ...(fields.mode ? { mode: fields.mode } : {}),
  });

/**
 * Reads the multipart body, streaming the one file into storage as it arrives (never buffered, whatever its
 * size). The fields may come before or after the file; anything refused afterwards deletes the stored file. With the
 * fields before a large file, its import may start as it arrives (`startReceivingUpload`).
 */
async function receiveUpload(
  request: FastifyRequest,
  deps: TransactionUploadRouteDeps,
  uploader: { companyId: string; userId: string },
) {
  if (!request.isMultipart()) {
    throw new HttpError(400, 'validation_error', 'Send the file as multipart/form-data.', [
      { field: 'file', message: 'is required (multipart/form-data with one file)' },
    ]);
  }
  const fields: Record<string, string> = {};
  let file: { fileName: string; stored: StoredFile; isTruncated: boolean; receiving?: ReceivingUpload } | null = null;
  const discard = async () => {
    if (file?.receiving) await file.receiving.abandon({ isFileKept: false }).catch(() => undefined);
    else if (file) await deps.storage.delete(file.stored.storageKey).catch(() => undefined);
  };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (file) throw oneFileOnly();
        const fileName = toSafeUploadName(part.filename);
        const fieldsSoFar = parseUploadFields(fields);
        const receiving = await startReceivingUpload(deps, {
          ...uploader,
          fields: fieldsSoFar.success ? fieldsSoFar.data : undefined,
          fileName,
          requestBytes: Number(request.headers['content-length']),
        });
        // A client gone mid-file would leave the file's stream waiting for ever: its store fails instead.
        const cutOff = new AbortController();
        const failIfCutOff = () => {
          if (request.raw.complete) return;
          const error = new Error('the request ended before the whole file arrived');
          part.file.destroy(error);
          cutOff.abort(error);
        };
        request.raw.once('close', failIfCutOff);
        try {
          // A failed store has deleted what it wrote, and stopped the import with what it stored.
          const stored = receiving
            ? await receiving.store(part.file, cutOff.signal)
            : await storeFileStream(deps.storage, part.file, cutOff.signal);
          file = { fileName, stored, isTruncated: part.file.truncated, ...(receiving && { receiving }) };
        } finally {
          request.raw.off('close', failIfCutOff);
        }
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
    if (file?.isTruncated) throw Object.assign(new Error('file too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
  } catch (error) {
    await discard();
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      const gib = Math.round((deps.maxFileBytes / 1024 ** 3) * 100) / 100;
      throw new HttpError(413, 'file_too_large', `The file is larger than ${gib} GiB. Split it by month.`, [
        { field: 'file', message: `must be at most ${deps.maxFileBytes} bytes` },
      ]);
    }
    if (code === 'FST_FILES_LIMIT') throw oneFileOnly();
    throw error;
  }
  const parsed = parseUploadFields(fields);
  const details = parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({ field: issue.path.join('.') || 'request', message: issue.message }));
  if (!file) details.push({ field: 'file', message: 'is required' });
  if (!parsed.success || !file || details.length > 0) {
    await discard();
    throw new HttpError(400, 'validation_error', 'The request is invalid.', details);
  }
  return { fields: parsed.data, file };
}

export async function registerTransactionUploadRoutes(app: FastifyInstance, deps: TransactionUploadRouteDeps) {
  // Its own scope: only the upload accepts multipart bodies.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: deps.maxFileBytes, files: 1, fields: 10, parts: 12, fieldSize: 1024 },
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      TRANSACTION_UPLOAD_ROUTE_PATTERNS.uploads,
      {
        config: guard('company'),
        schema: {
          tags: ['Transaction upload'],
          summary: 'Upload a transaction file for import (multipart/form-data)',
          description:
            'Fields: `format` (`amazon-vtr`, `shopify-orders`, `ebay-orders`, `etsy-orders` or `generic-csv`), optional `dataPeriodId` (a data ' +
            'period of this company), `columnMappingId` (a saved column mapping; required for `generic-csv`) and one ' +
            '`file`, and optional `mode`: `validate` reads and checks the file first (status `validating`, then ' +
            '`validated` with its problems and counts, no transaction stored) and waits for `POST …/Confirm`; without ' +
            'it the file is imported at once. The file is stored and queued: 202 answers the upload with status `queued`; or, ' +
            'when the fields come before a large file, its import starts as the file arrives and 202 answers it as it ' +
            'stands then (`processing`, or already ended). Poll it for progress. Its rows count only once it is `completed`. 409 `duplicate_file` when the same file (sha256) ' +
            'is queued, importing or imported already (`details.uploadId` names it); 413 `file_too_large`.',
          consumes: ['multipart/form-data'],
          params: companyParams,
          response: {
            202: transactionUploadSchema,
            400: apiErrorSchema,
            401: apiErrorSchema,
            403: apiErrorSchema,
            404: apiErrorSchema,
            409: apiErrorSchema,
            413: apiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const uploader = { companyId: request.params.companyId, userId: requireAuth(request).user.id };
        const { fields, file } = await receiveUpload(request, deps, uploader);
        if (file.receiving?.isStartedWith(fields))
          return reply.status(202).send(await file.receiving.complete(file.stored));
        // Fields sent after the file changed what the import started with: the file goes the usual way.
        await file.receiving?.abandon({ isFileKept: true });
        const upload = await queueUpload(deps, {
          ...uploader,
          fields,
          fileName: file.fileName,
          file: file.stored,
        });
        deps.onUploadQueued?.();
        return reply.status(202).send(upload);
      },
    );
  });

  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Transaction upload'];

  typed.get(
    TRANSACTION_UPLOAD_ROUTE_PATTERNS.uploads,
    {
      config: guard('company'),
      schema: {
        tags,
        summary: "The company's uploads, newest first",
        params: companyParams,
        response: { 200: transactionUploadListSchema },
      },
    },
    async (request) => listUploads(deps.db, request.params.companyId),
  );

  typed.get(
    TRANSACTION_UPLOAD_ROUTE_PATTERNS.columnMappings,
    {
      config: guard('company'),
      schema: {
        tags,
        summary: "The company's saved column mappings for generic CSV files",
        params: companyParams,
        response: { 200: savedColumnMappingListSchema },
      },
    },
    async (request) => listMappings(deps.db, request.params.companyId),
  );

  typed.get(
    TRANSACTION_UPLOAD_ROUTE_PATTERNS.columnMapping,
    {
      config: guard('company'),
      schema: {
        tags,
        summary: 'One saved column mapping, by name or id',
        params: mappingParams,
        response: { 200: savedColumnMappingSchema, 404: apiErrorSchema },
      },
    },
    async (request) => getMapping(deps.db, request.params.companyId, request.params.mapping),
  );

  typed.put(
    TRANSACTION_UPLOAD_ROUTE_PATTERNS.columnMapping,
    {
      config: guard('company'),
      schema: {
        tags,
        summary: 'Save a column mapping under a name (created or replaced)',
        description: 'Uploads copy the mapping they use, so changing it later does not change past imports.',
        params: companyParams.extend({ mapping: columnMappingNameSchema.describe('The name of the mapping') }),
        body: saveColumnMappingRequestSchema,
        response: { 200: savedColumnMappingSchema },
      },
    },
    async (request) => saveMapping(deps.db, request.params.companyId, request.params.mapping, request.body.mapping),
  );

  typed.delete(
    TRANSACTION_UPLOAD_ROUTE_PATTERNS.columnMapping,
    {
      config: guard('company'),
      schema: {
        tags,
        summary: 'Delete a saved column mapping, by name or id',
        params: mappingParams,
        response: { 204: z.null().describe('Deleted'), 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await removeMapping(deps.db, request.params.companyId, request.params.mapping);
      return reply.status(204).send(null);
    },
  );

  typed.get(
    TRANSACTION_UPLOAD_ROUTE_PATTERNS.upload,
    {
      config: guard('company'),
      schema: {
        tags,
        summary: 'One upload: status, progress, row counts, problem count, error',
        params: uploadParams,
        response: { 200: transactionUploadSchema, 404: apiErrorSchema },
      },
    },
    async (request) => getUpload(deps.db, request.params.companyId, request.params.uploadId),
  );

  typed.post(
    TRANSACTION_UPLOAD_ROUTE_PATTERNS.cancel,
    {
      config: guard('company'),
      schema: {
        tags,
        summary: 'Cancel an import',
        description:
          'A queued upload is cancelled at once; a running import stops after its current batch and keeps no ' +
          'rows (`isCancelRequested` until then). 409 `upload_not_cancellable` once it has ended.',
        params: uploadParams,
        response: { 200: transactionUploadSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => cancelUpload(deps.db, request.params.companyId, request.params.uploadId),
  );

  typed.post(
    TRANSACTION_UPLOAD_ROUTE_PATTERNS.confirm,
    {
      config: guard('company'),
      schema: {
        tags,
        summary: 'Import a validated upload',
        description:
          'Queues a `validated` upload for import from the file stored at validation (no second transfer). 409 ' +
          '`upload_has_problems` when its validation found problems, `upload_not_validated` in any other status.',
        params: uploadParams,
        response: { 200: transactionUploadSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const upload = await confirmUpload(deps.db, request.params.companyId, request.params.uploadId);
      deps.onUploadQueued?.();
      return upload;
    },
  );

  typed.post(
    TRANSACTION_UPLOAD_ROUTE_PATTERNS.rerun,
    {
      config: guard('company'),
      schema: {
        tags,
        summary: 'Import a failed or cancelled upload again',
        description:
          'Queues the upload again from its stored file; its counts, error and problems are reset. 409 ' +
          '`upload_not_rerunnable` in any other status, `duplicate_file` when the same file was uploaded again meanwhile.',
        params: uploadParams,
        response: { 200: transactionUploadSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const upload = await rerunUpload(deps.db, request.params.companyId, request.params.uploadId);
      deps.onUploadQueued?.();
      return upload;
    },
  );

  typed.delete(
    TRANSACTION_UPLOAD_ROUTE_PATTERNS.upload,
    {
      config: guard('company'),
      schema: {
        tags,
        summary: 'Delete an upload with its transactions, problems and file',
        description:
          'The tax position is recomputed without its rows. 409 `upload_processing` while it is importing or ' +
          'being validated.',
        params: uploadParams,
        response: { 204: z.null().describe('Deleted'), 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await deleteUpload(deps, request.params.companyId, request.params.uploadId, request.log);
      return reply.status(204).send(null);
    },
  );

  typed.get(
    TRANSACTION_UPLOAD_ROUTE_PATTERNS.problems,
    {
      config: guard('company'),
      schema: {
        tags,
        summary: "The upload's row problems (line, column, code, message), a page at a time",
        params: uploadParams,
        querystring: uploadProblemsQuerySchema,
        response: { 200: uploadProblemPageSchema, 404: apiErrorSchema },
      },
    },
    async (request) => getProblemPage(deps.db, request.params.companyId, request.params.uploadId, request.query),
  );

  typed.get(
    TRANSACTION_UPLOAD_ROUTE_PATTERNS.problemsCsv,
    {
      config: guard('company'),
      schema: {
        tags,
        summary: "Download the upload's row problems as CSV",
        produces: ['text/csv', 'application/json'],
        params: uploadParams,
        response: { 200: z.string().describe('CSV: line,column,code,message'), 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { fileName, csv } = await renderProblemsCsv(deps.db, request.params.companyId, request.params.uploadId);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(fileName))
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );
}
