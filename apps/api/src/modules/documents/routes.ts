import multipart from '@fastify/multipart';
import {
  apiErrorSchema,
  documentChecklistSchema,
  documentListSchema,
  documentSchema,
  documentUploadFieldsSchema,
  MAX_DOCUMENT_BYTES,
} from '@vatlas/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { requireAuth } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import { guard } from '../../plugins/route-guard';
import type { FileStorage } from '../storage/file-storage';
import { getDocumentChecklist } from './checklist';
import { contentDisposition, deleteDocument, listDocuments, openDocument, uploadDocument } from './service';

/** Fastify patterns of the parameterised paths of `apiPaths`. */
export const DOCUMENT_ROUTE_PATTERNS = {
  documents: '/api/v1/Company/:companyId/Documents',
  document: '/api/v1/Company/:companyId/Documents/:documentId',
  documentContent: '/api/v1/Company/:companyId/Documents/:documentId/Content',
  checklist: '/api/v1/Company/:companyId/Documents/Checklist',
} as const;

const companyParams = z.object({ companyId: z.string().describe('The company id (uuid)') });
const documentParams = companyParams.extend({ documentId: z.string().describe('The document id (uuid)') });
const MAX_MIB = MAX_DOCUMENT_BYTES / 1024 / 1024;

const fileTooLarge = () =>
  new HttpError(413, 'file_too_large', `The file is larger than ${MAX_MIB} MiB. Upload a smaller scan or PDF.`, [
    { field: 'file', message: `must be at most ${MAX_MIB} MiB` },
  ]);

/** Reads the multipart body: the text fields and exactly one file, buffered (≤ 10 MiB) for sniffing and hashing. */
async function readUpload(request: FastifyRequest) {
  if (!request.isMultipart()) {
    throw new HttpError(400, 'validation_error', 'Send the document as multipart/form-data.', [
      { field: 'file', message: 'is required (multipart/form-data with one file)' },
    ]);
  }
  const fields: Record<string, string> = {};
  let file: { fileName: string; bytes: Buffer } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (file) {
          throw new HttpError(400, 'validation_error', 'Send one file per upload.', [
            { field: 'file', message: 'only one file per upload' },
          ]);
        }
        file = { fileName: part.filename, bytes: await part.toBuffer() };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge();
    if (code === 'FST_FILES_LIMIT') {
      throw new HttpError(400, 'validation_error', 'Send one file per upload.', [
        { field: 'file', message: 'only one file per upload' },
      ]);
    }
    throw error;
  }
  const parsed = documentUploadFieldsSchema.safeParse({
    documentType: fields.documentType,
    ...(fields.countryCode ? { countryCode: fields.countryCode } : {}),
  });
  const details = parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({ field: issue.path.join('.') || 'request', message: issue.message }));
  if (!file || file.bytes.length === 0) details.push({ field: 'file', message: 'is required' });
  if (!parsed.success || !file || details.length > 0) {
    throw new HttpError(400, 'validation_error', 'The request is invalid.', details);
  }
  return { fields: parsed.data, file };
}

export async function registerDocumentRoutes(app: FastifyInstance, deps: { db: Db; storage: FileStorage }) {
  // Its own scope: only these routes accept multipart bodies.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 10, parts: 12, fieldSize: 1024 },
    });
    const typed = scope.withTypeProvider<ZodTypeProvider>();

    typed.post(
      DOCUMENT_ROUTE_PATTERNS.documents,
      {
        config: guard('company'),
        schema: {
          tags: ['Documents'],
          summary: 'Upload a document (multipart/form-data)',
          description:
            'Fields: `documentType` (one of the document types), optional `countryCode` (the jurisdiction it is ' +
            `for; none means every jurisdiction) and one \`file\` of at most ${MAX_MIB} MiB. PDF, PNG and JPEG are ` +
            'accepted, detected from the content: the name and the declared type are ignored, and the stored name ' +
            'gets the extension of the real type. Answers the stored document with its size and sha256. 400 names ' +
            'the field (`file`, `documentType`, `countryCode`); 413 `file_too_large` above the limit.',
          consumes: ['multipart/form-data'],
          params: companyParams,
          response: {
            201: documentSchema,
            400: apiErrorSchema,
            401: apiErrorSchema,
            403: apiErrorSchema,
            413: apiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const { fields, file } = await readUpload(request);
        const stored = await uploadDocument(deps, {
          companyId: request.params.companyId,
          userId: requireAuth(request).user.id,
          fields,
          fileName: file.fileName,
          bytes: file.bytes,
        });
        return reply.status(201).send(stored);
      },
    );
  });

  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    DOCUMENT_ROUTE_PATTERNS.documents,
    {
      config: guard('company'),
      schema: {
        tags: ['Documents'],
        summary: "The company's documents, newest first",
        params: companyParams,
        response: { 200: documentListSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => listDocuments(deps.db, request.params.companyId),
  );

  typed.get(
    DOCUMENT_ROUTE_PATTERNS.checklist,
    {
      config: guard('company'),
      schema: {
        tags: ['Documents'],
        summary: 'Required documents per selected jurisdiction, and which are there',
        description:
          "Per selected jurisdiction the documents its registration needs (the country rules' list for this seller, " +
          'with the research source keys of country-specific ones); an upload without a country counts for every ' +
          'jurisdiction; the power of attorney counts when signed.',
        params: companyParams,
        response: { 200: documentChecklistSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => getDocumentChecklist(deps.db, request.params.companyId),
  );

  typed.get(
    DOCUMENT_ROUTE_PATTERNS.documentContent,
    {
      config: guard('company'),
      schema: {
        tags: ['Documents'],
        summary: 'Download a document',
        description: 'The stored bytes with their detected Content-Type and an attachment Content-Disposition.',
        produces: ['application/pdf', 'image/png', 'image/jpeg', 'application/json'],
        params: documentParams,
        response: {
          200: z.any().describe('The file (binary)'),
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { document, content } = await openDocument(deps, {
        companyId: request.params.companyId,
        documentId: request.params.documentId,
        userId: requireAuth(request).user.id,
      });
      return reply
        .header('content-type', document.contentType)
        .header('content-length', String(document.sizeBytes))
        .header('content-disposition', contentDisposition(document.fileName))
        .header('cache-control', 'private, no-store')
        .send(content);
    },
  );

  typed.delete(
    DOCUMENT_ROUTE_PATTERNS.document,
    {
      config: guard('company'),
      schema: {
        tags: ['Documents'],
        summary: 'Delete a document and its file',
        params: documentParams,
        response: {
          204: z.null().describe('Deleted'),
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      await deleteDocument(deps, request.params.companyId, request.params.documentId);
      return reply.status(204).send(null);
    },
  );
}
